"""Information Set MCTS (Cowling, Powley & Whitehouse 2012) for the search bot.

`hard`'s flat search (`search.py`) judges each of its legal actions by greedy playouts alone: after the
first action, its own later moves are the rollout policy's. Here one tree grows over the searching seat's
information sets. Each iteration:

- samples a fresh determinization (a world re-dealt from the seat's view, filtered against the draft
  beliefs exactly as the flat search does: `SearchBot.sample`);
- descends the tree: at the seat's own decisions it chooses by UCB among the actions legal *in this
  world* (availability counts: an action's exploration term counts the iterations it was available, not
  the parent's visits, since a hand of cards or the offered characters differ between worlds); the other
  seats move by the opponent model, the rollout policy, since their information differs from ours (in the
  draft above all) and a tree choice for them would use what the world dealt them (strategy fusion);
- a move of another seat leads to a child of the tree keyed by what the searching seat observes of it:
  the action for a public one (a build, a kill), only its kind for one whose details are private (a
  draft pick, a kept card), so two worlds that differ only in what the seat cannot see share their nodes;
- adds one node, plays the rest of the game with the greedy rollout (`playout`), and backs the result up
  the path.

The tree is limited to the current round (beyond it, the greedy rollout): the seat's turn of this round is
where its own later moves matter, and a few hundred iterations do not reach further usefully. An inner node
lets the rollout policy choose until it has been visited `EXPAND_AT` times (a node visited a few times
judges worse than the greedy player), then UCB with the policy's choice in this world favoured by a
progressive bias. The root keeps the flat search's rules: every legal action tried, the `normal` bot's
choice as a prior of virtual playouts, the most searched action played, the same values reported.
"""

from __future__ import annotations

import math

from ..actions import Action
from ..game import Game
from .search import SearchBot, playout, rollout_policy

EXPAND_AT = 10  # visits before an inner node chooses by UCB rather than by the rollout policy
BIAS = 0.3  # progressive bias toward the rollout policy's choice, fading as 1 / (visits + 1)
# Exploration at inner nodes: below the root the rewards differ by a few points, and a wide exploration
# there plays the seat's own later moves almost at random (measured: weaker than the greedy policy).
EXPLORE_INNER = 0.25
# Kinds of move whose arguments are seen by their player alone (and a target at most): the draft picks and
# discards, cards kept or given, signed warrants... The searching seat observes only that such a move was made.
PUBLIC_KINDS = frozenset(
    {
        "gather",
        "income",
        "bonus",
        "build",
        "end",
        "kill",
        "rob",
        "bewitch",
        "destroy",
        "swap_hands",
        "beautify",
        "collect_tax",
        "pay_gold",
        "emperor",
        "navigate",
        "seize",
        "confiscate",
        "exchange",
        "spy",
        "armory",
        "alms",
        "smithy",
        "abbot_income",
        "queen",
    }
)


class Node:
    """One information set of the searching seat (or the observed move of another seat leading to one).

    stats[a] = [visits, total reward, availability]: how often a was played from here, what it earned,
    and in how many visits it was legal. children: by the action played (mine) or by what I observe (theirs).
    """

    __slots__ = ("visits", "stats", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[Action, list[float]] = {}
        self.children: dict[Action, Node] = {}


def observed(me: int, player: int, a: Action) -> Action:
    """What seat `me` sees of `player` playing `a`: all of it for its own move or a public one."""
    if player == me or a.kind in PUBLIC_KINDS:
        return a
    return Action(a.kind)


class ISMCTSBot(SearchBot):
    """`expert`: ISMCTS over the seat's information sets, greedy playouts below the tree."""

    name = "expert"
    children: list[Node]  # the tree below each root action, in the order of the legal actions
    last_tree: dict[Action, Node]  # the same, by action (for tests and study)

    def begin_search(self, legal: list[Action]) -> None:
        """A fresh tree below each root action; the root's own counts are the flat search's (`search`)."""
        self.children = [Node() for _ in legal]
        self.last_tree = dict(zip(legal, self.children, strict=True))

    def judge(self, world: Game, me: int, k: int, action: Action) -> float:
        """Root action `k` in this world, then down its tree for the rest of the round, then a playout."""
        round_ = world.round
        world.apply_unchecked(me, action)
        return self.descend(world, me, round_, self.children[k])

    def descend(self, world: Game, me: int, round_: int, node: Node) -> float:
        """One iteration below the root: through the tree while it lasts (adding one node), then a greedy
        playout; every node on the way is credited with the result."""
        path: list[tuple[Node, Action | None]] = []
        rng = self.rng
        while not world.over and world.round == round_:
            pd = world.pending()
            assert pd is not None
            p = pd[0]
            if p != me:
                a = rollout_policy(world, rng)
                world.apply_unchecked(p, a)
                path.append((node, None))
                key = observed(me, p, a)
                child = node.children.get(key)
                if child is None:
                    node.children[key] = Node()
                    node = node.children[key]
                    break  # the new node: from here on, the rollout
                node = child
                continue
            acts = world.legal_actions()
            if len(acts) == 1:
                world.apply_unchecked(me, acts[0])
                continue
            a = self.select(node, acts, rollout_policy(world, rng))
            world.apply_unchecked(me, a)
            path.append((node, a))
            child = node.children.get(a)
            if child is None:
                node.children[a] = Node()
                node = node.children[a]
                break
            node = child
        reward = playout(world, me, rng, loss_weight=self.loss_weight)
        node.visits += 1
        for nd, played in path:
            nd.visits += 1
            if played is not None:
                nd.stats[played][0] += 1
                nd.stats[played][1] += reward
        return reward

    def select(self, node: Node, acts: list[Action], greedy: Action) -> Action:
        """UCB with availability counts over the actions legal in this world; the rollout policy's choice
        until the node has been visited `EXPAND_AT` times, and favoured by a fading bias after that."""
        stats = node.stats
        for a in acts:
            s = stats.get(a)
            if s is None:
                stats[a] = [0, 0.0, 1]
            else:
                s[2] += 1
        if node.visits < EXPAND_AT:
            return greedy
        # First-play urgency: an untried action is valued at the node's mean, not infinitely.
        tot_n = sum(stats[a][0] for a in acts)
        mean = sum(stats[a][1] for a in acts) / tot_n if tot_n else 0.5
        best, best_v = greedy, -1e9
        for a in acts:
            n_a, w_a, m_a = stats[a]
            q = w_a / n_a if n_a else mean
            val = q + EXPLORE_INNER * math.sqrt(math.log(m_a + 1) / (n_a + 1))
            if a == greedy:
                val += BIAS / (n_a + 1)
            if val > best_v:
                best, best_v = a, val
        return best


__all__ = ["ISMCTSBot", "Node", "observed", "EXPAND_AT"]
