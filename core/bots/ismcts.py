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

The tree is carried over to the seat's next decision of the round where the information allows: the game
keeps its moves for this bot (`bots.decide`), and the next search follows the last one's tree from its
choice through every move made since, as the seat saw them (`Worlds.moves_seen`), the same keys the tree
grew by. The node it reaches is this decision's information set: its actions' counts start the root's, and
their subtrees are kept. Where the moves lead out of the tree (a move it never tried, a new round), the
search starts afresh. With that off (`reuse=False`) the bot plays as it did before it had it (the same
moves, checked on seeded games).
"""

from __future__ import annotations

import math
from typing import Any

from ..actions import Action
from ..game import Game
from ..redeal import Worlds
from ..view import View, observed_move
from .search import SearchBot, World, rollout_policy

EXPAND_AT = 10  # visits before an inner node chooses by UCB rather than by the rollout policy
BIAS = 0.3  # progressive bias toward the rollout policy's choice, fading as 1 / (visits + 1)
# Exploration at inner nodes: below the root the rewards differ by a few points, and a wide exploration
# there plays the seat's own later moves almost at random (measured: weaker than the greedy policy).
EXPLORE_INNER = 0.25


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


class ISMCTSBot(SearchBot):
    """`expert`: ISMCTS over the seat's information sets, greedy playouts below the tree."""

    name = "expert"
    wants_moves = True  # `decide` has the game keep its moves: the tree is followed through them
    children: list[Node]  # the tree below each root action, in the order of the legal actions
    last_tree: dict[Action, Node]  # the same, by action

    def __init__(self, *args: Any, reuse: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reuse = reuse  # carry the tree over to my next decision of the round, where I can follow it
        self.children = []
        self.last_tree = {}
        self.tree_round = -1  # the round the tree covers
        self.tree_mark: int | None = None  # the moves made when it chose (its choice is the next)
        self.tree_choice: Action | None = None
        self.searched = False
        self.carried = 0  # playouts the last search started with, carried over from the one before

    def choose(self, v: View, worlds: World | None = None) -> Action:
        self.searched = False
        choice = super().choose(v, worlds)
        if self.searched:
            self.tree_choice = choice
        return choice

    def begin_search(self, v: View, legal: list[Action], worlds: World) -> tuple[list[int], list[float]]:
        """The tree below each root action: the subtrees of the node the last search reached for this
        decision, with the counts of its actions, when there is one (`reused_node`); fresh ones otherwise."""
        node = self.reused_node(v, worlds) if self.reuse else None
        self.searched = True
        self.tree_round = v.round
        self.tree_mark = worlds.moves_made() if isinstance(worlds, Worlds) else None
        if node is None:
            self.children = [Node() for _ in legal]
            visits, wins = [0] * len(legal), [0.0] * len(legal)
        else:
            self.children = [node.children.get(a) or Node() for a in legal]
            none = (0, 0.0)
            visits = [int(node.stats.get(a, none)[0]) for a in legal]
            wins = [node.stats.get(a, none)[1] for a in legal]
        self.carried = sum(visits)
        self.last_tree = dict(zip(legal, self.children, strict=True))
        return visits, wins

    def reused_node(self, v: View, worlds: World) -> Node | None:
        """The node of the last search's tree where I stand now, found by the moves made since it chose,
        as I saw them (`Worlds.moves_seen`: another seat's secret move by its kind alone, the same keys the
        tree grew by); None when I cannot follow it there: a new round (the tree stops at the round's end),
        a game that keeps no moves, a move the tree never tried, or a game that is not the one searched
        (its first move since is not the choice made)."""
        if self.tree_mark is None or v.round != self.tree_round or not isinstance(worlds, Worlds):
            return None
        seen = worlds.moves_seen(self.tree_mark)
        if not seen or seen[0] != (v.me, self.tree_choice):
            return None
        node = self.last_tree.get(seen[0][1])
        for _, key in seen[1:]:
            if node is None:
                return None
            node = node.children.get(key)
        return node

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
                key = observed_move(me, p, a)
                child = node.children.get(key)
                if child is None:
                    node.children[key] = Node()
                    node = node.children[key]
                    break  # the new node: from here on, the rollout
                node = child
                continue
            acts = world.legal_actions()
            if len(acts) == 1:
                # A forced move leads to a node of its own, made without ending the descent (it is no
                # choice) and counted as visited as often as the node before it, which it follows in every
                # world: the search goes as if the move were not in the tree, and a later decision finds
                # its node by every move made since (`reused_node`).
                a = acts[0]
                world.apply_unchecked(me, a)
                path.append((node, None))
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = Node()
                    child.visits = node.visits
                node = child
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
        reward = self.play_out(world, me)
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


__all__ = ["ISMCTSBot", "Node", "EXPAND_AT"]
