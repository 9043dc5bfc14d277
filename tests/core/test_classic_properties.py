"""Properties of classic games, as tests/core/test_properties.py checks them for 2016: a view holds no secret
(a redeal of the hidden cards leaves it unchanged, RULINGS R2), cards are conserved, a replay reproduces
the game."""

from classic_helpers import config, purple_with
from helpers import act, build, mid_game, play_random, total_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from citadels_core import Game, GameConfig
from citadels_core.record import GameRecord, state_digest
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view

GAMES = st.tuples(st.integers(2, 8), st.integers(0, 3), st.integers(0, 2**32))


def _play(players: int, i: int, seed: int, steps: int) -> tuple[Game, list]:
    g = Game(config(i, players), seed, record_events=False)
    return g, play_random(g, steps, seed + 1)


@settings(max_examples=30, deadline=None)
@given(GAMES, st.integers(0, 400))
def test_a_classic_view_does_not_change_when_hidden_cards_are_redealt(params, steps):
    players, i, seed = params
    g, _ = _play(players, i, seed, steps)
    rng = Rng(seed)
    for p in range(players):
        v = view(g, p)
        for _ in range(2):
            h = redeal(g, p, rng)
            assert view(h, p) == v
            assert total_cards(h) == total_cards(g)


@settings(max_examples=20, deadline=None)
@given(GAMES, st.integers(1, 600))
def test_a_classic_replay_reproduces_the_game(params, steps):
    players, i, seed = params
    g, log = _play(players, i, seed, steps)
    rec = GameRecord.loads(GameRecord(g.config, seed, log, state_digest(g)).dumps())
    assert rec.config == g.config
    assert state_digest(rec.replay()) == rec.final


def test_redeal_during_the_lighthouse_keeps_the_deck_its_builder_looks_through():
    g = mid_game(
        Game(GameConfig.create(4, "classic_basic", purple_with("lighthouse"), edition="classic"), 2),
        characters={0: "king"},
        crown=0,
    )
    g = build(g, hands={0: ["lighthouse"]}, cities={0: []}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "lighthouse")
    h = redeal(g, 0, Rng(3))
    assert sorted(h.deck) == sorted(g.deck) and view(h, 0) == view(g, 0)
