"""A colour theme as data: a TOML file read into a small `Theme` model, turned into a Textual theme.

Why a model of our own rather than Textual's `Theme` directly: a theme file is user input, so every key
is checked (a typo such as `primray` is an error naming the file, not a silently ignored line), and the
game's own variables ($district-noble, $gold, …) are required of every shipped theme."""

from __future__ import annotations

import os
import re
from collections import namedtuple
from collections.abc import Callable
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme as TextualTheme

DEFAULT_THEME = "citadel"
# The shipped theme files are package data beside this module, read as plain files (`importlib.resources`
# would cost ~1 ms of every start to import, for a package that is always installed as files).
SHIPPED_DIR = Path(__file__).parent

# Textual's own colours; every theme states them all so that no screen depends on Textual's defaults.
BASE_COLOURS = (
    "primary",
    "secondary",
    "accent",
    "background",
    "surface",
    "panel",
    "foreground",
    "warning",
    "error",
    "success",
)

# The game's variables, as the TCSS refers to them ($district-noble …).
GAME_VARIABLES = (
    "district-noble",
    "district-religious",
    "district-trade",
    "district-military",
    "district-unique",
    "gold",
    "crown",
    "marker-killed",
    "marker-robbed",
    "marker-bewitched",
    "marker-warrant",
    "marker-threat",
    "log-private",  # events only you see
    "log-mine",  # your own commands echoed in the story
    "text-dim",  # secondary text (hints, card texts); states its contrast instead of deriving it
)

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_TOP_KEYS = {"name", "description", "dark", "ansi", "variables", *BASE_COLOURS}


class ThemeError(ValueError):
    """A theme file that cannot be used; the message names the file and the problem."""


class Theme(namedtuple("Theme", "name description dark colours variables ansi source", defaults=(False, ""))):
    """A game theme: `name`, `description` (str), `dark` (bool), `colours` (dict[str, str]: the
    BASE_COLOURS), `variables` (dict[str, str]: game variables and Textual overrides), `ansi` (bool: the
    colours are the terminal's 16 ANSI colours, drawn in the user's own palette), `source` (str: the file
    it came from, for messages). A named tuple made with `collections.namedtuple`: `typing.NamedTuple`
    compiles each field's annotation at every start."""

    __slots__ = ()

    def to_textual_theme(self) -> TextualTheme:
        variables = dict(self.variables)
        if self.ansi:
            # Textual's screens refer to these in ANSI mode; a user's ANSI theme must not break them.
            variables.setdefault("ansi-background", "ansi_black" if self.dark else "ansi_white")
            variables.setdefault("ansi-foreground", "ansi_white" if self.dark else "ansi_black")
        return TextualTheme(
            name=self.name, dark=self.dark, ansi=self.ansi, variables=variables, **self.colours
        )

    @classmethod
    def from_toml(cls, text: str, source: str, require_all: bool = True) -> Theme:
        """Parse and check a theme file's text. `require_all`: every game variable must be given (shipped
        themes); a user's theme may leave some out and gets the app's fallbacks for them."""
        return cls.from_dict(read_toml(text, source), source, require_all)

    @classmethod
    def from_dict(cls, data: dict[str, object], source: str, require_all: bool = True) -> Theme:
        def fail(problem: str) -> ThemeError:
            return ThemeError(f"{source}: {problem}")

        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise fail(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
        name = data.get("name")
        if not isinstance(name, str) or not _NAME.match(name):
            raise fail("name must be lowercase letters, digits, - or _ (at most 40)")
        description = data.get("description", "")
        dark, ansi = data.get("dark"), data.get("ansi", False)
        if not isinstance(description, str):
            raise fail("description must be a string")
        if not isinstance(dark, bool):
            raise fail("dark must be true or false")
        if not isinstance(ansi, bool):
            raise fail("ansi must be true or false")
        colours: dict[str, str] = {}
        for key in BASE_COLOURS:
            if key not in data:
                raise fail(f"{key} is missing")
            colours[key] = _colour(data[key], key, fail)
        variables_raw = data.get("variables", {})
        if not isinstance(variables_raw, dict):
            raise fail("[variables] must be a table of name = colour")
        variables: dict[str, str] = {}
        for key, value in variables_raw.items():
            if key.startswith("$"):
                raise fail(f"variable {key!r}: write the name without $")
            # Textual's own variables may hold styles as well ("input-cursor-text-style = 'none'").
            variables[key] = _colour(value, key, fail) if key in GAME_VARIABLES else _text(value, key, fail)
        missing = [v for v in GAME_VARIABLES if v not in variables]
        if require_all and missing:
            raise fail(f"[variables] lacks {', '.join(missing)}")
        return cls(name, description, dark, colours, variables, ansi, source)


def read_toml(text: str, source: str) -> dict[str, object]:
    """A theme file's text as TOML data, not yet checked (`Theme.from_dict` checks it)."""
    import tomllib  # imported where used: a start reads the shipped themes from its cache (theme_cache.py)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ThemeError(f"{source}: not valid TOML ({e})") from None


def _colour(value: object, key: str, fail: Callable[[str], ThemeError]) -> str:
    if not isinstance(value, str):
        raise fail(f'{key} must be a colour in quotes, such as "#e6b422"')
    try:
        Color.parse(value)
    except ColorParseError:
        raise fail(f"{key} = {value!r} is not a colour") from None
    return value


def _text(value: object, key: str, fail: Callable[[str], ThemeError]) -> str:
    if not isinstance(value, str):
        raise fail(f"{key} must be a string")
    return value


def shipped_files() -> list[Path]:
    """The theme files shipped in this package, by name."""
    return sorted(SHIPPED_DIR / name for name in os.listdir(SHIPPED_DIR) if name.endswith(".toml"))


def shipped_data() -> list[tuple[str, dict[str, object]]]:
    """Each shipped theme file's name and TOML data, not yet checked: what a cache of them keeps."""
    return [(f.name, read_toml(f.read_text(encoding="utf-8"), f.name)) for f in shipped_files()]


def builtin_themes(data: list[tuple[str, dict[str, object]]] | None = None) -> list[Theme]:
    """The themes shipped in this package, default first. `data`: the files' TOML data as
    `shipped_data` gives it (read from a cache), else the files are read; checked either way."""
    if data is None:
        data = shipped_data()
    themes = [Theme.from_dict(fields, source) for source, fields in data]
    return sorted(themes, key=lambda th: (th.name != DEFAULT_THEME, th.name))


def user_themes(folder: Path) -> tuple[list[Theme], list[str]]:
    """The themes in a user's folder, and one message per file that could not be used."""
    themes: list[Theme] = []
    errors: list[str] = []
    try:
        # Listed rather than globbed: the glob's pattern is compiled at every start, mostly to find that
        # the folder does not exist.
        files = sorted(
            folder / n for n in os.listdir(folder) if n.endswith(".toml") and not n.startswith(".")
        )
    except OSError:
        return [], []  # no folder (most players), or not readable
    for path in files:
        try:
            themes.append(Theme.from_toml(path.read_text(encoding="utf-8"), str(path), require_all=False))
        except ThemeError as e:
            errors.append(str(e))
        except (OSError, UnicodeDecodeError) as e:
            errors.append(f"{path}: cannot be read ({e})")
    return themes, errors
