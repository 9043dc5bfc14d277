"""How fast the whole story opens: a finished 8-player game between heuristic bots, then the full story
screen in a headless Textual app (Pilot), timed from the key to the screen drawn. Target ≤ 100 ms.

The time covers what F6 does in the game: the whole game told again for the seat (`Seat.lines(0)`), the
story screen built, laid out and its first frame drawn (the moment its last visible row is drawn). The
time seen through the Pilot's pauses is printed too, beside an empty screen's opened the same way: those
pauses wait for the app to go idle, which is the harness's cost, not the story's. Never fails on time.

    .venv/bin/python bench/bench_story.py [--runs 10] [--size 120x40]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_tui.colors import THEME_VARIABLE_DEFAULTS
from citadels_tui.components.story_screen import StoryBody, StoryScreen
from citadels_tui.game_setup import bot_names
from citadels_tui.table import Seat, Table

TARGET_MS = 100.0


def finished_game(players: int = 8, seed: int = 3) -> GameRecord:
    cfg = GameConfig.create(players, names=bot_names("Anna", players))
    g = Game(cfg, seed)
    bots = [make_bot("heuristic", seed * 10 + p) for p in range(players)]
    actions = []
    while (pd := g.pending()) is not None:
        a = bots[pd[0]].choose(view(g, pd[0]))
        g.apply(pd[0], a)
        actions.append((pd[0], a))
    assert g.over
    return GameRecord(cfg, seed, actions)


class Host(App[None]):
    """An empty app to open the story screen on, as the game screen does (F6), with the game's colours."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **THEME_VARIABLE_DEFAULTS}


class Empty(ModalScreen[None]):
    """The least screen (a line and a find box), opened the same way: what the harness itself costs."""

    def compose(self) -> ComposeResult:
        yield Static("-", id="story-body")
        yield Input()


class Drawn:
    """When the story's lines are drawn: the first frame is done when its last visible row is drawn."""

    def __init__(self) -> None:
        self.stamps: list[float] = []
        self.draw = StoryBody.render_line

        def render_line(body: StoryBody, y: int):  # noqa: ANN202 - a Strip, as the wrapped method's
            # Only rows of the story as it opens: wrapped, and scrolled to the latest lines.
            if body.rows and body.scroll_offset.y == body.max_scroll_y:
                self.stamps.append(time.perf_counter())
            return self.draw(body, y)

        StoryBody.render_line = render_line  # type: ignore[method-assign]


async def measure(
    seat: Seat, runs: int, size: tuple[int, int]
) -> tuple[list[float], list[float], list[float]]:
    """Per run: key to the first frame of the story drawn; key to the story seen through the Pilot's pauses
    (these wait for the app to be idle); the same for the empty screen."""
    app = Host()
    drawn = Drawn()
    first_frame, seen, empty = [], [], []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()

        async def until_shown(screen: ModalScreen[None]) -> None:
            while (
                app.screen is not screen
                or not (body := screen.query("#story-body"))
                or not body.first().size.height
            ):
                await pilot.pause()
            await pilot.pause()

        for _ in range(runs):
            drawn.stamps.clear()
            start = time.perf_counter()
            lines, _ = seat.lines(0)  # what F6 does: the game told again for the seat, then the screen
            screen = StoryScreen(lines)
            app.push_screen(screen)
            await until_shown(screen)
            seen.append((time.perf_counter() - start) * 1000)
            rows = screen.query_one(StoryBody).size.height
            first_frame.append((drawn.stamps[rows - 1] - start) * 1000)
            app.pop_screen()
            await pilot.pause()
            start = time.perf_counter()
            blank = Empty()
            app.push_screen(blank)
            await until_shown(blank)
            empty.append((time.perf_counter() - start) * 1000)
            app.pop_screen()
            await pilot.pause()
    return first_frame, seen, empty


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--size", default="120x40", help="terminal size, COLSxLINES")
    args = ap.parse_args()
    cols, rows = (int(x) for x in args.size.split("x"))
    record = finished_game()
    seat = Table(record, {}).seat(0)
    lines, _ = seat.lines(0)
    rounds = sum(1 for x in lines if x.kind == "round")
    first_frame, seen, empty = asyncio.run(measure(seat, args.runs, (cols, rows)))
    med = statistics.median
    print(f"8-player game: {len(record.actions)} decisions, {rounds} rounds, {len(lines)} story lines")
    print(
        f"open the whole story at {cols}x{rows}, to its first frame drawn: median {med(first_frame):.1f} ms, "
        f"worst {max(first_frame):.1f} ms over {len(first_frame)} runs (target ≤ {TARGET_MS:.0f} ms)"
    )
    print(
        f"  through the Pilot's idle waits: median {med(seen):.1f} ms; an empty screen the same way: "
        f"{med(empty):.1f} ms"
    )


if __name__ == "__main__":
    main()
