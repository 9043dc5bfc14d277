"""Tables that several server processes share (the server's PostgreSQL database, docs/scaling.md).

Every process keeps a replica of every table: its own players' actions are claimed in the table's
journal (`ReplicaJournal`), the other processes' come through the database's notices (`SharedHub._told`),
and the bots and turn timer of a table run only in the process holding its lease (renewed by one
statement every third of `lease`; orphans are taken at each renewal; given up by `close()`). Each
process also writes a presence row with its renewals (the seats its sessions show, spectators per table,
who is connected): a process whose row expired is dead, and the lease holder holds its players' seats
(or stands them up from tables not yet started); the same rows count spectators over processes and carry
an admin's kick and ban to the process the player is on.

`SharedHub` is the server's hub of tables (`hub.py`) extended where a table's seats, start,
journal and holds must be agreed with the other processes; the app itself never knows which it has.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from citadels_tui.admin import end_banned_sessions
from citadels_tui.chat import MAX_CHAT, append_line
from citadels_tui.i18n import Lazy, t
from citadels_tui.journal import Journal, Move
from citadels_tui.lobby import (
    Holder,
    HostedTable,
    HubError,
    holder_of,
    hosted_table,
    kept_seat,
    kept_seats,
    kept_settings,
    merge_seats,
)
from citadels_tui.records import KeptTable
from citadels_tui.table import Table
from citadels_tui.turns import keep_clock

from .hub import Hub
from .shared_records import SharedRecords
from .table_journal import TableJournal

log = logging.getLogger(__name__)


class SharedHub(Hub):
    """The hub of one of several server processes sharing their tables through `records`. `lease`: seconds
    a table's lease lasts; it is renewed every third of that, so a process that died is replaced within
    about 1⅓ of it."""

    shared = True

    def __init__(
        self,
        seat_hold: float = 120.0,
        pace: float = 0.6,
        seed: int | None = None,
        *,
        records: SharedRecords,
        lease: float = 6.0,
    ) -> None:
        super().__init__(seat_hold, pace, seed, records)
        self._shared = records
        self.lease = lease
        self._leased: set[int] = set()  # the tables whose bots and timer this process runs
        # A turn-based table's clock is kept with its seats by the process running it (`_take`), and
        # read from them by the others (`_follow_clock`): one moment per awaited move, for every process.
        self._clocks: dict[int, Callable[[], None]] = {}
        self._renewer: asyncio.Task[None] | None = None
        self._chores: set[asyncio.Task[None]] = set()  # reads in flight (kept so that none is collected)
        # The other processes as their presence rows last said (holder, alive, what their sessions show),
        # and this process's own presence written (or read) once at a time, again if asked meanwhile.
        self._others: list[tuple[str, bool, dict[str, Any]]] = []  # presence rows, as JSON
        self._publishing = _Once(self._spawn)
        self._stopped = False
        self._looking = _Once(self._spawn)
        self._drain: Callable[[], object] | None = None  # what `drain --all` starts here, once heard
        self._drain_heard = False

    # ---------------------------------------------------------------- the hub's seats, agreed with the others

    def join(self, ht: HostedTable, name: str, key: str | None, code: str | None = None) -> int:
        if ht.table is None and ht.seat_of(name, key, code) is None:
            # Another process may begin that game: a draining process's players sit at no new table, or
            # their game would keep it from stopping.
            self.refuse_if_draining()
        return super().join(ht, name, key, code)

    async def written(self) -> None:
        await self._shared.written()

    def get(self, tid: int) -> HostedTable:
        if tid not in self.tables:
            # Made on another process a moment ago, and its notice not heard yet: the database has it.
            found = self._shared.waiting_table(tid)
            if found is not None:
                settings, seats = found
                ht = self.tables[tid] = hosted_table(tid, settings)
                ht.creator = str(settings.get("creator", ht.creator))
                merge_seats(ht, seats)
                self._spawn(self._refresh(tid, whole=True))  # its chat, and any change since
                self._notify()
        return super().get(tid)

    def _waiting(self, ht: HostedTable) -> None:
        # Players on the other processes may sit there too.
        self._shared.table_waiting(ht.id, kept_settings(ht), kept_seats(ht))
        self._publish()

    def _seats_taken(self, ht: HostedTable, holders: list[Holder], creator: str) -> bool:
        # Compare-and-set: the seats change only if nobody on another process changed them meanwhile.
        return self._shared.seats_taken(
            ht.id, kept_seats(ht), [kept_seat(h) for h in holders], {**kept_settings(ht), "creator": creator}
        )

    def _started(self, ht: HostedTable, kept: KeptTable) -> bool:
        return self._shared.waiting_started(kept, kept_seats(ht))

    def start(self, ht: HostedTable, name: str) -> Table:
        table = super().start(ht, name)
        self._spawn(self._take(ht))  # started here: this process runs its bots, unless another took it
        return table

    def _journal_for(self, ht: HostedTable) -> Journal:
        return ReplicaJournal(self, ht, self._shared)

    def _seat_table(self, ht: HostedTable, table: Table) -> None:
        """`table` is `ht`'s replica. Its bots and timer run only while this process holds the lease
        (`_take`)."""
        table.subscribe(self._notify_if_over(ht))
        if ht.turn_based:
            table.subscribe(functools.partial(self._follow_clock, ht))
        ht.table = table

    def _follow_clock(self, ht: HostedTable) -> None:
        """A replica of turn-based `ht` that this process does not run takes its clock from the seats as
        the running process kept them: since when the seat to move is awaited, and whose moves were late."""
        table = ht.table
        if table is None or self.runs(ht.id):
            return
        table.late = {i for i, h in enumerate(ht.holders) if h.late}
        pd = table.game.pending()
        kept = next(((i, h.since) for i, h in enumerate(ht.holders) if h.since is not None), None)
        if pd is not None and kept is not None and kept[0] == pd[0]:
            table.awaited = kept

    def _held(self, ht: HostedTable, h: Holder) -> None:
        assert ht.table is not None and h.hold is not None
        if h.away_until is None:
            # The process running the table's bots waits for them too, and gives the seat to a bot when
            # the hold runs out, whichever process they left.
            h.away_until = time.time() + (h.hold.when() - asyncio.get_running_loop().time())
            self.records.seats_changed(ht.id, kept_seats(ht), dict(ht.table.bot_kinds))

    def _came_back(self, ht: HostedTable, h: Holder) -> None:
        assert ht.table is not None
        if h.away_until is not None:
            h.away_until = None  # the process running the table, and any holding the seat, must know
            self.records.seats_changed(ht.id, kept_seats(ht), dict(ht.table.bot_kinds))

    def _releases_here(self, ht: HostedTable, h: Holder) -> bool:
        # The process running the table gives the seat to a bot (`_renew`), once; a player who came back
        # on another process keeps it.
        return ht.id in self._leased and h.away_until is not None

    def _finished(self, ht: HostedTable, abandoned: bool = False, force: bool = False) -> None:
        keeps = not ht.kept and (force or self.runs(ht.id))
        super()._finished(ht, abandoned, force)
        if keeps:
            self._leased.discard(ht.id)

    def runs(self, tid: int) -> bool:
        """Whether this process runs table `tid`'s bots and timer (it holds the lease)."""
        return tid in self._leased

    def restore(self) -> list[str]:
        """Bring back the lobby's chat and every table the records share, in play or waiting (call on the
        server's event loop, before anyone joins, then `share`). Returns one sentence per kept table that
        could not be used (left as it is; also logged)."""
        problems = list(self.records.problems)
        for kept, ht, table in self._kept_tables(problems):
            # A replica, like every other process's: its bots run where its lease is held (`share`), and
            # its seats are held by the processes their players use.
            ht.holders = [holder_of(s) for s in kept.seats]
            self.tables[ht.id] = ht
            self._seat_table(ht, table)
            self._sync_away(ht)
        for tid, settings, seats in self._shared.waiting_tables():
            with _cannot_read(problems, tid):
                ht = hosted_table(tid, settings)
                ht.holders = [Holder(s.name, s.key, released=s.released, code=s.code) for s in seats]
                self.tables[tid] = ht
        self._notify()
        return problems

    def close(self) -> None:
        """This process's leases are given up first, so that another process takes its tables at once;
        then everything kept so far is made durable."""
        self.stop_sharing(release=True)
        super().close()

    def stop_sharing(self, release: bool) -> None:
        """Renew no lease and run no bots from now (the server is stopping); `release`: give this process's
        leases up, so that another process takes its tables at once (without: as a process that died)."""
        self._stopped = True  # and acts on no notice: another process may take its tables now
        if self._renewer is not None:
            self._renewer.cancel()
        for tid in list(self._leased):
            self._lost_lease(tid)
        if release:
            self._shared.release_leases()

    def sessions_elsewhere(self, name: str) -> int:
        """How many sessions other processes sharing the tables have under `name`, as they last said (an
        admin's kick reaches them, `kick_elsewhere`)."""
        folded = name.casefold()
        return sum(int(here.get("names", {}).get(folded, 0)) for _, alive, here in self._others if alive)

    def kick_elsewhere(self, name: str, farewell: Lazy) -> None:
        """End `name`'s sessions on the other processes (an admin's kick); they read `farewell`."""
        self._shared.kick(name, farewell)

    def drain_everywhere(self) -> int:
        """Ask every other process sharing the tables to drain (an admin's `drain --all`), and those that
        start before the drain is over; how many are alive now, as their presence rows last said."""
        self._drain_heard = True
        self._shared.drain_everywhere()
        return sum(1 for _, alive, _ in self._others if alive)

    def on_drain_everywhere(self, drain: Callable[[], object]) -> None:
        """`drain()` is what an admin's `drain --all` on another process starts here (drain.py); at once if
        one was under way when this process started (the database keeps it: `_resync`)."""
        self._drain = drain
        if self._drain_heard:
            drain()

    def _drains_too(self, said: str) -> None:
        if not self._drain_heard:
            self._drain_heard = True
            log.warning("%s", said)
            if self._drain is not None:
                self._drain()

    # ---------------------------------------------------------------- notices of the other processes

    async def share(self) -> None:
        """Listen to the other processes (call once on the event loop, after `restore`), catch up with what
        they wrote since the tables were read, and take the tables that nobody runs; then renew."""
        await self._shared.listen(self._told)  # closed with the records
        await self._resync()
        self._renewer = self._spawn(self._renew())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        # A fresh context: the work belongs to no session (as a table's task, see `_seat_table`).
        task = asyncio.get_running_loop().create_task(work, context=contextvars.Context())
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
        if getattr(notice, "origin", "") == shared.holder or self._stopped:
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
        elif kind == "drain":
            self._drains_too("an admin on another process drains every server on the database")
        elif kind == "lost":
            self._spawn(self._resync())

    def catch_up(self, ht: HostedTable, length: int) -> None:
        """Read `ht`'s journal from action `length` on into its replica (a gap, or a claim that failed)."""
        self._spawn(self._read_journal(ht, length))

    async def _read_journal(self, ht: HostedTable, start: int, ends: bool = False) -> None:
        moves = await self._shared.actions_from(ht.id, start)
        if ht.table is not None:
            ht.table.receive(start, moves, ends=ends)

    async def _heard(self, tid: int | None, n: int) -> None:
        line = next((x for i, x in await self._shared.chat_after(tid, n - 1) if i == n), None)
        ht = self.tables.get(tid) if tid is not None else None
        if line is None or (tid is not None and ht is None):
            return
        append_line(self.chat if ht is None else ht.chat, line)
        self._notify()

    async def _resync(self) -> None:
        """Anything may have been missed (notices lost, or written before this process listened): every
        table is read again, and an admin's `drain --all` is heard if it is under way."""
        if await self._shared.drain_under_way():
            self._drains_too("an admin's drain --all is under way on the database: this server drains too")
        for tid in sorted(set(await self._shared.table_ids()) | set(self.tables)):
            await self._refresh(tid, whole=True)

    async def _refresh(self, tid: int, whole: bool = False) -> None:
        """Table `tid` as the database has it now, into this hub: new, changed, started or gone. `whole`:
        its journal as read replaces the replica's (a decision taken back may have been missed too)."""
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
                # The process running a turn-based table keeps its clock: a write of one that ran it
                # a moment ago, and has not yet heard that it lost it, is not taken for it.
                clock = [(h.since, h.late) for h in ht.holders] if self.runs(tid) else None
                merge_seats(ht, state.seats)
                if clock is not None and len(clock) == len(ht.holders):
                    for h, (since, late) in zip(ht.holders, clock, strict=True):
                        h.since, h.late = since, late
                self._sync_away(ht)
                for seat, level in state.bots.items():
                    if seat not in ht.table.bots:  # its player's hold ran out on another process
                        ht.table.give_to_bot(seat, level)
                have = len(ht.table.record.actions)
                if whole:
                    ht.table.receive(0, state.record.actions, ends=True)
                elif len(state.record.actions) > have:
                    ht.table.receive(have, state.record.actions[have:])
                if ht.turn_based:
                    self._follow_clock(ht)
            else:
                if ht is None:
                    ht = self.tables[tid] = hosted_table(tid, state.settings)
                merge_seats(ht, state.seats)
                ht.chat = list(state.chat[-MAX_CHAT:])
                self._seat_table(ht, self._new_table(ht, state.record.copy(), state.bots))
                self._sync_away(ht)
                log.info("table %d: a replica (%d actions)", tid, len(state.record.actions))
        else:
            settings, seats = state
            new = ht is None
            if ht is None:
                ht = self.tables[tid] = hosted_table(tid, settings)
            ht.creator = str(settings.get("creator", ht.creator))
            merge_seats(ht, seats)
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
            self.records.seats_changed(ht.id, kept_seats(ht), dict(table.bot_kinds))

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
        found = self._shared.waiting_table(ht.id)
        if found is None:
            self._spawn(self._refresh(ht.id))
            raise HubError(t("That table changed just now; look at the lobby and try again."))
        settings, seats = found
        ht.creator = str(settings.get("creator", ht.creator))
        merge_seats(ht, seats)
        self._notify()

    def _stand_up_gone(self, ht: HostedTable, gone: set[str]) -> None:
        """The players named `gone` (folded) were on a process that died: they stand up from `ht`, not yet
        started, as if they had left it (the creator's role passes on; nobody left: the table goes). Every
        survivor may try; the compare-and-set on the seats lets one do it."""
        for _ in range(3):
            holders = [h for h in ht.holders if h.name.casefold() not in gone]
            if ht.table is not None or len(holders) == len(ht.holders):
                return
            creator = ht.creator
            if holders and creator.casefold() in gone:
                creator = holders[0].name
            if self._seats_taken(ht, holders, creator):
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

    async def _renew(self) -> None:
        """Every third of the lease: renew this process's leases (a table whose lease another process took
        stops here at once), then take the tables nobody runs (their process died or stopped)."""
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

    def _publish(self) -> None:
        """Tell the other processes at once what this one's sessions show now (a seat taken or left, a
        spectator, a session come or gone), not only at the next renewal."""
        if self._renewer is not None:
            self._publishing.run(self._present)

    def _here(self) -> dict[str, Any]:
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

    async def _present(self) -> None:
        self._saw(await self._shared.presence(self.lease * 2, self._here(), changed=True))

    async def _look(self) -> None:
        self._saw(await self._shared.presence(self.lease, None))

    def _saw(self, others: list[tuple[str, bool, dict[str, Any]]]) -> None:
        """The other processes' presence as read: each table's spectators are this process's and those the
        living others say."""
        self._others = others
        elsewhere: dict[int, int] = {}
        for _, alive, here in others:
            if alive:
                for tid, n in dict(here.get("watching", {})).items():
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
        they stand up, but for a turn-based one, whose players sit there over days."""
        live = {(int(tid), str(name)) for tid, name in self._here()["seats"]}
        dead: set[tuple[int, str]] = set()
        for _, alive, here in self._others:
            for tid, name in here.get("seats", []):
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
                if name not in connected and not ht.turn_based:  # a turn-based seat is kept unconnected
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
        await self._shared.refresh_logins()
        for ban in self.records.bans():
            if n := end_banned_sessions(self, ban):
                log.info("%d session(s) ended by a ban made on another process", n)

    async def _kicked(self, kid: int) -> None:
        """An admin on another process kicked a name: its sessions here end."""
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
        lease = await self._shared.take_lease(ht.id, self.lease)
        table = ht.table
        if not lease.mine or table is None or table.closed:
            return
        self._leased.add(ht.id)
        if ht.turn_based and ht.id not in self._clocks:
            # From now this process keeps the clock (and posts the webhooks of the moves it awaits).
            self._clocks[ht.id] = keep_clock(
                self.records, ht, table, functools.partial(self._move_awaited, ht)
            )
            table.subscribe(self._clocks[ht.id])
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
        clock = self._clocks.pop(tid, None)
        if ht is not None and ht.table is not None and clock is not None:
            ht.table.unsubscribe(clock)
        if ht is not None and ht.task is not None:
            ht.task.cancel()
            ht.task = None
            log.info("table %d: another process runs it now", tid)


class ReplicaJournal(TableJournal):
    """The journal of a table several processes share: its own seats' actions are claimed after the action
    they follow, a decision taken back only while nobody acted on it, and a gap read from the journal."""

    def __init__(self, hub: SharedHub, ht: HostedTable, shared: SharedRecords) -> None:
        super().__init__(hub.records, hub.announce, ht)
        self.replicas, self.shared = hub, shared

    def keep(self, start: int, moves: list[Move], after: Move | None) -> asyncio.Future[None]:
        return self.shared.claim_actions(self.ht.id, start, moves, after=after)

    def forget(self, length: int, taken: Move | None) -> asyncio.Future[None]:
        assert taken is not None  # actions never kept are read again (`read_from`), never cut
        return self.shared.unclaim_action(self.ht.id, length, taken)

    def read_from(self, length: int) -> bool:
        # What the journal holds from there on is added (never cut back: a read that comes late, after
        # this process's own claims, must not undo them; a decision taken back comes as `truncated`).
        self.replicas.catch_up(self.ht, length)
        return True


class _Once:
    """Runs one piece of async work at a time: asked again while it runs, it runs once more after (a burst
    of asks is one or two runs, and the last one sees the latest state)."""

    def __init__(self, spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task[None]]) -> None:
        self._spawn = spawn
        self._task: asyncio.Task[None] | None = None
        self._again = False

    def run(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._again = False
        self._task = self._spawn(self._loop(work))

    async def _loop(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        while True:
            await work()
            if not self._again:
                return
            self._again = False


class _cannot_read:
    """One kept table the code cannot rebuild is said in `problems`, and the others go on."""

    def __init__(self, problems: list[str], tid: int) -> None:
        self.problems, self.tid = problems, tid

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, e: BaseException | None, tb: object) -> bool:
        if e is not None and isinstance(e, Exception):
            self.problems.append(f"Table {self.tid} cannot be resumed ({e}); it was left as it is.")
            log.warning("%s", self.problems[-1], extra={"table": self.tid})
            return True
        return False
