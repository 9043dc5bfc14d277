"""Errors the engine raises: a code and its fields, read as a sentence a player can read.

A refusal is data: `IllegalAction("not_in_hand", card="Castle")` carries its `code` and its `fields`, and
`str()` fills the English sentence of `SENTENCES[code]` with them. A screen in another language finds the
same sentence (its message id) by the code and fills the translation with the same fields, translating the
fields by their name: {card} an English district name, {character} an English character name, {thing}
either, {action} an action kind in words; any other field is shown as it is (numbers, players, keys)."""

from __future__ import annotations

from typing import Any, ClassVar

# Every refusal of a game (IllegalAction), by code: the English sentence, with its fields.
REFUSALS: dict[str, str] = {
    # Game.apply and Game.refusal
    "game_over": "The game is over.",
    "not_your_turn": "It is {player}'s turn to decide, not yours.",
    "character_not_held": "The {character} is not among the characters you hold.",
    "choose_first": "First choose a character.",
    "discard_held": "Discard one of the characters you hold.",
    "discard_passed": "Discard one of the characters you were passed.",
    "choose": "Choose a character.",
    "keep_first": "First choose which of the drawn cards to keep.",
    "finish_first": "First finish what you started: {action}.",
    "gather_only": "First gather resources: nothing else is allowed before it now (Witch, Blackmailer).",
    "already_gathered": "You have already gathered resources this turn.",
    "bonus_after_action": "The extra resources come after you take an action: first take 2 gold or draw cards.",
    "emperor_crown_first": "When the Emperor is called, he first gives the crown to another player.",
    "gather_before_end": "You must gather resources (take 2 gold or draw cards) before ending your turn.",
    "no_income": "The {character} gains no income from districts.",
    "income_taken": "You have already taken your income this turn.",
    "wrong_target": "That target is not allowed: {targets} are.",
    "only_character": "Only the {character} can do that.",
    "used_or_not_allowed": "You cannot do that now (it was already used this turn, or nothing allows it).",
    "nothing_lets_you": "Nothing in this game lets you {action}.",
    # Building
    "pay_or_destroy": "Build the {card} by paying its cost, or by destroying a district of your city when the "
    "Framework or the Necropolis allows it.",
    "nothing_to_destroy": "There is no {key} in your city to destroy.",
    "only_framework": "Only the Framework (or building the Necropolis) lets you destroy a district instead of "
    "paying for the {card}.",
    "cannot_build_that_way": "You cannot build the {card} that way now.",
    "no_such_district": "There is no district called {key}.",
    "gather_before_build": "You must gather resources before you build.",
    "not_in_hand": "You have no {card} in your hand.",
    "never_buildable": "The {card} can never be built.",
    "character_cannot_build": "The {character} cannot build districts.",
    "build_limit": "You have reached your building limit of {n} this turn.",
    "already_built": "You already have a {card} in your city.",
    "too_dear": "The {card} costs {cost} gold and you have {gold}.",
    "cannot_build_now": "You cannot build the {card} now.",
    "monument_too_late": "You cannot build the Monument with {n} or more districts in your city.",
}

# Every refusal of a configuration (ConfigError), by code.
CONFIG_REFUSALS: dict[str, str] = {
    "players_range": "Citadels is played by 2 to 8 players, not {n}.",
    "names_count": "{n} players need {names} names, not {m}.",
    "names_distinct": "Every player needs a distinct, non-empty name.",
    "no_such_character": "There is no character called {key}.",
    "cast_ranks": "A cast needs exactly one character for each rank from 1 to 8, in rank order.",
    "one_rank9": "Only one rank 9 character may be added to the eight of ranks 1 to 8.",
    "no_rank9_at_2": "A 2-player game uses no rank 9 character.",
    "rank9_needed": "A {n}-player game needs a rank 9 character.",
    "no_emperor_at_2": "The Emperor cannot be used in a 2-player game.",
    "queen_needs_5": "The Queen cannot be used with fewer than 5 players.",
    "no_such_unique": "There is no unique district called {key}.",
    "uniques_distinct": "The unique districts of a game must all be different.",
    "uniques_count": "A game uses {n} different unique districts, not {m}.",
    "config_not_object": "the game configuration must be a JSON object",
    "config_malformed": "the game configuration is incomplete or malformed ({e})",
    "no_such_preset": "There is no preset called {key}; known: {known}.",
    "random_needs_seed": "Random districts need a seed, as in 'random:7', not {key}.",
    "not_yet_playable": "The {thing} cannot be played yet in this version.",
    "shorter_classic_only": "The shorter game is a variant of the classic edition only.",
    # The classic edition's configuration
    "classic_no_such_setup": "There is no classic setup called {key}; known: {known}.",
    "classic_no_such_character": "There is no classic character called {key}.",
    "classic_bonus_characters": "The bonus-card rules replace one or two of the eight base characters, not "
    "{n} ({keys}).",
    "classic_no_rank9": "A {n}-player classic game uses no rank 9 character.",
    "classic_rank9_at_8": "An 8-player classic game needs a rank 9 character.",
    "classic_queen_needs_5": "Do not use the Queen in a game with fewer than five players.",
    "classic_no_such_purple": "There is no classic purple district called {key}.",
    "classic_purples_distinct": "The purple districts of a game must all be different.",
    "classic_diplomat_graveyard": "With the Diplomat in the game the Graveyard must be removed from the deck.",
    "classic_bonus_purples": "Add 2 or 3 bonus purple districts to the deck, and remove one base purple "
    "district for each further bonus one: {n} bonus and {m} base removed do not match.",
}


class CodedError(ValueError):
    """An error with a `code` (a key of its class's `SENTENCES`) and the `fields` its sentence names.

    Cheap to make (the engine asks some rules for their refusal while it lists actions): the sentence is
    filled only when read (`str()`, `sentence`)."""

    SENTENCES: ClassVar[dict[str, str]] = {}

    def __init__(self, code: str, **fields: Any) -> None:
        if code not in self.SENTENCES:
            raise KeyError(f"{type(self).__name__} has no sentence for the code {code!r}")
        super().__init__(code, fields)
        self.code = code
        self.fields = fields

    @property
    def template(self) -> str:
        """The English sentence with its fields unfilled (the message id of its translations)."""
        return self.SENTENCES[self.code]

    @property
    def sentence(self) -> str:
        return self.template.format_map(self.fields)

    def __str__(self) -> str:
        return self.sentence

    def __reduce__(self) -> tuple[Any, ...]:
        return _remake, (type(self), self.code, self.fields)


def _remake(cls: type[CodedError], code: str, fields: dict[str, Any]) -> CodedError:
    """A pickled error made again (a bot's worker process hands its errors back)."""
    return cls(code, **fields)


class IllegalAction(CodedError):
    """An action that the rules do not allow now. The game state is unchanged."""

    SENTENCES = REFUSALS


class ConfigError(CodedError):
    """A game configuration that breaks a rule (cast, districts, player count)."""

    SENTENCES = CONFIG_REFUSALS


class SaveFileError(ValueError):
    """A save or replay file that cannot be read."""
