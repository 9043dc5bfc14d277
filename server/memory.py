"""Python's garbage collector and the server's one loop: short collections at quiet moments.

CPython's cyclic collector scans every tracked object of the process in a full collection, and starts one
by itself whenever a quarter more objects have survived since the last: as sessions arrive, as games
start, as caches warm, every few sessions, and at any moment. A session is some 15,000 objects (its App,
widgets, styles, game views), so with 16 players a full collection holds the loop for 0.1–0.2 s and with
32 twice that: every player typing then feels a slow key, and the session that set it off a slow start.

So the server makes its full collections itself, and keeps them short. Python's young collections go on
as usual (they only look at new objects). What survives one of the server's collections is frozen
(`gc.freeze`: not scanned again), so the next one looks only at what was made since: the cycles a session
leaves as it starts and changes screens are found by a collection that scans the last few sessions'
objects, not everyone's. One is due after `SWEEP_AFTER` sessions have started or ended, or `SWEEP_EVERY`
seconds after the last; it waits for a quiet moment (below), except once `SWEEP_NOW_AFTER` sessions have
come or gone meanwhile: such a collection scans some 15,000 objects a session (about 4 ms of the loop on
the project machine), so one that waited through many arrivals (players keep typing while others log in)
would hold the loop far longer than any session's start. What ends after it was frozen (an ended session's app) is found only once
everything is thawed and scanned: that long collection is due after `THAW_AFTER` sessions have ended, or
`THAW_EVERY` seconds. Either waits for a moment when no player has typed for `QUIET` seconds, for at most
`MAX_WAIT` seconds.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

# Sessions started or ended between two short collections, and their longest interval (seconds).
SWEEP_AFTER = 2
SWEEP_EVERY = 60.0
# … and after this many a due collection runs at once, quiet or not: it stays under the 20 ms a session's
# start or end may hold the loop.
SWEEP_NOW_AFTER = 4
# Sessions ended between two long ones (at a few MB each, what waits to be freed stays bounded) …
THAW_AFTER = 32
THAW_EVERY = 1800.0
# A due collection runs once no input has arrived for this long (seconds) …
QUIET = 1.0
# … or after this long anyway.
MAX_WAIT = 30.0
# Python collects its oldest generation when the middle one has been collected this many times (and a
# quarter more objects survived): this many is never, so the long collections are the server's own.
NEVER = 1 << 30


class Collector:
    """When the server's collections run, for one server process (`collector`, below)."""

    def __init__(self) -> None:
        self.events = 0  # sessions started or ended since the last collection
        self.ended = 0  # sessions ended since the last long collection
        self.sweeps = 0
        self.thaws = 0
        self.last_input = 0.0  # time.monotonic() of the last input any session received
        self._last_thaw = time.monotonic()
        self._due_since: float | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._started = False
        self._servers = 0
        self._threshold = gc.get_threshold()

    def server_started(self) -> None:
        """A server is up: freeze what it holds, and take over the full collections."""
        self._servers += 1
        if self._started:
            return
        self._started = True
        gc.collect()
        gc.freeze()
        self._last_thaw = time.monotonic()
        self._threshold = gc.get_threshold()
        young, middle, _ = self._threshold
        gc.set_threshold(young, middle, NEVER)
        self._at(SWEEP_EVERY, self._due)

    def server_stopped(self) -> None:
        """A server has closed; once none runs, Python collects as it did before (a test process goes on)."""
        self._servers = max(0, self._servers - 1)
        if self._servers or not self._started:
            return
        self._started = False
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._due_since = None
        gc.unfreeze()
        gc.set_threshold(*self._threshold)

    def session_started(self) -> None:
        self._event()

    def session_ended(self) -> None:
        self.ended += 1
        self._event()

    def input_seen(self) -> None:
        self.last_input = time.monotonic()

    def _event(self) -> None:
        self.events += 1
        if not self._started:
            return
        if self.events >= SWEEP_NOW_AFTER:
            # A callback of its own, not part of the session's start or end that counted last.
            self._at(0, self.sweep)
        elif self.events >= SWEEP_AFTER and self._due_since is None:
            self._due()

    def _at(self, delay: float, callback: Callable[[], None]) -> None:
        if self._handle is not None:
            self._handle.cancel()
        # Outside any session's context: the server's work, charged to no player.
        self._handle = asyncio.get_running_loop().call_later(delay, callback, context=contextvars.Context())

    def _due(self) -> None:
        self._due_since = time.monotonic()
        self._at(0, self._when_quiet)  # not within the session's own start or end

    def _when_quiet(self) -> None:
        now = time.monotonic()
        assert self._due_since is not None
        quiet_for = now - self.last_input
        if quiet_for >= QUIET or now - self._due_since >= MAX_WAIT:
            self.sweep()
        else:
            self._at(min(QUIET - quiet_for, MAX_WAIT - (now - self._due_since)), self._when_quiet)

    def sweep(self) -> None:
        """Collect now: what was made since the last collection, or everything when a long one is due."""
        start = time.thread_time()
        thaw = self.ended >= THAW_AFTER or time.monotonic() - self._last_thaw >= THAW_EVERY
        events, self.events, self._due_since = self.events, 0, None
        if thaw:
            gc.unfreeze()
            self.ended = 0
            self._last_thaw = time.monotonic()
            self.thaws += 1
        found = gc.collect()
        gc.freeze()
        self.sweeps += 1
        # The long ones are worth a line in the log; the short ones, every minute, are not.
        log.log(
            logging.INFO if thaw else logging.DEBUG,
            "%s garbage collection (%d sessions started or ended since the last): %d objects freed in "
            "%.0f ms",
            "full" if thaw else "recent",
            events,
            found,
            (time.thread_time() - start) * 1000,
        )
        self._at(SWEEP_EVERY, self._due)


collector = Collector()
