"""At 2 and 3 players each player holds two characters: a recap names the one that acted, not the one its
player revealed last (the Thief robs at his victim's call, when his player may be playing another)."""

from __future__ import annotations

import re

import pytest
from helpers import pending_decision, recorded_events

from citadels_core import Game, GameConfig
from citadels_core.rng import Rng
from citadels_tui.recap import Recap, follow


def robbed_after_another_call(events) -> bool:
    """A robbery told after the Thief's player revealed another character (the case that went wrong)."""
    robber, since = None, False
    for e in events:
        if e.kind == "rob":
            robber, since = e.data["player"], False
        elif e.kind == "call" and e.data["answer"] == "revealed" and e.data["player"] == robber:
            since = True
        elif e.kind == "robbed" and since:
            return True
    return False


@pytest.mark.parametrize("players", [2, 3])
def test_a_recap_names_the_thief_who_robbed_you(players):
    hard_case = 0
    robberies = 0
    for seed in range(40):
        g = Game(GameConfig.create(players), seed)
        rng = Rng(seed)
        while not g.over:
            acts = g.legal_actions()
            g.apply(pending_decision(g)[0], acts[rng.below(len(acts))])
        hard_case += robbed_after_another_call(g.events)
        for me in range(players):
            for note in follow(g.config, recorded_events(g), me):
                for r in note.after if note else ():
                    if isinstance(r, Recap):
                        for who in re.findall(r"'s (\w+) robbed you", r.text()):
                            robberies += 1
                            assert who == "Thief", r.text()
    assert robberies and hard_case, (robberies, hard_case)
