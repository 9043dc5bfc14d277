"""NO_COLOR: the bytes the app writes to a real terminal carry no colour code at all (no-color.org), while
bold, reverse and the other attributes still mark what colour marked (the cursor, the focused field)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from terminals import Terminal

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
F2 = b"\x1bOQ"


def colour_codes(raw: bytes) -> list[bytes]:
    """Every SGR sequence in `raw` that sets a colour (foreground, background, underline; any depth,
    the default colours included)."""
    found = []
    for m in SGR.finditer(raw):
        params = [p for p in re.split(rb"[;:]", m.group(1)) if p]
        if any(
            p in (b"38", b"48", b"58", b"39", b"49", b"59") or 30 <= int(p) <= 47 or 90 <= int(p) <= 107
            for p in params
        ):
            found.append(m.group(0))
    return found


def play_a_little(home: Path, no_color: bool) -> bytes:
    with Terminal(home, no_color) as term:
        term.read_until(b"Assassin")  # the game screen, with its options
        term.type(b"ch")  # the command line, its cursor showing
        term.read_until(b"ch")
        term.type(b"\x7f\x7f" + F2)  # the new-game form: fields, selects and buttons
        term.read_until(b"Start")
        term.type(b"\x1b")
        # The game screen drawn again: the form is closed (and the Escape was read alone, not as the start
        # of the next key's sequence).
        term.read_until(b"Assassin")
        term.type(b"help\r")
        term.read_until(b"How to play")
        term.type(b"q")  # closes the help
        term.read_until(b"Assassin")
        term.type(b"quit\r")
        assert term.finish() == 0
    return term.out


@pytest.mark.slow
def test_no_color_output_has_no_colour_codes(tmp_path: Path):
    raw = play_a_little(tmp_path / "plain", no_color=True)
    assert not colour_codes(raw), sorted(set(colour_codes(raw)))[:10]
    attributes = {m.group(1) for m in SGR.finditer(raw)}
    assert any(b"7" in a.split(b";") for a in attributes)  # the cursor and the focus, in reverse video
    assert any(b"1" in a.split(b";") for a in attributes)  # bold is kept
    # The check can fail: the same steps with colour allowed write colour codes.
    assert colour_codes(play_a_little(tmp_path / "coloured", no_color=False))


def test_colour_codes_are_recognised():
    assert colour_codes(b"\x1b[1;38;5;238;48;5;233mx\x1b[31my\x1b[49m")
    assert not colour_codes(b"\x1b[0m\x1b[1mx\x1b[7;1my\x1b[3m\x1b[m")
