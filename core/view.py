"""What one player may know (RULINGS R2), as plain immutable data; `view(game, None)` is a spectator's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action
from .cards import ALL_TYPES
from .characters.blackmailer import BRIBED, FLOWER, THREAT, THREAT_SHOWN, blackmailer_player
from .characters.magistrate import SIGNED, WARRANT, WARRANT_SHOWN
from .effects import Effect, effects
from .terms import BEAUTY, CARD, OVER, SELECT, Decision, Phase

if TYPE_CHECKING:
    from .game import Game


class CityDistrict(NamedTuple):
    key: str
    cost: int  # with the Artist's +1
    type: str
    beautified: bool


class PlayerInfo(NamedTuple):
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


_TYPE_KEYS = frozenset(t.key for t in ALL_TYPES)


def points_so_far(v: View, p: PlayerInfo) -> int:
    """Player p's points as its city stands, from what view `v` shows everyone: the districts' costs, all
    five types, completion (the classic first builder of a full city keeps its 4, docs/rules-decisions.md).
    The unique districts' own bonuses are left out: some hang on what only their owner knows."""
    pts = sum(d.cost for d in p.city)
    if {d.type for d in p.city} >= _TYPE_KEYS:
        pts += 3
    if v.first_complete == p.seat and (p.complete or v.edition == "classic"):
        pts += 4
    elif p.complete:
        pts += 2
    return pts


@dataclass(frozen=True, slots=True)
class View:
    """Everything `me` may know now. `legal` lists my options when the decision is mine."""

    me: int | None
    edition: str
    round: int
    phase: Phase
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
    pending_kind: Decision | None
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
    # What each of `legal` does, in the same order (core/effects.py): read them through `effect()`.
    effects: tuple[Effect, ...] = ()

    def effect(self, action: Action) -> Effect | None:
        """What `action`, one of my legal actions, will do; None for an action not among them."""
        for a, e in zip(self.legal, self.effects, strict=False):
            if a == action:
                return e
        return None

    def replace(self, **changes: Any) -> View:
        """A view like this one with `changes` (a plain View, also of a LazyView: every field is read)."""
        return View(**{f.name: changes.pop(f.name, getattr(self, f.name)) for f in fields(View)}, **changes)


# ---------------------------------------------------------------- tables shared by every view of a game

# Per edition: the key of every district id, and the CityDistrict of every city entry (card id, with the
# Artist's flag). Views hand out these shared immutable records instead of building new ones each time.
_DISTRICT_KEYS: dict[str, tuple[str, ...]] = {}
_CITY_ENTRIES: dict[str, dict[int, CityDistrict]] = {}


def _district_keys(g: Game) -> tuple[str, ...]:
    keys = _DISTRICT_KEYS.get(g.rules.edition.key)
    if keys is None:
        keys = _DISTRICT_KEYS[g.rules.edition.key] = tuple(d.key for d in g.rules.edition.districts)
    return keys


def _city_entries(g: Game) -> dict[int, CityDistrict]:
    table = _CITY_ENTRIES.get(g.rules.edition.key)
    if table is None:
        table = {}
        for cid, d in enumerate(g.rules.edition.districts):
            for flag in (0, BEAUTY):
                table[cid | flag] = CityDistrict(d.key, d.cost + (1 if flag else 0), d.type.key, bool(flag))
        _CITY_ENTRIES[g.rules.edition.key] = table
    return table


# ---------------------------------------------------------------- the fields of a view, one function each


def _players(g: Game, me: int | None) -> tuple[PlayerInfo, ...]:
    dkeys = _district_keys(g)
    ckeys = g.rules.cast_keys
    entries = _city_entries(g)
    museum_in_game = "museum" in g.rules.district_rules
    players = []
    for q in range(g.players):
        if me == q:
            known = tuple(sorted([dkeys[c & CARD] for c in g.hands[q]]))
        elif me is not None:
            known = tuple(sorted([dkeys[c & CARD] for c in g.known[me][q]]))
        else:
            known = ()
        city_size = g.city_size(q)
        players.append(
            PlayerInfo(
                seat=q,
                name=g.config.names[q],
                gold=g.gold[q],
                hand_size=len(g.hands[q]),
                city=tuple([entries[e] for e in g.cities[q]]),
                city_size=city_size,
                crown=g.crown == q,
                revealed=tuple([ckeys[i] for i, who in enumerate(g.round_state.called_by) if who == q]),
                complete=city_size >= g.complete_at,
                known_hand=known,
                museum=len(g.museum) if museum_in_game and g.has(q, "museum") else 0,
            )
        )
    return tuple(players)


def _mine(g: Game, me: int | None) -> bool:
    pd = g.pending()
    return pd is not None and me is not None and pd[0] == me


def _options(g: Game, me: int | None) -> tuple[str, ...]:
    if not _mine(g, me):
        return ()
    if g.phase == SELECT and not g.decision.kind:
        ckeys = g.rules.cast_keys
        return tuple([ckeys[c] for c in sorted(g.selection_options())])
    if g.decision.kind == Decision.KEEP:
        return tuple(g.card_keys(g.turn.drawn))
    if g.decision.kind == Decision.SCHOLAR_KEEP:
        return tuple(g.card_keys(g.decision.data))
    return ()


def _legal(g: Game, me: int | None) -> tuple[Action, ...]:
    # The legal actions if the decision is me's: legal_actions() keeps them as a tuple (`offered`) with the
    # seat they are for (`offered_to`, -1 when the game is over), so neither pending() nor a copy is needed:
    # a bot reads this at every decision of a simulation.
    g.legal_actions()
    return g.offered if g.offered_to == me else ()


def _calling(g: Game, me: int | None) -> str | None:
    if g.phase != SELECT and 0 <= g.current_character < g.cast_size and g.turn.player >= 0:
        return g.rules.cast_keys[g.current_character]
    return None


def _pending_player(g: Game, me: int | None) -> int | None:
    pd = g.pending()
    return pd[0] if pd else None


def _pending_kind(g: Game, me: int | None) -> Decision | None:
    pd = g.pending()
    return pd[1] if pd else None


def _markers(g: Game, me: int | None) -> dict[str, Any]:

    marks = g.markers
    ckeys = g.rules.cast_keys
    placer = g.owner[0] if g.phase != SELECT else -1  # the Magistrate (rank 1)
    bm = blackmailer_player(g) if g.phase != SELECT else -1
    signed = next((i for i, m in enumerate(marks) if m & SIGNED), -1)
    flower = next((i for i, m in enumerate(marks) if m & FLOWER), -1)
    show_signed = signed >= 0 and ((me is not None and me == placer) or marks[signed] & WARRANT_SHOWN)
    show_flower = flower >= 0 and ((me is not None and me == bm) or marks[flower] & THREAT_SHOWN)
    return {
        "bewitched": ckeys[g.bewitched] if g.bewitched >= 0 else None,
        "warrants": tuple(ckeys[i] for i, m in enumerate(marks) if m & WARRANT),
        "signed_warrant": ckeys[signed] if show_signed else None,
        "threats": tuple(ckeys[i] for i, m in enumerate(marks) if m & THREAT and not m & BRIBED),
        "flowered_threat": ckeys[flower] if show_flower else None,
        "revealed_threats": tuple(ckeys[i] for i, m in enumerate(marks) if m & THREAT_SHOWN),
    }


_MARKERS = ("bewitched", "warrants", "signed_warrant", "threats", "flowered_threat", "revealed_threats")

# How each field of View is read from the game for player `me` (markers come together from _markers).
_FIELD: dict[str, Callable[[Game, int | None], Any]] = {
    "edition": lambda g, me: g.config.edition,
    "round": lambda g, me: g.round,
    "phase": lambda g, me: g.phase,
    "players": _players,
    "cast": lambda g, me: tuple(g.config.cast),
    "faceup": lambda g, me: tuple([g.rules.cast_keys[c] for c in g.faceup]),
    "facedown_count": lambda g, me: len(g.facedown),
    "my_characters": lambda g, me: (
        tuple([g.rules.cast_keys[c] for c in g.characters[me]]) if me is not None else ()
    ),
    "hand": lambda g, me: tuple(g.card_keys(g.hands[me])) if me is not None else (),
    "seen_characters": lambda g, me: (
        tuple([g.rules.cast_keys[c] for c in sorted(g.round_state.seen[me])]) if me is not None else ()
    ),
    "killed": lambda g, me: g.rules.cast_keys[g.killed] if g.killed >= 0 else None,
    "robbed": lambda g, me: g.rules.cast_keys[g.robbed] if g.robbed >= 0 else None,
    "calling": _calling,
    "pending_player": _pending_player,
    "pending_kind": _pending_kind,
    "options": _options,
    "legal": _legal,
    "deck_size": lambda g, me: len(g.deck),
    "complete_at": lambda g, me: g.complete_at,
    "first_complete": lambda g, me: g.first_complete if g.first_complete >= 0 else None,
    "last_round": lambda g, me: g.last_round,
    "tax": lambda g, me: g.tax,
    "result": lambda g, me: g.result if g.phase == OVER else None,
    "effects": lambda g, me: effects(g) if _mine(g, me) else (),
}


def view(g: Game, me: int | None) -> View:
    """Everything `me` may know now, read at once (for screens, saved states and tests)."""
    return View(me=me, **{name: read(g, me) for name, read in _FIELD.items()}, **_markers(g, me))


class LazyView(View):
    """A View whose fields are read from the game when first asked for (and kept): what a bot deciding now
    needs costs little, what it never reads costs nothing. Every bot reads `legal`, which is read at once;
    the random bot reads nothing else.

    It is only valid while its decision is open: `decide()` closes it once the bot has chosen, after which
    a field not read yet raises instead of showing a later state. Its fields hold the same values as
    `view(g, me)` (tests/core/test_bots.py proves it field by field)."""

    __slots__ = ("_game",)

    def __init__(self, g: Game, me: int | None) -> None:
        object.__setattr__(self, "_game", g)
        object.__setattr__(self, "me", me)
        # Every bot reads the legal actions, so they are read now (a slot read later, not a lookup).
        object.__setattr__(self, "legal", _legal(g, me))

    def __getattr__(self, name: str) -> Any:
        # Called only for a field not read yet (a set slot is found before __getattr__ is consulted).
        read = _FIELD.get(name)
        if read is None and name not in _MARKERS:
            raise AttributeError(name)
        g = self._game
        if g is None:
            raise RuntimeError(f"the view's decision is over: its {name!r} can no longer be read")
        if read is None:
            for k, value in _markers(g, self.me).items():
                object.__setattr__(self, k, value)
            return getattr(self, name)
        value = read(g, self.me)
        object.__setattr__(self, name, value)
        return value

    def close(self) -> None:
        """The decision is over: forget the game (fields read so far stay readable)."""
        object.__setattr__(self, "_game", None)


def events_for(g: Game, me: int | None, start: int = 0) -> list[Any]:
    """The events `me` may see, from index `start` of the game's event list."""
    if g.events is None:
        return []
    return [e for e in g.events[start:] if e.visible_to(me)]


# ---------------------------------------------------------------- what one player sees of a move

# Kinds of move whose arguments every player sees (a build, a kill, a gathering ...). Of any other move
# (`SECRET_MOVES`) the others see only that it was made: a draft pick or discard, a kept, given or
# discarded card, the markers' faces, a Theater swap.
PUBLIC_MOVES = frozenset(
    {
        "gather",
        "income",
        "bonus",
        "build",
        "end",
        "kill",
        "rob",
        "bewitch",
        "destroy",
        "swap_hands",
        "beautify",
        "collect_tax",
        "pay_gold",
        "emperor",
        "navigate",
        "seize",
        "confiscate",
        "exchange",
        "spy",
        "armory",
        "alms",
        "smithy",
        "abbot_income",
        "queen",
    }
)
SECRET_MOVES = frozenset(
    {
        "choose",
        "discard_character",
        "keep",
        "discard",
        "redraw",
        "threaten",
        "warrants",
        "bribe",
        "refuse_bribe",
        "reveal_threat",
        "laboratory",
        "lighthouse",
        "museum",
        "pay_card",
        "cardinal_give",
        "cardinal_build",
        "emperor_give",
        "scholar_keep",
        "study",
        "seer_give",
        "foresee",
        "wizard",
        "wizard_take",
        "wizard_build",
        "theater",
        "theater_pass",
        "graveyard",
        "bell_tower",
        "let_build",
        "spare",
        "thank",
        "done",
    }
)


def observed_move(me: int | None, player: int, action: Action) -> Action:
    """What seat `me` sees of `player` making `action`: all of it if the move is its own or public, only
    its kind otherwise (a kind not yet sorted into `PUBLIC_MOVES` counts as secret)."""
    if player == me or action.kind in PUBLIC_MOVES:
        return action
    return Action(action.kind)
