"""The `hint` command (and F4): the `hard` bot's top choices for your decision, with your chances to win,
searched off the event loop, dropped when the game moves on, and the same at a hosted table."""

from __future__ import annotations

import re
import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from helpers import pending_decision
from pilots import deciding, pause_until, seat_of, seated, story, table_of, there
from tui_states import a_guest_hosting

from citadels_core import Game, GameConfig
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.names import describe
from citadels_tui.table import HintRequest, Seat, Table

SIZE = (100, 30)
BUDGET = (20, None)  # 20 playouts, no time cap: quick, and the same hint every time
CHOICE = re.compile(r"[→•] (.+) — (\d+)% \(option (\d+)\)")


def hint_workers(app: CitadelsApp) -> list:
    return [w for w in app.workers if w.group == "hint" and not w.is_finished]


class Gate:
    """Holds every hint search until opened, and notes the thread each one ran in."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.open = threading.Event()
        self.threads: list[int] = []
        self.results: list[object] = []
        ask = Seat.ask_hint

        def held(seat: Seat, *a: Any, **kw: Any) -> HintRequest | None:
            r = ask(seat, *a, **kw)
            if r is None:
                return None

            def search():
                self.threads.append(threading.get_ident())
                assert self.open.wait(20)
                out = r.search()
                self.results.append(out)
                return out

            return HintRequest(r.version, r.view, search)

        monkeypatch.setattr(Seat, "ask_hint", held)


# ---------------------------------------------------------------- the command word


@pytest.mark.parametrize("text", ["hint", "Hint", "hin", "подсказка", "подскажи", "подск"])
def test_the_parser_knows_hint_in_english_and_russian(text):
    g = Game(GameConfig.create(4), seed=7)
    assert parse(text, view(g, 0), g.config).app == "hint"


def test_the_russian_word_works_with_the_russian_catalog():
    i18n.set_language("ru")
    g = Game(GameConfig.create(4, names=["Анна", "Борис", "Вера", "Глеб"]), seed=7)
    assert parse("подсказка", view(g, 0), g.config).app == "hint"


# ---------------------------------------------------------------- the seat


def test_a_seat_hint_is_its_players_only_and_the_same_for_the_same_position():
    table = Table.new(GameConfig.create(4), 5, {1: "normal", 2: "normal", 3: "normal"})
    seat = table.seat(0)
    assert seat.my_turn()
    assert table.seat(1).ask_hint(*BUDGET) is None  # not that player's decision
    assert table.seat(None).ask_hint(*BUDGET) is None  # a spectator decides nothing
    one, two = seat.ask_hint(*BUDGET), seat.ask_hint(*BUDGET)
    assert one is not None and two is not None
    first = one.search()
    assert first == two.search()
    legal = seat.view().legal
    assert 1 <= len(first) <= 3 and all(a in legal and 0 <= c <= 1 for a, c in first)
    assert seat.hint_current(one)
    table.submit(0, [legal[0]])
    assert not seat.hint_current(one)


# ---------------------------------------------------------------- the app


async def test_hint_shows_the_top_choices_with_chances_and_option_numbers(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        expected = there(
            seat_of(app).ask_hint(*BUDGET), "a hint request"
        ).search()  # the same position, the same seed: the same hint
        await pilot.press(*"hint", "enter")
        await pause_until(pilot, lambda: "%" in story(app))
        text = story(app)
        assert "Thinking about a hint…" in text
        assert "Hint — the hard bot's top choices, best chance to win first (→):" in text
        v, cfg = seat_of(app).view(), seat_of(app).config
        shown = CHOICE.findall(text)
        assert [(label, int(p), int(n)) for label, p, n in shown] == [
            (describe(cfg, v, a), round(c * 100), v.legal.index(a) + 1) for a, c in expected
        ]
        assert text.count("→") == 2  # the header and the best choice
        assert not table_of(app).record.actions  # a hint plays nothing


async def test_f4_asks_for_a_hint_too_and_nothing_is_said_when_it_is_not_your_decision(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=10)  # the bots' moves wait 10 s: time to ask
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press("f4")
        await pause_until(pilot, lambda: "%" in story(app))
        await pilot.press("1")  # choose a character: now a bot chooses, slowly
        await pause_until(pilot, lambda: not seat_of(app).my_turn())
        await pilot.press(*"hint", "enter")
        await pilot.pause()
        assert "Nothing to decide right now: a hint is for your own decisions." in story(app)
        assert story(app).count("Thinking about a hint…") == 1


async def _held_hint(pilot, gate: Gate) -> None:
    """At the player's first decision a hint is asked for, and its search is held at the gate."""
    await pause_until(pilot, lambda: deciding(pilot.app))
    await pilot.press(*"hint", "enter")
    await pause_until(pilot, lambda: bool(gate.threads))


async def test_the_search_runs_in_a_thread_while_the_app_answers(tmp_path: Path, monkeypatch):
    gate = Gate(monkeypatch)
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await _held_hint(pilot, gate)
        # The search is held, yet the app goes on: keys are typed, commands answered.
        assert gate.threads[0] != threading.get_ident()
        assert [w.node for w in hint_workers(app)] == [app.game_screen]
        await pilot.press(*"score", "enter")
        await pause_until(pilot, lambda: "points so far" in story(app))
        assert "Thinking about a hint…" in story(app) and "%" not in story(app)
        # Asked again while thinking: one search, not two.
        await pilot.press("f4")
        await pilot.pause()
        assert "Still thinking about the hint…" in story(app)
        gate.open.set()
        await pause_until(pilot, lambda: "%" in story(app))
        assert len(gate.threads) == 1
        await pause_until(pilot, lambda: not hint_workers(app))


async def test_a_hint_that_comes_after_the_player_acted_is_dropped(tmp_path: Path, monkeypatch):
    gate = Gate(monkeypatch)
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await _held_hint(pilot, gate)
        await pilot.press("1")  # the player does not wait for the hint
        await pause_until(pilot, lambda: "The hint was dropped: the game has moved on." in story(app))
        gate.open.set()
        await pause_until(pilot, lambda: bool(gate.results))
        await pause_until(pilot, lambda: not hint_workers(app))
        await pilot.pause()
        assert "%" not in story(app)  # the old position's choices are never shown
        assert story(app).count("The hint was dropped") == 1
        # The next decision gets its own hint.
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press(*"hint", "enter")
        await pause_until(pilot, lambda: "%" in story(app))


async def test_the_hint_in_russian(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press(*"подсказка", "enter")
        await pause_until(pilot, lambda: "%" in story(app))
        assert "Подсказка — лучшие ходы сильного бота" in story(app)
        assert "% (вариант " in story(app)


# ---------------------------------------------------------------- a hosted table


async def test_a_hint_at_a_hosted_table():
    hub, ht, app = a_guest_hosting()
    app.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        await seated(pilot, hub, ht)
        await pilot.press(*"hint", "enter")
        await pause_until(pilot, lambda: "%" in story(app))
        v = seat_of(app).view()
        shown = CHOICE.findall(story(app))
        assert shown and all(
            label == describe(seat_of(app).config, v, v.legal[int(n) - 1]) for label, _, n in shown
        )
        table_of(ht).close()


def test_the_hint_lines_are_in_descending_order_of_their_shown_chance():
    """Over the decisions of a whole game on a fixed seed, no hint puts a lower chance above a higher one
    (the bot's ranking used to put its choice first even at 6% above a runner-up at 23%)."""
    from citadels_core.bots import make_bot
    from citadels_tui.searches import hint_search

    g = Game(GameConfig.create(4), seed=11)
    bots = {p: make_bot("normal", seed=p) for p in range(4)}
    checked = 0
    while not g.over and checked < 40:
        p, _ = pending_decision(g)
        if p == 0 and len(g.legal_actions()) > 1:
            v = view(g, 0)
            chances = [c for _, c in hint_search(v, g.clone(), 0, 20, 3, checked, None)]
            assert chances == sorted(chances, reverse=True), (v.pending_kind, chances)
            checked += 1
        g.apply(p, bots[p].choose(view(g, p)))
    assert checked >= 10


@pytest.mark.parametrize(
    "players, edition, setup", [(4, "2016", "first_game"), (3, "classic", "classic_dark_city")]
)
def test_the_hint_shows_calibrated_chances_best_first(players, edition, setup):
    """The chances shown are the search's own figures through the calibration table (bench/calibration.py
    measures them), in descending order, so the arrow's line is the best shown chance."""
    from citadels_core.bots import SearchBot, make_bot
    from citadels_core.bots.calibration import calibrated
    from citadels_core.redeal import redeal
    from citadels_tui.searches import hint_search

    g = Game(GameConfig.create(players, cast=setup, districts=setup, edition=edition), seed=11)
    bots = {p: make_bot("normal", seed=p) for p in range(players)}
    checked = moved = 0
    while not g.over and checked < 12:
        p, _ = pending_decision(g)
        if p == 0 and len(g.legal_actions()) > 1:
            v = view(g, 0)
            shown = hint_search(v, g.clone(), 0, 20, 3, checked, None)
            # The same search by hand: same seed, budget and worlds give the same raw figures.
            bot = SearchBot(checked, iterations=20)
            copy = g.clone()
            bot.search(v, partial(redeal, copy, 0), list(v.legal), bot.normal.choose(v))
            raw = dict(zip([a for a, _, _ in bot.last_stats[:3]], bot.last_values, strict=False))
            assert {a for a, _ in shown} == set(raw)
            assert [c for _, c in shown] == sorted(
                (round(calibrated(raw[a]), 3) for a, _ in shown), reverse=True
            )
            moved += any(abs(c - raw[a]) > 0.01 for a, c in shown)
            checked += 1
        g.apply(p, bots[p].choose(view(g, p)))
    assert checked >= 10
    assert moved  # calibration changes what is shown: the raw figures are not chances
