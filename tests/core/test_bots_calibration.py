"""Calibrated chances: the table that turns the `hard` search's raw figure into a chance to win, and a smoke
run of the script that measures it (bench/calibration.py) on a few small games."""

from __future__ import annotations

import pytest
from helpers import bench_script

from citadels_core.bots.calibration import HINT_TABLE, calibrated

GRID = [i / 200 for i in range(-10, 211)]  # a little beyond [0, 1] too: a raw figure is never trusted blindly


def test_the_mapping_is_monotone_and_a_chance():
    shown = [calibrated(x) for x in GRID]
    assert all(0.0 <= c <= 1.0 for c in shown)
    assert all(a <= b for a, b in zip(shown, shown[1:], strict=False))
    assert calibrated(0.0) == 0.0 and calibrated(1.0) == 1.0  # lost or won in every playout


def test_the_table_is_fitted():
    """Breakpoints in order, chances in order, and not the identity: the raw figures are not chances
    (bench/calibration.py report)."""
    table = HINT_TABLE
    xs, ys = [x for x, _ in table], [y for _, y in table]
    assert xs == sorted(xs) and len(set(xs)) == len(xs) and ys == sorted(ys)
    assert all(0 <= v <= 1 for v in xs + ys)
    assert any(abs(y - x) > 0.05 for x, y in table)


def test_pool_adjacent_violators_gives_a_monotone_fit():
    cal = bench_script("calibration")
    pts = [(0.1, 1.0), (0.2, 0.0), (0.3, 0.0), (0.4, 1.0), (0.5, 0.0), (0.6, 1.0), (0.7, 1.0)]
    blocks = cal.isotonic(pts)
    ys = [y for _, y, _ in blocks]
    assert ys == sorted(ys) and sum(c for _, _, c in blocks) == len(pts)
    merged = cal.merge_small(blocks, 3)
    assert all(c >= 3 for _, _, c in merged) and sum(c for _, _, c in merged) == len(pts)
    assert [y for _, y, _ in merged] == sorted(y for _, y, _ in merged)


def test_the_measuring_script_runs_on_a_small_sample(tmp_path, capsys):
    """Two small games (2 players 2016, 3 players) with a tiny budget: records, a fit and a report."""
    cal = bench_script("calibration")
    recs = cal.play_one((1000, 0, 6)) + cal.play_one((1000, 1, 6))
    assert len(recs) >= 10
    assert {r["players"] for r in recs} == {2, 3}
    for r in recs:
        assert 0 <= r["shown"] <= 1 and r["won"] in (0.0, 0.5, 1.0) and r["budget"] == 6
    # Exactly one seat per game searched; its share of the win is the same on all its decisions.
    assert len({(r["seed"], r["won"]) for r in recs}) == 2
    ys = [y for _, y in cal.fit(recs, least=3)]
    assert ys == sorted(ys) and all(0 <= y <= 1 for y in ys)
    data = tmp_path / "d.jsonl"
    data.write_text("".join(cal.json.dumps(r) + "\n" for r in recs))
    with pytest.raises(SystemExit):
        cal.main(["report", str(data), "--by-players"])
    out = capsys.readouterr().out
    assert "raw (what the hint showed)" in out and "calibrated, 3 players" in out and "ECE" in out
    assert "observed 95% (by games)" in out
    assert "|" in out  # the reliability diagram's marks
    cal.main(["fit", str(data), "--least", "3"])
    out = capsys.readouterr().out
    assert "HINT_TABLE" in out
    cal.main(
        ["compare", str(data), "--held", str(data), "--least", "3", "--splits", "pooled", "2 players apart"]
    )
    out = capsys.readouterr().out
    assert "pooled, isotonic, blocks >= 3" in out and "2 players apart, logistic" in out
    assert out.count("cross-validated on the fit games: ECE") == 6  # raw, shipped, 2 splits x 2 methods


def test_the_review_s_chance_can_be_recorded_beside_the_hint_s(tmp_path, capsys):
    """With a review budget each record also carries what the review shows for that decision (its chance
    before and after the action taken, and their raw figures), and the game and its decisions are the same
    as without it; `report` checks the review's chances too."""
    cal = bench_script("calibration")
    plain = cal.play_one((1000, 0, 6))
    reviewed = cal.play_one((1000, 0, 6, 10))
    assert [{k: v for k, v in r.items() if not k.startswith("review")} for r in reviewed] == plain
    for r in reviewed:
        assert 0 <= r["review_after"] <= r["review"] <= 1
        assert r["review"] == round(calibrated(r["review_raw"]), 3)
        if r["review_same"]:
            assert r["review_after"] == r["review"] and r["review_raw_after"] == r["review_raw"]
    data = tmp_path / "r.jsonl"
    data.write_text("".join(cal.json.dumps(r) + "\n" for r in reviewed))
    with pytest.raises(SystemExit):
        cal.main(["report", str(data)])
    out = capsys.readouterr().out
    assert "the review's chance after the action taken (what it shows)" in out
    assert "the review's before, where its choice is the one taken" in out


def test_a_logistic_fit_is_a_monotone_table_that_follows_the_outcomes():
    """Platt scaling on figures that overstate the chance (a raw 0.8 wins half the time): its table lowers
    them, keeps their order and stays a chance."""
    cal = bench_script("calibration")
    recs = [{"shown": x, "won": w} for x in (0.2, 0.5, 0.8) for w in ([0.0] * 9 + [1.0] * (1 + int(x * 10)))]
    table = cal.fit(recs, method="logistic")
    ys = [y for _, y in table]
    assert ys == sorted(ys) and all(0 < y < 1 for y in ys)
    assert cal.read_table(table, 0.8) < 0.7


def test_a_groups_interval_counts_games_not_decisions():
    """Forty decisions of two games (one won, one lost) tell about as much as two results: a wide interval;
    forty decisions of forty games, half won, a much narrower one."""
    cal = bench_script("calibration")
    two_games = [(0.5, 1.0, 1)] * 20 + [(0.5, 0.0, 2)] * 20
    many_games = [(0.5, float(i % 2), i) for i in range(40)]
    lo2, hi2, g2 = cal.game_interval(two_games)
    lo40, hi40, g40 = cal.game_interval(many_games)
    assert (g2, g40) == (2, 40)
    assert lo2 <= 0.5 <= hi2 and lo40 <= 0.5 <= hi40
    assert hi2 - lo2 > 2 * (hi40 - lo40)


def test_the_hint_and_the_review_search_with_the_budget_the_table_was_fitted_at():
    """`hard` plays with a larger budget than the calibration's: the hint (the app's and the engine's) and
    the review must keep to the fitted one, or the chances they show would not be the ones measured."""
    import inspect

    from citadels_core.bots import make_bot
    from citadels_core.bots.calibration import FITTED_BUDGET
    from citadels_core.bots.hint import hint
    from citadels_core.bots.search import DEFAULT_ITERATIONS, SearchBot
    from citadels_core.bots.turning_points import DEFAULT_BUDGET
    from citadels_tui.searches import HINT_PLAYOUTS

    assert inspect.signature(hint).parameters["budget"].default == FITTED_BUDGET
    assert DEFAULT_BUDGET == HINT_PLAYOUTS == FITTED_BUDGET
    hard = make_bot("hard")
    assert isinstance(hard, SearchBot) and hard.iterations == DEFAULT_ITERATIONS > FITTED_BUDGET
