"""The chats of a server's lobby and tables: how long a line is, how many are kept, how fast one may talk."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from citadels_core.text import clean_text

from .i18n import Lazy, tn
from .lobby import HubError

MAX_CHAT = 200  # lines kept per chat: enough to scroll back, bounded for a long-running server
MAX_LINE = 300  # characters of one said line: a paragraph, never a wall of text
# How fast one player may talk, lobby and table chat together: a burst of CHAT_BURST lines (a greeting and
# a few replies in a row), then one line every CHAT_EVERY seconds. A conversation never meets it; a script
# or a held-down key meets it after five lines, and those lines reach nobody.
CHAT_BURST = 5
CHAT_EVERY = 2.0


class ChatLimit:
    """A token bucket per player name: `burst` lines at once, then one more every `every` seconds."""

    FORGET_AFTER = 1000  # players tracked before full buckets (players quiet for long enough) are forgotten

    def __init__(
        self, burst: int = CHAT_BURST, every: float = CHAT_EVERY, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # name -> (lines left, when counted)

    def __len__(self) -> int:
        """How many players it keeps a count for."""
        return len(self._buckets)

    def _left(self, who: str, now: float) -> float:
        left, then = self._buckets.get(who, (float(self.burst), now))
        return min(float(self.burst), left + (now - then) / self.every)

    def take(self, name: str) -> float:
        """Count one line said by `name`: 0 when it may be said, else the seconds until it could be."""
        who, now = name.casefold(), self.clock()
        left = self._left(who, now)
        if left < 1:
            return (1 - left) * self.every
        self._buckets[who] = (left - 1, now)
        if len(self._buckets) > self.FORGET_AFTER:  # bounded on a long-running server
            self._buckets = {w: b for w, b in self._buckets.items() if self._left(w, now) < self.burst}
        return 0.0


def append_line(lines: list[str | Lazy], line: str | Lazy) -> None:
    """Add `line` to the chat `lines`, keeping the last MAX_CHAT."""
    lines.append(line)
    del lines[:-MAX_CHAT]


def chat_line(limit: ChatLimit, name: str, text: str) -> str | None:
    """The chat line for `text`, counted against `name`'s rate; HubError when they talk too fast. None:
    nothing is left to say once the text is as others' screens may show it (citadels_core.text)."""
    text = clean_text(text).strip()[:MAX_LINE]
    if not text:
        return None
    wait = limit.take(name)
    if wait:
        raise HubError(
            tn(
                "You are talking too fast: that line was not sent; wait {n} second.",
                "You are talking too fast: that line was not sent; wait {n} seconds.",
                math.ceil(wait),
            )
        )
    return f"{name}: {text}"
