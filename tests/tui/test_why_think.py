"""`think` in the app: its words, a sentence for every other player in English and Russian (with what the
next chooser turned down), the sentences in the story of a game (citadels_tui/why.py `guesses`, from
citadels_core.think), and `think on|off`: the same as a line of the characters pane, a setting kept in the
settings file, off unless turned on (a snapshot at 80×24)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import play_random
from pilots import told, until_my_turn

from citadels_core import Game, GameConfig
from citadels_core.think import Guess, think
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.components.characters_pane import CharactersPane
from citadels_tui.settings import load_settings
from citadels_tui.why import guess_summary, guesses

CFG = GameConfig.create(5)


@pytest.mark.parametrize("text", ["think", "догадки"])
def test_the_word(text: str):
    g = Game(CFG, seed=7)
    assert parse(text, view(g, 0), g.config).app == "think"


def test_each_way_a_player_is_guessed_is_said_in_english_and_russian():
    found = (
        Guess(1, ("king",), (), True),
        Guess(2, (), (("architect", 0.6), ("warlord", 0.4)), True),
        Guess(3, (), (("thief", 0.5), ("bishop", 0.5)), False),
        Guess(4, (), (("merchant", 1.0),), None),
    )
    english = guesses(CFG, found)
    assert english == [
        "Bruno: the King, revealed.",
        "Clara chose after you, from what you passed: Architect 60%, Warlord 40%.",
        "David chose before you, among what you were never offered: Thief 50%, Bishop 50%.",
        "Elena may hold: Merchant 100%.",
    ]
    i18n.set_language("ru")
    try:
        russian = guesses(CFG, found)
    finally:
        i18n.set_language("en")
    assert len(russian) == 4 and all(r != e and "{" not in r for r, e in zip(russian, english, strict=True))


def test_what_the_next_chooser_turned_down_is_said_in_english_and_russian():
    found = (
        Guess(1, (), (("architect", 0.5), ("warlord", 0.5)), True, ("king",)),
        Guess(2, ("merchant",), (), True, ("thief", "bishop")),
    )
    english = guesses(CFG, found)
    assert english == [
        "Bruno chose after you, from what you passed: Architect 50%, Warlord 50%. "
        "Bruno was offered the King and did not take it.",
        "Clara: the Merchant, revealed. Clara was offered the Thief, Bishop and took none of them.",
    ]
    assert guess_summary(CFG, found) == (
        "Guesses: Bruno: Architect 50% / Warlord 50% · not King; Clara: Merchant · not Thief, Bishop"
    )
    i18n.set_language("ru")
    try:
        russian = guesses(CFG, found)
    finally:
        i18n.set_language("en")
    assert russian[0].endswith("Bruno: предложен персонаж Король, но не взят.")
    assert russian[1].endswith("Clara: предложены персонажи Вор, Епископ, но ни один не взят.")


def test_a_played_draft_is_told_for_every_other_player():
    g = Game(CFG, 3)
    play_random(g, 7, 4)
    lines = guesses(CFG, think(g, 0))
    assert len(lines) == 4
    assert all(name in line for name, line in zip(CFG.names[1:], lines, strict=True))


async def test_think_in_a_game_tells_the_guesses_in_the_story(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=3, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        await pilot.press(*"think", "enter")
        await pilot.pause()
        expected = " ".join(guesses(table.config, think(table.game, 0)))
        assert told(app).endswith(" ".join(expected.split()))


def pane_text(app) -> str:
    return str(app.game_screen.query_one(CharactersPane).render())


async def _guesses_in_the_pane(pilot) -> None:
    """Seed 5: `think on`, then Anna takes the middle character she is offered; at her turn Clara has
    revealed hers, Bruno (who chose after her) turned down two she passed, and David is guessed."""
    await until_my_turn(pilot)
    await pilot.press(*"think on", "enter")
    await pilot.pause()
    offered = len(pilot.app.seat.view().legal)
    await pilot.press(*str((offered + 1) // 2), "enter")
    await until_my_turn(pilot)


async def test_think_on_puts_the_guesses_in_the_characters_pane_and_keeps_the_setting(tmp_path: Path):
    assert load_settings(tmp_path)[0].think_line is False  # off unless turned on
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_my_turn(pilot)
        assert "Guesses:" not in pane_text(app)
        await _guesses_in_the_pane(pilot)
        table = app.table
        assert table is not None
        expected = guess_summary(table.config, think(table.game, 0))
        assert "not " in expected  # Bruno turned down what Anna passed
        assert " ".join(expected.split()) in " ".join(pane_text(app).split())
        assert "The characters pane shows your guesses." in told(app)
        assert load_settings(tmp_path)[0].think_line is True
        await pilot.press(*"think off", "enter")
        await pilot.pause()
        assert "Guesses:" not in pane_text(app)
        assert load_settings(tmp_path)[0].think_line is False
        await pilot.press(*"think maybe", "enter")
        await pilot.pause()
        assert "“think on” or “think off”" in told(app)


def test_the_guesses_line_at_80x24(snap_compare, tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_guesses_in_the_pane)


async def test_the_settings_screen_turns_the_guesses_line_on_and_off(tmp_path: Path):
    from textual.widgets import Select

    from citadels_tui.components.settings_screen import SettingsScreen

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_my_turn(pilot)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        row = app.screen.query_one("#think-line", Select)
        assert row.value is False  # off unless turned on
        row.value = True
        await pilot.pause()
        assert load_settings(tmp_path)[0].think_line is True
        await pilot.press("escape")
        await pilot.pause()
        assert "The characters pane shows your guesses." in told(app)
        assert "Guesses:" in pane_text(app)
        await pilot.press("f3")
        await pilot.pause()
        row = app.screen.query_one("#think-line", Select)
        assert row.value is True  # the screen shows the setting as it is
        row.value = False
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "Guesses:" not in pane_text(app)
        assert load_settings(tmp_path)[0].think_line is False
