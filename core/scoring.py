"""End-of-game scoring and the winner (2016 rulebook "Game End", RULINGS R7, R11, R28)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import ALL_TYPES, DistrictType
from .districts.base import ScoreContext
from .districts.scoring_districts import HAUNTED, city_types
from .terms import CARD

if TYPE_CHECKING:
    from .game import Game


# The scoring pass of a city without a Haunted Quarter's choice (never changed: a pass only reads it). Every
# playout of the `hard` bot's search ends by scoring every seat.
_PLAIN = ScoreContext(DistrictType.UNIQUE)


def score_breakdown(g: Game, p: int) -> dict[str, Any]:
    """Points of player p now, as the end of the game would count them."""
    haunted = _haunted(g, p)
    if haunted is None or not haunted.may_choose_type(g):
        return _breakdown(g, p, _PLAIN, haunted)
    best: dict[str, Any] | None = None
    for t in [DistrictType.UNIQUE, *[t for t in ALL_TYPES if t is not DistrictType.UNIQUE]]:
        b = _breakdown(g, p, ScoreContext(t), haunted)
        if best is None or b["total"] > best["total"]:
            best = b
    assert best is not None
    return best


def _breakdown(g: Game, p: int, ctx: ScoreContext, haunted: Any) -> dict[str, Any]:
    city = g.cities[p]
    table = g.rules.edition.districts
    districts = sum(map(g.rules.entry_costs.__getitem__, city))  # g.entry_cost of each
    # (Without a Haunted Quarter the types are the cards' own: every search playout ends here.)
    types = set(city_types(g, p, ctx)) if haunted is not None else {table[e & CARD].type for e in city}
    all_types = 3 if len(types) == len(ALL_TYPES) else 0
    # The classic Bell Tower can make several players first at once (x["firsts"]).
    first = g.first_complete == p or p in g.edition_state.get("firsts", ())
    completion = 0
    if first and not g.rules.edition.first_bonus_needs_complete_city:
        completion = 4  # classic step 3: "the first player to build eight districts", whatever follows
    elif g.is_complete(p):
        completion = 4 if first else 2
    uniques: dict[str, int] = {}
    uniques_ids = g.rules.unique_ids
    for e in city:
        if e & CARD not in uniques_ids:
            continue
        key = table[e & CARD].key
        dr = g.rules.district_rules.get(key)
        if dr is not None:
            pts = dr.score(g, p, ctx)
            if pts:
                uniques[key] = pts
    vault = g.rules.district_rules.get("secret_vault")
    if vault is not None and vault.id in g.hands[p]:
        uniques["secret_vault"] = vault.score(g, p, ctx)
    total = districts + all_types + completion + sum(uniques.values())
    out: dict[str, Any] = {
        "player": p,
        "districts": districts,
        "all_types": all_types,
        "completion": completion,
        "uniques": uniques,
        "total": total,
    }
    if haunted is not None:
        out[haunted.key] = ctx.haunted_type.key
    return out


def _haunted(g: Game, p: int) -> Any:
    """The Haunted Quarter (2016) or Haunted City (classic) rules, if p's city holds one."""
    rules = g.rules.district_rules
    for key in HAUNTED:
        if key in rules and g.has(p, key):
            return rules[key]
    return None


def district_points(s: dict[str, Any]) -> int:
    """Classic tie-break points: the districts' worth (Dragon Gate and University count 8, RULINGS R7)."""
    return int(s["districts"]) + sum(
        int(v) for k, v in s["uniques"].items() if k in ("dragon_gate", "university")
    )


def tiebreak_rank(g: Game, p: int) -> int:
    """Highest rank p revealed when called in the last round (RULINGS R28); 0 if none."""
    best = 0
    for i, who in enumerate(g.round_state.called_by):
        if who == p:
            best = max(best, g.rules.character_rules[i].rank)
    return best


def final_result(g: Game) -> dict[str, Any]:
    scores = [score_breakdown(g, p) for p in range(g.players)]
    top = max(s["total"] for s in scores)
    tied = [s["player"] for s in scores if s["total"] == top]
    tiebreak = None
    winners = tied
    if len(tied) > 1 and g.rules.edition.tiebreak == "districts_gold":
        # Classic (RULINGS R7): the district points only, then the most gold.
        key = {p: (district_points(scores[p]), g.gold[p]) for p in tied}
        best_key = max(key.values())
        winners = [p for p in tied if key[p] == best_key]
        tiebreak = {
            "tied": tied,
            "district_points": {p: key[p][0] for p in tied},
            "gold": {p: key[p][1] for p in tied},
        }
        order = sorted(
            range(g.players), key=lambda p: (-scores[p]["total"], -district_points(scores[p]), -g.gold[p])
        )
        return {"scores": scores, "winners": winners, "ranking": order, "tiebreak": tiebreak}
    if len(tied) > 1:
        ranks = {p: tiebreak_rank(g, p) for p in tied}
        best = max(ranks.values())
        winners = [p for p in tied if ranks[p] == best]
        tiebreak = {"tied": tied, "ranks": ranks}
    seat_rank = [0] * g.players  # tiebreak_rank of each seat, in one pass
    for i, who in enumerate(g.round_state.called_by):
        if who >= 0 and g.rules.character_rules[i].rank > seat_rank[who]:
            seat_rank[who] = g.rules.character_rules[i].rank
    order = sorted(range(g.players), key=lambda p: (-scores[p]["total"], -(p in winners), -seat_rank[p]))
    return {"scores": scores, "winners": winners, "ranking": order, "tiebreak": tiebreak}
