"""The narrated log: what happened, your private events marked as yours, and the replies to commands."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.protocol import is_renderable
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..i18n import t
from ..table import LogLine
from .fold import fold
from .style import mark

if TYPE_CHECKING:
    from typing import Literal, Unpack

    from .widget_options import WidgetOptions

    # One thing the story pane was told, by the method it came through: written again on a new theme.
    Told = (
        tuple[Literal["events"], LogLine]
        | tuple[Literal["echo"], str]
        | tuple[Literal["note"], tuple[str, str]]
        | tuple[Literal["say"], tuple[str, bool]]
    )

# The glyph that starts every line about something done to you.
TO_YOU = "»"


def _renderable(content: RenderableType | object) -> RenderableType:
    """What `write` lays out: a string as plain text (no markup), tabs expanded, as RichLog does."""
    renderable: RenderableType
    if not is_renderable(content):
        from rich.pretty import Pretty  # only for an object that is not a renderable: never at a start

        renderable = Pretty(content)
    elif isinstance(content, str):
        renderable = Text(content)
    else:
        renderable = cast("RenderableType", content)  # rich's is_renderable is a plain bool, no TypeGuard
    if isinstance(renderable, Text):
        renderable.expand_tabs()
    return renderable


class FoldedLog(ScrollView):
    """Lines written one after another, each folded to the pane's drawn width (`fold`), drawn a screen at
    a time on Textual's line API, as Textual's `RichLog` does but never wider than the pane: its
    scrollbar's column is kept from the start, and a change of width lays every line out again. A player
    reading back older lines is not pulled down to the bottom by every new line."""

    DEFAULT_CSS = """
    FoldedLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__(**kw)
        self.lines: list[Strip] = []  # the laid-out lines, top first
        self._line_cache: LRUCache[tuple[int, int, int], Strip] = LRUCache(1024)
        # What was written (each renderable once), to lay it out again at another width; before the
        # width is known, the writes wait here in order and are laid out once it is.
        self._written: list[RenderableType] = []
        self._pending: deque[tuple[RenderableType, bool]] = deque()
        self._width = 0  # the width the lines are laid out to (0: not known yet)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def fold_width(self) -> int:
        """The cells a line is drawn in: the pane's, less its padding and its scrollbar's column."""
        return self.scrollable_content_region.width

    def on_resize(self, event: Resize) -> None:
        width = self.fold_width()
        if width <= 0 or width == self._width:
            return
        first = not self._width
        self._width = width
        if first:
            while self._pending:
                self._lay_out(*self._pending.popleft())
            return
        # Another width: every line is laid out again, the reader kept at the latest lines if there.
        follow = self.following()
        self.lines = [
            strip for renderable in self._written for strip in fold(self.app.console, renderable, width)
        ]
        self._line_cache.clear()
        self.virtual_size = Size(width, len(self.lines))
        if follow:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
        self.refresh()

    def write(self, content: RenderableType | object, scroll_end: bool | None = None) -> FoldedLog:
        """A renderable (or a string, as plain text) at the bottom, folded to the pane's width. It keeps
        the latest line in view when it was (or when `scroll_end` says so)."""
        follow = self.following() if scroll_end is None else scroll_end
        renderable = _renderable(content)
        if isinstance(renderable, Text):
            renderable = renderable.copy()  # laid out again later as it is now
        if not self._width:
            self._pending.append((renderable, follow))
        else:
            self._lay_out(renderable, follow)
        return self

    def _lay_out(self, renderable: RenderableType, follow: bool) -> None:
        self._written.append(renderable)
        self.lines.extend(fold(self.app.console, renderable, self._width))
        self.virtual_size = Size(self._width, len(self.lines))
        if follow:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self) -> FoldedLog:
        self.lines.clear()
        self._written.clear()
        self._pending.clear()
        self._line_cache.clear()
        self.virtual_size = Size(self._width, 0)
        self.refresh()
        return self

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        style = self.rich_style  # worked out from the styles of the pane and its parents: once a line
        index = self.scroll_offset.y + y
        if index >= len(self.lines):
            line = Strip.blank(width, style)
        else:
            key = (index, width, self._width)
            cached = self._line_cache.get(key)
            if cached is None:
                cached = self.lines[index].crop_extend(0, width, style)
                self._line_cache[key] = cached
            line = cached
        return line.apply_style(style)

    def following(self) -> bool:
        """Whether the latest line is in view: new lines then keep it in view."""
        return self.scroll_y >= self.max_scroll_y


class LogPane(FoldedLog, can_focus=True):
    """The story: lines folded to the pane's width, no markup, no highlighting. Written on Textual's line
    API rather than with `RichLog`: importing `RichLog` imports `rich.pretty`, for objects written to it
    that are not renderables, which the story never writes: ~14 M instructions of every start
    (docs/performance.md, "First frame")."""

    # The game screen's CSS sets most of the look for `#log`; the mark and type styles are the screen's
    # (style.Marks).

    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__(**kw)
        self.border_title = t("Story")
        self.can_focus = False
        # What was written, to write it again in a new theme's colours (the lines kept are styled strips).
        self._history: list[Told] = []

    # ------------------------------------------------------------ scrolling back (keys on the game screen)

    def page(self, step: int) -> None:
        """A page back (-1) or on (+1)."""
        if step < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def to_first(self) -> None:
        self.scroll_home(animate=False)

    def to_latest(self) -> None:
        self.scroll_end(animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        # Said in the title, not by a scrollbar alone: the lines below are newer, and how to get back to them.
        self.border_title = (
            t("Story") if new_value >= self.max_scroll_y else t("Story — read back · Ctrl+End: the latest")
        )

    def recolour(self) -> None:
        history, self._history = self._history, []
        self.clear()
        for told in history:
            if told[0] == "events":
                self.add_events([told[1]])
            elif told[0] == "echo":
                self.echo(told[1])
            elif told[0] == "note":
                text, style = told[1]
                self.note(text, style)
            else:
                text, alert = told[1]
                self.say(text, alert)

    def restart(self) -> None:
        """Empty the pane, to tell a story again from another point (the replay viewer)."""
        self._history = []
        self.clear()

    def add_events(self, lines: list[LogLine]) -> None:
        for line in lines:
            self._history.append(("events", line))
            if line.to_you:
                # Done to you (or the recap of it): a reversed glyph in the margin and bold, not colour alone.
                txt = Text()  # (a Text's own style would cover the whole line)
                txt.append(TO_YOU, style=mark(self, "toyou") + Style(reverse=True, bold=True))
                txt.append(" ")
                if line.private:
                    txt.append(t("(only you) "), style=mark(self, "toyou"))
                txt.append(line.text, style=mark(self, "toyou"))
                self.write(txt)
            elif line.kind == "summary":
                self.write(Text(line.text))
            elif line.private:
                txt = Text(t("(only you) "), style=mark(self, "private"))
                txt.append(line.text, style=mark(self, "private"))
                self.write(txt)
            elif line.kind == "round":
                self.write(Text("── " + line.text, style=mark(self, "me")))
            elif line.kind in ("complete", "game_over", "kill", "robbed"):
                self.write(Text(line.text, style=mark(self, "alert")))
            else:
                self.write(Text(line.text))

    def echo(self, command: str) -> None:
        self._history.append(("echo", command))
        self.write(Text("> " + command, style=mark(self, "mine")))

    def note(self, text: str, style: str = "private") -> None:
        """A line for this player alone in one of the marks' styles (a hint's choices)."""
        self._history.append(("note", (text, style)))
        self.write(Text(text, style=mark(self, style)))

    def say(self, text: str, alert: bool = False) -> None:
        self._history.append(("say", (text, alert)))
        self.write(Text(text, style=mark(self, "alert") if alert else mark(self, "dim")))
