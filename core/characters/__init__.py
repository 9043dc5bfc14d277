"""Character rules, one module per character; `rules_for(key)` finds them."""

from __future__ import annotations

from ..errors import ConfigError
from .abbot import Abbot
from .alchemist import Alchemist
from .architect import Architect
from .artist import Artist
from .assassin import Assassin
from .base import CharacterRules
from .bishop import Bishop
from .blackmailer import Blackmailer
from .cardinal import Cardinal
from .classic import CLASSIC_RULES
from .diplomat import Diplomat
from .emperor import Emperor
from .king import King
from .magician import Magician
from .magistrate import Magistrate
from .marshal import Marshal
from .merchant import Merchant
from .navigator import Navigator
from .patrician import Patrician
from .queen import Queen
from .scholar import Scholar
from .seer import Seer
from .spy import Spy
from .tax_collector import TaxCollector
from .thief import Thief
from .trader import Trader
from .warlord import Warlord
from .witch import Witch
from .wizard import Wizard

RULES: dict[str, type[CharacterRules]] = {
    r.key: r
    for r in (
        Assassin,
        Witch,
        Magistrate,
        Thief,
        Spy,
        Blackmailer,
        Magician,
        Wizard,
        Seer,
        King,
        Emperor,
        Patrician,
        Bishop,
        Abbot,
        Cardinal,
        Merchant,
        Alchemist,
        Trader,
        Architect,
        Navigator,
        Scholar,
        Warlord,
        Diplomat,
        Marshal,
        Artist,
        Queen,
        TaxCollector,
    )
}


# An edition's own variants of characters whose rules differ, by edition key then card key.
EDITION_RULES: dict[str, dict[str, type[CharacterRules]]] = {"classic": CLASSIC_RULES}


def rules_for(key: str, edition: str = "2016") -> CharacterRules:
    """The rules of character `key` in `edition`: the edition's own variant if it registers one (see
    characters/classic.py), else the shared rules."""
    cls = EDITION_RULES.get(edition, {}).get(key)
    if cls is not None:
        return cls()
    try:
        return RULES[key]()
    except KeyError:
        raise ConfigError(
            f"The {key.replace('_', ' ').title()} cannot be played yet in this version."
        ) from None


__all__ = ["CharacterRules", "EDITION_RULES", "RULES", "rules_for"]
