"""`hard` judges a sampled world by its characters before building it (`redealt_characters`): those must be
the characters of the very world `redeal` deals with the same generator, which must end in the same state,
or the search would keep different worlds than it judged."""

from functools import partial

import pytest
from helpers import pending_seat

from citadels_core import Game, GameConfig, get_edition
from citadels_core.bots import RandomBot
from citadels_core.bots.inference import Beliefs
from citadels_core.bots.search import SearchBot
from citadels_core.record import state_digest
from citadels_core.redeal import Worlds, redeal, redealt_characters
from citadels_core.rng import Rng
from citadels_core.view import view


def _configs() -> list[GameConfig]:
    """Every 2016 preset at 2 to 8 players, and the classic sets with the Lighthouse and the Museum (whose
    owners see cards the others do not)."""
    out = []
    for i, preset in enumerate(get_edition("2016").presets):
        for players in range(2, 9):
            out.append(GameConfig.create(players, preset.key, preset.key, rank9=(i + players) % 2 == 0))
    for players in range(2, 9):
        out.append(GameConfig.create(players, "classic_dark_city", "classic_dark_city", edition="classic"))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    "cfg", _configs(), ids=lambda c: f"{c.edition}-{c.players}-{c.cast[0]}-{len(c.cast)}"
)
def test_a_worlds_characters_are_those_redeal_deals_and_the_generator_ends_alike(cfg):
    g = Game(cfg, cfg.players * 31 + len(cfg.cast), record_events=False)
    bot = RandomBot(7)
    step = 0
    while not g.over:
        if step % 3 == 0:  # every third decision: enough positions of every kind, in a few seconds
            for p in range(cfg.players):
                a, b = Rng(step * 10 + p), Rng(step * 10 + p)
                world = redeal(g, p, a)
                assert redealt_characters(g, p, b) == world.characters, (step, p)
                assert a.state == b.state, (step, p)
        p = pending_seat(g)
        g.apply(p, bot.choose(view(g, p)))
        step += 1


def test_the_search_keeps_the_same_worlds_judging_them_by_their_characters():
    """SearchBot.sample with `Worlds` (characters first) against a plain sampler (whole worlds): the same
    world, and the generator in the same state, for strict and loose beliefs."""
    cfg = GameConfig.create(4)
    g = Game(cfg, 11, record_events=False)
    bot = RandomBot(3)
    tested = 0
    while not g.over and tested < 60:
        p = pending_seat(g)
        keys = set(g.rules.cast_keys)
        for cands in (keys, frozenset(list(sorted(keys))[:3])):  # the second rejects most worlds
            b = Beliefs(p, tuple(frozenset() if q == p else frozenset(cands) for q in range(4)), ((),) * 4)
            one, two = SearchBot(5), SearchBot(5)
            w1 = one.sample(Worlds(g, p), b)
            w2 = two.sample(partial(redeal, g, p), b)
            assert state_digest(w1) == state_digest(w2) and w1.characters == w2.characters
            assert w1.rng.state == w2.rng.state and one.rng.state == two.rng.state
            tested += 1
        g.apply(p, bot.choose(view(g, p)))
    assert tested == 60


def test_the_lighthouse_owner_looking_through_the_deck_is_dealt_alike():
    """While the classic Lighthouse's owner looks through the deck, redeal shuffles the deck apart: the
    draws skipped for the cards must count that shuffle too."""
    found = 0
    for seed in range(400):
        cfg = GameConfig.create(3 + seed % 4, "classic_dark_city", "classic_dark_city", edition="classic")
        g = Game(cfg, seed, record_events=False)
        bot = RandomBot(seed)
        while not g.over:
            p = pending_seat(g)
            if g.decision.kind == "lighthouse":
                for q in range(cfg.players):
                    a, b = Rng(q), Rng(q)
                    assert redealt_characters(g, q, b) == redeal(g, q, a).characters
                    assert a.state == b.state
                found += 1
            g.apply(p, bot.choose(view(g, p)))
        if found >= 3:
            break
    assert found >= 3
