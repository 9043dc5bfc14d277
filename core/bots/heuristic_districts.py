"""The heuristic bot's use of unique districts: Armory, Museum, Framework, Necropolis, Theater, Park,
Monument and Secret Vault. `HeuristicBot` calls these from a few dispatch lines; each returns None (or
leaves the options alone) when it has nothing better than the bot's general play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..districts.passive import MONUMENT_LIMIT

if TYPE_CHECKING:
    from ..view import View
    from .heuristic_judge import Judge

SECRET_VAULT_VALUE = 8.0  # 3 sure points from the hand: never discard it, always keep it when drawn
THEATER_SWAP_BELOW = 2.5  # a character worth less than an average unknown one is worth exchanging


def has(v: View, key: str) -> bool:
    me = v.players[v.me or 0]
    return any(d.key == key for d in me.city)


def district_card_value(bot: Judge, v: View, key: str) -> float | None:
    """How much a card in hand is worth when it is not just its cost (None: the general rule)."""
    if key == "secret_vault":
        return SECRET_VAULT_VALUE
    if key == "monument" and len(v.players[v.me or 0].city) >= MONUMENT_LIMIT:
        return -1.0  # can no longer be built
    return None


def district_build_bonus(bot: Judge, v: View, key: str) -> float:
    """Extra appeal of building a unique district beyond its cost and type."""
    me = v.players[v.me or 0]
    if key == "monument":
        return 2.0  # two districts toward completion for one build
    if key in ("gold_mine", "observatory", "museum", "park", "poor_house") and not v.last_round:
        return 1.0  # pays back every later turn
    if key == "capitol":
        counts: dict[str, int] = {}
        for d in me.city:
            counts[d.type] = counts.get(d.type, 0) + 1
        return 3.0 if max(counts.values(), default=0) >= 3 else 0.0
    if key == "ivory_tower":
        return 5.0 if not any(d.type == "unique" for d in me.city) else -3.0
    return 0.0


def sensible_builds(bot: Judge, v: View, builds: list[Action]) -> list[Action]:
    """Drop unpaid builds that waste a district: destroying the Framework (3) for a cheap district, or a
    good district for the Necropolis; keep one Necropolis option, the cheapest sacrifice."""
    paid = {str(a.args[0]) for a in builds if len(a.args) == 1}
    out = [a for a in builds if len(a.args) == 1]
    best_necro: Action | None = None
    for a in builds:
        if len(a.args) != 3:
            continue
        key, victim = str(a.args[0]), str(a.args[2])
        if key in paid:
            continue  # paying keeps the Framework or the sacrificed district
        if victim == "framework" and key != "necropolis":
            if bot.district_cost(v, key) >= 4:
                out.append(a)
        elif bot.district_cost(v, victim) <= 2 and (
            best_necro is None or bot.district_cost(v, victim) < bot.district_cost(v, str(best_necro.args[2]))
        ):
            best_necro = a
    if best_necro is not None:
        out.append(best_necro)
    return out


def district_action(bot: Judge, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
    """After gathering, before building: the Armory against a leader close to completing his city."""
    opts = by_kind.get("armory")
    if not opts:
        return None
    leader = bot.leader(v)
    if leader is None:
        return None
    mine = [a for a in opts if int(a.args[0]) == leader.seat]
    if not mine:
        return None
    best = max(mine, key=lambda a: bot.price_in(v, leader, str(a.args[1])))
    cost = bot.price_in(v, leader, str(best.args[1]))
    if (leader.city_size >= v.complete_at - 2 and cost >= 3) or cost >= 6:
        return best
    return None


def late_district_action(bot: Judge, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
    """Before ending the turn: a card under the Museum when the hand can spare it (a point for sure), and
    always the last card when the Park will refill the empty hand."""
    opts = by_kind.get("museum")
    if not opts:
        return None
    worst = min(opts, key=lambda a: bot.card_value(v, str(a.args[0])))
    value = bot.card_value(v, str(worst.args[0]))
    if value >= SECRET_VAULT_VALUE:
        return None
    if has(v, "park") and len(v.hand) == 1:
        return worst
    if value < 2 or len(v.hand) >= 4 or v.last_round:
        return worst
    return None


def theater_choice(bot: Judge, v: View) -> Action:
    """Exchange a weak character with the leader (blind: any opponent's card is an average one)."""
    legal = v.legal
    swaps = [a for a in legal if a.kind == "theater"]
    passing = next(a for a in legal if a.kind == "theater_pass")
    if not swaps:
        return passing
    values = {k: bot.draft_value(v, k) for k in v.my_characters}
    give = min(values, key=lambda k: values[k])
    if values[give] >= THEATER_SWAP_BELOW:
        return passing
    leader = bot.leader(v)
    seat = leader.seat if leader is not None else int(swaps[0].args[0])
    for a in swaps:
        if int(a.args[0]) == seat and (len(a.args) == 1 or a.args[1] == give):
            return a
    return next((a for a in swaps if len(a.args) == 1 or a.args[1] == give), passing)
