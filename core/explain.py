"""Why something happened: the rule behind an outcome one seat saw, as the engine accounts for it (`why`).

`reasons(g, p)` reads the events seat p may see, in order, and names the rule that changed an outcome in
each one that a rule changed: a killed character's silent call (and the Hospital's turn), a robbed seat's
gold, a bewitched seat's turn ending after gathering, the Observatory's and the Library's draws, the Gold
Mine's gold, the Great Wall's price, a city the Bishop kept out of a rank 8 character's reach. `refused(g,
p, a)` names the rule that refuses a rank 8 ability's target (the Bishop, the Keep, a completed city, the
price with the Great Wall), read from the rules' own functions (`characters/warlord.py`).

A reason holds keys and seat numbers only; the app words it in the player's language. Everything read is
p's to know (the events p sees, public cities, gold and revealed characters, p's own characters), so a
reason never changes when what p cannot see is dealt again (tests/core/test_explain_redeal.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .characters.warlord import cheapest_entry, destroy_price, rank8_surcharge
from .terms import CARD

if TYPE_CHECKING:
    from .actions import Action
    from .events import Event
    from .game import Game

# The abilities aimed at a district of another city (rank 8): the Bishop's protection and a completed
# city keep them out (warlord.rank8_targetable).
RANK8_ABILITIES = frozenset({"destroy", "seize", "exchange"})


class Rule(StrEnum):
    """The rule a reason names."""

    KILLED = "killed"  # the character was killed: its call is silent, its turn skipped
    HOSPITAL = "hospital"  # killed, but the Hospital gives its player a turn without the character's power
    ROBBED = "robbed"  # the Thief takes all the robbed character's gold at its call
    BEWITCHED = "bewitched"  # the Witch: the bewitched player gathers, and the turn ends; she plays the rest
    OBSERVATORY = "observatory"  # draws 3 cards instead of 2 when gathering cards
    LIBRARY = "library"  # keeps every card drawn
    LIBRARY_OBSERVATORY = "library_observatory"  # the classic pair: draws 3, keeps 2 (RULINGS R43)
    GOLD_MINE = "gold_mine"  # 1 more gold when gathering gold
    GREAT_WALL = "great_wall"  # a rank 8 ability pays 1 more for the other districts of its owner's city
    PROTECTED = "protected"  # the Bishop's city is out of a rank 8 character's reach
    KEEP = "keep"  # the Keep cannot be destroyed or taken
    COMPLETE = "complete"  # a completed city is out of a rank 8 character's reach
    TOO_DEAR = "too_dear"  # the district costs more to destroy than the gold there is


@dataclass(frozen=True, slots=True)
class Reason:
    """One rule that acted. `seat` is the player it acted on; `event` the index in `Game.events` of the
    event it explains (-1: a refused action); `character` the character concerned (the one killed, robbed,
    bewitched; the Bishop who protects); `card` the district concerned; `by` and `by_character` whose deed
    it was (the Assassin's, the Thief's, the Witch's, a rank 8 character's; -1 and "" for none); `amount`
    the gold robbed or paid, or the cards drawn; `kept` the cards kept, or the gold there was; `wall`
    whether the Great Wall added to a price."""

    rule: Rule
    seat: int
    event: int = -1
    character: str = ""
    card: str = ""
    by: int = -1
    by_character: str = ""
    amount: int = 0
    kept: int = 0
    wall: bool = False

    def names(self) -> frozenset[str]:
        """The card and character keys this reason is about (`why castle` finds it by them)."""
        return frozenset(k for k in (self.character, self.card, self.by_character, str(self.rule)) if k)


@dataclass(slots=True)
class _Round:
    """What seat p knows of the round so far, from its events."""

    mine: set[str]  # p's characters
    known: bool  # whether p's events told its choices this round (else: a game started from a position)
    playing: str = ""  # the character whose turn it is
    player: int = -1  # ...and who plays it
    protectors: dict[str, int] | None = None  # revealed protecting character -> the seat it protects
    bewitched: str = ""
    witch: int = -1
    killer: tuple[int, str] = (-1, "")  # who killed, as which character
    robber: tuple[int, str] = (-1, "")
    aimed_at: set[int] | None = None  # the seats a rank 8 ability reached this turn


def reasons(g: Game, p: int, events: Sequence[Event] | None = None) -> list[Reason]:
    """Every rule that changed an outcome in the events seat p may see (of `events`, the game's own when
    None), oldest first."""
    if events is None:
        events = g.events or []
    protecting = {g.character_key(i) for i in g.rules.hooks.protectors}
    rank8 = {r.key for r in g.rules.character_rules if RANK8_ABILITIES.intersection(r.handlers()) and r.key}
    observatory = "observatory" in g.rules.district_rules
    library = "library" in g.rules.district_rules
    gold_mine = "gold_mine" in g.rules.district_rules
    wall = "great_wall" in g.rules.district_rules
    beautified: set[tuple[int, str]] = set()
    # A game started from a position has no events of its first round's choices: p's own characters tell
    # them while that round lasts.
    started = not any(e.kind == "round" for e in events)
    r = _Round(set(), not started, protectors={}, aimed_at=set())
    out: list[Reason] = []
    for n, e in enumerate(events):
        if not e.visible_to(p):
            continue
        k, d = e.kind, e.data
        if k == "round":
            r = _Round(set(), True, protectors={}, aimed_at=set())
        elif k == "choose_private" and d["player"] == p:
            r.mine.add(d["character"])
        elif k == "theater_private":
            if d["player"] == p:
                r.mine.discard(d["gave"])
                r.mine.add(d["took"])
            elif d.get("target") == p:
                r.mine.discard(d["took"])
                r.mine.add(d["gave"])
        elif k == "kill":
            r.killer = (d["player"], r.playing)
        elif k == "rob":
            r.robber = (d["player"], r.playing)
        elif k == "bewitch":
            r.bewitched, r.witch = d["character"], d["player"]
        elif k == "call":
            key = d["character"]
            if d["answer"] == "killed" and _holds(g, p, r, key):
                hospital = _next_visible(events, n, p)
                rule = Rule.HOSPITAL if hospital is not None and hospital.kind == "hospital" else Rule.KILLED
                out.append(Reason(rule, p, n, key, by=r.killer[0], by_character=r.killer[1] or "assassin"))
            elif d["answer"] == "revealed":
                r.playing, r.player = key, d["player"]
                r.aimed_at = set()
                if key in protecting:
                    assert r.protectors is not None
                    r.protectors[key] = r.witch if key == r.bewitched else d["player"]
        elif k == "witch_resume":
            r.playing, r.player = d["character"], d["player"]
            r.aimed_at = set()
        elif k == "robbed" and d["victim"] == p:
            out.append(
                Reason(
                    Rule.ROBBED,
                    p,
                    n,
                    d["character"],
                    by=d["thief"],
                    by_character=r.robber[1] or "thief",
                    amount=d["amount"],
                )
            )
        elif k == "end_turn":
            if d.get("bewitched"):
                if d["player"] == p:
                    out.append(Reason(Rule.BEWITCHED, p, n, d["character"], by=r.witch, by_character="witch"))
            elif d["character"] in rank8 and d["player"] != p:
                assert r.protectors is not None and r.aimed_at is not None
                shield = next((c for c, s in r.protectors.items() if s == p), "")
                if shield and p not in r.aimed_at:
                    out.append(
                        Reason(Rule.PROTECTED, p, n, shield, by=d["player"], by_character=d["character"])
                    )
        elif k in RANK8_ABILITIES or k == "armory":
            assert r.aimed_at is not None
            r.aimed_at.add(d["target"])
            if k == "destroy":
                _destroyed(g, r, n, d, beautified, wall, out)
        elif k == "beautify":
            beautified.add((d["player"], d["card"]))
        elif k == "gather":
            reason = _gathered(g, n, d, observatory, library, gold_mine)
            if reason is not None:
                out.append(reason)
    return out


def _holds(g: Game, p: int, r: _Round, key: str) -> bool:
    """Whether p holds the character `key` this round, as p's own events (or, in the first round of a game
    started from a position, p's own characters) tell."""
    if key in r.mine:
        return True
    return not r.known and key in (g.character_key(i) for i in g.characters[p])


def _next_visible(events: Sequence[Event], n: int, p: int) -> Event | None:
    return next((events[i] for i in range(n + 1, len(events)) if events[i].visible_to(p)), None)


def _gathered(
    g: Game, n: int, d: dict[str, object], observatory: bool, library: bool, gold_mine: bool
) -> Reason | None:
    """The district that changed a gathering: the engine's gather (turn_actions.py) draws 3 with the
    Observatory, keeps every card with the Library (2 of 3 with both, in the classic edition) and takes 3
    gold with the Gold Mine."""
    seat = int(str(d["player"]))
    if d["resource"] == "gold":
        if gold_mine and d["amount"] == 3:
            return Reason(Rule.GOLD_MINE, seat, n, card="gold_mine", amount=3)
        return None
    drawn, kept = int(str(d["drawn"])), int(str(d["kept"]))
    pair = g.rules.edition.library_observatory_keep
    if observatory and library and pair and drawn == 3 and kept == pair:
        return Reason(Rule.LIBRARY_OBSERVATORY, seat, n, card="library", amount=drawn, kept=kept)
    if library and drawn > 1 and kept == drawn:
        return Reason(Rule.LIBRARY, seat, n, card="library", amount=drawn, kept=kept)
    if observatory and drawn == 3:
        return Reason(Rule.OBSERVATORY, seat, n, card="observatory", amount=drawn, kept=kept)
    return None


def _destroyed(
    g: Game,
    r: _Round,
    n: int,
    d: dict[str, object],
    beautified: set[tuple[int, str]],
    wall: bool,
    out: list[Reason],
) -> None:
    """A destroy that paid the Great Wall's 1 more (warlord.destroy_price: the cost, +1 if beautified,
    less 1, +1 for the Great Wall)."""
    q, key, paid = int(str(d["target"])), str(d["card"]), int(str(d["paid"]))
    cost = g.rules.edition.districts[g.card_id(key)].cost + (1 if (q, key) in beautified else 0)
    beautified.discard((q, key))
    if wall and paid == cost:
        out.append(
            Reason(
                Rule.GREAT_WALL,
                q,
                n,
                card=key,
                by=int(str(d["player"])),
                by_character=r.playing,
                amount=paid,
                wall=True,
            )
        )


def last_reason(g: Game, p: int, about: str = "") -> Reason | None:
    """The latest reason about seat p (the rule acted on p, or on p's deed); with `about` (a card or
    character key, or a rule), the latest about that, whoever it concerns."""
    for reason in reversed(reasons(g, p)):
        if about and about in reason.names():
            return reason
        if not about and (reason.seat == p or reason.by == p):
            return reason
    return None


def protector(g: Game, q: int) -> str:
    """The character whose protection keeps rank 8 abilities out of q's city ("" for none): the revealed,
    living protector (the Bishop), or, bewitched, the Witch's (Game.protected_seats)."""
    if not g.is_protected(q):
        return ""
    for i in g.rules.hooks.protectors:
        if g.revealed[i] and g.killed != i and (g.owner[0] if g.bewitched == i else g.owner[i]) == q:
            return g.character_key(i)
    return ""


def refused(g: Game, p: int, a: Action) -> Reason | None:
    """The rule that refuses the rank 8 ability `a` of seat p, deciding now (None when no such rule does:
    the refusal's own sentence says it all)."""
    if a.kind not in RANK8_ABILITIES or len(a.args) < 2 or not isinstance(a.args[0], int):
        return None
    pd = g.pending()
    if pd is None or pd[0] != p or g.current_character < 0:
        return None
    character = g.character_key(g.current_character)
    if a.kind not in g.rules.character_rules[g.current_character].handlers():
        return None
    q, key = a.args[0], str(a.args[1])
    if not 0 <= q < g.players or q == p and a.kind != "destroy":
        return None
    cid = g.rules.card_ids.get(key)
    if cid is None or not any(e & CARD == cid for e in g.cities[q]):
        return None
    shield = protector(g, q)
    if shield:
        return Reason(Rule.PROTECTED, q, card=key, character=shield, by=p, by_character=character)
    if g.is_complete(q):
        return Reason(Rule.COMPLETE, q, card=key, by=p, by_character=character)
    if key == "keep" and "keep" in g.rules.district_rules:
        return Reason(Rule.KEEP, q, card=key, by=p, by_character=character)
    if a.kind == "destroy":
        entry = cheapest_entry(g, q, key)
        price = destroy_price(g, q, entry)
        if price > g.gold[p]:
            wall = rank8_surcharge(g, q, entry) > 0
            return Reason(
                Rule.TOO_DEAR,
                q,
                card=key,
                by=p,
                by_character=character,
                amount=price,
                kept=g.gold[p],
                wall=wall,
            )
    return None
