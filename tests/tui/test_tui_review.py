"""The end of the game: the end screen closes onto the final board and opens again; the game's review
(timeline, score chart, turning points) shows only what the reviewing seat may know; `citadels review`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import game_result, recorded_events
from pilots import pause_until, table_of, there, until_screen
from sessions import session_info
from textual.widgets import Button
from textual_plotext import PlotextPlot
from tui_states import finished_record

from citadels_core import Game
from citadels_core.record import GameRecord
from citadels_server.cli import main
from citadels_server.cli_replay import load_finished_game
from citadels_server.hub import Hub
from citadels_tui.app import LAST_GAME, CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.components.review_screen import ReviewScreen
from citadels_tui.components.turning_points import TurningPointsPane
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.names import char_name
from citadels_tui.review import known_events, score_history, timeline
from citadels_tui.review_app import ReviewApp
from citadels_tui.saves import save_target

SIZE = (100, 30)
BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}


async def _finished_game(app: CitadelsApp, pilot) -> None:
    app.start(finished_record(), BOTS, save_target(app.home))
    await until_screen(pilot, EndScreen)


async def test_esc_on_the_end_screen_shows_the_board_and_the_key_or_command_opens_it_again(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await _finished_game(app, pilot)
        await pilot.press("escape")
        await until_screen(pilot, GameScreen)
        assert app.is_running and app.return_value is None  # Esc never quits
        await pilot.press("f7")
        await until_screen(pilot, EndScreen)
        await pilot.press("escape")
        await until_screen(pilot, GameScreen)
        await pilot.press(*"results", "enter")
        await until_screen(pilot, EndScreen)
        await pilot.press("escape")
        await until_screen(pilot, GameScreen)
        await pilot.press(*"end", "enter")  # once the game is over, "end" is its end screen
        await until_screen(pilot, EndScreen)
        app.saver.flush()
        kept = there(app.save_path, "the save path").with_name(LAST_GAME)
        assert GameRecord.loads(kept.read_text(encoding="utf-8")).replay(record_events=False).over
        await pilot.press("q")  # quitting asks nothing
    assert app.return_value == 0


async def test_the_review_opens_from_the_end_screen_with_its_timeline_and_chart(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await _finished_game(app, pilot)
        end = app.screen
        assert end.query_one("#review", Button)
        await pilot.press("r")
        review = await until_screen(pilot, ReviewScreen)
        rounds = table_of(app).game.round
        assert len(review.query(".review-round")) == rounds
        assert "Round 1" in str(review.query_one("#round-1").render())
        assert len(review.scores) == rounds
        assert review.scores[-1] == [s["total"] for s in game_result(table_of(app).game)["scores"]]
        await pilot.press("s")
        await pilot.pause()
        assert review.query_one(PlotextPlot).display
        legend = str(review.query_one("#review-legend").render())
        for name in table_of(app).config.names[1:]:
            assert name in legend  # each player by name and marker, readable without colour
        assert "* you" in legend
        assert review.query_one(TurningPointsPane)
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is end, "the end screen back", 400, paused=True)
        assert app.is_running


def test_the_timeline_reveals_nothing_hidden():
    rec = finished_record()
    seat = 0
    full = rec.replay()
    # What the whole game knows: every choice, every face-down discard.
    chosen: dict[int, set[tuple[str, int]]] = {}
    public: dict[int, set[tuple[str, int]]] = {}
    rnd = 0
    for e in recorded_events(full):
        if e.kind == "round":
            rnd = e.data["round"]
        elif e.kind == "choose_private":
            chosen.setdefault(rnd, set()).add((e.data["character"], e.data["player"]))
        elif (e.kind == "call" and e.data["answer"] == "revealed") or e.kind == "heir":
            public.setdefault(rnd, set()).add((e.data["character"], e.data["player"]))
    facedown: dict[int, str] = {}
    g = Game(rec.config, rec.seed, record_events=False)
    facedown[g.round] = g.character_key(g.facedown[0])
    for p, a in rec.actions:
        before = g.round
        g.apply(p, a)
        if g.round != before and not g.over:
            facedown[g.round] = g.character_key(g.facedown[0])
    rounds = timeline(rec.config, known_events(rec, seat), seat)
    hidden = 0
    for r in rounds:
        known = public.get(r.round, set()) | {(c, q) for c, q in chosen.get(r.round, set()) if q == seat}
        assert set(r.holders) == known
        hidden += len(chosen.get(r.round, set()) - known)
        assert facedown[r.round] not in {c for c, _ in r.holders}
    assert hidden > 0  # the game had characters kept secret to the end: the test could fail


async def test_the_review_screen_never_names_a_face_down_character_as_held():
    rec = finished_record()
    app = ReviewApp(rec, 0)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ReviewScreen)
        g = Game(rec.config, rec.seed, record_events=False)
        down = {g.round: g.character_key(g.facedown[0])}
        for p, a in rec.actions:
            before = g.round
            g.apply(p, a)
            if g.round != before and not g.over:
                down[g.round] = g.character_key(g.facedown[0])
        for n, key in down.items():
            text = str(app.screen.query_one(f"#round-{n}").render())
            held_line = next((ln for ln in text.splitlines() if "Characters:" in ln), "")
            assert char_name(rec.config, key) + " —" not in held_line
        await pilot.press("escape")
    assert app.return_value == 0


def test_the_scores_are_one_row_per_round_ending_with_the_final_score():
    rec = finished_record()
    rows = score_history(rec, 0)
    g = rec.replay(record_events=False)
    assert len(rows) == g.round and all(len(r) == 4 for r in rows)
    assert rows[-1] == [s["total"] for s in game_result(g)["scores"]]
    assert any(rows[0])  # districts were built in round 1


def _write(path: Path, rec: GameRecord) -> Path:
    path.write_text(rec.dumps(), encoding="utf-8")
    return path


async def test_citadels_review_opens_a_good_file(tmp_path: Path):
    path = _write(tmp_path / "game.json", finished_record())
    rec, problem = load_finished_game(str(path))
    assert problem is None and rec is not None
    app = ReviewApp(rec, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ReviewScreen)
        await pilot.press("escape")
    assert app.return_value == 0


def test_citadels_review_on_a_broken_or_unfinished_file(tmp_path: Path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["review", str(broken)]) == 2
    assert "not a JSON file" in capsys.readouterr().err
    rec = finished_record()
    half = GameRecord(rec.config, rec.seed, rec.actions[:10])
    assert main(["review", str(_write(tmp_path / "half.json", half))]) == 2
    assert "the game is not finished" in capsys.readouterr().err
    good = _write(tmp_path / "good.json", rec)
    assert main(["review", str(good), "--seat", "9"]) == 2
    assert "--seat" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_app_save_of_a_finished_game_is_a_review_file(tmp_path: Path):
    from citadels_tui.saves import dumps

    rec = finished_record()
    path = tmp_path / LAST_GAME
    path.write_text(dumps(rec, dict(BOTS), language="en", theme="citadel"), encoding="utf-8")
    loaded, problem = load_finished_game(str(path))
    assert problem is None and loaded is not None and json.loads(path.read_text())["bots"]


SPECTATOR = session_info(name="carla", key_fingerprint=None)


@pytest.mark.slow
async def test_a_spectator_closes_the_end_screen_onto_the_board_and_reviews_the_public_game():
    app = ssh_app_factory(SPECTATOR, Hub(pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        hub = app.hub
        ht = hub.create("anna", None, 3, bots="normal", seed=7)
        table = hub.start(ht, "anna")
        for _ in range(3000):
            await pilot.pause()
            pd = table.game.pending()
            if pd is None:
                break
            if pd[0] == 0:
                table.submit(0, [table.game.legal_actions()[0]])
        await pilot.press(*"watch", "space", "1", "enter")
        await until_screen(pilot, EndScreen)
        assert app.screen.query_one("#lobby", Button)
        await pilot.press("escape")
        await until_screen(pilot, GameScreen)
        assert app.is_running
        await pilot.press("f7")
        await until_screen(pilot, EndScreen)
        await pilot.press("r")
        assert (
            await until_screen(pilot, ReviewScreen)
        ).seat is None  # a spectator's review: only what everyone saw
        await pilot.press("escape")
        await until_screen(pilot, EndScreen)
        await pilot.press("l")
        await pause_until(pilot, lambda: app.game_screen is None, "the game screen gone", 400, paused=True)
