"""The view a bot decides from (`decide` hands it a LazyView): the same values as the full `view`, no
secret in it (the re-deal property, for every bot of the ladder), and nothing readable after its decision."""

import pytest
from helpers import bots_played, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots import BOT_KINDS, RandomBot, decide, make_bot
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import LazyView, View, view

CONFIGS = [
    GameConfig.create(4),
    GameConfig.create(6, cast="cunning_agents", districts="illustrious_emissaries", rank9=True),
    GameConfig.create(2, cast="vicious_nobles", districts="devious_dignitaries"),
    GameConfig.create(
        5, cast="classic_dark_city", districts="classic_dark_city", edition="classic", rank9=True
    ),
    GameConfig.create(3, cast="classic_intrigue", districts="classic_intrigue", edition="classic"),
]


def states(cfg: GameConfig, seed: int):
    """Every state of one game between normal and random bots."""
    g = Game(cfg, seed, record_events=False)
    bots = [make_bot("normal" if i % 2 else "random", seed + i) for i in range(cfg.players)]
    while not g.over:
        yield g
        p = pending_seat(g)
        g.apply(p, bots[p].choose(view(g, p)))
    yield g


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}p")
def test_a_lazy_view_shows_every_field_as_the_full_view_does(cfg):
    for g in states(cfg, 3):
        for me in [*range(cfg.players), None]:
            full, lazy = view(g, me), LazyView(g, me)
            for name in View.__slots__:
                assert getattr(lazy, name) == getattr(full, name), name
            assert isinstance(lazy, View)


def test_a_lazy_view_is_closed_once_its_decision_is_over():
    g = Game(GameConfig.create(4), 1, record_events=False)
    kept = []

    class Keeper:
        name = "keeper"

        def choose(self, v):
            kept.append(v)
            return v.legal[0]

    a = decide(Keeper(), g, pending_seat(g))
    assert kept[0].legal[0] == a  # what the bot read stays readable
    with pytest.raises(RuntimeError, match="decision is over"):
        kept[0].players  # noqa: B018 - reading it is the test


@pytest.mark.parametrize("kind", sorted(BOT_KINDS))
@pytest.mark.parametrize(("players", "seed", "steps"), [(4, 2, 30), (2, 3, 45), (6, 4, 80), (5, 6, 9)])
def test_every_bot_decides_the_same_through_decide_when_hidden_things_are_redealt(kind, players, seed, steps):
    g, _ = bots_played(GameConfig.create(players), seed, steps, RandomBot, shared=True)
    p = pending_seat(g)
    budget = f"{kind}:16" if kind in ("hard", "expert") else kind
    for k in range(3):
        h = redeal(g, p, Rng(100 + k))
        assert decide(make_bot(budget, 7), g, p) == decide(make_bot(budget, 7), h, p)


def test_thanking_is_listed_first_whenever_it_is_owed():
    """The random bot looks for the Ball Room's thanks at the head of the legal actions (RULINGS R44)."""
    from classic_helpers import cast_with, purple_with

    from citadels_core.terms import THANK

    cfg = GameConfig.create(
        5, cast_with("navigator", "diplomat"), purple_with("throne_room", "ball_room"), edition="classic"
    )
    owed = 0
    for seed in range(40):
        g = Game(cfg, seed, record_events=False)
        bot = make_bot("random", seed)
        while not g.over:
            acts = g.legal_actions()
            if THANK in acts:
                owed += 1
                assert acts[0] == THANK
            p = pending_seat(g)
            g.apply(p, decide(bot, g, p))
    assert owed > 0
