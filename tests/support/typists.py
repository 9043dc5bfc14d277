"""Players of the plain (line by line) face for its tests: what the game writes is kept, and a line is
typed only once a prompt is out. A subclass says which line (`answer`)."""

from __future__ import annotations

import io
import threading

from citadels_tui.plain import PROMPT


class Typist(io.StringIO):
    """Both ends of a plain game: what it writes goes to `out`; each line read waits (a minute at most)
    for a prompt, then is `answer()` ("1" unless a subclass says), or the end of the input if none came."""

    def __init__(self) -> None:
        super().__init__()
        self.out = io.StringIO()
        self.prompted = threading.Semaphore(0)

    def write(self, text: str) -> int:
        self.out.write(text)
        if text.endswith(PROMPT):
            self.prompted.release()
        return len(text)

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]  # typeshed's _IOBase reads bytes; its text streams override it so too
        return self.answer() if self.prompted.acquire(timeout=60) else ""

    def answer(self) -> str:
        """The line typed at a prompt, with its newline ("" ends the input)."""
        return "1\n"
