"""Colour themes for the Citadels terminal app: TOML files in this package (and the user's own)."""

from .model import (
    BASE_COLOURS,
    DEFAULT_THEME,
    GAME_VARIABLES,
    Theme,
    ThemeError,
    builtin_themes,
    shipped_data,
    shipped_files,
    user_themes,
)

__all__ = [
    "BASE_COLOURS",
    "DEFAULT_THEME",
    "GAME_VARIABLES",
    "Theme",
    "ThemeError",
    "builtin_themes",
    "shipped_data",
    "shipped_files",
    "user_themes",
]
