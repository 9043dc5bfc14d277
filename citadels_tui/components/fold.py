"""Text laid out to the cells it is drawn in: the one place where the app's panes fold their lines.

A line is folded where a word ends (the spaces at the fold are the only thing left out), or inside a word
longer than the width; it is never laid out wider than the cells that draw it, so no character is cut off
at the right edge. The width is the pane's drawn width with its scrollbar's column kept aside from the
start (`scrollbar-gutter: stable` in the panes' CSS): a scrollbar that appears later never narrows the
lines already laid out, and a pane that changes width lays its lines out again."""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip


def fold(console: Console, renderable: RenderableType | str, width: int) -> list[Strip]:
    """`renderable` laid out in lines of at most `width` cells (at least one cell), each a strip exactly
    `width` cells long. A string is plain text (no markup)."""
    width = max(1, width)
    if isinstance(renderable, str):
        renderable = Text(renderable)
    options = console.options.update_width(width)
    if not isinstance(renderable, Text):
        lines = Segment.split_lines(console.render(renderable, options))
        return [Strip(line).adjust_cell_length(width) for line in lines]
    strips: list[Strip] = []
    # Line by line of the text, so that a line the fold continues is known: Rich may begin one with the
    # space it folded at (a word cut because it is longer than the width), which is left out like any
    # other space at a fold. A line's own leading spaces (an indent) are kept.
    for paragraph in renderable.split("\n", allow_blank=True):
        for i, line in enumerate(Segment.split_lines(console.render(paragraph, options))):
            strips.append(Strip(_unindented(line) if i else line).adjust_cell_length(width))
    return strips


def _unindented(line: list[Segment]) -> list[Segment]:
    """`line` without the spaces it begins with."""
    out = list(line)
    while out and out[0].text.startswith(" "):
        first = out[0]
        rest = first.text.lstrip(" ")
        if rest:
            out[0] = Segment(rest, first.style, first.control)
            break
        out.pop(0)
    return out


def plain(strips: list[Strip]) -> list[str]:
    """The characters of laid-out lines, the padding at their ends left out (what a reader copies)."""
    return [strip.text.rstrip(" ") for strip in strips]
