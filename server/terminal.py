"""A client's terminal as the SSH layer sees it: the channel its bytes go to, the sizes an App may be
laid out at, and the notice shown instead of the App while the terminal is too small."""

from __future__ import annotations

from typing import Protocol


class Channel(Protocol):
    """What the link needs from an asyncssh channel (a fake in unit tests)."""

    def write(self, data: bytes) -> None: ...
    def get_write_buffer_size(self) -> int: ...
    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...


class SizeLimits(Protocol):
    @property
    def min_width(self) -> int: ...
    @property
    def min_height(self) -> int: ...
    @property
    def max_width(self) -> int: ...
    @property
    def max_height(self) -> int: ...


def clamp_size(width: int, height: int, limits: SizeLimits) -> tuple[int, int]:
    """The size the App is laid out at: the client's, kept within [min, max] on each axis."""
    return (
        min(max(width, limits.min_width), limits.max_width),
        min(max(height, limits.min_height), limits.max_height),
    )


def too_small_text(width: int, height: int, limits: SizeLimits) -> bytes:
    """The whole-screen notice shown instead of the app while the client's terminal is too small."""
    lines = [
        "Terminal too small",
        f"{width}x{height}, need {limits.min_width}x{limits.min_height}",
        "Please enlarge the window",
    ]
    w, h = max(width, 1), max(height, 1)
    out = ["\x1b[0m\x1b[2J"]
    top = max(0, (h - len(lines)) // 2)
    for i, line in enumerate(lines[:h]):
        line = line[:w]
        out.append(f"\x1b[{top + i + 1};{max(0, (w - len(line)) // 2) + 1}H{line}")
    return "".join(out).encode()
