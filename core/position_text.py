"""The position's text format (docs/position.md): `position(game)` writes a game as text, `settle` sets a fresh
game from it, checked, with one sentence on any error (an impossible position is refused, never half-built).
`citadels_core.position` builds games from positions; `game.py` uses this module for `Game.position` and
`Game.from_position`, and this module uses the game only through the one handed to it.

Version 1 is one `name: JSON value` a line, in a fixed order. Cards and characters are written by key,
players by seat number (0 first), a beautified district as its key with "+". The game's generator state is
part of the position, so the built game has the same future under the same actions."""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from .config import GameConfig
from .errors import ConfigError, SaveFileError
from .rng import Rng
from .rules import rules_of
from .scoring import final_result
from .terms import BEAUTY, CARD, OVER, SELECT, TURN, Decision, Phase
from .view import view

if TYPE_CHECKING:
    from .game import Game

HEADER = "citadels-position"
END_OF_ROUND = "end of round"
VERSION = 1
# The decisions a position may leave open: the follow-ups (the turn and the picks are read from the phase).
_DECISIONS = frozenset(Decision) - {
    Decision.NONE,
    Decision.TURN,
    Decision.CHOOSE_CHARACTER,
    Decision.DISCARD_CHARACTER,
}

# The lines of a position, in order (docs/position.md says what each holds).
FIELDS: tuple[str, ...] = (
    "config",
    "generator",
    "round",
    "phase",
    "crown",
    "complete_at",
    "first_complete",
    "last_round",
    "tax",
    "gold",
    "hands",
    "cities",
    "museum",
    "deck",
    "known",
    "characters",
    "faceup",
    "facedown",
    "draft",
    "selection_step",
    "seen",
    "revealed",
    "called_by",
    "killed",
    "robbed",
    "robber",
    "bewitched",
    "markers",
    "calling",
    "turn_player",
    "gathered",
    "builds",
    "build_limit",
    "used",
    "beautified",
    "spent",
    "drawn",
    "keep",
    "decision",
    "decision_player",
    "decision_data",
    "edition_state",
)


class PositionError(SaveFileError):
    """A position text that cannot be read, or that the rules do not allow."""


# ---------------------------------------------------------------- writing


def position(g: Game) -> str:
    """The position of `g` as text (version 1)."""
    key = g.rules.edition.districts
    ck = g.character_key

    def cards(ids: list[int]) -> list[str]:
        return [key[c].key for c in ids]

    def char(i: int) -> str | None:
        return ck(i) if i >= 0 else None

    values: dict[str, Any] = {
        "config": g.config.to_json(),
        "generator": g.rng.state,
        "round": g.round,
        "phase": g.phase,
        "crown": g.crown,
        "complete_at": g.complete_at,
        "first_complete": g.first_complete if g.first_complete >= 0 else None,
        "last_round": g.last_round,
        "tax": g.tax,
        "gold": g.gold,
        "hands": [cards(h) for h in g.hands],
        "cities": [[key[e & CARD].key + ("+" if e & BEAUTY else "") for e in c] for c in g.cities],
        "museum": cards(g.museum),
        "deck": cards(g.deck),
        "known": [[cards(k) for k in row] for row in g.known],
        "characters": [[ck(i) for i in cs] for cs in g.characters],
        "faceup": [ck(i) for i in g.faceup],
        "facedown": [ck(i) for i in g.facedown],
        "draft": [ck(i) for i in g.round_state.draft],
        "selection_step": g.round_state.step,
        "seen": [[ck(i) for i in s] for s in g.round_state.seen],
        "revealed": [ck(i) for i in range(g.cast_size) if g.revealed[i]],
        "called_by": {ck(i): p for i, p in enumerate(g.round_state.called_by) if p >= 0},
        "killed": char(g.killed),
        "robbed": char(g.robbed),
        "robber": g.robber if g.robber >= 0 else None,
        "bewitched": char(g.bewitched),
        "markers": {ck(i): m for i, m in enumerate(g.markers) if m},
        # Past the last rank the calling is over (the end of the round, or of the game).
        "calling": END_OF_ROUND if g.current_character >= g.cast_size else char(g.current_character),
        "turn_player": g.turn.player if g.turn.player >= 0 else None,
        "gathered": g.turn.gathered,
        "builds": g.turn.builds,
        "build_limit": g.turn.build_limit,
        "used": g.turn.used,
        "beautified": g.turn.beautified,
        "spent": g.turn.spent,
        "drawn": cards(g.turn.drawn),
        "keep": g.turn.keep_count,
        "decision": g.decision.kind or None,
        "decision_player": g.decision.player if g.decision.player >= 0 else None,
        "decision_data": g.decision.data,
        "edition_state": {k: g.edition_state[k] for k in sorted(g.edition_state)},
    }
    return write(HEADER, FIELDS, values)


# ---------------------------------------------------------------- reading


def config_of(values: dict[str, Any]) -> GameConfig:
    """The configuration a position's values name; PositionError if it is not a game."""
    try:
        return GameConfig.from_json(values["config"])
    except ConfigError as e:
        raise PositionError(f"The position's configuration is not a game: {e}") from None


def settle(g: Game, values: dict[str, Any]) -> None:
    """Set every changing part of `g`, a fresh game of the position's configuration, from the position's
    values, checked by the rules."""
    _Reader(g, values).read()
    if g.events is not None:
        g.events.clear()
    _check_decision(g)


def parse(text: str, header: str = HEADER, fields: tuple[str, ...] = FIELDS) -> dict[str, Any]:
    lines = [ln for ln in text.strip().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines or lines[0].replace(" ", "") != f"{header}:{VERSION}":
        if lines and lines[0].split(":")[0].strip() == header:
            raise PositionError(
                f"This position is written in another version ({lines[0].split(':', 1)[1].strip()}); "
                f"this Citadels reads version {VERSION}."
            )
        if lines and header == HEADER and lines[0].split(":")[0].strip() == SEAT_HEADER:
            raise PositionError(
                "This is a seat's position (what one player knows): it is dealt into a game by "
                "from_seat_position, not read as a whole position."
            )
        if lines and header == SEAT_HEADER and lines[0].split(":")[0].strip() == HEADER:
            raise PositionError("This is a whole position, not a seat's: it is read by from_position.")
        raise PositionError(
            f"This is not a Citadels position: one starts with the line '{header}: {VERSION}'."
        )
    values: dict[str, Any] = {}
    for n, line in enumerate(lines[1:], start=2):
        name, sep, raw = line.partition(":")
        name = name.strip()
        if not sep or name not in fields:
            raise PositionError(f"Line {n} of the position names nothing a position holds: {line[:40]!r}.")
        if name in values:
            raise PositionError(f"The position gives '{name}' twice.")
        try:
            values[name] = json.loads(raw)
        except ValueError:
            raise PositionError(f"The position's '{name}' is not a readable value.") from None
    missing = [f for f in fields if f not in values]
    if missing:
        raise PositionError(f"The position has no '{missing[0]}'.")
    return values


class _Reader:
    """Sets each changing part of a fresh game from the position's values, checking each as it goes."""

    def __init__(self, g: Game, values: dict[str, Any]) -> None:
        self.g = g
        self.v = values

    # -- checked readers of one value

    def fail(self, name: str, why: str) -> PositionError:
        return PositionError(f"The position's '{name}' {why}.")

    def int_(
        self, name: str, lo: int = 0, hi: int | None = None, value: Any = None, none: bool = False
    ) -> int:
        x = self.v[name] if value is None else value
        if x is None and none:
            return -1
        if not isinstance(x, int) or isinstance(x, bool) or x < lo or (hi is not None and x > hi):
            bound = f" from {lo} to {hi}" if hi is not None else f" of at least {lo}"
            raise self.fail(name, f"must be a whole number{bound}{' or null' if none else ''}")
        return x

    def bool_(self, name: str) -> bool:
        x = self.v[name]
        if not isinstance(x, bool):
            raise self.fail(name, "must be true or false")
        return x

    def seat(self, name: str, value: Any = None, none: bool = False) -> int:
        return self.int_(name, 0, self.g.players - 1, value, none)

    def per_seat(self, name: str) -> list[Any]:
        x = self.v[name]
        if not isinstance(x, list) or len(x) != self.g.players:
            raise self.fail(name, f"must list one entry for each of the {self.g.players} players")
        return x

    def card(self, name: str, k: Any) -> int:
        cid = self.g.rules.card_ids.get(k) if isinstance(k, str) else None
        if cid is None:
            raise self.fail(name, f"names a district this game has not: {k!r}")
        return cid

    def cards(self, name: str, value: Any = None) -> list[int]:
        x = self.v[name] if value is None else value
        if not isinstance(x, list):
            raise self.fail(name, "must be a list of district cards")
        return [self.card(name, k) for k in x]

    def char(self, name: str, k: Any, none: bool = False) -> int:
        if k is None and none:
            return -1
        i = self.g.cast_index(k) if isinstance(k, str) else -1
        if i < 0:
            raise self.fail(name, f"names a character not in this game's cast: {k!r}")
        return i

    def chars(self, name: str, value: Any = None) -> list[int]:
        x = self.v[name] if value is None else value
        if not isinstance(x, list):
            raise self.fail(name, "must be a list of characters")
        return [self.char(name, k) for k in x]

    # -- the whole position

    def read(self) -> None:
        g, v = self.g, self.v
        gen = v["generator"]
        if not isinstance(gen, int) or isinstance(gen, bool) or not 0 <= gen < 1 << 64:
            raise self.fail("generator", "must be the generator's state, a whole number below 2**64")
        g.rng = Rng(gen)
        g.round = self.int_("round", 1)
        if v["phase"] not in (SELECT, TURN, OVER):
            raise self.fail("phase", f"must be {SELECT.value!r}, {TURN.value!r} or {OVER.value!r}")
        g.phase = Phase(v["phase"])
        g.over = g.phase == OVER
        g.crown = self.seat("crown")
        g.complete_at = self.int_("complete_at", 1, 8)
        g.first_complete = self.seat("first_complete", none=True)
        g.last_round = self.bool_("last_round")
        g.tax = self.int_("tax")
        g.gold = [self.int_("gold", value=x) for x in self.per_seat("gold")]
        g.hands = [self.cards("hands", h) for h in self.per_seat("hands")]
        g.cities = [self._city(c) for c in self.per_seat("cities")]
        g.museum = self.cards("museum")
        g.deck = self.cards("deck")
        g.known = [[self.cards("known", k) for k in self._row(row)] for row in self.per_seat("known")]
        g.turn.drawn = self.cards("drawn")
        self._read_characters()
        self._read_turn()
        self._check_cards()
        self._check_knowledge()
        if g.phase == OVER:
            g.result = final_result(g)
        else:
            g.result = None

    def _city(self, c: Any) -> list[int]:
        if not isinstance(c, list):
            raise self.fail("cities", "must list each player's districts")
        out = []
        for k in c:
            beauty = isinstance(k, str) and k.endswith("+")
            out.append(self.card("cities", k[:-1] if beauty else k) | (BEAUTY if beauty else 0))
        return out

    def _row(self, row: Any) -> list[Any]:
        if not isinstance(row, list) or len(row) != self.g.players:
            raise self.fail(
                "known", f"must hold, for each player, a list for each of the {self.g.players} players"
            )
        return row

    def _read_characters(self) -> None:
        g, v = self.g, self.v
        nc = g.cast_size
        g.characters = [self.chars("characters", cs) for cs in self.per_seat("characters")]
        g.faceup = self.chars("faceup")
        g.facedown = self.chars("facedown")
        g.round_state.draft = self.chars("draft")
        placed = [i for cs in g.characters for i in cs] + g.faceup + g.facedown + g.round_state.draft
        twice = [g.character_key(i) for i, k in Counter(placed).items() if k > 1]
        if twice:
            raise PositionError(f"The {twice[0].replace('_', ' ')} is in two places at once in the position.")
        if g.phase != OVER and len(placed) != nc:
            lost = [g.character_key(i) for i in range(nc) if i not in placed]
            raise PositionError(f"The position says nowhere where the {lost[0].replace('_', ' ')} is.")
        g.owner = [-1] * nc
        for p, cs in enumerate(g.characters):
            for i in cs:
                g.owner[i] = p
        # g.round_state.order, the order of the draft, is the fresh game's: it depends on the players and the cast only.
        g.round_state.step = self.int_("selection_step", 0, len(g.round_state.order))
        g.round_state.seen = [self.chars("seen", s) for s in self.per_seat("seen")]
        r = g.round_state
        r.picker = g.rules.pick_seats[g.crown][r.step] if g.phase is SELECT and r.step < len(r.order) else -1
        revealed = set(self.chars("revealed"))
        g.revealed = [i in revealed for i in range(nc)]
        called = v["called_by"]
        if not isinstance(called, dict):
            raise self.fail("called_by", "must map characters to the players who revealed them")
        g.round_state.called_by = [-1] * nc
        for k, p in called.items():
            g.round_state.called_by[self.char("called_by", k)] = self.seat("called_by", p)
        g.killed = self.char("killed", v["killed"], none=True)
        g.robbed = self.char("robbed", v["robbed"], none=True)
        g.robber = self.seat("robber", none=True)
        g.bewitched = self.char("bewitched", v["bewitched"], none=True)
        markers = v["markers"]
        if not isinstance(markers, dict):
            raise self.fail("markers", "must map characters to their markers")
        g.markers = [0] * nc
        for k, m in markers.items():
            g.markers[self.char("markers", k)] = self.int_("markers", value=m)

    def _read_turn(self) -> None:
        g, v = self.g, self.v
        g.current_character = (
            g.cast_size if v["calling"] == END_OF_ROUND else self.char("calling", v["calling"], none=True)
        )
        g.turn.player = self.seat("turn_player", none=True)
        g.turn.gathered = self.bool_("gathered")
        g.turn.builds = self.int_("builds")
        g.turn.build_limit = self.int_("build_limit")
        g.turn.used = self.int_("used")
        g.turn.beautified = self.int_("beautified")
        g.turn.spent = self.int_("spent")
        g.turn.keep_count = self.int_("keep", 1)
        sub = v["decision"]
        if sub is not None and not (isinstance(sub, str) and sub in _DECISIONS):
            raise self.fail("decision", "must name the open decision, or be null")
        g.decision.kind = Decision(sub or "")
        g.decision.player = self.seat("decision_player", none=True)
        data = v["decision_data"]
        if not isinstance(data, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in data
        ):
            raise self.fail("decision_data", "must be a list of whole numbers")
        g.decision.data = list(data)
        x = v["edition_state"]
        if not isinstance(x, dict):
            raise self.fail("edition_state", "must map names to values")
        g.edition_state = {k: _frozen(val) for k, val in x.items()}
        if g.phase == TURN and not g.decision.kind and not 0 <= g.current_character < g.cast_size:
            raise PositionError("The position is in the players' turns but calls no character.")
        if g.phase == TURN and not g.decision.kind and g.turn.player < 0:
            raise PositionError("The position is in the players' turns but no player is playing.")
        if g.decision.kind and g.decision.player < 0:
            raise PositionError(
                f"The position's decision {g.decision.kind.value!r} has no player to answer it."
            )

    def _check_knowledge(self) -> None:
        """What a player was shown of a hand is in that hand; a character was revealed by its holder."""
        g = self.g
        for a in range(g.players):
            for b in range(g.players):
                extra = Counter(g.known[a][b]) - Counter(g.hands[b])
                if extra:
                    name = g.rules.edition.districts[next(iter(extra))].name
                    raise PositionError(
                        f"Seat {a} is said to know a {name} in the hand of seat {b}, who holds none."
                    )
        for i, p in enumerate(g.round_state.called_by):
            if p >= 0 and (p != g.owner[i] or not g.revealed[i]):
                raise PositionError(
                    f"The {g.character_key(i).replace('_', ' ')} was revealed by seat {p}, who does not "
                    f"hold it face up."
                )

    def _check_cards(self) -> None:
        """Every district card of the game is somewhere, once: the deck, hands, cities, the Museum, the
        drawn cards, or set aside by the open decision."""
        g = self.g
        full = Counter(
            i for i in g.rules.edition.basic_ids for _ in range(g.rules.edition.districts[i].copies)
        )
        for k in g.config.districts:
            u = g.rules.edition.district_by_key[k]
            full[u] += g.rules.edition.districts[u].copies
        here = Counter(g.deck) + Counter(g.museum) + Counter(g.turn.drawn)
        for h in g.hands:
            here.update(h)
        for c in g.cities:
            here.update(e & CARD for e in c)
        for cid, count in here.items():
            if count > full[cid]:
                name = g.rules.edition.districts[cid].name
                raise PositionError(f"The position has {count} {name} cards; this game has {full[cid]}.")
        aside = sum(full.values()) - sum(here.values())
        # An open decision may hold cards aside (the Magician's discards, a district awaiting the Graveyard).
        if aside > len(g.decision.data):
            raise PositionError(f"{aside} district cards of this game are nowhere in the position.")


def _frozen(x: Any) -> Any:
    """Edition state holds immutable values: JSON lists come back as tuples."""
    if isinstance(x, list):
        return tuple(_frozen(y) for y in x)
    return x


def _check_decision(g: Game) -> None:
    """The position must leave someone a decision the rules can answer (or be over)."""
    if g.phase == OVER:
        return
    try:
        legal = g.legal_actions()
    except (AssertionError, IndexError, KeyError, ValueError, TypeError) as e:
        raise PositionError(f"The position's open decision cannot be answered by the rules ({e}).") from None
    if not legal:
        raise PositionError("The position leaves nobody a decision to take.")


# ---------------------------------------------------------------- a seat's position

SEAT_HEADER = "citadels-seat-position"
HIDDEN = "?"  # a card or character the seat cannot see, in the place it is
SEAT_FIELDS: tuple[str, ...] = ("seat", *FIELDS, "hidden_cards", "hidden_characters")
# Marker bits only their placer knows until they are shown (characters/magistrate.py, blackmailer.py).
_SIGNED, _WARRANT, _WARRANT_SHOWN = 2, 1, 8
_FLOWER, _THREAT, _THREAT_SHOWN = 32, 16, 128


def seat_position(g: Game, seat: int) -> str:
    """What seat `seat` knows of `g`, as text: the position with every card and character hidden from that
    seat written as "?" where it is, the hidden ones listed apart (sorted: the seat can work them out from
    what it sees), and no generator. The parts hidden are the ones `redeal` deals again."""
    if not 0 <= seat < g.players:
        raise ValueError(f"there is no seat {seat} in a game of {g.players}")
    values = _values(position(g))
    v = view(g, seat)
    cards: list[str] = []
    chars: list[str] = []

    def hide(items: list[Any], into: list[Any], keep: int = 0) -> list[Any]:
        into.extend(items[keep:])
        return items[:keep] + [HIDDEN] * (len(items) - keep)

    decision, player = values["decision"], values["decision_player"]
    values["generator"] = None  # the future shuffles: hidden from every player
    values["seat"] = seat
    if values["phase"] == OVER:  # the end shows everything (the scores name what each player held)
        values["hidden_cards"] = values["hidden_characters"] = []
        return write(SEAT_HEADER, SEAT_FIELDS, values)
    for q in range(g.players):
        if q == seat:
            continue
        known = list(values["known"][seat][q])
        unknown = list(values["hands"][q])
        for k in known:
            unknown.remove(k)
        values["hands"][q] = known + hide(unknown, cards)
        # What q was shown of a third hand is q's secret; what q was shown of this seat's hand is not.
        values["known"][q] = [k if b == seat else [] for b, k in enumerate(values["known"][q])]
        values["seen"][q] = []
        revealed = set(values["revealed"])
        mine = [c for c in values["characters"][q] if c in revealed]
        values["characters"][q] = mine + hide(
            [c for c in values["characters"][q] if c not in revealed], chars
        )
    # The classic Lighthouse: while the seat looks through the deck it knows the cards, not their order.
    if decision == "lighthouse" and player == seat:
        values["deck"] = sorted(values["deck"])
    else:
        values["deck"] = hide(values["deck"], cards)
    if decision == "keep" and player != seat:
        values["drawn"] = hide(values["drawn"], cards)
    if decision == "scholar_keep" and player != seat:
        key = g.rules.edition.districts
        values["decision_data"] = hide([key[c].key for c in values["decision_data"]], cards)
    owns_museum = any(k.rstrip("+") == "museum" for k in values["cities"][seat])
    if not owns_museum:
        values["museum"] = hide(values["museum"], cards)
    # Characters in the selection: what the seat is offered now it sees, the rest of the draft and the
    # face-down discards it does not.
    picking = values["phase"] == SELECT and decision is None and v.pending_player == seat
    offered = set(v.options) if picking else set()
    for name in ("draft", "facedown"):
        chars.extend(c for c in values[name] if c not in offered)
        values[name] = [c if c in offered else HIDDEN for c in values[name]]
    markers = dict(values["markers"])
    for k, m in markers.items():
        if m & _SIGNED and v.signed_warrant is None:
            m &= ~_SIGNED
        if m & _FLOWER and v.flowered_threat is None:
            m &= ~_FLOWER
        markers[k] = m
    values["markers"] = markers
    values["seat"] = seat
    values["hidden_cards"] = sorted(cards)
    values["hidden_characters"] = sorted(chars)
    return write(SEAT_HEADER, SEAT_FIELDS, values)


def seat_of(text: str) -> int:
    """The seat whose position `text` is (a seat's position); PositionError if it is not one."""
    seat = parse(text, SEAT_HEADER, SEAT_FIELDS)["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise PositionError("The position's 'seat' must be a seat number.")
    return seat


def is_seat_position(text: str) -> bool:
    """Whether `text` claims to be a seat's position (by its first line), not a whole one."""
    first = next(
        (ln for ln in text.strip().splitlines() if ln.strip() and not ln.lstrip().startswith("#")), ""
    )
    return first.split(":")[0].strip() == SEAT_HEADER


def count_hidden(values: dict[str, Any]) -> tuple[int, int]:
    def n(x: Any) -> int:
        return sum(n(y) for y in x) if isinstance(x, list) else int(x == HIDDEN)

    card_fields = ("hands", "deck", "drawn", "museum", "decision_data")
    char_fields = ("characters", "draft", "facedown")
    return sum(n(values[f]) for f in card_fields), sum(n(values[f]) for f in char_fields)


def dealt(values: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """The position's values with every "?" dealt from the hidden cards and characters, shuffled."""
    out: dict[str, Any] = json.loads(json.dumps(values))
    cards, chars = sorted(out["hidden_cards"]), sorted(out["hidden_characters"])
    rng.shuffle(cards)
    rng.shuffle(chars)

    def fill(x: Any, pool: list[str]) -> Any:
        if isinstance(x, list):
            return [fill(y, pool) for y in x]
        return pool.pop() if x == HIDDEN else x

    for f in ("hands", "deck", "drawn", "museum"):
        out[f] = fill(out[f], cards)
    if HIDDEN in out["decision_data"]:
        ids = rules_of(GameConfig.from_json(out["config"])).card_ids
        out["decision_data"] = [
            ids.get(k, -1) if isinstance(k, str) else k for k in fill(out["decision_data"], cards)
        ]
    for f in ("characters", "draft", "facedown"):
        out[f] = fill(out[f], chars)
    out["generator"] = rng.next64()
    # A marker's secret (the signed warrant, the flowered threat) on one of the markers not yet shown.
    markers = out["markers"]
    for secret, kind, shown in ((_SIGNED, _WARRANT, _WARRANT_SHOWN), (_FLOWER, _THREAT, _THREAT_SHOWN)):
        if any(kind & m for m in markers.values()) and not any(secret & m for m in markers.values()):
            hidden = sorted(k for k, m in markers.items() if m & kind and not m & shown)
            if hidden:
                markers[hidden[rng.below(len(hidden))]] |= secret
    for k in ("seat", "hidden_cards", "hidden_characters"):
        del out[k]
    return out


def _values(text: str) -> dict[str, Any]:
    return parse(text, HEADER, FIELDS)


def write(header: str, fields: tuple[str, ...], values: dict[str, Any]) -> str:
    lines = [f"{header}: {VERSION}"]
    lines += [
        f"{name}: {json.dumps(values[name], ensure_ascii=False, separators=(',', ':'))}" for name in fields
    ]
    return "\n".join(lines) + "\n"
