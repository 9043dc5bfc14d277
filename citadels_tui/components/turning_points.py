"""Turning points of a game for one seat (a placeholder: the computation comes in its own change)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from citadels_core import GameConfig

from ..i18n import t


class TurningPointsPane(Widget):
    DEFAULT_CSS = "TurningPointsPane { height: auto; }"

    def __init__(self, config: GameConfig, seed: int, actions: list[tuple[int, Any]], seat: int | None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config
        self.seed = seed
        self.actions = actions
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(t("Turning points: not computed yet."))
