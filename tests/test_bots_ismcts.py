"""`expert`: Information Set MCTS. A tree over the seat's own later decisions (UCB among the actions legal in
each world, availability counts), other seats' private moves seen by their kind only, reproducible with a
playout budget, and the re-deal property in both editions."""

import copy

import pytest

from citadels_core import Game, GameConfig
from citadels_core.actions import Action
from citadels_core.bots import ISMCTSBot, NormalBot, decide, make_bot
from citadels_core.bots.ismcts import EXPAND_AT, Node, observed
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view


def midgame(cfg: GameConfig, seed: int, steps: int) -> tuple[Game, list[NormalBot]]:
    g = Game(cfg, seed, record_events=False)
    bots = [NormalBot(seed + i) for i in range(cfg.players)]
    for _ in range(steps):
        p = g.pending()[0]
        g.apply(p, bots[p].choose(view(g, p)))
    return g, bots


def my_turn_starts(cfg: GameConfig, seed: int) -> tuple[Game, list[NormalBot], int]:
    """The first position, from round 2, where a seat starts its turn with a choice of gathering."""
    g, bots = midgame(cfg, seed, 0)
    while True:
        p = g.pending()[0]
        kinds = {a.kind for a in g.legal_actions()}
        if g.round >= 2 and g.pending()[1] == "turn" and "gather" in kinds:
            return g, bots, p
        g.apply(p, bots[p].choose(view(g, p)))


def test_another_seats_private_move_is_observed_by_its_kind_only():
    pick = Action("choose_character", ("king",))
    assert observed(0, 1, pick) == Action("choose_character")  # a draft pick is secret
    assert observed(0, 1, Action("keep", ("castle",))) == Action("keep")
    assert observed(1, 1, pick) == pick  # my own move I know
    build = Action("build", ("castle",))
    assert observed(0, 1, build) == build  # a build is public


def test_ucb_chooses_only_among_the_actions_legal_in_this_world_and_counts_their_availability():
    node = Node()
    gone = Action("build", ("castle",))
    node.stats[gone] = [10, 10.0, 10]  # won every time, but not legal in this world
    node.visits = EXPAND_AT + 10
    acts = [Action("end"), Action("build", ("tavern",))]
    bot = ISMCTSBot(1)
    assert bot.select(node, acts, acts[0]) in acts
    assert node.stats[acts[1]][2] == 1 and node.stats[gone][2] == 10


def test_the_tree_searches_my_own_later_decisions_in_the_turn():
    g, bots, p = my_turn_starts(GameConfig.create(4), 5)
    bot = ISMCTSBot(3, iterations=200)
    bot.normal = copy.deepcopy(bots[p])
    decide(bot, g, p)
    assert bot.last_iterations == 200
    # Below the root's actions, nodes of my later decisions were visited often enough to choose by UCB,
    # and chose more than one way: the flat search plays them by the greedy policy alone.
    seen = []

    def walk(n: Node) -> None:
        if n.visits >= EXPAND_AT and sum(1 for s in n.stats.values() if s[0] > 0) >= 2:
            seen.append(n)
        for c in n.children.values():
            walk(c)

    for child in bot.last_tree.values():
        walk(child)
    assert seen
    for n in seen:
        assert all(s[2] >= s[0] for s in n.stats.values())  # available at least as often as played


def test_a_playout_budget_gives_the_same_decision_and_figures_every_time():
    g, bots, p = my_turn_starts(GameConfig.create(3), 8)
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(4, iterations=60)
        bot.normal = copy.deepcopy(bots[p])
        runs.append((decide(bot, g, p), bot.last_stats, bot.last_values))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("cfg", "seed", "steps"),
    [
        (
            GameConfig.create(4, cast="classic_dark_city", districts="classic_dark_city", edition="classic"),
            2,
            40,
        ),
        (
            GameConfig.create(
                5, cast="classic_dark_city", districts="classic_dark_city", edition="classic", rank9=True
            ),
            3,
            9,
        ),
        (GameConfig.create(2), 4, 45),
    ],
    ids=["classic-4p-turn", "classic-5p-draft", "2016-2p"],
)
def test_expert_decides_the_same_when_what_it_cannot_see_is_redealt(cfg, seed, steps):
    g, bots = midgame(cfg, seed, steps)
    p = g.pending()[0]
    bot = make_bot("expert:24", 7)
    assert isinstance(bot, ISMCTSBot)
    bot.normal = copy.deepcopy(bots[p])
    for k in range(2):
        h = redeal(g, p, Rng(100 + k))
        a, b = copy.deepcopy(bot), copy.deepcopy(bot)
        assert decide(a, g, p) == decide(b, h, p)
        assert a.last_stats == b.last_stats and a.last_values == b.last_values
