"""What the turn's own actions do: gather gold or cards, keep a drawn card, take income, build.

Each function takes the game first; `Game.apply_unchecked` calls them, and the public ones are methods of
`Game` under the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import DistrictType
from .events import shape
from .terms import CARD, KEEP_DECISION, NO_DECISION, USED_INCOME, CardId, Income, Seat

if TYPE_CHECKING:
    from .game import Game

# The shapes of the event log's compact records (events.shape; see Game.events).
_GATHER_GOLD = shape("gather", "player", "resource", "amount")
_GATHER_CARDS = shape("gather", "player", "resource", "drawn", "kept")
_GATHER_PRIVATE = shape("gather_private", "player", "kept", cards=(1,))
_DRAWN_PRIVATE = shape("drawn_private", "player", "cards", cards=(1,))
_KEEP_PRIVATE = shape("keep_private", "player", "card", "discarded", cards=(2,))


def gather(g: Game, p: Seat, what: str) -> None:
    g.turn.gathered = True
    rules = g.rules.district_rules
    city = g.cities[p]
    if what == "gold":
        dr = rules.get("gold_mine")
        amount = 3 if dr is not None and not dr.entries.isdisjoint(city) else 2
        g.gold[p] += amount
        log = g.log
        if log is not None:
            log.append((_GATHER_GOLD, None, p, "gold", amount))
    else:
        dr = rules.get("observatory")
        k = 3 if dr is not None and not dr.entries.isdisjoint(city) else 2
        drawn = g.draw(k)
        keep_n = 1
        dr = rules.get("library")
        if dr is not None and not dr.entries.isdisjoint(city):
            # Classic: Library + Observatory draw 3 and keep 2 (RULINGS R43); otherwise keep all.
            lo = g.rules.edition.library_observatory_keep
            keep_n = lo if lo and k == 3 else len(drawn)
        if keep_n >= len(drawn):
            g.hands[p].extend(drawn)
            log = g.log
            if log is not None:
                log.append((_GATHER_CARDS, None, p, "cards", len(drawn), len(drawn)))
                log.append((_GATHER_PRIVATE, (p,), p, tuple(drawn)))
        else:
            g.turn.drawn = drawn
            g.turn.keep_count = keep_n
            g.open_follow_up(KEEP_DECISION, p)
            log = g.log
            if log is not None:
                log.append((_GATHER_CARDS, None, p, "cards", len(drawn), keep_n))
                log.append((_DRAWN_PRIVATE, (p,), p, tuple(drawn)))
    if g.rules.hooks.gathers[g.current_character] and not g.edition_state.get("hospital"):
        g.rules.character_rules[g.current_character].after_gather(g, p)
    if g.decision.kind != KEEP_DECISION and g.rules.gating_rules:  # (gathering_done asks only these)
        gathering_done(g, p)


def keep(g: Game, p: Seat, cid: CardId) -> None:
    drawn = g.turn.drawn
    drawn.remove(cid)
    g.hands[p].append(cid)
    if g.turn.keep_count > 1:
        g.turn.keep_count -= 1  # classic Library + Observatory: one more to keep
        g.emit(
            "keep_private", {"player": p, "card": g.rules.edition.districts[cid].key, "discarded": []}, (p,)
        )
        return
    g.bottom(drawn)
    log = g.log
    if log is not None:
        log.append((_KEEP_PRIVATE, (p,), p, g.rules.edition.districts[cid].key, tuple(drawn)))
    g.turn.drawn = []
    g.decision.kind = NO_DECISION
    i = g.current_character
    if g.rules.hooks.keeps[i] and not g.edition_state.get("hospital"):
        g.rules.character_rules[i].after_keep(g, p)
    if g.rules.gating_rules:  # (gathering_done asks only these)
        gathering_done(g, p)


def gathering_done(g: Game, p: Seat) -> None:
    """Gathering resources is over (a drawn card was kept): the threat is resolved, the Witch bewitches,
    the bewitched player's turn ends (RULINGS R16, R18)."""
    if g.edition_state.get("hospital"):
        return
    for r in g.rules.gating_rules:
        r.after_gathering(g, p)


def income_count(g: Game, p: Seat, t: DistrictType) -> int:
    n = 0
    E = g.rules.edition
    for c in g.cities[p]:
        d = E.districts[c & CARD]
        if d.type is t or d.key == "school_of_magic":
            n += 1
    return n


def income(g: Game, p: Seat) -> None:
    r = g.rules.character_rules[g.current_character]
    assert r.income is not None
    g.turn.used |= USED_INCOME
    k = income_count(g, p, r.income)
    if r.income_resource == Income.CARDS:
        g.gain_cards(p, k, "income")
    elif r.income_resource == Income.GOLD:
        g.gain_gold(p, k, "income")
    else:
        r.mixed_income(g, p, k)  # the Abbot chooses gold and cards


def build(g: Game, p: Seat, cid: CardId, how: tuple[Any, ...] = ()) -> None:
    d = g.rules.edition.districts[cid]
    dr = g.rules.district_rules.get(d.key)
    g.hand_remove(p, cid)
    if how:
        # Built without paying its cost (Framework, Necropolis): the district offering it builds it.
        for adr in g.rules.district_rules.values():
            if adr.alt_pay and adr.alt_build(g, p, cid, how):
                return
        raise AssertionError(f"no district builds {d.key} by {how}")
    cost = g.build_cost(p, cid)
    if dr is not None and dr.custom_build:
        dr.start_build(g, p, cost)
        return
    pay_and_place(g, p, cid, cost)


def pay_and_place(g: Game, p: Seat, cid: CardId, gold: int, count: bool = True) -> None:
    g.gold[p] -= gold
    g.turn.spent += gold
    for r in g.rules.hooks.build_watchers:
        if r.intercept_paid_build(g, p, cid, gold, count):
            return  # the Magistrate decides whether to confiscate; his decision places the district
    g.place(p, cid, "paid", count)
