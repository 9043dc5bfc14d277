"""Connection caps and per-session input budget: the protections asyncssh leaves to the application."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from contextvars import Context, ContextVar, copy_context


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class ConnectionLimiter:
    """Counts open connections, in total and per peer address, against two caps."""

    def __init__(self, max_total: int, max_per_address: int) -> None:
        self.max_total = max_total
        self.max_per_address = max_per_address
        self._by_address: Counter[str] = Counter()
        self.total = 0

    def acquire(self, address: str) -> str | None:
        """Take a slot for `address`, or return the sentence that explains the refusal."""
        if self.total >= self.max_total:
            return f"The server is full ({_n(self.max_total, 'player')}). Please try again later."
        if self._by_address[address] >= self.max_per_address:
            return (f"Too many connections from your address ({_n(self.max_per_address, 'connection')} at most). "
                    "Close one and try again.")
        self.total += 1
        self._by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]

    def count(self, address: str) -> int:
        return self._by_address[address]


class TokenBucket:
    """A byte budget refilled at `rate` per second up to `burst`: pastes pass, floods do not."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def take(self, n: int) -> int:
        """Take up to `n` tokens; return how many were granted (the rest of the input is dropped)."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        granted = int(min(n, self._tokens))
        self._tokens -= granted
        return granted


# -- how much of the event loop each session uses -------------------------------------------------------
#
# Every session of a server shares one event loop, so the budget that protects the others is loop time,
# not bytes: a key that opens a help screen costs a hundred times a letter typed into the command line.
# Each callback the loop runs is timed and charged to the session whose context it runs in. A session's
# app, its tasks and timers, and its input parsing all run in a context that carries its meter (set once
# when the session starts; asyncio copies the context into every task and callback made from there).

_session_meter: ContextVar[LoopMeter | None] = ContextVar("citadels_session_meter", default=None)
_metering = False


class LoopMeter:
    """Loop seconds one session used, and a budget of them refilled at `share` per second up to `burst`."""

    def __init__(self, share: float, burst: float) -> None:
        self.share = share
        self.burst = burst
        self.used = 0.0  # seconds of loop time charged in all
        self._tokens = burst
        self._last = time.monotonic()

    def charge(self, seconds: float) -> None:
        self.used += seconds
        self._tokens -= seconds

    def wait(self) -> float:
        """Seconds until the session may use the loop again (0: now)."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.share)
        self._last = now
        return 0.0 if self._tokens > 0 else -self._tokens / self.share

    def context(self) -> Context:
        """A copy of the current context in which everything run is charged to this meter."""
        ctx = copy_context()
        ctx.run(_session_meter.set, self)
        return ctx


def meter_loop_callbacks() -> None:
    """Time every callback of every asyncio loop in this process, charging it to its session (idempotent).

    asyncio has no hook for this: `Handle._run` is where both plain callbacks and task steps run, so the
    timing wraps it. Outside a session (the server's own work, the hub, the tables) nothing is charged,
    and the cost is one context lookup per callback.
    """
    global _metering
    if _metering:
        return
    run = asyncio.events.Handle._run

    def timed_run(self: asyncio.events.Handle) -> None:
        meter = self._context.get(_session_meter)  # type: ignore[attr-defined]
        if meter is None:
            run(self)
            return
        start = time.perf_counter()
        try:
            run(self)
        finally:
            meter.charge(time.perf_counter() - start)

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]
    _metering = True
