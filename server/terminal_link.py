"""The session's half of Textual over SSH (the App's half is `SSHDriver`, driver.py).

`TerminalLink` exists before the App builds its driver (input may already be arriving), owns the input
pipeline (paced by the session's share of the loop: paste cutter -> incremental UTF-8 decoder -> Textual's
xterm parser -> a few events at a time to the App) and the client's real size, and decides when the client
sees "terminal too small" instead of the app. Everything here runs on the server's one event loop; nothing
blocks and nothing prints.

The xterm parser is private Textual API; pyproject pins textual exactly and tests/test_ssh_*.py cover it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from codecs import getincrementaldecoder
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from textual import events
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.message import Message

from . import metrics
from .limits import LoopMeter
from .terminal import Channel, SizeLimits, clamp_size

if TYPE_CHECKING:
    from .driver import SSHDriver

# The SSH terminal's log lines, the link's and the driver's, come under one logger: a host filters by it.
log = logging.getLogger("citadels_server.driver")

# Textual's parser holds a lone ESC for ESCAPE_DELAY (100 ms) waiting for the rest of a sequence; it only
# notices the timeout when ticked, so a pressed Esc key needs a tick soon after.
TICK = 0.05
# Window changes in a burst (a window edge dragged) become one Resize per this many seconds at most: the
# last size asked for within it. A lone change is applied at once. Ten layouts a second follow a drag
# smoothly enough, and cost a third of one per change (a drag sends some 30 a second).
RESIZE_COALESCE = 0.1
# … and while sizes keep coming faster than that, the frame doubles with each size that stood for several
# requests, up to this: a layout of a large screen holds the one loop for tens of ms, so a client that
# never stops resizing gets one a second, not ten. A lone change brings the frame back to RESIZE_COALESCE.
RESIZE_COALESCE_MAX = 1.0
# What receiving one window-change request costs the loop before it reaches the link (asyncssh decrypting
# and dispatching the packet, outside any session's context, so not timed): charged to the session with
# the link's own work, so that a storm of them spends its budget even while none is drawn.
WINDOW_CHANGE_COST = 50e-6
# Input is parsed this many bytes at a time, as the session's budget allows.
SLICE = 512
# Parsed events waiting beyond EVENTS_HIGH leave further bytes unparsed; unparsed bytes beyond PENDING_HIGH
# stop the channel reading until both are down to their low marks.
EVENTS_HIGH = 4096
EVENTS_LOW = 1024
PENDING_HIGH = 16 * 1024
PENDING_LOW = 4 * 1024
# Events handed to the App at once; the next ones wait until it has taken these.
BATCH = 16
# If the App has not taken a batch after this long (a screen closed under it), the pump goes on anyway.
IN_FLIGHT_TIMEOUT = 0.5


PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


def _partial_suffix(data: bytes, marker: bytes) -> int:
    """Length of the longest end of `data` that is a proper beginning of `marker`."""
    for n in range(min(len(marker) - 1, len(data)), 0, -1):
        if data.endswith(marker[:n]):
            return n
    return 0


class InputBudget(Protocol):
    """The settings that bound what one session's input may cost the shared loop (see settings.py)."""

    @property
    def input_burst(self) -> int: ...
    @property
    def input_share(self) -> float: ...
    @property
    def input_share_burst(self) -> float: ...
    @property
    def input_notice_after(self) -> float: ...
    @property
    def input_disconnect_after(self) -> float: ...


class TypedRun:
    """Printable keys that arrived together: typed into a text field as one insertion, not one event each.

    A paste that the terminal did not bracket, or a script, arrives as thousands of keys in one read; one
    Textual event per character costs the loop a millisecond each (and more as the line grows). A run is
    delivered as one Paste when a text field has the focus, else as its keys one by one.
    """

    __slots__ = ("keys",)

    def __init__(self, key: events.Key) -> None:
        self.keys = [key]

    @property
    def text(self) -> str:
        return "".join(k.character or "" for k in self.keys)


def _joins_run(message: Message) -> bool:
    # Digits stay keys: a lone digit picks an option at once, and "12" is not the same as "1" then "2".
    return (
        isinstance(message, events.Key)
        and message.is_printable
        and message.character is not None
        and len(message.character) == 1
        and not message.character.isdigit()
    )


class TerminalLink:
    """One client's terminal, as seen from the server: input pipeline, real size, output guard.

    Input goes: channel -> `pending` bytes -> (paced by the pump) paste cutter, UTF-8 decoder, Textual's
    xterm parser -> `events` queue -> the App, a few at a time. The pump hands the App its next few events
    only once it has taken the last ones, and only while this session's loop budget (`LoopMeter`) lasts;
    past it the session is slowed (events wait, then the channel stops reading, which stops the client's
    ssh), then told, then disconnected. Nothing is dropped on the way, so every key arrives in order.

    Window changes are input too, under the same budget: each is charged as it arrives, and the pump
    applies the last size asked for, at most once a frame (RESIZE_COALESCE) and only while the budget
    lasts. Sizes asked for while the session waits are replaced by the next, never queued; a storm of them
    is slowed, told and disconnected as a key flood is.
    """

    def __init__(
        self,
        channel: Channel,
        width: int,
        height: int,
        limits: SizeLimits,
        *,
        budget: InputBudget,
        output_buffer_limit: int,
        on_overflow: Callable[[], None],
        on_input: Callable[[], None] | None = None,
        on_slowed: Callable[[], None] | None = None,
        on_flood: Callable[[], None] | None = None,
    ) -> None:
        self.channel = channel
        self.limits = limits
        self.width, self.height = max(width, 1), max(height, 1)
        self.output_buffer_limit = output_buffer_limit
        self.on_overflow = on_overflow
        self.on_input = on_input
        self.on_slowed = on_slowed
        self.on_flood = on_flood
        self.driver: SSHDriver | None = None
        self.closed = False
        self.overflowed = False
        self.budget = budget
        self.meter = LoopMeter(budget.input_share, budget.input_share_burst)
        self.context = self.meter.context()  # the session's app and input work run (and are charged) here
        self.pending = bytearray()  # received, not yet parsed
        self.events: deque[Message | TypedRun] = deque()  # parsed, not yet handed to the App
        # Parsed keys and reports waiting in `events`, each key of a run counted (a run may hold thousands).
        self.queued = 0
        self._reading_paused = False
        self._pump_handle: asyncio.Handle | None = None
        self._in_flight = 0  # batches handed to the App that it has not yet taken
        self._in_flight_handle: asyncio.TimerHandle | None = None
        # The last batch went in with nothing behind it, and nobody asked the App when it took it (below).
        self._unconfirmed = False
        self._slowed_since: float | None = None  # when the budget first held input back, this episode
        self._told = False
        self._typed_at: float | None = None  # when input came that no frame has answered yet (metrics.py)
        self._paste: bytearray | None = None  # the body of a bracketed paste being received
        self._paste_discarded = False
        self._held = b""  # a possible start of a paste marker, split across two packets
        self._held_handle: asyncio.TimerHandle | None = None
        self._new_parser()
        self._tick_handle: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()
        # A size the client asked for that the App has not been given yet, and how many requests it stands
        # for; `_resize_handle` waits for the frame since the last size was applied to be over.
        self._size_asked = False
        self._sizes_coalesced = 0
        self._resize_handle: asyncio.TimerHandle | None = None
        self._resized_at = -RESIZE_COALESCE
        self._resize_frame = RESIZE_COALESCE  # grows while a burst goes on (RESIZE_COALESCE_MAX)
        self.window_changes = 0  # window-change requests received
        self.sizes_applied = 0  # sizes handed to the App
        self.bytes_dropped = 0  # bytes of bracketed pastes too large to deliver (dropped whole)
        self.events_delivered = 0

    # -- size -----------------------------------------------------------------------------------------

    @property
    def too_small(self) -> bool:
        return self.width < self.limits.min_width or self.height < self.limits.min_height

    @property
    def app_size(self) -> tuple[int, int]:
        return clamp_size(self.width, self.height, self.limits)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed: the pump gives the App the last size asked for, when it may."""
        if self.closed:
            return
        start = time.thread_time()
        self.window_changes += 1
        # A client may claim 0x0 or 100000x100000; neither may reach the app unclamped.
        self.width, self.height = max(1, min(width, 10_000)), max(1, min(height, 10_000))
        self._sizes_coalesced += 1
        if not self._size_asked:
            self._size_asked = True
            due = max(0.0, self._resized_at + self._resize_frame - self._loop.time())
            self._resize_handle = self._loop.call_later(due, self._resize_due, context=self.context)
        self.meter.charge(time.thread_time() - start + WINDOW_CHANGE_COST)

    def _resize_due(self) -> None:
        self._resize_handle = None
        self._schedule_pump()

    def _apply_size(self, driver: SSHDriver) -> bool:
        """Give the App the size asked for; True if it stood for more than one request."""
        coalesced = self._sizes_coalesced
        self._size_asked, self._sizes_coalesced = False, 0
        self._resized_at = self._loop.time()
        self._resize_frame = (
            min(self._resize_frame * 2, RESIZE_COALESCE_MAX) if coalesced > 1 else RESIZE_COALESCE
        )
        self.sizes_applied += 1
        driver.client_resized()
        return coalesced > 1

    # -- output ---------------------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        """Write to the client, or disconnect it if it stopped reading what we already sent."""
        if self.closed or self.overflowed:
            return
        try:
            self.channel.write(data)
        except (BrokenPipeError, OSError):
            # The channel closed under us (client vanished); the session will end the app.
            self.closed = True
            return
        if self._typed_at is not None:
            metrics.KEYSTROKE.observe(time.perf_counter() - self._typed_at)
            self._typed_at = None
        if self.channel.get_write_buffer_size() > self.output_buffer_limit:
            self.overflowed = True
            log.warning(
                "client stopped reading: %d bytes unsent; disconnecting", self.channel.get_write_buffer_size()
            )
            self.on_overflow()

    # -- input: receiving -----------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes typed, pasted or reported by the client's terminal.

        They are parsed as they arrive (so the parser's timeouts see the pauses between them: a lone Esc,
        a broken sequence followed later by real keys), unless events already wait beyond EVENTS_HIGH;
        then the bytes wait too, and past PENDING_HIGH the channel stops reading.
        """
        if self.closed:
            return
        if self.on_input is not None:
            self.on_input()
        if self._typed_at is None:
            self._typed_at = time.perf_counter()
        self.pending += data
        self._parse_pending()
        self._flow()
        self._schedule_pump()

    def _parse_pending(self) -> None:
        """Parse waiting bytes while the events queue has room; the time is this session's."""
        if not self.pending or self.queued >= EVENTS_HIGH:
            return
        start = time.thread_time()
        while self.pending and self.queued < EVENTS_HIGH:
            self._parse_slice()
        self.meter.charge(time.thread_time() - start)

    def _flow(self) -> None:
        """Stop reading the channel while too much waits, and read again once it has gone down.

        Paused, the SSH window fills and the client's ssh stops sending: memory stays bounded by these
        marks plus the channel window, whatever the client does.
        """
        if not self._reading_paused and (len(self.pending) >= PENDING_HIGH or self.queued >= EVENTS_HIGH):
            self._reading_paused = True
            self.channel.pause_reading()
        elif self._reading_paused and len(self.pending) <= PENDING_LOW and self.queued <= EVENTS_LOW:
            self._reading_paused = False
            self.channel.resume_reading()

    def flush_early_input(self) -> None:
        """The App takes input now: what arrived before it was ready goes in first.

        Building the App (a few hundred ms of CPU on a busy server) was charged to this session, but it
        is not the player's input: their first keys must not wait for it to be paid back.
        """
        self.meter.forgive()
        # The App starts at the size asked for last (`app_size`): nothing more to give it.
        self._size_asked, self._sizes_coalesced = False, 0
        if self._resize_handle is not None:
            self._resize_handle.cancel()
            self._resize_handle = None
        self._schedule_pump()

    # -- input: the pump ------------------------------------------------------------------------------

    def _schedule_pump(self, delay: float = 0.0) -> None:
        if self._pump_handle is not None or self.closed:
            return
        if delay > 0:
            self._pump_handle = self._loop.call_later(delay, self._pump, context=self.context)
        else:
            self._pump_handle = self._loop.call_soon(self._pump, context=self.context)

    def _pump(self) -> None:
        self._pump_handle = None
        driver = self.driver
        if self.closed or driver is None or not driver.accepting_input or self._in_flight:
            return
        if not self.events and not self.pending:
            if not self._size_asked:
                self._calm()
                return
            if self._resize_handle is not None:
                return  # the size waits for its frame; the timer pumps again
        if self._unconfirmed:
            self._unconfirmed = False
            if not driver.input_taken():
                self._ask_when_taken(driver)
                return
        if not self.events_delivered and not self.sizes_applied:
            # Nothing taken yet: what this session cost so far is its App being built and drawn (slower on
            # a busy server), not input; the player's first keys must not wait for it to be paid back.
            self.meter.forgive()
        wait = self.meter.wait()
        if wait > 0:
            self._slowed(wait)
            return
        if self._size_asked and self._resize_handle is None:
            storm = self._apply_size(driver) and self._slowed_since is not None
            if not self.events and not self.pending:
                if storm:
                    # More sizes came while this one waited for the budget than were drawn: the episode
                    # goes on. A frame with no new request ends it (the next pump finds nothing).
                    self._schedule_pump(self._resize_frame)
                else:
                    self._calm()
                return
        batch: list[Message] = []
        while len(batch) < BATCH:
            if not self.events:
                if not self.pending:
                    break
                self._parse_slice()
                continue
            item = self.events.popleft()
            if isinstance(item, TypedRun):
                if len(item.keys) > 1 and driver.focus_takes_text():
                    self.queued -= len(item.keys)
                    batch.append(events.Paste(item.text))
                else:
                    self.events.extendleft(reversed(item.keys))
                continue
            self.queued -= 1
            batch.append(item)
        if self.queued <= EVENTS_LOW:
            self._parse_pending()
        self._flow()
        if batch:
            for message in batch:
                if driver.accepting_input:
                    driver.process_message(message)
            self.events_delivered += len(batch)
            # The next batch waits until the App has taken this one, so the App's queues never hold more
            # than a batch: a backlog stays here, where it is bounded and paced, not in the App.
            if self.events or self.pending or self._size_asked:
                self._ask_when_taken(driver)
            else:
                # Nothing waits behind it (a player typing, a key at a time): asking the App costs two
                # messages through its queues, some 15% of a keystroke. The next input asks instead, and
                # only if the App's queues still hold something by then (`SSHDriver.input_taken`).
                self._unconfirmed = True
                # All input taken, and no pump runs again until more arrives: the episode of being slowed
                # (if any) ends here. Else a player slowed for a moment now and again (their screen
                # redrawn at a busy table costs their budget too) would add the moments up, and be
                # disconnected as a flood for one key typed minutes later.
                self._calm()

    def _ask_when_taken(self, driver: SSHDriver) -> None:
        self._in_flight += 1
        self._in_flight_handle = self._loop.call_later(IN_FLIGHT_TIMEOUT, self._taken, context=self.context)
        driver.after_input_processed(self._taken)

    def _taken(self) -> None:
        """The App took the last batch (or it is gone, or it took too long): the pump may go on."""
        if not self._in_flight:
            return
        self._in_flight = 0
        if self._in_flight_handle is not None:
            self._in_flight_handle.cancel()
            self._in_flight_handle = None
        self._schedule_pump()

    def _slowed(self, wait: float) -> None:
        now = self._loop.time()
        if self._slowed_since is None:
            self._slowed_since = now
            metrics.FLOODS.labels("slowed").inc()
        held = now - self._slowed_since
        if held >= self.budget.input_disconnect_after:
            metrics.FLOODS.labels("disconnected").inc()
            log.warning("input flood: over its loop budget for %.0f s; disconnecting", held)
            self.close()
            if self.on_flood is not None:
                self.on_flood()
            return
        if held >= self.budget.input_notice_after and not self._told:
            self._told = True
            metrics.FLOODS.labels("told").inc()
            log.info(
                "input flood: slowing the session down (%.2f s of loop time used; %d window changes, "
                "%d sizes applied)",
                self.meter.used,
                self.window_changes,
                self.sizes_applied,
            )
            if self.on_slowed is not None:
                self.on_slowed()
        self._schedule_pump(min(wait, 0.5))

    def _calm(self) -> None:
        """All input taken: a new flood starts a new count."""
        self._slowed_since = None
        self._told = False

    # -- input: parsing -------------------------------------------------------------------------------

    def _new_parser(self) -> None:
        self._decoder = getincrementaldecoder("utf-8")(errors="replace")
        self._parser = XTermParser()

    def _parse_slice(self) -> None:
        """Parse the next few pending bytes into events (charged, like all the pump does, to the session)."""
        data = bytes(self.pending[:SLICE])
        del self.pending[:SLICE]
        self._cut_pastes(data)

    def _cut_pastes(self, data: bytes) -> None:
        """Bracketed pastes are cut out of the stream here, whole, before the parser sees them.

        A paste is delivered in one piece if it is at most `input_burst` bytes and dropped in one piece if
        not: otherwise an over-long paste would grow the parser's paste buffer without bound.
        """
        if self._held:
            data, self._held = self._held + data, b""
            if self._held_handle is not None:
                self._held_handle.cancel()
                self._held_handle = None
        while data:
            if self._paste is None:
                start = data.find(PASTE_START)
                if start < 0:
                    keep = _partial_suffix(data, PASTE_START)
                    if keep:
                        # Maybe the start of a paste marker: wait briefly for the rest.
                        data, self._held = data[:-keep], data[-keep:]
                        self._held_handle = self._loop.call_later(
                            TICK, self._flush_held, context=self.context
                        )
                    self._parse(data)
                    return
                self._parse(data[:start])
                self._paste, self._paste_discarded = bytearray(), False
                data = data[start + len(PASTE_START) :]
            else:
                scan_from = max(0, len(self._paste) - len(PASTE_END) + 1)
                self._paste += data
                end = self._paste.find(PASTE_END, scan_from)
                if end < 0:
                    if len(self._paste) > self.budget.input_burst:
                        # Too big to ever be delivered: keep only what could be the start of the end marker.
                        if not self._paste_discarded:
                            log.warning("dropping a paste larger than %d bytes", self.budget.input_burst)
                        self.bytes_dropped += len(self._paste) - len(PASTE_END)
                        del self._paste[: -len(PASTE_END)]
                        self._paste_discarded = True
                    return
                body, data = bytes(self._paste[:end]), bytes(self._paste[end + len(PASTE_END) :])
                discarded, self._paste = self._paste_discarded, None
                if discarded:
                    self.bytes_dropped += len(body)
                    log.warning("dropped a paste of %d+ bytes", len(body))
                else:
                    self._parse(PASTE_START + body + PASTE_END)

    def _flush_held(self) -> None:
        self._held_handle = None
        held, self._held = self._held, b""
        if not self.closed:
            self._parse(held)
            self._schedule_pump()

    def _parse(self, data: bytes) -> None:
        text = self._decoder.decode(data)
        if not text:
            return
        try:
            self._queue(self._parser.feed(text))
        except ParseError:
            # Unreachable with a live parser as far as we know; a fresh one is the safe answer to garbage.
            log.warning("input parser failed; resetting it", exc_info=True)
            self._new_parser()
        self._arm_tick()

    def _queue(self, messages: Iterable[Message]) -> None:
        queue = self.events
        for message in messages:
            self.queued += 1
            last = queue[-1] if queue else None
            if _joins_run(message):
                if isinstance(last, TypedRun):
                    last.keys.append(message)  # type: ignore[arg-type]  # a message that joins a run is a typed key
                else:
                    queue.append(TypedRun(message))  # type: ignore[arg-type]  # a message that joins a run is a typed key
            elif (
                isinstance(message, events.MouseMove)
                and isinstance(last, events.MouseMove)
                and last.button == message.button
            ):
                queue[-1] = message  # only where the pointer ended up matters
                self.queued -= 1
            else:
                queue.append(message)

    def _parser_waiting(self) -> bool:
        return getattr(self._parser, "_timeout_time", None) is not None

    def _arm_tick(self) -> None:
        # Only tick while the parser waits on a timeout (a lone ESC); idle sessions cost no wakeups.
        if self._tick_handle is None and self._parser_waiting():
            self._tick_handle = self._loop.call_later(TICK, self._tick, context=self.context)

    def _tick(self) -> None:
        self._tick_handle = None
        if self.closed:
            return
        try:
            self._queue(self._parser.tick())
        except ParseError:
            self._new_parser()
        self._schedule_pump()
        self._arm_tick()

    def close(self) -> None:
        self.closed = True
        for handle in (
            self._tick_handle,
            self._resize_handle,
            self._held_handle,
            self._pump_handle,
            self._in_flight_handle,
        ):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._resize_handle = self._held_handle = self._pump_handle = None
        self._in_flight_handle = None
        self.pending.clear()
        self.events.clear()
        self.queued = 0
        self._size_asked = False
