"""Character rules, one module per character; `rules_for(key)` finds them."""

from __future__ import annotations

from ..errors import ConfigError
from .architect import Architect
from .artist import Artist
from .assassin import Assassin
from .base import CharacterRules
from .bishop import Bishop
from .king import King
from .magician import Magician
from .merchant import Merchant
from .thief import Thief
from .warlord import Warlord

RULES: dict[str, type[CharacterRules]] = {
    r.key: r for r in (Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord, Artist)
}


def rules_for(key: str) -> CharacterRules:
    try:
        return RULES[key]()
    except KeyError:
        raise ConfigError(f"The {key.replace('_', ' ').title()} cannot be played yet in this version.") from None


__all__ = ["CharacterRules", "RULES", "rules_for"]
