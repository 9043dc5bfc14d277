"""A bot's seat at a hosted table over SSH (`ssh NAME@HOST bot [N]`, docs/bot-protocol.md "Over SSH"): the
JSON-lines protocol of core/protocol.py spoken on the exec channel, for a Seat of the hub's Table, as a
human's session holds one.

The bot is told its seat's view (core.view) and the events it may see, never more. It has the table's time
for each decision: when it answers late, the table's stand-in makes that decision (the table's turn timer,
or `OWN_CLOCK` at a table without one) and the bot is told so (`stand_in`). A line that cannot be used gets
an `error` with its code. A bot that keeps sending what cannot be used (garbage, a flood of answers when no
decision is its own) is slowed after `SLOWS_AFTER` such lines in a row, told (`slowed`), and cut off after
`CUT_AFTER` (`cut_off`); a bot that lets `LATE_CUT_AFTER` decisions in a row go to the stand-in is cut off
too. Everything a session does on the event loop is charged to its own budget (limits.LoopMeter, the
settings' `input_share`), and it waits while that budget is spent: one bot cannot take the loop that the
other tables share. A bot cut off or gone leaves its seat as a player who drops does: held for `seat_hold`
seconds (it may come back with its key), then a bot's for good."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

from citadels_core import Action, protocol
from citadels_core.bots import decide, make_bot
from citadels_core.view import View, events_for, view
from citadels_tui.i18n import lazy_t
from citadels_tui.lobby import HostedTable
from citadels_tui.table import Table

from .exec_call import ExecCall
from .hub import Hub
from .limits import LoopMeter

log = logging.getLogger("citadels_server.ssh")

RETRIES = 3  # answers that cannot be used for one decision before the stand-in makes it (as over a pipe)
SLOWS_AFTER = 5  # lines in a row that cannot be used before each further one waits `SLOW_WAIT`
SLOW_WAIT = 0.2
CUT_AFTER = 20  # lines in a row that cannot be used before the session ends
LATE_CUT_AFTER = 3  # decisions in a row made by the stand-in before the session ends
OWN_CLOCK = 60.0  # seconds for a decision at a table without a turn timer


class CutOff(Exception):
    """The session ends: its bot was told why (`cut_off`)."""


class BotSeat:
    """One bot's seat `seat` at `ht`, spoken for over `call` (see the module's docstring)."""

    def __init__(self, call: ExecCall, hub: Hub, ht: HostedTable, seat: int) -> None:
        self.call, self.hub, self.ht, self.seat = call, hub, ht, seat
        settings = call.server.settings
        self.meter = LoopMeter(settings.input_share, settings.input_share_burst)
        self.changed = asyncio.Event()
        self.reading: asyncio.Task[str | None] | None = None
        self.events_seen = 0  # how many of the game's events the bot was told of
        self.open_version: int | None = None  # the table's version when the open decision was told
        self.deadline: float | None = None  # loop time when the stand-in takes an open decision here
        self.tries = 0  # answers to the open decision that could not be used
        self.faults = 0  # lines in a row that could not be used
        self.lates = 0  # decisions in a row the stand-in made
        self.told_slowed = False
        self.standing_in: asyncio.Future[None] | None = None

    @property
    def table(self) -> Table:
        assert self.ht.table is not None
        return self.ht.table

    # ---------------------------------------------------------------- what the bot is told

    def send(self, message: dict[str, Any]) -> None:
        self.call.write_out(protocol.line(message).encode("ascii"))

    def tell(self, code: str, reason: str) -> None:
        self.send(protocol.error(protocol.ProtocolError(code, reason)))

    def cut_off(self, reason: str) -> CutOff:
        self.tell("cut_off", reason)
        self.call.complain(f"Disconnected: {reason}.")
        log.warning(
            "session %d (%s): bot cut off: %s",
            self.call.session_id,
            self.call.player,
            reason,
            extra={"table": self.ht.id},
        )
        return CutOff(reason)

    # ---------------------------------------------------------------- the session

    async def run(self) -> int:
        """Wait for the game, then play it; the exit status (0: the game ended, 1: cut off or closed)."""
        # Its own task in a context charged to its own meter: what the bot makes the loop do is its own.
        task = asyncio.get_running_loop().create_task(self._run(), context=self.meter.context())
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.cancel()
            raise

    async def _run(self) -> int:
        self.hub.subscribe(self.changed.set)
        try:
            if self.ht.table is None and (status := await self._wait_for_start()) is not None:
                return status
            return await self._play()
        except CutOff:
            return 1
        finally:
            self.hub.unsubscribe(self.changed.set)
            if self.reading is not None:
                self.reading.cancel()

    async def _next(self, timeout: float | None = None) -> str | None | Literal[False]:
        """The bot's next line (None: it sent its last), or False when the table changed first (or
        `timeout` passed)."""
        if self.reading is None:
            self.reading = asyncio.ensure_future(self.call.read_line())
        self.changed.clear()
        woken = asyncio.ensure_future(self.changed.wait())
        try:
            await asyncio.wait({self.reading, woken}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            woken.cancel()
        if not self.reading.done():
            return False
        line, self.reading = self.reading.result(), None
        if line is not None:
            await self._pace()
        return line

    async def _pace(self) -> None:
        """Wait while this session's loop budget is spent, and between lines of a bot that keeps faulting."""
        wait = self.meter.wait()
        if self.faults >= SLOWS_AFTER:
            wait = max(wait, SLOW_WAIT)
        if wait > 0:
            await asyncio.sleep(wait)

    def _fault(self, e: protocol.ProtocolError) -> None:
        """A line that cannot be used: told, counted; slowed, then cut off, when they go on."""
        self.faults += 1
        self.send(protocol.error(e))
        if self.faults >= CUT_AFTER:
            raise self.cut_off(f"{CUT_AFTER} lines in a row could not be used")
        if self.faults >= SLOWS_AFTER and not self.told_slowed:
            self.told_slowed = True
            self.tell(
                "slowed",
                f"{SLOWS_AFTER} lines in a row could not be used: the server now reads your lines slowly, "
                f"and ends the session after {CUT_AFTER}",
            )

    async def _wait_for_start(self) -> int | None:
        """Until the table's game starts (None), the table goes (1), or the bot hangs up (0)."""
        ht = self.ht
        try:
            while ht.table is None:
                if self.hub.tables.get(ht.id) is not ht:
                    self.call.complain(f"Table {ht.id} was closed before its game began.")
                    return 1
                line = await self._next()
                if line is None:
                    return 0
                if line is not False:
                    self._fault(
                        protocol.ProtocolError("not_your_turn", "the game has not begun: wait for hello")
                    )
            return None
        finally:
            if ht.table is None:
                self.hub.leave(ht, self.call.player or "", self.call.key)

    async def _play(self) -> int:
        table, seat = self.table, self.seat
        self.hub.arrive(self.ht, seat)
        table.programs.add(seat)
        table.subscribe(self.changed.set)
        try:
            self.send(protocol.hello(view(table.game, seat)))
            while True:
                if self._look():
                    return 0
                timeout = None
                if self.deadline is not None:
                    timeout = max(0.0, self.deadline - asyncio.get_running_loop().time())
                line = await self._next(timeout)
                if line is None:
                    return 0
                if line is not False:
                    self._answer(line)
                elif self.deadline is not None and asyncio.get_running_loop().time() >= self.deadline:
                    self.deadline = None
                    await self._stand_in(late=True)
        finally:
            table.unsubscribe(self.changed.set)
            self.hub.depart(self.ht, seat)

    def _look(self) -> bool:
        """Tell the bot what changed: the end (True), its decision made for it, its new decision."""
        table, seat = self.table, self.seat
        g = table.game
        if g.events is not None and self.events_seen > len(g.events):
            self.events_seen = 0  # the game was rebuilt (a decision taken back): its events start again
        if g.over or table.closed:
            self.send(protocol.over(events_for(g, seat, self.events_seen), g.result))
            return True
        pending = g.pending()
        mine = pending is not None and pending[0] == seat
        if self.open_version is not None and (table.version != self.open_version or not mine):
            self.open_version = self.deadline = None
            self.lates += 1
            self.tell(
                "stand_in",
                "the table's stand-in made that decision: its time ran out, or three answers could not be used",
            )
            if self.lates >= LATE_CUT_AFTER:
                raise self.cut_off(f"the stand-in made {LATE_CUT_AFTER} decisions in a row")
        if mine and self.open_version is None:
            events = events_for(g, seat, self.events_seen)
            self.events_seen = len(g.events or ())
            seconds = table.turn_timer or OWN_CLOCK
            self.send(protocol.decide(view(g, seat), events, seconds))
            self.open_version, self.tries = table.version, 0
            # A table with a turn timer runs its own stand-in; one without gets this session's clock.
            if table.turn_timer is None:
                self.deadline = asyncio.get_running_loop().time() + seconds
        return False

    def _answer(self, line: str) -> None:
        table = self.table
        if self.open_version is None or self.open_version != table.version:
            self._fault(
                protocol.ProtocolError("not_your_turn", "no decision of yours is open: wait for a decide")
            )
            return
        v: View = view(table.game, self.seat)
        try:
            chosen = protocol.read_answer(line, len(v.legal))
        except protocol.ProtocolError as e:
            self._fault(e)
            self.tries += 1
            if self.tries == RETRIES:
                self.deadline = None
                self.standing_in = asyncio.ensure_future(self._stand_in(late=False))
            return
        self.faults = self.lates = 0
        self.open_version = self.deadline = None
        self._submit(v.legal[chosen])

    def _submit(self, action: Action) -> None:
        try:
            self.table.submit(self.seat, [action])
        except Exception:  # the seat is no longer this bot's to play (the game moved): it looks again
            log.exception(
                "session %d: the bot's action was not taken",
                self.call.session_id,
                extra={"table": self.ht.id},
            )

    async def _stand_in(self, late: bool) -> None:
        """The table's stand-in makes the open decision (its time ran out here, or its answers could not be
        used); the bot hears of it when it next looks (`stand_in`)."""
        table, seat, version = self.table, self.seat, self.table.version
        bot = make_bot(table.standin_level, table.record.seed * 1013 + seat)
        action = await asyncio.to_thread(decide, bot, table.game.clone(), seat)
        if table.version != version or table.closed:
            return  # the bot answered meanwhile, or the game moved on
        log.info("table %d: a stand-in plays for %s's bot", self.ht.id, table.config.names[seat])
        if late:
            self.hub.announce(
                self.ht, lazy_t("{p} took too long: a bot plays for them.", p=table.config.names[seat])
            )
        self._submit(action)
