"""The narrated log: what happened, your private events marked as yours, and the replies to commands."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.widgets import RichLog

from ..i18n import t
from ..table import LogLine
from .style import mark

# The glyph that starts every line about something done to you.
TO_YOU = "»"


class LogPane(RichLog):
    # The mark and type styles are the screen's (style.Marks).

    def __init__(self, **kw: object) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, **kw)  # type: ignore[arg-type]
        self.border_title = t("Story")
        self.can_focus = False
        # What was written, to write it again in a new theme's colours (RichLog keeps styled strips).
        self._history: list[tuple[str, object]] = []

    # ------------------------------------------------------------ scrolling back (keys on the game screen)

    def following(self) -> bool:
        """Whether the latest line is in view: new lines then keep it in view."""
        return self.scroll_y >= self.max_scroll_y

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> LogPane:
        # A player reading back older lines is not pulled down to the bottom by every new line.
        follow = self.following() if scroll_end is None else scroll_end
        return super().write(content, width, expand, shrink, follow, animate)

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
