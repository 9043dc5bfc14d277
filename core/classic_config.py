"""The classic edition's setup rules (001_374172512b2ff6bd.txt "Bonus Cards"; RULINGS R42): which characters
and purple districts a classic game may use, resolved from named setups and checked with a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import ConfigError
from .rng import Rng

if TYPE_CHECKING:
    from .config import GameConfig
    from .edition import Edition


def _norm(key: str) -> str:
    return key.strip().lower().replace("'", "").replace("’", "").replace("-", "_").replace(" ", "_")


def resolve_classic_cast(
    ed: Edition, cast: str | Sequence[str], players: int, rank9: bool | None
) -> list[str]:
    """A named setup or a list of keys, sorted by rank; a named setup's rank 9 character is used when the
    player count requires it (8 players) or `rank9` asks for it (4–7 players), never with 2–3 players."""
    if isinstance(cast, str):
        preset = ed.preset_by_key.get(_norm(cast))
        if preset is None:
            raise ConfigError("classic_no_such_setup", key=repr(cast), known=", ".join(ed.preset_by_key))
        chars = list(preset.characters)
        for i, k in enumerate(chars):
            sub = preset.substitutions.get(f"{k}@{players}")
            if sub:
                chars[i] = sub[0]
        want9 = players == 8 if rank9 is None else rank9
        if players <= 3:
            want9 = False
        if players == 8:
            want9 = True
        if want9 and len(chars) == 8:
            chars.append("artist")  # the basic game's setup gains the Artist, who suits any player count
        return chars[:9] if want9 else chars[:8]
    chars = [_norm(c) for c in cast]
    return sorted(
        chars, key=lambda k: ed.characters[ed.character_by_key[k]].rank if k in ed.character_by_key else 0
    )


def resolve_classic_districts(ed: Edition, districts: str | Sequence[str], cast: Sequence[str]) -> list[str]:
    """A named setup or a list of purple district keys. With the Diplomat in the cast the Graveyard is taken
    out of the deck (RULINGS R42)."""
    if isinstance(districts, str) and districts.strip().lower().startswith("random"):
        keys = random_classic_districts(ed, districts)
    elif isinstance(districts, str):
        preset = ed.preset_by_key.get(_norm(districts))
        if preset is None:
            raise ConfigError("classic_no_such_setup", key=repr(districts), known=", ".join(ed.preset_by_key))
        keys = list(preset.districts)
    else:
        keys = [_norm(d) for d in districts]
    if "diplomat" in cast:
        keys = [k for k in keys if k != "graveyard"]
    return keys


def random_classic_districts(ed: Edition, spec: str) -> list[str]:
    """ "random:SEED": the base purple cards and 3 bonus ones drawn at random, the same for the same seed."""
    from .editions.classic import BASE_PURPLE_KEYS

    _, _, seed = spec.partition(":")
    try:
        rng = Rng(int(seed))
    except ValueError:
        raise ConfigError("random_needs_seed", key=repr(spec)) from None
    bonus = [k for k in ed.unique_keys if k not in BASE_PURPLE_KEYS]
    rng.shuffle(bonus)
    return [*BASE_PURPLE_KEYS, *sorted(bonus[:3])]


def validate_classic(cfg: GameConfig) -> None:
    """Raise ConfigError with the rule sentence a classic configuration breaks."""
    from .editions.classic import BASE_CAST, BASE_PURPLE_KEYS

    ed = cfg.ed
    n = cfg.players
    for k in cfg.cast:
        if k not in ed.character_by_key:
            raise ConfigError("classic_no_such_character", key=repr(k))
    ranks = [ed.characters[ed.character_by_key[k]].rank for k in cfg.cast]
    if ranks[:8] != list(range(1, 9)):
        raise ConfigError("cast_ranks")
    if len(ranks) > 9 or (len(ranks) == 9 and ranks[8] != 9):
        raise ConfigError("one_rank9")
    bonus = [k for k in cfg.cast[:8] if k not in BASE_CAST]
    if len(bonus) > 2:
        raise ConfigError("classic_bonus_characters", n=len(bonus), keys=", ".join(bonus))
    has9 = len(ranks) == 9
    if n <= 3 and has9:
        raise ConfigError("classic_no_rank9", n=n)
    if n == 8 and not has9:
        raise ConfigError("classic_rank9_at_8")
    if n < 5 and "queen" in cfg.cast:
        raise ConfigError("classic_queen_needs_5")
    for k in cfg.districts:
        i = ed.district_by_key.get(k)
        if i is None or not ed.districts[i].unique:
            raise ConfigError("classic_no_such_purple", key=repr(k))
    if len(set(cfg.districts)) != len(cfg.districts):
        raise ConfigError("classic_purples_distinct")
    chosen = set(cfg.districts)
    if "diplomat" in cfg.cast and "graveyard" in chosen:
        raise ConfigError("classic_diplomat_graveyard")
    # The Diplomat's Graveyard removal is not a swap (RULINGS R42).
    base_out = [
        k for k in BASE_PURPLE_KEYS if k not in chosen and not (k == "graveyard" and "diplomat" in cfg.cast)
    ]
    added = [k for k in cfg.districts if k not in BASE_PURPLE_KEYS]
    net = len(added) - len(base_out)
    if net not in (0, 2, 3) or len(base_out) > len(added):
        raise ConfigError("classic_bonus_purples", n=len(added), m=len(base_out))
