"""`citadels learn`: the app playing the guided first game (learn.py) on the lesson's screen
(components/lesson_screen.py). The game after it (F2, or "play again") is an ordinary one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from . import learn
from .app import CitadelsApp
from .components.game_screen import GameScreen
from .components.lesson_screen import LessonScreen, holds_scores
from .table import Seat


class LearnApp(CitadelsApp):
    def __init__(
        self,
        *,
        home: Path | None = None,
        lang: str | None = None,
        theme: str | None = None,
        pace: float | None = None,
    ) -> None:
        super().__init__(
            home=home,
            lang=lang,
            theme=theme,
            pace=pace,
            seed=learn.SEED,
            position=learn.POSITION,
            position_seat=learn.PLAYER,
            position_bots=learn.BOTS,
        )

    def make_game_screen(self, seat: Seat) -> GameScreen:
        if seat.table.start == learn.POSITION:
            return LessonScreen(seat)
        return super().make_game_screen(seat)

    def play_position(
        self,
        text: str,
        seat: int | None = None,
        level: str | Sequence[str] = "normal",
        seed: int | None = None,
    ) -> None:
        super().play_position(text, seat, level, seed)
        # Instead of "from the position given…": the lesson's welcome.
        self.notes[-1:] = [(str(learn.WELCOME), False)]

    def show_results(self) -> None:
        """At the lesson's end the board stays, with the lesson's last words; F7 shows the scores then."""
        if not holds_scores(self.game_screen):
            super().show_results()


def run(lang: str | None = None, theme: str | None = None) -> int:
    """Play the lesson in this terminal; the exit code for `citadels learn`."""
    result = LearnApp(lang=lang, theme=theme).run()
    return result if isinstance(result, int) else 0
