"""Rich styles for district types, taken from the widget's component classes so colours live in TCSS."""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget

from ..names import TYPE_LETTER

TYPE_CLASSES = {t: f"type--{t}" for t in TYPE_LETTER}
COMPONENT_CLASSES = {*TYPE_CLASSES.values(), "mark--private", "mark--dim", "mark--me", "mark--alert"}


def type_style(w: Widget, district_type: str) -> Style:
    cls = TYPE_CLASSES.get(district_type)
    return w.get_component_rich_style(cls, partial=True) if cls else Style()


def mark(w: Widget, name: str) -> Style:
    return w.get_component_rich_style(f"mark--{name}", partial=True)
