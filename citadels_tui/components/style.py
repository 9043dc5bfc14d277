"""Rich styles for district types, taken from the widget's component classes so colours live in TCSS."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.widget import Widget
from textual.widgets import Static

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


class Marks(Static):
    """Holds the mark and type styles for every pane of its screen (the game's, a replay's), which
    yields it first: Textual styles every component class of every widget as a node of its own,
    each time the widget is styled, and these styles (components.tcss: plain class selectors) are the
    same for every pane. One set per screen instead of one per pane spares the start (and each SSH
    session's) some 60 of them per styling of the screen. A widget rather than the screen itself: a
    screen is styled before its own CSS files are loaded, its children after.

    Hidden, unless it is given a `sentence`: then the screen's CSS shows it when it has something to say
    (the game's screen: "this terminal is too small", `#too-small`). One widget less for every start to
    make, mount and style (~2 M instructions) than a sentence of its own beside it."""

    COMPONENT_CLASSES = COMPONENT_CLASSES

    def __init__(self, sentence: str = "", *, id: str = "marks") -> None:
        super().__init__(sentence, id=id)
        if not sentence:
            self.display = False


def _holder(w: Widget) -> Widget:
    """The widget whose component styles hold `w`'s marks: its screen's `Marks`, else `w` itself."""
    try:
        return w.screen.get_child_by_type(Marks)  # the screen's first child: found at once
    except (NoScreen, NoMatches):  # not on a screen (yet), or one without: `w` declares the classes itself
        return w


def type_style(w: Widget, district_type: str) -> Style:
    cls = TYPE_CLASSES.get(district_type)
    return _holder(w).get_component_rich_style(cls, partial=True) if cls else Style()


def mark(w: Widget, name: str) -> Style:
    return _holder(w).get_component_rich_style(f"mark--{name}", partial=True)


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
