"""The narrated log: what happened, your private events marked as yours, and the replies to commands."""

from __future__ import annotations

from collections import deque, namedtuple

from rich.console import RenderableType
from rich.measure import measure_renderables
from rich.protocol import is_renderable
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..i18n import t
from ..table import LogLine
from .style import mark

# The glyph that starts every line about something done to you.
TO_YOU = "»"

# Lines are laid out at least this wide, as Textual's RichLog does by default (its `min_width`).
MIN_WIDTH = 78


# A write made before the pane's width is known, made again once it is (`write`'s arguments).
_Deferred = namedtuple("_Deferred", "content width expand shrink scroll_end")


def _renderable(content: RenderableType | object) -> RenderableType:
    """What `write` lays out: a string as plain text (no markup), tabs expanded, as RichLog does."""
    renderable: RenderableType
    if not is_renderable(content):
        from rich.pretty import Pretty  # only for an object that is not a renderable: never at a start

        renderable = Pretty(content)
    elif isinstance(content, str):
        renderable = Text(content)
    else:
        renderable = content  # type: ignore[assignment]
    if isinstance(renderable, Text):
        renderable.expand_tabs()
    return renderable


class LogPane(ScrollView, can_focus=True):
    """The story: Textual's `RichLog` as the game uses it (lines wrapped, no markup, no highlighting),
    written out on Textual's public line API. Importing `RichLog` imports `rich.pretty`, for objects
    written to it that are not renderables, which the story never writes: ~14 M instructions of every
    start (docs/performance.md, "First frame"). The lines are laid out, kept and drawn as `RichLog` does,
    so that the story looks the same (`tests/test_start_imports.py` compares them with `RichLog`'s)."""

    # RichLog's own defaults (the game screen's CSS overrides most of them for `#log`).
    DEFAULT_CSS = """
    LogPane {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """
    # The mark and type styles are the screen's (style.Marks).

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.lines: list[Strip] = []  # the laid-out lines, top first
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        self._deferred: deque[_Deferred] = deque()  # writes made before the width was known
        self._widest_line_width = 0
        self._size_known = False
        self.border_title = t("Story")
        self.can_focus = False
        # What was written, to write it again in a new theme's colours (the lines kept are styled strips).
        self._history: list[tuple[str, object]] = []

    # ------------------------------------------------------------ the lines, as RichLog lays them out

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def on_resize(self, event: Resize) -> None:
        if event.size.width and not self._size_known:
            # The width is known for the first time: the writes made before it are made now, in order.
            self._size_known = True
            while self._deferred:
                self.write(*self._deferred.popleft())

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> LogPane:
        """A renderable (or a string) at the bottom of the story, wrapped to the pane's width (at least
        `MIN_WIDTH`) unless `width` is given. A player reading back older lines is not pulled down to the
        bottom by every new line."""
        follow = self.following() if scroll_end is None else scroll_end
        if not self._size_known:
            # Every write waits for the width, so that the order is kept.
            if isinstance(content, Text):
                content = content.copy()
            self._deferred.append(_Deferred(content, width, expand, shrink, follow))
            return self
        renderable = _renderable(content)
        console = self.app.console
        options = console.options
        if width is not None:
            render_width = width
        else:
            measured = measure_renderables(console, options, [renderable]).maximum
            render_width = measured
            room = self.scrollable_content_region.width
            if expand and measured < room:
                render_width = max(measured, room)
            if shrink and measured > room:
                render_width = min(measured, room)
            render_width = max(render_width, MIN_WIDTH)
        lines = list(Segment.split_lines(console.render(renderable, options.update_width(render_width))))
        if not lines:
            self._widest_line_width = max(render_width, self._widest_line_width)
            self.lines.append(Strip.blank(render_width))
        else:
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(render_width)
            self.lines.extend(strips)
            widest = max(sum(segment.cell_length for segment in line) for line in lines)
            self._widest_line_width = max(self._widest_line_width, widest)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if follow:
            self.scroll_end(animate=animate, immediate=False, x_axis=False)
        return self

    def clear(self) -> LogPane:
        self.lines.clear()
        self._line_cache.clear()
        self._widest_line_width = 0
        self._deferred.clear()
        self.virtual_size = Size(0, 0)
        self.refresh()
        return self

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self.rich_style  # worked out from the styles of the pane and its parents: once a line
        index = scroll_y + y
        if index >= len(self.lines):
            line = Strip.blank(width, style)
        else:
            key = (index, scroll_x, width, self._widest_line_width)
            line = self._line_cache.get(key)
            if line is None:
                line = self.lines[index].crop_extend(scroll_x, scroll_x + width, style)
                self._line_cache[key] = line
        return line.apply_style(style)

    # ------------------------------------------------------------ scrolling back (keys on the game screen)

    def following(self) -> bool:
        """Whether the latest line is in view: new lines then keep it in view."""
        return self.scroll_y >= self.max_scroll_y

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
        for kind, item in history:
            if kind == "events":
                self.add_events([item])  # type: ignore[list-item]
            elif kind == "echo":
                self.echo(item)  # type: ignore[arg-type]
            elif kind == "note":
                text, style = item  # type: ignore[misc]
                self.note(text, style)
            else:
                text, alert = item  # type: ignore[misc]
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
