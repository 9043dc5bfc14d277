"""`Game.clone` copies every slot: the fixed and immutable ones (`Game.SHARED`) by reference, the rest as
copies that share no list with the original, the records of core/state.py with their lists (clone() writes
the shared slots out one by one)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from helpers import pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.bots.base import decide


def _played(seed: int, moves: int) -> Game:
    g = Game(GameConfig.create(4), seed)
    bots = [make_bot("random", seed * 10 + i) for i in range(4)]
    for _ in range(moves):
        if g.over:
            break
        p = pending_seat(g)
        g.apply(p, decide(bots[p], g, p))
    return g


def test_clone_copies_every_slot() -> None:
    for seed, moves in ((1, 0), (2, 25), (3, 70)):
        g = _played(seed, moves)
        h = g.clone()
        assert h.events is None and h.log is None
        assert h.offered == ()
        for name in Game.__slots__:
            if name in ("log", "built_events", "offered", "offered_to") and name not in Game.SHARED:
                continue
            if not hasattr(g, name):
                continue  # (a slot the game never set: not set on the clone either)
            mine, theirs = getattr(g, name), getattr(h, name)
            if name in Game.SHARED:
                assert theirs is mine, name
            elif name == "rng":
                assert theirs is not mine and theirs.state == mine.state
            elif is_dataclass(mine):  # a record of the state (core/state.py): copied, and its lists too
                assert theirs == mine and theirs is not mine, name
                for f in fields(mine):
                    value = getattr(mine, f.name)
                    if isinstance(value, list):
                        assert getattr(theirs, f.name) is not value, f"{name}.{f.name}"
            else:
                assert theirs == mine, name
                if isinstance(mine, list | dict) and (mine or isinstance(mine, dict)):
                    assert theirs is not mine, name


def test_every_shared_slot_is_a_slot() -> None:
    assert set(Game.SHARED) <= set(Game.__slots__)
    assert len(set(Game.SHARED)) == len(Game.SHARED)
