"""Turning points (the game review): the `hard` bot's estimate of a seat's chance to win before and after
each of its decisions, from that seat's information only, and the same every time for a fixed budget."""

from __future__ import annotations

import pytest
from helpers import finished_by_bots

from citadels_core import Game, GameConfig
from citadels_core.bots.calibration import calibrated
from citadels_core.bots.hint import hint
from citadels_core.bots.turning_points import (
    TurningPoint,
    assess,
    assess_at,
    costliest,
    decision_indices,
    search_seed,
    turning_points,
)
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view

BUDGET = 8  # playouts per decision: small, the property does not depend on it


@pytest.mark.parametrize(("players", "seed", "seat"), [(4, 11, 0), (2, 12, 1), (3, 13, 2)])
def test_turning_points_never_change_when_what_the_seat_cannot_see_is_redealt(players, seed, seat):
    cfg, actions = finished_by_bots(players, seed, ("normal", "easy"))
    wanted = decision_indices(cfg, seed, actions, seat)
    assert wanted
    g = Game(cfg, seed, record_events=False)
    checked = 0
    for i, (p, a) in enumerate(actions):
        if i in wanted and i % 3 == 0:  # a third of the decisions keeps the test quick
            here = assess(g, seat, a, BUDGET, seed, i)
            for k in range(2):
                assert assess(redeal(g, seat, Rng(100 + k)), seat, a, BUDGET, seed, i) == here, (i, a)
            checked += 1
        g.apply(p, a)
    assert checked >= 3


def test_turning_points_are_the_same_for_the_same_record_and_budget():
    cfg, actions = finished_by_bots(4, 21)
    seen = []
    one = turning_points(cfg, 21, actions, 1, BUDGET, progress=lambda done, total: seen.append((done, total)))
    assert one == turning_points(cfg, 21, actions, 1, BUDGET)
    total = len(decision_indices(cfg, 21, actions, 1))
    assert len(one) == total and seen == [(k, total) for k in range(1, total + 1)]
    # The worker's one-decision form gives each point alike.
    assert assess_at(cfg, 21, actions, one[3].index, 1, BUDGET) == one[3]
    for tp in one:
        p, a = actions[tp.index]
        assert p == 1 and tp.chosen == a
        assert 0 <= tp.after <= 1 and 0 <= tp.before <= 1
        # The bot's choice has the best shown chance: the player's is never shown above it.
        assert tp.after <= tp.before and tp.cost >= 0
        if tp.chosen == tp.best:
            assert tp.before == tp.after


@pytest.mark.parametrize(
    ("players", "edition", "setup", "seed"),
    [(4, "2016", "first_game", 31), (3, "classic", "classic_dark_city", 32)],
)
def test_the_review_shows_the_hints_chance_for_the_bots_choice(players, edition, setup, seed):
    """*Before* is the chance the hint shows for the bot's choice in the same position, with the same
    budget and seed (the same search, read through the same table); *after* is that figure moved by the
    paired playouts, through the same table, and never above it."""
    cfg = GameConfig.create(players, cast=setup, districts=setup, edition=edition)
    actions = played(cfg, seed)
    seat = 1
    wanted = decision_indices(cfg, seed, actions, seat)
    g = Game(cfg, seed, record_events=False)
    differed = checked = 0
    for i, (p, a) in enumerate(actions):
        if i in wanted and i % 2 == 0:
            tp = assess(g, seat, a, BUDGET, seed, i)
            v = view(g, seat)
            shown = dict(
                hint(v, lambda rng: redeal(g, seat, rng), BUDGET, top=len(v.legal), seed=search_seed(seed, i))
            )
            assert tp.before == shown[tp.best], (i, tp)
            assert tp.before == round(calibrated(tp.raw_before), 3)
            if tp.chosen != tp.best:
                differed += 1
                assert tp.after == min(round(calibrated(tp.raw_after), 3), tp.before)
            checked += 1
        g.apply(p, a)
    assert checked >= 5 and differed >= 1


def test_the_costliest_decisions_are_those_that_lost_most_against_the_bots_choice():
    a, b = make_point(0, 0.5, 0.2), make_point(1, 0.6, 0.5)
    same = make_point(2, 0.4, 0.4, same=True)
    better = make_point(3, 0.3, 0.5)
    c, d = make_point(4, 0.5, 0.3), make_point(5, 0.9, 0.85)
    assert costliest([a, b, same, better, c, d]) == [a, c, b]
    assert costliest([same, better]) == []
    assert costliest([make_point(6, 0.565, 0.56)]) == []  # half a point: the same percentage shown


def make_point(i: int, before: float, after: float, same: bool = False) -> TurningPoint:
    from citadels_core import Action

    chosen = Action("gather", ("gold",))
    return TurningPoint(i, 1, "turn", chosen, chosen if same else Action("gather", ("cards",)), before, after)


def played(cfg: GameConfig, seed: int) -> list:
    """The (player, action) record of a whole game of `cfg` played by `normal` and `easy` bots in turn."""
    return finished_by_bots(cfg.players, seed, ("normal", "easy"), config=cfg)[1]
