"""The command line: plain text in, with an inline suggestion and Tab completion from the parser's words.

A lone digit acts at once when no longer option number starts with it (with 12 options, `1` waits for
Enter or a second digit), so a whole game can be played with number keys. A number means the option of
the list as it stood when the player started typing the line (`bind_options` takes that list)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache
from time import monotonic
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.widgets import Input
from textual.widgets.input import Selection

from citadels_core.text import clean_text

from ..i18n import t
from .messages import CommandEntered, OptionChosen, SeenOptions

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions

Completer = Callable[[str], list[str]]

# The longest command: room for any command and a chat line, and a bound on what one line costs to lay
# out and parse (an unbracketed paste arrives as typing).
MAX_COMMAND = 300
# A refused paste is said at most once in this many seconds (a flood of them must not flood the toasts).
TOO_LONG_QUIET = 5.0
# The page-scrolling actions Input inherits from ScrollableContainer: on one line they scroll nothing, so
# their keys (PageUp, PageDown…) are not run here but left to the bindings (Textual skips these actions on
# a widget that cannot scroll, and goes on to the screen's, which scroll the story).
PASSED_ON = frozenset({"page_up", "page_down", "page_left", "page_right"})


class CommandLine(Input):
    BINDINGS = [
        Binding("tab", "complete", t("complete"), show=False),
        Binding("up", "history(-1)", t("previous command"), show=False),
        Binding("down", "history(1)", t("next command"), show=False),
    ]

    def __init__(
        self,
        completer: Completer,
        option_count: Callable[[], int],
        bind_options: Callable[[], SeenOptions] | None = None,
        **kw: Unpack[WidgetOptions],
    ) -> None:
        # "-valid" as Input's validation (of no validators) marks it at the first keystroke. It and the
        # compact look are set without restyling: each class added once the line exists styles it again
        # at once, before it is even mounted (and Textual's `compact=True` removes then adds its class:
        # ~1.5 ms of a start). The line is styled when it is mounted, with its classes as they are then.
        kw["classes"] = " ".join(c for c in (kw.get("classes"), "-valid") if c)
        super().__init__(
            placeholder=t("type a command or a number — help for help"), max_length=MAX_COMMAND, **kw
        )
        self.set_reactive(Input.compact, True)
        self.add_class("-textual-compact", update=False)  # the class Input.compact toggles
        self.cursor_blink = False  # no blinking cursor: over SSH it costs a redraw twice a second
        self.completer = completer
        self.option_count = option_count
        self._cycle: list[str] = []
        self.history: list[str] = []
        self._h = 0  # position in the history while browsing it with the arrow keys
        self._said_too_long = -TOO_LONG_QUIET
        self.bind_options = bind_options
        self.seen: SeenOptions | None = None  # the options when the line's first character was typed
        # Each submitted line's bound options, in order, until its Submitted message is handled (a burst
        # `1⏎2⏎` submits twice before the first is handled).
        self._submitted_seen: deque[SeenOptions | None] = deque()
        self._looks: _Looks | None = None  # the styles the line is drawn with, kept until they change
        self.waits = ""  # why a typed number waits for Enter ("1 or 10–12?"), drawn faded after it

    def replace(self, text: str, start: int, end: int) -> None:
        # Every insertion (a key, a paste, a completion) passes the gate of text read by other players: a
        # pasted escape sequence or C1 control never reaches the line, let alone a chat (citadels_core.text).
        super().replace(clean_text(text), start, end)

    def restricted(self) -> None:
        # Input calls this when an insertion would pass max_length; the text is not typed at all.
        now = monotonic()
        if now - self._said_too_long >= TOO_LONG_QUIET:
            self._said_too_long = now
            self.notify(
                t("That was not typed: a command is at most {n} characters.", n=MAX_COMMAND),
                severity="warning",
            )

    def _watch_value(self, value: str) -> None:
        # Not Input's watcher: on every keystroke it set the virtual size (a new width lays out the whole
        # screen again), posted a Changed message (a second trip through the message queue) and validated
        # the value against no validators. A server runs this for every key of every player; what the line
        # needs is done here, synchronously with the keystroke.
        if self._initial_value:  # Input's own bookkeeping: a value given at creation puts the cursor after it
            self._initial_value = False
            self.cursor_position = len(value)
        elif max(self.selection) > len(value):
            self.selection = self.selection  # clamped to the new value's length (validate_selection)
        # Bound here, synchronously with the keystroke: a table change queued behind it cannot come first.
        if not value:
            self.seen = None
        elif self.seen is None and self.bind_options is not None:
            self.seen = self.bind_options()
        # The inline suggestion (accepted with → or Tab) is the first completion. Textual's Suggester would
        # work it out in a worker, i.e. a task and three messages per keystroke; the completer takes
        # microseconds, so it runs right here (on a server, every player's keystroke costs the same loop).
        if value:
            hits = self.completer(value)
            self._suggestion = hits[0] if hits else ""
        else:
            self._suggestion = ""
        self._number_typed(value)

    def validate_virtual_size(self, value: Size) -> Size:
        # Input sets its virtual width to the width of its text (or suggestion) on every keystroke, and a
        # changed virtual size lays out the whole screen again: ~5 ms per key, for every player of a
        # server. Never narrower than the widget: typing a short line then changes nothing but the line.
        return Size(max(value.width, self.size.width), value.height)

    def action_complete(self) -> None:
        hits = self.completer(self.value)
        if not hits and self._cycle:
            # Tab again cycles through the completions of the same fragment.
            i = self._cycle.index(self.value) if self.value in self._cycle else -1
            self.value = self._cycle[(i + 1) % len(self._cycle)]
        elif hits:
            self._cycle = hits
            self.value = hits[0]
        self.cursor_position = len(self.value)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._h = max(0, min(len(self.history), self._h + step))
        self.value = self.history[self._h] if self._h < len(self.history) else ""
        self.cursor_position = len(self.value)

    def _number_typed(self, value: str) -> None:
        """A number that can only be one option chooses it at once; one that can be none starts again."""
        from ..command_words import is_number  # see GameScreen._run_command

        self.waits = ""
        if not is_number(value):
            return
        seen = self.seen
        n, count = int(value), len(seen.actions) if seen is not None else self.option_count()
        if count and n > count and len(value) > 1:
            # "11" with ten options can be no option: start again from the digit just typed.
            self.value = value[-1]
            return
        if 1 <= n <= count and n * 10 > count:
            self.value = ""
            self.post_message(OptionChosen(n - 1, seen))
        elif 1 <= n <= count:
            # A longer option number starts with it: say so, or the line seems to ignore the key.
            last = min(count, n * 10 + 9)
            longer = str(n * 10) if last == n * 10 else f"{n * 10}–{last}"
            self.waits = t("  {n} or {m}? Enter chooses {n}", n=n, m=longer)

    @classmethod
    @cache
    def _key_actions(cls) -> dict[str, str]:
        """Each key bound on this widget (Input's editing keys and ours) and the action it runs."""
        actions: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for binding in klass.__dict__.get("BINDINGS", []):
                if isinstance(binding, Binding):
                    for key in binding.key.split(","):
                        actions[key.strip()] = binding.action
        return {key: action for key, action in actions.items() if action not in PASSED_ON}

    async def _on_key(self, event: events.Key) -> None:
        # Bound keys act here, in the order keys arrive. As bindings, Textual's App would resolve them, and
        # only once the key has bubbled back to it: by then the keys behind it in a burst were already
        # typed (`say alpha⏎say beta⏎` would submit "say alphasay beta"; `ab⌫c` would erase the c).
        actions = self._key_actions()
        action = next((actions[k] for k in (event.key, *event.aliases) if k in actions), None)
        if action is None:
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        await self.run_action(action)

    async def action_submit(self) -> None:
        # Taken and cleared at once, so that the next command typed starts on an empty line.
        text = self.value
        self._submitted_seen.append(self.seen)
        self.value = ""
        self.post_message(self.Submitted(self, text))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        self._cycle = []
        if text.strip() and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._h = len(self.history)
        seen = self._submitted_seen.popleft() if self._submitted_seen else None
        self.post_message(CommandEntered(text, seen))

    # Drawing the line. Input renders it through Rich (a Text laid out by the console) and Textual's styles
    # cache, looking up its component styles again after every refresh: most of what a keystroke costs a
    # server. The same segments are built here directly, from styles kept until the styles change.

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks = None

    def _watch_selection(self, selection: Selection) -> None:
        # Input's watcher scrolls the cursor into view on every move; a line that fits its width, not
        # scrolled, has nothing to scroll (the cursor is in view): the rest is Input's own.
        if self.scroll_x or self._cursor_offset >= self.scrollable_content_region.width:
            super()._watch_selection(selection)
            return
        self.app.clear_selection()
        self.app.cursor_position = self.cursor_screen_offset

    def _line_looks(self) -> _Looks:
        # Kept while the theme, the focus and the size stay; any change of the line's styles drops it
        # (notify_style_update).
        key = (self.app.theme, self.has_focus, self.size)
        looks = self._looks
        if looks is None or looks.key != key:
            looks = self._looks = _Looks(self, key)
        return looks

    def render_line(self, y: int) -> Strip:
        return self._draw(y, self._line_looks())

    def _draw(self, y: int, looks: _Looks) -> Strip:
        if y != 0 or not looks.plain or self.password or self.highlighter is not None:
            return super().render_line(y)
        value = self.value
        width = looks.content_width + 1  # as Input: one cell more than the content, for the cursor at the end
        focus = looks.focus
        if not value:
            placeholder = self.placeholder or ""
            if cell_len(placeholder) > width:
                return super().render_line(y)  # Rich would wrap it: Input's own way
            if focus and self._cursor_visible:
                first = placeholder[:1] or " "
                segments = [Segment(first, looks.placeholder_cursor)]
                if placeholder[1:]:
                    segments.append(Segment(placeholder[1:], looks.placeholder))
            else:
                segments = [Segment(placeholder, looks.placeholder)] if placeholder else []
            strip = Strip(segments).extend_cell_length(width)
        else:
            suggestion = value + self.waits if self.waits else self._suggestion
            show_suggestion = focus and len(suggestion) > len(value)
            text = value + suggestion[len(value) :] if show_suggestion else value
            if not focus or not self.selection.is_empty or "\t" in text or not text.isprintable():
                return super().render_line(y)  # a selection, a tab, a wide character: Input's own way
            cursor = self.cursor_position
            if not self._cursor_visible:
                cursor = -1
            elif cursor == len(text):
                text += " "  # the cursor after the last character
            segments = []
            add = segments.append
            plain, faded = looks.null, looks.suggestion
            end = len(value)
            # Runs of one style: the typed text, the cursor's cell, the suggestion (faded), in order.
            bounds = sorted({0, end, len(text), *((cursor, cursor + 1) if cursor >= 0 else ())})
            for a, b in zip(bounds, bounds[1:], strict=False):
                if a >= b or b > len(text):
                    continue
                style = plain if a < end else faded
                if a == cursor:
                    style = (
                        looks.cursor
                        if a < end or a >= len(suggestion) or not show_suggestion
                        else looks.suggestion_cursor
                    )
                add(Segment(text[a:b], style))
            scroll_x = self.scroll_offset.x
            strip = Strip(segments).crop(scroll_x, scroll_x + width).extend_cell_length(width)
        return strip.apply_style(looks.rich_style)

    def render_lines(self, crop: Region) -> list[Strip]:
        looks = self._line_looks()
        if not looks.plain or crop.height != 1 or crop.y != 0:
            return super().render_lines(crop)
        # What Textual's styles cache makes of a one-line widget without border, padding, outline, tint
        # or opacity: the line on the widget's background, through the app's line filters (no colour…).
        strip = Strip(list(self._draw(0, looks).adjust_cell_length(looks.width, looks.inner)), looks.width)
        for line_filter in self.get_line_filters():
            strip = strip.apply_filter(line_filter, looks.background)
        if crop.x or crop.width != looks.width:
            strip = strip.crop(crop.x, crop.right)
        return [strip]


class _Looks:
    """The command line's styles for one state of the app's CSS, its focus, its size and background."""

    def __init__(self, line: CommandLine, key: tuple[object, ...]) -> None:
        self.key = key
        styles = line.styles
        self.focus = line.has_focus
        self.width = line.size.width
        self.content_width = line.scrollable_content_region.width
        base_background, self.background = line.background_colors
        self.inner = TextualStyle(background=base_background + self.background).rich_style
        # Only a line the fast path draws exactly as Input and the styles cache would.
        self.plain = (
            line.size.height == 1
            and not any(edge for edge, _ in styles.border)
            and not any(edge for edge, _ in styles.outline)
            and not any(styles.padding)
            and not styles.tint.a
            and styles.opacity == 1.0
            and styles.text_opacity == 1.0
            and line.opacity == 1.0
            and line.border_title is None
            and line.border_subtitle is None
            and not (styles.has_rule("hatch") and styles.hatch != "none")
        )
        self.rich_style = line.rich_style
        self.null = Style()
        self.cursor = line.get_component_rich_style("input--cursor")
        self.placeholder = line.get_component_rich_style("input--placeholder")
        self.suggestion = line.get_component_rich_style("input--suggestion")
        self.placeholder_cursor = self.placeholder + self.cursor
        self.suggestion_cursor = self.suggestion + self.cursor
