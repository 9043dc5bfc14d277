"""The command line: plain text in, with an inline suggestion and Tab completion from the parser's words.

A lone digit acts at once when no longer option number starts with it (with 12 options, `1` waits for
Enter or a second digit), so a whole game can be played with number keys. A number means the option of
the list as it stood when the player started typing the line (`bind_options` takes that list)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache
from time import monotonic

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.widgets import Input

from ..commands import is_number
from ..i18n import t
from .messages import CommandEntered, OptionChosen, SeenOptions

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
        **kw: object,
    ) -> None:
        super().__init__(
            placeholder=t("type a command or a number — help for help"),
            compact=True,
            max_length=MAX_COMMAND,
            **kw,
        )  # type: ignore[arg-type]
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
        super()._watch_value(value)
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

    def on_input_changed(self, event: Input.Changed) -> None:
        value = event.value
        if not is_number(value):
            return
        seen = self.seen
        n, count = int(value), len(seen.actions) if seen is not None else self.option_count()
        if count and n > count and len(value) > 1:
            # "11" with ten options can be no option: start again from the digit just typed.
            self.value = value[-1]
            return
        if 1 <= n <= count and n * 10 > count:
            event.stop()
            self.value = ""
            self.post_message(OptionChosen(n - 1, seen))

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
