"""Bots decide from what their seat may know only."""

import pytest

from citadels_core import Game, GameConfig
from citadels_core.bots import HeuristicBot, RandomBot
from citadels_core.bots.search import SearchBot
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view


def midgame(players: int, seed: int, steps: int) -> Game:
    g = Game(GameConfig.create(players), seed, record_events=False)
    bot = RandomBot(seed)
    for _ in range(steps):
        p = g.pending()[0]
        g.apply(p, bot.choose(view(g, p)))
    return g


@pytest.mark.parametrize(
    ("players", "seed", "steps"), [(4, 1, 0), (4, 2, 30), (2, 3, 45), (6, 4, 80), (3, 5, 61)]
)
def test_a_bots_choice_does_not_change_when_hidden_cards_and_characters_are_redealt(players, seed, steps):
    g = midgame(players, seed, steps)
    p = g.pending()[0]
    for k in range(3):
        h = redeal(g, p, Rng(100 + k))
        for make in (lambda: HeuristicBot(7), lambda: RandomBot(7)):
            assert make().choose(view(g, p)) == make().choose(view(h, p))
        a = SearchBot(7, iterations=24)
        b = SearchBot(7, iterations=24)
        assert a.choose(view(g, p), lambda r: redeal(g, p, r)) == b.choose(
            view(h, p), lambda r, h=h, p=p: redeal(h, p, r)
        )
        assert a.last_stats == b.last_stats


def test_search_bot_only_picks_legal_actions_over_a_game():
    g = Game(GameConfig.create(3), 11, record_events=False)
    bots = [SearchBot(1, iterations=6), HeuristicBot(2), RandomBot(3)]
    while not g.over:
        p = g.pending()[0]
        v = view(g, p)
        a = bots[p].choose(v, lambda r, p=p: redeal(g, p, r)) if p == 0 else bots[p].choose(v)
        assert a in g.legal_actions()
        g.apply(p, a)
