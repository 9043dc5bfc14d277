"""`think`: what a seat can tell about the others' characters (core/think.py) is the bots' own inference
(bots/inference.infer) on fixed positions; what the next chooser was offered and did not take is true of
the real deal; and neither changes when what the seat cannot see is dealt again."""

from __future__ import annotations

import pytest
from helpers import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from citadels_core import Game, GameConfig
from citadels_core.bots.inference import infer
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.think import draft_crown, think
from citadels_core.view import view


def _game(players: int, seed: int, steps: int) -> Game:
    g = Game(GameConfig.create(players), seed)
    play_random(g, steps, seed + 1)
    return g


@pytest.mark.parametrize(("players", "seed", "steps"), [(4, 1, 6), (5, 3, 7), (6, 2, 20), (7, 5, 40)])
def test_the_chances_are_the_bots_inference(players: int, seed: int, steps: int):
    g = _game(players, seed, steps)
    assert g.phase == "turn"
    for p in range(players):
        beliefs = infer(view(g, p), draft_crown(g))
        guesses = think(g, p)
        assert [x.seat for x in guesses] == [q for q in range(players) if q != p]
        for x in guesses:
            assert x.revealed == beliefs.revealed[x.seat]
            assert dict(x.chances) == {k: beliefs.prob(x.seat, k) for k in beliefs.candidates[x.seat]}
            assert [c for _, c in x.chances] == sorted((c for _, c in x.chances), reverse=True)
            if not x.revealed:
                assert x.chances and sum(c for _, c in x.chances) == pytest.approx(1)
            # Whatever it guesses, the character really held is among the guesses or revealed.
            held = {g.character_key(i) for i in g.characters[x.seat]}
            assert held <= set(x.revealed) | {k for k, _ in x.chances}


def test_a_seat_that_chose_after_me_is_guessed_from_what_i_passed():
    g = _game(5, 3, 7)
    crown = draft_crown(g)
    assert crown is not None
    me = crown  # the crowned seat chose first: everyone else chose after it, from what it passed
    passed = set(view(g, me).seen_characters) - set(view(g, me).my_characters)
    for x in think(g, me):
        assert x.after_me is True
        assert x.revealed or {k for k, _ in x.chances} <= passed


def _positions():
    """Games of 4 to 8 players stopped at many points of their rounds (selection and turns)."""
    for players in (4, 5, 6, 7, 8):
        for seed in range(8):
            for steps in (9, 18, 30, 45, 70, 110):
                g = _game(players, seed, steps)
                if not g.over:
                    yield g


def test_the_next_chooser_was_offered_what_i_passed_and_did_not_take_what_is_said():
    said = 0
    for g in _positions():
        crown = draft_crown(g)
        for p in range(g.players):
            v = view(g, p)
            passed = set(v.seen_characters) - set(v.my_characters)
            for x in think(g, p):
                if not x.declined:
                    continue
                said += 1
                # Only of the seat that chose right after me, and only what I passed on.
                assert crown is not None
                order = [(crown + i) % g.players for i in range(g.players)]
                assert order.index(x.seat) == order.index(p) + 1
                assert set(x.declined) <= passed
                # True of the real deal: that seat holds none of them.
                held = {g.character_key(i) for i in g.characters[x.seat]}
                assert not held & set(x.declined), (x, held)
    assert said > 100


def test_what_the_next_chooser_did_not_take_does_not_change_when_what_i_cannot_see_is_redealt():
    rng = Rng(3)
    compared = 0
    for g in _positions():
        for p in range(g.players):
            told = think(g, p)
            if not any(x.declined for x in told):
                continue
            for _ in range(2):
                assert think(redeal(g, p, rng), p, g.events) == told
            compared += 1
    assert compared > 50


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 7), st.integers(0, 2**32), st.integers(0, 300))
def test_what_a_seat_can_tell_does_not_change_when_what_it_cannot_see_is_redealt(players, seed, steps):
    g = _game(players, seed, steps)
    rng = Rng(seed)
    for p in range(players):
        told = think(g, p)
        for _ in range(2):
            assert think(redeal(g, p, rng), p, g.events) == told
