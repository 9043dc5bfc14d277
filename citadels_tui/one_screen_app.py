"""One screen about a recorded game (its review, its replay) in a terminal of its own, with the game app's
look and language (settings, --lang, --theme); Esc, q or Ctrl+Q ends it and the shell is back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import events

from citadels_core.record import GameRecord
from citadels_themes import DEFAULT_THEME

from .app import CitadelsApp


class OneScreenApp(CitadelsApp):
    """Shows `screen_type(record, seat)`; `seat` is whose view (from 0), None for a spectator's."""

    screen_type: ClassVar[Callable[[GameRecord, int | None], Any]]
    GAME_FIRST = False  # its first screen is not a game of its own

    def __init__(
        self,
        record: GameRecord,
        seat: int | None,
        *,
        home: Path | None = None,
        lang: str | None = None,
        theme: str | None = None,
    ) -> None:
        super().__init__(home=home, lang=lang, theme=theme)
        self.record = record
        self.seat = seat

    def on_mount(self, event: events.Mount) -> None:
        # CitadelsApp.on_mount would start or resume a game: this app plays nothing and saves nothing.
        event.prevent_default()
        if not self.set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
            self.theme = DEFAULT_THEME
        self.push_screen(type(self).screen_type(self.record, self.seat), lambda _: self.exit(0))

    @classmethod
    def show(
        cls, record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
    ) -> int:
        """Run it in this terminal; the exit code for the command."""
        result = cls(record, seat, lang=lang, theme=theme).run()
        return result if isinstance(result, int) else 0
