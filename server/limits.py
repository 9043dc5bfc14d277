"""Connection caps and per-session input budget: the protections asyncssh leaves to the application."""

from __future__ import annotations

import time
from collections import Counter


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
