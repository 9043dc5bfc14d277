"""Messages that bubble up from widgets to the game screen (methods go down, messages go up)."""

from __future__ import annotations

from textual.message import Message


class TableChanged(Message):
    """The table applied an action; every pane redraws from a fresh view."""


class OptionChosen(Message):
    """The player picked option `index` (0-based) of the numbered list, by click or number key."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class CommandEntered(Message):
    """The player pressed Enter on a line of text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class OptionFocused(Message):
    """The pointer or the arrow keys rest on option `index`: show the text of the card it is about."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
