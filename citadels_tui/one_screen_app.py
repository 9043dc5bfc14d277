"""One screen about a recorded game (its review, its replay) in a terminal of its own, with the game app's
look and language (settings, --lang, --theme); Esc, q or Ctrl+Q ends it and the shell is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Protocol

from textual import events
from textual.screen import Screen

from citadels_core.record import GameRecord
from citadels_themes import DEFAULT_THEME

from .app import CitadelsApp


class ScreenOfARecord(Protocol):
    """A screen about `record`, as `seat` may know it (a screen class: ReviewScreen, ReplayScreen)."""

    def __call__(self, record: GameRecord, seat: int | None, /) -> Screen[Any]: ...


class OneScreenApp(CitadelsApp):
    """Shows `screen_type(record, viewer)`; `viewer` is whose view (a seat from 0), None for a spectator's."""

    screen_type: ClassVar[ScreenOfARecord]
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
        self.viewer = seat  # not `seat`: the game app's `seat` is the Seat it plays, which this has none of

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual gives each class's handler the event it asks for
        # CitadelsApp.on_mount would start or resume a game: this app plays nothing and saves nothing.
        event.prevent_default()
        if not self.set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
            self.theme = DEFAULT_THEME
        self.push_screen(type(self).screen_type(self.record, self.viewer), lambda _: self.exit(0))

    @classmethod
    def show(
        cls, record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
    ) -> int:
        """Run it in this terminal; the exit code for the command."""
        result = cls(record, seat, lang=lang, theme=theme).run()
        return result if isinstance(result, int) else 0
