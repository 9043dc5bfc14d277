"""The game screen read as a player reads it, at the least size (60×20), at 80×24 and at 120×40, with 4 and
8 players, in English and in Russian: the top line keeps the round, who decides and the deck; every player
is listed; your own line is one line; it says in words that the move is yours; at 80×24 and above every
district keeps its whole name, at 120×40 every city is on screen (no scrolling, nothing cut), and where the
cities are taller than their frame (8 players at 80×24) its title says that Ctrl+↓ shows the rest.
"""

from __future__ import annotations

import re

import pytest
from pilots import game_screen_of, screen_lines, seat_of
from rich.text import Text
from tui_states import late_game

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.view import View, points_so_far, view
from citadels_tui.app import CitadelsApp
from citadels_tui.components.game_screen import MIN_HEIGHT, MIN_WIDTH
from citadels_tui.components.status_bar import status_text
from citadels_tui.names import card_name

SIZES = [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (120, 40)]
# What the screen says, per language: your name and its marker, the points unit, the top line's words.
WORDS = {
    "en": {
        "me": "Anna",
        "you": "Anna (you)",
        "pt": "pt|points",
        "round": "Round",
        "deck": "deck",
        "turn": "your turn",
        "mine": "▶ Your move",
    },
    "ru": {
        "me": "Анна",
        "you": "Анна (вы)",
        "pt": "оч",
        "round": "Раунд",
        "deck": "колода",
        "turn": "ваш ход",
        "mine": "▶ Ваш ход",
    },
}


def region_text(lines: list[str], region) -> list[str]:
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


async def _open(app: CitadelsApp, pilot) -> None:
    for _ in range(200):
        await pilot.pause()
        gs = app.game_screen
        if gs is not None and app.seat is not None and app.seat.my_turn() and gs.view().legal:
            await pilot.pause()
            return
    raise AssertionError("the saved game did not come back to Anna")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_screen_shows_what_a_player_needs_at_every_size(tmp_path, size, players, lang):
    words = WORDS[lang]
    v = late_game(tmp_path, players, words["me"])
    app = CitadelsApp(home=tmp_path, resume=True, pace=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        await _open(app, pilot)
        gs = game_screen_of(app)
        lines = screen_lines(app)
        top = lines[0]
        assert f"{words['round']} {v.round}" in top and f"{words['deck']} {v.deck_size}" in top, top
        assert words["turn"] in top, top
        # That the move is yours, in words where you act (not only the top line, not only a colour).
        assert words["mine"] in "\n".join(region_text(lines, gs.query_one("#right").region))
        cities = await seen_cities(app, pilot)
        for p in v.players:
            assert any(p.name in line for line in cities), (p.name, cities)
        # Your own line keeps its end: districts toward a complete city and the points, on that one line.
        (mine,) = [line for line in cities if words["you"] in line]
        me = v.players[0]
        assert f"{me.city_size}/{v.complete_at}" in mine, mine
        assert re.search(rf"\b{points_so_far(v, me)} ?({words['pt']})", mine), mine
        if size != (MIN_WIDTH, MIN_HEIGHT):
            # Every district by its whole name, no line cut short; at 120×40 nothing out of sight.
            assert_whole_names(app, v, cities)
            assert not any(line.rstrip().endswith("…") for line in cities), cities
            if size == (120, 40):
                assert gs.query_one("#cities-box").max_scroll_y == 0, cities


async def seen_cities(app: CitadelsApp, pilot) -> list[str]:
    """The lines of the cities' frame, scrolled through with Ctrl+↓ to its end (and back to the top)."""
    box = game_screen_of(app).query_one("#cities-box")
    seen = region_text(screen_lines(app), box.region)
    if box.max_scroll_y > 0:
        assert "Ctrl+↑↓" in seen[0], seen  # the frame's title says how to see the rest
    for _ in range(20):
        if box.scroll_y >= box.max_scroll_y:
            break
        await pilot.press("ctrl+down")
        await pilot.pause()
        seen += region_text(screen_lines(app), box.region)
    else:
        raise AssertionError("Ctrl+↓ did not reach the end of the cities")
    await pilot.press("ctrl+up", "ctrl+up", "ctrl+up", "ctrl+up")
    await pilot.pause()
    assert box.scroll_y == 0
    return seen


def assert_whole_names(app: CitadelsApp, v: View, cities: list[str]) -> None:
    text = "\n".join(cities)
    for p in v.players:
        for d in p.city:
            name = card_name(seat_of(app).config, d.key)
            assert f"{name} {d.cost}" in text or f"{name}+ {d.cost}" in text, (name, cities)


async def test_the_classic_edition_shows_eight_players_cities_whole_at_80x24(tmp_path):
    v = late_game(tmp_path, 8, "Anna", edition="classic")
    app = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        cities = await seen_cities(app, pilot)
        assert all(any(p.name in line for line in cities) for p in v.players), cities
        assert_whole_names(app, v, cities)


async def test_below_the_least_size_a_centred_sentence_asks_for_more(tmp_path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT - 1)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        rows = [i for i, line in enumerate(lines) if "too small" in line]
        assert rows, lines
        text = lines[rows[0]]
        left, right = len(text) - len(text.lstrip()), len(text) - len(text.rstrip())
        assert abs(left - right) <= 2, text  # centred across
        assert abs(rows[0] - (MIN_HEIGHT - 1) // 2) <= 2  # and halfway down
        assert f"{MIN_WIDTH} columns by {MIN_HEIGHT} lines" in " ".join(lines)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await pilot.pause()
        assert not game_screen_of(app).query_one("#too-small").display


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_top_line_gives_up_its_extras_but_never_the_round_the_decider_or_the_deck(lang):
    from citadels_tui import i18n

    i18n.set_language(lang)  # the process default (conftest puts English back)
    try:
        names = ("Anna", "Bartholomew-Maximilian", "Clara", "David")
        g = Game(GameConfig.create(4, names=names), 3)
        while (pd := g.pending()) is not None and pd[0] != 1:
            g.apply(pd[0], make_bot("heuristic", 1).choose(view(g, pd[0])))
        v = view(g, 0)
        full = status_text(v, g.config, enter_skips=True)
        for width in range(40, 121):
            line = status_text(v, g.config, enter_skips=True, width=width)
            assert Text(line).cell_len <= width, (width, line)
            assert line.startswith(full.split(" · ")[0]) and line.endswith(full.split(" · ")[-1]), line
            assert "Barth" in line, line  # who decides: the name, cut if it must be
        assert status_text(v, g.config, enter_skips=True, width=200) == full
    finally:
        i18n.set_language("en")
