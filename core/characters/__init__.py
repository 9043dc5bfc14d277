"""Character rules, one module per character; `rules_for(key)` finds them."""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import ConfigError
from .base import CharacterRules

# Each character's class by key, in the order of `RULES`; its module is named by the key. A game imports
# only its cast's modules, when it is made (`rules_for`): importing all 27 and the classic edition's
# variants cost every start ~15 M instructions although a game plays 8 or 9 of them.
CLASS_NAMES: dict[str, str] = {
    "assassin": "Assassin",
    "witch": "Witch",
    "magistrate": "Magistrate",
    "thief": "Thief",
    "spy": "Spy",
    "blackmailer": "Blackmailer",
    "magician": "Magician",
    "wizard": "Wizard",
    "seer": "Seer",
    "king": "King",
    "emperor": "Emperor",
    "patrician": "Patrician",
    "bishop": "Bishop",
    "abbot": "Abbot",
    "cardinal": "Cardinal",
    "merchant": "Merchant",
    "alchemist": "Alchemist",
    "trader": "Trader",
    "architect": "Architect",
    "navigator": "Navigator",
    "scholar": "Scholar",
    "warlord": "Warlord",
    "diplomat": "Diplomat",
    "marshal": "Marshal",
    "artist": "Artist",
    "queen": "Queen",
    "tax_collector": "TaxCollector",
}


def rules_class(key: str) -> type[CharacterRules] | None:
    """The shared rules' class of character `key` (None for no such character), its module imported now
    if it was not yet (see `CLASS_NAMES`)."""
    name = CLASS_NAMES.get(key)
    if name is None:
        return None
    cls: type[CharacterRules] = getattr(importlib.import_module(f".{key}", __name__), name)
    return cls


def edition_rules(edition: str) -> dict[str, type[CharacterRules]]:
    """An edition's own variants of characters whose rules differ, by card key."""
    if edition != "classic":
        return {}
    from .classic import CLASSIC_RULES  # imported where used: only a classic game needs its variants

    return CLASSIC_RULES


def __getattr__(name: str) -> Any:
    """`RULES` (every character's shared rules, by key) and `EDITION_RULES` (an edition's variants, by
    edition key then card key): made, importing every character's module, when first asked for."""
    if name == "RULES":
        table: Any = {key: rules_class(key) for key in CLASS_NAMES}
    elif name == "EDITION_RULES":
        table = {"classic": edition_rules("classic")}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = table
    return table


def rules_for(key: str, edition: str = "2016") -> CharacterRules:
    """The rules of character `key` in `edition`: the edition's own variant if it registers one (see
    characters/classic.py), else the shared rules."""
    cls = edition_rules(edition).get(key) or rules_class(key)
    if cls is None:
        raise ConfigError("not_yet_playable", thing=key.replace("_", " ").title())
    return cls()


__all__ = ["CharacterRules", "EDITION_RULES", "RULES", "rules_for"]
