"""A game's configuration: edition, players, cast and unique districts, checked against the rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .edition import Edition, get_edition
from .errors import ConfigError
from .rng import Rng
from .text import clean_text

DEFAULT_NAMES = ("Anna", "Bruno", "Clara", "David", "Elena", "Felix", "Greta", "Hugo")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything that fixes a game before the seed: `(config, seed, actions)` replays it."""

    players: int
    cast: tuple[str, ...]  # character keys in rank order, 8 or 9 of them
    districts: tuple[str, ...]  # the unique district keys of this game
    names: tuple[str, ...]
    edition: str = "2016"
    shorter: bool = False  # classic "shorter game" variant: cities complete at 7 (RULINGS R40)

    @property
    def ed(self) -> Edition:
        return get_edition(self.edition)

    @staticmethod
    def create(
        players: int = 4,
        cast: str | Sequence[str] = "first_game",
        districts: str | Sequence[str] = "first_game",
        names: Sequence[str] | None = None,
        rank9: bool | None = None,
        edition: str = "2016",
        shorter: bool = False,
    ) -> GameConfig:
        """Resolve preset names and the player-count rules into a checked config (RULINGS R25)."""
        ed = get_edition(edition)
        if not 2 <= players <= 8:
            raise ConfigError("players_range", n=players)
        if ed.key == "classic":
            # Imported where used, as the classic edition's tables are: a 2016 game needs neither.
            from .classic_config import resolve_classic_cast, resolve_classic_districts

            chars = resolve_classic_cast(ed, cast, players, rank9)
            dists = resolve_classic_districts(ed, districts, chars)
        else:
            chars = _resolve_cast(ed, cast, players, rank9)
            dists = _resolve_districts(ed, districts)
        if names is None:
            names = DEFAULT_NAMES[:players]
        cfg = GameConfig(players, tuple(chars), tuple(dists), tuple(names), edition, shorter)
        cfg.validate()
        return cfg

    def validate(self) -> None:
        """Raise ConfigError with a sentence naming the broken rule."""
        ed = self.ed
        n = self.players
        if not 2 <= n <= 8:
            raise ConfigError("players_range", n=n)
        if len(self.names) != n:
            raise ConfigError("names_count", n=n, names=n, m=len(self.names))
        if len({x.casefold() for x in self.names}) != n or any(not x.strip() for x in self.names):
            raise ConfigError("names_distinct")
        for k in self.cast:
            if k not in ed.character_by_key:
                raise ConfigError("no_such_character", key=repr(k))
        if ed.key == "classic":
            from .classic_config import validate_classic

            validate_classic(self)
            return
        if self.shorter:
            raise ConfigError("shorter_classic_only")
        ranks = [ed.characters[ed.character_by_key[k]].rank for k in self.cast]
        if ranks[:8] != list(range(1, 9)):
            raise ConfigError("cast_ranks")
        if len(ranks) > 9 or (len(ranks) == 9 and ranks[8] != 9):
            raise ConfigError("one_rank9")
        has9 = len(ranks) == 9
        if n == 2 and has9:
            raise ConfigError("no_rank9_at_2")
        if n in (3, 8) and not has9:
            raise ConfigError("rank9_needed", n=n)
        if n == 2 and "emperor" in self.cast:
            raise ConfigError("no_emperor_at_2")
        if n < 5 and "queen" in self.cast:
            raise ConfigError("queen_needs_5")
        for k in self.districts:
            i = ed.district_by_key.get(k)
            if i is None or not ed.districts[i].unique:
                raise ConfigError("no_such_unique", key=repr(k))
        if len(set(self.districts)) != len(self.districts):
            raise ConfigError("uniques_distinct")
        if len(self.districts) != ed.unique_in_game:
            raise ConfigError("uniques_count", n=ed.unique_in_game, m=len(self.districts))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "edition": self.edition,
            "players": self.players,
            "names": list(self.names),
            "cast": list(self.cast),
            "districts": list(self.districts),
        }
        if self.shorter:
            out["shorter"] = True  # written only when set: 2016 save files keep their exact shape
        return out

    @staticmethod
    def from_json(data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("config_not_object")
        try:
            # Names as any screen may show them: a game line someone shared, or a file, may hold anything.
            cfg = GameConfig(
                players=int(data["players"]),
                cast=tuple(str(x) for x in data["cast"]),
                districts=tuple(str(x) for x in data["districts"]),
                names=tuple(clean_text(str(x)) for x in data["names"]),
                edition=str(data.get("edition", "2016")),
                shorter=bool(data.get("shorter", False)),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ConfigError("config_malformed", e=str(e)) from None
        try:
            cfg.validate()
        except KeyError as e:
            raise ConfigError("config_malformed", e=str(e).strip("'\"")) from None
        return cfg


def _resolve_cast(ed: Edition, cast: str | Sequence[str], players: int, rank9: bool | None) -> list[str]:
    if isinstance(cast, str):
        preset = ed.preset_by_key.get(_norm(cast))
        if preset is None:
            raise ConfigError("no_such_preset", key=repr(cast), known=", ".join(ed.preset_by_key))
        chars = list(preset.characters)
        # The rulebook's substitutions: the Emperor with 2 players, the Queen with 3-4 players.
        for i, k in enumerate(chars):
            sub = preset.substitutions.get(f"{k}@{players}")
            if sub:
                chars[i] = sub[0]
        want9 = players in (3, 8) if rank9 is None else rank9
        if players == 2:
            want9 = False
        if players in (3, 8):
            want9 = True
        if not want9:
            chars = chars[:8]
        return chars
    chars = [_norm(c) for c in cast]
    by_rank = sorted(
        chars, key=lambda k: ed.characters[ed.character_by_key[k]].rank if k in ed.character_by_key else 0
    )
    return by_rank


def random_districts(ed: Edition, seed: int) -> list[str]:
    """14 unique districts drawn at random from the edition's, the same ones for the same seed (the
    customization rules let the players choose any 14; "random:SEED" asks for this choice)."""
    keys = list(ed.unique_keys)
    Rng(seed).shuffle(keys)
    return sorted(keys[: ed.unique_in_game])


def _resolve_districts(ed: Edition, districts: str | Sequence[str]) -> list[str]:
    if isinstance(districts, str) and districts.strip().lower().startswith("random"):
        _, _, seed = districts.partition(":")
        try:
            return random_districts(ed, int(seed))
        except ValueError:
            raise ConfigError("random_needs_seed", key=repr(districts)) from None
    if isinstance(districts, str):
        preset = ed.preset_by_key.get(_norm(districts))
        if preset is None:
            raise ConfigError("no_such_preset", key=repr(districts), known=", ".join(ed.preset_by_key))
        return list(preset.districts)
    return [_norm(d) for d in districts]


def _norm(key: str) -> str:
    return key.strip().lower().replace("'", "").replace("’", "").replace("-", "_").replace(" ", "_")
