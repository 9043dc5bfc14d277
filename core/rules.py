"""The rules of one configuration: what every game of it shares and never changes.

`Rules` is made once per configuration (`rules_of`) and shared by every game of it and by every clone: the
cast and its rules objects, the card tables, the hooks the engine calls, the interned actions `legal_actions`
hands out, the prices of city entries and the order of the selection's picks. A game copies these facts by
reference (`Game.__init__`); it never changes them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import Action, shared
from .cards import DistrictType
from .characters import rules_for
from .characters.base import CharacterRules
from .config import GameConfig
from .districts import district_rules_for
from .districts.base import DistrictRules
from .edition import Edition
from .terms import (
    BEAUTY,
    BONUS,
    GATHER_CARDS,
    GATHER_GOLD,
    INCOME,
    USED_BONUS,
    USED_INCOME,
    CardId,
    Pick,
    Seat,
)

if TYPE_CHECKING:
    from .game import Game

Handler = Callable[["Game", Seat, Action], None]


class Rules:
    """What a game takes from its configuration alone: rules, tables, interned actions, the unshuffled deck."""

    __slots__ = {
        "edition": "The `Edition`: card tables and the edition's rule switches.",
        "complete_at": "Districts in a completed city at the start (the Bell Tower may change a game's).",
        "cast": "The characters in play, as the edition's ids, in rank order (a cast index indexes it).",
        "cast_keys": "The characters' keys, by cast index.",
        "cast_ids": "The cast index of each character, by key.",
        "character_rules": "The characters' rules objects, by cast index.",
        "card_ids": "The card id of each district, by key.",
        "district_rules": "The rules objects of the unique districts in play, by key.",
        "card_rules": "The rules object of each card id's district in play (`district_rules`), else None.",
        "active_districts": "The unique districts in play that offer actions.",
        "active_entries": "The city entries of `active_districts`, with and without BEAUTY.",
        "has_alt_pay": "Some district builds without paying (Framework, Necropolis).",
        "has_limit_free": "Some district does not count toward the building limit (Stables).",
        "gating_rules": "The characters that may hold back a turn (Witch, Blackmailer, the classic Emperor).",
        "handlers": "The function applying each action kind the cards add.",
        "interned_builds": "The shared build actions, by card id.",
        "interned_choices": "The shared choose actions, by cast index.",
        "interned_discards": "The shared discard actions, by cast index.",
        "interned_keeps": "The shared keep actions, by card id.",
        "unique_ids": "The card ids of the edition's unique districts.",
        "factory": "The Factory's rules when it is in play (it lowers the price of `discounted`), else None.",
        "discounted": "The unique districts the Factory builds for one gold less: all but itself.",
        "entry_costs": "What a city entry costs (`Game.entry_cost`), by the entry itself.",
        "card_entries": "The city entries of each card, plain and beautified, by card id (see `Game.card_entries`).",
        "hooks": "The characters that take part in each whole-game hook (`Hooks`).",
        "district_hooks": "The districts that take part in each whole-game hook (`DistrictHooks`).",
        "faceup_count": "How many characters are discarded face up at each round's start.",
        "selection_script": "The order of a round's picks (`selection_script`): never changed.",
        "pick_seats": "By the crown's seat, then by pick: the seat that makes it (`Round.picker`).",
        "deck": "The district deck before the shuffle.",
    }

    def __init__(self, config: GameConfig) -> None:
        config.validate()
        E: Edition = config.ed
        self.edition = E
        # RULINGS R40: the classic "shorter game" plays to one district fewer.
        self.complete_at = E.complete_size(config.players) - (1 if config.shorter else 0)
        self.cast: tuple[int, ...] = tuple(E.character_by_key[k] for k in config.cast)
        self.cast_keys: tuple[str, ...] = tuple(E.characters[c].key for c in self.cast)
        self.cast_ids = {k: i for i, k in enumerate(self.cast_keys)}
        self.character_rules = tuple(rules_for(E.characters[c].key, E.key) for c in self.cast)
        self.card_ids = {k: i for i, k in enumerate(d.key for d in E.districts)}
        uniques = tuple(E.district_by_key[k] for k in config.districts)
        self.district_rules = district_rules_for(E, uniques)
        self.card_rules = card_rules(self.district_rules, len(E.districts))
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
        self.interned_builds = tuple(Action("build", (d.key,)) for d in E.districts)
        self.interned_choices = tuple(Action("choose", (E.characters[c].key,)) for c in self.cast)
        self.interned_discards = tuple(Action("discard_character", (E.characters[c].key,)) for c in self.cast)
        self.interned_keeps = tuple(shared("keep", d.key) for d in E.districts)
        # By the entry itself, a card id with or without BEAUTY: rank 8 abilities sort every city by it each
        # time they list their targets.
        costs = tuple(d.cost for d in E.districts)
        self.unique_ids = frozenset(i for i, d in enumerate(E.districts) if d.type is DistrictType.UNIQUE)
        # The build listing checks only a unique district's `buildable` (the Secret Vault's): a basic one
        # that could never be built would need its check back.
        assert all(d.buildable for i, d in enumerate(E.districts) if i not in self.unique_ids)
        self.factory = self.district_rules.get("factory")
        self.discounted = self.unique_ids - {self.card_ids.get("factory", -1)}
        self.entry_costs = costs + (0,) * (BEAUTY - len(costs)) + tuple(c + 1 for c in costs)
        self.card_entries = tuple(frozenset((i, i | BEAUTY)) for i in range(len(costs)))
        self.hooks = Hooks(self.character_rules)
        self.district_hooks = DistrictHooks(self.district_rules)
        # The same at every round's start (a search starts tens of thousands of rounds).
        self.faceup_count = faceup_count(config.players, len(self.cast))
        self.selection_script = selection_script(config.players, len(self.cast), E.random_discard_3p)
        n = config.players
        self.pick_seats = tuple(
            tuple((crown + off) % n for off, _ in self.selection_script) for crown in range(n)
        )
        deck = [i for i in E.basic_ids for _ in range(E.districts[i].copies)]
        deck += [u for u in uniques for _ in range(E.districts[u].copies)]  # classic: two Keeps
        self.deck: tuple[CardId, ...] = tuple(deck)

    def with_district_rules(self, rules: dict[str, DistrictRules]) -> Rules:
        """A copy of these rules with other rules for the unique districts (the shared ones stay as they are)."""
        r = Rules.__new__(Rules)
        for name in Rules.__slots__:
            setattr(r, name, getattr(self, name))
        r.district_rules = rules
        r.district_hooks = DistrictHooks(rules)
        r.factory = rules.get("factory")
        r.card_rules = card_rules(rules, len(self.edition.districts))
        return r


def card_rules(rules: dict[str, DistrictRules], cards: int) -> tuple[DistrictRules | None, ...]:
    """`Rules.card_rules`: the rules in `rules` by their card id, None for the other `cards` card ids."""
    out: list[DistrictRules | None] = [None] * cards
    for dr in rules.values():
        out[dr.id] = dr
    return tuple(out)


@functools.lru_cache(maxsize=64)
def rules_of(config: GameConfig) -> Rules:
    """The rules of `config`, made once per configuration: simulations, tournaments and search bots start
    thousands of games of one configuration. Sharing them is safe because rules objects hold no game state;
    a configuration is immutable, and one that fails validation raises every time (errors are not cached)."""
    return Rules(config)


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
        # By cast index, then by `(used & OPENING_USED) | gathered`: what a turn's list of actions begins
        # with (the gatherings, the income, the bonus), as `opening` says; a turn lists its actions at
        # every decision, and one look-up replaces a handful of checks.
        self.openings = tuple(tuple(opening(r, key) for key in range(OPENING_USED + 2)) for r in characters)


OPENING_USED = USED_BONUS | USED_INCOME  # the bits of Game.turn.used that the opening of a turn's list reads
assert OPENING_USED == 6  # (Hooks.openings is indexed by these bits with `gathered` as bit 0)


def opening(r: CharacterRules, key: int) -> tuple[Action, ...]:
    """The first actions of a turn's list for a character with rules `r`; key: the turn's `used` bits
    (USED_BONUS, USED_INCOME) with `gathered` as bit 0."""
    gathered = bool(key & 1)
    out: list[Action] = [] if gathered else [GATHER_GOLD, GATHER_CARDS]
    if r.income is not None and not key & USED_INCOME:
        out.append(INCOME)
    if r.has_bonus and not key & USED_BONUS and (gathered or not r.bonus_after_action):
        out.append(BONUS)
    return tuple(out)


class DistrictHooks:
    """The districts that take part in each whole-game hook: every turn and every round ask, and a dict of
    the game's fourteen-odd districts is a long walk."""

    __slots__ = {
        "end_turn": "(key, rules) of the districts with an end-of-turn effect (`has_end_turn`).",
        "selection_end": "The districts that act at the selection's end (the Theater).",
        "crown_watchers": "The districts that watch the crown (the classic Throne Room).",
    }

    def __init__(self, rules: dict[str, DistrictRules]) -> None:
        self.end_turn = tuple((k, dr) for k, dr in rules.items() if dr.has_end_turn)
        self.selection_end = tuple(
            dr for dr in rules.values() if type(dr).on_selection_end is not DistrictRules.on_selection_end
        )
        self.crown_watchers = tuple(dr for dr in rules.values() if dr.watches_crown)


def faceup_count(n: int, nc: int) -> int:
    """Face-up discards at the start of a round (2016 rulebook tables)."""
    if n <= 3:
        return 0
    if nc == 8:
        return {4: 2, 5: 1, 6: 0, 7: 0}.get(n, 0)
    return {4: 3, 5: 2, 6: 1, 7: 0, 8: 0}.get(n, 0)


def selection_script(n: int, nc: int, random_discard_3p: bool = True) -> tuple[tuple[int, Pick], ...]:
    """The order of picks: (seat offset from the crown, kind)."""
    c, d = Pick.CHOOSE, Pick.DISCARD
    if n == 2:
        return ((0, c), (1, c), (1, d), (0, c), (0, d), (1, c), (1, d))
    if n == 3 and not random_discard_3p:
        # Classic: two picks each; the last player picks one of the last two, the other goes face down.
        return ((0, c), (1, c), (2, c), (0, c), (1, c), (2, c))
    if n == 3:
        return ((0, c), (1, c), (2, c), (2, Pick.RANDOM_DISCARD), (0, c), (1, c), (2, c))
    script = [(i, c) for i in range(n)]
    if nc - faceup_count(n, nc) - 1 == n:
        script[-1] = (n - 1, Pick.CHOOSE_LAST)
    return tuple(script)
