"""The SSH layer's small pieces on their own: sizes, notice, paste markers, budgets, caps, colours."""

from __future__ import annotations

import pyte
import pytest
from rich.color import ColorSystem

from citadels_server.hardening import color_system_for
from citadels_server.limits import ConnectionLimiter
from citadels_server.settings import Settings
from citadels_server.terminal import clamp_size, too_small_text
from citadels_server.terminal_link import PASTE_START, _partial_suffix


def render(data: bytes, width: int, height: int) -> list[str]:
    screen = pyte.Screen(width, height)
    pyte.ByteStream(screen).feed(data)
    return screen.display


@pytest.mark.parametrize("width, height", [(1, 1), (5, 2), (40, 10), (59, 30)])
def test_too_small_notice_fits_any_screen(width, height):
    lines = render(too_small_text(width, height, Settings()), width, height)
    assert "".join(lines).strip().startswith("Terminal too small"[:width])
    if width >= 20 and height >= 3:
        assert any(f"{width}x{height}, need 60x20" in line for line in lines)


def test_app_sizes_are_clamped_to_the_settings():
    s = Settings(min_width=60, min_height=20, max_width=300, max_height=100)
    assert clamp_size(1, 1, s) == (60, 20)
    assert clamp_size(1000, 500, s) == (300, 100)
    assert clamp_size(100, 30, s) == (100, 30)


def test_partial_paste_marker_at_the_end_is_held():
    assert _partial_suffix(b"abc\x1b", PASTE_START) == 1
    assert _partial_suffix(b"abc\x1b[20", PASTE_START) == 4
    assert _partial_suffix(b"abc\x1b[A", PASTE_START) == 0
    assert _partial_suffix(b"", PASTE_START) == 0


def test_connection_caps_count_per_address_and_in_total():
    """Logged-in connections are refused past their caps; connections still logging in evict the oldest."""
    caps: ConnectionLimiter[str] = ConnectionLimiter(
        max_total=2, max_per_address=1, max_authenticating=3, max_authenticating_per_address=2
    )
    assert caps.arrive("a1", "A") == []
    assert caps.arrive("a2", "A") == []
    assert caps.arrive("a3", "A") == [("a1", "max_authenticating_per_address")]  # the oldest of A's
    assert caps.arrive("b1", "B") == []
    assert caps.arrive("c1", "C") == [("a2", "max_authenticating")]  # the oldest of all
    assert caps.authenticating == 3
    assert caps.log_in("a3") is None
    assert (caps.logged_in, caps.count("A"), caps.count_authenticating("A")) == (1, 1, 0)
    # A's next connection may be logging in, but may not log in: the logged-in caps refuse, with a sentence.
    caps.arrive("a4", "A")
    refusal = caps.log_in("a4")
    assert refusal is not None and refusal.cap == "max_per_address"
    assert "Too many connections from your address (1 connection at most)" in refusal.sentence
    assert caps.log_in("b1") is None
    refusal = caps.log_in("c1")
    assert refusal is not None and refusal.cap == "max_connections"
    assert "The server is full (2 players)" in refusal.sentence
    assert caps.log_in("a1") is not None  # evicted: it is counted nowhere any more
    for c in ("a1", "a2", "a3", "a4", "b1", "c1", "c1"):  # a second leave (or an evicted one's) is harmless
        caps.leave(c)
    assert (caps.total, caps.count("A"), caps.count_authenticating("A")) == (0, 0, 0)


@pytest.mark.parametrize(
    "term, colorterm, expected",
    [
        ("xterm-256color", None, ColorSystem.EIGHT_BIT),
        ("xterm-256color", "truecolor", ColorSystem.TRUECOLOR),
        ("xterm-kitty", "24bit", ColorSystem.TRUECOLOR),
        ("xterm", None, ColorSystem.STANDARD),
        ("dumb", None, ColorSystem.STANDARD),
        (None, None, ColorSystem.STANDARD),
    ],
)
def test_colour_depth_from_term(term, colorterm, expected):
    assert color_system_for(term, colorterm) is expected


@pytest.mark.parametrize("width, height", [(40, 10), (59, 30), (30, 19)])
def test_too_small_notice_is_centred(width, height):
    lines = render(too_small_text(width, height, Settings()), width, height)
    rows = [i for i, line in enumerate(lines) if line.strip()]
    assert abs((rows[0] + rows[-1]) / 2 - (height - 1) / 2) <= 1  # halfway down
    for i in rows:
        text = lines[i]
        left, right = len(text) - len(text.lstrip()), len(text) - len(text.rstrip())
        assert abs(left - right) <= 1, text  # and across
