"""Classic-edition purple districts whose rules differ from 2016, and the classic-only ones (CARDS.md B2–B3,
B6; RULINGS R40–R44). `district_rules_for` takes a class from CLASSIC_RULES before the shared ones, so a
classic card whose rules equal the 2016 card's (Keep, Smithy, Observatory, Library, Great Wall, School of
Magic, Dragon Gate, Museum, Imperial Treasury, Map Room, Poor House, Factory, Park) has no entry here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import DistrictType
from ..terms import CARD, Decision
from . import active
from .base import DistrictRules, Handler, ScoreContext
from .destroying import armory
from .scoring_districts import city_types

if TYPE_CHECKING:
    from ..game import Game

ANNOUNCE = Action("bell_tower", ("announce",))
SILENT = Action("bell_tower", ("silent",))
GRAVEYARD_TAKE = Action("graveyard", ("take",))
GRAVEYARD_PASS = Action("graveyard", ("pass",))
LIGHTHOUSE_PASS = Action("lighthouse", ("none",))


class HauntedCity(DistrictRules):
    """For victory points, counts as the colour of its owner's choice (the engine picks the best, RULINGS
    R3) — not if it was built in the last round of the game (RULINGS R43)."""

    key = "haunted_city"
    has_placed = True

    def on_placed(self, g: Game, p: int) -> None:
        g.edition_state["haunted_built"] = g.round

    def may_choose_type(self, g: Game) -> bool:
        return bool(g.edition_state.get("haunted_built", -1) != g.round)


class Laboratory(active.Laboratory):
    """Once during your turn, discard a district card from your hand and receive 1 gold."""

    gain = 1


class Graveyard(DistrictRules):
    """When the Warlord destroys a district, the Graveyard's owner may pay 1 gold to take it into his hand;
    not if he is the Warlord; never the Graveyard itself (RULINGS R43; see characters/classic.py)."""

    key = "graveyard"
    follow_ups = frozenset({Decision.GRAVEYARD})

    def handlers(self) -> dict[str, Handler]:
        return {"graveyard": graveyard}

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [GRAVEYARD_TAKE, GRAVEYARD_PASS]


def graveyard(g: Game, p: int, a: Action) -> None:
    cid = g.decision.data[0]
    g.decision.kind = Decision.NONE
    g.decision.data = []
    if a.args[0] == "take":
        g.gold[p] -= 1
        g.hands[p].append(cid)
        for r in range(g.players):
            if r != p:
                g.known[r][p].append(cid)  # everyone saw the destroyed district go to his hand (R2)
        g.emit("graveyard", {"player": p, "card": g.rules.edition.districts[cid].key})
    else:
        g.bottom([cid])  # where a destroyed district goes
    g.end_turn()  # the Warlord's destroying was the last act of his turn


class University(DistrictRules):
    """Costs 6, worth 8 points."""

    key = "university"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return 2


class Lighthouse(DistrictRules):
    """When built, its owner may look through the deck and take one card into his hand; the deck is then
    shuffled."""

    key = "lighthouse"
    has_placed = True
    follow_ups = frozenset({Decision.LIGHTHOUSE})

    def handlers(self) -> dict[str, Handler]:
        return {"lighthouse": lighthouse}

    def on_placed(self, g: Game, p: int) -> None:
        if g.deck:
            g.open_follow_up(Decision.LIGHTHOUSE, p)

    def follow_up_actions(self, g: Game) -> list[Action]:
        keys = sorted(dict.fromkeys(g.card_keys(g.deck)))
        return [*(Action("lighthouse", (k,)) for k in keys), LIGHTHOUSE_PASS]


def lighthouse(g: Game, p: int, a: Action) -> None:
    g.decision.kind = Decision.NONE
    key = str(a.args[0])
    if key != "none":
        cid = g.card_id(key)
        g.deck.remove(cid)
        g.hands[p].append(cid)
        g.emit("lighthouse_private", {"player": p, "card": key}, (p,))
    g.rng.shuffle(g.deck)
    g.emit("lighthouse", {"player": p, "took": key != "none"})


class Armory(DistrictRules):
    """During your turn, destroy the Armory to destroy any other district in another player's city; the
    classic Armory may target a completed city (CARDS.md B3, Faidutti's ruling)."""

    key = "armory"
    has_actions = True

    def handlers(self) -> dict[str, Handler]:
        return {"armory": armory}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        for q in range(g.players):
            if q == p:
                continue
            for key in dict.fromkeys(g.rules.edition.districts[e & CARD].key for e in g.cities[q]):
                out.append(Action("armory", (q, key)))


class WishingWell(DistrictRules):
    """+1 per *other* purple district in its owner's city."""

    key = "wishing_well"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return sum(1 for t in city_types(g, p, ctx) if t is DistrictType.UNIQUE) - 1


class Quarry(DistrictRules):
    """Build duplicates of districts in your city, at most two identical ones (RULINGS R43)."""

    key = "quarry"
    max_identical = 2


class BellTower(DistrictRules):
    """When built, its owner may announce the 7-district end (RULINGS R40): every player with 7 districts
    then met the end condition together (+4 each), later ones +2. Destroyed, the end returns to 8."""

    key = "bell_tower"
    has_placed = True
    has_removed = True
    follow_ups = frozenset({Decision.BELL_TOWER})

    def handlers(self) -> dict[str, Handler]:
        return {"bell_tower": bell_tower}

    def on_placed(self, g: Game, p: int) -> None:
        if g.complete_at > 7:
            g.open_follow_up(Decision.BELL_TOWER, p)

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [ANNOUNCE, SILENT]

    def on_removed(self, g: Game, p: int) -> None:
        if g.edition_state.pop("bell", 0):
            g.complete_at += 1
            g.emit("bell_tower_silenced", {"player": p, "complete_at": g.complete_at})


def bell_tower(g: Game, p: int, a: Action) -> None:
    g.decision.kind = Decision.NONE
    if a.args[0] != "announce":
        return
    g.edition_state["bell"] = 1
    g.complete_at -= 1
    g.emit("bell_tower", {"player": p, "complete_at": g.complete_at})
    done = tuple(q for q in range(g.players) if g.is_complete(q))
    if done:
        # All who have 7 districts now meet the end condition simultaneously: each scores as first.
        g.edition_state["firsts"] = tuple(sorted(set(g.edition_state.get("firsts", ())) | set(done)))
        if g.first_complete < 0:
            g.first_complete = p if p in done else done[0]
        if not g.last_round:
            g.last_round = True
            for q in done:
                g.emit("complete", {"player": q, "first": True})


class Hospital(DistrictRules):
    """An assassinated owner still takes an action, but neither builds nor uses the power (Game)."""

    key = "hospital"


class ThroneRoom(DistrictRules):
    """+1 gold from the bank to its owner whenever the crown changes hands."""

    key = "throne_room"
    watches_crown = True

    def on_crown_change(self, g: Game) -> None:
        for q in range(g.players):
            if g.has(q, self.key):
                g.gain_gold(q, self.crown_gain(g, q), "throne_room")

    def crown_gain(self, g: Game, p: int) -> int:
        return 1 if g.has(p, self.key) else 0


class BallRoom(DistrictRules):
    """While its owner holds the crown, every other player whose character is called thanks him first, or
    loses the rest of the turn (RULINGS R44; Game._ask_thanks)."""

    key = "ball_room"


CLASSIC_RULES: dict[str, type[DistrictRules]] = {
    r.key: r
    for r in (
        HauntedCity,
        Laboratory,
        Graveyard,
        University,
        Lighthouse,
        Armory,
        WishingWell,
        Quarry,
        BellTower,
        Hospital,
        ThroneRoom,
        BallRoom,
    )
}
