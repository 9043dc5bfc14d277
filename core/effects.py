"""What an action does, said before it is taken: the gold and cards it costs and gains, its target, and
whether it destroys a district of the player's own city.

`effect(g, p, a)` answers for one legal action of the player deciding now; `View.effects` lists the answers
beside `View.legal`. The figures come from the functions the rules charge with (`Game.build_cost`,
`destroy_price`, `seize_price`, the Diplomats' prices, the Tax Collector's `tax_due` …), so a label never
states a price the rules do not take. They are worked out only when asked (a screen, a hint), never while
the bots list their actions.

An amount is None where it is not known before the action is taken (a drawn card, the Spy's haul, the
cards the Thieves' Den is paid with, which a later decision chooses). Amounts are what the action itself
does to the player's gold and hand: what follows when it ends the turn (`ends_turn`: the Poor House, the
Park, another character of the same player called next) is not part of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .characters.magistrate import asks_magistrate
from .characters.warlord import cheapest_entry, destroy_price
from .terms import SELECT, Income

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


@dataclass(frozen=True, slots=True)
class Effect:
    """What one action does to the player who takes it (see the module's docstring).

    `cards_paid` counts every card that leaves the hand: a district built, a card discarded, given or paid
    with. `gold_paid` includes `tax`, the Tax Collector's share of it. `target` is the seat the action aims
    at, `card` the district it names there (or the one built), `harms_own` the district of the player's own
    city it destroys ("" for none)."""

    gold_paid: int | None = 0
    gold_gained: int | None = 0
    cards_paid: int | None = 0
    cards_gained: int | None = 0
    target: int | None = None
    card: str = ""
    harms_own: str = ""
    tax: int = 0
    ends_turn: bool = False
    due: int | None = None  # the Thieves' Den: its price, to pay in gold and cards at the next decision

    @property
    def known(self) -> bool:
        """Every amount is known before the action is taken."""
        return None not in (self.gold_paid, self.gold_gained, self.cards_paid, self.cards_gained)

    @property
    def gold(self) -> int | None:
        """The change to the player's gold (None if not known)."""
        if self.gold_paid is None or self.gold_gained is None:
            return None
        return self.gold_gained - self.gold_paid

    @property
    def cards(self) -> int | None:
        """The change to the size of the player's hand (None if not known)."""
        if self.cards_paid is None or self.cards_gained is None:
            return None
        return self.cards_gained - self.cards_paid


UNKNOWN = Effect(None, None, None, None)
NOTHING = Effect()


def effects(g: Game) -> tuple[Effect, ...]:
    """The effect of each of `g.legal_actions()`, in their order."""
    pd = g.pending()
    if pd is None:
        return ()
    return tuple(effect(g, pd[0], a) for a in g.legal_actions())


def _tax(g: Game, p: int, gold_left: int) -> int:
    """The tax the 2016 Tax Collector takes of a build placed now (the classic one collects at the end of
    the turn, outside the build)."""
    return sum(r.tax_due(g, p, gold_left) for r in g.rules.hooks.build_watchers)


def _crown_gold(g: Game, p: int, to: int) -> int:
    """What p gains from his districts when the crown moves to `to` (the classic Throne Room)."""
    if g.crown == to:
        return 0
    return sum(dr.crown_gain(g, p) for dr in g.rules.district_rules.values() if dr.watches_crown)


def _build(g: Game, p: int, a: Action) -> Effect:
    key = str(a.args[0])
    cid = g.card_id(key)
    if len(a.args) == 3:
        # Framework or Necropolis: no gold paid, a district of the city destroyed; placed at once (taxed).
        tax = _tax(g, p, g.gold[p])
        return Effect(tax, 0, 1, 0, card=key, harms_own=str(a.args[2]), tax=tax)
    price = g.build_cost(p, cid)
    dr = g.rules.district_rules.get(key)
    if dr is not None and dr.custom_build and len(g.hands[p]) > 1:
        # The Thieves' Den with other cards in hand: the next decision chooses the cards and the gold.
        return Effect(None, 0, None, 0, card=key, due=price)
    return _paid(g, p, price, key, cards=1)


def _paid(g: Game, p: int, price: int, key: str, cards: int) -> Effect:
    """A paid build of `price`: taxed once placed, unless the Magistrate first decides on it."""
    tax = 0 if asks_magistrate(g, p) else _tax(g, p, g.gold[p] - price)
    return Effect(price + tax, 0, cards, 0, card=key, tax=tax)


def effect(g: Game, p: int, a: Action) -> Effect:
    """What `a`, one of the legal actions of p deciding now, will do (see the module's docstring)."""
    k, args = a.kind, a.args
    if g.phase == SELECT:
        return NOTHING if k in ("choose", "discard_character") else UNKNOWN
    if g.edition_state.get("thank") and not g.decision.kind:
        # RULINGS R44: anything but thanking the crowned Ball Room owner first loses the rest of the turn.
        return NOTHING if k == "thank" else Effect(ends_turn=True)
    target = args[0] if args and isinstance(args[0], int) else None
    if k == "build":
        return _build(g, p, a)
    if k == "gather":
        if args[0] == "gold":
            dr = g.rules.district_rules.get("gold_mine")
            return Effect(gold_gained=3 if dr is not None and g.has(p, "gold_mine") else 2)
        return UNKNOWN  # the cards kept are chosen next (or all kept, with the Library)
    if k in ("destroy", "seize", "exchange", "armory") and target is not None:
        return _rank8(g, p, a, target)
    return _other(g, p, a, target)


def _rank8(g: Game, p: int, a: Action, target: int) -> Effect:
    """The abilities aimed at a district of a city (the Warlord, the Marshal, the Diplomat, the Armory)."""
    # (imported here: a game imports only its cast's rules, characters/__init__.py says why)
    from .characters.classic import classic_exchange_price
    from .characters.diplomat import exchange_price_of
    from .characters.marshal import seize_price

    k, args = a.kind, a.args
    if k == "destroy":
        key = str(args[1])
        price = destroy_price(g, target, cheapest_entry(g, target, key))
        classic = g.config.edition == "classic"  # the classic Warlord's destroying ends his turn
        own = key if target == p else ""
        return Effect(gold_paid=price, target=target, card=key, harms_own=own, ends_turn=classic)
    if k == "seize":
        key = str(args[1])
        return Effect(
            gold_paid=seize_price(g, target, cheapest_entry(g, target, key)), target=target, card=key
        )
    if k == "exchange":
        took, gave = str(args[1]), str(args[2])
        if g.config.edition == "classic":
            price = classic_exchange_price(g, p, target, took, gave)
            return Effect(gold_paid=price, target=target, card=took, ends_turn=True)
        return Effect(gold_paid=exchange_price_of(g, p, target, took, gave), target=target, card=took)
    return Effect(target=target, card=str(args[1]), harms_own="armory")


def _other(g: Game, p: int, a: Action, target: int | None) -> Effect:
    k, args = a.kind, a.args
    if k == "beautify":
        return Effect(gold_paid=1, card=str(args[0]))
    if k == "laboratory":
        gain = g.rules.district_rules["laboratory"].gain  # type: ignore[attr-defined]  # the Laboratory's rules carry its gain
        return Effect(gold_gained=gain, cards_paid=1, card=str(args[0]))
    if k == "smithy":
        return Effect(gold_paid=2, cards_gained=min(3, len(g.deck)))
    if k == "swap_hands" and target is not None:
        return Effect(cards_paid=len(g.hands[p]), cards_gained=len(g.hands[target]), target=target)
    if k == "navigate":
        return Effect(gold_gained=4) if args[0] == "gold" else Effect(cards_gained=min(4, len(g.deck)))
    if k == "queen":
        return Effect(gold_gained=3)
    if k == "alms" and target is not None:
        return Effect(gold_gained=1, target=target)
    if k == "collect_tax":
        return Effect(gold_gained=g.tax)
    if k == "graveyard":
        # The destroyed district into the hand for 1 gold; the Warlord's turn then ends.
        take = args[0] == "take"
        return Effect(gold_paid=1 if take else 0, cards_gained=1 if take else 0, ends_turn=True)
    if k == "pay_card":
        return Effect(cards_paid=1, card=str(args[0]))
    if k == "pay_gold":
        return _paid(g, p, g.decision.data[0], "thieves_den", cards=0)
    if k == "wizard_build":
        key = str(args[0])
        return _paid(g, p, g.build_cost(p, g.card_id(key)), key, cards=0)
    if k == "wizard_take":
        return Effect(cards_gained=1, card=str(args[0]))
    if k == "abbot_income":
        gold = int(str(args[0]))
        rest = g.decision.data[0] - gold
        return Effect(gold_gained=gold, cards_gained=min(rest, len(g.deck)))
    if k in ("emperor", "advisor") and target is not None:
        crown = _crown_gold(g, p, target)
        what = args[1] if len(args) > 1 else ""
        if what == "gold":
            return Effect(gold_gained=1 + crown, target=target)
        if what == "card":
            return Effect(gold_gained=crown, cards_gained=1, target=target)
        # The 2016 Emperor who takes nothing, the classic one (the crowned player gives next), the Advisor.
        return Effect(gold_gained=crown, target=target)
    if k == "emperor_give":
        return Effect(gold_paid=1) if args[0] == "gold" else Effect(cards_paid=1, card=str(args[0]))
    if k == "income":
        r = g.rules.character_rules[g.current_character]
        if r.income is None or r.income_resource == Income.EITHER:
            return UNKNOWN  # the Abbot chooses gold and cards next
        n = g.income_count(p, r.income)
        if r.income_resource == Income.CARDS:
            return Effect(cards_gained=min(n, len(g.deck)))
        return Effect(gold_gained=n)
    if k in ("kill", "rob", "bewitch", "warrants", "threaten", "spare", "let_build", "theater_pass"):
        return Effect(target=target)
    if k == "end":
        return Effect(ends_turn=True)
    return UNKNOWN
