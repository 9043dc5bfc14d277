"""The game state and its rules engine: decisions, legal actions, apply, events.

The engine never calls out. It stops at a decision (`pending`), lists every legal action
(`legal_actions`) and moves on when `apply(player, action)` is called. Character abilities and unique
district effects live in `characters/` and `districts/` and attach at named hooks.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import Action, shared
from .cards import DistrictType
from .characters import rules_for
from .characters.base import CharacterRules
from .config import GameConfig
from .districts import district_rules_for
from .districts.base import DistrictRules
from .edition import Edition
from .errors import IllegalAction
from .events import Event, shape
from .rng import Rng
from .scoring import final_result
from .terms import (
    BEAUTY,
    BONUS,
    CARD,
    END,
    GATHER_CARDS,
    GATHER_GOLD,
    INCOME,
    OVER,
    SELECT,
    THANK,
    TURN,
    USED_BONUS,
    USED_INCOME,
    CardId,
    CastIndex,
    CityEntry,
    Pick,
    Seat,
)

_UNIQUE = DistrictType.UNIQUE
_new_tuple = tuple.__new__  # Game.emit builds events with it (see there)

# The shapes of the event log's compact records (events.shape; see Game.events).
_CALL = shape("call", "character", "answer")
_CALL_REVEALED = shape("call", "character", "answer", "player")
_CHOOSE = shape("choose", "player")
_CHOOSE_PRIVATE = shape("choose_private", "player", "character")
_DISCARD_CHARACTER = shape("discard_character", "player")
_DISCARD_CHARACTER_PRIVATE = shape("discard_character_private", "player", "character")
_ROUND = shape("round", "round", "crown", "faceup", "facedown")
_TURN_PHASE = shape("turn_phase", "round")
_ROBBED = shape("robbed", "thief", "victim", "character", "amount")
_GATHER_GOLD = shape("gather", "player", "resource", "amount")
_GATHER_CARDS = shape("gather", "player", "resource", "drawn", "kept")
_GATHER_PRIVATE = shape("gather_private", "player", "kept", cards=(1,))
_DRAWN_PRIVATE = shape("drawn_private", "player", "cards", cards=(1,))
_KEEP_PRIVATE = shape("keep_private", "player", "card", "discarded", cards=(2,))
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

Handler = Callable[["Game", Seat, Action], None]


class Game:
    """One game of Citadels. Cheap to `clone()`; all randomness from its own `Rng`.

    A player is a seat number (0 to `players - 1`); a character is its index in the cast (`cast`, in rank
    order); a district card is its index in the edition's table (`edition.districts`), and a city entry
    adds the `BEAUTY` flag. A field that names nobody or nothing holds -1 (or "" for a decision). The names
    in brackets are the ones `docs/position.md` writes.

    Fixed for the game (shared by its clones):
        config: the `GameConfig`. edition: the `Edition` (card tables and the edition's rule switches).
        players: how many players. complete_at: districts in a completed city (it can change: Bell Tower).
        cast, cast_keys, cast_ids: the characters in play (edition ids, keys, and index by key).
        cast_size: how many characters; has_rank9: whether the cast has a ninth.
        character_rules, district_rules: the rules objects of the cast (by index) and of the unique
        districts in play (by key); active_districts: those districts that offer actions; gating_rules:
        the characters that may hold back a turn (Witch, Blackmailer, the classic Emperor).
        handlers: the function applying each action kind the cards add. card_ids: district id by key.
        has_alt_pay: some district builds without paying (Framework, Necropolis). has_limit_free: some
        district does not count toward the building limit (Stables). unique_ids: the edition's unique
        districts' ids. district_hooks: the districts with an end-of-turn effect and those acting at the
        selection's end (`_district_hooks`, for the dict `district_rules` it holds first). active_entries: the city
        entries of active_districts (with and without BEAUTY). entry_costs: what a city
        entry costs (see entry_cost), by entry. hooks: the characters that take part in each whole-game
        hook (`Hooks`). faceup_count, selection_script: each round's face-up discards and order of picks
        (`selection_order`, one list shared by all the games of a configuration: never changed).
        interned_builds, interned_choices, interned_discards, interned_keeps: the shared `Action` objects
        legal_actions() hands out, by district id and by character.

    The table: rng (the game's generator), events (the log, None for a silent clone: a property over
    `log`, see there), gold, hands, cities, deck (bottom first: `draw` takes from the end), museum (cards
    under the Museum), crown (the seat holding it), round, phase (SELECT, TURN, OVER), over (the phase is
    OVER: a field set with it, since every loop asks at every decision), first_complete (the seat that
    first completed a city), last_round, known (`known[a][b]`: the cards of b's hand that a has been
    shown), tax (gold on the Tax Collector's token, 2016).

    The round: owner (character -> the seat that took it), characters (seat -> the characters it took,
    in order), faceup and facedown (the discarded characters), draft (the characters still passed around
    in the selection), selection_order (the picks: seat offset from the crown and kind) and selection_step
    (the picks made), seen (what each seat was offered), revealed, called_by (character -> the seat that
    answered its call), killed, robbed, bewitched (characters), robber (the Thief's seat), markers
    (character -> warrant and threat bits: characters/magistrate.py, blackmailer.py).

    The turn: current_character (the character called now [calling]; it passes `cast_size` once the
    round's calls are over), turn_player (the seat whose turn it is, the player of the current character
    or, for a bewitched character, the Witch), gathered (resources were gathered), builds and build_limit
    (districts built toward the limit, and the limit), used (`USED_*` bits: what the turn has used),
    beautified and spent (districts beautified, gold spent building), drawn and keep_count (cards drawn
    and how many of them are still to be kept).

    The follow-up decision: a decision one action opens before the game goes on (keep a drawn card, the
    Magician's discards, the Witch's target, the Graveyard's offer …): follow_up (its kind [decision]),
    follow_up_player (the seat that answers it, not always the player of the turn [decision_player]) and
    follow_up_data (the numbers it needs [decision_data]). `open_follow_up` opens one; `pending()` says
    whose decision is next.

    edition_state: state an edition's cards keep for a turn or a game (classic: the Bell Tower announced,
    the Haunted City's round, the Tax Collector's dues, the Hospital turn, the Ball Room's thanks), a dict
    of immutable values. result: the final scores once the game is over. offered: the actions
    legal_actions() listed last, until the next action (see apply). moves: the actions applied,
    once asked for (`record_moves`).

    Every change is told through `emit` as an `Event` (to everyone, or to named seats).
    """

    __slots__ = (
        # fixed for the game
        "config",
        "edition",
        "players",
        "complete_at",
        "cast",
        "cast_keys",
        "cast_ids",
        "character_rules",
        "cast_size",
        "handlers",
        "card_ids",
        "district_rules",
        "active_districts",
        "has_alt_pay",
        "gating_rules",
        "has_rank9",
        "interned_builds",
        "interned_choices",
        "interned_discards",
        "interned_keeps",
        "entry_costs",
        "hooks",
        "faceup_count",
        "selection_script",
        "active_entries",
        "has_limit_free",
        "unique_ids",
        "district_hooks",
        # table
        "rng",
        "log",
        "built_events",
        "gold",
        "hands",
        "cities",
        "deck",
        "museum",
        "crown",
        "round",
        "phase",
        "over",
        "first_complete",
        "last_round",
        "known",
        "tax",
        # round
        "owner",
        "characters",
        "faceup",
        "facedown",
        "revealed",
        "killed",
        "robbed",
        "bewitched",
        "draft",
        "selection_order",
        "selection_step",
        "seen",
        "called_by",
        # turn
        "current_character",
        "turn_player",
        "robber",
        "gathered",
        "builds",
        "build_limit",
        "used",
        "drawn",
        "keep_count",
        "beautified",
        "spent",
        # the follow-up decision
        "follow_up",
        "follow_up_player",
        "follow_up_data",
        # character markers of the round, bits per cast index (characters/magistrate.py, blackmailer.py)
        "markers",
        # edition state (classic: Bell Tower, Hospital turn, Ball Room thanks, Tax Collector dues …): a dict
        # of immutable values, copied shallowly by clone()
        "edition_state",
        # end
        "result",
        # the actions legal_actions() listed last, until the next action changes the state (see apply), and
        # the seat they were listed for (read only while `offered` is not empty)
        "offered",
        "offered_to",
        # every (seat, action) applied through `apply`, in order, once `record_moves()` was called; None
        # otherwise (a bot that keeps its search tree between decisions asks for it: `bots.decide`)
        "moves",
    )

    # Slots copied by reference in clone() (immutable values or shared static data).
    SHARED = (
        "config",
        "edition",
        "players",
        "complete_at",
        "cast",
        "cast_keys",
        "cast_ids",
        "character_rules",
        "cast_size",
        "handlers",
        "card_ids",
        "district_rules",
        "active_districts",
        "has_alt_pay",
        "gating_rules",
        "has_rank9",
        "interned_builds",
        "interned_choices",
        "interned_discards",
        "interned_keeps",
        "entry_costs",
        "hooks",
        "faceup_count",
        "selection_script",
        "active_entries",
        "has_limit_free",
        "unique_ids",
        "district_hooks",
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
        "selection_order",
        "selection_step",
        "current_character",
        "turn_player",
        "follow_up_player",
        "robber",
        "gathered",
        "builds",
        "build_limit",
        "used",
        "follow_up",
        "keep_count",
        "beautified",
        "spent",
        "result",
    )

    def __init__(self, config: GameConfig, seed: int, record_events: bool = True) -> None:
        try:
            f = _fixed(config)
        except TypeError:  # a configuration made by hand with a list in it is no cache key
            f = _Fixed(config)
        self.config = config
        self.edition = f.edition
        self.players = n = config.players
        self.complete_at = f.complete_at
        self.cast = f.cast
        self.cast_keys = f.cast_keys
        self.cast_ids = f.cast_ids
        self.cast_size = len(f.cast)
        self.has_rank9 = self.cast_size == 9
        self.character_rules = f.character_rules
        self.card_ids = f.card_ids
        self.district_rules = f.district_rules
        self.active_districts = f.active_districts
        self.has_alt_pay = f.has_alt_pay
        self.gating_rules = f.gating_rules
        self.handlers = f.handlers
        self.interned_builds = f.interned_builds
        self.interned_choices = f.interned_choices
        self.interned_discards = f.interned_discards
        self.interned_keeps = f.interned_keeps
        self.entry_costs = f.entry_costs
        self.hooks = f.hooks
        self.faceup_count = f.faceup_count
        self.selection_script = f.selection_script
        self.active_entries = f.active_entries
        self.has_limit_free = f.has_limit_free
        self.unique_ids = f.unique_ids
        self.district_hooks = _district_hooks(self.district_rules)

        self.rng = Rng(seed)
        self.log: list[Any] | None = [] if record_events else None
        self.built_events: list[Event] | None = [] if record_events else None
        self.moves: list[tuple[Seat, Action]] | None = None
        deck = list(f.deck)
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands = [[deck.pop() for _ in range(4)] for _ in range(n)]
        self.gold = [2] * n
        self.cities: list[list[CityEntry]] = [[] for _ in range(n)]
        self.museum: list[CardId] = []
        self.crown = 0
        self.round = 0
        self.phase = SELECT
        self.over = False
        self.first_complete = -1
        self.last_round = False
        self.known: list[list[list[CardId]]] = [[[] for _ in range(n)] for _ in range(n)]
        self.tax = 0
        self.edition_state: dict[str, Any] = {}
        self.result: dict[str, Any] | None = None
        self.follow_up = ""
        self.follow_up_data: list[int] = []
        self.drawn: list[CardId] = []
        self.gathered = False
        self.builds = self.used = self.beautified = self.spent = 0
        self.build_limit = self.keep_count = 1
        self.offered: tuple[Action, ...] = ()
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
        # and a loop of getattr and setattr by name cost half the clone (tests/test_engine_clone.py checks
        # that every slot is copied).
        g.config = self.config
        g.edition = self.edition
        g.players = self.players
        g.complete_at = self.complete_at
        g.cast = self.cast
        g.cast_keys = self.cast_keys
        g.cast_ids = self.cast_ids
        g.character_rules = self.character_rules
        g.cast_size = self.cast_size
        g.handlers = self.handlers
        g.card_ids = self.card_ids
        g.district_rules = self.district_rules
        g.active_districts = self.active_districts
        g.has_alt_pay = self.has_alt_pay
        g.gating_rules = self.gating_rules
        g.has_rank9 = self.has_rank9
        g.interned_builds = self.interned_builds
        g.interned_choices = self.interned_choices
        g.interned_discards = self.interned_discards
        g.interned_keeps = self.interned_keeps
        g.entry_costs = self.entry_costs
        g.hooks = self.hooks
        g.faceup_count = self.faceup_count
        g.selection_script = self.selection_script
        g.active_entries = self.active_entries
        g.has_limit_free = self.has_limit_free
        g.unique_ids = self.unique_ids
        g.district_hooks = self.district_hooks
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
        g.selection_order = self.selection_order
        g.selection_step = self.selection_step
        g.current_character = self.current_character
        g.turn_player = self.turn_player
        g.follow_up_player = self.follow_up_player
        g.robber = self.robber
        g.gathered = self.gathered
        g.builds = self.builds
        g.build_limit = self.build_limit
        g.used = self.used
        g.follow_up = self.follow_up
        g.keep_count = self.keep_count
        g.beautified = self.beautified
        g.spent = self.spent
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
        g.draft = self.draft[:]
        g.seen = [s[:] for s in self.seen]
        g.called_by = self.called_by[:]
        g.drawn = self.drawn[:]
        g.follow_up_data = self.follow_up_data[:]
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
        districts = self.edition.districts
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
        d = self.edition.districts
        return [d[c & CARD].key for c in cards]

    def character_key(self, idx: CastIndex) -> str:
        """The key of the character at cast index `idx`."""
        return self.cast_keys[idx]

    def cast_index(self, key: str) -> CastIndex:
        return self.cast_ids.get(key, -1)

    def card_id(self, key: str) -> CardId:
        try:
            return self.card_ids[key]
        except KeyError:
            raise IllegalAction("no_such_district", key=repr(key)) from None

    def has(self, p: Seat, key: str) -> bool:
        """Whether player p's city holds the unique district `key` (and it is in this game)."""
        dr = self.district_rules.get(key)
        if dr is None:
            return False
        city = self.cities[p]
        return dr.id in city or (dr.id | BEAUTY) in city

    def city_size(self, p: Seat) -> int:
        """Districts toward a completed city (the Monument counts as two)."""
        return len(self.cities[p]) + (
            1 if "monument" in self.district_rules and self.has(p, "monument") else 0
        )

    def is_complete(self, p: Seat) -> bool:
        # (asked at every build and by scoring: a city short even with a Monument is answered without calls)
        if len(self.cities[p]) + 1 < self.complete_at:
            return False
        return self.city_size(p) >= self.complete_at

    def entry_cost(self, entry: CityEntry) -> int:
        """A built district's cost, +1 if beautified (RULINGS R14, R33)."""
        return self.entry_costs[entry]

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
        return self.current_character if self.turn_player == p else -1

    def is_protected(self, p: Seat) -> bool:
        """Rank 8 abilities cannot target p's districts (Bishop, RULINGS R13)."""
        return p in self.protected_seats()

    def protected_seats(self) -> list[Seat]:
        """The seats whose districts rank 8 abilities cannot target (Bishop, RULINGS R13)."""
        out = []
        for i in self.hooks.protectors:
            if self.revealed[i] and self.killed != i:
                out.append(self.owner[0] if self.bewitched == i else self.owner[i])
        return out

    # ------------------------------------------------------------------ the selection phase

    def start_round(self) -> None:
        """A new round: the characters are shuffled, the discards made and the selection begins."""
        n, nc = self.players, self.cast_size
        self.round += 1
        self.phase = SELECT
        self.owner = [-1] * nc
        self.characters: list[list[CastIndex]] = [[] for _ in range(n)]
        self.revealed = [False] * nc
        self.called_by = [-1] * nc
        self.killed = self.robbed = self.bewitched = self.robber = -1
        self.markers = [0] * nc
        self.follow_up_player = -1
        self.current_character = -1
        self.turn_player = -1
        self.seen: list[list[CastIndex]] = [[] for _ in range(n)]
        self.follow_up = ""
        deck = list(range(nc))
        self.rng.shuffle(deck)
        facedown_first = self.edition.facedown_first
        if facedown_first:
            self.facedown = [deck.pop()]
        faceup: list[CastIndex] = []
        nup = self.faceup_count
        while len(faceup) < nup:
            c = deck.pop()
            if self.hooks.ranks[c] == 4:
                # RULINGS R6: rank 4 is never face up; it is shuffled back and another card replaces it.
                deck.append(c)
                self.rng.shuffle(deck)
                continue
            faceup.append(c)
        self.faceup = faceup
        if not facedown_first:
            self.facedown = [deck.pop()]
        self.draft = deck
        self.selection_order = self.selection_script
        self.selection_step = 0
        log = self.log
        if log is not None:
            log.append((_ROUND, None, self.round, self.crown, [self.cast_keys[c] for c in faceup], 1))
        self._advance_selection()

    def picker(self) -> Seat:
        """The seat whose pick it is in the selection."""
        return (self.crown + self.selection_order[self.selection_step][0]) % self.players

    def selection_options(self) -> list[CastIndex]:
        """Character cards the current picker chooses from."""
        off, kind = self.selection_order[self.selection_step]
        if kind is Pick.CHOOSE_LAST and len(self.draft) == 1:
            return self.draft + self.facedown
        return self.draft

    def _advance_selection(self) -> None:
        while self.selection_step < len(self.selection_order):
            off, kind = self.selection_order[self.selection_step]
            if kind is Pick.RANDOM_DISCARD:
                # 3 players: the third player discards one of the remaining cards at random.
                c = self.draft.pop(self.rng.below(len(self.draft)))
                self.facedown.append(c)
                if self.log is not None:
                    self.emit("discard_random", {"player": self.picker()})
                self.selection_step += 1
                continue
            seen = self.seen[(self.crown + off) % self.players]  # the picker's
            draft = self.draft
            # selection_options(), added to what the picker has seen: at once at the seat's first pick of
            # the round (with 4 or more players, its only one)
            options = draft + self.facedown if kind is Pick.CHOOSE_LAST and len(draft) == 1 else draft
            if not seen:
                seen.extend(options)
            else:
                for c in options:
                    if c not in seen:
                        seen.append(c)
            return
        # Selection over: the unchosen cards are discarded face down.
        self.facedown.extend(self.draft)
        self.draft = []
        self._end_selection()

    def _end_selection(self) -> None:
        dh = self.district_hooks
        if dh[0] is not self.district_rules:  # another dict of rules, handed to the game (tests)
            dh = self.district_hooks = _district_hooks(self.district_rules)
        for dr in dh[2]:  # (the others' on_selection_end does nothing)
            if dr.on_selection_end(self):
                return  # a district (Theater) opened a decision; it resumes the turn phase
        self.begin_turn_phase()

    def begin_turn_phase(self) -> None:
        self.phase = TURN
        self.follow_up = ""
        log = self.log
        if log is not None:
            log.append((_TURN_PHASE, None, self.round))
        self.call_next()

    def _apply_selection(self, p: Seat, a: Action) -> None:
        off, kind = self.selection_order[self.selection_step]
        if a.kind != ("discard_character" if kind is Pick.DISCARD else "choose") or len(a.args) != 1:
            raise IllegalAction("discard_passed" if kind is Pick.DISCARD else "choose")
        idx = self.cast_ids.get(str(a.args[0]), -1)  # cast_index
        if idx not in (
            self.draft + self.facedown if kind is Pick.CHOOSE_LAST and len(self.draft) == 1 else self.draft
        ):
            # (that list: selection_options())
            raise IllegalAction("character_not_held", character=self.character_name(a.args[0]))
        self.pick(p, idx)

    def pick(self, p: Seat, idx: CastIndex) -> None:
        """The selection's pick by the picker p (no follow-up open): the character at cast index `idx`, chosen
        or discarded as the pick's kind says. Known legal (one of `selection_options()`), like
        `apply_unchecked`'s actions: the `hard` bot's playouts pick by cast index (a fifth of their
        decisions), without an action to make and read back."""
        self.offered = ()  # the state changes: what was listed no longer holds
        kind = self.selection_order[self.selection_step][1]
        if kind is Pick.CHOOSE_LAST and len(self.draft) == 1:
            opts = self.draft + self.facedown
            # The last player took the face-down card too: the other one goes face down.
            other = [c for c in opts if c != idx][0]
            self.draft = []
            self.facedown = [other]
        else:
            self.draft.remove(idx)
        if kind is Pick.DISCARD:
            self.facedown.append(idx)
            log = self.log
            if log is not None:
                log.append((_DISCARD_CHARACTER, None, p))
                log.append((_DISCARD_CHARACTER_PRIVATE, (p,), p, self.cast_keys[idx]))
        else:
            self.owner[idx] = p
            self.characters[p].append(idx)
            log = self.log
            if log is not None:
                log.append((_CHOOSE, None, p))
                log.append((_CHOOSE_PRIVATE, (p,), p, self.cast_keys[idx]))
        self.selection_step += 1
        self._advance_selection()

    def character_name(self, key: Any) -> str:
        """The English name of the character `key`, for the engine's sentences."""
        i = self.edition.character_by_key.get(str(key))
        return self.edition.characters[i].name if i is not None else str(key)

    def swap_characters(self, p: Seat, q: Seat, ip: Seat, iq: Seat) -> None:
        """Exchange p's character ip with q's character iq (Theater)."""
        self.characters[p][self.characters[p].index(ip)] = iq
        self.characters[q][self.characters[q].index(iq)] = ip
        self.owner[ip], self.owner[iq] = q, p

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
                key = self.cast_keys[i]
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
            # Player p answers the call: the character is revealed, robbed if it must be, and its turn
            # begins, with reset_turn(i, p) written out (every turn begins here: a search plays millions).
            self.revealed[i] = True
            self.called_by[i] = p
            self.turn_player = p
            self.builds = self.used = self.beautified = self.spent = 0
            self.build_limit = self.hooks.build_limits[i]
            self.follow_up = ""
            self.drawn = []
            self.gathered = False
            if self.robbed == i:
                thief = self.robber
                amount = self.gold[p]
                self.gold[p] = 0
                self.gold[thief] += amount
                if log is not None:
                    log.append((_ROBBED, None, thief, p, self.cast_keys[i], amount))
            if "ball_room" in self.district_rules:
                self._ask_thanks(p)
            if self.hooks.reveals[i]:
                self.character_rules[i].on_reveal(self, p)
            if self.phase == TURN and self.turn_player >= 0:
                return

    def _hospital_turn(self, i: CastIndex, p: Seat) -> bool:
        """Classic Hospital: the killed character's player still gathers, but neither builds nor uses the
        character's power; the character stays unrevealed (RULINGS R5)."""
        if "hospital" not in self.district_rules or not self.has(p, "hospital"):
            return False
        self.reset_turn(i, p)
        self.gathered = False
        self.edition_state["hospital"] = 1
        self.emit("hospital", {"player": p})
        self._ask_thanks(p)
        return True

    def _ask_thanks(self, p: Seat) -> None:
        """Classic Ball Room (RULINGS R44): p must thank the crowned owner before anything else."""
        if "ball_room" in self.district_rules and p != self.crown and self.has(self.crown, "ball_room"):
            self.edition_state["thank"] = 1

    def reset_turn(self, i: CastIndex, p: Seat) -> None:
        """Fresh per-turn state for p playing character i (also the Witch resuming as i)."""
        self.turn_player = p
        self.builds = 0
        self.build_limit = self.character_rules[i].build_limit
        self.used = 0
        self.beautified = 0
        self.spent = 0
        self.follow_up = ""
        self.drawn = []

    def cast_index_of_rank(self, rank: int) -> CastIndex:
        for i, r in enumerate(self.character_rules):
            if r.rank == rank:
                return i
        return -1

    def take_crown(self, p: Seat, why: str) -> None:
        if self.crown != p:
            self.crown = p
            log = self.log
            if log is not None:
                log.append((_CROWN, None, p, why))
            dh = self.district_hooks
            if dh[0] is not self.district_rules:  # another dict of rules, handed to the game (tests)
                dh = self.district_hooks = _district_hooks(self.district_rules)
            for dr in dh[3]:  # the districts that watch the crown
                dr.on_crown_change(self)  # the classic Throne Room
        elif self.log is not None:
            self.log.append((_CROWN_KEPT, None, p, why, True))

    def end_turn(self) -> None:
        p, i = self.turn_player, self.current_character
        # District effects first: an Alchemist with no gold applies the Poor House before his refund
        # (2016 rulebook, District Clarifications).
        dh = self.district_hooks
        if dh[0] is not self.district_rules:  # another dict of rules, handed to the game (tests)
            dh = self.district_hooks = _district_hooks(self.district_rules)
        for _key, dr in dh[1]:  # the districts with an end-of-turn effect
            if dr.id in self.cities[p] or (dr.id | BEAUTY) in self.cities[p]:  # has(p, key), without the call
                dr.on_end_turn(self, p)
        es = self.edition_state
        if (not es or not es.pop("hospital", 0)) and self.hooks.turn_ends[i]:
            self.character_rules[i].on_end_turn(self, p)  # a Hospital turn uses no character power
        if es:
            es.pop("thank", None)
        for r in self.hooks.turn_watchers:
            r.after_any_turn(self, p)  # the classic Tax Collector's due
        log = self.log
        if log is not None:
            log.append((_END_TURN, None, p, self.cast_keys[i]))
        self.turn_player = -1
        self.follow_up = ""
        self.call_next()

    def _end_round(self, start: CastIndex = 0) -> None:
        # RULINGS R27: end-of-round effects (heirs, advisors) resolve before scoring.
        for i in self.hooks.round_end:
            if i >= start and self.character_rules[i].on_round_end(self, i):
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
        self.follow_up = ""
        self._end_round(after + 1)

    # ------------------------------------------------------------------ building

    def build_cost(self, p: Seat, cid: CardId) -> int:
        d = self.edition.districts[cid]
        cost = d.cost
        if "factory" in self.district_rules and d.unique and d.key != "factory" and self.has(p, "factory"):
            cost -= 1
        return cost

    def can_build_kind(self, p: Seat, cid: CardId) -> bool:
        """Not a duplicate of a district in p's city, unless the Quarry (or an ability) allows it; the classic
        Quarry allows at most two identical districts (RULINGS R43)."""
        city = self.cities[p]
        if (cid not in city and cid | BEAUTY not in city) or self.character_rules[
            self.current_character
        ].allows_duplicates:
            return True  # no copy in the city (or the ability allows any)
        quarry = self.district_rules.get("quarry")
        # (the copies counted only where the Quarry may allow one more)
        return (
            quarry is not None
            and self.has(p, "quarry")
            and sum(1 for c in city if c & CARD == cid) < quarry.max_identical
        )

    def builds_left(self) -> bool:
        return self.builds < self.build_limit

    def counts_toward_limit(self, cid: CardId) -> bool:
        """Whether building district `cid` counts toward the building limit (not the Stables, not a Trader's
        trade district)."""
        if cid in self.unique_ids:  # (district rules are the unique districts')
            dr = self.district_rules.get(self.edition.districts[cid].key)
            if dr is not None and not dr.counts_toward_limit:
                return False
        i = self.current_character
        return not self.hooks.limit_exempt[i] or self.character_rules[i].counts_toward_limit(self, cid)

    def place(self, p: Seat, cid: CardId, how: str, count: bool = True) -> None:
        """Put district `cid` into p's city: limits, completion and build hooks."""
        self.cities[p].append(cid)
        # (counts_toward_limit asked only where a unique district or the character may say no)
        if count and (
            cid not in self.unique_ids
            and not self.hooks.limit_exempt[self.current_character]
            or self.counts_toward_limit(cid)
        ):
            self.builds += 1
        log = self.log
        if log is not None:
            log.append((_BUILD, None, p, self.edition.districts[cid].key, how))
        dr = self.district_rules.get(self.edition.districts[cid].key) if cid in self.unique_ids else None
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
        for r in self.hooks.build_watchers:
            r.after_build(self, p, cid)  # the Tax Collector's property tax

    # ------------------------------------------------------------------ decisions

    def pending(self) -> tuple[Seat, str] | None:
        """Who must decide now, and what kind of decision; None when the game is over."""
        phase = self.phase
        if phase == TURN:  # (the most common decision first: every harness asks at every decision)
            if self.follow_up:
                return self.follow_up_player, self.follow_up
            return self.turn_player, "turn"
        if phase == SELECT:
            if self.follow_up:
                return self.follow_up_player, self.follow_up
            off, kind = self.selection_order[self.selection_step]
            # (picker(), written out: every harness asks at every pick)
            return (self.crown + off) % self.players, (
                "discard_character" if kind is Pick.DISCARD else "choose_character"
            )
        return None  # OVER

    def open_follow_up(self, kind: str, player: Seat, data: list[int] | None = None) -> None:
        """Open a follow-up decision (choose a card to keep, cards to discard …) for `player`."""
        self.follow_up = kind
        self.follow_up_player = player
        self.follow_up_data = data if data is not None else []

    def current_player(self) -> Seat | None:
        pd = self.pending()
        return None if pd is None else pd[0]

    def legal_actions(self) -> list[Action]:
        """Every action the pending player may take now."""
        if self.phase == TURN and not self.follow_up and not self.edition_state:
            # The most common decision, straight to its list (no Hospital turn, no thanks owed): a search
            # lists the actions millions of times, and each call on the way costs.
            out = self._turn_actions_of_character()
            self.offered_to = self.turn_player
        elif self.phase == SELECT and not self.follow_up:
            # A pick, a fifth of a game's decisions: selection_actions() and picker(), written out (each
            # call costs about as much as the little each does).
            off, kind = self.selection_order[self.selection_step]
            draft = self.draft
            acts = self.interned_discards if kind is Pick.DISCARD else self.interned_choices
            out = [
                acts[c]
                for c in sorted(
                    draft + self.facedown if kind is Pick.CHOOSE_LAST and len(draft) == 1 else draft
                )
            ]
            self.offered_to = (self.crown + off) % self.players
        elif self.follow_up == "keep" and not self.over:
            out = _keep_actions(self)  # keeping a drawn card, after nearly every gathering of cards
            self.offered_to = self.follow_up_player
        else:
            out = self._list_actions()
            pd = self.pending()
            self.offered_to = -1 if pd is None else pd[0]
        self.offered = tuple(out)  # apply() looks here first (see there)
        return out

    def effect(self, action: Action) -> Effect:
        """What `action`, one of `legal_actions()`, will do to the player deciding now: gold and cards paid
        and gained, its target, whether it destroys a district of his own city (core/effects.py). Worked
        out on request, by the functions the rules charge with."""
        from .effects import effect  # (only screens and hints ask: not imported by every start)

        pd = self.pending()
        if pd is None:
            raise IllegalAction("game_over")
        return effect(self, pd[0], action)

    def _list_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == SELECT:
            if self.follow_up:
                return self.follow_up_legal_actions()
            return self.selection_actions()
        if self.follow_up:
            return self.follow_up_legal_actions()
        return self._turn_actions()

    def selection_actions(self) -> list[Action]:
        """The legal actions of a pick in the selection (no follow-up open): choose or discard a character."""
        acts = (
            self.interned_discards
            if self.selection_order[self.selection_step][1] is Pick.DISCARD
            else self.interned_choices
        )
        return [acts[c] for c in sorted(self.selection_options())]

    def follow_up_legal_actions(self) -> list[Action]:
        """The legal actions of the open follow-up decision: what legal_actions() lists while one is open
        (without asking who decides, or keeping them for apply)."""
        fn = FOLLOW_UP_ACTIONS.get(self.follow_up)
        if fn is None:
            for dr in self.district_rules.values():
                if self.follow_up in dr.follow_ups:
                    return dr.follow_up_actions(self)
            for r in self.character_rules:
                if self.follow_up in r.follow_ups:
                    return r.follow_up_actions(self)
            raise AssertionError(f"no actions for decision {self.follow_up}")
        return fn(self)

    def _turn_actions(self) -> list[Action]:
        if self.edition_state.get("hospital"):
            # Classic Hospital: an action (gold or cards); no build, no income, no character power. The
            # owner's purple districts still work: the card forbids only building and the power.
            out = [GATHER_GOLD, GATHER_CARDS] if not self.gathered else []
            city = self.cities[self.turn_player]
            for dr in self.active_districts:
                if dr.id in city or (dr.id | BEAUTY) in city:
                    dr.actions(self, self.turn_player, out)
            if self.gathered:
                out.append(END)
        else:
            out = self._turn_actions_of_character()
        if self.edition_state.get("thank"):
            out = [THANK, *out]  # RULINGS R44: anything else first loses the rest of the turn
        return out

    def _turn_actions_of_character(self) -> list[Action]:
        p = self.turn_player
        i = self.current_character
        r = self.character_rules[i]
        for gr in self.gating_rules:
            gate = gr.gate(self, p)  # Witch, Blackmailer: only gathering is allowed now
            if gate is not None:
                return gate
        gathered = self.gathered
        hooks = self.hooks
        # The gatherings, income and bonus, from a table (see Hooks.openings).
        out: list[Action] = list(hooks.openings[i][(self.used & _OPENING_USED) | gathered])
        if hooks.acts[i]:
            r.actions(self, p, out)
        city = self.cities[p]
        if not self.active_entries.isdisjoint(city):
            for dr in self.active_districts:
                if dr.id in city or (dr.id | BEAUTY) in city:
                    dr.actions(self, p, out)
        if gathered:
            if hooks.builders[i] and self.hands[p]:
                out.extend(self.build_actions(p))
            if not hooks.may_keep_turn[i] or r.may_end(self, p):
                out.append(END)
        return out

    def build_actions(self, p: Seat, dearest: bool = False) -> list[Action]:
        """The builds p may make now: the paid ones in the hand's order, then the unpaid ones. With
        `dearest`, in a game without unpaid builds (`has_alt_pay`), only the first of the dearest by printed
        cost (what the `hard` bot's rollouts build): a card no dearer than one found is not checked."""
        if dearest and not self.has_alt_pay:
            return self.dearest_builds(p)
        out: list[Action] = []
        hand = self.hands[p]
        if not hand:
            return out
        left = self.builds < self.build_limit
        if not left and not self.hooks.limit_exempt[self.current_character] and not self.has_limit_free:
            return out  # every build counts toward the limit, and it is reached
        gold = self.gold[p]
        city = self.cities[p]
        costs = self.entry_costs  # a card id is a city entry without BEAUTY: its printed cost
        builds = self.interned_builds
        # Only districts in this game can offer unpaid builds (Framework, Necropolis).
        alt = [dr for dr in self.district_rules.values() if dr.alt_pay] if self.has_alt_pay else ()
        unpaid: list[Action] = []  # listed after the paid builds
        factory: bool | None = None  # p's city holds the Factory (asked at the first unique district)
        unique_ids = self.unique_ids
        paid_only = not alt
        for cid in dict.fromkeys(hand):  # each kind of card in the hand once, in the hand's order
            cost = costs[cid]
            if cid not in unique_ids:
                # A basic district (always buildable, _Fixed checks), built for its printed cost or, where a
                # district of the game allows it, without paying: most of a hand, checked without its card.
                if paid_only:
                    # (the common case in one test: affordable, not a copy of one in the city unless allowed,
                    # within the limit)
                    if (
                        cost <= gold
                        and (cid not in city and cid | BEAUTY not in city or self.can_build_kind(p, cid))
                        and (left or not self.counts_toward_limit(cid))
                    ):
                        out.append(builds[cid])
                    continue
                if (cid in city or cid | BEAUTY in city) and not self.can_build_kind(p, cid):
                    continue
                if not left and self.counts_toward_limit(cid):
                    continue
                for adr in alt:
                    adr.alt_build_actions(self, p, cid, unpaid)
                if cost <= gold:
                    out.append(builds[cid])
                continue
            # A unique district: the Factory lowers its cost, the Thieves' Den is paid partly in cards, some
            # refuse to be built now (the Monument) or ever (the Secret Vault).
            d = self.edition.districts[cid]
            if cost > gold + 1 and paid_only:
                # Too dear even with the Factory's discount: only a district paid partly in cards (the
                # Thieves' Den) may still be built. (The checks below only ask: skipping them is safe.)
                dr = self.district_rules.get(d.key)
                if dr is None or not dr.custom_build:
                    continue
            if not d.buildable or ((cid in city or cid | BEAUTY in city) and not self.can_build_kind(p, cid)):
                continue
            if not left and self.counts_toward_limit(cid):
                continue
            dr = self.district_rules.get(d.key)
            if dr is not None and dr.build_refusal(self, p):
                continue
            for adr in alt:
                adr.alt_build_actions(self, p, cid, unpaid)
            if factory is None:
                factory = "factory" in self.district_rules and self.has(p, "factory")
            cost = d.cost - 1 if factory and d.key != "factory" else d.cost  # build_cost()
            if dr is not None and dr.custom_build:
                allowed = dr.can_build(self, p, cost)  # the Thieves' Den is paid partly in cards
            else:
                allowed = cost <= gold
            if allowed:
                out.append(builds[cid])
        out.extend(unpaid)
        return out

    def dearest_builds(self, p: Seat) -> list[Action]:
        """`build_actions(p, dearest=True)` in a game without unpaid builds (not `has_alt_pay`): the first of
        the dearest builds by printed cost, or nothing. The same checks (questions only, so their order does
        not matter; a unique district too dear even with the Factory is passed over first), without the
        unpaid builds' set-up: the `hard` bot's rollouts ask for it at nearly every decision of a turn after
        gathering, and the hand is short (two or three cards), so the set-up was most of the cost."""
        hand = self.hands[p]
        if not hand:
            return []
        left = self.builds < self.build_limit
        if not left and not self.hooks.limit_exempt[self.current_character] and not self.has_limit_free:
            return []  # every build counts toward the limit, and it is reached
        gold = self.gold[p]
        costs = self.entry_costs  # a card id is a city entry without BEAUTY: its printed cost
        unique_ids = self.unique_ids
        out: list[Action] = []
        top = -1  # the printed cost to beat
        factory: bool | None = None  # p's city holds the Factory (asked at the first unique district)
        for cid in hand:
            cost = costs[cid]
            if cost <= top:
                continue  # no dearer than the one found
            d = self.edition.districts[cid]
            if cost > gold:
                if cid not in unique_ids:
                    continue  # too dear, and no other way to pay for it
                if cost > gold + 1:
                    # Too dear even with the Factory's discount: only a district paid partly in cards (the
                    # Thieves' Den) may still be built. (The checks below only ask: skipping them is safe.)
                    dr = self.district_rules.get(d.key)
                    if dr is None or not dr.custom_build:
                        continue
            city = self.cities[p]
            if not d.buildable or ((cid in city or cid | BEAUTY in city) and not self.can_build_kind(p, cid)):
                continue
            if not left and self.counts_toward_limit(cid):
                continue
            if d.type is _UNIQUE:
                dr = self.district_rules.get(d.key)
                if dr is not None and dr.build_refusal(self, p):
                    continue
                if factory is None:
                    fr = self.district_rules.get("factory")  # has(p, "factory"), without the call
                    factory = fr is not None and (fr.id in city or fr.id | BEAUTY in city)
                price = cost - 1 if factory and d.key != "factory" else cost  # build_cost()
                if dr is not None and dr.custom_build:
                    allowed = dr.can_build(self, p, price)  # the Thieves' Den is paid partly in cards
                else:
                    allowed = price <= gold
                if not allowed:
                    continue
            # (any other card passed: it costs no more than the gold)
            out = [self.interned_builds[cid]]
            top = cost
        return out

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
                    if self.phase == SELECT and not self.follow_up:
                        # A listed pick: its kind and character are known good (_apply_selection checks them).
                        self.pick(player, self.cast_ids[action.args[0]])  # type: ignore[index]
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
        if action not in offered and action not in self._list_actions():
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
        if self.phase == SELECT and not self.follow_up:
            self._apply_selection(p, a)
            return
        k = a.kind
        if (
            self.edition_state
            and self.edition_state.get("thank")
            and self.phase == TURN
            and not self.follow_up
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
            self._gather(p, str(a.args[0]))
        elif k == "build":
            # card_id(), without its calls when the key is known (an int finds nothing: card_id says so)
            cid = self.card_ids.get(a.args[0])  # type: ignore[arg-type]
            self._build(p, self.card_id(str(a.args[0])) if cid is None else cid, a.args[1:])
        elif k == "income":
            self._income(p)
        elif k == "end":
            self.end_turn()
        elif k == "bonus":
            self.used |= USED_BONUS
            self.character_rules[self.current_character].bonus(self, p)
        elif k == "keep":
            cid = self.card_ids.get(a.args[0])  # type: ignore[arg-type]  # (as for a build)
            self._keep(p, self.card_id(str(a.args[0])) if cid is None else cid)
        else:
            h = self.handlers.get(k)
            if h is None:
                raise IllegalAction("nothing_lets_you", action=k)
            h(self, p, a)

    def explain_illegal(self, p: Seat, a: Action) -> str:
        """One sentence saying why `a` is not allowed now (`refusal`'s, in English)."""
        return str(self.refusal(p, a))

    def refusal(self, p: Seat, a: Action) -> IllegalAction:
        """Why `a` is not allowed now: the refusal `apply` raises, a code and its fields (core/errors.py)."""
        pd = self.pending()
        if pd is None:
            return IllegalAction("game_over")
        kind = pd[1]
        k = a.kind
        if kind in ("choose_character", "discard_character"):
            if k in ("choose", "discard_character") and a.args:
                return IllegalAction("character_not_held", character=self.character_name(a.args[0]))
            return IllegalAction("choose_first" if kind == "choose_character" else "discard_held")
        if kind == "keep" and k != "keep":
            return IllegalAction("keep_first")
        if kind != "turn" and k not in {x.kind for x in self.legal_actions()}:
            return IllegalAction("finish_first", action=kind.replace("_", " "))
        if (
            kind == "turn"
            and k in ("bonus", "navigate")
            and not self.gathered
            and not self.used & USED_BONUS
            and self.character_rules[self.current_character].bonus_after_action
            and not self.edition_state.get("hospital")
        ):
            return IllegalAction("bonus_after_action")
        if kind == "turn":
            for gr in self.gating_rules:
                why = gr.gate_refusal(self, p, k)  # the classic Emperor gives the crown away first
                if why is not None:
                    return why
        if (
            kind == "turn"
            and k != "gather"
            and not self.gathered
            and all(x.kind == "gather" for x in self.legal_actions())
        ):
            return IllegalAction("gather_only")
        if k == "build":
            return self._refuse_build(p, str(a.args[0]) if a.args else "", a.args)
        if k == "gather":
            return IllegalAction("already_gathered")
        if k == "end":
            return IllegalAction("gather_before_end")
        if k == "income":
            if self.character_rules[self.current_character].income is None:
                return IllegalAction(
                    "no_income", character=self.character_name(self.character_key(self.current_character))
                )
            return IllegalAction("income_taken")
        same = [x for x in self.legal_actions() if x.kind == k]
        if same:
            targets = ", ".join(" ".join(map(str, x.args)) for x in same[:8]) + (
                " …" if len(same) > 8 else ""
            )
            return IllegalAction("wrong_target", targets=targets)
        for r in self.character_rules:
            if k in r.handlers() and r is not self.character_rules[self.current_character]:
                return IllegalAction("only_character", character=self.character_name(r.key))
        if k in self.handlers:
            return IllegalAction("used_or_not_allowed")
        return IllegalAction("nothing_lets_you", action=k.replace("_", " "))

    def _refuse_alt_build(self, p: Seat, name: str, how: tuple[Any, ...]) -> IllegalAction:
        """Why building without paying (Framework, Necropolis) is not allowed as asked."""
        if how[0] != "destroy" or len(how) != 2:
            return IllegalAction("pay_or_destroy", card=name)
        victim = self.card_ids.get(str(how[1]))
        if victim is None or not any(e & CARD == victim for e in self.cities[p]):
            return IllegalAction("nothing_to_destroy", key=how[1])
        if name != "Necropolis":
            return IllegalAction("only_framework", card=name)
        return IllegalAction("cannot_build_that_way", card=name)

    def _refuse_build(self, p: Seat, key: str, args: tuple[Any, ...] = ()) -> IllegalAction:
        cid = self.card_ids.get(key)
        if cid is None:
            return IllegalAction("no_such_district", key=repr(key))
        d = self.edition.districts[cid]
        if not self.gathered:
            return IllegalAction("gather_before_build")
        if cid not in self.hands[p]:
            return IllegalAction("not_in_hand", card=d.name)
        if not d.buildable:
            return IllegalAction("never_buildable", card=d.name)
        if not self.character_rules[self.current_character].may_build:
            return IllegalAction(
                "character_cannot_build",
                character=self.character_name(self.character_key(self.current_character)),
            )
        if not self.builds_left() and self.counts_toward_limit(cid):
            return IllegalAction("build_limit", n=self.build_limit)
        if not self.can_build_kind(p, cid):
            return IllegalAction("already_built", card=d.name)
        dr = self.district_rules.get(d.key)
        if dr is not None:
            why = dr.build_refusal(self, p)
            if why is not None:
                return why
        if len(args) > 1:
            return self._refuse_alt_build(p, d.name, args[1:])
        cost = self.build_cost(p, cid)
        if cost > self.gold[p]:
            return IllegalAction("too_dear", card=d.name, cost=cost, gold=self.gold[p])
        return IllegalAction("cannot_build_now", card=d.name)

    # ------------------------------------------------------------------ core turn actions

    def _gather(self, p: Seat, what: str) -> None:
        self.gathered = True
        rules = self.district_rules
        city = self.cities[p]
        # has(p, key) for the districts that change a gathering, written out: every turn gathers.
        if what == "gold":
            dr = rules.get("gold_mine")
            amount = 3 if dr is not None and (dr.id in city or dr.id | BEAUTY in city) else 2
            self.gold[p] += amount
            log = self.log
            if log is not None:
                log.append((_GATHER_GOLD, None, p, "gold", amount))
        else:
            dr = rules.get("observatory")
            k = 3 if dr is not None and (dr.id in city or dr.id | BEAUTY in city) else 2
            drawn = self.draw(k)
            keep_n = 1
            dr = rules.get("library")
            if dr is not None and (dr.id in city or dr.id | BEAUTY in city):
                # Classic: Library + Observatory draw 3 and keep 2 (RULINGS R43); otherwise keep all.
                lo = self.edition.library_observatory_keep
                keep_n = lo if lo and k == 3 else len(drawn)
            if keep_n >= len(drawn):
                self.hands[p].extend(drawn)
                log = self.log
                if log is not None:
                    log.append((_GATHER_CARDS, None, p, "cards", len(drawn), len(drawn)))
                    log.append((_GATHER_PRIVATE, (p,), p, tuple(drawn)))
            else:
                self.drawn = drawn
                self.keep_count = keep_n
                # open_follow_up("keep", p), written out
                self.follow_up = "keep"
                self.follow_up_player = p
                self.follow_up_data = []
                log = self.log
                if log is not None:
                    log.append((_GATHER_CARDS, None, p, "cards", len(drawn), keep_n))
                    log.append((_DRAWN_PRIVATE, (p,), p, tuple(drawn)))
        if self.hooks.gathers[self.current_character] and not self.edition_state.get("hospital"):
            self.character_rules[self.current_character].after_gather(self, p)
        if self.follow_up != "keep" and self.gating_rules:  # (gathering_done asks only these)
            self.gathering_done(p)

    def _keep(self, p: Seat, cid: CardId) -> None:
        drawn = self.drawn
        drawn.remove(cid)
        self.hands[p].append(cid)
        if self.keep_count > 1:
            self.keep_count -= 1  # classic Library + Observatory: one more to keep
            self.emit(
                "keep_private", {"player": p, "card": self.edition.districts[cid].key, "discarded": []}, (p,)
            )
            return
        self.bottom(drawn)
        log = self.log
        if log is not None:
            log.append((_KEEP_PRIVATE, (p,), p, self.edition.districts[cid].key, tuple(drawn)))
        self.drawn = []
        self.follow_up = ""
        i = self.current_character
        if self.hooks.keeps[i] and not self.edition_state.get("hospital"):
            self.character_rules[i].after_keep(self, p)
        if self.gating_rules:  # (gathering_done asks only these)
            self.gathering_done(p)

    def gathering_done(self, p: Seat) -> None:
        """Gathering resources is over (a drawn card was kept): the threat is resolved, the Witch bewitches,
        the bewitched player's turn ends (RULINGS R16, R18)."""
        if self.edition_state.get("hospital"):
            return
        for r in self.gating_rules:
            r.after_gathering(self, p)

    def income_count(self, p: Seat, t: DistrictType) -> int:
        n = 0
        E = self.edition
        for c in self.cities[p]:
            d = E.districts[c & CARD]
            if d.type is t or d.key == "school_of_magic":
                n += 1
        return n

    def _income(self, p: Seat) -> None:
        r = self.character_rules[self.current_character]
        assert r.income is not None
        self.used |= USED_INCOME
        k = self.income_count(p, r.income)
        if r.income_resource == "cards":
            self.gain_cards(p, k, "income")
        elif r.income_resource == "gold":
            self.gain_gold(p, k, "income")
        else:
            r.mixed_income(self, p, k)  # the Abbot chooses gold and cards

    def _build(self, p: Seat, cid: CardId, how: tuple[Any, ...] = ()) -> None:
        d = self.edition.districts[cid]
        dr = self.district_rules.get(d.key)
        self.hand_remove(p, cid)
        if how:
            # Built without paying its cost (Framework, Necropolis): the district offering it builds it.
            for adr in self.district_rules.values():
                if adr.alt_pay and adr.alt_build(self, p, cid, how):
                    return
            raise AssertionError(f"no district builds {d.key} by {how}")
        cost = d.cost  # build_cost(), written out: every build of a search passes here
        if (
            "factory" in self.district_rules
            and cid in self.unique_ids  # d.unique, without the property's call
            and d.key != "factory"
            and self.has(p, "factory")
        ):
            cost -= 1
        if dr is not None and dr.custom_build:
            dr.start_build(self, p, cost)
            return
        self.pay_and_place(p, cid, cost)

    def pay_and_place(self, p: Seat, cid: CardId, gold: int, count: bool = True) -> None:
        self.gold[p] -= gold
        self.spent += gold
        for r in self.hooks.build_watchers:
            if r.intercept_paid_build(self, p, cid, gold, count):
                return  # the Magistrate decides whether to confiscate; his decision places the district
        self.place(p, cid, "paid", count)

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        self.phase = OVER
        self.over = True
        self.turn_player = -1
        self.result = final_result(self)
        self.emit("game_over", self.result)

    # ------------------------------------------------------------------ positions as text

    # position.py builds and reads games, so game.py names it only at call time, through importlib: a
    # static import (even inside the method) would put game.py, position.py and view.py in one import
    # cycle, which the engine's acyclic contract refuses and in which mypy cannot infer the fields that
    # __init__ sets (docs/engine.md, "A position as text").

    @classmethod
    def from_position(cls, text: str, record_events: bool = True) -> Game:
        """The game at the position `text` (docs/position.md), checked by the rules; `PositionError` (a
        `SaveFileError`) with a sentence when it cannot be read or is not one the rules allow."""
        read: Callable[[str, bool], Game] = importlib.import_module(".position", __package__).from_position
        return read(text, record_events)

    def position(self) -> str:
        """This game's position as text (docs/position.md, version 1)."""
        write: Callable[[Game], str] = importlib.import_module(".position", __package__).position
        return write(self)


class _Fixed:
    """What a game takes from its configuration alone: rules, tables, interned actions, the unshuffled deck."""

    def __init__(self, config: GameConfig) -> None:
        config.validate()
        E: Edition = config.ed
        self.edition = E
        # RULINGS R40: the classic "shorter game" plays to one district fewer.
        self.complete_at = E.complete_size(config.players) - (1 if config.shorter else 0)
        self.cast = tuple(E.character_by_key[k] for k in config.cast)
        self.cast_keys = tuple(E.characters[c].key for c in self.cast)  # by cast index
        self.cast_ids = {k: i for i, k in enumerate(self.cast_keys)}  # cast index by key
        self.character_rules = tuple(rules_for(E.characters[c].key, E.key) for c in self.cast)
        self.card_ids = {k: i for i, k in enumerate(d.key for d in E.districts)}
        uniques = tuple(E.district_by_key[k] for k in config.districts)
        self.district_rules = district_rules_for(E, uniques)
        self.active_districts = tuple(dr for dr in self.district_rules.values() if dr.has_actions)
        self.active_entries = frozenset(e for dr in self.active_districts for e in (dr.id, dr.id | BEAUTY))
        self.has_alt_pay = any(dr.alt_pay for dr in self.district_rules.values())
        self.has_limit_free = any(not dr.counts_toward_limit for dr in self.district_rules.values())
        self.gating_rules = tuple(r for r in self.character_rules if r.gates)
        handlers: dict[str, Handler] = {}
        for r in self.character_rules:
            handlers.update(r.handlers())
        for dr in self.district_rules.values():
            handlers.update(dr.handlers())
        self.handlers = handlers
        # Interned actions: legal_actions() hands out these shared objects instead of new ones.
        self.interned_builds = tuple(Action("build", (d.key,)) for d in E.districts)
        self.interned_choices = tuple(Action("choose", (E.characters[c].key,)) for c in self.cast)
        self.interned_discards = tuple(Action("discard_character", (E.characters[c].key,)) for c in self.cast)
        self.interned_keeps = tuple(shared("keep", d.key) for d in E.districts)
        # A city entry's cost (Game.entry_cost) by the entry itself: a card id, with or without BEAUTY. Rank 8
        # abilities sort every city by it each time they list their targets.
        costs = tuple(d.cost for d in E.districts)
        self.unique_ids = frozenset(i for i, d in enumerate(E.districts) if d.type is DistrictType.UNIQUE)
        # Game.build_actions checks only a unique district's `buildable` (the Secret Vault's): a basic one
        # that could never be built would need its check back.
        assert all(d.buildable for i, d in enumerate(E.districts) if i not in self.unique_ids)
        self.entry_costs = costs + (0,) * (BEAUTY - len(costs)) + tuple(c + 1 for c in costs)
        self.hooks = Hooks(self.character_rules)
        # The same at every round's start (a search starts tens of thousands of rounds).
        self.faceup_count = _faceup_count(config.players, len(self.cast))
        self.selection_script = _selection_script(config.players, len(self.cast), E.random_discard_3p)
        deck = [i for i in E.basic_ids for _ in range(E.districts[i].copies)]
        deck += [u for u in uniques for _ in range(E.districts[u].copies)]  # classic: two Keeps
        self.deck = tuple(deck)


class Hooks:
    """The characters that take part in each whole-game hook, in the cast's order: the engine calls only
    these instead of asking every character at every turn (a search plays millions of turns). (Districts
    are asked through `district_rules`, which tests may replace by hand.)"""

    def __init__(self, characters: tuple[CharacterRules, ...]) -> None:
        # Cast indexes of characters whose holder's city rank 8 abilities cannot reach (Bishop).
        self.protectors = tuple(i for i, r in enumerate(characters) if r.protects)
        self.build_watchers = tuple(r for r in characters if r.watches_builds)
        self.turn_watchers = tuple(r for r in characters if r.watches_turn_ends)
        # Cast indexes of characters with an end-of-round effect (rules that override on_round_end).
        self.round_end = tuple(
            i for i, r in enumerate(characters) if type(r).on_round_end is not CharacterRules.on_round_end
        )
        # By cast index: the character lists abilities in its turn (overrides actions), and it may forbid
        # ending the turn (overrides may_end: the Emperor must first move the crown).
        self.acts = tuple(type(r).actions is not CharacterRules.actions for r in characters)
        self.may_keep_turn = tuple(type(r).may_end is not CharacterRules.may_end for r in characters)
        # By cast index: the character does something when revealed, after gathering, after keeping a drawn
        # card, at its turn's end.
        self.reveals = tuple(type(r).on_reveal is not CharacterRules.on_reveal for r in characters)
        self.gathers = tuple(type(r).after_gather is not CharacterRules.after_gather for r in characters)
        self.keeps = tuple(type(r).after_keep is not CharacterRules.after_keep for r in characters)
        self.turn_ends = tuple(type(r).on_end_turn is not CharacterRules.on_end_turn for r in characters)
        # By cast index: some builds of the character's turn may not count toward the limit (the Trader).
        self.limit_exempt = tuple(
            type(r).counts_toward_limit is not CharacterRules.counts_toward_limit for r in characters
        )
        # By cast index: the action kinds the character's abilities add (its handlers).
        self.kinds = tuple(frozenset(r.handlers()) for r in characters)
        # By cast index: what a turn reads of the character (its rank, the district type of its income, its
        # bonus, whether it builds and how many). Read here by index, not on the rules: one place in the code
        # meets the rules of every class, and Python's fast attribute path holds one class per place (a
        # class attribute read through many classes takes the slow general path each time).
        self.ranks = tuple(r.rank for r in characters)
        self.incomes = tuple(r.income for r in characters)
        self.bonuses = tuple(r.has_bonus for r in characters)
        self.builders = tuple(r.may_build for r in characters)
        self.build_limits = tuple(r.build_limit for r in characters)
        # By cast index, then by `(used & _OPENING_USED) | gathered`: what a turn's list of actions begins
        # with (the gatherings, the income, the bonus), as `_opening` says; a turn lists its actions at
        # every decision, and one look-up replaces a handful of checks.
        self.openings = tuple(tuple(_opening(r, key) for key in range(_OPENING_USED + 2)) for r in characters)


_OPENING_USED = USED_BONUS | USED_INCOME  # the bits of Game.used that the opening of a turn's list reads
assert _OPENING_USED == 6  # (Hooks.openings is indexed by these bits with `gathered` as bit 0)


def _opening(r: CharacterRules, key: int) -> tuple[Action, ...]:
    """The first actions of a turn's list for a character with rules `r`; key: the turn's `used` bits
    (USED_BONUS, USED_INCOME) with `gathered` as bit 0."""
    gathered = bool(key & 1)
    out: list[Action] = [] if gathered else [GATHER_GOLD, GATHER_CARDS]
    if r.income is not None and not key & USED_INCOME:
        out.append(INCOME)
    if r.has_bonus and not key & USED_BONUS and (gathered or not r.bonus_after_action):
        out.append(BONUS)
    return tuple(out)


# The districts with an end-of-turn effect (has_end_turn), and those that act at the selection's end (that
# override on_selection_end: the Theater), and those that watch the crown (the classic Throne Room), by the
# district_rules dict they come from: every turn and every
# round ask, and a dict of the game's fourteen-odd districts is a long walk. Keyed by the dict itself (held
# here, so its id stays its own) because tests may hand a game another dict of rules.
_DistrictHooks = tuple[
    dict[str, DistrictRules],
    tuple[tuple[str, DistrictRules], ...],
    tuple[DistrictRules, ...],
    tuple[DistrictRules, ...],
]
_DISTRICT_HOOKS: dict[int, _DistrictHooks] = {}


def _district_hooks(rules: dict[str, DistrictRules]) -> _DistrictHooks:
    known = _DISTRICT_HOOKS.get(id(rules))
    if known is None or known[0] is not rules:
        known = _DISTRICT_HOOKS[id(rules)] = (
            rules,
            tuple((k, dr) for k, dr in rules.items() if dr.has_end_turn),
            tuple(
                dr for dr in rules.values() if type(dr).on_selection_end is not DistrictRules.on_selection_end
            ),
            tuple(dr for dr in rules.values() if dr.watches_crown),
        )
    return known


@functools.lru_cache(maxsize=64)
def _fixed(config: GameConfig) -> _Fixed:
    """The fixed part of games of `config`, made once per configuration: simulations, tournaments and
    search bots start thousands of games of one configuration. Sharing it is safe because rules objects
    hold no game state (clones of a game already share them); a configuration is immutable, and one that
    fails validation raises every time (errors are not cached)."""
    return _Fixed(config)


def _keep_actions(g: Game) -> list[Action]:
    keeps = g.interned_keeps
    return [keeps[c] for c in dict.fromkeys(g.drawn)]  # each kind once, in order


FOLLOW_UP_ACTIONS: dict[str, Callable[[Game], list[Action]]] = {"keep": _keep_actions}


def _faceup_count(n: int, nc: int) -> int:
    """Face-up discards at the start of a round (2016 rulebook tables)."""
    if n <= 3:
        return 0
    if nc == 8:
        return {4: 2, 5: 1, 6: 0, 7: 0}.get(n, 0)
    return {4: 3, 5: 2, 6: 1, 7: 0, 8: 0}.get(n, 0)


def _selection_script(n: int, nc: int, random_discard_3p: bool = True) -> list[tuple[int, Pick]]:
    """The order of picks: (seat offset from the crown, kind)."""
    c, d = Pick.CHOOSE, Pick.DISCARD
    if n == 2:
        return [(0, c), (1, c), (1, d), (0, c), (0, d), (1, c), (1, d)]
    if n == 3 and not random_discard_3p:
        # Classic: two picks each; the last player picks one of the last two, the other goes face down.
        return [(0, c), (1, c), (2, c), (0, c), (1, c), (2, c)]
    if n == 3:
        return [(0, c), (1, c), (2, c), (2, Pick.RANDOM_DISCARD), (0, c), (1, c), (2, c)]
    script = [(i, c) for i in range(n)]
    if nc - _faceup_count(n, nc) - 1 == n:
        script[-1] = (n - 1, Pick.CHOOSE_LAST)
    return script
