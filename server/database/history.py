"""The finished games and the ratings they changed (`History`, a part of `Database`): a game enters the
history and rates its players in one transaction, both or neither."""

from __future__ import annotations

import json
from collections.abc import Sequence

from citadels_core.record import GameRecord
from citadels_core.text import clean_text
from citadels_tui.ratings import Place, Rating, rerated
from citadels_tui.records import FinishedGame, GameSummary, Standing

from .engines import Tx
from .rows import summary_json, summary_of
from .tables import forget_table
from .worker import OnWorker


class History(OnWorker):
    """Finished games and ratings, on the database's worker."""

    def table_finished(self, tid: int, game: FinishedGame, rated: Sequence[Place]) -> None:
        s = game.summary
        summary, record = summary_json(s), json.dumps(game.record.to_json(), ensure_ascii=False)
        folded = sorted({f.name.casefold() for f in s.seats})
        places = list(rated)

        def finish(tx: Tx) -> None:
            forget_table(tx, tid)
            self._worker.notify(tx, "table", tid)
            tx.run("DELETE FROM game_seats WHERE game_id = ?", (s.id,))
            tx.run("DELETE FROM games WHERE id = ?", (s.id,))
            tx.run(
                "INSERT INTO games (id, ended, edition, abandoned, summary, record) VALUES (?, ?, ?, ?, ?, ?)",
                (s.id, s.ended, s.edition, int(s.abandoned), summary, record),
            )
            tx.many("INSERT INTO game_seats (game_id, folded) VALUES (?, ?)", [(s.id, f) for f in folded])
            if s.abandoned:
                return
            # The ratings change in the same transaction as the game enters the history: both or neither.
            names = {p.rated.casefold(): p.rated for p in places if p.rated is not None}
            current = {k: rating_of(tx, k) for k in names}
            after = rerated(places, {k: r for k, r in current.items() if r is not None})
            for key, r in after.items():
                tx.run(
                    "INSERT INTO ratings (folded, name, mu, sigma, games) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (folded) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                    "sigma = excluded.sigma, games = excluded.games",
                    (key, names[key], r.mu, r.sigma, r.games),
                )

        self._worker.submit(finish)

    async def games(self, name: str | None = None, limit: int = 20) -> list[GameSummary]:
        if name is None:
            rows = self._worker.later(
                lambda tx: tx.rows("SELECT summary FROM games ORDER BY ended DESC, id DESC LIMIT ?", (limit,))
            )
        else:
            rows = self._worker.later(
                lambda tx: tx.rows(
                    "SELECT g.summary FROM games g JOIN game_seats s ON s.game_id = g.id WHERE s.folded = ? "
                    "ORDER BY g.ended DESC, g.id DESC LIMIT ?",
                    (name.casefold(), limit),
                )
            )
        return [summary_of(text) for (text,) in await rows]

    async def game(self, gid: int) -> FinishedGame | None:
        found = await self._worker.later(
            lambda tx: tx.one("SELECT summary, record FROM games WHERE id = ?", (gid,))
        )
        if found is None:
            return None
        return FinishedGame(summary_of(found[0]), GameRecord.loads(found[1]))

    async def leaderboard(self, limit: int = 20, bots: bool = True) -> list[Standing]:
        rows = await self._worker.later(
            lambda tx: tx.rows(
                "SELECT r.folded, r.name, r.mu, r.sigma, r.games, COALESCE(p.bot, 0) FROM ratings r "
                "LEFT JOIN players p ON p.folded = r.folded"
            )
        )
        # Sorted here rather than in SQL: the same order on both engines, whatever PostgreSQL's collation.
        ranked = sorted(
            ((k, n, Rating(mu, sigma, g), bool(b)) for k, n, mu, sigma, g, b in rows if bots or not b),
            key=lambda x: (-x[2].shown, x[0]),
        )
        return [Standing(clean_text(n), r, b) for _, n, r, b in ranked[:limit]]

    async def rating(self, name: str) -> Rating | None:
        return await self._worker.later(lambda tx: rating_of(tx, name.casefold()))


def rating_of(tx: Tx, folded: str) -> Rating | None:
    found = tx.one("SELECT mu, sigma, games FROM ratings WHERE folded = ?", (folded,))
    return None if found is None else Rating(float(found[0]), float(found[1]), int(found[2]))
