"""`expert`: Information Set MCTS. A tree over the seat's own later decisions (UCB among the actions legal in
each world, availability counts), other seats' private moves seen by their kind only, reproducible with a
playout budget, the re-deal property in both editions, and the tree carried over to the seat's next
decision of the round through the moves it saw."""

import copy

import pytest
from helpers import bots_played, pending_decision, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.actions import Action
from citadels_core.bots import ISMCTSBot, NormalBot, decide, make_bot
from citadels_core.bots.ismcts import EXPAND_AT, Node
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import PUBLIC_MOVES, observed_move, view


def my_turn_starts(cfg: GameConfig, seed: int) -> tuple[Game, list[NormalBot], int]:
    """The first position, from round 2, where a seat starts its turn with a choice of gathering."""
    g, bots = bots_played(cfg, seed, 0, NormalBot)
    while True:
        p = pending_seat(g)
        kinds = {a.kind for a in g.legal_actions()}
        if g.round >= 2 and pending_decision(g)[1] == "turn" and "gather" in kinds:
            return g, bots, p
        g.apply(p, bots[p].choose(view(g, p)))


def test_another_seats_private_move_is_observed_by_its_kind_only():
    pick = Action("choose", ("king",))
    assert observed_move(0, 1, pick) == Action("choose")  # a draft pick is secret
    assert observed_move(0, 1, Action("keep", ("castle",))) == Action("keep")
    assert observed_move(1, 1, pick) == pick  # my own move I know
    build = Action("build", ("castle",))
    assert observed_move(0, 1, build) == build  # a build is public


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
    g, bots = bots_played(cfg, seed, steps, NormalBot)
    p = pending_seat(g)
    bot = make_bot("expert:24", 7)
    assert isinstance(bot, ISMCTSBot)
    bot.normal = copy.deepcopy(bots[p])
    for k in range(2):
        h = redeal(g, p, Rng(100 + k))
        a, b = copy.deepcopy(bot), copy.deepcopy(bot)
        assert decide(a, g, p) == decide(b, h, p)
        assert a.last_stats == b.last_stats and a.last_values == b.last_values


# ---------------------------------------------------------------- the tree carried over between decisions


def play_until_carried(cfg: GameConfig, seed: int, iterations: int = 60) -> tuple[Game, ISMCTSBot, int, dict]:
    """A game where seat 0 is `expert` and the others `normal`, played (keeping its moves) up to a decision
    of seat 0 that the tree of its last search reaches; the game, the bot (not yet asked), the seat, and
    the tree the last search left."""
    g = Game(cfg, seed, record_events=False)
    expert = ISMCTSBot(seed, iterations=iterations)
    bots = [expert] + [NormalBot(seed + i) for i in range(1, cfg.players)]
    while not g.over:
        p = pending_seat(g)
        if p == 0 and len(g.legal_actions()) > 1 and expert.tree_mark is not None:
            trial = copy.deepcopy(expert)
            decide(trial, g, 0)
            if trial.carried:
                return g, expert, 0, expert.last_tree
        g.apply(p, decide(bots[p], g, p))
    raise AssertionError("no decision reached the last search's tree")


def test_the_next_decision_of_the_round_starts_from_the_node_the_last_search_reached():
    g, bot, p, old_tree = play_until_carried(GameConfig.create(4), 11)
    old_nodes = set()

    def walk(n: Node) -> None:
        old_nodes.add(id(n))
        for c in n.children.values():
            walk(c)

    for n in old_tree.values():
        walk(n)
    decide(bot, g, p)
    assert bot.carried > 0 and bot.last_iterations == 60
    # Its subtrees are the old tree's own nodes, and its playouts count on top of those carried over.
    assert any(id(n) in old_nodes for n in bot.last_tree.values())
    assert sum(n for _, n, _ in bot.last_stats) == 60 + bot.carried


def test_without_reuse_every_search_starts_from_nothing():
    g, bot, p, _ = play_until_carried(GameConfig.create(4), 11)
    bot.reuse = False
    decide(bot, g, p)
    assert bot.carried == 0 and sum(n for _, n, _ in bot.last_stats) == 60


def test_a_tree_is_not_followed_into_another_game_or_a_game_that_keeps_no_moves():
    g, bot, p, _ = play_until_carried(GameConfig.create(4), 11)
    silent = g.clone()  # keeps no moves (until the bot asks): nothing to follow the tree by
    a = copy.deepcopy(bot)
    decide(a, silent, p)
    assert a.carried == 0
    other = g.clone()  # the same position, but the moves since are not the ones searched
    assert g.moves is not None
    other.moves = [(q, Action("end")) for q, _ in g.moves]
    b = copy.deepcopy(bot)
    decide(b, other, p)
    assert b.carried == 0


@pytest.mark.parametrize(
    "cfg",
    [
        GameConfig.create(4),
        GameConfig.create(3),
        GameConfig.create(4, cast="classic_dark_city", districts="classic_dark_city", edition="classic"),
    ],
    ids=["2016-4p", "2016-3p", "classic-4p"],
)
def test_a_carried_tree_depends_only_on_what_the_seat_saw(cfg):
    """The re-deal property with the tree carried over: what the seat cannot see is dealt again, and every
    secret move another seat made (a draft pick, a kept card...) is replaced by another of its kind: the
    same decision, the same figures."""
    g, bot, p, _ = play_until_carried(cfg, 12, iterations=40)
    assert g.moves is not None  # kept since the expert first decided
    hidden = [
        (q, a if q == p or a.kind in PUBLIC_MOVES else Action(a.kind, ("not", "this"))) for q, a in g.moves
    ]
    assert hidden != g.moves  # others made secret moves since the game began keeping them
    for k in range(2):
        h = redeal(g, p, Rng(300 + k))
        h.moves = list(hidden)
        a, b = copy.deepcopy(bot), copy.deepcopy(bot)
        assert decide(a, g, p) == decide(b, h, p)
        assert a.carried == b.carried > 0
        assert a.last_stats == b.last_stats and a.last_values == b.last_values
