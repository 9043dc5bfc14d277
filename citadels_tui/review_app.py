"""`citadels review FILE`: the review of a saved game, in a terminal of its own, then back to the shell."""

from __future__ import annotations

from pathlib import Path

from textual import events

from citadels_core.record import GameRecord
from citadels_themes import DEFAULT_THEME

from .app import CitadelsApp
from .components.review_screen import ReviewScreen


class ReviewApp(CitadelsApp):
    """The game app's look and language (settings, --lang, --theme), showing one review: Esc, q or
    Ctrl+Q ends it."""

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
        self.reviewer = seat

    def on_mount(self, event: events.Mount) -> None:
        # CitadelsApp.on_mount would start or resume a game: a review plays nothing.
        event.prevent_default()
        if not self._set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
            self.theme = DEFAULT_THEME
        self.push_screen(ReviewScreen(self.record, self.reviewer), lambda _: self.exit(0))


def run_review(
    record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
) -> int:
    result = ReviewApp(record, seat, lang=lang, theme=theme).run()
    return result if isinstance(result, int) else 0
