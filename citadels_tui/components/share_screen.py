"""The game line (`share`) on a screen of its own, to be copied from the screen whole.

The line is drawn from the first column of the terminal to the last, folded only where a row is full,
with nothing beside it: no border, no padding, no scrollbar. Selected from its first character to its
last, it is copied whole; the line breaks a terminal puts between the rows are not part of it, and
`citadels replay LINE` leaves them out. When the terminal cannot show the whole line at once, the screen
says so and names the other ways: the copy already made (OSC 52) and a file."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ..i18n import t

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import ScreenOptions


def rows_of(line: str, width: int) -> list[str]:
    """`line` cut into rows of `width` characters (the line is ASCII: one cell a character)."""
    return [line[i : i + width] for i in range(0, len(line), max(1, width))]


class GameLine(Widget):
    """The line itself, or, where it does not fit, why not and what to do instead."""

    DEFAULT_CSS = "GameLine { height: 1fr; padding: 0; }"

    def __init__(self, line: str, file_hint: str, **kw: Unpack[ScreenOptions]) -> None:
        super().__init__(**kw)
        self.line = line
        self.file_hint = file_hint  # the command that writes the line to a file, or ""

    def fits(self) -> bool:
        width, height = self.size
        return width > 0 and ceil(len(self.line) / width) <= height

    def render(self) -> Text:
        width = self.size.width
        if self.fits():
            return Text("\n".join(rows_of(self.line, width)), no_wrap=True, overflow="crop")
        text = t(
            "This terminal is too small to show the whole line at once: its {n} characters need {r} rows "
            "of {w}. It was copied to your clipboard, where your terminal lets programs copy (OSC 52).",
            n=len(self.line),
            r=ceil(len(self.line) / max(1, width)),
            w=width,
        )
        if self.file_hint:
            text += " " + t("Or write it to a file: {c}", c=self.file_hint)
        return Text(text)


class ShareScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ShareScreen { background: $background; layout: vertical; }
    #share-head { height: auto; background: $panel; color: $text; padding: 0 1; }
    #share-keys { height: 1; background: $panel; color: $text; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape,q", "close", t("Close")),
        Binding("c", "copy", t("Copy again")),
    ]

    def __init__(self, line: str, file_hint: str = "") -> None:
        super().__init__()
        self.line = line
        self.file_hint = file_hint

    def compose(self) -> ComposeResult:
        yield Static(
            t(
                "The game as one line ({n} characters). Copy it from its first character to its last: the "
                "line breaks between the rows are not part of it. In a shell, paste it between quotes: "
                "citadels replay 'LINE'",
                n=len(self.line),
            ),
            id="share-head",
        )
        yield GameLine(self.line, self.file_hint, id="share-line")
        yield Static(t("Esc closes · c copies it to the clipboard again (OSC 52)"), id="share-keys")

    def on_mount(self) -> None:
        self.app.copy_to_clipboard(self.line)

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.line)
        self.notify(t("Copied, where your terminal lets programs copy (OSC 52)."))

    def action_close(self) -> None:
        self.dismiss(None)
