"""Leaving and safe options, driven like a player: Ctrl+C says how to leave, `quit` says the game is
saved, a number acts on the list the player saw, destroying your own district asks first."""

from __future__ import annotations

from pathlib import Path

from pilots import SIZE, game_screen_of, keys_of, played, seat_of, settle, table_of, there, type_line

from citadels_core import Action
from citadels_tui.app import CitadelsApp
from citadels_tui.components.command_line import CommandLine
from citadels_tui.components.log_pane import LogPane


def story(app: CitadelsApp) -> str:
    return "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)


async def test_ctrl_c_says_how_to_leave_and_a_second_ctrl_c_leaves(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert "To leave, type quit or press Ctrl+Q (the game is saved)" in story(app)
        assert app.is_running
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value == 0
    assert "saved" in app.farewell


async def test_ctrl_c_then_a_command_needs_ctrl_c_twice_again(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+c", *keys_of("score"), "enter", "ctrl+c")
        await pilot.pause()
        assert app.is_running
        assert story(app).count("To leave, type quit") == 2


async def test_quit_in_the_middle_of_a_game_says_it_is_saved(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "choose king")
        await type_line(pilot, "quit")
        await pilot.pause()
        await type_line(pilot, "yes")  # quit asks first once a decision was made
        await pilot.pause()
    assert app.farewell == "The game is saved: citadels --resume goes on with it."
    assert app.save_path is not None and app.save_path.exists()


async def test_a_pasted_line_is_refused_in_one_sentence_and_not_echoed(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        line = "choose the king " + "blah " * 40
        game_screen_of(app).query_one(CommandLine).value = line
        await pilot.press("enter")
        await pilot.pause()
        text = story(app)
        assert "That line is too long to be a command: nothing was done." in text
        assert "blah blah" not in text
        assert table_of(app).record.actions == []


async def test_a_number_typed_acts_on_the_list_seen_when_typing_started(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "choose assassin", "gold")
        legal = seat_of(app).view().legal
        assert len(legal) >= 10
        await pilot.press("1")  # waits: 10 and more start with 1
        # The list changes under the player's fingers: option 1 is done already (another way in).
        seat_of(app).submit([legal[0]])
        await pilot.pause()
        before = len(table_of(app).record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert "The options changed while you typed" in story(app)
        assert len(table_of(app).record.actions) == before


async def test_destroying_your_own_district_that_is_no_option_is_refused_without_asking(tmp_path: Path):
    """Whether an action harms your own city is the engine's word on one of your options
    (`Effect.harms_own`; tests/tui/test_tui_commands.py asks about a real one): an action that is not among
    them is refused, in words, without a question first."""
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        gs = game_screen_of(app)
        own = Action("destroy", (there(seat_of(app).player, "a player's seat"), "tavern"))
        gs.act([own])
        await pilot.pause()
        assert "That destroys your own Tavern." not in story(app)
        assert "First choose a character." in story(app)
        assert table_of(app).record.actions == []
        assert "(0, 'tavern')" not in story(app) and " 0 tavern" not in story(app)
