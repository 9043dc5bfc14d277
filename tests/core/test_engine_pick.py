"""What the `hard` bot's playouts use instead of the public API does what the public API does: a pick of the
draft by cast index (`search._draft_index`, `Game.pick`) is the rollout policy's pick applied, and a
follow-up's actions (`Game.follow_up_legal_actions`) are what `legal_actions` lists."""

from __future__ import annotations

import pytest
from helpers import pending_decision

from citadels_core import Game, GameConfig
from citadels_core.bots.search import _draft_index, rollout_policy
from citadels_core.rng import Rng


@pytest.mark.parametrize(
    "config",
    [
        GameConfig.create(2),
        GameConfig.create(3),
        GameConfig.create(4),
        GameConfig.create(7, rank9=True),
        GameConfig.create(3, cast="classic_basic", districts="classic_basic", edition="classic"),
        GameConfig.create(5, cast="classic_dark_city", districts="classic_dark_city", edition="classic"),
    ],
    ids=["2p", "3p", "4p", "7p-rank9", "classic-3p", "classic-5p"],
)
def test_playout_shortcuts_match_the_public_api(config: GameConfig) -> None:
    picks = follow_ups = 0
    for seed in range(12):
        g = Game(config, seed)
        rng = Rng(seed)
        while not g.over:
            p, kind = pending_decision(g)
            acts = g.legal_actions()
            if g.decision.kind:
                assert g.follow_up_legal_actions() == acts
                follow_ups += 1
            if kind in ("choose_character", "discard_character"):
                h, h_rng = g.clone(), rng.copy()
                a = rollout_policy(g, rng)  # the policy's pick, as an action of the list
                assert a in acts
                h.pick(p, _draft_index(h, h_rng, p))
                g.apply(p, a)
                assert h_rng.state == rng.state
                assert h.position() == g.position()
                picks += 1
            else:
                g.apply(p, acts[rng.below(len(acts))])
    assert picks and follow_ups
