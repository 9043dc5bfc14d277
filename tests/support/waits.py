"""The tests' one wait outside an app's pilot: until a condition holds, in a bounded time, naming what never
came (a Textual app's own waits, by turns of its loop, are in pilots.py)."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable

WAIT = 30.0  # seconds: generous, for a loaded machine; the tests pass in far less


async def until(
    check: Callable[[], object], what: str = "", pause: float = 0.02, within: float = WAIT
) -> None:
    """Until `check()` is true (awaited first when it is a coroutine's), within `within` seconds: "never:
    WHAT" then."""
    deadline = time.monotonic() + within
    while not await held(check()):
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(pause)


async def held(result: object) -> object:
    return await result if inspect.isawaitable(result) else result
