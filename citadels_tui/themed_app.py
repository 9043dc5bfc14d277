"""The game's look, for every app of the game: our themes (shipped, then the player's own files) registered
with Textual, their CSS variables worked out once a process, and a screen without any colour under NO_COLOR."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.app import App
from textual.filter import LineFilter
from textual.theme import BUILTIN_THEMES

from citadels_themes import DEFAULT_THEME, Theme, builtin_themes, user_themes

from . import css_cache
from .colors import THEME_VARIABLE_DEFAULTS, Colourless
from .i18n import Lazy, lazy_t
from .paths import config_dir

COLOURLESS = Colourless()

# The shipped themes (package data) and Textual's form of each, read once a process: every session of a
# server would otherwise parse their TOML files again (several ms of the server's loop each time).
SHIPPED_THEMES: list[tuple[Theme, Any]] = []
# Textual works a theme's CSS variables out (a colour system of some 150 shades) for each app; the result
# depends only on the theme (and our fixed defaults), so the apps of a process share it, keyed by the
# theme's fields (a user's theme file read again is the same key; an edited one is a new key).
_CSS_VARIABLES: dict[str, dict[str, str]] = {}


def theme_choices(home: Path | None = None) -> tuple[list[str], list[str]]:
    """The themes a session may be started with: ours (shipped, then the player's own files), and
    Textual's own, which still work when named."""
    ours = [th.name for th in builtin_themes()]
    ours += [th.name for th in user_themes(config_dir(home) / "themes")[0] if th.name not in ours]
    return ours, list(BUILTIN_THEMES)


class ThemedApp(App[int]):
    """An app in the game's themes, the player's own read from `user_theme_dir`. The app sets
    `theme_request` before it calls `register_game_themes` and `theme_early`: its settings say which."""

    # With NO_COLOR no colour is written at all (get_line_filters), so what colour marks elsewhere (the
    # focused field or button, the highlighted option, the cursor) is marked by reverse video instead.
    CSS = """
    App:nocolor Input > .input--cursor { text-style: reverse; }
    App:nocolor Select:focus > SelectCurrent { text-style: reverse; }
    App:nocolor Button:focus { text-style: reverse bold; }
    App:nocolor OptionList > .option-list--option-highlighted { text-style: reverse; }
    App:nocolor SelectOverlay > .option-list--option-highlighted { text-style: reverse; }
    App:nocolor DataTable > .datatable--cursor { text-style: reverse; }
    """

    def __init__(self, user_theme_dir: Path) -> None:
        css_cache.install()
        # Textual's own __init__ works out the CSS variables of its default theme (a colour system of
        # some 150 shades, ~1 ms) for a stylesheet that `theme_early` gives ours before anything is parsed.
        self._variables_later = True
        super().__init__()
        self._variables_later = False
        self.theme_request: str | None = None
        self.game_themes: dict[str, Theme] = {}  # ours (shipped, then the user's), by name
        self.user_theme_dir = user_theme_dir
        self.theme_errors: list[Lazy] = []  # one sentence per user theme file that could not be used

    def get_theme(self, theme_name: str) -> Any:
        # Textual's copies every registered theme into a new dict at each call, and it is called a few
        # hundred times while the first frame is drawn (`current_theme`, for each colour it resolves).
        # A single name is looked up directly; Textual's own still reads a comma-separated list.
        # (Private Textual API: pyproject pins textual exactly.)
        if "," in theme_name:
            return super().get_theme(theme_name)
        return self._registered_themes.get(theme_name.strip())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **THEME_VARIABLE_DEFAULTS}

    def get_line_filters(self) -> Sequence[LineFilter]:
        """With NO_COLOR set (Textual's `no_color`), the screen is written without any colour code."""
        filters = super().get_line_filters()
        return [*filters, COLOURLESS] if self.no_color else filters

    def get_css_variables(self) -> dict[str, str]:
        if self._variables_later:
            return {}  # set by `theme_early`, before the CSS is first parsed
        # What they are made from: the theme and the defaults of the game's own variables.
        key = repr((self.current_theme, sorted(self.get_theme_variable_defaults().items())))
        variables = _CSS_VARIABLES.get(key)
        if variables is None:
            variables = css_cache.variables(key)  # kept on disk by an earlier start (the local app)
            if variables is None:
                variables = dict(super().get_css_variables())
                css_cache.keep_variables(key, variables)
            _CSS_VARIABLES[key] = variables
        # A copy each (the app keeps it, as Textual's own does, and its stylesheet too).
        self.theme_variables = dict(variables)
        return self.theme_variables

    def register_game_themes(self) -> None:
        if not SHIPPED_THEMES:
            SHIPPED_THEMES.extend((th, th.to_textual_theme()) for th in builtin_themes())
        for th, textual_theme in SHIPPED_THEMES:
            self.register_theme(textual_theme)
            self.game_themes[th.name] = th
        found, errors = user_themes(self.user_theme_dir)
        for th in found:
            # A user's file may reuse a shipped name to change it; it then replaces the shipped theme.
            self.register_theme(th.to_textual_theme())
            self.game_themes[th.name] = th
        for err in errors:
            # Told once the app runs, in its language (`__init__` runs outside the app's context).
            self.theme_errors.append(lazy_t("Theme file {e}. It was skipped.", e=err))

    def theme_early(self) -> None:
        """Take the requested theme before the CSS is first parsed, when it is known to exist.

        Else Textual parses and applies all the CSS twice as the app starts: with its default theme, then
        with ours once `on_mount` sets it. `on_mount` still sets it (then a no-op), and tells the player
        when there is no such theme."""
        name = (self.theme_request or DEFAULT_THEME).strip().lower()
        if name in self.available_themes and name != self.theme:
            self.theme = name
        self.stylesheet.set_variables(self.get_css_variables())

    def theme_names(self) -> list[str]:
        """Our themes first (shipped, then the user's); Textual's own still work when named."""
        return list(self.game_themes)
