"""Classic-edition variants of characters whose rules differ from 2016 (001_374172512b2ff6bd.txt, CARDS.md
B5–B6, RULINGS R40–R44). `rules_for(key, "classic")` takes a class from CLASSIC_RULES before the shared
ones: a classic card whose rules equal the 2016 card's (Assassin, Witch, Thief, Magician, King, Bishop,
Wizard, Alchemist, Artist, Queen) has no entry here. The Merchant, Architect and Navigator differ only in
timing: their extra resources come "after you take an action" (docs/rules-decisions.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..errors import IllegalAction
from ..terms import CARD, USED_ABILITY, Decision, Income
from ._targets import city_changed, richest
from .abbot import Abbot, alms
from .architect import Architect
from .base import CharacterRules, Handler
from .diplomat import Diplomat
from .emperor import Emperor, crown_targets
from .merchant import Merchant
from .navigator import Navigator
from .warlord import Warlord, cheapest_entry, destroy_price, rank8_targetable, remove_district

if TYPE_CHECKING:
    from ..game import Game

TAX = 1  # cast index of the rank 2 character


class ClassicTaxCollector(CharacterRules):
    """2 Tax Collector: a player (other than his) who builds gives him 1 gold at the end of that turn, if he
    has any left; the Assassin's (rank 1) builds of the round are taxed when the Tax Collector is revealed.
    A Tax Collector who is not in play or was killed collects nothing (docs/rules-decisions.md)."""

    key = "tax_collector"
    rank = 2
    watches_builds = True
    watches_turn_ends = True

    def after_build(self, g: Game, p: int, cid: int) -> None:
        tc = g.owner[TAX]
        if tc < 0 or p == tc or g.killed == TAX:
            return
        if g.revealed[TAX]:
            g.edition_state["tax_due"] = g.edition_state.get("tax_due", 0) | (1 << p)
        else:
            rnd, mask = g.edition_state.get("tax_pre", (g.round, 0))
            g.edition_state["tax_pre"] = (g.round, (mask if rnd == g.round else 0) | (1 << p))

    def after_any_turn(self, g: Game, p: int) -> None:
        due = g.edition_state.get("tax_due", 0)
        if due & (1 << p):
            g.edition_state["tax_due"] = due & ~(1 << p)
            _pay_tax(g, p)

    def on_reveal(self, g: Game, p: int) -> None:
        rnd, mask = g.edition_state.pop("tax_pre", (0, 0))
        if rnd != g.round:
            return
        for q in range(g.players):
            if mask & (1 << q) and q != p:
                _pay_tax(g, q)  # retroactive for the Assassin (rulebook, Tax Collector)


def _pay_tax(g: Game, q: int) -> None:
    tc = g.owner[TAX]
    if tc >= 0 and g.gold[q] > 0:
        g.gold[q] -= 1
        g.gold[tc] += 1
        g.emit("pay_tax", {"player": q, "target": tc})


class ClassicMerchant(Merchant):
    """6 Merchant: "After you take an action, you receive one additional gold." """

    bonus_after_action = True


class ClassicArchitect(Architect):
    """7 Architect: "After you take an action, you draw two additional district cards": he chooses gold or
    cards before seeing the top of the deck."""

    bonus_after_action = True


class ClassicNavigator(Navigator):
    """7 Navigator: "After you take an action, receive either four extra gold or four extra cards." """

    bonus_after_action = True

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.gathered:
            super().actions(g, p, out)


class ClassicEmperor(Emperor):
    """4 Emperor: "When the Emperor is called, you immediately take the Crown" and give it to another player
    (not himself, not its holder), who chooses to give him 1 gold or 1 card from his hand (nothing if he has
    neither). Moving the crown comes first: until it is done, it is the only thing his turn offers (after a
    Ball Room's thanks). A killed Emperor: the crown stays."""

    follow_ups = frozenset({Decision.EMPEROR_GIVE})
    gates = True

    def gate(self, g: Game, p: int) -> list[Action] | None:
        if g.rules.character_rules[g.current_character] is not self or g.turn.used & USED_ABILITY:
            return None
        out: list[Action] = []
        self.actions(g, p, out)
        return out or None

    def gate_refusal(self, g: Game, p: int, kind: str) -> IllegalAction | None:
        if kind not in ("emperor", "thank") and self.gate(g, p):
            return IllegalAction("emperor_crown_first")
        return None

    def handlers(self) -> dict[str, Handler]:
        return {"emperor": emperor, "emperor_give": emperor_give}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY:
            out.extend(Action("emperor", (q,)) for q in crown_targets(g, p))

    def on_round_end(self, g: Game, i: int) -> bool:
        return False  # "If the Emperor is murdered, the Crown stays where it is."

    def follow_up_actions(self, g: Game) -> list[Action]:
        q = g.decision.player
        out = [Action("emperor_give", ("gold",))] if g.gold[q] > 0 else []
        out.extend(Action("emperor_give", (k,)) for k in dict.fromkeys(g.card_keys(g.hands[q])))
        return out


def emperor(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    g.turn.used |= USED_ABILITY
    g.take_crown(q, "emperor")
    if g.gold[q] > 0 or g.hands[q]:
        g.open_follow_up(Decision.EMPEROR_GIVE, q, [p])
    else:
        g.emit("emperor_take", {"player": p, "target": q, "what": "nothing"})


def emperor_give(g: Game, q: int, a: Action) -> None:
    p = g.decision.data[0]
    g.decision.kind = Decision.NONE
    g.decision.data = []
    what = str(a.args[0])
    if what == "gold":
        g.gold[q] -= 1
        g.gold[p] += 1
        g.emit("emperor_take", {"player": p, "target": q, "what": "gold"})
        return
    cid = g.card_id(what)
    g.hand_remove(q, cid)
    g.hands[p].append(cid)
    g.known[q][p].append(cid)
    g.emit("emperor_take", {"player": p, "target": q, "what": "card"})
    g.emit("emperor_take_private", {"player": p, "target": q, "card": what}, (p, q))


class ClassicAbbot(Abbot):
    """5 Abbot: gold (only) for each religious district; the one richest player gives him 1 gold — nothing on
    a tie for the most gold or if he is the richest."""

    income_resource = Income.GOLD
    follow_ups = frozenset()

    def handlers(self) -> dict[str, Handler]:
        return {"alms": alms}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        rich = richest(g)
        if len(rich) == 1 and rich[0] != p:
            out.append(Action("alms", (rich[0],)))


class ClassicWarlord(Warlord):
    """8 Warlord: at the END of his turn (RULINGS R41) he may destroy a district for its cost − 1 (Great
    Wall +1): not the Keep, not in the Bishop's city, not in a completed city. Destroying is his turn's
    last act: it is offered once he has gathered, and ends the turn (after the Graveyard's decision)."""

    def handlers(self) -> dict[str, Handler]:
        return {"destroy": classic_destroy}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.gathered:
            super().actions(g, p, out)


def classic_destroy(g: Game, p: int, a: Action) -> None:
    q, key = int(a.args[0]), str(a.args[1])
    cid = g.card_id(key)
    entry = cheapest_entry(g, q, key)
    price = destroy_price(g, q, entry)
    g.gold[p] -= price
    g.turn.used |= USED_ABILITY
    g.emit("destroy", {"player": p, "target": q, "card": key, "paid": price})
    remove_district(g, q, entry)
    gy = g.rules.district_rules.get("graveyard")
    if gy is not None and cid != gy.id:
        for o in range(g.players):
            # RULINGS R43: not the Warlord's own Graveyard, never itself; it costs 1 gold.
            if o != p and g.has(o, "graveyard") and g.gold[o] >= 1:
                # The destroyed card waits face up beside the deck while its owner decides (not in the
                # deck, which a redeal for search may shuffle).
                g.deck.remove(cid)
                g.open_follow_up(Decision.GRAVEYARD, o, [cid])
                return
    g.end_turn()


class ClassicDiplomat(Diplomat):
    """8 Diplomat: at the END of his turn he may exchange one of his districts for another player's, paying
    the difference if his costs more. Not the Keep, not the Bishop's city, not a completed city — his own
    included (RULINGS R42). The Great Wall binds only the Warlord in the classic edition (its card text).
    Exchanging is his turn's last act, as the Warlord's destroying."""

    def handlers(self) -> dict[str, Handler]:
        return {"exchange": classic_exchange}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY or not g.turn.gathered or g.is_complete(p):
            return
        keep = g.rules.district_rules.get("keep")
        keep_id = keep.id if keep is not None else -1
        mine_ids = {e & CARD for e in g.cities[p]}
        mine = [c for c in dict.fromkeys(e & CARD for e in g.cities[p]) if c != keep_id]
        for q in range(g.players):
            if q == p or not rank8_targetable(g, q):
                continue
            their_ids = {e & CARD for e in g.cities[q]}
            for tid in dict.fromkeys(e & CARD for e in g.cities[q]):
                if tid == keep_id or tid in mine_ids:
                    continue
                theirs = _entry(g, q, tid)
                for mid in mine:
                    if mid in their_ids:
                        continue
                    if _price(g, _entry(g, p, mid), theirs) <= g.gold[p]:
                        out.append(
                            Action(
                                "exchange",
                                (q, g.rules.edition.districts[tid].key, g.rules.edition.districts[mid].key),
                            )
                        )


def _entry(g: Game, p: int, cid: int) -> int:
    return min((e for e in g.cities[p] if e & CARD == cid), key=g.entry_cost)


def _price(g: Game, mine: int, theirs: int) -> int:
    return max(0, g.entry_cost(theirs) - g.entry_cost(mine))


def classic_exchange_price(g: Game, p: int, q: int, theirs_key: str, mine_key: str) -> int:
    """What the classic Diplomat pays q to give `mine_key` for `theirs_key` (no Great Wall surcharge)."""
    return _price(g, _entry(g, p, g.card_id(mine_key)), _entry(g, q, g.card_id(theirs_key)))


def classic_exchange(g: Game, p: int, a: Action) -> None:
    q, tkey, mkey = int(a.args[0]), str(a.args[1]), str(a.args[2])
    theirs, mine = _entry(g, q, g.card_id(tkey)), _entry(g, p, g.card_id(mkey))
    price = _price(g, mine, theirs)
    g.turn.used |= USED_ABILITY
    g.gold[p] -= price
    g.gold[q] += price
    g.cities[q].remove(theirs)
    g.cities[p].remove(mine)
    g.cities[p].append(theirs)
    g.cities[q].append(mine)
    g.emit("exchange", {"player": p, "target": q, "took": tkey, "gave": mkey, "paid": price})
    city_changed(g, p)
    city_changed(g, q)
    g.end_turn()


CLASSIC_RULES: dict[str, type[CharacterRules]] = {
    r.key: r
    for r in (
        ClassicTaxCollector,
        ClassicEmperor,
        ClassicAbbot,
        ClassicWarlord,
        ClassicDiplomat,
        ClassicMerchant,
        ClassicArchitect,
        ClassicNavigator,
    )
}
