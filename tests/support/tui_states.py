"""Games driven by bots to a chosen decision, for the app's tests: a local table at its first gathering, a
saved late game, a finished record for the end screen and the review, finished games kept in records."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sessions import session_info

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import decide, make_bot
from citadels_core.record import GameRecord
from citadels_core.view import View, view
from citadels_server.hub import Hub
from citadels_tui.components.review_screen import ReviewScreen
from citadels_tui.game_setup import bot_names, default_preset
from citadels_tui.journal import SaveFile
from citadels_tui.lobby import HostedTable
from citadels_tui.lobby_app import LobbyApp, ssh_app_factory
from citadels_tui.ratings import Place
from citadels_tui.records import FinishedGame, Finisher, GameSummary, MemoryRecords, Records
from citadels_tui.review_app import ReviewApp
from citadels_tui.saves import save_target, write_save
from citadels_tui.table import Table


def drive(
    pred: Callable[[Game], bool], players: int = 4, seeds: range = range(1, 400), bot: str = "random"
) -> Game:
    """The first game state (over the seeds) where `pred` holds, reached by bots' moves."""
    for seed in seeds:
        g = Game(GameConfig.create(players), seed)
        bots = [make_bot(bot, seed * 10 + p) for p in range(players)]
        for _ in range(2000):
            if pred(g):
                return g
            pd = g.pending()
            if pd is None:
                break
            g.apply(pd[0], bots[pd[0]].choose(view(g, pd[0])))
    raise AssertionError("no seed reaches the wanted state")


def legal_has(*kinds: str) -> Callable[[Game], bool]:
    return lambda g: (
        g.pending() is not None and all(any(a.kind == k for a in g.legal_actions()) for k in kinds)
    )


def me_view(g: Game) -> View:
    pd = g.pending()
    assert pd is not None
    return view(g, pd[0])


def action(kind: str, *args: str | int) -> Action:
    """The action of that kind with those arguments (as a parse should give it)."""
    return Action(kind, tuple(args))


GOLD = Action("gather", ("gold",))


CARDS = Action("gather", ("cards",))


_SAVES: weakref.WeakKeyDictionary[Table, list[GameRecord]] = weakref.WeakKeyDictionary()


def saves_of(table: Table) -> list[GameRecord]:
    """What the autosave of a table from table_at_gathering wrote, each save in turn."""
    return _SAVES[table]


def table_at_gathering(seed: int = 5) -> Table:
    """A local table (seat 0 human, 3 `normal` bots) played to the human's first choice of gold or cards."""
    saved: list[GameRecord] = []
    table = Table.new(
        GameConfig.create(4),
        seed,
        {1: "normal", 2: "normal", 3: "normal"},
        journal=SaveFile(lambda r: saved.append(GameRecord(r.config, r.seed, list(r.actions), r.final))),
    )
    _SAVES[table] = saved
    for _ in range(50):
        table.play_bots_now()
        legal = table.game.legal_actions()
        if GOLD in legal:
            return table
        table.submit(0, [legal[0]])
    raise AssertionError("never asked to gather")


def late_game(home: Path, players: int, me: str, edition: str = "2016") -> View:
    """A saved game played by bots into round 5 or later, stopped at Anna's turn (cities well built)."""
    cfg = GameConfig.create(
        players,
        names=bot_names(me, players),
        edition=edition,
        cast=default_preset(edition),
        districts=default_preset(edition),
    )
    g = Game(cfg, 5)
    bots = [make_bot("heuristic", 50 + p) for p in range(players)]
    actions = []
    while (pd := g.pending()) is not None:
        v = view(g, pd[0])
        if pd[0] == 0 and g.round >= 5 and v.pending_kind == "turn":
            break
        a = bots[pd[0]].choose(v)
        g.apply(pd[0], a)
        actions.append((pd[0], a))
    assert not g.over
    write_save(GameRecord(cfg, 5, actions), save_target(home), {i: "heuristic" for i in range(1, players)})
    return view(g, 0)


def finished_record(seed: int = 11) -> GameRecord:
    """A whole game between heuristic bots, played without the app (fast), for the end screen."""
    cfg = GameConfig.create(4, names=bot_names("Anna", 4))
    g = Game(cfg, seed)
    bots = [make_bot("heuristic", seed * 10 + p) for p in range(4)]
    actions = []
    while (pd := g.pending()) is not None:
        a = bots[pd[0]].choose(view(g, pd[0]))
        g.apply(pd[0], a)
        actions.append((pd[0], a))
    assert g.over
    return GameRecord(cfg, seed, actions)


class QuickReview(ReviewApp):
    """The review worked out with a few playouts a decision, so that it is quick."""

    screen_type = partial(ReviewScreen, budget=4)  # type: ignore[assignment]  # a partial makes the screen as the class would


WHEN = 1_790_000_000.0  # 2026-09-21 14:13 UTC


@functools.cache
def whole_game(names: tuple[str, ...], seed: int) -> GameRecord:
    """A whole first game played by `normal` bots, its seats named `names` (played once per test run)."""
    cfg = GameConfig.create(len(names), names=names)
    g = Game(cfg, seed, record_events=False)
    bots = [make_bot("normal", seed * 10 + i) for i in range(len(names))]
    actions = []
    while not g.over:
        pd = g.pending()
        assert pd is not None
        p = pd[0]
        a = decide(bots[p], g, p)
        g.apply(p, a)
        actions.append((p, a))
    return GameRecord(cfg, seed, actions)


def keep(
    records: MemoryRecords,
    gid: int,
    seats: list[tuple[str, str | None, str | None]],
    seed: int,
    ended: float = WHEN,
    abandoned: bool = False,
) -> FinishedGame:
    """Keep a game of bots in `records` as the hub keeps a finished table: seats are (name, key, bot level);
    a human with a key is rated."""
    record = whole_game(tuple(name for name, _, _ in seats), seed).copy()
    game = record.replay(record_events=False)
    assert game.result is not None
    totals = [s["total"] for s in game.result["scores"]]
    winners = set(game.result["winners"])
    order = {p: (totals[p], p in winners) for p in range(len(seats))}
    ranks = [1 + sum(1 for q in order if order[q] > order[p]) for p in range(len(seats))]
    finishers = tuple(
        Finisher(name, key, bot, totals[p], ranks[p]) for p, (name, key, bot) in enumerate(seats)
    )
    kept = FinishedGame(GameSummary(gid, ended, "2016", finishers, len(record.actions), abandoned), record)
    places = [
        Place(ranks[p], rated=name if key else None, bot=bot) for p, (name, key, bot) in enumerate(seats)
    ]
    records.table_finished(gid, kept, places)
    return kept


def annas_table(records: Records, seed: int) -> tuple[Hub, HostedTable, Table]:
    """A 2-player table hosted for anna (with a key) against a random bot, started, anna at her seat."""
    hub = Hub(pace=0.0, seed=seed, records=records)
    ht = hub.create("anna", "SHA256:anna", 2, bots="random")
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    return hub, ht, table


def four_rated_games() -> MemoryRecords:
    """Four finished games of anna, bruno (both with keys), a guest and a hard bot, kept in records."""
    records = MemoryRecords()
    for gid, seed in enumerate((3, 4, 5, 6), 1):
        keep(
            records,
            gid,
            [
                ("anna", "SHA256:anna", None),
                ("bruno", "SHA256:bruno", None),
                ("guest-7", None, None),
                ("Bot Eve", None, "hard"),
            ],
            seed=seed,
        )
    return records


def a_guest_hosting() -> tuple[Hub, HostedTable, LobbyApp]:
    """Anna, a guest, in the lobby of a hub where she has made a 3-player table (not started)."""
    hub = Hub(pace=0.0)
    ht = hub.create("anna", None, 3)
    return hub, ht, ssh_app_factory(session_info(name="anna", key_fingerprint=None), hub)
