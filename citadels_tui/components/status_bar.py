"""One line on top: the round, who is called, and what is asked of you.

On a narrow screen the line gives up its extras one by one (the character being called, which the
Characters pane marks with ▶ anyway, then the long form of what is asked, then "last round"); the round,
who is deciding and the deck always stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import View

from ..i18n import t
from ..names import char_name

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions

# What each decision asks of you, in a few words (translated when shown; others say "your move").
ASKS = {
    "choose_character": "your move: choose a character",
    "discard_character": "your move: discard a character face down",
    "turn": "your turn",
    "keep": "your move: keep one of the drawn cards",
    "redraw": "your move: discard cards, then Done",
    "pay_den": "your move: pay for the Thieves' Den",
}
SEP = " · "


def status_text(v: View, cfg: GameConfig, enter_skips: bool = False, width: int = 0) -> str:
    """`enter_skips`: Enter on an empty command line hurries whoever decides now (a bot), so say so.
    `width`: the cells available (0: no limit); the line is shortened to fit, never wrapped."""
    if v.result is not None:
        return t("The game is over.")
    round_ = t("Round {n}", n=v.round)
    called = ""
    if v.phase == "select":
        called = t("choosing characters")
    elif v.calling:
        called = t("the {c} is called", c=char_name(cfg, v.calling))
    last = t("last round") if v.last_round else ""
    if v.pending_player == v.me:
        ask_long, ask_short = t(ASKS.get(v.pending_kind or "", "your move")), t("your move")
    elif v.pending_player is not None:
        name = cfg.names[v.pending_player]
        ask_short = t("{p} is deciding", p=name)
        ask_long = t("{p} is deciding (Enter: skip ahead)", p=name) if enter_skips else ask_short
    else:
        ask_long = ask_short = ""
    deck = t("deck {n}", n=v.deck_size)
    tries = [
        [round_, called, last, ask_long, deck],
        [round_, last, ask_long, deck],
        [round_, last, ask_short, deck],
        [round_, ask_short, deck],
    ]
    for parts in tries:
        text = SEP.join(p for p in parts if p)
        if width <= 0 or cell_len(text) <= width:
            return text
    # Still too long (a long name on a narrow screen): the name gives way, the round and the deck stay.
    room = width - cell_len(SEP.join((round_, deck))) - len(SEP)
    if room < 2 or not ask_short:
        return SEP.join((round_, deck))
    return SEP.join((round_, ask_short[: room - 1] + "…", deck))


class StatusBar(Static):
    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__("", **kw)
        self._last: tuple[View, GameConfig, bool] | None = None

    def show(self, v: View, cfg: GameConfig, enter_skips: bool = False) -> None:
        self._last = (v, cfg, enter_skips)
        self.update(status_text(v, cfg, enter_skips, self.size.width))

    def on_resize(self) -> None:
        # The width is known only after layout; a resize may make room for the long form or take it away.
        if self._last is not None:
            self.show(*self._last)
