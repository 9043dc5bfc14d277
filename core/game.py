"""The game state and its rules engine: decisions, legal actions, apply, events.

The engine never calls out. It stops at a decision (`pending`), lists every legal action
(`legal_actions`) and moves on when `apply(player, action)` is called. Character abilities and unique
district effects live in `characters/` and `districts/` and attach at named hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import legal, refusals, selection, turn_actions
from .actions import Action
from .config import GameConfig
from .districts.base import DistrictRules
from .effects import effect
from .errors import IllegalAction
from .events import Event, shape
from .rng import Rng
from .rules import Rules, rules_of
from .scoring import final_result
from .selection import apply_selection
from .state import OpenDecision, Round, Turn
from .terms import (
    CARD,
    CHOOSE_DECISION,
    DISCARD,
    DISCARD_DECISION,
    NO_DECISION,
    OVER,
    SELECT,
    TURN,
    TURN_DECISION,
    USED_BONUS,
    CardId,
    CastIndex,
    CityEntry,
    Decision,
    Phase,
    Seat,
)
from .turn_actions import build, gather, income, keep

_new_tuple = tuple.__new__  # Game.emit builds events with it (see there)

# The shapes of the event log's compact records (events.shape; see Game.events).
_CALL = shape("call", "character", "answer")
_CALL_REVEALED = shape("call", "character", "answer", "player")
_ROBBED = shape("robbed", "thief", "victim", "character", "amount")
_GAIN_GOLD = shape("gain_gold", "player", "amount", "why")
_GAIN_CARDS = shape("gain_cards", "player", "count", "why")
_GAIN_CARDS_PRIVATE = shape("gain_cards_private", "player", "cards", "why", cards=(1,))
_BUILD = shape("build", "player", "card", "how")
_CROWN = shape("crown", "player", "why")
_CROWN_KEPT = shape("crown", "player", "why", "kept")
_END_TURN = shape("end_turn", "player", "character")
_END_ROUND = shape("end_round", "round")

if TYPE_CHECKING:
    from .effects import Effect


class Game:
    """One game of Citadels. Cheap to `clone()`; all randomness from its own `Rng`.

    A player is a `Seat`, a character a `CastIndex`, a district card a `CardId` and a district in a city a
    `CityEntry` (core/terms.py). A field that names nobody or nothing holds -1 (or "" for a decision). The
    names in brackets are the ones `docs/position.md` writes. Every change is told through `emit` as an
    `Event` (to everyone, or to named seats).
    """

    # ---- fixed for the game: the configuration's `Rules`, shared by every clone (see `FROM_RULES`)
    config: GameConfig
    """The configuration."""
    players: int
    """How many players."""
    rules: Rules
    """The configuration's rules (cast, card tables, hooks, interned actions, prices), shared by every clone
    and never changed by play (`set_district_rules` puts a copy in its place)."""
    complete_at: int
    """Districts in a completed city (the classic Bell Tower can change it)."""
    cast_size: int
    """How many characters are in play."""
    has_rank9: bool
    """The cast has a ninth character."""

    # ---- the table
    rng: Rng
    """The game's generator."""
    log: list[Any] | None
    """What was told since `events` was last read (see `events`); None for a silent game."""
    built_events: list[Event] | None
    """The `Event`s built from `log` so far (what `events` returns); None for a silent game."""
    gold: list[int]
    """Each seat's gold."""
    hands: list[list[CardId]]
    """Each seat's hand."""
    cities: list[list[CityEntry]]
    """Each seat's city, in the order built."""
    deck: list[CardId]
    """The district deck, bottom first: `draw` takes from the end."""
    museum: list[CardId]
    """The cards under the Museum."""
    crown: Seat
    """The seat holding the crown."""
    round: int
    """The round, from 1."""
    phase: Phase
    """SELECT, TURN or OVER."""
    over: bool
    """The phase is OVER: a field set with it, since every loop asks at every decision."""
    first_complete: Seat
    """The seat that first completed a city."""
    last_round: bool
    """This round is the last."""
    known: list[list[list[CardId]]]
    """`known[a][b]`: the cards of b's hand that a has been shown."""
    tax: int
    """Gold on the Tax Collector's token (2016)."""

    # ---- the round
    owner: list[Seat]
    """The seat that took each character, by cast index."""
    characters: list[list[CastIndex]]
    """The characters each seat took, in order."""
    faceup: list[CastIndex]
    """The characters discarded face up."""
    facedown: list[CastIndex]
    """The characters discarded face down."""
    revealed: list[bool]
    """Each character answered its call, by cast index."""
    killed: CastIndex
    """The character the Assassin killed."""
    robbed: CastIndex
    """The character the Thief robs."""
    bewitched: CastIndex
    """The character the Witch bewitched."""
    round_state: Round
    """The round's selection and calls (core/state.py): the characters still passed around (`draft`), the
    picks (`order`, `step`), what each seat was offered (`seen`) and who answered each call (`called_by`)."""

    # ---- the turn
    current_character: CastIndex
    """The character called now [calling]; it passes `cast_size` once the round's calls are over."""
    robber: Seat
    """The Thief's seat."""
    turn: Turn
    """The turn being played (core/state.py): its `player`, what it gathered, built, used, drew and spent."""

    # ---- the open decision
    decision: OpenDecision
    """The follow-up decision an action opened (core/state.py): its `kind` (false when none is open), the
    `player` who answers it and its `data`."""

    # ---- the rest of the game
    markers: list[int]
    """Warrant and threat bits, by cast index (characters/magistrate.py, blackmailer.py)."""
    edition_state: dict[str, Any]
    """State an edition's cards keep for a turn or a game (classic: the Bell Tower announced, the Haunted
    City's round, the Tax Collector's dues, the Hospital turn, the Ball Room's thanks): immutable values,
    copied shallowly by `clone()`."""
    result: dict[str, Any] | None
    """The final scores once the game is over."""
    offered: tuple[Action, ...]
    """The actions `legal_actions()` listed last, until the next action changes the state (see `apply`)."""
    offered_to: Seat
    """The seat `offered` was listed for (read only while `offered` is not empty)."""
    moves: list[tuple[Seat, Action]] | None
    """Every (seat, action) applied through `apply`, once `record_moves()` was called; None otherwise."""

    __slots__ = tuple(__annotations__)

    SHARED = (
        "rules",
        "complete_at",
        "config",
        "players",
        "cast_size",
        "has_rank9",
        "crown",
        "round",
        "phase",
        "over",
        "first_complete",
        "last_round",
        "tax",
        "killed",
        "robbed",
        "bewitched",
        "current_character",
        "robber",
        "result",
    )
    """The fields `clone()` copies by reference: the fixed ones and those that hold immutable values."""

    def __init__(self, config: GameConfig, seed: int, record_events: bool = True) -> None:
        try:
            f = rules_of(config)
        except TypeError:  # a configuration made by hand with a list in it is no cache key
            f = Rules(config)
        self.rules = f
        self.complete_at = f.complete_at
        self.config = config
        self.players = n = config.players
        self.cast_size = len(f.cast)
        self.has_rank9 = self.cast_size == 9

        self.rng = Rng(seed)
        self.log = [] if record_events else None
        self.built_events = [] if record_events else None
        self.moves = None
        deck = list(f.deck)
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands = [[deck.pop() for _ in range(4)] for _ in range(n)]
        self.gold = [2] * n
        self.cities = [[] for _ in range(n)]
        self.museum = []
        self.crown = 0
        self.round = 0
        self.phase = SELECT
        self.over = False
        self.first_complete = -1
        self.last_round = False
        self.known = [[[] for _ in range(n)] for _ in range(n)]
        self.tax = 0
        self.edition_state = {}
        self.result = None
        self.decision = OpenDecision()
        self.turn = Turn()
        self.round_state = Round()
        self.offered = ()
        self.offered_to = -1
        for p in range(n):
            self.emit("deal", {"player": p, "cards": self.card_keys(self.hands[p])}, (p,))
        self.emit(
            "setup",
            {
                "players": list(config.names),
                "crown": 0,
                "cast": list(config.cast),
                "districts": list(config.districts),
            },
        )
        self.start_round()

    # ------------------------------------------------------------------ copying

    def clone(self) -> Game:
        """A full independent copy for search (events are not copied: clones are silent)."""
        g = Game.__new__(Game)
        # The slots of SHARED, copied by reference one by one: a search clones a world for every playout,
        # and a loop of getattr and setattr over SHARED makes a mid-game clone 1.5 times as long (4.9 µs
        # against 7.5 µs, measured; tests/core/test_engine_clone.py checks that every slot is copied).
        g.config = self.config
        g.rules = self.rules
        g.players = self.players
        g.complete_at = self.complete_at
        g.cast_size = self.cast_size
        g.has_rank9 = self.has_rank9
        g.crown = self.crown
        g.round = self.round
        g.phase = self.phase
        g.over = self.over
        g.first_complete = self.first_complete
        g.last_round = self.last_round
        g.tax = self.tax
        g.killed = self.killed
        g.robbed = self.robbed
        g.bewitched = self.bewitched
        g.current_character = self.current_character
        g.robber = self.robber
        g.result = self.result
        g.rng = self.rng.copy()
        g.log = g.built_events = g.moves = None
        g.gold = self.gold[:]
        g.hands = [h[:] for h in self.hands]
        g.cities = [c[:] for c in self.cities]
        g.deck = self.deck[:]
        g.museum = self.museum[:]
        g.known = [[k[:] for k in row] for row in self.known]
        g.owner = self.owner[:]
        g.characters = [c[:] for c in self.characters]
        g.faceup = self.faceup[:]
        g.facedown = self.facedown[:]
        g.revealed = self.revealed[:]
        g.round_state = self.round_state.copy()
        g.turn = self.turn.copy()
        g.decision = self.decision.copy()
        g.markers = self.markers[:]
        g.edition_state = dict(self.edition_state)
        g.offered = ()
        return g

    # ------------------------------------------------------------------ the event log

    # A recorded game makes an event at nearly every step (about 700 in a random 6-player game), and most are
    # never read: a simulation or a server game reads them a few at a time, a benchmark not at all. So the
    # game writes a compact record into `log` and the `Event` is built only when `events` is read:
    # - `log` holds what was told since `events` was last read: `Event`s (from `emit`) and, for the events
    #   of every turn, records `(shape, audience, *values)` written straight at the step that tells them
    #   (the shapes at the top of this module): a tuple of plain values costs a fraction of a data dict
    #   kept alive, which the cyclic garbage collector also walks;
    # - `built_events` holds the `Event`s built so far; reading `events` builds the new ones in order,
    #   empties `log` and returns `built_events` (always the same list: a reader may keep it, see it grow).
    # A silent game (a clone, `record_events=False`) has both None. Rules code asks `log is not None` to know
    # whether to tell anything, never `events` (which would build the events at every step).

    @property
    def events(self) -> list[Event] | None:
        """The event log: every `Event` told so far, in order (None for a silent game)."""
        log = self.log
        if log:
            self._build_events(log)
        return self.built_events

    def _build_events(self, log: list[Any]) -> None:
        built_events = self.built_events
        assert built_events is not None
        districts = self.rules.edition.districts
        for r in log:
            if type(r) is Event:
                built_events.append(r)
                continue
            kind, keys, cards = r[0]
            values = r[2:]
            if cards:  # card ids kept as a tuple, told as a list of card keys (as card_keys() makes it)
                values = list(values)
                for k in cards:
                    values[k] = [districts[c & CARD].key for c in values[k]]
            built_events.append(_new_tuple(Event, (kind, dict(zip(keys, values, strict=True)), r[1])))
        log.clear()

    def emit(self, kind: str, data: dict[str, Any], audience: tuple[int, ...] | None = None) -> None:
        """Tell what just happened: an `Event` of `kind` with its `data` (JSON values), told to everyone, or
        only to the seats in `audience` (a drawn card, a chosen character: RULINGS R2). Rules code calls it
        for every change a player may see; `narrate.TEMPLATES` needs a sentence for each kind. A silent game
        (a clone, `record_events=False`) keeps nothing; build costly `data` only when `log` is not None."""
        log = self.log
        if log is not None:
            # tuple.__new__ straight: calling the named tuple class goes through its generated __new__,
            # a Python function.
            log.append(_new_tuple(Event, (kind, data, audience)))

    # ------------------------------------------------------------------ helpers

    def card_keys(self, cards: list[CityEntry]) -> list[str]:
        """The keys of district cards (city entries too), as events and views name them."""
        d = self.rules.edition.districts
        return [d[c & CARD].key for c in cards]

    def character_key(self, idx: CastIndex) -> str:
        """The key of the character at cast index `idx`."""
        return self.rules.cast_keys[idx]

    def cast_index(self, key: str) -> CastIndex:
        return self.rules.cast_ids.get(key, -1)

    def card_id(self, key: str) -> CardId:
        try:
            return self.rules.card_ids[key]
        except KeyError:
            raise IllegalAction("no_such_district", key=repr(key)) from None

    def has(self, p: Seat, key: str) -> bool:
        """Whether player p's city holds the unique district `key` (and it is in this game)."""
        dr = self.rules.district_rules.get(key)
        if dr is None:
            return False
        city = self.cities[p]
        return not dr.entries.isdisjoint(city)

    def city_size(self, p: Seat) -> int:
        """Districts toward a completed city (the Monument counts as two)."""
        return len(self.cities[p]) + (
            1 if "monument" in self.rules.district_rules and self.has(p, "monument") else 0
        )

    def is_complete(self, p: Seat) -> bool:
        # (asked at every build and by scoring: a city short even with a Monument is answered without calls)
        if len(self.cities[p]) + 1 < self.complete_at:
            return False
        return self.city_size(p) >= self.complete_at

    def entry_cost(self, entry: CityEntry) -> int:
        """A built district's cost, +1 if beautified (RULINGS R14, R33)."""
        return self.rules.entry_costs[entry]

    def draw(self, k: int) -> list[CardId]:
        """Take up to k cards from the top of the deck (RULINGS R1: nothing is reshuffled)."""
        deck = self.deck
        # The top k, last card first, as k pops would take them (fewer if the deck is short), in two steps.
        out = deck[-1 : -k - 1 : -1]
        del deck[len(deck) - len(out) :]
        return out

    def bottom(self, cards: list[CityEntry]) -> None:
        """Put cards face down at the bottom of the deck."""
        for c in cards:
            self.deck.insert(0, c & CARD)

    def gain_cards(self, p: Seat, k: int, why: str) -> None:
        cards = self.draw(k)
        self.hands[p].extend(cards)
        log = self.log
        if log is not None:
            log.append((_GAIN_CARDS, None, p, len(cards), why))
            if cards:
                log.append((_GAIN_CARDS_PRIVATE, (p,), p, tuple(cards), why))

    def gain_gold(self, p: Seat, k: int, why: str) -> None:
        self.gold[p] += k
        log = self.log
        if log is not None:
            log.append((_GAIN_GOLD, None, p, k, why))

    def hand_remove(self, p: Seat, cid: CardId) -> None:
        """Remove one card from p's hand, openly (others who knew it forget that copy)."""
        self.hands[p].remove(cid)
        for row in self.known:
            kn = row[p]
            if kn and cid in kn:
                kn.remove(cid)

    def forget_hand(self, p: Seat) -> None:
        """Cards left p's hand face down: nobody can tell which of the known ones remain."""
        for q in range(self.players):
            if q != p:
                self.known[q][p].clear()

    def character_of(self, p: Seat) -> CastIndex:
        return self.current_character if self.turn.player == p else -1

    def is_protected(self, p: Seat) -> bool:
        """Rank 8 abilities cannot target p's districts (Bishop, RULINGS R13)."""
        return p in self.protected_seats()

    def protected_seats(self) -> list[Seat]:
        """The seats whose districts rank 8 abilities cannot target (Bishop, RULINGS R13)."""
        out = []
        for i in self.rules.hooks.protectors:
            if self.revealed[i] and self.killed != i:
                out.append(self.owner[0] if self.bewitched == i else self.owner[i])
        return out

    # ------------------------------------------------------------------ the selection phase

    # ------------------------------------------------------------------ the turn phase

    def call_next(self) -> None:
        """Call the next character in rank order (the end of the round after the last)."""
        owner = self.owner  # (changed in place within a round)
        log = self.log
        while True:
            self.current_character = i = self.current_character + 1
            if i >= self.cast_size:
                self._end_round()
                return
            p = owner[i]
            if log is not None:
                key = self.rules.cast_keys[i]
                if p < 0:
                    log.append((_CALL, None, key, "none"))
                elif i == self.killed:
                    # RULINGS R5: the killed character stays silent.
                    log.append((_CALL, None, key, "killed"))
                else:
                    log.append((_CALL_REVEALED, None, key, "revealed", p))
            if p < 0:
                continue
            if i == self.killed:
                if self._hospital_turn(i, p):
                    return
                continue
            # Player p answers the call: the character is revealed, robbed if it must be, and its turn begins.
            self.revealed[i] = True
            self.round_state.called_by[i] = p
            self.reset_turn(i, p)
            if self.robbed == i:
                thief = self.robber
                amount = self.gold[p]
                self.gold[p] = 0
                self.gold[thief] += amount
                if log is not None:
                    log.append((_ROBBED, None, thief, p, self.rules.cast_keys[i], amount))
            if "ball_room" in self.rules.district_rules:
                self._ask_thanks(p)
            if self.rules.hooks.reveals[i]:
                self.rules.character_rules[i].on_reveal(self, p)
            if self.phase is TURN and self.turn.player >= 0:
                return

    def _hospital_turn(self, i: CastIndex, p: Seat) -> bool:
        """Classic Hospital: the killed character's player still gathers, but neither builds nor uses the
        character's power; the character stays unrevealed (RULINGS R5)."""
        if "hospital" not in self.rules.district_rules or not self.has(p, "hospital"):
            return False
        self.reset_turn(i, p)
        self.edition_state["hospital"] = 1
        self.emit("hospital", {"player": p})
        self._ask_thanks(p)
        return True

    def _ask_thanks(self, p: Seat) -> None:
        """Classic Ball Room (RULINGS R44): p must thank the crowned owner before anything else."""
        if "ball_room" in self.rules.district_rules and p != self.crown and self.has(self.crown, "ball_room"):
            self.edition_state["thank"] = 1

    def reset_turn(self, i: CastIndex, p: Seat, gathered: bool = False) -> None:
        """Fresh per-turn state for p playing character i (also the Witch resuming as i, having gathered)."""
        t = self.turn
        t.player = p
        t.gathered = gathered
        t.builds = 0
        t.build_limit = self.rules.hooks.build_limits[i]
        t.used = 0
        t.beautified = 0
        t.spent = 0
        t.drawn = []
        self.decision.kind = NO_DECISION

    def cast_index_of_rank(self, rank: int) -> CastIndex:
        for i, r in enumerate(self.rules.character_rules):
            if r.rank == rank:
                return i
        return -1

    def take_crown(self, p: Seat, why: str) -> None:
        if self.crown != p:
            self.crown = p
            log = self.log
            if log is not None:
                log.append((_CROWN, None, p, why))
            for dr in self.rules.district_hooks.crown_watchers:
                dr.on_crown_change(self)  # the classic Throne Room
        elif self.log is not None:
            self.log.append((_CROWN_KEPT, None, p, why, True))

    def end_turn(self) -> None:
        p, i = self.turn.player, self.current_character
        # District effects first: an Alchemist with no gold applies the Poor House before his refund
        # (2016 rulebook, District Clarifications).
        city = self.cities[p]
        for _key, dr in self.rules.district_hooks.end_turn:
            if not dr.entries.isdisjoint(city):
                dr.on_end_turn(self, p)
        es = self.edition_state
        if (not es or not es.pop("hospital", 0)) and self.rules.hooks.turn_ends[i]:
            self.rules.character_rules[i].on_end_turn(self, p)  # a Hospital turn uses no character power
        if es:
            es.pop("thank", None)
        for r in self.rules.hooks.turn_watchers:
            r.after_any_turn(self, p)  # the classic Tax Collector's due
        log = self.log
        if log is not None:
            log.append((_END_TURN, None, p, self.rules.cast_keys[i]))
        self.turn.player = -1
        self.decision.kind = NO_DECISION
        self.call_next()

    def _end_round(self, start: CastIndex = 0) -> None:
        # RULINGS R27: end-of-round effects (heirs, advisors) resolve before scoring.
        for i in self.rules.hooks.round_end:
            if i >= start and self.rules.character_rules[i].on_round_end(self, i):
                return  # a decision opened (the killed Emperor's advisor); its handler calls resume_round_end
        log = self.log
        if log is not None:
            log.append((_END_ROUND, None, self.round))
        if self.last_round:
            self._finish()
        else:
            self.start_round()

    def resume_round_end(self, after: CastIndex) -> None:
        """Go on with the end of the round after character `after`'s end-of-round decision."""
        self.decision.kind = NO_DECISION
        self._end_round(after + 1)

    # ------------------------------------------------------------------ building

    def build_cost(self, p: Seat, cid: CardId) -> int:
        """What district `cid` costs p to build now: its printed cost, one less for a unique district other
        than the Factory in a city that holds the Factory."""
        cost = self.rules.entry_costs[cid]
        factory = self.rules.factory
        if (
            factory is not None
            and cid in self.rules.discounted
            and not factory.entries.isdisjoint(self.cities[p])
        ):
            return cost - 1
        return cost

    def can_build_kind(self, p: Seat, cid: CardId) -> bool:
        """Not a duplicate of a district in p's city, unless the Quarry (or an ability) allows it; the classic
        Quarry allows at most two identical districts (RULINGS R43)."""
        city = self.cities[p]
        if (
            self.rules.card_entries[cid].isdisjoint(city)
            or self.rules.character_rules[self.current_character].allows_duplicates
        ):
            return True  # no copy in the city (or the ability allows any)
        quarry = self.rules.district_rules.get("quarry")
        # (the copies counted only where the Quarry may allow one more)
        return (
            quarry is not None
            and self.has(p, "quarry")
            and sum(1 for c in city if c & CARD == cid) < quarry.max_identical
        )

    def builds_left(self) -> bool:
        t = self.turn
        return t.builds < t.build_limit

    def counts_toward_limit(self, cid: CardId) -> bool:
        """Whether building district `cid` counts toward the building limit (not the Stables, not a Trader's
        trade district)."""
        if cid in self.rules.unique_ids:  # (district rules are the unique districts')
            dr = self.rules.card_rules[cid]
            if dr is not None and not dr.counts_toward_limit:
                return False
        i = self.current_character
        return not self.rules.hooks.limit_exempt[i] or self.rules.character_rules[i].counts_toward_limit(
            self, cid
        )

    def place(self, p: Seat, cid: CardId, how: str, count: bool = True) -> None:
        """Put district `cid` into p's city: limits, completion and build hooks."""
        self.cities[p].append(cid)
        # (counts_toward_limit asked only where a unique district or the character may say no)
        if count and (
            cid not in self.rules.unique_ids
            and not self.rules.hooks.limit_exempt[self.current_character]
            or self.counts_toward_limit(cid)
        ):
            self.turn.builds += 1
        log = self.log
        if log is not None:
            log.append((_BUILD, None, p, self.rules.edition.districts[cid].key, how))
        dr = self.rules.card_rules[cid]
        if dr is not None and dr.has_placed:
            dr.on_placed(self, p)  # classic Lighthouse, Bell Tower, Haunted City
        # (a city two districts short is not complete, whatever it holds: most builds stop at that check)
        if (not self.last_round or self.first_complete < 0) and len(self.cities[p]) + 1 >= self.complete_at:
            if self.is_complete(p):
                if self.first_complete < 0:
                    self.first_complete = p
                    self.last_round = True
                    self.emit("complete", {"player": p, "first": True})
                else:
                    self.last_round = True
        for r in self.rules.hooks.build_watchers:
            r.after_build(self, p, cid)  # the Tax Collector's property tax

    # ------------------------------------------------------------------ decisions

    def pending(self) -> tuple[Seat, Decision] | None:
        """Who must decide now, and what kind of decision; None when the game is over."""
        phase = self.phase
        if phase is TURN:  # (the most common decision first: every harness asks at every decision)
            d = self.decision
            if d.kind:
                return d.player, d.kind
            return self.turn.player, TURN_DECISION
        if phase is SELECT:
            d = self.decision
            if d.kind:
                return d.player, d.kind
            r = self.round_state
            kind = r.order[r.step][1]
            return r.picker, (DISCARD_DECISION if kind is DISCARD else CHOOSE_DECISION)
        return None  # OVER

    def open_follow_up(self, kind: Decision, player: Seat, data: list[int] | None = None) -> None:
        """Open a follow-up decision (choose a card to keep, cards to discard …) for `player`."""
        d = self.decision
        d.kind = kind
        d.player = player
        d.data = data if data is not None else []

    def current_player(self) -> Seat | None:
        pd = self.pending()
        return None if pd is None else pd[0]

    def effect(self, action: Action) -> Effect:
        """What `action`, one of `legal_actions()`, will do to the player deciding now: gold and cards paid
        and gained, its target, whether it destroys a district of his own city (core/effects.py). Worked
        out on request, by the functions the rules charge with."""
        pd = self.pending()
        if pd is None:
            raise IllegalAction("game_over")
        return effect(self, pd[0], action)

    def apply(self, player: Seat, action: Action) -> None:
        """Apply `action` for `player`, or raise IllegalAction and change nothing."""
        # Whoever applies an action has nearly always just listed the legal ones (every bot and harness):
        # an action among those listed for this player since the state last changed is legal without
        # listing them again, or asking who decides. The listed actions are shared objects
        # (`actions.shared`), so the one applied is found by identity: `in` would call the dataclass
        # `__eq__` (a Python function) on every action listed before it.
        offered = self.offered
        if offered and player == self.offered_to:
            for listed in offered:
                if listed is action:
                    if self.phase is SELECT and not self.decision.kind:
                        # A listed pick: its kind and character are known good (_apply_selection checks them).
                        self.pick(player, self.rules.cast_ids[action.args[0]])  # type: ignore[index]  # a listed pick names a character by its key
                    else:
                        self.apply_unchecked(player, action)
                    if self.moves is not None:
                        self.moves.append((player, action))
                    return
        pd = self.pending()
        if pd is None:
            raise IllegalAction("game_over")
        if player != pd[0]:
            raise IllegalAction("not_your_turn", player=self.config.names[pd[0]])
        # An equal action made anew, or one never listed, is checked against what was listed and, failing
        # that, a fresh list, so a game edited by hand still accepts what became legal (it would also keep
        # accepting an action listed before an edit that forbade it).
        if action not in offered and action not in self.list_actions():
            raise self.refusal(player, action)
        self.apply_unchecked(player, action)
        if self.moves is not None:
            self.moves.append((player, action))

    def clone_keeping_moves(self) -> Game:
        """`clone()`, keeping a copy of the moves kept so far (and keeping the moves made on it): the copy a
        bot that follows its search tree by them thinks on (the app's worker processes)."""
        g = self.clone()
        if self.moves is not None:
            g.moves = self.moves[:]
        return g

    def record_moves(self) -> None:
        """From now on keep every action `apply` takes in `moves` (clones never do: simulations keep none)."""
        if self.moves is None:
            self.moves = []

    def apply_unchecked(self, p: Seat, a: Action) -> None:
        """Apply an action known to come from `legal_actions()` (bots, simulations)."""
        self.offered = ()  # the state changes: what was listed no longer holds
        if self.phase is SELECT and not self.decision.kind:
            apply_selection(self, p, a)
            return
        k = a.kind
        if (
            self.edition_state
            and self.edition_state.get("thank")
            and self.phase is TURN
            and not self.decision.kind
        ):
            del self.edition_state["thank"]
            if k == "thank":
                self.emit("thank", {"player": p, "crown": self.crown})
                return
            # RULINGS R44: whoever forgets to thank the crowned Ball Room owner loses the rest of the turn.
            self.emit("forgot_thanks", {"player": p, "crown": self.crown})
            self.end_turn()
            return
        if k == "gather":
            gather(self, p, str(a.args[0]))
        elif k == "build":
            build(self, p, self.card_id(str(a.args[0])), a.args[1:])
        elif k == "income":
            income(self, p)
        elif k == "end":
            self.end_turn()
        elif k == "bonus":
            self.turn.used |= USED_BONUS
            self.rules.character_rules[self.current_character].bonus(self, p)
        elif k == "keep":
            keep(self, p, self.card_id(str(a.args[0])))
        else:
            h = self.rules.handlers.get(k)
            if h is None:
                raise IllegalAction("nothing_lets_you", action=k)
            h(self, p, a)

    # ------------------------------------------------------------------ core turn actions

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        self.phase = OVER
        self.over = True
        self.turn.player = -1
        self.result = final_result(self)
        self.emit("game_over", self.result)

    # ------------------------------------------------------------------ positions as text

    @classmethod
    def from_position(cls, text: str, record_events: bool = True) -> Game:
        """The game at the position `text` (docs/position.md), checked by the rules; `PositionError` (a
        `SaveFileError`) with a sentence when it cannot be read or is not one the rules allow."""
        from .position_text import config_of, parse, settle  # (only a position read needs the format)

        values = parse(text)
        g = cls(config_of(values), 0, record_events=record_events)  # every changing part is set by settle
        settle(g, values)
        return g

    def position(self) -> str:
        """This game's position as text (docs/position.md, version 1)."""
        from .position_text import position

        return position(self)

    # ------------------------------------------------------------------ the parts in their own modules

    # The selection (selection.py) and the turn's own actions (turn_actions.py).
    start_round = selection.start_round
    picker = selection.picker
    selection_options = selection.selection_options
    begin_turn_phase = selection.begin_turn_phase
    pick = selection.pick
    character_name = selection.character_name
    swap_characters = selection.swap_characters
    gathering_done = turn_actions.gathering_done
    income_count = turn_actions.income_count
    pay_and_place = turn_actions.pay_and_place

    # The functions of legal.py and refusals.py, as methods (each takes the game first).
    legal_actions = legal.legal_actions
    list_actions = legal.list_actions
    selection_actions = legal.selection_actions
    follow_up_legal_actions = legal.follow_up_legal_actions
    build_actions = legal.build_actions
    dearest_builds = legal.dearest_builds
    refusal = refusals.refusal
    explain_illegal = refusals.explain_illegal

    def set_district_rules(self, rules: dict[str, DistrictRules]) -> None:
        """Play this game with other rules for its unique districts (tests probe the engine so)."""
        self.rules = self.rules.with_district_rules(rules)
