"""Helpers for the tests that drive an app with Textual's pilot: wait for a screen to show something, type a
line, read a log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


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
