"""The closed sets of `terms.py` are StrEnums that read, compare and serialise as their strings."""

from __future__ import annotations

import json

import pytest
from helpers import pending_decision, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.position_text import PositionError
from citadels_core.rng import Rng
from citadels_core.terms import Decision, Income, Phase


def test_members_are_their_strings() -> None:
    keep, nothing = "keep", ""  # plain strings, as a save file or a message brings them
    assert Decision.KEEP == keep and hash(Decision.KEEP) == hash(keep)
    assert not Decision.NONE and Decision.NONE == nothing
    assert json.dumps([Decision.TURN, Phase.SELECT, Income.EITHER]) == '["turn", "select", "either"]'
    assert f"{Decision.SCHOLAR_KEEP}" == "scholar_keep" and str(Phase.OVER) == "over"


def test_pending_names_every_decision_by_its_member() -> None:
    """Over seeded random games every kind `pending()` returns is a `Decision`, and `follow_up` too."""
    seen: set[Decision] = set()
    for seed in range(10):
        g = Game(GameConfig.create(4), seed, record_events=False)
        rng = Rng(seed)
        while not g.over:
            seat, kind = pending_decision(g)
            assert type(kind) is Decision and type(g.decision.kind) is Decision and type(g.phase) is Phase
            seen.add(kind)
            acts = g.legal_actions()
            g.apply(seat, acts[rng.below(len(acts))])
    assert {Decision.TURN, Decision.CHOOSE_CHARACTER, Decision.KEEP} <= seen


def test_a_position_reads_its_decision_back_as_a_member() -> None:
    g = Game(GameConfig.create(4), 3)
    rng = Rng(3)
    while g.decision.kind != Decision.KEEP:
        acts = g.legal_actions()
        g.apply(pending_seat(g), acts[rng.below(len(acts))])
    text = g.position()
    back = Game.from_position(text)
    assert back.decision.kind is Decision.KEEP and back.phase is Phase.TURN and back.position() == text
    with pytest.raises(PositionError, match="'decision' must name the open decision"):
        Game.from_position(text.replace('decision: "keep"', 'decision: "no_such"'))
