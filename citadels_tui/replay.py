"""A finished game stepped move by move, as one seat saw it (a spectator, for None): what the replay
viewer (components/replay_screen.py) shows at each move.

The game is played again once from its record, through a Table and a Seat like the ones players had, so
every step shows exactly what that seat was shown at the time: its view (`citadels_core.view.view`), and
the story told to it by that move (`Seat.lines`, the narration and recaps of the game screen). Nothing
hidden from the seat (another player's hand, a character discarded face down) is in any step."""

from __future__ import annotations

from dataclasses import dataclass

from citadels_core import IllegalAction
from citadels_core.record import GameRecord
from citadels_core.view import View

from .table import LogLine, Table


@dataclass(frozen=True, slots=True)
class Step:
    """The game after a move: the seat's view, the lines of story that move told, and who moved (None
    for the start, before the first move)."""

    view: View
    lines: tuple[LogLine, ...]
    mover: int | None


class Replay:
    """Every step of a game: step 0 is the start, step k the game after its k-th move."""

    def __init__(self, record: GameRecord, seat: int | None = None) -> None:
        if seat is not None and not 0 <= seat < record.config.players:
            raise ValueError(f"there is no seat {seat} in a game of {record.config.players}")
        self.record = record
        self.seat = seat
        # A table with no bots runs nothing by itself: its game is stepped here, one recorded move at a time.
        table = Table(GameRecord(record.config, record.seed, []), {})
        viewer = table.seat(seat)
        lines, cursor = viewer.lines(0)
        self.steps: list[Step] = [Step(viewer.view(), tuple(lines), None)]
        self.broken: int | None = None  # the number of a recorded move the rules refuse (a damaged record)
        for i, (player, action) in enumerate(record.actions):
            try:
                table.game.apply(player, action)
            except IllegalAction:
                self.broken = i + 1
                break
            lines, cursor = viewer.lines(cursor)
            self.steps.append(Step(viewer.view(), tuple(lines), player))
        # The first step of each round (a round begins with the move that ends the one before).
        self.round_starts: dict[int, int] = {}
        for k, step in enumerate(self.steps):
            self.round_starts.setdefault(step.view.round, k)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    @property
    def rounds(self) -> int:
        return max(self.round_starts)

    def round_of(self, k: int) -> int:
        return self.steps[k].view.round

    def story(self, k: int, most: int = 200) -> list[LogLine]:
        """The last `most` lines of story told up to step `k`, oldest first."""
        out: list[LogLine] = []
        for step in reversed(self.steps[: k + 1]):
            out[:0] = step.lines
            if len(out) >= most:
                return out[-most:]
        return out
