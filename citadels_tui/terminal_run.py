"""`run`: `citadels` played in this terminal. The start pauses the garbage collector and reads back the
CSS and the shipped themes the last start kept in the cache folder; the app (app.py) resumes the one and
writes the others once its first screen shows."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from . import css_cache, theme_cache
from .app import CitadelsApp, StartOptions
from .paths import cache_dir
from .themed_app import SHIPPED_THEMES

if TYPE_CHECKING:
    from typing import Unpack

CSS_CACHE = "css-rules.pickle"  # in the cache folder: see css_cache.py
THEME_CACHE = "themes.marshal"  # in the cache folder: see theme_cache.py


def run(**start: Unpack[StartOptions]) -> int:
    """Play in this terminal, the session started as `start` says (StartOptions); the exit code for the
    `citadels` command.

    The start makes some sixty thousand objects that live as long as the app: collecting garbage meanwhile
    would only scan them again and again (a sixth of the start's CPU), so the collector is off until the
    first screen is shown (`citadels` turns it off before it imports the app). The CSS parsed by the last
    start is read back from the cache folder (`css_cache.load`) rather than parsed again, and so are the
    shipped themes (`theme_cache.load`)."""
    gc.disable()
    cache = cache_dir()
    css_file = cache / CSS_CACHE
    css_cache.install()
    css_cache.load(css_file)
    theme_file = cache / THEME_CACHE
    keep_themes = False  # whether the kept themes could not be used: written anew after the first frame
    if not SHIPPED_THEMES:
        shipped = theme_cache.load(theme_file)
        if shipped is None:
            keep_themes = True
        else:
            SHIPPED_THEMES.extend((th, th.to_textual_theme()) for th in shipped)
    app = CitadelsApp(**start)
    app.collector_paused = True
    app.css_cache_file = css_file
    if keep_themes:
        app.theme_cache_file = theme_file
    result = app.run()
    css_cache.save(css_file)  # what was parsed after the start (another theme chosen …), for next time
    return result if isinstance(result, int) else 0
