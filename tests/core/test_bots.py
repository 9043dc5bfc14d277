"""Bots decide from what their seat may know only."""

from functools import partial

import pytest
from helpers import bots_played, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots import Bot, HeuristicBot, RandomBot
from citadels_core.bots.search import SearchBot, rank_score
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view


@pytest.mark.parametrize(
    ("players", "seed", "steps"), [(4, 1, 0), (4, 2, 30), (2, 3, 45), (6, 4, 80), (3, 5, 61)]
)
def test_a_bots_choice_does_not_change_when_hidden_cards_and_characters_are_redealt(players, seed, steps):
    g, _ = bots_played(GameConfig.create(players), seed, steps, RandomBot, shared=True)
    p = pending_seat(g)
    for k in range(3):
        h = redeal(g, p, Rng(100 + k))
        for make in (lambda: HeuristicBot(7), lambda: RandomBot(7)):
            assert make().choose(view(g, p)) == make().choose(view(h, p))
        a = SearchBot(7, iterations=24)
        b = SearchBot(7, iterations=24)
        assert a.choose(view(g, p), partial(redeal, g, p)) == b.choose(view(h, p), partial(redeal, h, p))
        assert a.last_stats == b.last_stats


def test_search_bot_only_picks_legal_actions_over_a_game():
    g = Game(GameConfig.create(3), 11, record_events=False)
    search = SearchBot(1, iterations=6)
    bots: list[Bot] = [search, HeuristicBot(2), RandomBot(3)]
    while not g.over:
        p = pending_seat(g)
        v = view(g, p)
        a = search.choose(v, partial(redeal, g, p)) if p == 0 else bots[p].choose(v)
        assert a in g.legal_actions()
        g.apply(p, a)


def finished(players: int, seed: int) -> Game:
    g = Game(GameConfig.create(players), seed, record_events=False)
    bot = HeuristicBot(seed)
    while not g.over:
        p = pending_seat(g)
        g.apply(p, bot.choose(view(g, p)))
    return g


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (5, 22)])
def test_a_lost_playout_at_three_or_more_players_scores_by_rank_not_points(players, seed):
    g = finished(players, seed)
    assert g.result is not None
    totals = [s["total"] for s in g.result["scores"]]
    scores = [rank_score(g, q, 0.3) for q in range(players)]
    for q in range(players):
        # Finishing ahead of more opponents is worth more, whatever the points gap.
        beaten = sum(t <= totals[q] for t in totals) - 1
        assert scores[q] == pytest.approx(0.3 * beaten / (players - 1))
    assert scores[totals.index(min(totals))] == 0.0
    assert scores[totals.index(max(totals))] == pytest.approx(0.3)


def test_the_search_scores_its_playouts_by_rank_at_three_players_and_by_points_at_two():
    # Seeds whose greedy playout from the first decision is lost by the seat (second of three at 3 players).
    for players, seed in ((3, 7), (2, 5)):
        g = Game(GameConfig.create(players), seed, record_events=False)
        bot = SearchBot(1, iterations=4)
        me = pending_seat(g)
        w = g.clone()
        got = bot.judge(w, me, 0, g.legal_actions()[0])
        assert w.result is not None and me not in w.result["winners"]
        totals = [s["total"] for s in w.result["scores"]]
        points = 0.1 * totals[me] / max(totals)
        if players == 2:
            assert got == pytest.approx(points)
        else:
            assert got == rank_score(w, me, bot.rank_weight) == pytest.approx(0.15) != pytest.approx(points)
