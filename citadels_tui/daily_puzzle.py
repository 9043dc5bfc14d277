"""The lobby's `puzzle`: the day's puzzle, the same for every player of the server on a UTC day
(`citadels_core.puzzle.daily`), posed with `puzzles.py`'s sentences; `puzzle N` answers it. The records
keep each player's first answer of the day (`Records.puzzle_answered`) and count who solved it."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from citadels_core.puzzle import daily

from .i18n import t, tn
from .puzzles import answer_of, pose, utc_day, verdict
from .records import PuzzleDay, Records

log = logging.getLogger(__name__)


def tally_line(day: PuzzleDay) -> str:
    """How many solved the day's puzzle at their first answer, of how many answered."""
    solved = tn("{n} player solved today's puzzle", "{n} players solved today's puzzle", day.solvers)
    return t("{solved}, of {m} who answered.", solved=solved, m=day.answers)


async def puzzle_command(
    records: Records, player: str, rest: str, say: Callable[[str], None], now: float | None = None
) -> None:
    """`puzzle`: pose the day's puzzle and its count; `puzzle N` (or an option's words): answer it. `now` is
    the moment asked (seconds since the epoch; None: now), whose UTC date is the day. A failed read of the
    records is told in one sentence, never a crash of the session."""
    try:
        await _puzzle(records, player, rest, say, now)
    except Exception:  # noqa: BLE001 - a failed read is told, never a crash of the session
        log.exception("puzzle %r failed", rest[:40])
        say(t("The server's records could not be read just now; try again in a moment."))


async def _puzzle(
    records: Records, player: str, rest: str, say: Callable[[str], None], now: float | None
) -> None:
    at = time.time() if now is None else now
    day = utc_day(at)
    puzzle = daily(day)
    key = day.isoformat()
    if not rest:
        before = await records.puzzle_day(key, player)
        for line in pose(puzzle):
            say(line)
        say(t("Answer with “puzzle N”; only your first answer of the day counts."))
        if before.mine is not None:
            say(
                t("You solved it today.")
                if before.mine
                else t("You answered it today, not with the best choice.")
            )
        say(tally_line(before))
        return
    found = answer_of(puzzle, rest)
    if isinstance(found, str):
        say(found)
        return
    before = await records.puzzle_day(key, player)
    after = await records.puzzle_answered(key, player, found == puzzle.answer, at)
    for line in verdict(puzzle, found):
        say(line)
    if before.mine is not None:
        say(t("Only your first answer of the day counts, and it is kept."))
    say(tally_line(after))
