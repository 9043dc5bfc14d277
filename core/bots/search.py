"""`hard`: determinized Monte Carlo search over worlds consistent with its view.

It never reads the real state: it asks for *worlds*, full states in which everything hidden from it is
dealt again (`redeal`), keeps those that agree with what it inferred from the draft (rejection sampling on
`inference.Beliefs`), plays each candidate action in many worlds to the end of the game with a fast
greedy policy, and picks the action that won most often. The `normal` bot's choice enters as a prior
(virtual wins), so few iterations fall back on sound play and more iterations let the search overrule it.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..game import Game
from ..redeal import Worlds
from ..rng import Rng
from ..terms import (
    BONUS,
    DISCARD,
    END,
    GATHER_CARDS,
    GATHER_GOLD,
    INCOME,
    OVER,
    SELECT,
    TURN,
    USED_BONUS,
    USED_INCOME,
)
from ..view import View
from .heuristic import BASE_VALUE
from .heuristic_characters import EXTRA_VALUE
from .inference import Beliefs
from .normal import NormalBot

if TYPE_CHECKING:
    from ..characters.base import CharacterRules
    from ..edition import Edition

World = Callable[[Rng], Game]

# Playouts per decision of the default `hard`: about 0.3-0.4 s of CPU at 2-4 players, 0.6 s at 6 on the project
# machine (docs/bots.md, "The default budget"); four times the 200 it had before its playouts were made faster,
# which wins more (docs/bots.md, "Strength at every table").
DEFAULT_ITERATIONS = 800
DEFAULT_MAX_SECONDS = 0.9  # ...and a cap for the slow decisions (many players, a loaded machine): under 1 s
PRIOR_VISITS = 6  # virtual playouts given to the normal bot's choice
PRIOR_VALUE = 0.6  # ...at this win rate, a little above an even share, so search must show a real gain
EXPLORE = 0.7
WORLD_TRIES = 8  # redeals tried per sample before accepting one that contradicts the beliefs
WORLD_TRIES_2P = 40  # ...at 2 players, where the draft pins the opponent's characters down far more
# (and at 3 players, whose draft counts accept about one re-deal in six or eight)
NORMAL_KINDS_2P = frozenset({"discard_character"})  # decisions `normal` takes alone at 2 players...
NORMAL_ACTIONS_2P = frozenset({"kill"})  # ...and those where it proposes one of these actions
# At 3 or more players a lost playout scores by its rank, not its points: RANK_WEIGHT x the share of the
# opponents who did not score more (second of three 0.15, last 0). Measured at 3 and 5 players against the
# points share (docs/bots.md, "Why hard lagged at 3 and 5 players").
RANK_WEIGHT = 0.3

# Preference of the greedy rollout policy among action kinds; anything unlisted is taken rarely.
_KIND_ORDER = {"bonus": 0, "income": 1, "build": 2, "keep": 3, "pay_gold": 4, "end": 9}
_CHAR_VALUE = {**EXTRA_VALUE, **BASE_VALUE}
_TARGETS = ("architect", "merchant", "king", "scholar", "trader", "alchemist", "warlord", "bishop")


def _draft_pick(g: Game, rng: Rng, picker: int) -> Action:
    """Rollout drafting: a character's base appeal, plus its income from the picker's city, plus noise.
    `picker` is the seat choosing (`g.picker()`). The action `g.selection_actions()` lists for the
    character `_draft_index` picks."""
    r = g.round_state
    listed = g.rules.interned_discards if r.order[r.step][1] is DISCARD else g.rules.interned_choices
    return listed[_draft_index(g, rng, picker)]


def _draft_index(g: Game, rng: Rng, picker: int) -> int:
    """`_draft_pick`'s character, as its cast index. What `g.selection_actions()` lists is the characters of
    `g.selection_options()` in cast order: the pick works on their indexes, with the same draws and the same
    choice as over the list (the `hard` bot's playouts hand it to `Game.pick`)."""
    opts = sorted(g.selection_options())
    if len(opts) == 1:
        return opts[0]  # the single legal action, taken without a draw
    kinds, appeal, slots = _draft_table(g.rules.character_rules, g.rules.cast_keys, g.rules.edition)
    # The picker's districts by type (a character's income from the city), in a list by the type's slot; a
    # character without income reads the last slot, which stays 0 (adding 0 leaves a float as it is).
    per_type = [0] * slots
    for e in g.cities[picker]:
        per_type[kinds[e & 255]] += 1
    best, best_v = opts[0], -1e9
    r = g.round_state
    discard = r.order[r.step][1] is DISCARD
    for c, noise in zip(opts, rng.belows(100, len(opts)), strict=True):
        base, inc = appeal[c]
        val = base + noise / 50 + per_type[inc]
        if discard:
            val = -val
        if val > best_v:
            best, best_v = c, val
    return best


@functools.lru_cache(maxsize=64)
def _draft_table(
    rules: tuple[CharacterRules, ...], cast_keys: tuple[str, ...], edition: Edition
) -> tuple[list[int], list[tuple[float, int]], int]:
    """What a pick of the draft reads of each character of a cast (its base appeal, the slot of the
    district type it draws income from, by cast index), each card's type's slot, and how many slots: a
    fifth of a playout's decisions are picks, and these are looked up once per cast and edition, not per
    option. (A district type is counted by its slot, a small int, in a list: cheaper than a dict of types.)"""
    slots: dict[object, int] = {}  # district type -> its slot
    kinds = [slots.setdefault(d.type, len(slots)) for d in edition.districts]  # each card's type's slot
    spare = len(slots)  # the slot of no income, never counted
    appeal: list[tuple[float, int]] = [
        (_CHAR_VALUE.get(key, 2.0), slots.get(rules[i].income, spare)) for i, key in enumerate(cast_keys)
    ]
    return kinds, appeal, spare + 1


# How the rollout policy sorts an action by its kind, in one look-up: an aimed kill or theft (AIM), a
# gathering (GATHER), or else its preference (_KIND_ORDER; a build is 2; unlisted kinds 5).
_AIM, _GATHER = -2, -1
_POLICY_CODE = {**_KIND_ORDER, "kill": _AIM, "rob": _AIM, "gather": _GATHER}


def rollout_policy(g: Game, rng: Rng) -> Action:
    """A cheap greedy player for rollouts: drafts characters that pay, takes bonuses and income, builds
    the dearest district it can, gathers gold when poor, otherwise ends; one time in ten it plays any
    legal action (exploration)."""
    phase = g.phase
    if not g.decision.kind:
        if phase == TURN:
            if not g.edition_state and not g.rules.gating_rules:
                a = _plain_turn_choice(g, rng)
                if a is not None:
                    return a
        elif phase == SELECT:
            return _draft_pick(g, rng, g.picker())  # from what legal_actions() lists, without the calls
    return _any_choice(g, rng)


def _any_choice(g: Game, rng: Rng) -> Action:
    """`rollout_policy` over the whole list of legal actions (any decision but a pick of the draft)."""
    return _choice_among(g, g.legal_actions(), rng)


def _choice_among(g: Game, acts: list[Action], rng: Rng) -> Action:
    """`rollout_policy`'s choice among the legal actions `acts` (any decision but a pick of the draft)."""
    n = len(acts)
    if n == 1:
        return acts[0]
    if rng.below(10) == 0:
        return acts[rng.below(n)]
    return _greedy(g, acts, rng)


def _greedy(g: Game, acts: list[Action], rng: Rng) -> Action:
    """`rollout_policy`'s choice among the legal actions `acts` of a turn when it does not explore."""
    # One pass sorts the actions out; the preferences below are, in order: an aimed kill or theft, a
    # gathering, the dearest build, the first action of the most preferred kind. (A playout takes about a
    # hundred decisions, and this runs for each: a set of kinds and a list per kind cost more than the rest.)
    aims: list[Action] = []
    gathers = False
    build: Action | None = None
    build_cost = -1
    best = acts[0]
    best_order = 99
    for a in acts:
        order = _POLICY_CODE.get(a.kind, 5)
        if order < 0:
            if order == _AIM:
                aims.append(a)
            else:
                gathers = True
        elif order == 2 and a.kind == "build" and not aims and not gathers:
            cost = g.rules.edition.districts[g.rules.card_ids[str(a.args[0])]].cost
            if cost > build_cost:  # the first of the dearest, as max() picks
                build, build_cost = a, cost
        if order < best_order:  # the first of the most preferred kind, as min() picks
            best, best_order = a, order
    if aims:
        return _aimed(aims, rng)
    if gathers:
        p = g.turn.player
        want_gold = g.gold[p] < 4 and bool(g.hands[p])
        return next(a for a in acts if a.kind == "gather" and (a.args[0] == "gold") == want_gold)
    if build is not None:
        return build
    if best_order == 5:
        return acts[rng.below(len(acts))]
    return best


def _aimed(aims: list[Action], rng: Rng) -> Action:
    """The kill or theft the policy aims, among `aims`: the likeliest targets first, each at even odds."""
    named = [a.args[0] for a in aims]  # (each target is looked for among these first: most are absent)
    for key in _TARGETS:
        if key in named:
            for a in aims:
                if a.args[0] == key and rng.below(2) == 0:
                    return a
    return aims[rng.below(len(aims))]


_AIM_KINDS = ("kill", "rob")
_AIMS = frozenset(_AIM_KINDS)
_aims_by_rules: dict[type, bool] = {}


def _may_aim(r: object) -> bool:
    """Whether a character's (or a district's) actions include an aimed kill or theft (the policy's first
    preference): whether it handles those kinds."""
    aims = _aims_by_rules.get(type(r))
    if aims is None:
        handlers = r.handlers()  # type: ignore[attr-defined]  # a character's rules that aim at others list their handlers
        aims = _aims_by_rules[type(r)] = any(k in handlers for k in _AIM_KINDS)
    return aims


def _plain_turn_choice(g: Game, rng: Rng) -> Action | None:
    """`rollout_policy`'s choice in a plain turn decision (no follow-up, no gate, no edition state; after
    gathering, no district of the player's city offering actions), listing only what the choice looks at; None, before drawing anything, where the general code
    must list every action.

    The same choice and the same draws as the general code: the policy needs every legal action only to
    explore (one decision in ten) and to count them, and the turn's list is known in its parts (gathering,
    income, bonus, the character's abilities, the districts' actions, builds, the end:
    `Game.legal_actions`). Before gathering the choice is an aimed kill or theft, else a gathering; after
    it, the dearest build, the bonus, the income, and only then the character's abilities (the Warlord's
    targets, the costliest list of a turn). A playout makes about a hundred decisions and most are these:
    listing all their actions cost a third of it."""
    i = g.current_character
    t = g.turn
    p = t.player
    active = not g.rules.active_entries.isdisjoint(g.cities[p])  # a district of the city offers actions
    if not t.gathered:
        # At least the two gatherings are listed: a draw to explore, then an aim, then a gathering.
        if active:
            city = g.cities[p]
            if any(_may_aim(dr) for dr in g.rules.active_districts if not dr.entries.isdisjoint(city)):
                return None
        if rng.below(10) == 0:
            acts = g.legal_actions()
            return acts[rng.below(len(acts))]
        if g.rules.hooks.acts[i] and not _AIMS.isdisjoint(g.rules.hooks.kinds[i]):
            out: list[Action] = []
            g.rules.character_rules[i].actions(g, p, out)
            aims = [a for a in out if a.kind in _AIM_KINDS]
            if aims:
                return _aimed(aims, rng)
        return GATHER_GOLD if g.gold[p] < 4 and g.hands[p] else GATHER_CARDS
    if active:
        return None
    r = g.rules.character_rules[i]
    hooks = g.rules.hooks  # (what the turn reads of the character, by cast index: Hooks)
    used = t.used
    income = hooks.incomes[i] is not None and not used & USED_INCOME
    bonus = hooks.bonuses[i] and not used & USED_BONUS
    end = not hooks.may_keep_turn[i] or r.may_end(g, p)
    # Only the dearest build is wanted, and whether there is one: the count of the others matters only
    # when nothing but builds may be listed.
    # (No builds once the limit is reached, unless something in the game escapes it: build_actions.)
    may_build = t.builds < t.build_limit or g.rules.has_limit_free or hooks.limit_exempt[i]
    builds = (
        (
            g.dearest_builds(p)
            if (income or bonus or end) and not g.rules.has_alt_pay
            else g.build_actions(p, dearest=income or bonus or end)
        )
        if may_build and hooks.builders[i] and g.hands[p]
        else []
    )
    known = income + bonus + len(builds) + end  # exact when below 2
    aim = not _AIMS.isdisjoint(hooks.kinds[i])  # an aimed kill or theft would come first
    abilities: list[Action] | None = None  # listed only when needed
    if hooks.acts[i] and (known < 2 or aim):
        abilities = []
        r.actions(g, p, abilities)
        known += len(abilities)
    if known < 2:
        if known < 1:
            return None  # (no legal action: the general code says so)
        # The single legal action, taken without a draw.
        return (
            builds[0]
            if builds
            else BONUS
            if bonus
            else INCOME
            if income
            else abilities[0]
            if abilities
            else END
        )
    if rng.below(10) == 0:
        acts = g.legal_actions()
        return acts[rng.below(len(acts))]
    if aim and abilities:
        aims = [a for a in abilities if a.kind in _AIM_KINDS]
        if aims:
            return _aimed(aims, rng)
    if len(builds) == 1:
        return builds[0]
    if builds:
        districts = g.rules.edition.districts
        ids = g.rules.card_ids
        build, build_cost = builds[0], -1
        for a in builds:
            cost = districts[ids[str(a.args[0])]].cost
            if cost > build_cost:  # the first of the dearest
                build, build_cost = a, cost
        return build
    if bonus:
        return BONUS
    if income:
        return INCOME
    if abilities is None and hooks.acts[i]:
        abilities = []
        r.actions(g, p, abilities)
    if abilities:
        # The whole list now: the abilities, then the end (no income, bonus, build or district action).
        return _greedy(g, [*abilities, END] if end else abilities, rng)
    return END


def playout(g: Game, me: int, rng: Rng, max_decisions: int = 3000, loss_weight: float = 0.1) -> float:
    """Play `g` (a private copy) to its end; 1 for a win (shared if tied), else a small score share."""
    # The game's bound methods are read once: a playout makes about a hundred decisions.
    apply = g.apply_unchecked
    pick = g.pick
    picker = g.picker
    for _ in range(max_decisions):
        phase = g.phase
        if phase == OVER:
            break
        # Whose decision it is, as g.pending() says, and rollout_policy's choice, by the same ways: a
        # playout makes about a hundred decisions, and the calls on the way cost as much as a choice.
        if g.decision.kind:
            p = g.decision.player
            a = _choice_among(g, g.follow_up_legal_actions(), rng)
        elif phase == TURN:
            p = g.turn.player
            b = None if g.edition_state or g.rules.gating_rules else _plain_turn_choice(g, rng)
            a = _any_choice(g, rng) if b is None else b
        else:
            p = picker()
            pick(p, _draft_index(g, rng, p))  # as apply(p, _draft_pick(...)), without the action
            continue
        apply(p, a)
    if not g.over or g.result is None:
        return 0.0
    winners = g.result["winners"]
    if me in winners:
        return 1.0 / len(winners)
    scores: list[int] = [s["total"] for s in g.result["scores"]]
    return loss_weight * scores[me] / max(max(scores), 1)


def rank_score(g: Game, me: int, weight: float) -> float:
    """A lost playout's score at 3+ players: `weight` x the share of the opponents who did not score more
    than `me` (0 if the playout did not end). Beating the others matters, not points for their own sake."""
    if g.result is None:
        return 0.0
    scores: list[int] = [s["total"] for s in g.result["scores"]]
    above = sum(1 for s in scores if s > scores[me])
    return weight * (len(scores) - 1 - above) / max(len(scores) - 1, 1)


def consistent(g: Game, b: Beliefs, segments: Sequence[frozenset[str]] = ()) -> bool:
    """Whether world `g` deals every opponent a character the draft says it may hold, and (at 2 players)
    the opponent exactly one character of each of `segments`."""
    return consistent_deal(g.characters, g.revealed, g.rules.cast_keys, b, segments)


def consistent_deal(
    characters: Sequence[Sequence[int]],
    revealed: Sequence[bool],
    keys: Sequence[str],
    b: Beliefs,
    segments: Sequence[frozenset[str]] = (),
) -> bool:
    """`consistent` for a world's characters alone: `characters[q]` the cast indexes seat q holds."""
    for q, cands in enumerate(b.candidates):
        if not cands:
            continue
        for i in characters[q]:
            if not revealed[i] and keys[i] not in cands:
                return False
    if segments:
        held = {keys[i] for i in characters[1 - b.me]}
        if any(len(held & s) != 1 for s in segments):
            return False
    for q, chars, count in b.counts:
        if sum(keys[i] in chars for i in characters[q]) != count:
            return False
    return True


class SearchBot:
    """`hard`: flat UCB over its legal actions, each evaluated in sampled worlds by greedy playouts."""

    name = "hard"
    wants_worlds = True

    def __init__(
        self,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        prior: bool = True,
        max_seconds: float | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds  # a time budget instead of the iteration budget (not reproducible)
        self.max_seconds = max_seconds  # a cap on the iteration budget (reproducible only when not reached)
        self.prior = prior
        self.two_player_worlds = True
        self.loss_weight = 0.1  # a lost playout's points share, at 2 players (at 3+ its rank: RANK_WEIGHT)
        self.rank_weight = RANK_WEIGHT
        # At 2 players the draft discards and the Assassin's kill are left to `normal`: measured against
        # normal-vs-normal continuations from the real state, the playouts' overrules there lost.
        self.normal_kinds_2p = NORMAL_KINDS_2P
        self.normal_actions_2p = NORMAL_ACTIONS_2P
        self.normal = NormalBot(seed)  # its memory of the draft and its prior
        self.last_stats: list[tuple[Action, int, float]] = []
        # Beside last_stats, in its order: each action's value as the ranking sees it (its playouts and, for
        # the normal bot's choice, the prior's virtual ones): what a hint shows.
        self.last_values: list[float] = []
        self.last_iterations = 0

    def sample(self, worlds: World, b: Beliefs | None, segments: Sequence[frozenset[str]] = ()) -> Game:
        """A world consistent with the view, and with the draft inferences when one is found quickly."""
        if b is None:
            return worlds(self.rng)
        tries = WORLD_TRIES_2P if len(b.candidates) == 2 or b.counts else WORLD_TRIES
        rng = self.rng
        if isinstance(worlds, Worlds):
            # Most tries are rejected for their characters: judge each by its characters alone (dealt
            # without copying the game) and build only the world kept, from the generator's state at the
            # start of its try. The same draws as below, so the same world.
            g = worlds.game
            for t in range(tries):
                start = rng.state
                chars = worlds.characters(rng)
                if t == tries - 1 or consistent_deal(chars, g.revealed, g.rules.cast_keys, b, segments):
                    rng.state = start
                    return worlds(rng)
        w = worlds(rng)
        for _ in range(tries - 1):
            if consistent(w, b, segments):
                break
            w = worlds(rng)
        return w

    def choose(self, v: View, worlds: World | None = None) -> Action:
        legal = list(v.legal)
        guess = self.normal.choose(v) if legal else None  # always called: it keeps its draft memory
        if len(legal) == 1 or worlds is None or v.me is None or self.leave_to_normal(v, guess):
            self.last_stats = [(guess or legal[0], 0, 0.0)] if legal else []
            self.last_values = [0.0] if legal else []
            self.last_iterations = 0
            return guess if guess is not None else legal[0]
        self.search(v, worlds, legal, guess)
        choice = self.last_stats[0][0]
        self.normal.remember(v, choice)  # the draft memory holds what I did, not what normal proposed
        return choice

    def leave_to_normal(self, v: View, guess: Action | None) -> bool:
        """Decisions where the playouts judge worse than the `normal` bot (measured at 2 players)."""
        if len(v.players) != 2 or guess is None:
            return False
        return v.pending_kind in self.normal_kinds_2p or guess.kind in self.normal_actions_2p

    def world_beliefs(self, v: View) -> tuple[Beliefs | None, list[frozenset[str]]]:
        """The draft inferences its worlds are fitted to: the beliefs (at 3 players with how many of which
        characters each opponent holds), and at 2 players the segments."""
        n = len(v.players)
        if n == 2 and not self.two_player_worlds:
            return None, []
        b = self.normal.beliefs(v)
        if n == 3:
            b = replace(b, counts=self.normal.counts(v))
        return b, self.normal.segments(v) if n == 2 else []

    def begin_search(self, v: View, legal: list[Action], worlds: World) -> tuple[list[int], list[float]]:
        """Called once before a search's iterations: each legal action's playouts and total reward so far.
        The flat search starts every decision from nothing (`expert` may carry counts over: `ismcts.py`)."""
        return [0] * len(legal), [0.0] * len(legal)

    def judge(self, world: Game, me: int, k: int, action: Action) -> float:
        """One iteration's result for root action number `k`: play it in `world`, then the game to its end
        greedily. (`expert` goes down its tree here instead.)"""
        world.apply_unchecked(me, action)
        return self.play_out(world, me)

    def play_out(self, world: Game, me: int) -> float:
        """The game played from `world` to its end by the greedy policy, scored for `me`: a win 1 (shared
        on ties); a loss its points share x `loss_weight` at 2 players (or with no `rank_weight`), else by
        its rank (`rank_score`)."""
        if world.players == 2 or not self.rank_weight:
            return playout(world, me, self.rng, loss_weight=self.loss_weight)
        won = playout(world, me, self.rng, loss_weight=0.0)
        return won if won else rank_score(world, me, self.rank_weight)

    def search(self, v: View, worlds: World, legal: list[Action], guess: Action | None) -> None:
        """Fill `last_stats` with (action, playouts, estimated win chance), the chosen action first."""
        me = v.me
        assert me is not None
        b, segs = self.world_beliefs(v)
        k_n = len(legal)
        visits, wins = self.begin_search(v, legal, worlds)
        earlier = sum(visits)  # playouts carried over from an earlier decision (expert), counted by UCB
        pv = [0.0] * k_n  # prior visits
        pw = [0.0] * k_n
        if self.prior and guess is not None and guess in legal:
            g_i = legal.index(guess)
            pv[g_i] = PRIOR_VISITS
            # Above the fair share by a clear margin at any table size (at 2 players an even share is 0.5).
            pw[g_i] = PRIOR_VISITS * max(PRIOR_VALUE, 1 / len(v.players) + 0.25)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds else None
        cap = start + self.max_seconds if self.max_seconds else None
        it = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and it >= k_n:
                    break
            elif it >= max(self.iterations, k_n):
                break
            elif cap is not None and it >= k_n and time.perf_counter() >= cap:
                break
            it += 1
            if it <= k_n:
                k = it - 1
            else:
                logn = math.log(it + earlier)
                k = max(
                    range(k_n),
                    key=lambda i: (
                        (wins[i] + pw[i]) / (visits[i] + pv[i]) + EXPLORE * math.sqrt(logn / visits[i])
                    ),
                )
            wins[k] += self.judge(self.sample(worlds, b, segs), me, k, legal[k])
            visits[k] += 1
        self.last_iterations = it
        # The most searched action (prior included) is the robust choice: UCB spends its playouts there.
        order = sorted(
            range(k_n), key=lambda i: (-(visits[i] + pv[i]), -(wins[i] + pw[i]) / (visits[i] + pv[i]))
        )
        # Reported chances are the playouts' own, without the prior's virtual wins.
        self.last_stats = [(legal[i], visits[i], wins[i] / visits[i] if visits[i] else 0.0) for i in order]
        self.last_values = [
            (wins[i] + pw[i]) / (visits[i] + pv[i]) if visits[i] + pv[i] else 0.0 for i in order
        ]
