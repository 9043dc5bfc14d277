"""Connection caps and per-session input budget: the protections asyncssh leaves to the application."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from contextvars import Context, ContextVar, copy_context
from typing import Generic, NamedTuple, TypeVar

C = TypeVar("C")


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class Refusal(NamedTuple):
    """Why a connection may not log in: the setting whose cap is full (or what happened), and the sentence
    its client reads."""

    cap: str
    sentence: str


class ConnectionLimiter(Generic[C]):
    """Counts connections in two pools, each against a cap in total and a cap per peer address.

    Logged-in connections are held against `max_total` and `max_per_address`; a client over those caps is
    refused with a sentence it can read. Connections still logging in (from the TCP accept until their
    authentication succeeds) have their own, tighter caps, and are never refused: a new arrival evicts the
    oldest connection still logging in, from its own address when that address's cap is full, else from
    all addresses when the total is.

    Why evict rather than refuse: a connection that is still logging in has shown nothing yet, so a
    refusal cannot tell a player from a pile of idle connections someone leaves open, and refusing would
    let that pile keep an address's (or the server's) real players out for as long as it is renewed.
    Evicting the oldest means a pile can only push a real login out by opening more connections than the
    cap in the second or so that the login takes, and the short `auth_start_timeout` clears idle ones
    anyway. Logged-in sessions are never evicted: they are the players.
    """

    def __init__(
        self,
        max_total: int,
        max_per_address: int,
        max_authenticating: int,
        max_authenticating_per_address: int,
    ) -> None:
        self.max_total = max_total
        self.max_per_address = max_per_address
        self.max_authenticating = max_authenticating
        self.max_authenticating_per_address = max_authenticating_per_address
        self._logged_in: dict[C, str] = {}
        self._logged_in_by_address: Counter[str] = Counter()
        # Oldest first: dicts keep their insertion order.
        self._authenticating: dict[C, str] = {}
        self._authenticating_by_address: Counter[str] = Counter()

    @property
    def total(self) -> int:
        """Connections held, logged in or not."""
        return len(self._logged_in) + len(self._authenticating)

    @property
    def logged_in(self) -> int:
        return len(self._logged_in)

    @property
    def authenticating(self) -> int:
        return len(self._authenticating)

    def count(self, address: str) -> int:
        """Logged-in connections from `address`."""
        return self._logged_in_by_address[address]

    def count_authenticating(self, address: str) -> int:
        return self._authenticating_by_address[address]

    def arrive(self, connection: C, address: str) -> list[tuple[C, str]]:
        """A new connection, still logging in. Returns the connections it evicts, each with the setting
        whose cap was full; they are out of the count already (close them)."""
        evicted: list[tuple[C, str]] = []
        if self._authenticating_by_address[address] >= self.max_authenticating_per_address:
            oldest = next(c for c, a in self._authenticating.items() if a == address)
            evicted.append((oldest, "max_authenticating_per_address"))
            self._drop_authenticating(oldest)
        if len(self._authenticating) >= self.max_authenticating:
            oldest = next(iter(self._authenticating))
            evicted.append((oldest, "max_authenticating"))
            self._drop_authenticating(oldest)
        self._authenticating[connection] = address
        self._authenticating_by_address[address] += 1
        return evicted

    def refusal(self, address: str) -> Refusal | None:
        """Whether one more logged-in connection from `address` would be over a cap, and why."""
        if len(self._logged_in) >= self.max_total:
            return Refusal(
                "max_connections",
                f"The server is full ({_n(self.max_total, 'player')}). Please try again later.",
            )
        if self._logged_in_by_address[address] >= self.max_per_address:
            return Refusal(
                "max_per_address",
                f"Too many connections from your address ({_n(self.max_per_address, 'connection')} "
                "at most). Close one and try again.",
            )
        return None

    def log_in(self, connection: C) -> Refusal | None:
        """Move `connection` from the logging-in pool to the logged-in one, or say why it may not."""
        address = self._authenticating.get(connection)
        if address is None:
            return Refusal("evicted while logging in", "Your connection was closed while logging in.")
        refusal = self.refusal(address)
        if refusal is None:
            self._drop_authenticating(connection)
            self._logged_in[connection] = address
            self._logged_in_by_address[address] += 1
        return refusal

    def leave(self, connection: C) -> None:
        """A connection closed (a second call, or one for an evicted connection, changes nothing)."""
        if connection in self._authenticating:
            self._drop_authenticating(connection)
        address = self._logged_in.pop(connection, None)
        if address is not None:
            _take_one(self._logged_in_by_address, address)

    def _drop_authenticating(self, connection: C) -> None:
        _take_one(self._authenticating_by_address, self._authenticating.pop(connection))


def _take_one(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


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
        # The debt is bounded: one costly moment that was not input (the app starting, a screen built for
        # a game that began) slows the next keys for at most `burst / share` seconds, not for minutes.
        self._tokens = max(self._tokens - seconds, -self.burst)

    def forgive(self) -> None:
        """A full budget again (what was spent so far stays in `used`)."""
        self._tokens = self.burst
        self._last = time.monotonic()

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
        meter = self._context.get(_session_meter)  # type: ignore[attr-defined]  # asyncio's Handle keeps the context it runs in
        if meter is None:
            run(self)
            return
        # CPU time of this thread, not wall time: a machine busy with other processes must not make a
        # session look costly.
        start = time.thread_time()
        try:
            run(self)
        finally:
            meter.charge(time.thread_time() - start)

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]  # the loop meter times each callback (docs/architecture.md)
    _metering = True


# -- reconnect codes ------------------------------------------------------------------------------------


class CodeGuesses:
    """Wrong reconnect codes, counted per address and per name, so that nobody can try codes by the
    thousand while a seat is held.

    Each address may give `free_per_address` wrong codes, and each name may be given `free_per_name` (from
    any addresses); past that, a wrong code makes the next one wait `first_wait` seconds, doubled with each
    further wrong code, up to `longest_wait`. A count is forgotten once `longest_wait` has passed without a
    wrong code, and the right code forgets its address's and name's counts.
    """

    def __init__(
        self,
        free_per_address: int = 3,
        free_per_name: int = 10,
        first_wait: float = 10.0,
        longest_wait: float = 600.0,
    ) -> None:
        self.free = {"address": free_per_address, "name": free_per_name}
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self._wrong: dict[tuple[str, str], tuple[int, float]] = {}  # (kind, key) -> (count, last wrong)

    def _keys(self, address: str, name: str) -> tuple[tuple[str, str], tuple[str, str]]:
        return ("address", address), ("name", name.casefold())

    def wait(self, address: str, name: str, now: float | None = None) -> float:
        """Seconds before a code for `name` from `address` is taken (0: now)."""
        now = time.monotonic() if now is None else now
        longest = 0.0
        for key in self._keys(address, name):
            count, last = self._wrong.get(key, (0, 0.0))
            if now - last >= self.longest_wait:
                continue
            over = count - self.free[key[0]]
            if over >= 0:
                longest = max(longest, last + min(self.first_wait * 2**over, self.longest_wait) - now)
        return max(0.0, longest)

    def wrong(self, address: str, name: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if len(self._wrong) > 10_000:  # bounded: forget the counts that have run out
            self._wrong = {k: v for k, v in self._wrong.items() if now - v[1] < self.longest_wait}
        for key in self._keys(address, name):
            count, last = self._wrong.get(key, (0, 0.0))
            self._wrong[key] = (1 if now - last >= self.longest_wait else count + 1, now)

    def right(self, address: str, name: str) -> None:
        for key in self._keys(address, name):
            self._wrong.pop(key, None)
