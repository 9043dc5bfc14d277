"""Every event of the new characters is told as a sentence (core/narrate.py), never as raw data."""

import pytest
from helpers import pending_seat, recorded_events

from citadels_core import Game, GameConfig, get_edition
from citadels_core.bots import make_bot
from citadels_core.narrate import narrate
from citadels_core.view import view

PRESETS = [p.key for p in get_edition("2016").presets if p.key != "first_game"]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_event_of_a_preset_game_has_a_sentence(preset):
    kinds = set()
    for players, seed in ((3, 1), (5, 2), (7, 3)):
        cfg = GameConfig.create(players, cast=preset, districts="first_game", rank9=True)
        g = Game(cfg, seed)
        bots = [make_bot("heuristic" if p % 2 else "random", p) for p in range(players)]
        while not g.over:
            p = pending_seat(g)
            g.apply(p, bots[p].choose(view(g, p)))
        for e in recorded_events(g):
            kinds.add(e.kind)
            text = narrate(cfg, e, 0)
            assert "{" not in text and "_" not in text.split(":")[0], (e.kind, text)
    assert len(kinds) > 20
