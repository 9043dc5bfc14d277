"""`citadels review FILE`: the review of a saved game, in a terminal of its own, then back to the shell."""

from __future__ import annotations

from citadels_core.record import GameRecord

from .components.review_screen import ReviewScreen
from .one_screen_app import OneScreenApp


class ReviewApp(OneScreenApp):
    """One review, as `seat` (from 0) played it."""

    screen_type = ReviewScreen


def run_review(
    record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
) -> int:
    return ReviewApp.show(record, seat, lang, theme)
