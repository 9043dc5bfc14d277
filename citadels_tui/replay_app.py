"""`citadels replay LINE|FILE` in a terminal: the replay viewer (components/replay_screen.py) in a terminal of
its own, stepping through the game as one seat or a spectator saw it, then back to the shell."""

from __future__ import annotations

from citadels_core.record import GameRecord

from .components.replay_screen import ReplayScreen
from .one_screen_app import OneScreenApp


class ReplayApp(OneScreenApp):
    """One replay, as `seat` (from 0) saw it, or a spectator (None)."""

    screen_type = ReplayScreen


def run_replay(
    record: GameRecord, seat: int | None, lang: str | None = None, theme: str | None = None
) -> int:
    return ReplayApp.show(record, seat, lang, theme)
