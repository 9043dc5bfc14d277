"""The numbered list of what you can do now: click an option, or type its number."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..i18n import t
from .messages import OptionChosen, OptionFocused

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions


class OptionsPane(OptionList):
    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__(**kw)
        self.border_title = t("You can")
        self._labels: list[str] = []
        self._waiting = "\0"

    def show(self, labels: list[str], waiting: str = "") -> None:
        if (labels, waiting) == (self._labels, self._waiting):
            return  # unchanged: keep the highlight where the player left it
        self._labels = list(labels)
        self._waiting = waiting
        self.clear_options()
        if labels:
            self.add_options(
                [Option(Text(f"{i + 1:>2}. {lab}"), id=f"opt-{i}") for i, lab in enumerate(labels)]
            )
            self.disabled = False
        else:
            self.add_option(Option(Text(waiting or t("Nothing to decide now.")), disabled=True))
        self.highlighted = None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("opt-"):
            self.post_message(OptionFocused(int(oid[4:])))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("opt-"):
            self.post_message(OptionChosen(int(oid[4:])))
