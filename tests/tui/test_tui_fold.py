"""No letter lost at a fold (issue 32): the panes fold their lines in one place (`components/fold.py`), to
the cells that draw them, and what is drawn gives back what was written.

Re-joining, exactly: the lines drawn, each without the padding at its right end, are found one after
another in the text written; between two of them only a run of whitespace (the spaces, or the line
break, where the fold fell) may be left out, and nothing else; no line is wider than its pane."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pilots import lobby_of
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult

from citadels_tui.components.fold import fold, plain
from citadels_tui.components.lobby_screen import LobbyLog
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.story_screen import StoryBody

# Words as the story has them: Latin and Cyrillic letters, wide (CJK) characters, the marks the panes
# use, and punctuation that must stay on its word at a fold.
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ" + "абвгдеёжзийклмнопрстуфхцчшщъыьэюяБВГ" + "城市王国建筑"
MARKS = ";:,.!?()«»“”—–-'✦✗✓»·…/0123456789"
WORD = st.text(st.sampled_from(LETTERS + MARKS), min_size=1, max_size=60)  # some longer than a pane
GAP = st.sampled_from([" ", " ", " ", "  ", "\n"])
TEXT = st.lists(st.tuples(WORD, GAP), min_size=1, max_size=60).map(
    lambda ws: "".join(w + g for w, g in ws).strip()
)


def rejoins(text: str, lines: list[str], width: int) -> None:
    """Raise if `lines` are not `text` folded (see the module's docstring) in at most `width` cells."""
    pos = 0
    for i, line in enumerate(lines):
        assert cell_len(line) <= width, f"line {i} is {cell_len(line)} cells, wider than {width}: {line!r}"
        if i:
            while pos < len(text) and text[pos] in " \n":
                pos += 1
        assert text.startswith(line, pos), (
            f"line {i} {line!r} is not what follows in the text: {text[pos : pos + len(line) + 5]!r}"
        )
        pos += len(line)
    assert not text[pos:].strip(" \n"), f"left out at the end: {text[pos:]!r}"


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=TEXT, width=st.integers(20, 200))
def test_folding_keeps_every_character(text, width):
    console = Console(width=width, color_system=None)
    strips = fold(console, Text(text), width)
    assert all(strip.cell_length == width for strip in strips)
    rejoins(text, plain(strips), width)


def test_a_line_the_fold_continues_does_not_begin_with_the_space_it_folded_at():
    # Found by the pane property below: Rich began a line with the space after a word it had cut, at 16
    # cells ("…Iu✗ё1(J" / " ✓«pf").
    text = "pи…城d”市建3шкkнo'JуCлG4–Iu✗ё1(J ✓«pf\nsхк城4к·'.H?✗"
    for width in range(10, 30):
        rejoins(text, plain(fold(Console(width=width, color_system=None), Text(text), width)), width)


def test_a_lines_own_indent_is_kept():
    lines = plain(fold(Console(width=30, color_system=None), Text("  • Clara builds\n\n  x"), 30))
    assert lines == ["  • Clara builds", "", "  x"]


# ------------------------------------------------------------------ the panes, as they are drawn


class Panes(App[None]):
    """The three panes that fold text, side by side in the same width: the story pane, the lobby's log
    and the whole story's body, each with its CSS as on its screen (padding, a one- or two-cell
    scrollbar)."""

    CSS = """
    Screen { layout: vertical; }
    LogPane { height: 6; padding: 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    LobbyLog { height: 6; padding: 0 1; }
    StoryBody { height: 6; padding: 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    """

    def compose(self) -> ComposeResult:
        yield LogPane()
        yield LobbyLog()
        yield StoryBody()


def drawn(pane) -> list[str]:
    """Every line the pane draws, read a screen at a time from the top (what a reader sees)."""
    out: list[str] = []
    height = pane.scrollable_content_region.height
    while len(out) < pane.virtual_size.height:
        pane.scroll_to(y=len(out), animate=False, immediate=True)
        first = pane.scroll_offset.y  # the last screen stops at the end: it starts higher up
        rows = [pane.render_line(y).text.rstrip(" ") for y in range(height)]
        out.extend(rows[len(out) - first : pane.virtual_size.height - first])
    return out


async def _check_panes(texts: list[str], widths: list[int]) -> None:
    app = Panes()
    async with app.run_test(size=(widths[0], 20)) as pilot:
        story, lobby, body = app.query_one(LogPane), app.query_one(LobbyLog), app.query_one(StoryBody)
        for text in texts:
            story.write(Text(text))
            lobby.write(Text(text))
        body.show(Text("\n".join(texts)), latest=False)
        for width in widths:  # and again after the terminal changes width
            await pilot.resize_terminal(width, 20)
            await pilot.pause()
            for pane in (story, lobby, body):
                rejoins("\n".join(texts), drawn(pane), pane.scrollable_content_region.width)


# Each example starts an app: few of them, and a failure is shown as found (shrinking one takes minutes).
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.generate])
@given(
    texts=st.lists(TEXT, min_size=1, max_size=4),
    widths=st.lists(st.integers(20, 200), min_size=1, max_size=3),
)
@pytest.mark.slow
def test_every_pane_draws_every_character_at_every_width(texts, widths):
    asyncio.run(_check_panes(texts, widths))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_reconnect_code_is_drawn_whole_in_the_lobby(size, lang):
    from sessions import session_info

    from citadels_server.hub import Hub
    from citadels_tui import i18n
    from citadels_tui.lobby_app import ssh_app_factory
    from citadels_tui.lobby_help import code_sentence

    who = session_info(
        name="anna", key_fingerprint=None, seat_code="CNTQN3", locale=(("LANG", f"{lang}_XX.UTF-8"),)
    )
    app = ssh_app_factory(who, Hub(pace=0.0))
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.press(*"new 2", "enter")
            log = lobby_of(app).query_one(LobbyLog)
            for _ in range(200):  # a bounded number of turns, not a timed assertion
                await pilot.pause()
                if "CNTQN3" in "".join(strip.text for strip in log.lines):
                    break
            lines = drawn(log)
            sentence = code_sentence("anna", "CNTQN3")
            first = next(i for i, x in enumerate(lines) if x and sentence.startswith(x))
            rejoins(
                sentence,
                lines[first:][: _rows(lines[first:], sentence)],
                log.scrollable_content_region.width,
            )
            assert "CNTQN3" in " ".join(lines)
    finally:
        i18n.set_language("en")


def _rows(lines: list[str], text: str) -> int:
    """How many of the drawn lines hold `text`'s characters, from the first."""
    want, got = len("".join(text.split())), 0
    for n, x in enumerate(lines, 1):
        got += len("".join(x.split()))
        if got >= want:
            return n
    return len(lines)
