"""Decisions of random games of both editions, every character and many unique districts among them: for
the tests that every option, typed as it is listed, does that option."""

from __future__ import annotations

from collections.abc import Iterator

from classic_helpers import cast_with

from citadels_core import Game, GameConfig, get_edition
from citadels_core.bots import make_bot
from citadels_core.editions.classic import BASE_PURPLE_KEYS
from citadels_core.view import View, view

CLASSIC = (
    (("witch", "tax_collector"), ("lighthouse", "armory", "museum", "imperial_treasury"), "artist"),
    (("wizard", "emperor"), ("map_room", "wishing_well", "quarry", "poor_house", "bell_tower"), "queen"),
    (("abbot", "alchemist"), ("factory", "park", "hospital"), "artist"),
    (("navigator", "diplomat"), ("throne_room", "ball_room"), None),
)


def configs() -> Iterator[GameConfig]:
    for i, preset in enumerate(p.key for p in get_edition("2016").presets):
        players = 3 + i % 6
        yield GameConfig.create(players, cast=preset, districts=f"random:{i}", rank9=players > 3 or None)
    for i, (chars, bonus, rank9) in enumerate(CLASSIC):
        base = [
            k for k in BASE_PURPLE_KEYS if k not in ("smithy", "school_of_magic")[: max(0, len(bonus) - 3)]
        ]
        players = 5 + i % 3
        districts = base + list(bonus) + (["graveyard"] if "graveyard" not in base else [])
        yield GameConfig.create(
            players, cast_with(*chars, rank9=rank9), list(dict.fromkeys(districts)), edition="classic"
        )


def decisions(seed: int = 0) -> Iterator[tuple[Game, View]]:
    """Each decision of one random game per configuration, as the deciding player sees it."""
    for cfg in configs():
        g = Game(cfg, seed)
        bots = [make_bot("random", seed * 7 + p) for p in range(cfg.players)]
        while (pending := g.pending()) is not None:
            p, _ = pending
            v = view(g, p)
            yield g, v
            g.apply(p, bots[p].choose(v))
