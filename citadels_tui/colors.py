"""Colour defaults the TCSS refers to as variables ($district-noble …). A theme may override any of them
in its `variables`; these are only the fallbacks, chosen to stay apart on dark and light backgrounds."""

from __future__ import annotations

THEME_VARIABLE_DEFAULTS: dict[str, str] = {
    "district-noble": "#e6b422",
    "district-religious": "#5b9bd5",
    "district-trade": "#4ebf71",
    "district-military": "#e0605a",
    "district-unique": "#b77fdb",
    "log-private": "#7fb2e5",  # your private events in the story
}
