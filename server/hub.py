"""The hub: every table of a server, its seats, its chat, and the lobby's chat, shared by all sessions.

It is the server's `Lobby` (citadels_tui/lobby.py), the interface the app's screens talk to: the app
never imports the server that hosts it.

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

What the server keeps goes to its `Records` (citadels_tui/records.py: the server's database, or memory): every table
in play with its journal of actions (an action is shown only once kept), the chats, each finished game
with the ratings it changes. `restore()` brings the tables in play back after a restart: every human
seat is then held as if its player had just dropped, for the whole `seat_hold` from the moment the
tables are back.

The tables' seats and chats are those of citadels_tui's `lobby.py` and `chat.py`; each table keeps its
game through a `TableJournal` (citadels_tui/journal.py). When the records are shared by several server
processes (the server's PostgreSQL database, docs/scaling.md), the server uses `SharedHub`
(replication.py), which extends this hub where the seats, the start, the journal and the holds must be agreed with the others.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import secrets
import time
from collections.abc import Callable, Iterator

from citadels_core import ConfigError, GameConfig, get_edition
from citadels_core.bots import LEVELS, level_name
from citadels_core.edition import EDITIONS
from citadels_core.record import GameRecord
from citadels_tui.chat import MAX_CHAT, ChatLimit, append_line, chat_line
from citadels_tui.errors import error_text
from citadels_tui.game_setup import default_names
from citadels_tui.i18n import Lazy, lazy_t, t
from citadels_tui.journal import Journal
from citadels_tui.lobby import (
    Holder,
    HostedTable,
    HubError,
    HubListener,
    hosted_table,
    kept_seats,
    kept_settings,
    new_seat_code,
    same_code,
)
from citadels_tui.order import Order
from citadels_tui.records import KeptTable, MemoryRecords, Records
from citadels_tui.table import Table
from citadels_tui.turns import FAST, TURN_BASED, clock_text, keep_clock, keys_only

from . import log_format, metrics
from .finished import finished_game
from .table_journal import TableJournal
from .webhooks import Webhooks

log = logging.getLogger(__name__)


class Hub:
    """All the tables and the lobby chat of one server process (a `Lobby`).

    Its methods that say what becomes of a table's seats (`_waiting`, `_seats_taken`, `_reread_waiting`,
    `_started`, `_journal_for`, `_held`, `_came_back`, `_releases_here`, `_publish`) are where a server whose
    processes share their tables extends it (`citadels_server.replication`); alone, they decide nothing."""

    # Whether other server processes share this hub's tables (docs/scaling.md).
    shared = False

    def __init__(
        self,
        seat_hold: float = 120.0,
        pace: float = 0.6,
        seed: int | None = None,
        records: Records | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.seat_hold = seat_hold
        self.pace = pace  # seconds each bot move stays on screen
        self.seed = seed  # fixed seeds for tests: table N gets seed + N
        self.clock = clock  # seconds since the epoch: the daily puzzle's day (tests fix it)
        self.tables: dict[int, HostedTable] = {}
        # What outlives this process (the server's database), or memory: see records.py.
        self.records: Records = records if records is not None else MemoryRecords()
        self.chat: list[str | Lazy] = []
        self._listeners: list[HubListener] = []
        self.chat_limit = ChatLimit()
        self.order = Order()  # the admins, the message of the day and who is connected (order.py)
        self.order.on_refused = metrics.refused  # an admin's command from another key, in the lobby
        self.order.on_leave = log_format.session_ends  # its end's log names the table it stands up from
        self.webhooks: Webhooks | None = None  # where players hear that their move is awaited (webhooks.py)
        self.draining = False  # an admin's `drain`: the games in play finish, no new one begins

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

    def say_lobby(self, name: str, text: str) -> None:
        line = self._chat_line(name, text)
        if line is None:
            return
        append_line(self.chat, line)
        self.records.chat_line(None, line)
        self._notify()

    def say_table(self, ht: HostedTable, name: str, text: str) -> None:
        line = self._chat_line(name, text)
        if line is not None:
            self._table_line(ht, line)

    def _chat_line(self, name: str, text: str) -> str | None:
        try:
            return chat_line(self.chat_limit, name, text)
        except HubError:  # said too fast: counted, whichever face said it
            metrics.refused("chat_flood")
            raise

    def announce(self, ht: HostedTable, text: Lazy) -> None:
        """Tell the table; each player reads it in their own language."""
        self._table_line(ht, text)

    def announce_everywhere(self, text: Lazy) -> None:
        """Tell the lobby and every table (an admin's announcement); each reads it in their own language."""
        append_line(self.chat, text)
        self.records.chat_line(None, text)
        for ht in list(self.tables.values()):
            self._table_line(ht, text)
        self._notify()

    def _table_line(self, ht: HostedTable, line: str | Lazy) -> None:
        append_line(ht.chat, line)
        # A table is kept from its start: before, it has no game to come back to. Shared, a table not yet
        # started is the database's already, and its chat too: players on other processes read it.
        if ht.table is not None or self.shared:
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
        turn_based: bool = False,
        late_rated: bool = False,
        outside_bots: bool = True,
    ) -> HostedTable:
        """A new table with its creator in the first seat; the sentence of a HubError says what is wrong.

        A creator without a key sits with `code` (their session's reconnect code), or a new one. A
        `turn_based` table's `timer` is hours or days per move (citadels_tui/turns.py)."""
        self.refuse_if_draining()
        if edition not in EDITIONS:
            raise HubError(t("The editions are {e}, not {x}.", e=", ".join(EDITIONS), x=edition))
        if shorter and edition != "classic":
            raise HubError(t("The shorter game is a variant of the classic edition."))
        if self.find(name, key, code) is not None:
            raise HubError(t("You already have a seat at a table."))
        if level_name(bots) not in LEVELS:
            raise HubError(t("Bots are {b}, not {x}.", b=", ".join(LEVELS), x=bots))
        bots = level_name(bots)
        if turn_based:
            if timer is None or not TURN_BASED[0] <= timer <= TURN_BASED[1]:
                raise HubError(t("A turn-based clock is 1h to 30d per move."))
            if key is None:
                raise HubError(keys_only())
        elif timer is not None and not FAST[0] <= timer <= FAST[1]:
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
            turn_based=turn_based,
            late_rated=late_rated,
            outside_bots=outside_bots,
        )
        self.tables[tid] = ht
        self._waiting(ht)
        log_format.at_table(tid)  # the creator's session
        log.info(
            "table %d created by %s (%d players, %s %s/%s)", tid, name, players, edition, cast, districts
        )
        self._notify()
        return ht

    async def written(self) -> None:
        """Once what this hub changed is where every process sees it (one process alone: at once)."""

    def refuse_if_draining(self) -> None:
        if self.draining:
            metrics.refused("draining")
            raise HubError(t("The server stops once the games in play end: no new game begins until then."))

    def get(self, tid: int) -> HostedTable:
        ht = self.tables.get(tid)
        if ht is None:
            raise HubError(t("There is no table {n}.", n=tid))
        return ht

    def find(self, name: str, key: str | None, code: str | None = None) -> tuple[HostedTable, int] | None:
        """The table and seat this player holds (waiting or playing), if any."""
        for ht in self.tables.values():
            seat = ht.seat_of(name, key, code)
            # A turn-based game in play is not where its players are: they come to it when they will.
            if seat is not None and ht.status != "over" and not (ht.turn_based and ht.table is not None):
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
            log_format.at_table(ht.id)
            return seat
        for _ in range(3):  # shared: the seats changed on another process meanwhile; look again
            if ht.table is not None:
                raise HubError(t("That game has started; you can watch it."))
            if ht.turn_based and key is None:
                raise HubError(keys_only())
            if self.find(name, key, code) is not None:
                raise HubError(t("You already have a seat at a table."))
            if any(h.name.casefold() == name.casefold() for h in ht.holders):
                raise HubError(t("Someone called {p} already sits there.", p=name))
            if ht.free <= 0:
                metrics.refused("table_full")
                raise HubError(t("That table is full; you can watch it once it starts."))
            holder = self._holder(name, key, code)
            if self._seats_taken(ht, [*ht.holders, holder], ht.creator):
                ht.holders.append(holder)
                log_format.at_table(ht.id)
                log.info("table %d: %s sat down", ht.id, name)
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
            if self._seats_taken(ht, holders, creator):
                break
            try:
                self._reread_waiting(ht)
            except HubError:
                return  # the table started or went meanwhile: nothing to stand up from here
        else:
            log.warning("table %d: %s could not stand up (its seats kept changing)", ht.id, name)
            return
        ht.holders, ht.creator = holders, creator
        log_format.left_table(ht.id)
        log.info("table %d: %s stood up", ht.id, name)
        if not ht.holders:
            self.tables.pop(ht.id, None)
        self._publish()
        self._notify()

    def start(self, ht: HostedTable, name: str) -> Table:
        """The creator starts the game; bots take the empty seats."""
        self.refuse_if_draining()
        for _ in range(3):  # shared: the seats changed on another process meanwhile; look again
            if ht.table is not None:
                raise HubError(t("That game has already started."))
            if ht.creator.casefold() != name.casefold():
                raise HubError(t("Only {p}, who made the table, can start it.", p=ht.creator))
            table, kept = self._game_for(ht)
            if self._started(ht, kept):
                break
            # Someone on another process sat down or stood up meanwhile: the game those seats make is not
            # this one. The table is read again, and started as it is now (as when they sat down before).
            self._reread_waiting(ht)
        else:
            raise HubError(t("Someone sat down or stood up at that table just now; type “start” again."))
        self._seat_table(ht, table)
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
        table = self._new_table(ht, GameRecord(cfg, ht.seed, []), bots)
        kept = KeptTable(
            ht.id,
            kept_settings(ht),
            kept_seats(ht),
            table.record.copy(),
            dict(table.bot_kinds),
            list(ht.chat),
        )
        return table, kept

    def _new_table(self, ht: HostedTable, record: GameRecord, bots: dict[int, str]) -> Table:
        """The game of `record` at `ht`, with its timer, its stand-ins and its journal."""
        journal = self._journal_for(ht)
        table = Table(
            record,
            bots,
            self.pace,
            journal,
            turn_timer=ht.turn_timer,
            standin_level=ht.bot_level,
            turn_based=ht.turn_based,
        )
        table.log_fields = {"table": ht.id}
        if ht.turn_based:  # its clock and its late moves as kept (turns.py)
            table.late = {i for i, h in enumerate(ht.holders) if h.late}
            table.awaited = next(
                ((i, h.since) for i, h in enumerate(ht.holders) if h.since is not None), None
            )
        return table

    def _seat_table(self, ht: HostedTable, table: Table) -> None:
        """Put `table` in play at `ht`: the lobby hears of its end, and its bots' task runs."""
        table.subscribe(self._notify_if_over(ht))
        if ht.turn_based:
            table.subscribe(keep_clock(self.records, ht, table, functools.partial(self._move_awaited, ht)))
        ht.table = table
        # A fresh context: the table belongs to no session, though a player's command started it (their
        # app's context would make its work theirs: their language, their share of the server's loop).
        ht.task = asyncio.get_running_loop().create_task(
            table.run(), name=f"table-{ht.id}", context=contextvars.Context()
        )

    def _move_awaited(self, ht: HostedTable, seat: int) -> None:
        """A turn-based table awaits `seat`'s move from now: its player's sessions elsewhere ring (the lobby
        hears of it), and its player's webhook hears of it, if any."""
        self._notify()
        if self.webhooks is not None:
            when = clock_text(ht.turn_timer, True)
            self.webhooks.send(
                ht.holders[seat].key, "Citadels", f"Your move at table {ht.id} ({when} per move)."
            )

    # ---------------------------------------------------------------- keeping tables across restarts

    def close(self) -> None:
        """Wait until everything kept so far is durable (the server is stopping)."""
        self.records.close()

    def runs(self, tid: int) -> bool:
        """Whether this process runs table `tid`'s bots and timer (alone, it runs every table)."""
        return True

    def restore(self) -> list[str]:
        """Bring back the lobby's chat and the tables kept in play (call on the server's event loop,
        before anyone joins).

        Each human seat is held for `seat_hold` seconds as if its player had just dropped. Returns one
        sentence per kept table that could not be used (left as it is; also logged)."""
        problems = list(self.records.problems)
        back: list[HostedTable] = []
        for kept, ht, table in self._kept_tables(problems):
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
        # Every human seat is held from now, once all the tables are back (loading them takes time that
        # must not come out of anyone's hold); the tables' tasks have not run yet, so no bot played for them.
        for ht in back:
            for seat, h in enumerate(ht.holders):
                if not h.released and not ht.turn_based:  # a turn-based seat is its player's to the end
                    self._away(ht, seat)
        self._notify()
        return problems

    def _kept_tables(self, problems: list[str]) -> Iterator[tuple[KeptTable, HostedTable, Table]]:
        """The lobby's chat as kept, then each table kept in play with its game rebuilt; one that cannot be
        rebuilt is said in `problems` (left as it is; also logged) and skipped."""
        self.chat = self.records.lobby_chat()[-MAX_CHAT:]
        for kept in self.records.tables_in_play():
            try:
                ht = hosted_table(kept.id, kept.settings)
                ht.holders = [
                    Holder(s.name, s.key, released=s.released, code=s.code, late=s.late, since=s.since)
                    for s in kept.seats
                ]
                table = self._new_table(ht, kept.record.copy(), kept.bots)
            except Exception as e:  # noqa: BLE001 - one table the code cannot rebuild must not stop the rest
                problems.append(f"Table {kept.id} cannot be resumed ({e}); it was left as it is.")
                log.warning("%s", problems[-1], extra={"table": kept.id})
                continue
            ht.chat = list(kept.chat[-MAX_CHAT:])
            yield kept, ht, table

    def _finished(self, ht: HostedTable, abandoned: bool = False, force: bool = False) -> None:
        """Keep the table's game in the history (and the ratings it changes); it leaves the tables in play.
        `force`: this process keeps it, whichever runs the table (an admin closed it here)."""
        assert ht.table is not None
        if ht.kept:
            return
        if not force and not self.runs(ht.id):
            return  # the process running the table keeps it (once: its rating counts once)
        ht.kept = True
        game, places = finished_game(ht, ht.table, abandoned)
        self.records.table_finished(ht.id, game, places)
        metrics.GAMES.labels("abandoned" if abandoned else "finished").inc()
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
        log_format.at_table(ht.id)
        self._publish()
        if h.hold is not None:
            h.hold.cancel()
            h.hold = None
        if ht.table is not None and (seat in ht.table.away or h.away_until is not None):
            ht.table.set_away(seat, False)
            self._came_back(ht, h)
            self.announce(ht, lazy_t("{p} is back.", p=h.name))
            log.info("table %d: %s is back", ht.id, h.name)

    def depart(self, ht: HostedTable, seat: int) -> None:
        """A session showing this seat ended or went back to the lobby."""
        log_format.left_table(ht.id)
        if seat >= len(ht.holders):
            return
        h = ht.holders[seat]
        h.present = max(0, h.present - 1)
        self._publish()
        if h.present == 0 and ht.status == "playing" and not h.released and ht.turn_based:
            self.announce(ht, lazy_t("{p} left; their seat is theirs to the end of the game.", p=h.name))
        elif h.present == 0 and ht.status == "playing" and not h.released:
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
            self._held(ht, h)

    def _release(self, ht: HostedTable, seat: int) -> None:
        h = ht.holders[seat]
        h.hold = None
        if h.present or ht.table is None:
            return
        if ht.table.game.over:
            self._forget_if_done(ht)
            return
        if not self._releases_here(ht, h):
            return
        h.released, h.away_until = True, None
        ht.table.give_to_bot(seat, ht.bot_level)
        self.records.seats_changed(ht.id, kept_seats(ht), dict(ht.table.bot_kinds))
        self.announce(ht, lazy_t("{p} did not come back: a bot plays their seat to the end.", p=h.name))
        log.info("table %d: %s's seat goes to a bot", ht.id, h.name)
        self._forget_if_done(ht)

    def watch(self, ht: HostedTable) -> None:
        if ht.table is None:
            raise HubError(t("That game has not started yet."))
        ht.spectators += 1
        ht.watching_here += 1
        log_format.at_table(ht.id)
        self._publish()
        self._notify()

    def unwatch(self, ht: HostedTable) -> None:
        ht.spectators = max(0, ht.spectators - 1)
        ht.watching_here = max(0, ht.watching_here - 1)
        log_format.left_table(ht.id)
        self._publish()
        self._notify()

    def sessions_elsewhere(self, name: str) -> int:
        """How many sessions other processes sharing the tables have under `name` (an admin's kick reaches
        them, `kick_elsewhere`): alone, none."""
        return 0

    def kick_elsewhere(self, name: str, farewell: Lazy) -> None:
        """End `name`'s sessions on the other processes (an admin's kick): alone, there are none."""
        return None

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
        else:
            self._seats_taken(ht, [], ht.creator)
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

    # ---------------------------------------------------------------- where sharing the tables extends the hub

    def _publish(self) -> None:
        """What this process's sessions show changed (a seat taken or left, a spectator, a session come or
        gone): alone, nobody else needs to know."""
        return None

    def _waiting(self, ht: HostedTable) -> None:
        """`ht` was made and waits for players: alone, only this process's players may sit there."""
        return None

    def _seats_taken(self, ht: HostedTable, holders: list[Holder], creator: str) -> bool:
        """May the seats of `ht`, not yet started, become `holders` with `creator` (nobody changed them
        meanwhile)? Alone, nobody else changes them."""
        return True

    def _reread_waiting(self, ht: HostedTable) -> None:
        """The seats of `ht`, not yet started, as others left them (HubError when it started or went
        meanwhile): alone, they are as this hub has them."""
        return None

    def _started(self, ht: HostedTable, kept: KeptTable) -> bool:
        """`ht` starts as `kept`: kept from now; False when its seats changed meanwhile."""
        self.records.table_started(kept)
        return True

    def _journal_for(self, ht: HostedTable) -> Journal:
        """Where the game at `ht` is kept as it goes."""
        return TableJournal(self.records, self.announce, ht)

    def _held(self, ht: HostedTable, h: Holder) -> None:
        """`h`'s seat at `ht` is held now (its player left): alone, the hold is this process's."""
        return None

    def _came_back(self, ht: HostedTable, h: Holder) -> None:
        """`h`'s player came back to `ht`: alone, the hold ending here is all there is to it."""
        return None

    def _releases_here(self, ht: HostedTable, h: Holder) -> bool:
        """Does this process give `h`'s seat to a bot, now that its hold here ran out? Alone, yes."""
        return True
