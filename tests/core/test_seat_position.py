"""A seat's position (core/position.py, docs/position.md): what one player knows, the rest to be dealt. For
random states of both editions and every player count, the game dealt from a seat's position shows that
seat the same view as the original, and writes the same seat's position again; the text holds no secret
(re-dealing what the seat cannot see leaves it unchanged); a damaged one is refused with a sentence."""

import random

import pytest
from helpers import EVERY_SETUPS, pending_seat, play_random, random_states

from citadels_core import Game, GameConfig
from citadels_core.position import (
    HIDDEN,
    PositionError,
    from_position,
    from_seat_position,
    position,
    seat_position,
)
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view


@pytest.mark.parametrize("edition,players,kw", EVERY_SETUPS)
def test_the_game_dealt_from_a_seats_position_shows_that_seat_the_same(edition, players, kw):
    for g in random_states(edition, players, kw, 3):
        for seat in range(g.players):
            text = seat_position(g, seat)
            h = from_seat_position(text, seed=seat + 17)
            assert view(h, seat) == view(g, seat)
            assert h.legal_actions() == g.legal_actions() or pending_seat(g) != seat
            assert seat_position(h, seat) == text
            # Nothing in it the seat could not know: another world of the seat's knowledge writes the same
            # (until the end, which shows everything).
            if not g.over:
                assert seat_position(redeal(g, seat, Rng(seat)), seat) == text


def test_the_hidden_parts_are_dealt_at_random_and_the_seen_ones_kept():
    g = Game(GameConfig.create(5), 9, record_events=False)
    play_random(g, 60, 9)
    text = seat_position(g, 1)
    assert f'"{HIDDEN}"' in text and "\ngenerator: null\n" in text
    worlds = [from_seat_position(text, seed) for seed in range(6)]
    assert len({position(h) for h in worlds}) == 6  # the deck (at least) differs from deal to deal
    assert all(view(h, 1) == view(g, 1) for h in worlds)
    assert position(from_seat_position(text, 4)) == position(worlds[4])  # one seed, one deal


def test_a_damaged_seat_position_is_refused_with_a_sentence():
    g = Game(GameConfig.create(4), 3, record_events=False)
    play_random(g, 30, 3)
    text = seat_position(g, 0)
    with pytest.raises(PositionError, match="seat's position"):
        from_position(text)
    with pytest.raises(PositionError, match="whole position"):
        from_seat_position(position(g), 1)
    lines = [("hidden_cards: []" if ln.startswith("hidden_cards:") else ln) for ln in text.splitlines()]
    with pytest.raises(PositionError, match=r"hides \d+ district cards and \d+ characters but lists 0 and"):
        from_seat_position("\n".join(lines), 1)
    with pytest.raises(ValueError):
        seat_position(g, 4)


def test_a_seat_position_of_a_random_state_reads_back_in_a_few_random_setups():
    rng = random.Random(5)
    for _ in range(3):
        n = rng.randrange(2, 9)
        g = Game(GameConfig.create(n), rng.randrange(1000), record_events=False)
        play_random(g, rng.randrange(1, 200), rng.randrange(1000))
        seat = rng.randrange(n)
        assert view(from_seat_position(seat_position(g, seat), 1), seat) == view(g, seat)
