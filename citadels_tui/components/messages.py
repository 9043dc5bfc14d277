"""Messages that bubble up from widgets to the game screen (methods go down, messages go up)."""

from __future__ import annotations

from collections import namedtuple

from textual.message import Message


class SeenOptions(namedtuple("SeenOptions", "actions labels")):
    """The numbered options as they stood when the player started typing: a number typed then acts on
    these (or is refused), not on a list that changed under the player's fingers. `actions`, `labels`:
    tuples. (`collections.namedtuple`: `typing.NamedTuple` compiles each field's annotation at every start.)"""

    __slots__ = ()


class TableChanged(Message):
    """The table applied an action; every pane redraws from a fresh view."""


class OptionChosen(Message):
    """The player picked option `index` (0-based) of the numbered list, by click or number key."""

    def __init__(self, index: int, seen: SeenOptions | None = None) -> None:
        super().__init__()
        self.index = index
        self.seen = seen  # None: the list shown now (a click)


class CommandEntered(Message):
    """The player pressed Enter on a line of text."""

    def __init__(self, text: str, seen: SeenOptions | None = None) -> None:
        super().__init__()
        self.text = text
        self.seen = seen  # the options when typing started: what a number means


class OptionFocused(Message):
    """The pointer or the arrow keys rest on option `index`: show the text of the card it is about."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
