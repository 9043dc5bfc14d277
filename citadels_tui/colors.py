"""Colour fallbacks for the game's TCSS variables ($district-noble …), for a theme that does not define
them (Textual's built-in themes, a user's theme that leaves some out). The shipped themes in themes/*.toml
define every one; these are mid-tones chosen to stay apart on dark and light backgrounds."""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

THEME_VARIABLE_DEFAULTS: dict[str, str] = {
    "district-noble": "#e6b422",
    "district-religious": "#5b9bd5",
    "district-trade": "#4ebf71",
    "district-military": "#e0605a",
    "district-unique": "#b77fdb",
    "gold": "#e6b422",
    "crown": "#e6b422",
    "marker-killed": "#e0605a",
    "marker-robbed": "#e08a2e",
    "marker-bewitched": "#b77fdb",
    "marker-warrant": "#5b9bd5",
    "marker-threat": "#e08a2e",
    "log-private": "#7fb2e5",  # your private events in the story
    "log-mine": "#c0c0c0",  # your commands echoed in the story
    "text-dim": "#8c8c8c",
}


class Colourless(LineFilter):
    """NO_COLOR: every colour removed, the attributes (bold, reverse, underline, dim) kept.

    Textual's own answer to NO_COLOR turns colours into greys, which still writes colour codes (38;5;…);
    no-color.org asks for none. Applied last, after Textual's filters, so nothing adds colour back."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else style.without_color, control)
            for text, style, control in segments
        ]
