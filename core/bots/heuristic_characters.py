"""The heuristic bot's use of the characters beyond the first game's: their decisions and their turn
abilities. Kept apart from heuristic.py, which only dispatches here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..view import PlayerInfo, View

if TYPE_CHECKING:
    from .heuristic_judge import Judge

# Draft appeal of the characters heuristic.py's BASE_VALUE does not list.
EXTRA_VALUE = {
    "witch": 2.5,
    "magistrate": 2.5,
    "spy": 2.0,
    "blackmailer": 2.5,
    "wizard": 2.0,
    "seer": 1.5,
    "emperor": 2.0,
    "patrician": 2.0,
    "abbot": 2.0,
    "cardinal": 2.0,
    "alchemist": 3.0,
    "trader": 2.5,
    "navigator": 1.5,
    "scholar": 2.5,
    "diplomat": 2.0,
    "marshal": 2.5,
    "queen": 1.5,
    "tax_collector": 1.5,
}
# Characters most worth aiming at (a confiscation, a threat, a bewitchment): builders and earners first.
TARGET_ORDER = (
    "architect",
    "scholar",
    "trader",
    "merchant",
    "alchemist",
    "king",
    "patrician",
    "emperor",
    "bishop",
    "abbot",
    "cardinal",
    "warlord",
    "diplomat",
    "marshal",
    "navigator",
    "magician",
    "wizard",
    "seer",
    "queen",
    "artist",
    "tax_collector",
    "thief",
    "spy",
    "blackmailer",
)


def character_value(key: str) -> float:
    return EXTRA_VALUE.get(key, 2.0)


def character_decision(bot: Judge, v: View) -> Action | None:
    """A follow-up decision opened by one of these characters, or None if it is not one."""
    kind = v.pending_kind
    legal = v.legal
    me = v.players[v.me or 0]
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if kind == "bewitch":
        return bot.pick_target(legal, TARGET_ORDER, v)
    if kind == "warrant":
        return by_kind["confiscate"][0] if "confiscate" in by_kind else legal[0]
    if kind == "bribe":
        # Half of the stash now, or a one-in-two chance of losing all of it.
        cheap = me.gold // 2 <= 1
        return by_kind["bribe"][0] if cheap or bot.rng.below(2) else by_kind["refuse_bribe"][0]
    if kind == "reveal_threat":
        return by_kind["reveal_threat"][0] if v.flowered_threat == v.calling else by_kind["spare"][0]
    if kind == "advisor":
        return min(legal, key=lambda a: _strength(v.players[int(a.args[0])]))
    if kind == "abbot_income":
        want_cards = len(v.hand) < 2
        return (
            min(legal, key=lambda a: int(a.args[0]))
            if want_cards
            else max(legal, key=lambda a: int(a.args[0]))
        )
    if kind in ("cardinal_give", "seer_give"):
        return min(legal, key=lambda a: bot.card_value(v, str(a.args[-1])))
    if kind == "scholar_keep":
        return max(legal, key=lambda a: bot.card_value(v, str(a.args[0])))
    if kind == "wizard_pick":
        builds = by_kind.get("wizard_build", [])
        if builds:
            return max(builds, key=lambda a: bot.build_value(v, str(a.args[0])))
        return max(by_kind["wizard_take"], key=lambda a: bot.card_value(v, str(a.args[0])))
    return None


def character_turn(bot: Judge, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
    """A turn ability worth using now, or None."""
    me = v.players[v.me or 0]
    if "emperor" in by_kind:
        opts = by_kind["emperor"]
        weakest = min({int(a.args[0]) for a in opts}, key=lambda q: _strength(v.players[q]))
        mine = [a for a in opts if int(a.args[0]) == weakest]
        return next((a for a in mine if a.args[1] == "gold"), mine[0])
    if "warrants" in by_kind:
        return _marker_choice(by_kind["warrants"])
    if "threaten" in by_kind:
        return _marker_choice(by_kind["threaten"])
    if "collect_tax" in by_kind:
        return by_kind["collect_tax"][0]
    if "queen" in by_kind:
        return by_kind["queen"][0]
    if "alms" in by_kind:
        return by_kind["alms"][0]
    if "study" in by_kind:
        return by_kind["study"][0]
    if "foresee" in by_kind:
        return by_kind["foresee"][0]
    if "spy" in by_kind:
        # Trade is the commonest type (20 of the 54 basic districts).
        target = max(
            (a for a in by_kind["spy"] if a.args[1] == "trade"),
            key=lambda a: (
                min(v.players[int(a.args[0])].gold, v.players[int(a.args[0])].hand_size),
                v.players[int(a.args[0])].hand_size,
            ),
        )
        return target
    if "wizard" in by_kind:
        return max(by_kind["wizard"], key=lambda a: v.players[int(a.args[0])].hand_size)
    if "navigate" in by_kind and "gather" not in by_kind:
        want = "gold" if len(v.hand) >= 2 else "cards"
        return next(a for a in by_kind["navigate"] if a.args[0] == want)
    if "seize" in by_kind:
        return max(
            by_kind["seize"],
            key=lambda a: (
                bot.price_in(v, v.players[int(a.args[0])], str(a.args[1])),
                _strength(v.players[int(a.args[0])]),
            ),
        )
    if "exchange" in by_kind:
        a = _exchange(bot, v, me, by_kind["exchange"])
        if a is not None:
            return a
    if "cardinal_build" in by_kind and "build" not in by_kind:
        return max(
            by_kind["cardinal_build"],
            key=lambda a: (bot.build_value(v, str(a.args[0])), v.players[int(a.args[1])].gold),
        )
    return None


def _strength(p: PlayerInfo) -> tuple[int, int]:
    return p.city_size, sum(d.cost for d in p.city)


def _marker_choice(opts: list[Action]) -> Action:
    """Put the marker that matters (signed warrant, flowered threat) on the likeliest earner."""
    rank = {k: i for i, k in enumerate(TARGET_ORDER)}
    return min(opts, key=lambda a: tuple(rank.get(str(k), 99) for k in a.args))


def _exchange(bot: Judge, v: View, me: PlayerInfo, opts: list[Action]) -> Action | None:
    leader = bot.leader(v)
    best, gain = None, 0
    for a in opts:
        q = v.players[int(a.args[0])]
        theirs = bot.price_in(v, q, str(a.args[1]))
        mine = bot.price_in(v, me, str(a.args[2]))
        g = theirs - mine + (1 if leader is not None and q.seat == leader.seat else 0)
        if g > gain and me.gold - max(0, theirs - mine) >= 1:
            best, gain = a, g
    return best
