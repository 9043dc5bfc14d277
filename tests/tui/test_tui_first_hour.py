"""What a new player met in the first hour at the table (80×24), each read as the player reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import recorded_events
from i18n_ids import narrator_words
from pilots import city_rows, deciding, game_screen_of, pause_until, seat_of, table_of

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.components.cities_pane import CitiesPane
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.components.log_pane import LogPane
from citadels_tui.names import card_name

SIZE = (80, 24)


def typed(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


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
        await pause_until(pilot, lambda: deciding(app))
        g = _waiting_for_bruno(("Anna", "Bruno", "Clara", "David"))
        rows = city_rows(game_screen_of(app).query_one(CitiesPane), view(g, 0), g.config)
        lines = [line for r in rows for line in r.plain.split("\n")]
        (bruno,) = [line for line in lines if "Bruno" in line]
        assert word in bruno and "…" not in bruno, bruno
        assert not any(word in line for line in lines if "Bruno" not in line), lines


def saved_game_where(home: Path, pred, players: int = 4) -> Game:
    """A saved game played by bots up to Anna's first decision where `pred(game)` holds."""
    from citadels_core.record import GameRecord
    from citadels_tui.game_setup import bot_names
    from citadels_tui.saves import save_target, write_save

    cfg = GameConfig.create(players, names=bot_names("Anna", players))
    for seed in range(1, 200):
        g = Game(cfg, seed)
        bots = [make_bot("heuristic", 50 + p) for p in range(players)]
        actions: list[tuple[int, Action]] = []
        while (pd := g.pending()) is not None:
            if pd[0] == 0 and pred(g):
                write_save(
                    GameRecord(cfg, seed, actions),
                    save_target(home),
                    dict.fromkeys(range(1, players), "heuristic"),
                )
                return g
            a = bots[pd[0]].choose(view(g, pd[0]))
            g.apply(pd[0], a)
            actions.append((pd[0], a))
    raise AssertionError("no seed reaches the wanted state")


async def test_of_two_identical_cards_in_the_hand_only_one_shows_the_cursor(tmp_path: Path):
    saved_game_where(tmp_path, lambda g: len(set(g.hands[0])) < len(g.hands[0]))
    app = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        hand = game_screen_of(app).query_one(HandPane)
        cards = seat_of(app).view().hand
        twice = next(k for k in cards if cards.count(k) > 1)

        def marks() -> list[tuple[int, int]]:
            lines = hand.render_hand(seat_of(app).config).plain.split("\n")[:-1]  # the last: the card's text
            return [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "›"]

        hand.show(seat_of(app).view(), seat_of(app).config, selected=twice)
        await pilot.pause()
        spots = [s for s in hand.spots if s[3] == twice]
        assert len(spots) == 2 and marks() == [(spots[0][0], spots[0][1])], (marks(), spots)
        # A click on the second copy moves the mark there: still one.
        row, c0, _, _ = spots[1]
        await pilot.click(HandPane, offset=(c0 + 1 + 2, row + 1))
        await pilot.pause()
        assert marks() == [(row, c0)], (marks(), spots)


async def test_after_undo_the_card_that_came_back_is_not_marked_new(tmp_path: Path):
    saved_game_where(tmp_path, lambda g: any(a.kind == "build" for a in g.legal_actions()))
    app = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app, "build"))
        hand = game_screen_of(app).query_one(HandPane)
        assert "✦" not in hand.render_hand(seat_of(app).config).plain
        build = next(a for a in seat_of(app).view().legal if a.kind == "build")
        name = card_name(seat_of(app).config, str(build.args[0]))
        moves = len(table_of(app).record.actions)
        await pilot.press(*typed(f"build {name.lower()}"), "enter")
        await pause_until(pilot, lambda: len(table_of(app).record.actions) == moves + 1)
        await pilot.press(*"undo", "enter")
        await pause_until(
            pilot, lambda: len(table_of(app).record.actions) == moves and deciding(app, "build")
        )
        await pilot.pause()
        assert name in hand.render_hand(seat_of(app).config).plain
        assert "✦" not in hand.render_hand(seat_of(app).config).plain
        assert "✦" not in str(hand.border_title)


def story(app: CitadelsApp) -> str:
    return "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)


async def test_quit_in_a_game_asks_first_and_a_yes_leaves(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press("1")  # a character chosen: the game is the player's now
        await pause_until(
            pilot, lambda: deciding(app) and any(s == 0 for s, _ in table_of(app).record.actions)
        )
        await pilot.press(*"quit", "enter")
        await pause_until(pilot, lambda: "Leave the game?" in story(app))
        assert app.is_running and "citadels --resume" in story(app)
        await pilot.press(*"no", "enter")
        await pause_until(pilot, lambda: "You stay at the table." in story(app))
        await pilot.press(*"quit", "enter", *"yes", "enter")
        await pause_until(pilot, lambda: not app.is_running)
    assert app.return_code == 0 and "citadels --resume" in (app.farewell or "")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "1 or 10–{m}? Enter chooses 1"), ("ru", "1 или 10–{m}? Enter выбирает 1")]
)
async def test_a_lone_digit_that_waits_for_enter_says_why(tmp_path: Path, lang: str, said: str):
    from pilots import screen_lines

    i18n.set_language(lang)
    g = saved_game_where(tmp_path, lambda g: len(g.legal_actions()) >= 12)
    app = CitadelsApp(home=tmp_path, resume=True, pace=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        count = len(seat_of(app).view().legal)
        assert count == len(g.legal_actions())
        await pilot.press("1")
        await pilot.pause()
        line = screen_lines(app)[-1]
        assert said.format(m=min(19, count)) in line, line
        await pilot.press("backspace")
        await pilot.pause()
        assert "Enter" not in screen_lines(app)[-1]
        moves = len(table_of(app).record.actions)
        await pilot.press("1", "enter")  # Enter still chooses 1
        await pause_until(pilot, lambda: len(table_of(app).record.actions) > moves)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_name_is_told_as_the_player_typed_it_even_at_the_start_of_a_sentence(lang: str):
    from citadels_core.narrate import narrate

    names = ("alice", "bruno", "clara", "david")
    g = Game(GameConfig.create(4, names=names), 7)
    bots = [make_bot("heuristic", 70 + p) for p in range(4)]
    while (pd := g.pending()) is not None:
        g.apply(pd[0], bots[pd[0]].choose(view(g, pd[0])))
    tr = narrator_words(lang)
    told = [narrate(g.config, e, me, tr) for e in recorded_events(g) for me in (None, 0)]
    starts = [s for s in told if s.split(" ", 1)[0].rstrip(":,.’'s") in names]
    assert len(starts) > 50, told[:20]  # many sentences start with a name …
    for s in told:
        for n in names:
            assert n.capitalize() not in s, s  # … and none has it capitalised
