"""A local game's bots are made once its first frame is out (issue 19: importing the bots' package imports
every bot, a cost of every start although no bot moves before the first frame). Who plays a seat is known
from the start; the bots, made later, are the same bots and play the same game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pilots import seat_of

from citadels_core import Action, GameConfig, IllegalAction
from citadels_core.bots import LEVELS, NormalBot, RandomBot
from citadels_core.record import GameRecord
from citadels_tui.table import Table

ROOT = Path(__file__).resolve().parents[2]
BOTS = {1: "normal", 2: "easy", 3: "random"}


def test_what_a_start_imports_before_its_first_frame_holds_no_bot():
    code = (
        "import sys, citadels_server.cli, citadels_tui.terminal_run, citadels_tui.settings, citadels_tui.saves\n"
        "from citadels_tui.components import game_screen\n"
        "print(sorted(m for m in sys.modules if m.startswith('citadels_core.bots')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_settings_bot_levels_are_the_engines():
    from citadels_tui import settings

    assert settings.BOT_LEVELS == LEVELS
    with pytest.raises(AttributeError):
        settings.NO_SUCH_NAME  # type: ignore[attr-defined]  # noqa: B018  # a name it lacks: what is tested


def test_bots_made_later_are_the_same_bots_and_play_the_same_game():
    record = GameRecord(GameConfig.create(4), 11, [])
    now = Table(record.copy(), BOTS)
    later = Table(record.copy(), BOTS, bots_later=True)
    # Who plays which seat is known before the bots are made: a bot's seat is not a player's to play.
    assert later.bot_kinds == BOTS
    seat = later.seat(1)
    with pytest.raises(IllegalAction, match="A bot plays that seat"):
        seat.submit([Action("gather", ("gold",))])
    bots = later.make_bots()
    assert later.make_bots() is bots and later.bots is bots  # made once
    assert isinstance(bots[1], NormalBot) and isinstance(bots[3], RandomBot) and set(bots) == set(BOTS)
    for table in (now, later):
        while not table.game.over:
            table.play_bots_now()
            if not table.game.over:
                human = table.seat(0)
                human.submit([human.view().legal[0]])
    assert later.record.actions == now.record.actions


async def test_a_local_games_bots_are_made_after_its_first_frame_and_move(monkeypatch, tmp_path):
    from citadels_tui.app import CitadelsApp

    monkeypatch.setenv("CITADELS_HOME", str(tmp_path))
    made: list[bool] = []
    make_bots = Table.make_bots

    def spy(table: Table):
        made.append(table._bots is None)  # noqa: SLF001 (made now, or already made)
        return make_bots(table)

    monkeypatch.setattr(Table, "make_bots", spy)
    app = CitadelsApp(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.table is not None
        assert made and made[0]  # the bots were made for the first time after the app started
        assert set(app.table.bots) == {1, 2, 3}
        # The player picks a character; the bots then pick theirs (made already, or now if first needed).
        seat_of(app).submit([seat_of(app).view().legal[0]])
        for _ in range(500):  # a bounded number of turns, not a timed assertion
            if len(app.table.record.actions) > 1:
                break
            await pilot.pause(0.02)
        assert len(app.table.record.actions) > 1
