"""Card facts: district and character cards as frozen records indexed by small ints."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from .terms import Income


class DistrictType(IntEnum):
    """The five district types (colours) of both editions."""

    NOBLE = 0
    RELIGIOUS = 1
    TRADE = 2
    MILITARY = 3
    UNIQUE = 4

    @property
    def key(self) -> str:
        return self.name.lower()


ALL_TYPES: tuple[DistrictType, ...] = tuple(DistrictType)


@dataclass(frozen=True, slots=True)
class DistrictCard:
    """One kind of district card; the deck holds `copies` of it."""

    key: str  # stable identifier, also the catalog key of its name and text
    name: str  # English name (catalogs translate it)
    type: DistrictType
    cost: int
    copies: int = 1
    text: str = ""  # English card text (catalogs translate it)
    origin: str = "base"  # base, dark_city, 2016
    buildable: bool = True  # Secret Vault can never be built

    @property
    def unique(self) -> bool:
        return self.type is DistrictType.UNIQUE


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """One character; rank 1–9. `income` is the district type it gains resources for, if any."""

    key: str
    name: str
    rank: int
    text: str = ""
    income: DistrictType | None = None
    income_resource: Income = Income.NONE
    origin: str = "base"


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of characters and unique districts from the rulebook."""

    key: str
    name: str
    characters: tuple[str, ...]  # one key per rank 1..8, then the optional rank 9
    districts: tuple[str, ...]
    substitutions: dict[str, tuple[str, ...]] = field(default_factory=dict)
