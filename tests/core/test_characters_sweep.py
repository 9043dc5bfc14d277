"""Every preset's cast, at every player count, plays to the end with random and heuristic bots."""

import pytest

from citadels_core import GameConfig, get_edition
from citadels_core.simulate import simulate

PRESETS = [p.key for p in get_edition("2016").presets]


def configs():
    for preset in PRESETS:
        for players in range(2, 9):
            for rank9 in (None, True) if 4 <= players <= 7 else (None,):
                yield preset, players, rank9


@pytest.mark.parametrize("preset,players,rank9", list(configs()))
def test_preset_cast_plays_to_the_end_with_random_and_heuristic_bots(preset, players, rank9):
    cfg = GameConfig.create(players, cast=preset, districts="first_game", rank9=rank9)
    for bots, games in (
        (["random"] * players, 2),
        (["heuristic"] * players, 1),
        (["heuristic", "random"] * 4, 1),
    ):
        s = simulate(cfg, games=games, seed=11 * players, bots=bots[:players])
        assert s.errors == 0, (s.error_seeds, s.error_messages)
        assert s.finished == games


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_preset_cast_long_sweep(preset):
    for players in range(2, 9):
        cfg = GameConfig.create(players, cast=preset, districts="first_game", rank9=players > 2)
        s = simulate(cfg, games=12, seed=1000 + players, bots=(["heuristic", "random"] * 4)[:players])
        assert s.errors == 0, (s.error_seeds, s.error_messages)
