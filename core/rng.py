"""The game's own seeded random generator (SplitMix64): portable, deterministic and cheap to copy."""

from __future__ import annotations

import functools
import struct
from collections.abc import Sequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_STEP = 0x9E3779B97F4A7C15  # SplitMix64's increment: the state after k draws is state + k * _STEP

# Outputs mixed at once when a generator runs out of them (see Rng): enough that the mixing's fixed cost is
# shared by many draws, few enough that a generator dropped (or set to another state) early wastes little.
_BATCH = 32

T = TypeVar("T")


class Rng:
    """A 64-bit SplitMix generator: the k-th draw after state s is mix(s + k * _STEP), so its whole state is
    one int (`state`), and two generators of equal state draw alike.

    Each draw's mixing is fourteen operations on 64-bit ints, which in Python cost about as much as a call
    each: the search draws millions of numbers per `hard` game and every random game one per decision.
    So a generator mixes the outputs of its next `_BATCH` states at once (`mixed`, one operation on a long
    int per step of the mix for the whole batch, see `_mixed`) and hands them out in order: `base` is the
    state they follow, `at` how many were taken. `state` is computed from them, and setting it drops the
    batch. `next64_stepwise` and `shuffle_stepwise` say plainly what the draws are (tests compare them)."""

    __slots__ = ("base", "at", "mixed")

    def __init__(self, seed: int = 0) -> None:
        self.base = seed & _MASK
        self.at = 0
        self.mixed: tuple[int, ...] = ()  # the outputs of states base + 1 * _STEP, base + 2 * _STEP, ...

    @property
    def state(self) -> int:
        return (self.base + self.at * _STEP) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self.base = value & _MASK
        self.at = 0
        self.mixed = ()

    def _refill(self, k: int) -> tuple[int, ...]:
        """Mix the outputs of the next max(k, _BATCH) draws from the current state, which becomes the base."""
        self.base = s = (self.base + self.at * _STEP) & _MASK
        self.at = 0
        self.mixed = mixed = _mixed(s, max(k, _BATCH))
        return mixed

    def next64(self) -> int:
        at = self.at
        try:
            w = self.mixed[at]
        except IndexError:
            w, at = self._refill(1)[0], 0
        self.at = at + 1
        return w

    # below() and belows() repeat next64's lines instead of calling it: they are the search's most called
    # functions (several million calls per `hard` game), and a call costs as much as the rest.

    def below(self, n: int) -> int:
        """A uniform int in [0, n) (multiply-shift; the bias is below 2**-50 for game-sized n)."""
        at = self.at
        try:
            w = self.mixed[at]
        except IndexError:  # (the batch is used up: a try costs nothing until it catches)
            w, at = self._refill(1)[0], 0
        self.at = at + 1
        return (w * n) >> 64

    def belows(self, n: int, k: int) -> list[int]:
        """k draws of below(n), in order, in one call (the search's rollouts draw one per option)."""
        at, mixed = self.at, self.mixed
        if at + k > len(mixed):
            mixed, at = self._refill(k), 0
        self.at = at + k
        return [(w * n) >> 64 for w in mixed[at : at + k]]

    def shuffle(self, items: list[Any]) -> None:  # any list: only its order changes
        """Fisher-Yates with one draw per position from the last down to the second: the draw for position i
        is `below(i + 1)` (as `shuffle_stepwise` says plainly). A long list's draws are mixed for it alone
        (a game's deck: sixty-odd), without refilling the batch."""
        m = len(items) - 1  # the draws
        if m <= 0:
            return
        at, mixed = self.at, self.mixed
        if at + m <= len(mixed):
            draws = mixed[at : at + m]
            self.at = at + m
        elif m <= _BATCH:
            draws = self._refill(m)[:m]
            self.at = m
        else:
            s = self.state
            draws = _mixed(s, m)
            self.state = (s + m * _STEP) & _MASK
        for i, w in zip(range(m, 0, -1), draws, strict=True):
            j = (w * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def skip(self, k: int) -> None:
        """Move on as k calls of next64() (or below(), or k + 1 items shuffled) would, in one step: the state
        of SplitMix64 only ever adds its constant."""
        self.at += k  # (past the batch, the next draw mixes a new one from base + at * _STEP)

    def choice(self, items: Sequence[T]) -> T:  # any sequence, as random.choice takes
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.base, r.at, r.mixed = (
            self.base,
            self.at,
            self.mixed,
        )  # (the batch is a tuple: shared, never changed)
        return r

    # What the draws are, one SplitMix step each: the reference the batched draws are tested against.

    def next64_stepwise(self) -> int:
        self.state = z = (self.state + _STEP) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def shuffle_stepwise(self, items: list[Any]) -> None:  # any list: only its order changes
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64_stepwise() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]


def _mixed(s: int, m: int) -> tuple[int, ...]:
    """The outputs of SplitMix64's next m states after state s (what m calls of next64_stepwise return), mixed
    all at once: m lanes of 128 bits in one int, lane k holding state s + (k + 1) * _STEP (far below 2**128:
    no carry between lanes) kept to its low 64 bits. Every shift lets the next lane's low bits into a lane's
    high half, which the mask clears before a multiplication could carry them on (a 64-bit lane times a
    64-bit constant fits in its 128 bits); the last xor's high halves are not read."""
    ones, ramp, low, words = _lanes(m)
    z = (s * ones + ramp) & low
    z = (((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
    z = (((z ^ (z >> 27)) & low) * 0x94D049BB133111EB) & low
    z ^= z >> 31
    return words.unpack(z.to_bytes(16 * m, "little"))  # each lane's low 64 bits (its high half skipped)


@functools.lru_cache(maxsize=256)
def _lanes(m: int) -> tuple[int, int, int, struct.Struct]:
    """For `m` outputs mixed at once (see `_mixed`): one in each lane, k + 1 increments in lane k, each lane's
    low 64 bits set, and the format that reads back each lane's low 64 bits (skipping its high half)."""
    ones = sum(1 << (128 * k) for k in range(m))
    ramp = sum(((k + 1) * _STEP) << (128 * k) for k in range(m))
    return ones, ramp, ones * _MASK, struct.Struct("<" + "Q8x" * m)
