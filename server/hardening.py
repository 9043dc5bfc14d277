"""Making an arbitrary App safe to host over SSH: the client's colour depth for each session, the App's
errors in the server's log instead of its stderr, nothing saved on the server's disk; and Textual's render
caches made safe for sessions of different colour depths, its partial update drawing only the changed rows
(private Textual and Rich API: pyproject pins textual exactly)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style
from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import SGR_STYLES, Strip

if TYPE_CHECKING:
    from textual.app import App

# A hosted App's errors come under the driver's logger, with the SSH terminal's other log lines.
log = logging.getLogger("citadels_server.driver")


def color_system_for(term: str | None, colorterm: str | None) -> ColorSystem:
    """Colour depth from the client's TERM/COLORTERM (the server's own environment says nothing)."""
    term = (term or "").lower()
    if (colorterm or "").lower() in ("truecolor", "24bit") or term.endswith("direct"):
        return ColorSystem.TRUECOLOR
    if "256" in term:
        return ColorSystem.EIGHT_BIT
    # Textual treats "no colour system" as truecolour, so the poorest terminals get the 16 colours too.
    return ColorSystem.STANDARD


class LogFile:
    """A file for Rich that logs what the App would print to the server's stderr (its crash reports)."""

    def __init__(self, logger: logging.Logger, prefix: str) -> None:
        self._logger = logger
        self._prefix = prefix
        self._parts: list[str] = []
        self.wrote = False  # True once an error was logged: the player is told the game failed

    def write(self, text: str) -> int:
        self._parts.append(text)
        return len(text)

    def flush(self) -> None:
        text = "".join(self._parts).rstrip()
        self._parts.clear()
        if text:
            self.wrote = True
            self._logger.error("%s\n%s", self._prefix, text)

    def isatty(self) -> bool:
        return False


# Textual assumes one colour depth per process and caches rendered escape codes in two shared places:
# on each Strip (some Strips, e.g. blank lines, are shared process-wide through an lru_cache) and on
# each Rich Style (`style._ansi`). With sessions of different depths in one process, a 16-colour client
# would be sent whatever depth rendered first. We leave Textual's caches to the depth most SSH clients
# have (xterm-256color: ssh does not forward COLORTERM by default) and render other depths through our
# own cache keyed by depth. Checked by test_colour_depth_follows_the_client_terminal.
CACHED_COLOR_SYSTEM = ColorSystem.EIGHT_BIT
_patched = False


@lru_cache(maxsize=16384)
def _sgr(style: Style, color_system: ColorSystem) -> str:
    # Textual's Strip.render_ansi, minus its write to the shared `style._ansi`.
    codes: list[str] = []
    if attributes := style._attributes & style._set_attributes:
        codes = [SGR_STYLES[bit] for bit in range(attributes.bit_length()) if attributes & (1 << bit)]
    if (color := style._color) is not None:
        codes.extend(color.downgrade(color_system).get_ansi_codes())
    if (bgcolor := style._bgcolor) is not None:
        codes.extend(bgcolor.downgrade(color_system).get_ansi_codes(False))
    return ";".join(codes)


def _render_style(style: Style, text: str, color_system: ColorSystem) -> str:
    ansi = _sgr(style, color_system)
    output = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
    if style._link:
        output = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{output}\x1b]8;;\x1b\\"
    return output


def install_textual_patches() -> None:
    """Make Textual's render caches safe for sessions with different colour depths (idempotent)."""
    global _patched
    if _patched:
        return

    original = Strip.render

    def render(self: Strip, console: Console) -> str:
        color_system = console._color_system or ColorSystem.TRUECOLOR
        if color_system is CACHED_COLOR_SYSTEM:
            return original(self, console)
        return "".join(
            [
                text if style is None else _render_style(style, text, color_system)
                for text, style, _ in self._segments
            ]
        )

    Strip.render = render  # type: ignore[method-assign]  # the pinned Textual's Strip.render, wrapped (docs/architecture.md)
    _render_only_changed_lines()
    _patched = True


def _render_only_changed_lines() -> None:
    """Textual's partial update asks each widget that lies within the screen for ALL its lines, then
    keeps those of the changed rows: a keystroke rendered the 29 lines of the game's frame and the
    screen's 30 (from their caches, each through the line filters) to draw the command line's one. This
    asks each widget for the lines of the changed rows only (the rows outside them were dropped unused:
    `_render_chops` keeps only the changed rows' lines), and none behind a widget that covers them all
    (the front widget's cells win). A whole-screen render (no crop) is Textual's own.
    """
    original = Compositor._get_renders  # noqa: SLF001 - patched on purpose (see the docstring)

    def get_renders(self: Compositor, crop: Region | None = None) -> Any:
        if crop is None:
            yield from original(self, crop)
            return
        top, bottom = crop.y, crop.bottom
        for widget, (region, clip) in list(self.visible_widgets.items()):
            if not crop.overlaps(clip):
                continue
            seen = region.intersection(clip)
            y0, y1 = max(seen.y, top), min(seen.bottom, bottom)
            if y1 <= y0 or not seen.width:
                continue
            lines = widget.render_lines(Region(seen.x - region.x, y0 - region.y, seen.width, y1 - y0))
            # The region handed back starts at the first rendered row: the lines are placed from there.
            yield Region(region.x, y0, region.width, y1 - y0), clip, lines
            if seen.contains_region(crop):
                # Widgets come front first and the front one's cells win: nothing behind it shows in the
                # crop (a keystroke's: the command line's row, and the screen behind it is not drawn).
                return

    get_renders.textual_original = original  # type: ignore[attr-defined]  # for the test comparing both
    Compositor._get_renders = get_renders  # type: ignore[method-assign]  # noqa: SLF001 - the pinned Textual's, wrapped (see above)


def harden_app(app: App[Any], *, color_system: ColorSystem, label: str) -> None:
    """Adapt an App built for a local terminal to be hosted: per-session colours, nothing on the server.

    Instance attributes shadow the App's methods, so this works for any App subclass without its help.
    """
    app.console._color_system = color_system  # Rich keeps the depth here; the console is the App's own.
    app.error_console = Console(
        file=LogFile(log, f"app error in session {label}:"),  # type: ignore[arg-type]  # a LogFile is written as a text file is
        width=100,
        color_system=None,
        markup=False,
        highlight=False,
    )

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        app.notify("Screenshots cannot be saved over SSH.", severity="warning")

    app.action_screenshot = refuse  # type: ignore[method-assign]  # (see below)
    # The instance's own refusal in place of each method (its signature is not theirs: it takes anything).
    app.deliver_screenshot = refuse  # type: ignore[method-assign]  # (see above)
    app.save_screenshot = refuse  # type: ignore[method-assign, assignment]  # (see above)
    system_commands = app.get_system_commands

    def get_system_commands(screen: Any) -> Iterable[Any]:
        return [c for c in system_commands(screen) if c.title != "Screenshot"]

    app.get_system_commands = get_system_commands  # type: ignore[method-assign]  # wrapped: no command that means nothing over SSH
