"""`citadels replay LINE|FILE` in a terminal: the replay viewer (components/replay_screen.py) in a terminal of
its own, stepping through the game as one seat or a spectator saw it, then back to the shell."""

from __future__ import annotations

from pathlib import Path

from textual import events

from citadels_core.record import GameRecord
from citadels_themes import DEFAULT_THEME

from .app import CitadelsApp
from .components.replay_screen import ReplayScreen


class ReplayApp(CitadelsApp):
    """The game app's look and language (settings, --lang, --theme), showing one replay: Esc, q or
    Ctrl+Q ends it. `seat`: whose view (from 0), None for a spectator's."""

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
        self.viewer = seat

    def on_mount(self, event: events.Mount) -> None:
        # CitadelsApp.on_mount would start or resume a game: a replay plays nothing and saves nothing.
        event.prevent_default()
        if not self._set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
            self.theme = DEFAULT_THEME
        self.push_screen(ReplayScreen(self.record, self.viewer), lambda _: self.exit(0))


def run_replay(
    record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
) -> int:
    result = ReplayApp(record, seat, lang=lang, theme=theme).run()
    return result if isinstance(result, int) else 0
