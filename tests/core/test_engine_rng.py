"""The seeded generator: its batched draws (several outputs mixed at once) are exactly SplitMix64's, one
step at a time, whatever the order of the calls, copies, skips and states set in between."""

from __future__ import annotations

import random
from typing import Any

import pytest

from citadels_core.rng import Rng

_MASK = (1 << 64) - 1


class Stepwise:
    """SplitMix64 as written in its paper, one step per draw: the reference."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64

    def shuffle(self, items: list[Any]) -> None:  # any list: only its order changes
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


SEEDS = [0, 1, _MASK, (1 << 64) - 0x9E3779B97F4A7C15, 0x9E3779B97F4A7C15 - 1, 12345]


def test_first_draws_match_the_reference() -> None:
    for seed in SEEDS + [random.Random(s).getrandbits(64) for s in range(100)]:
        fast, ref = Rng(seed), Stepwise(seed)
        for _ in range(100):
            assert fast.next64() == ref.next64()
        assert fast.state == ref.state


@pytest.mark.parametrize("n", [0, 1, 2, 3, 8, 9, 10, 32, 33, 34, 66, 67, 130, 1000])
def test_shuffle_deals_as_the_reference(n: int) -> None:
    for seed in SEEDS + [random.Random(n).getrandbits(64) for _ in range(50)]:
        for drawn_before in (0, 1, 20, 31, 32):
            fast, ref = Rng(seed), Stepwise(seed)
            for _ in range(drawn_before):
                assert fast.below(7) == ref.below(7)
            items = [f"card{k}" for k in range(n)]
            expected = items[:]
            fast.shuffle(items)
            ref.shuffle(expected)
            assert items == expected
            assert fast.state == ref.state
            assert fast.next64() == ref.next64()  # and the draws after it go on alike


def test_any_mix_of_calls_draws_as_the_reference() -> None:
    plan = random.Random(7)
    for _trial in range(300):
        seed = plan.getrandbits(64)
        fast, ref = Rng(seed), Stepwise(seed)
        copies: list[tuple[Rng, Stepwise]] = []
        for _ in range(200):
            op = plan.randrange(9)
            if op <= 2:
                n = plan.randrange(1, 100)
                assert fast.below(n) == ref.below(n)
            elif op == 3:
                assert fast.next64() == ref.next64()
            elif op == 4:
                n, k = plan.randrange(1, 100), plan.randrange(0, 50)
                assert fast.belows(n, k) == [ref.below(n) for _ in range(k)]
            elif op == 5:
                items = list(range(plan.randrange(0, 80)))
                expected = items[:]
                fast.shuffle(items)
                ref.shuffle(expected)
                assert items == expected
            elif op == 6:
                k = plan.randrange(0, 70)
                fast.skip(k)
                for _ in range(k):
                    ref.next64()
            elif op == 7:
                copies.append((fast.copy(), Stepwise(ref.state)))
            else:
                s = plan.choice([plan.getrandbits(64), ref.state])
                fast.state = s
                ref.state = s
            assert fast.state == ref.state
        for c, r in copies:  # a copy draws on from where it was made, whatever the original drew since
            assert [c.below(1000) for _ in range(40)] == [r.below(1000) for _ in range(40)]


def test_batched_shuffle_and_next64_match_their_stepwise_forms() -> None:
    for seed in SEEDS:
        a, b = Rng(seed), Rng(seed)
        items, expected = list(range(50)), list(range(50))
        a.shuffle(items)
        b.shuffle_stepwise(expected)
        assert items == expected and a.state == b.state
        assert [a.next64() for _ in range(40)] == [b.next64_stepwise() for _ in range(40)]
