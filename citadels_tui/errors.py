"""The engine's error sentences in the player's language, translated at the app boundary.

The engine raises IllegalAction and ConfigError with an English sentence (its tests and bots rely on that
text). Each sentence here is a template with named placeholders; `translate_error` recognises the sentence,
translates the template with the catalog and fills in the parts, names of cards and characters translated
too. The engine stays untouched by languages, and tests/test_i18n_catalogs.py checks that every sentence
the engine can raise matches a template here, so a new sentence is reported rather than left English.

Placeholders: {card} an English district name, {character} an English character name, {thing} either,
{action} an action kind in words; anything else is shown as it is (numbers, players, keys)."""

from __future__ import annotations

import re
from functools import cache

from citadels_core import Action, GameConfig
from citadels_core.view import View

from .i18n import t, tp, tpe

ERROR_TEMPLATES: tuple[str, ...] = (
    # Game.apply and Game.explain_illegal
    "The game is over.",
    "It is {player}'s turn to decide, not yours.",
    "The {character} is not among the characters you hold.",
    "First choose a character.",
    "Discard one of the characters you hold.",
    "Discard one of the characters you were passed.",
    "Choose a character.",
    "First choose which of the drawn cards to keep.",
    "First finish what you started: {action}.",
    "First gather resources: nothing else is allowed before it now (Witch, Blackmailer).",
    "You have already gathered resources this turn.",
    "The extra resources come after you take an action: first take 2 gold or draw cards.",
    "When the Emperor is called, he first gives the crown to another player.",
    "You must gather resources (take 2 gold or draw cards) before ending your turn.",
    "The {character} gains no income from districts.",
    "You have already taken your income this turn.",
    "That target is not allowed: {targets} are.",
    "Only the {character} can do that.",
    "You cannot do that now (it was already used this turn, or nothing allows it).",
    "Nothing in this game lets you {action}.",
    # Building
    "Build the {card} by paying its cost, or by destroying a district of your city when the Framework or "
    "the Necropolis allows it.",
    "There is no {key} in your city to destroy.",
    "Only the Framework (or building the Necropolis) lets you destroy a district instead of paying for the "
    "{card}.",
    "You cannot build the {card} that way now.",
    "There is no district called {key}.",
    "You must gather resources before you build.",
    "You have no {card} in your hand.",
    "The {card} can never be built.",
    "The {character} cannot build districts.",
    "You have reached your building limit of {n} this turn.",
    "You already have a {card} in your city.",
    "The {card} costs {cost} gold and you have {gold}.",
    "You cannot build the {card} now.",
    "You cannot build the Monument with {n} or more districts in your city.",
    # The app's own seats
    "A bot plays that seat.",
    "Spectators cannot play.",
    # GameConfig
    "Citadels is played by 2 to 8 players, not {n}.",
    "{n} players need {names} names, not {m}.",
    "Every player needs a distinct, non-empty name.",
    "There is no character called {key}.",
    "A cast needs exactly one character for each rank from 1 to 8, in rank order.",
    "Only one rank 9 character may be added to the eight of ranks 1 to 8.",
    "A 2-player game uses no rank 9 character.",
    "A {n}-player game needs a rank 9 character.",
    "The Emperor cannot be used in a 2-player game.",
    "The Queen cannot be used with fewer than 5 players.",
    "There is no unique district called {key}.",
    "The unique districts of a game must all be different.",
    "A game uses {n} different unique districts, not {m}.",
    "the game configuration must be a JSON object",
    "the game configuration is incomplete or malformed ({e})",
    "There is no preset called {key}; known: {known}.",
    "Random districts need a seed, as in 'random:7', not {key}.",
    "The {thing} cannot be played yet in this version.",
    "The shorter game is a variant of the classic edition only.",
    # The classic edition's configuration
    "There is no classic setup called {key}; known: {known}.",
    "There is no classic character called {key}.",
    "The bonus-card rules replace one or two of the eight base characters, not {n} ({keys}).",
    "A {n}-player classic game uses no rank 9 character.",
    "An 8-player classic game needs a rank 9 character.",
    "Do not use the Queen in a game with fewer than five players.",
    "There is no classic purple district called {key}.",
    "The purple districts of a game must all be different.",
    "With the Diplomat in the game the Graveyard must be removed from the deck.",
    "Add 2 or 3 bonus purple districts to the deck, and remove one base purple district for each further "
    "bonus one: {n} bonus and {m} base removed do not match.",
)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(rx + r"\Z", re.DOTALL)


def match_error(text: str) -> tuple[str, dict[str, str]] | None:
    """The template `text` was made from, and its parts; None for a sentence no template knows."""
    for tpl in ERROR_TEMPLATES:
        m = _pattern(tpl).match(text)
        if m:
            return tpl, m.groupdict()
    return None


def _part(name: str, value: str, edition: str) -> str:
    if name == "card":
        return tpe("district", edition, value)
    if name == "character":
        return tpe("character", edition, value)
    if name == "thing":
        s = tpe("district", edition, value)
        return s if s != value else tpe("character", edition, value)
    if name == "action":
        return tp("action", value)
    return value


def translate_error(text: str, edition: str = "2016") -> str:
    """`text` (an engine or app error sentence in English) in the player's language; card names as
    `edition`'s book gives them."""
    found = match_error(text)
    if found is None:
        return t(text)
    template, parts = found
    return t(template).format_map({k: _part(k, v, edition) for k, v in parts.items()})


def explain_refusal(text: str, cfg: GameConfig, v: View, actions: list[Action]) -> str:
    """The engine's refusal of `actions` for the player: "That target is not allowed" lists the targets
    there are as the options list words them (the engine's sentence shows keys and seat numbers)."""
    from .names import describe

    found = match_error(text)
    if found is not None and found[0] == "That target is not allowed: {targets} are.":
        kinds = {a.kind for a in actions}
        same = [a for a in v.legal if a.kind in kinds]
        if same:
            return t("Not that one. You can: {o}.", o="; ".join(describe(cfg, v, a) for a in same))
    return translate_error(text, cfg.edition)
