"""Tournaments (core/tournament.py, `citadels tournament`): Wilson intervals, seat rotation, a tiny run, and
docs/examples/normal_bot.py as a `cmd:` bot."""

import json
import sys
from pathlib import Path

import pytest

from citadels_core import GameConfig
from citadels_core.tournament import schedule, tournament, wilson
from citadels_server.cli import main


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)
    lo, hi = wilson(81, 100)
    assert lo == pytest.approx(0.7222, abs=1e-4) and hi == pytest.approx(0.8749, abs=1e-4)


def test_wilson_interval_narrows_with_more_games_and_handles_no_games():
    assert wilson(0, 0) == (0.0, 1.0)
    a, b = wilson(40, 100), wilson(400, 1000)
    assert a[0] < b[0] < 0.4 < b[1] < a[1]


def test_schedule_rotates_every_seed_through_every_seat():
    games = schedule(3, 6, 10, ["a", "b", "c"])
    assert [s for s, _ in games] == [10, 10, 10, 11, 11, 11]
    for seat in range(3):
        assert sorted(seats[seat] for _, seats in games[:3]) == ["a", "b", "c"]


def test_tiny_tournament_is_the_same_in_one_process_or_two():
    cfg = GameConfig.create(3)
    one = tournament(cfg, 6, 5, ["normal", "random", "easy"], workers=1).to_json()
    two = tournament(cfg, 6, 5, ["normal", "random", "easy"], workers=2).to_json()
    assert one == two
    assert one["finished"] == 6 and not one["errors"]
    by = one["by_bot"]
    assert sum(b["wins"] for b in by.values()) == pytest.approx(6)
    assert all(b["seats"] == 6 for b in by.values())
    assert sum(b["mean_rank"] for b in by.values()) == pytest.approx(1 + 2 + 3)


def test_cli_tournament_prints_one_json_object_with_a_progress_bar_on_stderr(capsys):
    assert (
        main(
            [
                "tournament",
                "--players",
                "2",
                "--games",
                "2",
                "--bots",
                "hard,random",
                "--budget",
                "3",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert set(data["by_bot"]) == {"hard:3", "random"}
    assert data["by_bot"]["hard:3"]["seats"] == 2
    lo, hi = data["by_bot"]["random"]["wilson95"]
    assert 0 <= lo <= data["by_bot"]["random"]["win_rate"] <= hi <= 1
    assert "2/2 games" in err


def test_cli_tournament_refuses_unknown_bots_and_wrong_counts(capsys):
    assert main(["tournament", "--players", "3", "--bots", "normal,random"]) == 2
    assert main(["tournament", "--players", "2", "--bots", "normal,genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_cli_tournament_plays_the_normal_example_through_a_pipe(capsys):
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "normal_bot.py"
    bot = f"cmd:{sys.executable} {example}"
    argv = ["tournament", "--players", "4", "--games", "4", "--workers", "1", "--json"]
    assert main([*argv, "--bots", f"{bot},normal,easy,random"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] == 4 and not data["errors"]
    assert data["by_bot"][bot]["seats"] == 4
