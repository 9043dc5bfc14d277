"""What a new player met in the first hour at the table (80×24), each read as the player reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_undo import deciding, until

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.components.cities_pane import CitiesPane

SIZE = (80, 24)


def _waiting_for_bruno(names: tuple[str, ...]) -> Game:
    """A game at Bruno's (seat 1) decision, seen from Anna's seat."""
    g = Game(GameConfig.create(4, names=names), 3)
    while (pd := g.pending()) is not None and pd[0] != 1:
        g.apply(pd[0], make_bot("heuristic", 1).choose(view(g, pd[0])))
    return g


@pytest.mark.parametrize(("lang", "word"), [("en", "(deciding)"), ("ru", "(решает)")])
async def test_the_player_who_decides_is_marked_in_a_word_not_a_bare_ellipsis(
    tmp_path: Path, lang: str, word: str
):
    i18n.set_language(lang)
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: deciding(app))
        g = _waiting_for_bruno(("Anna", "Bruno", "Clara", "David"))
        drawn = app.game_screen.query_one(CitiesPane).render_cities(view(g, 0), g.config)
        lines = [line for r in drawn.renderables for line in r.plain.split("\n")]
        (bruno,) = [line for line in lines if "Bruno" in line]
        assert word in bruno and "…" not in bruno, bruno
        assert not any(word in line for line in lines if "Bruno" not in line), lines
