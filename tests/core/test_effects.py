"""What an action does, said before it is taken (core/effects.py): every amount an effect states is what
applying the action changes, over random positions of both editions, every player count and every custom
district set (the configurations of bench/replay_check.py)."""

from __future__ import annotations

import contextlib
from unittest import mock

import pytest
from helpers import bench_script, build, pending_decision, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.rng import Rng
from citadels_core.terms import BEAUTY, CARD, USED_ABILITY
from citadels_core.view import view
from citadels_tui.names import describe

configs = bench_script("replay_check").configs

# Seen during the walk: each must occur, or the walk proves nothing about it.
MUST_SEE = {"great_wall", "diplomat", "tax", "framework", "thieves_den", "beautified", "graveyard"}


@contextlib.contextmanager
def turn_held(g: Game):
    """Stop `g` where the action's own work ends: what ending the turn or the selection brings (the Poor
    House, another character of the same player called next) is not the action's effect."""
    cls = type(g)
    with (
        mock.patch.object(cls, "end_turn", lambda self: None),
        mock.patch.object(cls, "begin_turn_phase", lambda self: None),
    ):
        yield


def seen_in(g: Game, p: int, a, e) -> set[str]:
    """What this checked action exercised of MUST_SEE."""
    out: set[str] = set()
    if a.kind in ("destroy", "seize", "exchange") and e.target is not None:
        city = g.cities[e.target]
        if g.has(e.target, "great_wall") and e.card != "great_wall":
            out.add("great_wall")
        cid = g.card_id(e.card)
        if any(x == cid | BEAUTY for x in city):
            out.add("beautified")
        if a.kind == "exchange":
            out.add("diplomat")
    if a.kind == "beautify":
        out.add("beautified")
    if e.tax:
        out.add("tax")
    if a.kind == "build" and a.args[1:] == ("destroy", "framework"):
        out.add("framework")
    if a.kind == "pay_gold" or (a.kind == "build" and a.args[0] == "thieves_den" and e.known):
        out.add("thieves_den")
    if a.kind == "graveyard" and a.args[0] == "take":
        out.add("graveyard")
    return out


def check_position(g: Game, seen: set[str]) -> int:
    """Apply each legal action whose effect states its amounts to a copy; return how many were checked."""
    p = pending_seat(g)
    v = view(g, p)
    assert len(v.effects) == len(v.legal)
    checked = 0
    for a, e in zip(v.legal, v.effects, strict=True):
        assert e == g.effect(a)
        if not e.known:
            continue
        h = g.clone()
        gold, hand = h.gold[p], len(h.hands[p])
        with turn_held(h):
            h.apply(p, a)
        assert (h.gold[p] - gold, len(h.hands[p]) - hand) == (e.gold, e.cards), (a, e)
        if e.harms_own:
            before = [x & CARD for x in g.cities[p]].count(g.card_id(e.harms_own))
            after = [x & CARD for x in h.cities[p]].count(g.card_id(e.harms_own))
            assert after < before, (a, e)
        seen |= seen_in(g, p, a, e)
        checked += 1
    return checked


def walk(cfg: GameConfig, seed: int, seen: set[str]) -> int:
    g = Game(cfg, seed, record_events=False)
    rng = Rng(seed)
    checked = 0
    while not g.over:
        checked += check_position(g, seen)
        acts = g.legal_actions()
        g.apply(pending_seat(g), acts[rng.below(len(acts))])
    return checked


def walk_all(seeds: tuple[int, ...]) -> None:
    """A game of every configuration per seed offset, every legal action checked at every decision."""
    seen: set[str] = set()
    checked = 0
    for n, (_label, cfg) in enumerate(configs()):
        for seed in seeds:
            checked += walk(cfg, n + seed, seen)
    assert MUST_SEE <= seen, f"never exercised: {sorted(MUST_SEE - seen)}"
    assert checked > 10_000 * len(seeds)


def test_every_stated_amount_is_what_the_action_does():
    walk_all((0,))


@pytest.mark.slow
def test_every_stated_amount_is_what_the_action_does_over_more_games():
    walk_all((1000, 2000, 3000))


def at_warlord(edition: str, districts: str | None = None) -> Game:
    """A 4-player game at the Warlord's turn, gathered, his ability not used yet."""
    for seed in range(100):
        basic = "classic_basic" if edition == "classic" else "first_game"
        cfg = GameConfig.create(4, edition=edition, cast=basic, districts=districts or basic)
        g = Game(cfg, seed, record_events=False)
        rng = Rng(seed)
        while not g.over:
            if (
                pending_decision(g)[1] == "turn"
                and g.character_key(g.current_character) == "warlord"
                and g.turn.gathered
                and not g.turn.used & USED_ABILITY
            ):
                return g
            acts = g.legal_actions()
            g.apply(pending_seat(g), acts[rng.below(len(acts))])
    raise AssertionError("no Warlord's turn found")


def test_the_warlord_pays_one_more_for_a_district_behind_the_great_wall():
    """The case of the issue: Bruno's Castle (4) behind his Great Wall costs the Warlord 4, not 3."""
    g = at_warlord("2016", "ambitious_aristocrats")  # a set with the Great Wall
    p = g.turn.player
    q = next(q for q in range(4) if q != p and q not in g.protected_seats())
    g = build(g, cities={q: ["great_wall", "castle"]}, gold={p: 9})
    from citadels_core.actions import Action

    a = Action("destroy", (q, "castle"))
    assert a in g.legal_actions()
    e = g.effect(a)
    assert (e.gold_paid, e.target, e.card, e.harms_own) == (4, q, "castle", "")
    label = describe(g.config, view(g, p), a)
    assert label == f"Destroy {g.config.names[q]}'s Castle (pay 4)", label  # it read "(pay 3)"
    g.apply(p, a)
    assert g.gold[p] == 5


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_an_action_on_ones_own_city_says_so(edition):
    g = at_warlord(edition)
    p = g.turn.player
    g = build(g, cities={p: ["temple"]}, gold={p: 5})
    from citadels_core.actions import Action

    e = g.effect(Action("destroy", (p, "temple")))
    assert (e.gold_paid, e.harms_own, e.ends_turn) == (0, "temple", edition == "classic")
