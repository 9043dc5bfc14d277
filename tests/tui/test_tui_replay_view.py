"""`citadels replay LINE|FILE` in a terminal: the replay viewer opened from a game line, as a seat or as a
spectator saw the game; a damaged line or a seat the game has not is refused with a sentence and exit 2."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest
from pilots import pause_until, until_screen
from tui_states import finished_record

from citadels_core import Game
from citadels_core.gameline import decode, encode
from citadels_core.view import view
from citadels_server.cli import main
from citadels_server.cli_parser import build_parser
from citadels_server.cli_replay import wants_viewer
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.components.replay_screen import ReplayScreen
from citadels_tui.replay_app import ReplayApp

SIZE = (110, 32)


def _view_after(record, k: int, seat: int | None):
    g = Game(record.config, record.seed, record_events=False)
    for p, a in record.actions[:k]:
        g.apply(p, a)
    return view(g, seat)


def _title(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-title").render())


async def test_the_viewer_opened_from_a_line_steps_through_the_game_as_a_seat_saw_it(tmp_path: Path):
    record = decode(encode(finished_record()))
    app = ReplayApp(record, 2, home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_screen(pilot, ReplayScreen)
        # It plays nothing: under the viewer is Textual's empty default screen, not a game of its own.
        assert app.game_screen is None and app.table is None and len(app.screen_stack) == 2
        name = record.config.names[2]
        assert f"as {name} saw it" in _title(screen) and "the start" in _title(screen)
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        assert screen.at == 2 and screen.replay.steps[2].view == _view_after(record, 2, 2)
        hand = screen.query_one(HandPane)
        assert sorted(hand.cards) == sorted(_view_after(record, 2, 2).hand)
        assert str(hand.border_title).startswith(f"{name}'s hand")
        await pilot.press("right_square_bracket")  # the next round
        await pilot.pause()
        assert screen.replay.round_of(screen.at) == 2 and "round 2 of" in _title(screen)
        await pilot.press("end")
        await pilot.pause()
        assert screen.at == len(record.actions) and screen.replay.steps[-1].view.result is not None
        await pilot.press("q")  # the viewer is the whole app: leaving it ends the app
        await pause_until(pilot, lambda: not app.is_running, "the app closed", 400, paused=True)
    assert app.return_value == 0


async def test_the_viewer_as_a_spectator_shows_no_hand(tmp_path: Path):
    record = decode(encode(finished_record()))
    app = ReplayApp(record, None, home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_screen(pilot, ReplayScreen)
        assert "as a spectator saw it" in _title(screen) and not screen.query(HandPane)
        await pilot.press("r", "3", "enter")
        await pilot.pause()
        k = screen.replay.round_starts[3]
        assert screen.at == k and screen.replay.steps[k].view == _view_after(record, k, None)
        assert not screen.replay.steps[k].view.hand
        await pilot.press("escape")
        await pause_until(pilot, lambda: not app.is_running, "the app closed", 400, paused=True)


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["replay", "LINE", *argv])


def test_the_viewer_is_asked_for_or_the_default_at_a_terminal_and_the_check_otherwise(monkeypatch):
    assert wants_viewer(_args("--view")) and not wants_viewer(_args("--check"))
    assert not wants_viewer(_args("--log"))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert wants_viewer(_args()) and wants_viewer(_args("--seat", "2")) and not wants_viewer(_args("--check"))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert not wants_viewer(_args())  # piped: the check, as scripts expect
    with pytest.raises(SystemExit):
        _args("--view", "--check")
    with pytest.raises(SystemExit):
        _args("--seat", "1", "--spectator")


def test_a_seat_the_game_has_not_is_refused(capsys):
    line = encode(finished_record())
    assert main(["replay", line, "--view", "--seat", "5"]) == 2
    assert capsys.readouterr().err.strip() == "citadels: --seat is a seat number from 1 to 4"


def test_a_damaged_line_asked_to_be_viewed_says_what_is_wrong_and_opens_nothing():
    line = encode(finished_record())
    damaged = line[:-1] + ("0" if line[-1] != "0" else "1")
    r = subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", "replay", damaged, "--view", "--seat", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr.strip()
        == "citadels: The game line is damaged: its checksum does not match its data. Copy it again, whole."
    )
