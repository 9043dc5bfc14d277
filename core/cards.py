"""Card facts: district and character cards as frozen records indexed by small ints."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from enum import IntEnum
from typing import Any


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


class _Record:
    """A frozen record compared, hashed, shown and pickled exactly as the frozen slotted data class each of
    these was: written out because a data class compiles its methods from text at every import of the
    engine (~3 M instructions each, paid by every start of the app; tests/test_start_engine_import.py
    checks the methods against a data class's). A subclass names its fields in `__slots__`."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __repr__(self) -> str:
        fields = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.__slots__])
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[Any]:
        return list(self._values())

    def __setstate__(self, state: list[Any]) -> None:
        for name, value in zip(self.__slots__, state, strict=False):
            object.__setattr__(self, name, value)


class DistrictCard(_Record):
    """One kind of district card; the deck holds `copies` of it."""

    key: str  # stable identifier, also the catalog key of its name and text
    name: str  # English name (catalogs translate it)
    type: DistrictType
    cost: int
    copies: int
    text: str  # English card text (catalogs translate it)
    origin: str  # base, dark_city, 2016
    buildable: bool  # Secret Vault can never be built

    __slots__ = ("key", "name", "type", "cost", "copies", "text", "origin", "buildable")
    __match_args__ = ("key", "name", "type", "cost", "copies", "text", "origin", "buildable")

    def __init__(
        self,
        key: str,
        name: str,
        type: DistrictType,  # noqa: A002 (the field's name)
        cost: int,
        copies: int = 1,
        text: str = "",
        origin: str = "base",
        buildable: bool = True,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "key", key)
        set_(self, "name", name)
        set_(self, "type", type)
        set_(self, "cost", cost)
        set_(self, "copies", copies)
        set_(self, "text", text)
        set_(self, "origin", origin)
        set_(self, "buildable", buildable)

    @property
    def unique(self) -> bool:
        return self.type is DistrictType.UNIQUE


class CharacterCard(_Record):
    """One character; rank 1–9. `income` is the district type it gains resources for, if any."""

    key: str
    name: str
    rank: int
    text: str
    income: DistrictType | None
    income_resource: str  # "gold", "cards" or "either"
    origin: str

    __slots__ = ("key", "name", "rank", "text", "income", "income_resource", "origin")
    __match_args__ = ("key", "name", "rank", "text", "income", "income_resource", "origin")

    def __init__(
        self,
        key: str,
        name: str,
        rank: int,
        text: str = "",
        income: DistrictType | None = None,
        income_resource: str = "",
        origin: str = "base",
    ) -> None:
        set_ = object.__setattr__
        set_(self, "key", key)
        set_(self, "name", name)
        set_(self, "rank", rank)
        set_(self, "text", text)
        set_(self, "income", income)
        set_(self, "income_resource", income_resource)
        set_(self, "origin", origin)


class Preset(_Record):
    """A named set of characters and unique districts from the rulebook."""

    key: str
    name: str
    characters: tuple[str, ...]  # one key per rank 1..8, then the optional rank 9
    districts: tuple[str, ...]
    substitutions: dict[str, tuple[str, ...]]

    __slots__ = ("key", "name", "characters", "districts", "substitutions")
    __match_args__ = ("key", "name", "characters", "districts", "substitutions")

    def __init__(
        self,
        key: str,
        name: str,
        characters: tuple[str, ...],
        districts: tuple[str, ...],
        substitutions: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "key", key)
        set_(self, "name", name)
        set_(self, "characters", characters)
        set_(self, "districts", districts)
        set_(self, "substitutions", {} if substitutions is None else substitutions)
