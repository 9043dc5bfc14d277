"""The game's own seeded random generator (SplitMix64): portable, deterministic and cheap to copy."""

from __future__ import annotations

import functools
import struct

_MASK = (1 << 64) - 1


class Rng:
    """A 64-bit SplitMix generator. Its whole state is one int, so cloning a game copies it for free."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    # below(), belows() and shuffle() repeat next64's three lines instead of calling it: they are the search's most
    # called functions (several million calls per `hard` game), and a call costs as much as the arithmetic.
    # They return exactly what next64() would.

    def below(self, n: int) -> int:
        """A uniform int in [0, n) (multiply-shift; the bias is below 2**-50 for game-sized n)."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def belows(self, n: int, k: int) -> list[int]:
        """k draws of below(n), in order, in one call (the search's rollouts draw one per option)."""
        s = self.state
        out = []
        for _ in range(k):
            s = z = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append(((z ^ (z >> 31)) * n) >> 64)
        self.state = s
        return out

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        """Fisher-Yates with one draw per position from the last down to the second: the draw for position i
        is `below(i + 1)` (the same draws as `shuffle_stepwise`, which says it plainly).

        The draws are mixed all at once (see `_lanes`): each of SplitMix's fourteen operations on 64-bit ints
        costs about as much as a Python call, and every game shuffles its deck and, each round, its
        characters (about a twelfth of a random game's instructions, step by step)."""
        m = len(items) - 1  # the draws
        if m <= 0:
            return
        ones, ramp, low, words = _lanes(m)
        s = self.state
        # Lane k holds the state of draw k, s + (k + 1) * step (far below 2**128: no carry between lanes), kept to
        # its low 64 bits; every shift lets the next lane's low bits into this lane's high half, which the
        # mask clears before a multiplication could carry them on (a lane times a 64-bit constant fits).
        z = (s * ones + ramp) & low
        z = (((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
        z = (((z ^ (z >> 27)) & low) * 0x94D049BB133111EB) & low
        z ^= z >> 31  # (the high halves are not read: words takes each lane's low 64 bits)
        for i, w in zip(range(m, 0, -1), words.unpack(z.to_bytes(16 * m, "little"))[::2], strict=True):
            j = (w * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = (s + m * 0x9E3779B97F4A7C15) & _MASK

    def shuffle_stepwise(self, items: list) -> None:  # type: ignore[type-arg]
        """`shuffle`, one SplitMix step per draw: what it computes, written plainly (tests compare them)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = z = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def skip(self, k: int) -> None:
        """Move on as k calls of next64() (or below(), or k + 1 items shuffled) would, in one step: the state
        of SplitMix64 only ever adds its constant."""
        self.state = (self.state + k * 0x9E3779B97F4A7C15) & _MASK

    def choice(self, items):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


@functools.lru_cache(maxsize=256)
def _lanes(m: int) -> tuple[int, int, int, struct.Struct]:
    """For `m` draws mixed at once, m lanes of 128 bits in one int (lane k is bits 128k to 128k + 127):
    one in each lane, k + 1 steps of SplitMix's increment in lane k, each lane's low 64 bits set, and the
    format that reads the lanes back as 64-bit halves (lane k's low half is the 2k-th)."""
    ones = sum(1 << (128 * k) for k in range(m))
    ramp = sum(((k + 1) * 0x9E3779B97F4A7C15) << (128 * k) for k in range(m))
    return ones, ramp, ones * _MASK, struct.Struct(f"<{2 * m}Q")
