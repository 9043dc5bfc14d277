"""Python's garbage collector and the server's one loop: full collections only when sessions have ended.

CPython's cyclic collector scans every tracked object of the process in a full collection, and starts one
by itself whenever a quarter more objects have survived since the last: as sessions arrive, as games
start, as caches warm, every few sessions. A session is some 15,000 objects (its App, widgets, styles,
game views), so with 16 players a full collection holds the loop for 0.1–0.2 s and with 32 twice that:
every player feels it as a slow key, and the session that set it off as a slow start.

So the server makes its full collections itself. What exists once it is up (modules, parsed CSS, its own
state) is frozen (`gc.freeze`: never scanned again); the young collections go on as usual (they only look
at new objects, and stay short); and a full collection runs when `SWEEP_AFTER` sessions have ended (what
a session leaves when it ends is mostly cycles: only a full collection frees it), or `SWEEP_EVERY` seconds
after the last one, whichever comes first: one long pause per that many sessions, instead of one every
few sessions and at any moment of a game.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import logging
import time

log = logging.getLogger(__name__)

# Sessions ended between two full collections: at a few MB each, what waits to be freed stays bounded.
SWEEP_AFTER = 16
# And at least this often, for what long sessions leave behind (seconds).
SWEEP_EVERY = 600.0
# Python collects its oldest generation when the middle one has been collected this many times (and a
# quarter more objects survived): this many is never, so full collections are the server's own.
NEVER = 1 << 30


class Collector:
    """When the full collections run, for one server process (`collector`, below)."""

    def __init__(self) -> None:
        self.ended = 0  # sessions ended since the last full collection
        self.sweeps = 0
        self._sweep_handle: asyncio.TimerHandle | None = None
        self._started = False

    def server_started(self) -> None:
        """The server is up: freeze what it holds, and take over the full collections (idempotent)."""
        if self._started:
            return
        self._started = True
        gc.collect()
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        self._schedule(SWEEP_EVERY)

    def session_ended(self) -> None:
        self.ended += 1
        if self._started and self.ended >= SWEEP_AFTER:
            self._schedule(0)

    def _schedule(self, delay: float) -> None:
        if self._sweep_handle is not None:
            self._sweep_handle.cancel()
        # Outside any session's context: the server's work, charged to no player.
        self._sweep_handle = asyncio.get_running_loop().call_later(delay, self.sweep,
                                                                   context=contextvars.Context())

    def sweep(self) -> None:
        """A full collection now."""
        self._sweep_handle = None
        start = time.thread_time()
        ended, self.ended = self.ended, 0
        found = gc.collect()
        self.sweeps += 1
        log.info("full garbage collection (%d sessions ended since the last): %d objects freed in %.0f ms",
                 ended, found, (time.thread_time() - start) * 1000)
        self._schedule(SWEEP_EVERY)


collector = Collector()
