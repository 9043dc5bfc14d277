"""An edition: its card tables (ids are indexes), presets and game-level constants."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from .cards import CharacterCard, DistrictCard, Preset
from .editions import edition2016


@dataclass(frozen=True, eq=False)  # compared by identity: one object per edition (EDITIONS)
class Edition:
    key: str
    name: str
    districts: tuple[DistrictCard, ...]  # card id = index; basic kinds first
    characters: tuple[CharacterCard, ...]
    presets: tuple[Preset, ...]
    unique_in_game: int = 14
    # Edition-level rule switches (kept here so the engine asks the edition, never its key).
    city_size: int = 0  # districts in a completed city; 0: by player count (2016, RULINGS R10)
    random_discard_3p: bool = True  # 2016: the third player discards a random card; classic: none
    tiebreak: str = "rank"  # "rank" (2016, RULINGS R7, R28) or "districts_gold" (classic, R7)
    library_observatory_keep: int = 0  # cards kept with both (0: all; classic: 2, RULINGS R43)
    # The first completer's +4 also needs a complete city at the end (2016, RULINGS R11); the classic book's
    # step 3 has no such condition (docs/rules-decisions.md).
    first_bonus_needs_complete_city: bool = True
    # Each round's discards: the classic book draws the face-down card first, then the face-up ones (book 001,
    # "Step One"); the 2016 book the face-up ones first (RULINGS R6 applies to both).
    facedown_first: bool = False
    # The tables by key, derived from the cards.
    district_by_key: dict[str, int] = field(init=False)
    character_by_key: dict[str, int] = field(init=False)
    preset_by_key: dict[str, Preset] = field(init=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # the data class is frozen: its own derived fields are set so
        set_(self, "district_by_key", {d.key: i for i, d in enumerate(self.districts)})
        set_(self, "character_by_key", {c.key: i for i, c in enumerate(self.characters)})
        set_(self, "preset_by_key", {p.key: p for p in self.presets})

    @property
    def basic_ids(self) -> tuple[int, ...]:
        return tuple(i for i, d in enumerate(self.districts) if not d.unique)

    @property
    def unique_keys(self) -> tuple[str, ...]:
        return tuple(d.key for d in self.districts if d.unique)

    def complete_size(self, players: int) -> int:
        """Districts in a completed city (RULINGS R10, R40)."""
        if self.city_size:
            return self.city_size
        return 8 if players <= 3 else 7


def _build_2016() -> Edition:
    e = edition2016
    return Edition("2016", "Citadels (2016)", e.BASIC + e.UNIQUE, e.CHARACTERS, e.PRESETS)


def _build_classic() -> Edition:
    from .editions import classic as e

    return Edition(
        "classic",
        "Citadels (classic) + The Dark City",
        e.BASIC + e.UNIQUE,
        e.CHARACTERS,
        e.PRESETS,
        unique_in_game=0,
        city_size=8,
        random_discard_3p=False,
        library_observatory_keep=2,
        tiebreak="districts_gold",
        first_bonus_needs_complete_city=False,
        facedown_first=True,
    )


class _Editions(Mapping[str, "Edition"]):
    """Every edition by key, each built when first asked for: a start builds its own game's edition only
    (building the classic one with the 2016 one imported its tables and cost every start ~2 M
    instructions). An edition is built once: every lookup gets the same object (editions compare by
    identity), even when two threads ask at once."""

    def __init__(self, build: dict[str, Callable[[], Edition]]) -> None:
        self._build = build
        self._built: dict[str, Edition] = {}

    def __getitem__(self, key: str) -> Edition:
        ed = self._built.get(key)
        if ed is None:
            ed = self._built.setdefault(key, self._build[key]())  # the first one built is kept
        return ed

    def __contains__(self, key: object) -> bool:
        return key in self._build  # without building it

    def __iter__(self) -> Iterator[str]:
        return iter(self._build)

    def __len__(self) -> int:
        return len(self._build)


EDITIONS: Mapping[str, Edition] = _Editions({"2016": _build_2016, "classic": _build_classic})
EDITION_2016 = EDITIONS["2016"]


def __getattr__(name: str) -> Edition:
    """`EDITION_CLASSIC`, built when first asked for."""
    if name != "EDITION_CLASSIC":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return EDITIONS["classic"]


def get_edition(key: str) -> Edition:
    try:
        return EDITIONS[key]
    except KeyError:
        raise KeyError(f"unknown edition {key!r}; known: {', '.join(EDITIONS)}") from None
