"""Your hand: name, cost and type letter of each card, and the text of the selected card."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import View

from ..i18n import t, tp
from ..names import card_cost, card_name, card_text, card_type, char_name, type_letter
from .style import mark, type_style

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions


class HandPane(Static):
    # The mark and type styles are the screen's (style.Marks).

    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__("", **kw)
        self.border_title = t("Your hand")
        self.cards: tuple[str, ...] = ()
        self.selected: str | None = None  # a card or character key whose text is shown
        self._clicked = 0  # which copy of the selected card was clicked: one copy takes the mark
        self._v: View | None = None
        self._cfg: GameConfig | None = None
        self.new_cards: Counter[str] = Counter()  # cards come into the hand since the player last acted

    def show(
        self, v: View, cfg: GameConfig, selected: str | None = None, new_cards: Counter[str] | None = None
    ) -> None:
        self._v, self._cfg = v, cfg
        if new_cards is not None:
            self.new_cards = new_cards
        self.cards = tuple(sorted(v.hand, key=lambda k: (card_type(cfg, k), card_cost(cfg, k), k)))
        if selected is not None:
            self.selected, self._clicked = selected, 0
        if self.selected is None or (
            self.selected not in self.cards
            and selected is None
            and self.selected not in cfg.ed.character_by_key
        ):
            self.selected, self._clicked = (self.cards[0] if self.cards else None), 0
        self.update(self.render_hand(cfg))

    def render_hand(self, cfg: GameConfig) -> Text:
        """One card a line when the screen is tall; side by side when it is short, so the options fit."""
        out = Text()
        self.spots: list[tuple[int, int, int, str]] = []  # (row, first column, last column, card)
        if not self.cards:
            out.append(t("(no cards)"), style=mark(self, "dim"))
        one_a_line = self.app.size.height >= 34 or self.size.width <= 0
        width = max((len(card_name(cfg, k)) for k in self.cards), default=0)
        row = col = 0
        unmarked = Counter(self.new_cards)  # the copies of a card still to be marked ✦ new
        copies = [i for i, k in enumerate(self.cards) if k == self.selected]
        pointed = copies[self._clicked] if self._clicked < len(copies) else copies[0] if copies else -1
        for i, k in enumerate(self.cards):
            pointer = "›" if i == pointed else " "
            e = Text(pointer)
            if unmarked[k] > 0:
                # A glyph and a style, not colour alone: ✦ and the name underlined.
                unmarked[k] -= 1
                e.append("✦", style=mark(self, "new"))
                e.append(
                    f"{card_name(cfg, k):<{width}}" if one_a_line else card_name(cfg, k),
                    style=mark(self, "new"),
                )
                e.append(" ")
            else:
                e.append(
                    (" " if one_a_line and self.new_cards else "")
                    + (f"{card_name(cfg, k):<{width}} " if one_a_line else f"{card_name(cfg, k)} ")
                )
            e.append(
                f"{card_cost(cfg, k)}{type_letter(card_type(cfg, k))}",
                style=type_style(self, card_type(cfg, k)),
            )
            if i and (one_a_line or col + 1 + e.cell_len > self.size.width):
                out.append("\n")
                row, col = row + 1, 0
            elif i:
                out.append(" ")
                col += 1
            self.spots.append((row, col, col + e.cell_len, k))
            out.append_text(e)
            col += e.cell_len
        if self.selected:
            out.append("\n")
            out.append(self._describe(cfg, self.selected), style=mark(self, "dim"))
        return out

    @staticmethod
    def _describe(cfg: GameConfig, key: str) -> str:
        if key in cfg.ed.district_by_key:
            head = t(
                "{d} ({c}, {ty})",
                d=card_name(cfg, key),
                c=card_cost(cfg, key),
                ty=tp("district type", card_type(cfg, key)),
            )
        else:
            head = char_name(cfg, key)
        text = card_text(cfg, key)
        return f"{head}: {text}" if text else head + "."

    def on_click(self, event: events.Click) -> None:
        # A click on a card selects it, to read its text.
        row, col = event.y - 1, event.x - 1  # the top border holds the title; one column of padding
        for n, (r, c0, c1, key) in enumerate(getattr(self, "spots", [])):
            if r == row and c0 <= col < c1 and self._cfg is not None:
                self.selected = key
                self._clicked = self.cards[:n].count(key)
                self.update(self.render_hand(self._cfg))
                return

    def on_resize(self) -> None:
        if self._cfg is not None:
            self.update(self.render_hand(self._cfg))
