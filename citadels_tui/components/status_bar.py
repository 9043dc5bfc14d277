"""One line on top: the round, who is called, and what is asked of you."""

from __future__ import annotations

from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import View

from ..i18n import t
from ..names import char_name

# What each decision asks of you, in a few words (translated when shown; others say "your move").
ASKS = {
    "choose_character": "your move: choose a character",
    "discard_character": "your move: discard a character face down",
    "turn": "your turn",
    "keep": "your move: keep one of the drawn cards",
    "redraw": "your move: discard cards, then Done",
    "pay_den": "your move: pay for the Thieves' Den",
}


def status_text(v: View, cfg: GameConfig, enter_skips: bool = False) -> str:
    """`enter_skips`: Enter on an empty command line hurries whoever decides now (a bot), so say so."""
    if v.result is not None:
        return t("The game is over.")
    parts = [t("Round {n}", n=v.round)]
    if v.phase == "select":
        parts.append(t("choosing characters"))
    elif v.calling:
        parts.append(t("the {c} is called", c=char_name(cfg, v.calling)))
    if v.last_round:
        parts.append(t("last round"))
    if v.pending_player == v.me:
        parts.append(t(ASKS.get(v.pending_kind or "", "your move")))
    elif v.pending_player is not None and enter_skips:
        parts.append(t("{p} is deciding (Enter: skip ahead)", p=cfg.names[v.pending_player]))
    elif v.pending_player is not None:
        parts.append(t("{p} is deciding", p=cfg.names[v.pending_player]))
    parts.append(t("deck {n}", n=v.deck_size))
    return " · ".join(parts)


class StatusBar(Static):
    def show(self, v: View, cfg: GameConfig, enter_skips: bool = False) -> None:
        self.update(status_text(v, cfg, enter_skips))
