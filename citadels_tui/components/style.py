"""Rich styles for district types, taken from the widget's component classes so colours live in TCSS."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ..names import TYPE_LETTER

TYPE_CLASSES = {t: f"type--{t}" for t in TYPE_LETTER}
MARKS = (
    "private",
    "mine",
    "dim",
    "me",
    "alert",
    "gold",
    "crown",
    "killed",
    "robbed",
    "bewitched",
    "warrant",
    "threat",
    "toyou",
    "new",
    "gone",
)
COMPONENT_CLASSES = {*TYPE_CLASSES.values(), *(f"mark--{m}" for m in MARKS)}


def type_style(w: Widget, district_type: str) -> Style:
    cls = TYPE_CLASSES.get(district_type)
    return w.get_component_rich_style(cls, partial=True) if cls else Style()


def mark(w: Widget, name: str) -> Style:
    return w.get_component_rich_style(f"mark--{name}", partial=True)


def flow(entries: list[Text], width: int, sep: str = "  ", indent: int = 0) -> Text:
    """Lay entries out left to right, breaking lines only between entries ("School of Magic 6U" stays
    whole). Rich would break at any space, no-break spaces included. Lines after the first start with
    `indent` spaces."""
    out = Text()
    col = 0
    width = width if width > 0 else 80
    for e in entries:
        w = e.cell_len
        if col and col + len(sep) + w > width:
            out.append("\n" + " " * indent)
            col = indent
        elif col:
            out.append(sep)
            col += len(sep)
        out.append_text(e)
        col += w
    return out


def crop(text: Text, lines: int, width: int) -> Text:
    """The first `lines` lines of `text` (0: all), the last of them ending in "…" when something was cut."""
    parts = text.split("\n", allow_blank=True)
    if lines <= 0 or len(parts) <= lines:
        return text
    kept = parts[:lines]
    last = kept[-1]
    last.truncate(max(0, (width if width > 0 else 80) - 1))
    last.append("…")
    return Text("\n").join(kept)
