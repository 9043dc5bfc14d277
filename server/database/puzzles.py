"""The daily puzzle's answers (`PuzzleAnswers`, a part of `Database`): one row per player and day, the first
answer only, so that the day's count of solvers is each player's first try."""

from __future__ import annotations

from citadels_tui.records import PuzzleDay

from .engines import Tx
from .worker import OnWorker


class PuzzleAnswers(OnWorker):
    """The answers to each day's puzzle, on the database's worker."""

    async def puzzle_answered(self, day: str, name: str, solved: bool, when: float) -> PuzzleDay:
        def answer(tx: Tx) -> PuzzleDay:
            # A second answer changes nothing: the first one counts (ON CONFLICT: the same on both engines).
            tx.run(
                "INSERT INTO puzzle_answers (day, folded, name, solved, answered) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (day, folded) DO NOTHING",
                (day, name.casefold(), name, int(solved), when),
            )
            return tally(tx, day, name)

        return await self._worker.later(answer, write=True)

    async def puzzle_day(self, day: str, name: str) -> PuzzleDay:
        return await self._worker.later(lambda tx: tally(tx, day, name))


def tally(tx: Tx, day: str, name: str) -> PuzzleDay:
    found = tx.one("SELECT count(*), COALESCE(sum(solved), 0) FROM puzzle_answers WHERE day = ?", (day,))
    answers, solvers = (int(found[0]), int(found[1])) if found is not None else (0, 0)
    mine = tx.one("SELECT solved FROM puzzle_answers WHERE day = ? AND folded = ?", (day, name.casefold()))
    return PuzzleDay(solvers, answers, None if mine is None else bool(mine[0]))
