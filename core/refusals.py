"""Why an action is not allowed now: the refusals `Game.apply` raises, a code and its fields (core/errors.py).

Asked only for an action that is not among the legal ones (`legal.py`), so nothing here is on a search's
path. Each function takes the game first and is a method of `Game` under the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import IllegalAction
from .terms import CARD, USED_BONUS, Decision, Seat

if TYPE_CHECKING:
    from .game import Game


def explain_illegal(g: Game, p: Seat, a: Action) -> str:
    """One sentence saying why `a` is not allowed now (`refusal`'s, in English)."""
    return str(refusal(g, p, a))


def refusal(g: Game, p: Seat, a: Action) -> IllegalAction:
    """Why `a` is not allowed now: the refusal `apply` raises, a code and its fields (core/errors.py)."""
    pd = g.pending()
    if pd is None:
        return IllegalAction("game_over")
    kind = pd[1]
    k = a.kind
    if kind in (Decision.CHOOSE_CHARACTER, Decision.DISCARD_CHARACTER):
        if k in ("choose", "discard_character") and a.args:
            return IllegalAction("character_not_held", character=g.character_name(a.args[0]))
        return IllegalAction("choose_first" if kind == Decision.CHOOSE_CHARACTER else "discard_held")
    if kind == Decision.KEEP and k != "keep":
        return IllegalAction("keep_first")
    if kind != Decision.TURN and k not in {x.kind for x in g.legal_actions()}:
        return IllegalAction("finish_first", action=kind.replace("_", " "))
    if (
        kind == Decision.TURN
        and k in ("bonus", "navigate")
        and not g.turn.gathered
        and not g.turn.used & USED_BONUS
        and g.rules.character_rules[g.current_character].bonus_after_action
        and not g.edition_state.get("hospital")
    ):
        return IllegalAction("bonus_after_action")
    if kind == Decision.TURN:
        for gr in g.rules.gating_rules:
            why = gr.gate_refusal(g, p, k)  # the classic Emperor gives the crown away first
            if why is not None:
                return why
    if (
        kind == Decision.TURN
        and k != "gather"
        and not g.turn.gathered
        and all(x.kind == "gather" for x in g.legal_actions())
    ):
        return IllegalAction("gather_only")
    if k == "build":
        return refuse_build(g, p, str(a.args[0]) if a.args else "", a.args)
    if k == "gather":
        return IllegalAction("already_gathered")
    if k == "end":
        return IllegalAction("gather_before_end")
    if k == "income":
        if g.rules.character_rules[g.current_character].income is None:
            return IllegalAction(
                "no_income", character=g.character_name(g.character_key(g.current_character))
            )
        return IllegalAction("income_taken")
    same = [x for x in g.legal_actions() if x.kind == k]
    if same:
        targets = ", ".join(" ".join(map(str, x.args)) for x in same[:8]) + (" …" if len(same) > 8 else "")
        return IllegalAction("wrong_target", targets=targets)
    for r in g.rules.character_rules:
        if k in r.handlers() and r is not g.rules.character_rules[g.current_character]:
            return IllegalAction("only_character", character=g.character_name(r.key))
    if k in g.rules.handlers:
        return IllegalAction("used_or_not_allowed")
    return IllegalAction("nothing_lets_you", action=k.replace("_", " "))


def _refuse_alt_build(g: Game, p: Seat, name: str, how: tuple[Any, ...]) -> IllegalAction:
    """Why building without paying (Framework, Necropolis) is not allowed as asked."""
    if how[0] != "destroy" or len(how) != 2:
        return IllegalAction("pay_or_destroy", card=name)
    victim = g.rules.card_ids.get(str(how[1]))
    if victim is None or not any(e & CARD == victim for e in g.cities[p]):
        return IllegalAction("nothing_to_destroy", key=how[1])
    if name != "Necropolis":
        return IllegalAction("only_framework", card=name)
    return IllegalAction("cannot_build_that_way", card=name)


def refuse_build(g: Game, p: Seat, key: str, args: tuple[Any, ...] = ()) -> IllegalAction:
    """Why building the district `key` (with `args`, the build action's arguments) is not allowed now."""
    cid = g.rules.card_ids.get(key)
    if cid is None:
        return IllegalAction("no_such_district", key=repr(key))
    d = g.rules.edition.districts[cid]
    if not g.turn.gathered:
        return IllegalAction("gather_before_build")
    if cid not in g.hands[p]:
        return IllegalAction("not_in_hand", card=d.name)
    if not d.buildable:
        return IllegalAction("never_buildable", card=d.name)
    if not g.rules.character_rules[g.current_character].may_build:
        return IllegalAction(
            "character_cannot_build",
            character=g.character_name(g.character_key(g.current_character)),
        )
    if not g.builds_left() and g.counts_toward_limit(cid):
        return IllegalAction("build_limit", n=g.turn.build_limit)
    if not g.can_build_kind(p, cid):
        return IllegalAction("already_built", card=d.name)
    dr = g.rules.district_rules.get(d.key)
    if dr is not None:
        why = dr.build_refusal(g, p)
        if why is not None:
            return why
    if len(args) > 1:
        return _refuse_alt_build(g, p, d.name, args[1:])
    cost = g.build_cost(p, cid)
    if cost > g.gold[p]:
        return IllegalAction("too_dear", card=d.name, cost=cost, gold=g.gold[p])
    return IllegalAction("cannot_build_now", card=d.name)
