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

    def below(self, n: int) -> int:
        """A uniform int in [0, n) (multiply-shift; the bias is below 2**-50 for game-sized n)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
