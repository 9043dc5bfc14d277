"""The seeded generator: the shuffle that mixes all its draws at once deals exactly as one step per draw."""

from __future__ import annotations

import random

import pytest

from citadels_core.rng import Rng


@pytest.mark.parametrize("n", [0, 1, 2, 3, 8, 9, 10, 66, 67, 130])
def test_shuffle_deals_as_one_step_per_draw(n: int) -> None:
    states = [0, 1, (1 << 64) - 1, (1 << 64) - 0x9E3779B97F4A7C15, 0x9E3779B97F4A7C15 - 1]
    states += [random.Random(n).getrandbits(64) for _ in range(200)]
    for state in states:
        fast, plain = Rng(state), Rng(state)
        items = [f"card{k}" for k in range(n)]
        expected = items[:]
        fast.shuffle(items)
        plain.shuffle_stepwise(expected)
        assert items == expected
        assert fast.state == plain.state
        assert fast.next64() == plain.next64()  # and the draws after it go on alike


def test_shuffle_uses_the_draws_of_below() -> None:
    # Fisher-Yates from the last position down: the draw for position i is below(i + 1).
    for seed in range(50):
        items, expected = list(range(12)), list(range(12))
        Rng(seed).shuffle(items)
        r = Rng(seed)
        for i in range(len(expected) - 1, 0, -1):
            j = r.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected


def test_shuffle_stays_exact_for_long_lists() -> None:
    items = list(range(1000))
    expected = items[:]
    Rng(12345).shuffle(items)
    Rng(12345).shuffle_stepwise(expected)
    assert items == expected
