"""The heuristic bot's play of the classic-edition cards (Emperor's gift, Graveyard, Lighthouse, Bell Tower,
Ball Room, the end-of-turn Warlord and Diplomat). heuristic.py only dispatches here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..view import View

if TYPE_CHECKING:
    from .heuristic_judge import Judge


def classic_decision(bot: Judge, v: View) -> Action | None:
    """A follow-up decision opened by a classic card, or None if it is not one."""
    kind = v.pending_kind
    legal = v.legal
    me = v.players[v.me or 0]
    if kind == "emperor_give":
        cards = [a for a in legal if a.args[0] != "gold"]
        worst = min(cards, key=lambda a: bot.card_value(v, str(a.args[0]))) if cards else None
        # A card worth little costs less than a gold piece; otherwise pay the gold.
        if worst is not None and (me.gold == 0 or bot.card_value(v, str(worst.args[0])) < 2):
            return worst
        return next((a for a in legal if a.args[0] == "gold"), legal[0])
    if kind == "graveyard":
        take = next(a for a in legal if a.args[0] == "take")
        return take if me.gold >= 2 else next(a for a in legal if a.args[0] == "pass")
    if kind == "lighthouse":
        cards = [a for a in legal if a.args[0] != "none"]
        return max(cards, key=lambda a: bot.card_value(v, str(a.args[0]))) if cards else legal[0]
    if kind == "bell_tower":
        # Announce the shorter end only when no opponent is closer to seven districts than this city.
        others = max((p.city_size for p in v.players if p.seat != v.me), default=0)
        return legal[0] if me.city_size >= others else legal[1]
    return None


def classic_turn(bot: Judge, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
    """A classic turn action worth taking now, or None. May drop actions from `by_kind` to defer them."""
    if "thank" in by_kind:
        return by_kind["thank"][0]  # RULINGS R44: bots never forget
    if "emperor" in by_kind and len(by_kind["emperor"][0].args) == 1:
        # Give the crown to the weakest city: he gives a gold or a card and is the least threat.
        return min(
            by_kind["emperor"],
            key=lambda a: (v.players[int(a.args[0])].city_size, -v.players[int(a.args[0])].gold),
        )
    if "exchange" in by_kind and ("build" in by_kind or "income" in by_kind or "gather" in by_kind):
        del by_kind["exchange"]  # the classic exchange ends the turn: build and take income first
    return None


def classic_build_bonus(v: View, key: str) -> float:
    """Extra appeal of building a classic purple district beyond its cost and type."""
    if key in ("university", "dragon_gate"):
        return 2.0  # worth 8 points for 6 gold
    if key in ("library", "throne_room", "hospital", "park", "poor_house") and not v.last_round:
        return 1.0  # pays back in later turns
    if key == "bell_tower":
        me = v.players[v.me or 0]
        others = max((p.city_size for p in v.players if p.seat != v.me), default=0)
        return 1.5 if me.city_size >= others else -1.0
    return 0.0
