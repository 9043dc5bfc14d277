"""What the history keeps of a hosted table's game once it is over or abandoned (the hub decides when):
its summary, with each seat's points and rank, its record, and each seat's place for the ratings."""

from __future__ import annotations

import time

from citadels_core import Game
from citadels_core.scoring import score_breakdown
from citadels_tui.lobby import HostedTable
from citadels_tui.ratings import Place
from citadels_tui.records import FinishedGame, Finisher, GameSummary
from citadels_tui.table import Table
from citadels_tui.turns import rated


def finished_game(ht: HostedTable, table: Table, abandoned: bool) -> tuple[FinishedGame, list[Place]]:
    """The game of `table` (hosted as `ht`) for the history, and one `Place` per seat for the ratings.
    An abandoned game keeps what each city is worth now, and rates nobody (the records skip it)."""
    game, names = table.game, table.config.names
    keys = {i: h.key for i, h in enumerate(ht.holders) if not h.released}
    if game.over:
        result = game.result
        assert result is not None  # a game over has its result
        totals = [s["total"] for s in result["scores"]]
        winners = set(result["winners"])
    else:
        totals = [_points_now(game, p) for p in range(len(names))]
        winners = set()
    order = {p: (totals[p], p in winners) for p in range(len(names))}
    ranks = [1 + sum(1 for q in order if order[q] > order[p]) for p in range(len(names))]
    seats = tuple(
        Finisher(names[p], keys.get(p), table.bot_kinds.get(p), totals[p], ranks[p])
        for p in range(len(names))
    )
    summary = GameSummary(ht.id, time.time(), ht.edition, seats, len(table.record.actions), abandoned)
    # Rated: a human who played to the end with a key (a claimed name); bots at their level's rating.
    places = [
        Place(ranks[p], rated=names[p] if keys.get(p) and rated(ht, p) else None, bot=table.bot_kinds.get(p))
        for p in range(len(names))
    ]
    return FinishedGame(summary, table.record.copy()), places


def _points_now(game: Game, player: int) -> int:
    try:
        return int(score_breakdown(game, player)["total"])
    except Exception:  # noqa: BLE001 - a score for the record only; a game cut short may not score
        return 0
