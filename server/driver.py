"""Textual over SSH: a Driver that talks to one SSH channel instead of the server's own terminal.

Textual's LinuxDriver reads stdin in a thread, sets termios modes and installs signal handlers: all of
that would act on the *server's* terminal and process, so we subclass the abstract `Driver` instead.
Everything here runs on the server's one event loop; nothing blocks and nothing prints.

`SSHDriver` is the App's half: it writes frames to the channel and delivers parsed events to the App. The
session's half, which exists before the App builds its driver, is `TerminalLink` (terminal_link.py); what
the server does to any App it hosts is in hardening.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, TextIO

from textual import events
from textual.app import ScreenStackError
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Input

from .terminal import too_small_text

if TYPE_CHECKING:
    from textual.app import App

    from .terminal_link import TerminalLink

log = logging.getLogger(__name__)

# Application mode, as LinuxDriver sets it up: alternate screen, hidden (so never blinking) cursor,
# mouse reporting (SGR), focus events, bracketed paste, no autowrap, Kitty keyboard protocol (flags
# 1|8|16 as Textual asks), and a query for synchronized output (the answer comes back as input).
_ENTER = (
    "\x1b[?1049h"
    "\x1b[?25l"
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
    "\x1b[?1004h"
    "\x1b[?2004h"
    "\x1b[?7l"
    "\x1b[>25u"
    "\x1b[?2026$p"
)
# Everything _ENTER changed, undone, so the player's shell is usable after the game.
_LEAVE = (
    "\x1b[0m"
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    "\x1b[?1004l"
    "\x1b[?2004l"
    "\x1b[?7h"
    "\x1b[<u"
    "\x1b[?1049l"
    "\x1b[?25h"
)


class SSHDriver(Driver):
    """Textual Driver for one SSH session; built by the App with `link=` bound by the session."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
        link: TerminalLink,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=link.app_size)
        self.link = link
        self.accepting_input = False
        self._showing_notice = False
        link.driver = self

    # The App posts from its own task on this same loop: skip Driver's thread-safe detour.
    def send_message(self, message: Message) -> None:
        self._app.post_message(message)

    def write(self, data: str) -> None:
        # While the notice is up the app keeps running at its clamped size; its frames are dropped and
        # a full repaint follows when the window is big enough again.
        if self._showing_notice:
            return
        self.link.send(data.encode("utf-8", "replace"))

    def start_application_mode(self) -> None:
        self.link.send(_ENTER.encode())
        self._send_resize()
        self.accepting_input = True
        if self.link.too_small:
            self._show_notice()
        self.link.flush_early_input()

    def _send_resize(self) -> None:
        size = Size(*self.link.app_size)
        self._size = (size.width, size.height)
        self.send_message(events.Resize(size, size))

    def client_resized(self) -> None:
        old = self._size
        if self.link.app_size != old:
            self._send_resize()
        if self.link.too_small:
            self._show_notice()
        elif self._showing_notice:
            self._showing_notice = False
            self.link.send(b"\x1b[0m\x1b[2J")
            # The frames sent while the notice was up were dropped: ask for the whole screen again.
            self._app.call_later(self._app.refresh, repaint=True, layout=True)
        elif self.link.app_size == old:
            # The client's screen changed size but the app's did not (we clamp at the max): clear the
            # margins the terminal may have filled with stale text.
            self.link.send(b"\x1b[0m\x1b[2J")
            self._app.call_later(self._app.refresh, repaint=True, layout=True)

    def _show_notice(self) -> None:
        self._showing_notice = True
        self.link.send(too_small_text(self.link.width, self.link.height, self.link.limits))

    def disable_input(self) -> None:
        self.accepting_input = False

    def focus_takes_text(self) -> bool:
        """Does the focused widget take typed text (so a run of keys may arrive as one insertion)?"""
        return isinstance(self._app.focused, Input)

    def input_taken(self) -> bool:
        """Has the App taken the input events sent so far: are its queue and the queue it forwards keys to
        (the focused widget's, or the screen's) empty? Then the last of them is at most being handled."""
        app = self._app
        if app.message_queue_size:
            return False
        try:
            target = app.focused
            if target is None:
                target = app.screen
        except ScreenStackError:  # no screen yet, or none left: nothing to forward keys to
            return True
        return not target.message_queue_size

    def after_input_processed(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the App has handled the input events sent so far.

        The App forwards keys to the focused widget's own queue, so this takes two hops: a callback in the
        App's queue (behind the events) that puts one in the focused widget's queue (behind the forwarded
        keys). If either is gone, the link's timeout calls `callback` instead.
        """
        app = self._app

        def forwarded() -> None:
            target = app.focused
            if target is None or not target.call_later(callback):
                callback()

        if not app.call_later(forwarded):
            callback()

    def stop_application_mode(self) -> None:
        self.accepting_input = False
        self._showing_notice = False
        self.link.send(_LEAVE.encode())

    # -- things that would act on the server, not the player's machine --------------------------------

    def open_url(self, url: str, new_tab: bool = True) -> None:
        log.info("app asked to open %s; ignored over SSH", url)

    def deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        delivery_key: str,
        save_path: Path,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> None:
        # Driver's default saves the file on the *server's* disk (screenshots included).
        binary.close()
        self._app.post_message(
            events.DeliveryFailed(
                key=delivery_key, exception=PermissionError("files cannot be saved over SSH"), name=name
            )
        )
