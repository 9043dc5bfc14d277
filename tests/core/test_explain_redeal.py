"""`why` tells a seat only what it may know: its reasons, and the reasons it is refused a rank 8 target, do
not change when everything hidden from it is dealt again (core/redeal.py; RULINGS R2)."""

from __future__ import annotations

from classic_helpers import ASSASSIN_CAST, CAST, UNIQUES
from helpers import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from citadels_core import Action, Game, GameConfig
from citadels_core.explain import reasons, refused
from citadels_core.redeal import redeal
from citadels_core.rng import Rng


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 6), st.booleans(), st.integers(0, 2**32), st.integers(0, 500))
def test_a_seats_reasons_do_not_change_when_what_it_cannot_see_is_redealt(players, witch, seed, steps):
    cfg = GameConfig.create(players, cast=CAST if witch else ASSASSIN_CAST, districts=UNIQUES)
    g = Game(cfg, seed)
    play_random(g, steps, seed + 1)
    rng = Rng(seed)
    events = g.events
    for p in range(players):
        told = reasons(g, p)
        targets = [
            Action("destroy", (q, key)) for q in range(players) for key in set(g.card_keys(g.cities[q]))
        ]
        refusals = [refused(g, p, a) for a in targets]
        for _ in range(2):
            h = redeal(g, p, rng)
            assert reasons(h, p, events) == told
            assert [refused(h, p, a) for a in targets] == refusals
