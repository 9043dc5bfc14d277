"""The hub: every table of a server, its seats, its chat, and the lobby's chat, shared by all sessions.

One Hub lives in the server's process and is used only from its event loop (every app of every SSH
session shares that loop), so it needs no locks. It never touches an app: apps subscribe a callback,
and that callback only posts a message into its own app (`App.post_message`), which is safe across apps.

A seat belongs to the name that took it, and to the SSH key it came with when there was one. A player
who came without a key gets a reconnect code with the seat instead (shown on their screen): a name alone
proves nothing, since anyone can type it. A player who drops keeps the seat for `seat_hold` seconds:
meanwhile nobody plays for them (the table's bots play up to their next decision, then the table waits and
says so); when they come back (same name, and the same key or their code) they retake it and decide for
themselves; when the time runs out a bot keeps it for good. The server asks the hub which names hold seats
without a key, and checks codes with it, before it lets anyone log in under such a name
(`holds_keyless_seat`, `seat_code_matches`).

What the server keeps goes to its `Records` (records.py: the server's database, or memory): every table
in play with its journal of actions (an action is shown only once kept), the chats, each finished game
with the ratings it changes. `restore()` brings the tables in play back after a restart: every human
seat is then held as if its player had just dropped, for the whole `seat_hold` from the moment the
tables are back.

When the records are shared by several server processes (the server's PostgreSQL database,
docs/scaling.md), every process keeps a replica of every table: its own players' actions are claimed in
the table's journal, the other processes' come through the database's notices, and the bots and turn
timer of a table run only in the process holding its lease. See "sharing" below.
"""

from __future__ import annotations

import asyncio
import contextvars
import hmac
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from citadels_core import ConfigError, GameConfig, get_edition
from citadels_core.bots import LEVELS, level_name
from citadels_core.edition import EDITIONS
from citadels_core.scoring import score_breakdown
from citadels_core.text import clean_text

from .errors import error_text
from .game_setup import default_names
from .i18n import Lazy, lazy_t, t, tn
from .order import Order
from .ratings import Place
from .records import (
    FinishedGame,
    Finisher,
    GameSummary,
    KeptSeat,
    KeptTable,
    MemoryRecords,
    Records,
    SharedRecords,
)
from .table import Table

log = logging.getLogger(__name__)

HubListener = Callable[[], None]
MAX_CHAT = 200  # lines kept per chat: enough to scroll back, bounded for a long-running server
# Reconnect codes: letters and digits nobody misreads or mistypes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
CODE_LENGTH = 6  # 23**6 ≈ 148 million: a guess costs a whole SSH login, and a seat is held for minutes


def new_seat_code() -> str:
    """A fresh reconnect code for a player without a key, e.g. "K7M9QD"."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def same_code(given: str | None, code: str) -> bool:
    """Does `given` (as a player typed it: any case, spaces) match `code`? Compared in constant time."""
    if given is None:
        return False
    typed = "".join(given.split()).upper()
    return hmac.compare_digest(typed.encode(), code.encode())


MAX_LINE = 300  # characters of one said line: a paragraph, never a wall of text
# How fast one player may talk, lobby and table chat together: a burst of CHAT_BURST lines (a greeting and
# a few replies in a row), then one line every CHAT_EVERY seconds. A conversation never meets it; a script
# or a held-down key meets it after five lines, and those lines reach nobody.
CHAT_BURST = 5
CHAT_EVERY = 2.0


class HubError(Exception):
    """A request the hub refuses; the message is a sentence for the player."""


class ChatLimit:
    """A token bucket per player name: `burst` lines at once, then one more every `every` seconds."""

    FORGET_AFTER = 1000  # players tracked before full buckets (players quiet for long enough) are forgotten

    def __init__(
        self, burst: int = CHAT_BURST, every: float = CHAT_EVERY, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # name -> (lines left, when counted)

    def __len__(self) -> int:
        """How many players it keeps a count for."""
        return len(self._buckets)

    def _left(self, who: str, now: float) -> float:
        left, then = self._buckets.get(who, (float(self.burst), now))
        return min(float(self.burst), left + (now - then) / self.every)

    def take(self, name: str) -> float:
        """Count one line said by `name`: 0 when it may be said, else the seconds until it could be."""
        who, now = name.casefold(), self.clock()
        left = self._left(who, now)
        if left < 1:
            return (1 - left) * self.every
        self._buckets[who] = (left - 1, now)
        if len(self._buckets) > self.FORGET_AFTER:  # bounded on a long-running server
            self._buckets = {w: b for w, b in self._buckets.items() if self._left(w, now) < self.burst}
        return 0.0


@dataclass(slots=True)
class Holder:
    """Who holds a human seat: the name, the key it was taken with (or the reconnect code of a player who
    came without one), how many of their sessions show it."""

    name: str
    key: str | None
    present: int = 0
    released: bool = False  # the hold ran out: a bot plays the seat for the rest of the game
    hold: asyncio.TimerHandle | None = None
    code: str | None = None  # the reconnect code of a seat taken without a key
    # Shared tables (docs/scaling.md): until when (seconds since the epoch) the seat of a player who left
    # is held, as every process sharing the table knows it; None: not held.
    away_until: float | None = None

    def owns(self, name: str, key: str | None, code: str | None = None) -> bool:
        # The name, and what only its player has: the key the seat was taken with, else its code.
        if self.name.casefold() != name.casefold():
            return False
        if self.key is not None:
            return self.key == key
        # A seat kept from before codes existed (an older table file) goes by the name, as it did then.
        return self.code is None or same_code(code, self.code)

    @property
    def keyless(self) -> bool:
        """Taken without a key: only its reconnect code retakes it."""
        return self.key is None and self.code is not None


@dataclass(slots=True)
class HostedTable:
    id: int
    creator: str
    players: int
    cast: str
    districts: str
    bot_level: str
    turn_timer: float | None
    seed: int
    holders: list[Holder] = field(default_factory=list)  # human seats, in join order: seats 0, 1, …
    table: Table | None = None
    edition: str = "2016"
    shorter: bool = False  # the classic shorter game
    rank9: bool | None = None  # a rank 9 character with 4–7 players (None: the edition's default)
    chat: list[str | Lazy] = field(default_factory=list)  # said lines; announcements (Lazy)
    spectators: int = 0  # watching it, on every process sharing it
    watching_here: int = 0  # of whom on this process (shared tables: the others say theirs, `Hub._saw`)
    task: asyncio.Task[None] | None = None
    kept: bool = False  # its game is in the history (finished or abandoned)

    @property
    def status(self) -> str:
        if self.table is None:
            return "waiting"
        return "over" if self.table.game.over else "playing"

    @property
    def free(self) -> int:
        return self.players - len(self.holders) if self.table is None else 0

    def names(self) -> list[str]:
        if self.table is not None:
            return list(self.table.config.names)
        return [h.name for h in self.holders]

    def seat_of(self, name: str, key: str | None, code: str | None = None) -> int | None:
        for i, h in enumerate(self.holders):
            if h.owns(name, key, code) and not h.released:
                return i
        return None


class Hub:
    """All the tables and the lobby chat of one server."""

    def __init__(
        self,
        seat_hold: float = 120.0,
        pace: float = 0.6,
        seed: int | None = None,
        records: Records | None = None,
        lease: float = 6.0,
    ) -> None:
        self.seat_hold = seat_hold
        self.pace = pace  # seconds each bot move stays on screen
        self.seed = seed  # fixed seeds for tests: table N gets seed + N
        self.tables: dict[int, HostedTable] = {}
        # What outlives this process (the server's database), or memory: see records.py.
        self.records: Records = records if records is not None else MemoryRecords()
        self.chat: list[str | Lazy] = []
        self._listeners: list[HubListener] = []
        self.chat_limit = ChatLimit()
        self.order = Order()  # the admins, the message of the day and who is connected (order.py)
        # Records several processes share (docs/scaling.md), else None. `lease`: seconds a table's lease
        # lasts; it is renewed every third of that, so a process that died is replaced within about 1⅓ of it.
        self._shared: SharedRecords | None = (
            self.records if getattr(self.records, "shared", False) else None  # type: ignore[assignment]
        )
        self.lease = lease
        self._leased: set[int] = set()  # the tables whose bots and timer this process runs
        self._renewer: asyncio.Task[None] | None = None
        self._chores: set[asyncio.Task[None]] = set()  # reads in flight (kept so that none is collected)
        # The other processes as their presence rows last said (holder, alive, what their sessions show),
        # and this process's own presence written (or read) once at a time, again if asked meanwhile.
        self._others: list[tuple[str, bool, dict[str, object]]] = []
        self._publishing = _Once(self._spawn)
        self._stopped = False
        self._looking = _Once(self._spawn)

    @property
    def shared(self) -> bool:
        """Whether other server processes share this hub's tables (docs/scaling.md)."""
        return self._shared is not None

    # ---------------------------------------------------------------- listeners

    def subscribe(self, fn: HubListener) -> None:
        self._listeners.append(fn)
        self._publish()  # a session came (who is connected here: an admin's kick on another process)

    def unsubscribe(self, fn: HubListener) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)
        self._publish()

    def _notify(self) -> None:
        for fn in list(self._listeners):
            try:
                fn()
            except Exception:  # one broken session must not stop the others hearing news
                log.exception("hub listener failed")

    # ---------------------------------------------------------------- chat

    @staticmethod
    def _append(lines: list[str | Lazy], line: str | Lazy) -> None:
        lines.append(line)
        del lines[:-MAX_CHAT]

    def _said(self, name: str, text: str) -> str | None:
        """The chat line for `text`, counted against `name`'s rate; HubError when they talk too fast. None:
        nothing is left to say once the text is as others' screens may show it (citadels_core.text)."""
        text = clean_text(text).strip()[:MAX_LINE]
        if not text:
            return None
        wait = self.chat_limit.take(name)
        if wait:
            raise HubError(
                tn(
                    "You are talking too fast: that line was not sent; wait {n} second.",
                    "You are talking too fast: that line was not sent; wait {n} seconds.",
                    math.ceil(wait),
                )
            )
        return f"{name}: {text}"

    def say_lobby(self, name: str, text: str) -> None:
        line = self._said(name, text)
        if line is None:
            return
        self._append(self.chat, line)
        self.records.chat_line(None, line)
        self._notify()

    def say_table(self, ht: HostedTable, name: str, text: str) -> None:
        line = self._said(name, text)
        if line is not None:
            self._table_line(ht, line)

    def announce(self, ht: HostedTable, text: Lazy) -> None:
        """Tell the table; each player reads it in their own language."""
        self._table_line(ht, text)

    def announce_everywhere(self, text: Lazy) -> None:
        """Tell the lobby and every table (an admin's announcement); each reads it in their own language."""
        self._append(self.chat, text)
        self.records.chat_line(None, text)
        for ht in list(self.tables.values()):
            self._table_line(ht, text)
        self._notify()

    def _table_line(self, ht: HostedTable, line: str | Lazy) -> None:
        self._append(ht.chat, line)
        # A table is kept from its start: before, it has no game to come back to. Shared, a table not yet
        # started is the database's already, and its chat too: players on other processes read it.
        if ht.table is not None or self._shared is not None:
            self.records.chat_line(ht.id, line)
        self._notify()

    # ---------------------------------------------------------------- tables

    def create(
        self,
        name: str,
        key: str | None,
        players: int = 4,
        cast: str = "first_game",
        districts: str = "first_game",
        bots: str = "normal",
        timer: float | None = None,
        seed: int | None = None,
        edition: str = "2016",
        shorter: bool = False,
        rank9: bool | None = None,
        code: str | None = None,
    ) -> HostedTable:
        """A new table with its creator in the first seat; the sentence of a HubError says what is wrong.

        A creator without a key sits with `code` (their session's reconnect code), or a new one."""
        if edition not in EDITIONS:
            raise HubError(t("The editions are {e}, not {x}.", e=", ".join(EDITIONS), x=edition))
        if shorter and edition != "classic":
            raise HubError(t("The shorter game is a variant of the classic edition."))
        if self.find(name, key, code) is not None:
            raise HubError(t("You already have a seat at a table."))
        if level_name(bots) not in LEVELS:
            raise HubError(t("Bots are {b}, not {x}.", b=", ".join(LEVELS), x=bots))
        bots = level_name(bots)
        if timer is not None and not 10 <= timer <= 3600:
            raise HubError(t("The turn timer is 10 to 3600 seconds (or 0 for none)."))
        presets = {p.key for p in get_edition(edition).presets}
        for what in (cast, districts):
            if what not in presets:
                raise HubError(
                    t("There is no preset called {x}; known: {p}.", x=what, p=", ".join(sorted(presets)))
                )
        try:
            GameConfig.create(
                players, cast=cast, districts=districts, edition=edition, shorter=shorter, rank9=rank9
            )
        except (ConfigError, KeyError) as e:
            raise HubError(error_text(e, edition)) from None
        tid = self.records.next_table_id()
        if seed is None:
            seed = self.seed + tid if self.seed is not None else secrets.randbelow(2**31)
        ht = HostedTable(
            tid,
            name,
            players,
            cast,
            districts,
            bots,
            timer,
            seed,
            [self._holder(name, key, code)],
            edition=edition,
            shorter=shorter,
            rank9=rank9,
        )
        self.tables[tid] = ht
        if self._shared is not None:  # players on the other processes may sit there too
            self._shared.table_waiting(tid, _settings(ht), _seats(ht))
            self._publish()
        log.info(
            "table %d created by %s (%d players, %s %s/%s)", tid, name, players, edition, cast, districts
        )
        self._notify()
        return ht

    def get(self, tid: int) -> HostedTable:
        ht = self.tables.get(tid)
        if ht is None:
            raise HubError(t("There is no table {n}.", n=tid))
        return ht

    def find(self, name: str, key: str | None, code: str | None = None) -> tuple[HostedTable, int] | None:
        """The table and seat this player holds (waiting or playing), if any."""
        for ht in self.tables.values():
            seat = ht.seat_of(name, key, code)
            if seat is not None and ht.status != "over":
                return ht, seat
        return None

    @staticmethod
    def _holder(name: str, key: str | None, code: str | None) -> Holder:
        return Holder(name, key) if key is not None else Holder(name, None, code=code or new_seat_code())

    # ---------------------------------------------------------------- what the server asks before a login

    def _keyless_seats(self, name: str) -> list[Holder]:
        return [
            h
            for ht in self.tables.values()
            if ht.status != "over"
            for h in ht.holders
            if h.keyless and not h.released and h.name.casefold() == name.casefold()
        ]

    def holds_keyless_seat(self, name: str) -> bool:
        """Does a player who came without a key hold a seat under `name` (so that only its code gives the name)?"""
        return bool(self._keyless_seats(name))

    def seat_code_matches(self, name: str, code: str) -> bool:
        """Is `code` the reconnect code of the seat held without a key under `name`?"""
        return any(h.code is not None and same_code(code, h.code) for h in self._keyless_seats(name))

    def join(self, ht: HostedTable, name: str, key: str | None, code: str | None = None) -> int:
        """Sit at a waiting table, or retake one's own seat at a table in play; the seat number.

        A player without a key sits with `code` (their session's reconnect code), or a new one."""
        seat = ht.seat_of(name, key, code)
        if seat is not None:
            return seat
        for _ in range(3):  # shared: the seats changed on another process meanwhile; look again
            if ht.table is not None:
                raise HubError(t("That game has started; you can watch it."))
            if self.find(name, key, code) is not None:
                raise HubError(t("You already have a seat at a table."))
            if any(h.name.casefold() == name.casefold() for h in ht.holders):
                raise HubError(t("Someone called {p} already sits there.", p=name))
            if ht.free <= 0:
                raise HubError(t("That table is full; you can watch it once it starts."))
            holder = self._holder(name, key, code)
            if self._shared is None or self._shared.seats_taken(
                ht.id, _seats(ht), _seats(ht) + [_seat(holder)], _settings(ht)
            ):
                ht.holders.append(holder)
                self._publish()
                self._notify()
                return len(ht.holders) - 1
            self._reread_waiting(ht)
        raise HubError(t("Others sat down at that table at the same moment; try again."))

    def leave(self, ht: HostedTable, name: str, key: str | None, code: str | None = None) -> None:
        """Stand up from a waiting table (the game has not started: the seat is simply free again)."""
        for _ in range(3):  # shared: the seats changed on another process meanwhile; look again
            seat = ht.seat_of(name, key, code)
            if seat is None or ht.table is not None:
                return
            holders = ht.holders[:seat] + ht.holders[seat + 1 :]
            creator = ht.creator
            if holders and ht.creator.casefold() == name.casefold():
                creator = holders[0].name  # someone must be able to start it
            if self._shared is None or self._shared.seats_taken(
                ht.id, _seats(ht), [_seat(h) for h in holders], {**_settings(ht), "creator": creator}
            ):
                break
            try:
                self._reread_waiting(ht)
            except HubError:
                return  # the table started or went meanwhile: nothing to stand up from here
        else:
            log.warning("table %d: %s could not stand up (its seats kept changing)", ht.id, name)
            return
        ht.holders, ht.creator = holders, creator
        if not ht.holders:
            self.tables.pop(ht.id, None)
        self._publish()
        self._notify()

    def _stand_up_gone(self, ht: HostedTable, gone: set[str]) -> None:
        """The players named `gone` (folded) were on a process that died: they stand up from `ht`, not yet
        started, as if they had left it (the creator's role passes on; nobody left: the table goes). Every
        survivor may try; the compare-and-set on the seats lets one do it."""
        assert self._shared is not None
        for _ in range(3):
            holders = [h for h in ht.holders if h.name.casefold() not in gone]
            if ht.table is not None or len(holders) == len(ht.holders):
                return
            creator = ht.creator
            if holders and creator.casefold() in gone:
                creator = holders[0].name
            if self._shared.seats_taken(
                ht.id, _seats(ht), [_seat(h) for h in holders], {**_settings(ht), "creator": creator}
            ):
                break
            try:
                self._reread_waiting(ht)
            except HubError:
                return  # it started or went meanwhile
        else:
            return
        log.info("table %d: %s stood up (their process is gone)", ht.id, ", ".join(sorted(gone)))
        ht.holders, ht.creator = holders, creator
        if not ht.holders:
            self.tables.pop(ht.id, None)
        self._notify()

    def start(self, ht: HostedTable, name: str) -> Table:
        """The creator starts the game; bots take the empty seats."""
        for _ in range(3):  # shared: the seats changed on another process meanwhile; look again
            if ht.table is not None:
                raise HubError(t("That game has already started."))
            if ht.creator.casefold() != name.casefold():
                raise HubError(t("Only {p}, who made the table, can start it.", p=ht.creator))
            table, kept = self._game_for(ht)
            if self._shared is None:
                self.records.table_started(kept)
                break
            if self._shared.waiting_started(kept, _seats(ht)):
                break
            # Someone on another process sat down or stood up meanwhile: the game those seats make is not
            # this one. The table is read again, and started as it is now (as when they sat down before).
            self._reread_waiting(ht)
        else:
            raise HubError(t("Someone sat down or stood up at that table just now; type “start” again."))
        self._seat_table(ht, table)
        if self._shared is not None:
            self._spawn(self._take(ht))  # started here: this process runs its bots, unless another took it
        log.info("table %d started by %s: %s (seed %d)", ht.id, name, ", ".join(table.config.names), ht.seed)
        self._notify()
        return table

    def _game_for(self, ht: HostedTable) -> tuple[Table, KeptTable]:
        """The game `ht`'s seats make now (bots in the empty seats), and the table as it is to be kept."""
        humans = [h.name for h in ht.holders]
        # In the starter's language: a Russian table's bots are «Клара (бот)».
        names = humans + [t("{n} (bot)", n=x) for x in default_names(humans)[: ht.players - len(humans)]]
        cfg = GameConfig.create(
            ht.players,
            cast=ht.cast,
            districts=ht.districts,
            names=names,
            edition=ht.edition,
            shorter=ht.shorter,
            rank9=ht.rank9,
        )
        bots = {i: ht.bot_level for i in range(len(humans), ht.players)}
        table = Table.new(cfg, ht.seed, bots, self.pace)
        kept = KeptTable(
            ht.id, _settings(ht), _seats(ht), table.record.copy(), dict(table.bot_kinds), list(ht.chat)
        )
        return table, kept

    def _seat_table(self, ht: HostedTable, table: Table) -> None:
        """Put `table` in play at `ht`: its timer, stand-ins, announcements, saving and its bots' task."""
        table.turn_timer = ht.turn_timer
        table.standin_level = ht.bot_level
        table.announce = lambda text: self.announce(ht, text)
        if self._shared is not None:
            self._replicate(ht, table, self._shared)
            return
        table.journal = lambda start, moves: self.records.append_actions(ht.id, start, moves)
        table.forget = lambda length: self.records.truncate_actions(ht.id, length)
        table.subscribe(self._notify_if_over(ht))
        ht.table = table
        # A fresh context: the table belongs to no session, though a player's command started it (their
        # app's context would make its work theirs: their language, their share of the server's loop).
        ht.task = asyncio.get_running_loop().create_task(
            table.run(), name=f"table-{ht.id}", context=contextvars.Context()
        )

    # ---------------------------------------------------------------- keeping tables across restarts

    def close(self) -> None:
        """Wait until everything kept so far is durable (the server is stopping). Shared: this process's
        leases are given up first, so that another process takes its tables at once."""
        self.stop_sharing(release=True)
        self.records.close()

    def stop_sharing(self, release: bool) -> None:
        """Renew no lease and run no bots from now (the server is stopping); `release`: give this process's
        leases up, so that another process takes its tables at once (without: as a process that died)."""
        if self._shared is None:
            return
        self._stopped = True  # and acts on no notice: another process may take its tables now
        if self._renewer is not None:
            self._renewer.cancel()
        for tid in list(self._leased):
            self._lost_lease(tid)
        if release:
            self._shared.release_leases()

    def runs(self, tid: int) -> bool:
        """Whether this process runs table `tid`'s bots and timer (it holds the lease, or shares nothing)."""
        return self._shared is None or tid in self._leased

    def restore(self) -> list[str]:
        """Bring back the lobby's chat and the tables kept in play (call on the server's event loop,
        before anyone joins).

        Each human seat is held for `seat_hold` seconds as if its player had just dropped. Returns one
        sentence per kept table that could not be used (left as it is; also logged)."""
        self.chat = self.records.lobby_chat()[-MAX_CHAT:]
        problems = list(self.records.problems)
        back: list[HostedTable] = []
        for kept in self.records.tables_in_play():
            try:
                ht = _hosted(kept.id, kept.settings)
                table = Table(kept.record.copy(), kept.bots, self.pace)
            except Exception as e:  # noqa: BLE001 - one table the code cannot rebuild must not stop the rest
                problems.append(f"Table {kept.id} cannot be resumed ({e}); it was left as it is.")
                log.warning("%s", problems[-1])
                continue
            ht.holders = [Holder(s.name, s.key, released=s.released, code=s.code) for s in kept.seats]
            ht.chat = list(kept.chat[-MAX_CHAT:])
            if self._shared is not None:
                # A replica, like every other process's: its bots run where its lease is held (`share`), and
                # its seats are held by the processes their players use.
                ht.holders = [_holder_of(s) for s in kept.seats]
                self.tables[ht.id] = ht
                self._seat_table(ht, table)
                self._sync_away(ht)
                continue
            if table.game.over:
                # It ended just before the stop, before its game reached the history: it goes there now.
                ht.table = table
                self._finished(ht)
                continue
            self.tables[ht.id] = ht
            self._seat_table(ht, table)
            back.append(ht)
            self.announce(ht, lazy_t("The server restarted; the game goes on where it was."))
            log.info("table %d resumed (%d actions)", ht.id, len(kept.record.actions))
        if self._shared is not None:
            for tid, settings, seats in self._shared.waiting_tables():
                with _cannot_read(problems, tid):
                    ht = _hosted(tid, settings)
                    ht.holders = [Holder(s.name, s.key, released=s.released, code=s.code) for s in seats]
                    self.tables[tid] = ht
            self._notify()
            return problems
        # Every human seat is held from now, once all the tables are back (loading them takes time that
        # must not come out of anyone's hold); the tables' tasks have not run yet, so no bot played for them.
        for ht in back:
            for seat, h in enumerate(ht.holders):
                if not h.released:
                    self._away(ht, seat)
        self._notify()
        return problems

    def _finished(self, ht: HostedTable, abandoned: bool = False, force: bool = False) -> None:
        """Keep the table's game in the history (and the ratings it changes); it leaves the tables in play."""
        assert ht.table is not None
        if ht.kept:
            return
        if self._shared is not None and not force and ht.id not in self._leased:
            return  # the process holding the lease keeps it (once: its rating counts once)
        ht.kept = True
        self._leased.discard(ht.id)
        table = ht.table
        game, names = table.game, table.config.names
        keys = {i: h.key for i, h in enumerate(ht.holders) if not h.released}
        if game.over:
            result = game.result
            totals = [s["total"] for s in result["scores"]]
            winners = set(result["winners"])
        else:  # abandoned: what each city is worth now, for the record; nobody is rated
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
            Place(ranks[p], rated=names[p] if keys.get(p) else None, bot=table.bot_kinds.get(p))
            for p in range(len(names))
        ]
        self.records.table_finished(ht.id, FinishedGame(summary, table.record.copy()), places)
        log.info("table %d kept in the history%s", ht.id, " (abandoned)" if abandoned else "")

    def _notify_if_over(self, ht: HostedTable) -> Callable[[], None]:
        done = False

        def check() -> None:
            nonlocal done
            if not done and ht.table is not None and ht.table.game.over:
                done = True
                self._finished(ht)
                self._notify()  # the lobby shows the table as over

        return check

    # ---------------------------------------------------------------- presence

    def arrive(self, ht: HostedTable, seat: int) -> None:
        """A session shows this seat (its player sat down or came back)."""
        h = ht.holders[seat]
        h.present += 1
        self._publish()
        if h.hold is not None:
            h.hold.cancel()
            h.hold = None
        if ht.table is not None and (seat in ht.table.away or h.away_until is not None):
            ht.table.set_away(seat, False)
            if self._shared is not None and h.away_until is not None:
                h.away_until = None  # the process running the table, and any holding the seat, must know
                self.records.seats_changed(ht.id, _seats(ht), dict(ht.table.bot_kinds))
            self.announce(ht, lazy_t("{p} is back.", p=h.name))
            log.info("table %d: %s is back", ht.id, h.name)

    def depart(self, ht: HostedTable, seat: int) -> None:
        """A session showing this seat ended or went back to the lobby."""
        if seat >= len(ht.holders):
            return
        h = ht.holders[seat]
        h.present = max(0, h.present - 1)
        self._publish()
        if h.present == 0 and ht.status == "playing" and not h.released:
            self._away(ht, seat)
            self._say_left(ht, h)
        self._forget_if_done(ht)

    def _say_left(self, ht: HostedTable, h: Holder) -> None:
        minutes = self.seat_hold / 60
        self.announce(
            ht,
            lazy_t("{p} left; their seat is kept for {m:g} minutes.", p=h.name, m=round(minutes, 1))
            if self.seat_hold >= 120
            else lazy_t("{p} left; their seat is kept for {s:g} seconds.", p=h.name, s=self.seat_hold),
        )
        log.info("table %d: %s left", ht.id, h.name)

    def _away(self, ht: HostedTable, seat: int) -> None:
        """The seat's player is gone: their seat is held (the table waits for them) until they come back or
        `seat_hold` runs out."""
        h = ht.holders[seat]
        if h.hold is None:
            h.hold = asyncio.get_running_loop().call_later(self.seat_hold, self._release, ht, seat)
        if ht.table is not None:
            ht.table.set_away(seat, True, until=h.hold.when())
            if self._shared is not None and h.away_until is None:
                # The process running the table's bots waits for them too, and gives the seat to a bot
                # when the hold runs out, whichever process they left.
                h.away_until = time.time() + (h.hold.when() - asyncio.get_running_loop().time())
                self.records.seats_changed(ht.id, _seats(ht), dict(ht.table.bot_kinds))

    def _release(self, ht: HostedTable, seat: int) -> None:
        h = ht.holders[seat]
        h.hold = None
        if h.present or ht.table is None:
            return
        if ht.table.game.over:
            self._forget_if_done(ht)
            return
        if self._shared is not None and (ht.id not in self._leased or h.away_until is None):
            # The process running the table gives the seat to a bot (`_renew`), once; a player who came
            # back on another process keeps it.
            return
        h.released, h.away_until = True, None
        ht.table.give_to_bot(seat, ht.bot_level)
        self.records.seats_changed(ht.id, _seats(ht), dict(ht.table.bot_kinds))
        self.announce(ht, lazy_t("{p} did not come back: a bot plays their seat to the end.", p=h.name))
        log.info("table %d: %s's seat goes to a bot", ht.id, h.name)
        self._forget_if_done(ht)

    def watch(self, ht: HostedTable) -> None:
        if ht.table is None:
            raise HubError(t("That game has not started yet."))
        ht.spectators += 1
        ht.watching_here += 1
        self._publish()
        self._notify()

    def unwatch(self, ht: HostedTable) -> None:
        ht.spectators = max(0, ht.spectators - 1)
        ht.watching_here = max(0, ht.watching_here - 1)
        self._publish()
        self._notify()

    def sessions_elsewhere(self, name: str) -> int:
        """How many sessions other processes sharing the tables have under `name`, as they last said (an
        admin's kick reaches them, `kick_elsewhere`); 0 when nothing is shared."""
        folded = name.casefold()
        return sum(
            int(here.get("names", {}).get(folded, 0))  # type: ignore[union-attr]
            for _, alive, here in self._others
            if alive
        )

    def kick_elsewhere(self, name: str, farewell: Lazy) -> None:
        """End `name`'s sessions on the other processes (an admin's kick); they read `farewell`."""
        if self._shared is not None:
            self._shared.kick(name, farewell)

    def close_table(self, ht: HostedTable) -> None:
        """Close a table now (an admin's word): a game in play is kept in the history as abandoned, its
        bots stop and it leaves the lobby; a waiting table simply goes."""
        for h in ht.holders:
            if h.hold is not None:
                h.hold.cancel()
                h.hold = None
        if ht.table is not None:
            self._finished(ht, abandoned=not ht.table.game.over, force=True)
            ht.table.close()
        elif self._shared is not None:
            self._shared.seats_taken(ht.id, _seats(ht), [], _settings(ht))
        self.tables.pop(ht.id, None)
        log.info("table %d closed by an admin", ht.id)
        self._notify()

    def _forget_if_done(self, ht: HostedTable) -> None:
        """A finished or abandoned table nobody looks at leaves the lobby (and its bots stop)."""
        if ht.table is None:
            return
        anyone = any(h.present or (h.hold is not None and not h.released) for h in ht.holders)
        if not anyone and (ht.table.game.over or all(h.released for h in ht.holders)):
            # Every human gone for good before the end: the game is kept as abandoned.
            self._finished(ht, abandoned=not ht.table.game.over)
            ht.table.close()
            self.tables.pop(ht.id, None)
            log.info("table %d closed", ht.id)
        self._notify()

    # ---------------------------------------------------------------- sharing (docs/scaling.md)

    def _replicate(self, ht: HostedTable, table: Table, shared: SharedRecords) -> None:
        """`table` is `ht`'s replica: its own seats' actions are claimed in the shared journal (after the
        action they follow), a decision taken back only while nobody acted on it, and a gap read from the
        journal. Its bots and timer run only while this process holds the lease (`_take`)."""
        tid = ht.id
        table.journal = lambda start, moves: shared.claim_actions(
            tid, start, moves, after=table.record.actions[start - 1] if start else None
        )
        table.unclaim = lambda length, action: shared.unclaim_action(tid, length, action)
        # What the journal holds from there on is added (never cut back: a read that comes late, after
        # this process's own claims, must not undo them; a decision taken back comes as `truncated`).
        table.catch_up = lambda length: self._spawn(self._read_journal(ht, length))
        table.subscribe(self._notify_if_over(ht))
        ht.table = table

    async def share(self) -> None:
        """Listen to the other processes (call once on the event loop, after `restore`), catch up with what
        they wrote since the tables were read, and take the tables that nobody runs; then renew."""
        assert self._shared is not None
        await self._shared.listen(self._told)  # closed with the records
        await self._resync()
        self._renewer = self._spawn(self._renew())

    def _spawn(self, work: object) -> asyncio.Task[None]:
        # A fresh context: the work belongs to no session (as a table's task, see `_seat_table`).
        task = asyncio.get_running_loop().create_task(work, context=contextvars.Context())  # type: ignore[arg-type]
        self._chores.add(task)
        task.add_done_callback(self._chore_done)
        return task

    def _chore_done(self, task: asyncio.Task[None]) -> None:
        self._chores.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("shared tables: %s", task.exception(), exc_info=task.exception())

    def _told(self, notice: object) -> None:
        """A notice from the database (`Notice`: kind, table, n, origin): what another process wrote."""
        shared = self._shared
        kind, tid, n = getattr(notice, "kind", ""), getattr(notice, "table", None), getattr(notice, "n", 0)
        if shared is None or getattr(notice, "origin", "") == shared.holder or self._stopped:
            return  # this process's own: it knows (or it stops)
        ht = self.tables.get(tid) if tid is not None else None
        if kind == "actions":
            if ht is not None and ht.table is not None:
                self._spawn(self._read_journal(ht, n))
        elif kind == "truncated":
            if ht is not None and ht.table is not None:
                ht.table.receive(n, [], ends=True)
        elif kind == "table" and tid is not None:
            self._spawn(self._refresh(tid))
        elif kind == "chat":
            self._spawn(self._heard(tid, n))
        elif kind == "bans":
            self._spawn(self._bans_changed())
        elif kind == "players":
            self._spawn(shared.refresh_logins())
        elif kind == "presence":
            self._looking.run(self._look)
        elif kind == "kick":
            self._spawn(self._kicked(n))
        elif kind == "lost":
            self._spawn(self._resync())

    async def _read_journal(self, ht: HostedTable, start: int, ends: bool = False) -> None:
        assert self._shared is not None
        moves = await self._shared.actions_from(ht.id, start)
        if ht.table is not None:
            ht.table.receive(start, moves, ends=ends)

    async def _heard(self, tid: int | None, n: int) -> None:
        assert self._shared is not None
        line = next((x for i, x in await self._shared.chat_after(tid, n - 1) if i == n), None)
        ht = self.tables.get(tid) if tid is not None else None
        if line is None or (tid is not None and ht is None):
            return
        self._append(self.chat if ht is None else ht.chat, line)
        self._notify()

    async def _resync(self) -> None:
        """Anything may have been missed (notices lost, or written before this process listened): every
        table is read again."""
        assert self._shared is not None
        for tid in sorted(set(await self._shared.table_ids()) | set(self.tables)):
            await self._refresh(tid, whole=True)

    async def _refresh(self, tid: int, whole: bool = False) -> None:
        """Table `tid` as the database has it now, into this hub: new, changed, started or gone. `whole`:
        its journal as read replaces the replica's (a decision taken back may have been missed too)."""
        assert self._shared is not None
        state = await self._shared.table_state(tid)
        ht = self.tables.get(tid)
        if state is None:
            if ht is not None and ht.table is not None:
                # Its journal went with it: what the replica had not read yet is in the history, when
                # the game was kept there (its end, for the players here to see).
                finished = await self.records.game(tid)
                if finished is not None and ht.table is not None:
                    ht.table.receive(0, finished.record.actions, ends=True)
            if ht is not None:
                self._gone(ht)
        elif isinstance(state, KeptTable):
            if ht is not None and ht.table is not None:
                _merge(ht, state.seats)
                self._sync_away(ht)
                for seat, level in state.bots.items():
                    if seat not in ht.table.bots:  # its player's hold ran out on another process
                        ht.table.give_to_bot(seat, level)
                have = len(ht.table.record.actions)
                if whole:
                    ht.table.receive(0, state.record.actions, ends=True)
                elif len(state.record.actions) > have:
                    ht.table.receive(have, state.record.actions[have:])
            else:
                if ht is None:
                    ht = self.tables[tid] = _hosted(tid, state.settings)
                _merge(ht, state.seats)
                ht.chat = list(state.chat[-MAX_CHAT:])
                self._seat_table(ht, Table(state.record.copy(), state.bots, self.pace))
                self._sync_away(ht)
                log.info("table %d: a replica (%d actions)", tid, len(state.record.actions))
        else:
            settings, seats = state
            new = ht is None
            if ht is None:
                ht = self.tables[tid] = _hosted(tid, settings)
            ht.creator = str(settings.get("creator", ht.creator))
            _merge(ht, seats)
            if new or whole:  # what was said there while it waited (its chat is the database's)
                ht.chat = [line for _, line in await self._shared.chat_after(tid, 0)][-MAX_CHAT:]
        self._notify()

    def _sync_away(self, ht: HostedTable) -> None:
        """The seats held for players who left (any process) are waited for at `ht`'s replica; those whose
        player came back (any process) are not, and this process's hold of them ends."""
        table = ht.table
        if table is None:
            return
        now, loop_now = time.time(), asyncio.get_running_loop().time()
        healed = False
        for seat, h in enumerate(ht.holders):
            if h.released:
                continue
            if h.away_until is not None and h.present:
                # Held as gone (its process seemed dead, or news crossed) while a session here shows the
                # seat: its player is here, and every process must know it.
                h.away_until, healed = None, True
                if seat in table.away:
                    table.set_away(seat, False)
            elif h.away_until is not None and not h.present:
                if seat not in table.away:
                    table.set_away(seat, True, until=loop_now + max(0.0, h.away_until - now))
            elif h.away_until is None and seat in table.away and not h.present:
                if h.hold is not None:
                    h.hold.cancel()
                    h.hold = None
                table.set_away(seat, False)
        if healed:
            self.records.seats_changed(ht.id, _seats(ht), dict(table.bot_kinds))

    def _holds_run_out(self, ht: HostedTable) -> None:
        """The process running `ht` gives each seat whose hold ran out (whichever process its player
        left) to a bot."""
        now = time.time()
        for seat, h in enumerate(ht.holders):
            if h.away_until is not None and h.away_until <= now and not h.released and not h.present:
                self._release(ht, seat)

    def _gone(self, ht: HostedTable) -> None:
        """`ht` is no longer in the database: its game was kept by another process, or it was closed."""
        if ht.table is None:
            self.tables.pop(ht.id, None)
            return
        ht.kept = True  # in the history, by the process that ended it
        self._lost_lease(ht.id)
        for h in ht.holders:
            if h.hold is not None:
                h.hold.cancel()
                h.hold = None
        if not ht.table.game.over:  # closed before its end (an admin, or everyone left)
            ht.table.close()
            self.tables.pop(ht.id, None)
        else:
            self._forget_if_done(ht)

    def _reread_waiting(self, ht: HostedTable) -> None:
        """The seats of a table not yet started as the database has them now (a player sitting down waits
        for this); HubError when it started or went meanwhile."""
        assert self._shared is not None
        found = self._shared.waiting_table(ht.id)
        if found is None:
            self._spawn(self._refresh(ht.id))
            raise HubError(t("That table changed just now; look at the lobby and try again."))
        settings, seats = found
        ht.creator = str(settings.get("creator", ht.creator))
        _merge(ht, seats)
        self._notify()

    async def _renew(self) -> None:
        """Every third of the lease: renew this process's leases (a table whose lease another process took
        stops here at once), then take the tables nobody runs (their process died or stopped)."""
        assert self._shared is not None
        while True:
            try:
                # This process is alive (its presence, twice the lease: a loaded loop that renews late must
                # not look dead), and the others as they are: the players of one that died have left.
                self._saw(await self._shared.presence(self.lease * 2, self._here()))
                self._gone_elsewhere()
            except Exception:  # noqa: BLE001 - the leases below are renewed regardless
                log.exception("shared tables: renewing this process's presence failed")
            try:
                if self._leased:
                    held = set(await self._shared.renew_leases(self.lease))  # one statement for all
                    for tid in list(self._leased):
                        if tid not in held:
                            self._lost_lease(tid)
                        elif (ht := self.tables.get(tid)) is not None and ht.table is not None:
                            self._holds_run_out(ht)
                for tid in await self._shared.tables_without_runner():
                    ht = self.tables.get(tid)
                    if ht is not None and ht.table is not None:
                        await self._take(ht)
            except Exception:  # noqa: BLE001 - the database away for a moment: try again at the next round
                log.exception("shared tables: renewing the leases failed")
            await asyncio.sleep(self.lease / 3)

    # ---------------------------------------------------------------- presence across processes

    def _here(self) -> dict[str, object]:
        """What this process's sessions show, for its presence row: the seats (table, folded name) of its
        players, at tables in play and not yet started; how many watch each table here; who is connected
        (folded name: sessions)."""
        names: dict[str, int] = {}
        for who in self.order.attendees:
            folded = who.name.casefold()
            names[folded] = names.get(folded, 0) + 1
        seats = [
            [ht.id, h.name.casefold()]
            for ht in self.tables.values()
            for h in ht.holders
            if not h.released and (h.present or (ht.table is None and h.name.casefold() in names))
        ]
        watching = {str(ht.id): ht.watching_here for ht in self.tables.values() if ht.watching_here}
        return {"seats": seats, "watching": watching, "names": names}

    def _publish(self) -> None:
        """Tell the other processes at once what this one's sessions show now (a seat taken or left, a
        spectator, a session come or gone), not only at the next renewal."""
        if self._shared is not None and self._renewer is not None:
            self._publishing.run(self._present)

    async def _present(self) -> None:
        assert self._shared is not None
        self._saw(await self._shared.presence(self.lease * 2, self._here(), changed=True))

    async def _look(self) -> None:
        assert self._shared is not None
        self._saw(await self._shared.presence(self.lease, None))

    def _saw(self, others: list[tuple[str, bool, dict[str, object]]]) -> None:
        """The other processes' presence as read: each table's spectators are this process's and those the
        living others say."""
        self._others = others
        elsewhere: dict[int, int] = {}
        for _, alive, here in others:
            if alive:
                for tid, n in dict(here.get("watching", {})).items():  # type: ignore[call-overload]
                    elsewhere[int(tid)] = elsewhere.get(int(tid), 0) + int(n)
        changed = False
        for ht in self.tables.values():
            total = ht.watching_here + elsewhere.get(ht.id, 0)
            if total != ht.spectators:
                ht.spectators, changed = total, True
        if changed:
            self._notify()

    def _gone_elsewhere(self) -> None:
        """The players of a process that died (its presence expired) have left, unless a session on a living
        process shows their seat: at a table in play whose lease this process holds, their seat is held as
        for a player who disconnected (a bot takes it when the hold runs out); from a table not yet started,
        they stand up."""
        live = {(int(tid), str(name)) for tid, name in self._here()["seats"]}  # type: ignore[union-attr]
        dead: set[tuple[int, str]] = set()
        for _, alive, here in self._others:
            for tid, name in here.get("seats", []):  # type: ignore[union-attr]
                (live if alive else dead).add((int(tid), str(name)))
        standing: dict[int, set[str]] = {}
        connected = {who.name.casefold() for who in self.order.attendees}
        for tid, name in sorted(dead - live):
            ht = self.tables.get(tid)
            if ht is None:
                continue
            seat = next(
                (i for i, h in enumerate(ht.holders) if h.name.casefold() == name and not h.released), None
            )
            if seat is None or ht.holders[seat].present:
                continue
            h = ht.holders[seat]
            if ht.table is None:
                if name not in connected:
                    standing.setdefault(tid, set()).add(name)
            elif tid in self._leased and h.away_until is None and not ht.table.game.over:
                self._away(ht, seat)
                self._say_left(ht, h)
        for tid, gone in standing.items():
            if (ht := self.tables.get(tid)) is not None:
                self._stand_up_gone(ht, gone)

    async def _bans_changed(self) -> None:
        """An admin on another process banned or unbanned: logins here follow the bans at once, and the
        sessions here that a ban now shuts out end, as they would on the admin's process."""
        assert self._shared is not None
        await self._shared.refresh_logins()
        # admin.py builds on the hub (its commands are the hub's); imported here, when a ban is heard.
        from .admin import end_banned_sessions

        for ban in self.records.bans():
            if n := end_banned_sessions(self, ban):
                log.info("%d session(s) ended by a ban made on another process", n)

    async def _kicked(self, kid: int) -> None:
        """An admin on another process kicked a name: its sessions here end."""
        assert self._shared is not None
        found = await self._shared.kick_of(kid)
        if found is None:
            return
        name, farewell = found
        for who in self.order.sessions_of(name=name):
            who.dismiss(farewell if isinstance(farewell, Lazy) else Lazy(farewell, ()))
        log.info("%s kicked by an admin on another process", name)

    async def _take(self, ht: HostedTable) -> None:
        """Take `ht`'s lease if it is free (or renew it); once held, read its journal to the end and run its
        bots and timer from there."""
        assert self._shared is not None
        lease = await self._shared.take_lease(ht.id, self.lease)
        table = ht.table
        if not lease.mine or table is None or table.closed:
            return
        self._leased.add(ht.id)
        if ht.task is not None and not ht.task.done():
            return
        start = len(table.record.actions)
        table.receive(start, await self._shared.actions_from(ht.id, start))
        if table.game.over:
            self._finished(ht)
            self._notify()
            return
        log.info("table %d: this process runs its bots and timer (lease term %d)", ht.id, lease.term)
        ht.task = asyncio.get_running_loop().create_task(
            table.run(), name=f"table-{ht.id}", context=contextvars.Context()
        )

    def _lost_lease(self, tid: int) -> None:
        """Another process runs this table now (or it ended): its bots and timer stop here."""
        self._leased.discard(tid)
        ht = self.tables.get(tid)
        if ht is not None and ht.task is not None:
            ht.task.cancel()
            ht.task = None
            log.info("table %d: another process runs it now", tid)


class _Once:
    """Runs one piece of async work at a time: asked again while it runs, it runs once more after (a burst
    of asks is one or two runs, and the last one sees the latest state)."""

    def __init__(self, spawn: Callable[[object], asyncio.Task[None]]) -> None:
        self._spawn = spawn
        self._task: asyncio.Task[None] | None = None
        self._again = False

    def run(self, work: Callable[[], object]) -> None:
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._again = False
        self._task = self._spawn(self._loop(work))

    async def _loop(self, work: Callable[[], object]) -> None:
        while True:
            await work()  # type: ignore[misc]
            if not self._again:
                return
            self._again = False


def _hosted(tid: int, settings: dict[str, object]) -> HostedTable:
    """A HostedTable from its kept settings (those this code knows)."""
    known = {f.name for f in fields(HostedTable)}
    return HostedTable(**{k: v for k, v in settings.items() if k in known and k != "id"}, id=tid)  # type: ignore[arg-type]


def _merge(ht: HostedTable, seats: list[KeptSeat]) -> None:
    """`ht`'s seats are `seats` (as the database has them): a player of this process keeps their presence."""
    mine = {h.name.casefold(): h for h in ht.holders}
    holders = []
    for s in seats:
        h = mine.get(s.name.casefold()) or _holder_of(s)
        h.key, h.released, h.code, h.away_until = s.key, s.released, s.code, s.away
        holders.append(h)
    ht.holders = holders


def _holder_of(s: KeptSeat) -> Holder:
    return Holder(s.name, s.key, released=s.released, code=s.code, away_until=s.away)


class _cannot_read:
    """One kept table the code cannot rebuild is said in `problems`, and the others go on."""

    def __init__(self, problems: list[str], tid: int) -> None:
        self.problems, self.tid = problems, tid

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, e: BaseException | None, tb: object) -> bool:
        if e is not None and isinstance(e, Exception):
            self.problems.append(f"Table {self.tid} cannot be resumed ({e}); it was left as it is.")
            log.warning("%s", self.problems[-1])
            return True
        return False


_KEPT_SETTINGS = (
    "creator",
    "players",
    "cast",
    "districts",
    "bot_level",
    "turn_timer",
    "seed",
    "edition",
    "shorter",
    "rank9",
)


def _settings(ht: HostedTable) -> dict[str, object]:
    return {name: getattr(ht, name) for name in _KEPT_SETTINGS}


def _seats(ht: HostedTable) -> list[KeptSeat]:
    return [_seat(h) for h in ht.holders]


def _seat(h: Holder) -> KeptSeat:
    return KeptSeat(h.name, h.key, h.released, h.code, h.away_until)


def _points_now(game: object, player: int) -> int:
    try:
        return int(score_breakdown(game, player)["total"])  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - a score for the record only; a game cut short may not score
        return 0
