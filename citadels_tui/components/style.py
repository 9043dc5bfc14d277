"""Rich styles for district types, taken from the widget's component classes so colours live in TCSS."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ..names import TYPE_LETTER

TYPE_CLASSES = {t: f"type--{t}" for t in TYPE_LETTER}
MARKS = ("private", "mine", "dim", "me", "alert", "gold", "crown",
         "killed", "robbed", "bewitched", "warrant", "threat")
COMPONENT_CLASSES = {*TYPE_CLASSES.values(), *(f"mark--{m}" for m in MARKS)}


def type_style(w: Widget, district_type: str) -> Style:
    cls = TYPE_CLASSES.get(district_type)
    return w.get_component_rich_style(cls, partial=True) if cls else Style()


def mark(w: Widget, name: str) -> Style:
    return w.get_component_rich_style(f"mark--{name}", partial=True)


def flow(entries: list[Text], width: int, sep: str = "  ") -> Text:
    """Lay entries out left to right, breaking lines only between entries ("School of Magic 6U" stays
    whole). Rich would break at any space, no-break spaces included."""
    out = Text()
    col = 0
    width = width if width > 0 else 80
    for e in entries:
        w = e.cell_len
        if col and col + len(sep) + w > width:
            out.append("\n")
            col = 0
        elif col:
            out.append(sep)
            col += len(sep)
        out.append_text(e)
        col += w
    return out
