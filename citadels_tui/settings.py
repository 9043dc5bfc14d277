"""Player settings in a TOML file: read with tomllib, written with tomli-w.

A broken file is never overwritten silently: loading it returns the defaults and a message, and the file
stays on disk until the player changes a setting (then the new file replaces it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from citadels_core import ConfigError, GameConfig
from citadels_core.edition import EDITIONS
from citadels_core.levels import LEVELS

from .errors import error_text
from .game_setup import bot_names, default_preset, preset_of
from .i18n import t
from .paths import config_dir, write_atomic
from .ringer import KINDS as RING_KINDS
from .ringer import WAYS as RING_WAYS

# The bot levels a player chooses from: the engine's ladder (`heuristic` in an older file means `normal`).
BOT_LEVELS = LEVELS


@dataclass(slots=True)
class Settings:
    """The player's settings, in the file's order, with their defaults."""

    name: str = "Anna"
    theme: str = "citadel"  # citadels_themes.DEFAULT_THEME
    bot_pace: float = 0.6  # seconds each bot move stays on screen; 0 = instant
    players: int = 4
    cast: str = "first_game"  # a preset of `edition`, or "custom": the list in custom_cast
    districts: str = "first_game"  # likewise, with custom_districts
    custom_cast: str = ""  # the last custom list typed on the new-game form (names, comma-separated)
    custom_districts: str = ""
    bots: list[str] = field(default_factory=lambda: ["normal"] * 7)
    language: str = ""  # "en", "ru"…; empty: follow the locale (LANG, LC_ALL)
    edition: str = "2016"  # of the next new game: "2016" or "classic"; cast and districts are its presets
    shorter: bool = False  # classic only: the shorter game (cities complete at 7 districts)
    ring: list[str] = field(default_factory=lambda: list(RING_KINDS))  # what rings (ringer.py)
    ring_with: list[str] = field(default_factory=lambda: list(RING_WAYS))  # how it rings
    think_line: bool = False  # `think` on a line of the characters pane too (`think on|off`)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def settings_path(home: Path | None = None) -> Path:
    return config_dir(home) / "settings.toml"


def load_settings(home: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a sentence for the player when the file could not be used."""
    path = settings_path(home)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), t(
            "Cannot read {path} ({err}); using the default settings.", path=path, err=e.strerror
        )

    import tomllib  # imported where used: a fresh home has no settings file to read

    try:
        data = tomllib.loads(raw.decode("utf-8"))
        return _from_dict(data), None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, TypeError) as e:
        return Settings(), t(
            "The settings file {path} is broken ({err}); using the defaults. The file was left as it is.",
            path=path,
            err=e,
        )


def _from_dict(data: dict[str, Any]) -> Settings:
    """The settings in `data`; ValueError naming every value that cannot be used, not only the first."""
    s = Settings()
    known = {f.name for f in fields(Settings)}
    for k, v in data.items():
        if k not in known:
            continue  # a newer version's setting: ignore rather than refuse the file
        setattr(s, k, v)
    problems: list[str] = []
    if not isinstance(s.name, str) or not s.name.strip() or len(s.name) > 20:
        problems.append("name must be a non-empty string of at most 20 characters")
    if not isinstance(s.theme, str):
        problems.append("theme must be a string")
    if isinstance(s.bot_pace, bool) or not isinstance(s.bot_pace, int | float) or not 0 <= s.bot_pace <= 10:
        problems.append("bot_pace must be a number of seconds from 0 to 10")
    else:
        s.bot_pace = float(s.bot_pace)
    if isinstance(s.players, bool) or not isinstance(s.players, int) or not 2 <= s.players <= 8:
        problems.append("players must be a whole number from 2 to 8")
    if not isinstance(s.cast, str) or not isinstance(s.districts, str):
        problems.append("cast and districts must be preset names")
    if not isinstance(s.custom_cast, str) or not isinstance(s.custom_districts, str):
        problems.append("custom_cast and custom_districts must be comma-separated names")
    from citadels_core.bots import level_name

    if not isinstance(s.bots, list) or any(
        not isinstance(b, str) or level_name(b) not in BOT_LEVELS for b in s.bots
    ):
        problems.append(f"bots must be a list of {', '.join(BOT_LEVELS)}")
    else:
        s.bots = ([level_name(b) for b in s.bots] + ["normal"] * 7)[:7]
    if not isinstance(s.edition, str) or s.edition not in EDITIONS:
        problems.append(f"edition must be one of {', '.join(EDITIONS)}")
    if not isinstance(s.shorter, bool):
        problems.append("shorter must be true or false")
    if not isinstance(s.think_line, bool):
        problems.append("think_line must be true or false")
    if not isinstance(s.language, str):
        problems.append('language must be a language code such as "en" or "ru"')
    for name, allowed in (("ring", RING_KINDS), ("ring_with", RING_WAYS)):
        value = getattr(s, name)
        if not isinstance(value, list) or any(v not in allowed for v in value):
            problems.append(f"{name} must be a list of {', '.join(allowed)}")
    if problems:
        raise ValueError("; ".join(problems))
    return s


def custom_list(text: str) -> list[str]:
    """The names of a custom list as typed ("assassin, thief, …")."""
    return [x.strip() for x in text.split(",") if x.strip()]


def cast_choice(s: Settings, edition: str) -> str | list[str]:
    """What the settings ask for as the characters of a new game of `edition`: the custom list when it was
    last chosen (for that edition), else a preset of the edition."""
    if s.cast == "custom" and s.edition == edition and custom_list(s.custom_cast):
        return custom_list(s.custom_cast)
    return preset_of(edition, s.cast)


def districts_choice(s: Settings, edition: str) -> str | list[str]:
    if s.districts == "custom" and s.edition == edition and custom_list(s.custom_districts):
        return custom_list(s.custom_districts)
    return preset_of(edition, s.districts)


def save_settings(s: Settings, home: Path | None = None) -> None:
    import tomli_w  # imported where used: settings are written only when the player changes them

    write_atomic(settings_path(home), tomli_w.dumps(s.as_dict()))


def new_game_of(
    s: Settings,
    edition: str | None = None,
    shorter: bool | None = None,
    players: int | None = None,
    bots: Sequence[str] | None = None,
) -> tuple[GameConfig, tuple[str, ...], str]:
    """The new game the settings set up (what the command line asked for instead, where it did): its config,
    the bots' levels by seat from 1, and a sentence when the saved set-up could not be used ("" otherwise:
    the first game of the edition is played instead)."""
    edition = edition or s.edition
    shorter = edition == "classic" and (s.shorter if shorter is None else shorter)
    players = players or s.players
    problem = ""
    try:
        cfg = GameConfig.create(
            players,
            cast=cast_choice(s, edition),
            districts=districts_choice(s, edition),
            names=bot_names(s.name, players),
            edition=edition,
            shorter=shorter,
        )
    except (ConfigError, KeyError) as e:
        problem = t("The saved set-up cannot be used ({e}); playing the first game.", e=error_text(e))
        cfg = GameConfig.create(
            4,
            names=bot_names(s.name, 4),
            edition=edition,
            cast=default_preset(edition),
            districts=default_preset(edition),
        )
    levels = tuple(s.bots[: cfg.players - 1])
    if bots is not None and len(bots) == cfg.players - 1:
        levels = tuple(bots)
    return cfg, levels, problem
