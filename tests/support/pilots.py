"""Helpers for the tests that drive an app with Textual's pilot: wait for a screen to show something or for
the player's turn to come back, type a line, read a log, the lobby or the story; the snapshots' sizes and
their run_before steps; the screen as text."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.console import Console
from textual.widgets import Static

from citadels_tui.app import CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.lobby_screen import LobbyLog
from citadels_tui.components.log_pane import LogPane
from citadels_tui.learn_app import LearnApp


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
        gs = app.game_screen
        if (
            gs is not None
            and app.screen is gs
            and app.seat is not None
            and app.seat.my_turn()
            and gs.view().legal == app.seat.view().legal
            and gs.view().legal
        ):
            return
    raise AssertionError("the game did not come back to the player")


def story(app: CitadelsApp) -> str:
    """The game screen's story, as one text."""
    gs = app.game_screen
    assert gs is not None
    return log_text(gs.query_one(LogPane))


async def pause_until(pilot: Any, cond: Callable[[], object], limit: int = 3000) -> None:
    """Let the app run until `cond()` holds, a turn of its loop at a time (`until` waits 10 ms a turn and
    names what it waits for)."""
    for _ in range(limit):
        if cond():
            return
        await pilot.pause()
    raise AssertionError("it never happened")


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


async def settle_lesson(app: LearnApp, pilot: Any) -> None:
    """Wait until the player must decide (and the screen shows it) or the game is over."""
    for _ in range(3000):
        await pilot.pause()
        gs = app.game_screen
        if app.table is not None and app.table.game.over:
            await pilot.pause()
            return
        if (
            gs is not None
            and app.screen is gs
            and app.seat is not None
            and app.seat.my_turn()
            and gs.view().legal == app.seat.view().legal
        ):
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
