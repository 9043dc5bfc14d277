"""The whole game's story, full-screen: a heading per round, a find box that narrows it, Esc closes.

It reads the same narrated lines as the story pane (`Seat.lines`), told again from the first event: lines
that scrolled out of the pane, or that were written before a resume, are all here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Static

from ..i18n import t, tn
from ..table import LogLine
from .fold import fold
from .style import COMPONENT_CLASSES, mark

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import ScreenOptions


@dataclass(frozen=True, slots=True)
class Chapter:
    """One round's lines under its heading (the lines before the first round have their own)."""

    heading: str
    lines: tuple[LogLine, ...]


def chapters(lines: list[LogLine]) -> list[Chapter]:
    """The story cut where each round begins (a narrated event of kind "round")."""
    out: list[Chapter] = []
    heading, current = t("Before the first round"), list[LogLine]()
    rounds = 0
    for line in lines:
        if line.kind == "round":
            if current:
                out.append(Chapter(heading, tuple(current)))
            rounds += 1
            heading, current = t("Round {n}", n=rounds), []
        current.append(line)
    if current:
        out.append(Chapter(heading, tuple(current)))
    return out


def matches(line: LogLine, query: str) -> bool:
    """Whether a line holds the words looked for (any case; the query's spaces as typed)."""
    return not query or query.casefold() in line.text.casefold()


class StoryBody(ScrollView):
    """The story's lines, wrapped to the width once and drawn a screen at a time (Textual's line API): a
    whole game's story opens at once, where a Static would lay out and wrap every line on every redraw."""

    COMPONENT_CLASSES = COMPONENT_CLASSES

    def __init__(self, **kw: Unpack[ScreenOptions]) -> None:
        super().__init__(**kw)
        self.text = Text()
        self.rows: list[Strip] = []
        self._width = 0
        self.latest_first = True  # it opens on the latest lines, where the game is now

    def show(self, text: Text, latest: bool) -> None:
        """Show `text`, from its latest lines or from its first."""
        self.text = text
        self.latest_first = latest
        self._wrap()

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width
        self._width = width
        if width <= 0:
            return
        self.rows = fold(self.app.console, self.text, width)
        self.virtual_size = Size(width, len(self.rows))
        # Scrolled before the first frame, which then shows the right lines at once.
        # (Set, not scroll_to: that waits for the scrollbars of the new size to be laid out.)
        self.scroll_target_y = self.scroll_y = self.max_scroll_y if self.latest_first else 0
        self.refresh()
        self.call_after_refresh(self._place_scrollbar)

    def _place_scrollbar(self) -> None:
        # The scrollbar is laid out after the scroll was set: it is told where the lines are now.
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.position = self.scroll_y

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._wrap()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = self.scroll_offset.y + y
        if row >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        return self.rows[row].crop_extend(0, width, self.rich_style).apply_style(self.rich_style)


class StoryScreen(ModalScreen[None]):
    CSS_PATH = ["story_screen.tcss", "components.tcss"]
    BINDINGS = [
        Binding("escape,f6", "close", t("Close")),
        Binding("pageup", "page(-1)", t("Page back"), show=False),
        Binding("pagedown", "page(1)", t("Page on"), show=False),
        Binding("up", "line(-1)", t("Line back"), show=False),
        Binding("down", "line(1)", t("Line on"), show=False),
        Binding("ctrl+home,shift+pageup", "first", t("The beginning"), show=False),
        Binding("ctrl+end,shift+pagedown", "latest", t("The latest"), show=False),
    ]

    def __init__(self, lines: list[LogLine]) -> None:
        super().__init__()
        self.story = chapters(lines)
        self.total = len(lines)
        self.query_text = ""
        self.shown = 0  # lines shown under the find box's words

    def compose(self) -> ComposeResult:
        body = StoryBody(id="story-body")
        body.border_title = t("The story of the game — Esc closes")
        body.can_focus = False  # the find box keeps the keys: typing always narrows the story
        yield body
        yield Static(id="story-count")
        yield Input(placeholder=t("type to find in the story — Esc closes"), id="story-find", compact=True)

    def on_mount(self) -> None:
        self.show_story(latest=True)
        self.query_one("#story-find", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        # A leading "/" (the find key of less and vi) is not part of the words looked for.
        self.query_text = event.value.strip().removeprefix("/").strip()
        self.show_story(latest=False)  # what was found, from the first round on

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # Enter does nothing more: the story is already narrowed as it is typed

    def show_story(self, latest: bool) -> None:
        self.query_one(StoryBody).show(self.render_story(), latest)
        self.query_one("#story-count", Static).update(self.count_line())

    def render_story(self) -> Text:
        """Each round's heading, then its lines that hold the words looked for (each hit marked)."""
        query = self.query_text
        out = Text()
        heading_style, hit_style = mark(self.query_one(StoryBody), "me"), "reverse"
        private_style = mark(self.query_one(StoryBody), "private")
        self.shown = 0
        for chapter in self.story:
            hits = [line for line in chapter.lines if matches(line, query)]
            if not hits:
                continue
            if out:
                out.append("\n")
            out.append(f"── {chapter.heading} ──\n", style=heading_style)
            for line in hits:
                text = Text(line.text, style=private_style if line.private else "")
                if line.private:
                    text = Text(t("(only you) "), style=private_style) + text
                if query:
                    # Reverse video as well as any colour: a hit shows on a terminal without colours too.
                    text.highlight_words([query], style=hit_style, case_sensitive=False)
                out.append_text(text)
                out.append("\n")
                self.shown += 1
        out.rstrip()
        if not out:
            out.append(
                t("No line of the story holds “{q}”.", q=query) if query else t("Nothing has happened yet."),
                style=mark(self.query_one(StoryBody), "dim"),
            )
        return out

    def count_line(self) -> str:
        if not self.query_text:
            return tn(
                "{n} line of story, told again from the start",
                "{n} lines of story, told again from the start",
                self.total,
            )
        return tn("{n} line holds “{q}”", "{n} lines hold “{q}”", self.shown, q=self.query_text)

    # ------------------------------------------------------------ keys

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, step: int) -> None:
        scroll = self.query_one(StoryBody)
        if step < 0:
            scroll.scroll_page_up(animate=False)
        else:
            scroll.scroll_page_down(animate=False)

    def action_line(self, step: int) -> None:
        scroll = self.query_one(StoryBody)
        scroll.scroll_to(y=scroll.scroll_y + step, animate=False)

    def action_first(self) -> None:
        self.query_one(StoryBody).scroll_home(animate=False)

    def action_latest(self) -> None:
        self.query_one(StoryBody).scroll_end(animate=False)
