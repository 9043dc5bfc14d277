"""Helpers for the tests that drive an app with Textual's pilot: wait for a screen to show something or for
the player's turn to come back, type a line, play a few lines, open a form, sit at a hosted table, read a
log, the lobby or the story; what an app must have at that point (its table, seat, game screen, lobby, a
screen of a kind), typed; the snapshots' sizes and their run_before steps; the screen as text."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from rich.console import Console, Group
from rich.text import Text
from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import View
from citadels_tui.app import CitadelsApp
from citadels_tui.components.cities_pane import CitiesPane
from citadels_tui.components.command_line import CommandLine
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.components.lobby_screen import LobbyLog, LobbyScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.new_game_screen import NewGameScreen
from citadels_tui.components.review_screen import ReviewScreen
from citadels_tui.components.table_form_screen import TableFormScreen
from citadels_tui.components.turning_points import TurningPointsPane
from citadels_tui.i18n import Language
from citadels_tui.lobby_app import LobbyApp
from citadels_tui.table import Seat, Table


def log_text(log: Any) -> str:
    """A RichLog's lines (the lobby's log, the story) as one text."""
    return "\n".join(str(line.text) for line in log.lines)


def keys_of(text: str) -> list[str]:
    """The pilot's keys that type `text` (a space is the key "space")."""
    return ["space" if c == " " else c for c in text]


async def until(pilot: Any, cond: Callable[[], object], what: str, limit: int = 500) -> None:
    """Let the app run until `cond()` holds; `what` names it in the failure."""
    for _ in range(limit):  # a bounded number of turns, not a timed assertion
        if cond():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never: {what}")


SIZE = (100, 30)  # the terminal most of the app's tests run in


async def settle(app: CitadelsApp, pilot: Any, limit: int = 3000) -> None:
    """Wait until the player must decide (and the screen shows it) or the game is over."""
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, EndScreen):
            return
        if showing_decision(app) and seat_of(app).view().legal:
            return
    raise AssertionError("the game did not come back to the player")


def story(app: CitadelsApp) -> str:
    """The game screen's story, as one text."""
    gs = app.game_screen
    assert gs is not None
    return log_text(gs.query_one(LogPane))


async def pause_until(
    pilot: Any, cond: Callable[[], object], what: str = "it", limit: int = 3000, *, paused: bool = False
) -> None:
    """Let the app run until `cond()` holds, a turn of its loop at a time (`until` waits 10 ms a turn);
    `what` names it in the failure. `paused`: a turn first, before `cond` is looked at."""
    if paused:
        await pilot.pause()
    for _ in range(limit):
        if cond():
            return
        await pilot.pause()
    raise AssertionError(f"never: {what}")


async def until_in_loop(cond: Callable[[], object], what: str, limit: int = 2000) -> None:
    """Yield to the loop's other tasks (a table's, a hub's), 5 ms a turn, until `cond()` holds: for the
    tests with no app; `what` names it in the failure."""
    for _ in range(limit):  # a bounded number of turns, not a timed assertion
        if cond():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never: {what}")


async def turning_points_worked_out(pilot: Any) -> ReviewScreen:
    """Let the app run, 10 ms a turn, until its screen is the review and its turning points are worked out."""
    for _ in range(4000):  # a bounded number of turns, not a timed assertion
        await pilot.pause(0.01)
        screen = pilot.app.screen
        if isinstance(screen, ReviewScreen) and screen.query_one(TurningPointsPane).done:
            return screen
    raise AssertionError("the turning points were never worked out")


S = TypeVar("S", bound=Screen[Any])


def screen_as(app: App[Any], kind: type[S]) -> S:
    """The app's screen, which must be a `kind`."""
    screen = app.screen
    assert isinstance(screen, kind), f"{type(screen).__name__} is not a {kind.__name__}"
    return screen


async def until_screen(pilot: Any, kind: type[S], limit: int = 400) -> S:
    """Let the app run, a turn at a time, until its screen is a `kind` (looked at after the first turn)."""
    app = pilot.app
    await pause_until(pilot, lambda: isinstance(app.screen, kind), kind.__name__, limit, paused=True)
    return screen_as(app, kind)


T = TypeVar("T")


def there(value: T | None, what: str) -> T:
    """`value`, which must not be None (`what` names it in the failure)."""
    assert value is not None, f"no {what}"
    return value


class AtATable(Protocol):
    """What may have a table: an app, a hosted table."""

    @property
    def table(self) -> Table | None: ...


def table_of(holder: AtATable) -> Table:
    """The table of an app or a hosted table, which it must have."""
    return there(holder.table, "table")


def seat_of(app: CitadelsApp) -> Seat:
    """The app's seat, which it must have."""
    return there(app.seat, "seat")


def game_screen_of(app: CitadelsApp) -> GameScreen:
    """The app's game screen, which it must have."""
    return there(app.game_screen, "game screen")


def lobby_of(app: LobbyApp) -> LobbyScreen:
    """The lobby screen of an app of the server, which it has once mounted."""
    return there(app.lobby, "lobby")


def city_rows(pane: CitiesPane, v: View, cfg: GameConfig) -> list[Text]:
    """The cities pane's drawing of `v`, a row of text each (it draws them as a Group)."""
    drawn = pane.render_cities(v, cfg)
    assert isinstance(drawn, Group), drawn
    rows = [r for r in drawn.renderables if isinstance(r, Text)]
    assert len(rows) == len(drawn.renderables), drawn.renderables
    return rows


def language_of(app: object) -> str:
    """The code of the language an app was set to (its `i18n_language`, which set_language gives it)."""
    lang = getattr(app, "i18n_language", None)
    assert isinstance(lang, Language), "no language set"
    return lang.code


def showing_decision(app: Any) -> bool:
    """The player is to decide and the game screen, on top, shows the seat's options."""
    gs = app.game_screen
    return (
        gs is not None
        and app.screen is gs
        and app.seat is not None
        and app.seat.my_turn()
        and gs.view().legal == app.seat.view().legal
    )


def deciding(app: CitadelsApp, kind: str | None = None) -> bool:
    """The player is to decide (of `kind`, if said), shown on the game screen, the command line focused."""
    return (
        showing_decision(app)
        and isinstance(app.focused, CommandLine)
        and (kind is None or any(a.kind == kind for a in game_screen_of(app).view().legal))
    )


async def seated(pilot: Any, hub: Any, ht: Any, seat: int = 0) -> None:
    """The hosted table `ht` started by anna, and the app sat at `seat` until the player is to decide."""
    hub.start(ht, "anna")
    await pilot.pause()
    pilot.app.sit(ht, seat)
    await pause_until(pilot, lambda: deciding(pilot.app))


async def played(app: CitadelsApp, pilot: Any, *lines: str) -> None:
    """Once the player is to decide, each of `lines` typed, and again until the player decides."""
    await settle(app, pilot)
    for line in lines:
        await type_line(pilot, line)
        await settle(app, pilot)


async def answered(app: CitadelsApp, pilot: Any, line: str) -> None:
    """Once the player is to decide, `line` typed, and a turn of the app for its answer."""
    await settle(app, pilot)
    await type_line(pilot, line)
    await pilot.pause()


async def new_game_form(pilot: Any) -> NewGameScreen:
    """The new game screen, opened with F2."""
    await pilot.press("f2")
    await pilot.pause()
    return screen_as(pilot.app, NewGameScreen)


async def table_form(pilot: Any) -> TableFormScreen:
    """The lobby's form for a new table, opened with `new`."""
    await pilot.press(*"new", "enter")
    await pilot.pause()
    return screen_as(pilot.app, TableFormScreen)


def screen_lines(app: CitadelsApp) -> list[str]:
    """The screen as text, one string a row: composed the way Textual's own export_screenshot does."""
    w, h = app.size
    console = Console(width=w, height=h, record=True, file=open("/dev/null", "w"), legacy_windows=False)  # noqa: SIM115
    console.print(app.screen._compositor.render_update(full=True))
    lines = console.export_text().split("\n")
    assert len(lines) >= h
    return lines[:h]


LEAST = (60, 20)  # the app's least size (docs/playing.md)


SMALL = (80, 24)


LARGE = (120, 40)


SIZES = (SMALL, LARGE)  # the snapshots' terminals


async def until_my_turn(pilot: Any) -> None:
    """Let the app run until the player's decision is on the game screen (a snapshot's run_before)."""
    app = pilot.app
    for _ in range(2000):
        await pilot.pause()
        gs = app.game_screen
        if gs is not None and app.seat.my_turn() and gs.view().legal == app.seat.view().legal:
            return
    raise AssertionError("the game did not come back to the player")


def pressing(*keys: str) -> Callable[..., Awaitable[None]]:
    """A snapshot's run_before that types each of `keys` as a line, each once the player is to decide."""

    async def run_before(pilot: Any) -> None:
        await until_my_turn(pilot)
        for k in keys:
            await pilot.press(*(["space" if c == " " else c for c in k] + ["enter"]))
            await until_my_turn(pilot)

    return run_before


async def settle_lesson(app: CitadelsApp, pilot: Any) -> None:
    """Wait until the player must decide (and the screen shows it) or the game is over."""
    for _ in range(3000):
        await pilot.pause()
        if app.table is not None and app.table.game.over:
            await pilot.pause()
            return
        if showing_decision(app):
            return
    raise AssertionError("the game did not come back to the player")


def lobby_text(app: Any) -> str:
    """The lobby's log as one line."""
    return " ".join(" ".join(strip.text for strip in app.lobby.query_one(LobbyLog).lines).split())


async def type_line(pilot: Any, text: str) -> None:
    """`text` typed into the app and Enter pressed."""
    await pilot.press(*keys_of(text), "enter")


async def said(pilot: Any, app: Any, text: str) -> str:
    """The lobby's log, once it says `text`."""
    await until(pilot, lambda: text in lobby_text(app), repr(text))
    return lobby_text(app)


def tables_text(app: Any) -> str:
    """The lobby's table of tables as text, as Rich draws it."""
    console = Console(width=200, record=True)
    console.print(app.lobby.query_one("#lobby-tables", Static).content)
    return console.export_text()


def told(app: CitadelsApp) -> str:
    """The story as one line (the pane wraps its sentences)."""
    return " ".join(story(app).split())
