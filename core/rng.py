"""The game's own seeded random generator (SplitMix64): portable, deterministic and cheap to copy."""

from __future__ import annotations

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
