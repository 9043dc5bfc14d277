"""`think` in the app: its words, a sentence for every other player in English and Russian, and the
sentences in the story of a game (citadels_tui/why.py `guesses`, from citadels_core.think)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import play_random
from test_why import told

from citadels_core import Game, GameConfig
from citadels_core.think import Guess, think
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.why import guesses

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
