"""Your hand: name, cost and type letter of each card, and the text of the selected card."""

from __future__ import annotations

from citadels_core import GameConfig
from citadels_core.view import View
from rich.text import Text
from textual import events
from textual.widgets import Static

from ..i18n import t
from ..names import TYPE_LETTER, card_cost, card_name, card_text, card_type, char_name
from .style import COMPONENT_CLASSES, mark, type_style


class HandPane(Static):
    COMPONENT_CLASSES = COMPONENT_CLASSES

    def __init__(self, **kw: object) -> None:
        super().__init__("", **kw)  # type: ignore[arg-type]
        self.border_title = t("Your hand")
        self.cards: tuple[str, ...] = ()
        self.selected: str | None = None  # a card or character key whose text is shown
        self._v: View | None = None
        self._cfg: GameConfig | None = None

    def show(self, v: View, cfg: GameConfig, selected: str | None = None) -> None:
        self._v, self._cfg = v, cfg
        self.cards = tuple(sorted(v.hand, key=lambda k: (card_type(cfg, k), card_cost(cfg, k), k)))
        if selected is not None:
            self.selected = selected
        if self.selected is None or (self.selected not in self.cards and selected is None
                                     and self.selected not in cfg.ed.character_by_key):
            self.selected = self.cards[0] if self.cards else None
        self.update(self.render_hand(cfg))

    def render_hand(self, cfg: GameConfig) -> Text:
        out = Text()
        if not self.cards:
            out.append(t("(no cards)"), style=mark(self, "dim"))
        width = max((len(card_name(cfg, k)) for k in self.cards), default=0)
        for i, k in enumerate(self.cards):
            if i:
                out.append("\n")
            pointer = "›" if k == self.selected else " "
            out.append(f"{pointer}{card_name(cfg, k):<{width}} ")
            out.append(f"{card_cost(cfg, k)}{TYPE_LETTER.get(card_type(cfg, k), '?')}",
                       style=type_style(self, card_type(cfg, k)))
        if self.selected:
            out.append("\n")
            out.append(self._describe(cfg, self.selected), style=mark(self, "dim"))
        return out

    @staticmethod
    def _describe(cfg: GameConfig, key: str) -> str:
        if key in cfg.ed.district_by_key:
            head = t("{d} ({c}, {ty})", d=card_name(cfg, key), c=card_cost(cfg, key), ty=t(card_type(cfg, key)))
        else:
            head = char_name(cfg, key)
        text = card_text(cfg, key)
        return f"{head}: {text}" if text else head + "."

    def on_click(self, event: events.Click) -> None:
        # A click on a card's line selects it, to read its text.
        row = event.y - 1  # the top border holds the title
        if 0 <= row < len(self.cards) and self._v is not None and self._cfg is not None:
            self.selected = self.cards[row]
            self.update(self.render_hand(self._cfg))
