"""The legal actions: one module answers what the player deciding now may do.

`legal_actions` lists them (`Game.legal_actions`); `apply` checks an action against that list; `refusals.py`
explains an action that is not on it. Each function takes the game first and is a method of `Game` under
the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import Action
from .rules import OPENING_USED
from .terms import (
    DISCARD,
    END,
    GATHER_CARDS,
    GATHER_GOLD,
    KEEP_DECISION,
    OVER,
    SELECT,
    THANK,
    TURN,
    CardId,
    Seat,
)

if TYPE_CHECKING:
    from .districts.base import DistrictRules
    from .game import Game


def legal_actions(g: Game) -> list[Action]:
    """Every action the pending player may take now."""
    if g.phase is TURN and not g.decision.kind and not g.edition_state:
        # The most common decision, straight to its list (no Hospital turn, no thanks owed): a search
        # lists the actions millions of times, and each call on the way costs.
        out = turn_actions_of_character(g)
        g.offered_to = g.turn.player
    elif g.phase is SELECT and not g.decision.kind:
        out = selection_actions(g)
        g.offered_to = g.round_state.picker
    elif g.decision.kind == KEEP_DECISION and not g.over:
        out = keep_actions(g)  # keeping a drawn card, after nearly every gathering of cards
        g.offered_to = g.decision.player
    else:
        out = list_actions(g)
        pd = g.pending()
        g.offered_to = -1 if pd is None else pd[0]
    g.offered = tuple(out)  # apply() looks here first (see there)
    return out


def list_actions(g: Game) -> list[Action]:
    """`legal_actions()`, without asking who decides or keeping them for `apply`."""
    if g.phase is OVER:
        return []
    if g.decision.kind:
        return follow_up_legal_actions(g)
    if g.phase is SELECT:
        return selection_actions(g)
    return turn_actions(g)


def selection_actions(g: Game) -> list[Action]:
    """The legal actions of a pick in the selection (no follow-up open): choose or discard a character."""
    r = g.round_state
    acts = g.rules.interned_discards if r.order[r.step][1] is DISCARD else g.rules.interned_choices
    return [acts[c] for c in sorted(g.selection_options())]


def keep_actions(g: Game) -> list[Action]:
    """Keep one of the drawn cards: each kind once, in the order drawn."""
    keeps = g.rules.interned_keeps
    return [keeps[c] for c in dict.fromkeys(g.turn.drawn)]


FOLLOW_UP_ACTIONS: dict[str, Callable[[Game], list[Action]]] = {"keep": keep_actions}


def follow_up_legal_actions(g: Game) -> list[Action]:
    """The legal actions of the open follow-up decision: what legal_actions() lists while one is open
    (without asking who decides, or keeping them for apply)."""
    fn = FOLLOW_UP_ACTIONS.get(g.decision.kind)
    if fn is None:
        for dr in g.rules.district_rules.values():
            if g.decision.kind in dr.follow_ups:
                return dr.follow_up_actions(g)
        for r in g.rules.character_rules:
            if g.decision.kind in r.follow_ups:
                return r.follow_up_actions(g)
        raise AssertionError(f"no actions for decision {g.decision.kind}")
    return fn(g)


def turn_actions(g: Game) -> list[Action]:
    """The legal actions of a turn with no follow-up open."""
    if g.edition_state.get("hospital"):
        # Classic Hospital: an action (gold or cards); no build, no income, no character power. The
        # owner's purple districts still work: the card forbids only building and the power.
        t = g.turn
        out = [GATHER_GOLD, GATHER_CARDS] if not t.gathered else []
        city = g.cities[t.player]
        for dr in g.rules.active_districts:
            if not dr.entries.isdisjoint(city):
                dr.actions(g, t.player, out)
        if t.gathered:
            out.append(END)
    else:
        out = turn_actions_of_character(g)
    if g.edition_state.get("thank"):
        out = [THANK, *out]  # RULINGS R44: anything else first loses the rest of the turn
    return out


def turn_actions_of_character(g: Game) -> list[Action]:
    """A turn's actions as its character and city offer them (no Hospital turn, no thanks owed)."""
    t = g.turn
    p = t.player
    i = g.current_character
    r = g.rules.character_rules[i]
    for gr in g.rules.gating_rules:
        gate = gr.gate(g, p)  # Witch, Blackmailer: only gathering is allowed now
        if gate is not None:
            return gate
    gathered = t.gathered
    hooks = g.rules.hooks
    # The gatherings, income and bonus, from a table (see Hooks.openings).
    out: list[Action] = list(hooks.openings[i][(t.used & OPENING_USED) | gathered])
    if hooks.acts[i]:
        r.actions(g, p, out)
    city = g.cities[p]
    if not g.rules.active_entries.isdisjoint(city):
        for dr in g.rules.active_districts:
            if not dr.entries.isdisjoint(city):
                dr.actions(g, p, out)
    if gathered:
        if hooks.builders[i] and g.hands[p]:
            out.extend(build_actions(g, p))
        if not hooks.may_keep_turn[i] or r.may_end(g, p):
            out.append(END)
    return out


def build_actions(g: Game, p: Seat, dearest: bool = False) -> list[Action]:
    """The builds p may make now: the paid ones in the hand's order, then the unpaid ones. With
    `dearest`, in a game without unpaid builds (`has_alt_pay`), only the first of the dearest by printed
    cost (what the `hard` bot's rollouts build): a card no dearer than one found is not checked."""
    hand = g.hands[p]
    if not hand:
        return []
    t = g.turn
    left = t.builds < t.build_limit
    if not left and not g.rules.hooks.limit_exempt[g.current_character] and not g.rules.has_limit_free:
        return []  # every build counts toward the limit, and it is reached
    gold = g.gold[p]
    city = g.cities[p]
    costs = g.rules.entry_costs  # a card id is a city entry without BEAUTY: its printed cost
    entries = g.rules.card_entries
    unique_ids = g.rules.unique_ids
    builds = g.rules.interned_builds
    # Only districts in this game can offer unpaid builds (Framework, Necropolis).
    alt = tuple(dr for dr in g.rules.district_rules.values() if dr.alt_pay) if g.rules.has_alt_pay else ()
    dearest = dearest and not alt
    out: list[Action] = []
    unpaid: list[Action] = []  # listed after the paid builds
    top = -1  # with `dearest`, the printed cost of the build found, to beat
    # Each kind of card in the hand once, in the hand's order (the dearest: a copy is no dearer than itself).
    for cid in hand if dearest else dict.fromkeys(hand):
        cost = costs[cid]
        if cost <= top:
            continue
        if cid in unique_ids:
            if cost > gold + 1 and not alt:
                # Too dear even with the Factory's discount: only a district paid partly in cards (the
                # Thieves' Den) may still be built.
                dr = g.rules.card_rules[cid]
                if dr is None or not dr.custom_build:
                    continue
            if not _unique_allowed(g, p, cid, gold, left, alt, unpaid):
                continue
        else:
            # A basic district (always buildable, `Rules` checks), built for its printed cost or, where a
            # district of the game allows it, without paying: most of a hand.
            if (
                (cost > gold and not alt)
                or not (entries[cid].isdisjoint(city) or g.can_build_kind(p, cid))
                or not (left or not g.counts_toward_limit(cid))
            ):
                continue
            for adr in alt:
                adr.alt_build_actions(g, p, cid, unpaid)
            if cost > gold:
                continue
        if dearest:
            out = [builds[cid]]
            top = cost
        else:
            out.append(builds[cid])
    out.extend(unpaid)
    return out


def dearest_builds(g: Game, p: Seat) -> list[Action]:
    """`build_actions(p, dearest=True)` in a game without unpaid builds (not `has_alt_pay`): the first of the
    dearest builds by printed cost, or nothing (the `hard` bot's rollouts)."""
    return build_actions(g, p, True)


def _unique_allowed(
    g: Game, p: Seat, cid: CardId, gold: int, left: bool, alt: tuple[DistrictRules, ...], unpaid: list[Action]
) -> bool:
    """Whether unique district `cid` may be built by p now and paid for: the Factory lowers its cost, the
    Thieves' Den is paid partly in cards, some refuse to be built now (the Monument) or ever (the Secret
    Vault). The unpaid ways to build it (`alt`: Framework, Necropolis) are added to `unpaid`. The checks
    only ask, so their order does not matter; `build_actions` passes over a card too dear first."""
    dr = g.rules.card_rules[cid]
    if not g.rules.edition.districts[cid].buildable or (
        not g.rules.card_entries[cid].isdisjoint(g.cities[p]) and not g.can_build_kind(p, cid)
    ):
        return False
    if not left and g.counts_toward_limit(cid):
        return False
    if dr is not None and dr.build_refusal(g, p):
        return False
    for adr in alt:
        adr.alt_build_actions(g, p, cid, unpaid)
    price = g.build_cost(p, cid)
    if dr is not None and dr.custom_build:
        return dr.can_build(g, p, price)  # the Thieves' Den is paid partly in cards
    return price <= gold
