"""Whole games between bots end, for every player count."""

import pytest

from citadels_core import GameConfig
from citadels_core.simulate import simulate


@pytest.mark.parametrize("players", range(2, 9))
def test_every_player_count_plays_to_the_end(players):
    s = simulate(
        GameConfig.create(players), games=10, seed=100, bots=["heuristic"] + ["random"] * (players - 1)
    )
    assert s.errors == 0, s.error_messages
    assert s.finished == 10
