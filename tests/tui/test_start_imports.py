"""What a start imports (issue 19). The story pane is Textual's `RichLog` as the game used it, written on
Textual's line API (importing `RichLog` imports `rich.pretty`, a cost of every start for objects the story
never writes): written the same lines, before and after its width is known, at several widths, it lays
out, scrolls and draws what a `RichLog` folding to the pane's width does (a `RichLog` lays lines out at
least 78 cells wide, cut at the edge of a narrower pane: the story folds them to its width, issue 32). And a whole start imports neither `RichLog`'s module
nor `rich.pretty`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import RichLog

from citadels_tui.components.log_pane import LogPane

ROOT = Path(__file__).resolve().parents[2]


class RichStory(RichLog):
    """The story pane as it was: a `RichLog` that follows the latest line only while it is in view, here
    told to fold its lines to the pane's width."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, **kw)
        self.can_focus = False

    def write(self, content, width=None, expand=False, shrink=True, scroll_end=None, animate=False):
        follow = self.scroll_y >= self.max_scroll_y if scroll_end is None else scroll_end
        if width is None and self._size_known:
            width = self.scrollable_content_region.width  # folded to the pane's width, as the story is
        return super().write(content, width, expand, shrink, follow, animate)


class Side(App[None]):
    CSS = """
    #rich, #ours {
        height: 6;
        overflow-y: auto;
        overflow-x: hidden;
        border-top: solid $primary;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        yield RichStory(id="rich")
        yield LogPane(id="ours")

    def on_mount(self) -> None:
        for pane in self.panes():
            pane.styles.width = self.width
            write_early(pane)  # before the width is known: kept, and written once it is

    def panes(self) -> tuple[RichLog, LogPane]:
        return self.query_one("#rich", RichLog), self.query_one("#ours", LogPane)


def write_early(pane) -> None:
    pane.write(Text("A game for 4 players begins: Anna, Bruno, Clara, David. Anna has the crown."))
    pane.write("Round 1.\tFace-up discards: the King; one card is discarded face down.")
    styled = Text("» ", style=Style(reverse=True, bold=True))
    styled.append("(only you) You choose the Thief.", style=Style(color="yellow", italic=True))
    pane.write(styled)
    for n in range(8):  # more than the pane holds
        pane.write(Text(f"Early line {n}."))


def write_late(pane) -> None:
    pane.write(Text(""))
    pane.write(Text("── Round 2", style=Style(color="cyan")))
    for n in range(12):
        pane.write(Text(f"Line {n}: " + "a rather long sentence about a district built " * (n % 3 + 1)))
    pane.write(Text("Ünïcödé and wide ones: 城 市 ✓", style=Style(bgcolor="blue")))


def drawn(pane) -> list[list[tuple[str, Style | None]]]:
    """The lines the pane gives Textual to draw, segment by segment."""
    return [[(s.text, s.style) for s in pane.render_line(y)] for y in range(pane.size.height)]


def laid_out(pane) -> list[str]:
    """The lines kept, without the padding the story adds to fill its width (`drawn` compares styles)."""
    return [strip.text.rstrip(" ") for strip in pane.lines]


@pytest.mark.parametrize("width", [100, 60, 40])
async def test_the_story_pane_lays_out_and_draws_what_a_richlog_did(width):
    app = Side(width)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        rich, ours = app.panes()
        assert len(ours.lines) >= 3  # the early lines were written once the width was known
        for step in (None, write_late):
            if step is not None:
                for pane in (rich, ours):
                    step(pane)
                await pilot.pause()
            assert laid_out(ours) == laid_out(rich)
            assert ours.virtual_size.height == rich.virtual_size.height
            assert ours.scroll_offset == rich.scroll_offset
            assert drawn(ours) == drawn(rich)
        # Read back: a new line does not pull the reader down; the latest is drawn once back at the end.
        for pane in (rich, ours):
            pane.scroll_home(animate=False)
        await pilot.pause()
        for pane in (rich, ours):
            pane.write(Text("A new line while reading back."))
        await pilot.pause()
        assert ours.scroll_offset == rich.scroll_offset and ours.scroll_y == 0
        assert drawn(ours) == drawn(rich)
        for pane in (rich, ours):
            pane.scroll_end(animate=False)
            pane.clear()
            pane.write(Text("After a clear."))
        await pilot.pause()
        assert laid_out(ours) == laid_out(rich) and drawn(ours) == drawn(rich)


# Modules a start of an English game used to import for nothing on its first screen: RichLog's pretty
# printer, JSON (the theme cache, the save and record code), gettext (the English translator), and our
# worker processes' and refusals' modules (a hint or a searching bot's move; a refused command).
NOT_AT_A_START = (
    "rich.pretty",
    "textual.widgets._rich_log",
)


def test_a_start_imports_no_richlog_nor_rich_pretty(tmp_path: Path):
    # A whole start in a process of its own (the test's has them all): the app shown, then what it imported.
    code = (
        "import asyncio, sys\n"
        "from citadels_tui.app import CitadelsApp\n"
        "async def main():\n"
        "    app = CitadelsApp(seed=5)\n"
        "    async with app.run_test(size=(100, 30)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert app.screen.query_one('#log').lines  # the game screen, its story told\n"
        f"        print(sorted(m for m in sys.modules if m in {NOT_AT_A_START!r}))\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "CITADELS_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
