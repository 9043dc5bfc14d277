"""What a server keeps beyond one run: tables in play with their action journal and chat, finished games,
ratings and bans. This is the hub's side of the server's database.

The hub (citadels_server.hub) talks to a `Records`; the server gives it its database (`citadels_server.database`,
SQLite or PostgreSQL), and a hub made without one (tests, the demo) keeps them in memory
(`MemoryRecords`), so every lobby command works the same either way.

The hub runs on the server's event loop, which no database work may block, so:
- writes that nothing waits for (`table_started`, `seats_changed`, `chat_line`, `table_finished`,
  `table_closed`, `ban`, `unban`) return at once; the records apply them in the order they were made;
- `append_actions` and `truncate_actions` return a future that is done once the change is durable (the
  journal's row committed): the table shows an action to nobody before that (table.py), so an action a
  player saw can never be lost, whatever happens to the process;
- `claim_actions` is `append_actions` for a journal that several processes share (docs/scaling.md): it
  keeps the actions only where no other action is yet, all or nothing, and its future fails with
  `PlaceTaken` (what is there now) or `TableGone` otherwise;
- reads made while players play (`games`, `game`, `leaderboard`, `rating`) are coroutines;
- `banned` is answered from memory (the server asks it during a login), and `tables_in_play` and
  `next_table_id` are read once at start, before anyone connects.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from citadels_core.actions import Action
from citadels_core.record import GameRecord
from citadels_core.text import clean_text

from .i18n import Lazy
from .ratings import Place, Rating, rerated

ChatLine = str | Lazy  # what a player said ("Anna: hi"), or an announcement translated for each reader
BanKind = Literal["name", "key", "address"]


def clean_line(line: ChatLine) -> ChatLine:
    """A chat line read back from storage, as clean as when it was said (citadels_core.text): a database
    or a file written by another program, an older version or a hand may hold anything."""
    if isinstance(line, Lazy):
        kw = tuple((k, clean_text(v) if isinstance(v, str) else v) for k, v in line.kw)
        plural = None if line.plural is None else clean_text(line.plural)
        return Lazy(clean_text(line.text), kw, plural, line.n)
    return clean_text(line)


class JournalRefused(Exception):
    """`claim_actions` kept nothing, for a reason the game expects (not a failure of the records)."""


class PlaceTaken(JournalRefused):
    """Another action already holds number `start` of table `table`'s journal (another process's, when
    several share it): nothing of the claim was kept. `there` is what the journal holds from `start` on
    now, for the table to apply before its player decides again."""

    def __init__(self, table: int, start: int, there: list[tuple[int, Action]]) -> None:
        super().__init__(f"Action {start} of table {table} was already taken.")
        self.table, self.start, self.there = table, start, there


class TableGone(JournalRefused):
    """The table is no longer in play (finished or closed meanwhile): nothing was kept."""

    def __init__(self, table: int) -> None:
        super().__init__(f"Table {table} is no longer in play.")
        self.table = table


@dataclass(frozen=True, slots=True)
class KeptSeat:
    """A human seat: the name that took it, the key it came with (None: a player without a key, who has
    the reconnect `code` instead), and whether its hold ran out so a bot plays it now. `away`: until when
    (seconds since the epoch) the seat of a player who left is held, when several processes share the
    table (the one running its bots must know it); None otherwise."""

    name: str
    key: str | None
    released: bool = False
    code: str | None = None
    away: float | None = None
    late: bool = False  # turn-based tables: a stand-in made a late move for this seat
    since: float | None = None  # turn-based tables: since when (the epoch) this seat's move is awaited


@dataclass(frozen=True, slots=True)
class KeptTable:
    """A table in play as kept: its settings (HostedTable's simple fields by name: creator, players, cast,
    districts, bot_level, turn_timer, seed, edition, shorter, rank9), its human seats, its game so far
    (config, seed, every journalled action), its bots' levels by seat, and its chat."""

    id: int
    settings: dict[str, Any]
    seats: list[KeptSeat]
    record: GameRecord
    bots: dict[int, str]
    chat: list[ChatLine] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Finisher:
    """One seat of a finished game: its player's name, their key (None for a guest or a bot), the bot's
    level if a bot played the seat at the end, their score and their rank (1 is best; ties share one)."""

    name: str
    key: str | None
    bot: str | None
    score: int
    rank: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished (or abandoned) game as the lobby lists it; its id is its table's (one game per table,
    and table ids are never reused)."""

    id: int
    ended: float  # when, seconds since the epoch
    edition: str
    seats: tuple[Finisher, ...]
    moves: int
    abandoned: bool = False  # closed by an admin, or left by everyone, before its end

    def has(self, name: str) -> bool:
        return any(s.name.casefold() == name.casefold() for s in self.seats)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    summary: GameSummary
    record: GameRecord


@dataclass(frozen=True, slots=True)
class PuzzleDay:
    """A day's puzzle as the records count it: the players who solved it at their first answer, those who
    answered, and whether the asking player's first answer solved it (None: not answered yet)."""

    solvers: int
    answers: int
    mine: bool | None


@dataclass(frozen=True, slots=True)
class Standing:
    """A line of the leaderboard."""

    name: str
    rating: Rating
    bot: bool = False  # a bot's account (it plays over `ssh HOST bot`): marked, and may be filtered out


@dataclass(frozen=True, slots=True)
class Ban:
    """Who may not log in: a player name (any case), a key fingerprint or an address; until when (seconds
    since the epoch; None: for good), why, and which admin said so."""

    kind: BanKind
    value: str
    reason: str = ""
    by: str = ""
    since: float = 0.0
    until: float | None = None

    def active(self, now: float) -> bool:
        return self.until is None or now < self.until

    def matches(self, name: str | None, key: str | None, address: str | None) -> bool:
        if self.kind == "name":
            return name is not None and name.casefold() == self.value.casefold()
        return self.value == (key if self.kind == "key" else address)


class Records(Protocol):
    def next_table_id(self) -> int: ...

    def tables_in_play(self) -> list[KeptTable]:
        """Every table kept in play (read once at start); a table that cannot be read is left out, and
        said in `problems`."""
        ...

    @property
    def problems(self) -> list[str]: ...

    def lobby_chat(self) -> list[ChatLine]:
        """The lobby's chat as kept, oldest first (read once at start)."""
        ...

    def table_started(self, table: KeptTable) -> None: ...

    def seats_changed(self, tid: int, seats: Sequence[KeptSeat], bots: dict[int, str]) -> None: ...

    def append_actions(
        self, tid: int, start: int, moves: Sequence[tuple[int, Action]]
    ) -> asyncio.Future[None]:
        """Journal `moves` as the table's actions number `start`, `start + 1` …; done once committed."""
        ...

    def truncate_actions(self, tid: int, length: int) -> asyncio.Future[None]:
        """Forget the table's actions from number `length` on (a decision taken back); done once committed."""
        ...

    def claim_actions(
        self,
        tid: int,
        start: int,
        moves: Sequence[tuple[int, Action]],
        after: tuple[int, Action] | None = None,
    ) -> asyncio.Future[None]:
        """Journal `moves` as actions `start`, `start + 1` … only if none of those places is taken (and,
        given `after`, action `start - 1` is that one), all or nothing; fails with `PlaceTaken` (carrying
        what is there from the first place that differs, or nothing from the journal's end when it ends
        before `start`) or `TableGone`; done once committed."""
        ...

    def unclaim_action(self, tid: int, length: int, action: tuple[int, Action]) -> asyncio.Future[None]:
        """Forget action number `length` (a decision taken back) only if it is the journal's last and is
        `action`; else fails with `PlaceTaken` (what the journal holds from `length` on) or `TableGone`."""
        ...

    def chat_line(self, tid: int | None, line: ChatLine) -> None:
        """A line of a table's chat, or of the lobby's (`tid` None)."""
        ...

    def table_finished(self, tid: int, game: FinishedGame, rated: Sequence[Place]) -> None:
        """The table's game is over (or abandoned): into the history, out of the tables in play; the
        ratings of `rated` (one Place per seat) updated in the same transaction, unless it was abandoned."""
        ...

    def table_closed(self, tid: int) -> None:
        """The table is gone without a game to keep (nobody started it, or its game is already kept)."""
        ...

    async def games(self, name: str | None = None, limit: int = 20) -> list[GameSummary]:
        """The most recent finished games first; only those `name` played in, when given."""
        ...

    async def game(self, gid: int) -> FinishedGame | None: ...

    async def leaderboard(self, limit: int = 20, bots: bool = True) -> list[Standing]:
        """The best ratings first; without the bots' accounts when `bots` is False."""
        ...

    async def puzzle_answered(self, day: str, name: str, solved: bool, when: float) -> PuzzleDay:
        """Keep `name`'s answer to the puzzle of `day` (a UTC date, "2026-12-02") if it is their first that
        day (a later one changes nothing); the day's count, after it."""
        ...

    async def puzzle_day(self, day: str, name: str) -> PuzzleDay:
        """The day's count, and whether `name` solved it."""
        ...

    def mark_bot(self, name: str) -> None:
        """`name` is a bot's account from now on (it played over `ssh HOST bot`), marked wherever it shows."""
        ...

    def is_bot(self, name: str) -> bool:
        """Whether `name` is a bot's account (answered from memory)."""
        ...

    async def rating(self, name: str) -> Rating | None: ...

    def ban(self, ban: Ban) -> None: ...

    def unban(self, kind: BanKind, value: str) -> bool:
        """Lift the bans on `value`; whether there was one."""
        ...

    def bans(self) -> list[Ban]:
        """The bans in force now."""
        ...

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None: ...

    def close(self) -> None:
        """Wait until every write made so far is durable (the server is stopping)."""
        ...


def done() -> asyncio.Future[None]:
    fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    fut.set_result(None)
    return fut


class MemoryRecords:
    """Records kept in this process only: a hub without a database (tests, the demo). Same behaviour as
    a database's, minus surviving a restart."""

    shared = False  # one process's: see citadels_server.shared_records

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._tables: dict[int, KeptTable] = {}
        self._games: list[FinishedGame] = []
        self._ratings: dict[str, Rating] = {}
        self._names: dict[str, str] = {}  # folded -> as written
        self._bans: list[Ban] = []
        self._lobby: list[ChatLine] = []
        self._bots: set[str] = set()  # folded names of the bots' accounts
        self._puzzles: dict[
            str, dict[str, bool]
        ] = {}  # day -> folded name -> whether the first answer solved it

    @property
    def problems(self) -> list[str]:
        return []

    def next_table_id(self) -> int:
        return next(self._ids)

    def lobby_chat(self) -> list[ChatLine]:
        return list(self._lobby)

    def tables_in_play(self) -> list[KeptTable]:
        return list(self._tables.values())

    def table_started(self, table: KeptTable) -> None:
        self._tables[table.id] = table

    def seats_changed(self, tid: int, seats: Sequence[KeptSeat], bots: dict[int, str]) -> None:
        if tid in self._tables:
            self._tables[tid] = replace(self._tables[tid], seats=list(seats), bots=dict(bots))

    def append_actions(
        self, tid: int, start: int, moves: Sequence[tuple[int, Action]]
    ) -> asyncio.Future[None]:
        kept = self._tables.get(tid)
        if kept is not None:
            del kept.record.actions[start:]
            kept.record.actions.extend(moves)
        return done()

    def truncate_actions(self, tid: int, length: int) -> asyncio.Future[None]:
        kept = self._tables.get(tid)
        if kept is not None:
            del kept.record.actions[length:]
        return done()

    def claim_actions(
        self,
        tid: int,
        start: int,
        moves: Sequence[tuple[int, Action]],
        after: tuple[int, Action] | None = None,
    ) -> asyncio.Future[None]:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        kept = self._tables.get(tid)
        if kept is None:
            fut.set_exception(TableGone(tid))
        elif (
            after is not None
            and 0 < start <= len(kept.record.actions)
            and kept.record.actions[start - 1] != after
        ):
            fut.set_exception(PlaceTaken(tid, start - 1, list(kept.record.actions[start - 1 :])))
        elif start < len(kept.record.actions):
            fut.set_exception(PlaceTaken(tid, start, list(kept.record.actions[start:])))
        elif start > len(kept.record.actions):  # the journal ends before (an action taken back meanwhile)
            fut.set_exception(PlaceTaken(tid, len(kept.record.actions), []))
        else:
            kept.record.actions.extend(moves)
            fut.set_result(None)
        return fut

    def unclaim_action(self, tid: int, length: int, action: tuple[int, Action]) -> asyncio.Future[None]:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        kept = self._tables.get(tid)
        if kept is None:
            fut.set_exception(TableGone(tid))
        elif kept.record.actions[length:] != [action]:
            fut.set_exception(PlaceTaken(tid, length, list(kept.record.actions[length:])))
        else:
            del kept.record.actions[length:]
            fut.set_result(None)
        return fut

    def chat_line(self, tid: int | None, line: ChatLine) -> None:
        if tid is None:
            self._lobby.append(line)
        elif tid in self._tables:
            self._tables[tid].chat.append(line)

    def table_finished(self, tid: int, game: FinishedGame, rated: Sequence[Place]) -> None:
        self._tables.pop(tid, None)
        self._games.append(game)
        if not game.summary.abandoned:
            for p in rated:
                if p.rated is not None:
                    self._names[p.rated.casefold()] = p.rated
            self._ratings.update(rerated(rated, self._ratings))

    def table_closed(self, tid: int) -> None:
        self._tables.pop(tid, None)

    async def games(self, name: str | None = None, limit: int = 20) -> list[GameSummary]:
        found = [g.summary for g in reversed(self._games) if name is None or g.summary.has(name)]
        return found[:limit]

    async def game(self, gid: int) -> FinishedGame | None:
        return next((g for g in self._games if g.summary.id == gid), None)

    async def leaderboard(self, limit: int = 20, bots: bool = True) -> list[Standing]:
        ranked = sorted(
            ((k, r) for k, r in self._ratings.items() if bots or k not in self._bots),
            key=lambda kv: (-kv[1].shown, kv[0]),
        )
        return [Standing(self._names.get(k, k), r, k in self._bots) for k, r in ranked[:limit]]

    async def puzzle_answered(self, day: str, name: str, solved: bool, when: float) -> PuzzleDay:
        self._puzzles.setdefault(day, {}).setdefault(name.casefold(), solved)
        return await self.puzzle_day(day, name)

    async def puzzle_day(self, day: str, name: str) -> PuzzleDay:
        found = self._puzzles.get(day, {})
        return PuzzleDay(sum(found.values()), len(found), found.get(name.casefold()))

    def mark_bot(self, name: str) -> None:
        self._bots.add(name.casefold())

    def is_bot(self, name: str) -> bool:
        return name.casefold() in self._bots

    async def rating(self, name: str) -> Rating | None:
        return self._ratings.get(name.casefold())

    def ban(self, ban: Ban) -> None:
        self._bans.append(ban)

    def unban(self, kind: BanKind, value: str) -> bool:
        before = len(self._bans)
        self._bans = [b for b in self._bans if not (b.kind == kind and b.matches(value, value, value))]
        return len(self._bans) < before

    def bans(self) -> list[Ban]:
        now = time.time()
        return [b for b in self._bans if b.active(now)]

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None:
        now = time.time()
        return next((b for b in self._bans if b.active(now) and b.matches(name, key, address)), None)

    def close(self) -> None:
        pass
