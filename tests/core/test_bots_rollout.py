"""`hard`'s rollout policy lists only what its choice looks at (`search.rollout_policy`): it must choose
exactly what the policy chooses over the whole list of legal actions, with the same draws, or the search
would play other playouts than the ones measured (docs/performance.md, "The `hard` bot's playouts")."""

import pytest

from citadels_core import Game, GameConfig, get_edition
from citadels_core.actions import Action
from citadels_core.bots.search import rollout_policy
from citadels_core.rng import Rng
from citadels_core.terms import SELECT, TURN

# The policy as written over the whole list (before it listed only what it looks at): preferences by kind,
# the aimed targets in order.
KIND_ORDER = {"bonus": 0, "income": 1, "build": 2, "keep": 3, "pay_gold": 4, "end": 9}
TARGETS = ("architect", "merchant", "king", "scholar", "trader", "alchemist", "warlord", "bishop")


def whole_list_choice(g: Game, rng: Rng) -> Action:
    """The rollout policy's choice in a decision of the turns, from every legal action."""
    acts = g.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if rng.below(10) == 0:
        return acts[rng.below(len(acts))]
    aims = [a for a in acts if a.kind in ("kill", "rob")]
    if aims:
        for key in TARGETS:
            for a in aims:
                if a.args[0] == key and rng.below(2) == 0:
                    return a
        return aims[rng.below(len(aims))]
    if any(a.kind == "gather" for a in acts):
        p = g.turn.player
        want_gold = g.gold[p] < 4 and bool(g.hands[p])
        return next(a for a in acts if a.kind == "gather" and (a.args[0] == "gold") == want_gold)
    builds = [a for a in acts if a.kind == "build"]
    if builds:
        return max(builds, key=lambda a: g.rules.edition.districts[g.rules.card_ids[str(a.args[0])]].cost)
    best = min(acts, key=lambda a: KIND_ORDER.get(a.kind, 5))
    if KIND_ORDER.get(best.kind, 5) == 5:
        return acts[rng.below(len(acts))]
    return best


def _configs() -> list[GameConfig]:
    """Every 2016 preset at 2 to 7 players (with and without the rank 9), and the classic sets."""
    out = []
    for i, preset in enumerate(get_edition("2016").presets):
        for players in range(2, 8):
            out.append(GameConfig.create(players, preset.key, preset.key, rank9=(i + players) % 2 == 0))
    for setup in ("classic_basic", "classic_dark_city", "classic_intrigue"):
        for players in range(2, 8):
            out.append(GameConfig.create(players, setup, "classic_dark_city", edition="classic"))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    "cfg", _configs(), ids=lambda c: f"{c.edition}-{c.players}-{c.cast[0]}-{len(c.cast)}"
)
def test_the_rollout_policy_chooses_as_over_the_whole_list(cfg):
    checked = 0
    for seed in range(3):
        g = Game(cfg, seed * 101 + cfg.players, record_events=False)
        mover = Rng(seed)
        step = 0
        while not g.over and step < 1500:
            pd = g.pending()
            assert pd is not None
            if g.phase == TURN:
                fast, slow = Rng(step), Rng(step)
                a = rollout_policy(g.clone(), fast)
                b = whole_list_choice(g.clone(), slow)
                assert a == b, f"step {step}: {a} instead of {b}"
                assert fast.state == slow.state, f"step {step}: other draws for {a}"
                checked += 1
            elif g.phase == SELECT and not g.decision.kind:
                assert g.selection_actions() == g.legal_actions()
            g.apply(pd[0], rollout_policy(g, mover))
            step += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 5])
def test_the_dearest_build_is_the_first_of_the_dearest_listed(players):
    """`Game.build_actions(dearest=True)`: the first of the dearest builds by printed cost, or none."""
    cfg = GameConfig.create(players)
    seen = 0
    for seed in range(20):
        g = Game(cfg, seed, record_events=False)
        mover = Rng(seed)
        while not g.over:
            pd = g.pending()
            assert pd is not None
            if g.phase == TURN and not g.decision.kind and g.turn.gathered and g.hands[g.turn.player]:
                p = g.turn.player
                every = g.build_actions(p)
                costs = [g.rules.edition.districts[g.rules.card_ids[str(a.args[0])]].cost for a in every]
                want = [every[costs.index(max(costs))]] if every else []
                assert g.build_actions(p, dearest=True) == want
                seen += len(every) > 1
            g.apply(pd[0], rollout_policy(g, mover))
    assert seen > 20  # positions where the dearest had to be told from others
