"""Draft counts at 3 players (inference.three_player_counts): every game the real one could be is
accepted (the real game always meets them), and they narrow the worlds `hard` samples."""

from dataclasses import replace
from functools import partial

import pytest
from helpers import pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots.normal import NormalBot
from citadels_core.bots.search import SearchBot, consistent
from citadels_core.edition import get_edition
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view

PRESETS = [p.key for p in get_edition("2016").presets]


def play_checking(cfg: GameConfig, seed: int) -> tuple[int, int]:
    """A 3-player game of normal bots; at every decision each seat's beliefs, with its counts, must accept
    the real game. Returns (checks after the draft, of which how many had counts that exclude a deal)."""
    g = Game(cfg, seed, record_events=False)
    bots = [NormalBot(seed + i) for i in range(3)]
    checks = narrowing = 0
    while not g.over:
        p = pending_seat(g)
        for q in range(3):
            v = view(g, q)
            b = replace(bots[q].beliefs(v), counts=bots[q].counts(v))
            assert consistent(g, b), (seed, q, g.round, b.counts)
            if g.phase == "turn":
                checks += 1
                narrowing += any(c < len(s) for _r, s, c in b.counts)
        g.apply(p, bots[p].choose(view(g, p)))
    return checks, narrowing


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("preset", PRESETS)
def test_at_three_players_the_real_game_always_meets_the_draft_counts(preset, seed):
    checks, narrowing = play_checking(GameConfig.create(3, cast=preset, districts=preset), seed)
    assert checks > 0
    if preset == "first_game":
        assert narrowing > 0  # the counts say something


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("preset", ["classic_basic", "classic_dark_city", "classic_intrigue"])
def test_the_draft_counts_hold_in_the_classic_draft(preset, seed):
    """Classic: no random discard; the last of the six picks leaves one card face down."""
    checks, _ = play_checking(GameConfig.create(3, cast=preset, districts=preset, edition="classic"), seed)
    assert checks > 0


def test_the_second_player_knows_what_he_left_went_to_the_third():
    """The second player's last offer comes after the first player's last pick: of what he left, the
    third player holds exactly one (the rest goes face down) and the first none. The counts say so, and
    the worlds `hard` samples deal them so, where the re-deal alone often does not."""
    g = Game(GameConfig.create(3), 5, record_events=False)
    bots = [SearchBot(5 + i, iterations=4) for i in range(3)]
    first, second, third = g.crown, (g.crown + 1) % 3, (g.crown + 2) % 3
    left: frozenset[str] = frozenset()
    while g.phase == "select":
        p = pending_seat(g)
        v = view(g, p)
        a = bots[p].choose(v, partial(redeal, g, p))
        if p == second:
            left = frozenset(v.options) - {str(a.args[0])}
        g.apply(p, a)
    v = view(g, second)
    b, _ = bots[second].world_beliefs(v)
    assert b is not None and {(third, left, 1), (first, left, 0)} <= set(b.counts)

    def held(w: Game) -> int:
        return len({w.character_key(i) for i in w.characters[third]} & left)

    # `sample` accepts the last of its tries whatever it deals: nearly all its worlds meet the counts.
    worlds = [bots[second].sample(lambda r: redeal(g, second, r), b) for _ in range(40)]
    assert sum(consistent(w, b) and held(w) == 1 for w in worlds) >= 36
    rng = Rng(1)
    assert sum(held(redeal(g, second, rng)) == 1 for _ in range(40)) < 30
