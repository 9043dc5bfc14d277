"""The server's daily puzzle (citadels_tui/daily_puzzle.py, server/database/puzzles.py): the same puzzle for
everyone on a UTC day, each player's first answer kept in the database (SQLite and a real PostgreSQL), and
the day's count of solvers; played over SSH in the plain lobby against a real server, with a client that
answers nonsense and answers twice."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import postgres
from plain_sessions import plain, plain_server
from ssh_helpers import connect

from citadels_core.puzzle import daily, shipped
from citadels_core.view import view
from citadels_server.database import Database, open_database
from citadels_server.hub import Hub
from citadels_server.settings import Settings
from citadels_tui.daily_puzzle import puzzle_command
from citadels_tui.puzzles import pose, utc_day
from citadels_tui.records import MemoryRecords, PuzzleDay

postgres_server, postgres_url, url = (
    postgres.postgres_server,
    postgres.postgres_url,
    postgres.either_url,
)  # the fixtures

# The server's clock in the tests that own one: noon on a fixed UTC day, so no test straddles midnight.
DAY = date(2026, 12, 2)
NOON = datetime(2026, 12, 2, 12, tzinfo=UTC).timestamp()


def opened(url: str, home: Path) -> Database:
    return open_database(Settings(data_dir=str(home), database=url), import_files=False)


async def answers(records) -> list[PuzzleDay]:
    seen = [await records.puzzle_day("2026-12-02", "anna")]
    seen.append(await records.puzzle_answered("2026-12-02", "Anna", True, 1.0))
    seen.append(await records.puzzle_answered("2026-12-02", "ANNA", False, 2.0))  # not her first: not kept
    seen.append(await records.puzzle_answered("2026-12-02", "bruno", False, 3.0))
    seen.append(await records.puzzle_answered("2026-12-03", "bruno", True, 4.0))  # another day
    seen.append(await records.puzzle_day("2026-12-02", "bruno"))
    seen.append(await records.puzzle_day("2026-12-02", "clara"))
    return seen


EXPECTED = [
    PuzzleDay(0, 0, None),
    PuzzleDay(1, 1, True),
    PuzzleDay(1, 1, True),
    PuzzleDay(1, 2, False),
    PuzzleDay(1, 1, True),
    PuzzleDay(1, 2, False),
    PuzzleDay(1, 2, None),
]


async def test_the_database_keeps_each_players_first_answer_of_a_day(url, tmp_path):
    db = opened(url, tmp_path)
    try:
        assert await answers(db) == EXPECTED
    finally:
        db.close()
    again = opened(url, tmp_path)  # kept: a restart counts the same
    try:
        assert await again.puzzle_day("2026-12-02", "Anna") == PuzzleDay(1, 2, True)
    finally:
        again.close()


async def test_memory_records_count_as_the_database_does():
    assert await answers(MemoryRecords()) == EXPECTED


def test_the_day_is_the_utc_date():
    # 23:30 on Dec 2 in UTC is Dec 3 in Moscow; the server's day is UTC's.
    at = datetime(2026, 12, 2, 23, 30, tzinfo=UTC).timestamp()
    assert utc_day(at).isoformat() == "2026-12-02"


def options(puzzle) -> tuple[int, int]:
    """The numbers of the puzzle's answer and of its worst choice."""
    legal = view(puzzle.game(), puzzle.seat).legal
    return legal.index(puzzle.answer) + 1, legal.index(puzzle.chances[-1][0]) + 1


async def test_puzzle_command_says_one_sentence_for_an_answer_that_is_none():
    said: list[str] = []
    await puzzle_command(MemoryRecords(), "anna", "fly to the moon", said.append, NOON)
    assert len(said) == 1 and "fly" in said[0]


async def test_the_day_turns_at_utc_midnight():
    # A second before midnight and a second after: two days, two puzzles, each with its own count.
    records = MemoryRecords()
    late = datetime(2026, 12, 2, 23, 59, 59, tzinfo=UTC).timestamp()
    right, _ = options(daily(DAY))
    said: list[str] = []
    await puzzle_command(records, "anna", str(right), said.append, late)
    assert "Right! The clear best choice:" in said[0]
    assert said[-1] == "1 player solved today's puzzle, of 1 who answered."
    said.clear()
    await puzzle_command(records, "anna", "", said.append, late + 2)
    assert daily(date(2026, 12, 3)) != daily(DAY)
    posed = pose(daily(date(2026, 12, 3)))
    assert said[: len(posed)] == posed and posed != pose(daily(DAY))
    assert said[-1] == "0 players solved today's puzzle, of 0 who answered."
    assert "You solved it today." not in said
    assert await records.puzzle_day("2026-12-02", "anna") == PuzzleDay(1, 1, True)


async def test_the_daily_puzzle_in_the_plain_lobby_over_ssh(tmp_path):
    db = opened(str(tmp_path / "citadels.db"), tmp_path)
    hub = Hub(pace=0.0, records=db, clock=lambda: NOON)
    today = daily(DAY)
    right, wrong = options(today)
    assert today in shipped()
    try:
        async with plain_server(tmp_path, hub) as server:
            async with connect(server, "anna") as a, connect(server, "bruno") as b:
                anna, bruno = await plain(a), await plain(b)
                await anna.enter("puzzle", "0 players solved today's puzzle, of 0 who answered.")
                assert "One choice here is clearly best: which?" in anna.text
                assert f"  {right}. " in anna.text
                mark = len(anna.text)
                anna.type(f"puzzle {right}")
                await anna.wait_for("1 player solved today's puzzle, of 1 who answered.", after=mark)
                assert "Right! The clear best choice:" in anna.text[mark:]
                assert anna.text.endswith("> ")  # the prompt comes after the verdict

                # Bruno misbehaves: nonsense and a choice that is not there, then a wrong answer.
                await bruno.enter("puzzle 999", "There is no option 999")
                await bruno.enter("puzzle " + "x" * 5000, "too long")
                await bruno.enter(f"puzzle {wrong}", "1 player solved today's puzzle, of 2 who answered.")
                assert "Not this one. The clear best choice:" in bruno.text

                # Anna's second answer is not kept.
                mark = len(anna.text)
                anna.type(f"puzzle {wrong}")
                await anna.wait_for("Only your first answer of the day counts", after=mark)
                await anna.wait_for("1 player solved today's puzzle, of 2 who answered.", after=mark)
                anna.type("puzzle")
                await anna.wait_for("You solved it today.", after=mark)
                await bruno.enter("who", "Here now: anna, bruno.")  # the session goes on
                for s in (anna, bruno):
                    await s.quit()
        assert await db.puzzle_day(DAY.isoformat(), "anna") == PuzzleDay(1, 2, True)
    finally:
        db.close()


class Broken(MemoryRecords):
    async def puzzle_day(self, day: str, name: str) -> PuzzleDay:
        raise OSError("the disk is gone")


async def test_records_that_cannot_be_read_are_told_in_one_sentence():
    said: list[str] = []
    await puzzle_command(Broken(), "anna", "", said.append, NOON)
    assert said == ["The server's records could not be read just now; try again in a moment."]


async def test_a_real_citadels_serve_keeps_the_days_answers_across_a_restart(tmp_path):
    # The process keeps the real time: a run that straddles UTC midnight (its count starts again on the new
    # day) is played again, in a fresh data dir; two runs a few seconds long cannot both straddle one.
    for attempt in range(2):
        day = utc_day()
        try:
            await answered_and_restarted(tmp_path / str(attempt), daily(day))
        except (AssertionError, TimeoutError):
            if utc_day() == day:
                raise
        else:
            return
    raise AssertionError("two runs straddled midnight")


async def answered_and_restarted(tmp_path: Path, puzzle) -> None:
    from served import served

    right, wrong = options(puzzle)
    tmp_path.mkdir()
    async with served(tmp_path) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            anna, bruno = await plain(a), await plain(b)
            await anna.enter(f"puzzle {right}", "1 player solved today's puzzle, of 1 who answered.")
            await bruno.enter(f"puzzle {wrong}", "1 player solved today's puzzle, of 2 who answered.")
    async with served(tmp_path) as server:  # the same data dir: its database
        async with connect(server, "anna") as a:
            anna = await plain(a)
            await anna.enter("puzzle", "1 player solved today's puzzle, of 2 who answered.")
            assert "You solved it today." in anna.text
