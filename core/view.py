"""What one player may know (RULINGS R2), as plain immutable data; `view(game, None)` is a spectator's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action
from .game import BEAUTY, CARD, OVER, SELECT

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class CityDistrict:
    key: str
    cost: int  # with the Artist's +1
    type: str
    beautified: bool


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    seat: int
    name: str
    gold: int
    hand_size: int
    city: tuple[CityDistrict, ...]
    city_size: int  # toward completion (the Monument counts as 2)
    crown: bool
    revealed: tuple[str, ...]  # characters this player revealed this round
    complete: bool
    known_hand: tuple[str, ...]  # cards of this hand the viewer knows (own hand: all of it)
    museum: int  # cards under this player's Museum (their number is public)


@dataclass(frozen=True, slots=True)
class View:
    """Everything `me` may know now. `legal` lists my options when the decision is mine."""

    me: int | None
    edition: str
    round: int
    phase: str
    players: tuple[PlayerInfo, ...]
    cast: tuple[str, ...]
    faceup: tuple[str, ...]  # characters discarded face up this round
    facedown_count: int
    my_characters: tuple[str, ...]
    hand: tuple[str, ...]
    seen_characters: tuple[str, ...]  # characters I was offered in this round's selection
    killed: str | None
    robbed: str | None
    calling: str | None  # the character whose turn it is
    pending_player: int | None
    pending_kind: str | None
    options: tuple[str, ...]  # characters to choose from, or drawn cards to keep (mine only)
    legal: tuple[Action, ...]
    deck_size: int
    complete_at: int
    first_complete: int | None
    last_round: bool
    tax: int
    result: Any
    # Character markers (RULINGS R2): which characters carry them is public, what a marker shows is known
    # to the player who placed it, and to everyone once it is revealed.
    bewitched: str | None = None
    warrants: tuple[str, ...] = ()
    signed_warrant: str | None = None
    threats: tuple[str, ...] = ()  # threat markers still on the table (a bribe removes one unseen)
    flowered_threat: str | None = None
    revealed_threats: tuple[str, ...] = ()


def view(g: Game, me: int | None) -> View:
    E = g.E
    players = []
    for q in range(g.n):
        city = tuple(
            CityDistrict(E.districts[e & CARD].key, g.entry_cost(e), E.districts[e & CARD].type.key,
                         bool(e & BEAUTY))
            for e in g.cities[q]
        )
        if me == q:
            known = tuple(sorted(g._keys(g.hands[q])))
        elif me is not None:
            known = tuple(sorted(g._keys(g.known[me][q])))
        else:
            known = ()
        players.append(PlayerInfo(
            seat=q,
            name=g.config.names[q],
            gold=g.gold[q],
            hand_size=len(g.hands[q]),
            city=city,
            city_size=g.city_size(q),
            crown=g.crown == q,
            revealed=tuple(g.ckey(i) for i, who in enumerate(g.called_by) if who == q),
            complete=g.is_complete(q),
            known_hand=known,
            museum=len(g.museum) if g.has(q, "museum") else 0,
        ))
    pd = g.pending()
    mine = pd is not None and me is not None and pd[0] == me
    options: tuple[str, ...] = ()
    if mine and g.phase == SELECT and not g.sub:
        options = tuple(g.ckey(c) for c in sorted(g.selection_options()))
    elif mine and g.sub == "keep":
        options = tuple(g._keys(g.drawn))
    elif mine and g.sub == "scholar_keep":
        options = tuple(g._keys(g.sub_data))
    calling = g.ckey(g.cur) if g.phase != SELECT and 0 <= g.cur < g.n_chars and g.tp >= 0 else None
    return View(
        me=me,
        edition=g.config.edition,
        round=g.round,
        phase=g.phase,
        players=tuple(players),
        cast=tuple(g.config.cast),
        faceup=tuple(g.ckey(c) for c in g.faceup),
        facedown_count=len(g.facedown),
        my_characters=tuple(g.ckey(c) for c in g.chars[me]) if me is not None else (),
        hand=tuple(g._keys(g.hands[me])) if me is not None else (),
        seen_characters=tuple(g.ckey(c) for c in sorted(g.seen[me])) if me is not None else (),
        killed=g.ckey(g.killed) if g.killed >= 0 else None,
        robbed=g.ckey(g.robbed) if g.robbed >= 0 else None,
        calling=calling,
        pending_player=pd[0] if pd else None,
        pending_kind=pd[1] if pd else None,
        options=options,
        legal=tuple(g.legal_actions()) if mine else (),
        deck_size=len(g.deck),
        complete_at=g.complete_at,
        first_complete=g.first_complete if g.first_complete >= 0 else None,
        last_round=g.last_round,
        tax=g.tax,
        result=g.result if g.phase == OVER else None,
        **_markers(g, me),
    )


def _markers(g: Game, me: int | None) -> dict[str, Any]:
    from .characters.blackmailer import BRIBED, FLOWER, THREAT, THREAT_SHOWN, blackmailer_player
    from .characters.magistrate import SIGNED, WARRANT, WARRANT_SHOWN

    marks = g.marks
    placer = g.owner[0] if g.phase != SELECT else -1  # the Magistrate (rank 1)
    bm = blackmailer_player(g) if g.phase != SELECT else -1
    signed = next((i for i, m in enumerate(marks) if m & SIGNED), -1)
    flower = next((i for i, m in enumerate(marks) if m & FLOWER), -1)
    show_signed = signed >= 0 and ((me is not None and me == placer) or marks[signed] & WARRANT_SHOWN)
    show_flower = flower >= 0 and ((me is not None and me == bm) or marks[flower] & THREAT_SHOWN)
    return {
        "bewitched": g.ckey(g.bewitched) if g.bewitched >= 0 else None,
        "warrants": tuple(g.ckey(i) for i, m in enumerate(marks) if m & WARRANT),
        "signed_warrant": g.ckey(signed) if show_signed else None,
        "threats": tuple(g.ckey(i) for i, m in enumerate(marks) if m & THREAT and not m & BRIBED),
        "flowered_threat": g.ckey(flower) if show_flower else None,
        "revealed_threats": tuple(g.ckey(i) for i, m in enumerate(marks) if m & THREAT_SHOWN),
    }


def events_for(g: Game, me: int | None, start: int = 0) -> list[Any]:
    """The events `me` may see, from index `start` of the game's event list."""
    if g.events is None:
        return []
    return [e for e in g.events[start:] if e.visible_to(me)]
