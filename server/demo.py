"""PLACEHOLDER app for `citadels serve` until the real game app (citadels_tui.app) is plugged in.

It greets the player by name, shows what the server knows about the session and echoes keys, which is
all the SSH layer's tests and benchmark need to see. Replace `demo_app_factory` in cli.py's
`_app_factory` with the real factory; nothing else depends on this module.
"""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from .session import SessionInfo


class DemoApp(App[None]):
    """Placeholder: "Welcome NAME", the session's facts, and the last keys pressed. Ctrl+Q leaves."""

    CSS = """
    Screen { align: center middle; }
    #box { width: 56; height: auto; border: round $accent; padding: 0 1; }
    """

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.info = info
        self.keys: list[str] = []
        self.presses = 0
        self.shown_size = self.size

    def compose(self) -> ComposeResult:
        yield Static(id="box")

    def on_mount(self) -> None:
        self._refresh_box()

    def _refresh_box(self) -> None:
        info = self.info
        how = "with a key" if info.key_fingerprint else "without a key"
        boxes = self.query("#box")
        if not boxes:
            return  # a Resize can arrive before the box is mounted
        boxes.first(Static).update(
            f"Welcome {info.name}\n"
            f"You are {'a guest' if info.guest else 'known'} ({how}).\n"
            f"From {info.peer[0]} with {info.term_type}.\n"
            f"Size: {self.shown_size.width}x{self.shown_size.height}\n"
            f"Keys: {''.join(self.keys)[-40:]}\n"
            f"Presses: {self.presses}\n"
            "This is a placeholder for the Citadels app. Ctrl+Q leaves."
        )

    def on_key(self, event: events.Key) -> None:
        self.presses += 1
        self.keys.append(event.character if event.is_printable and event.character else f"<{event.key}>")
        del self.keys[:-40]
        self._refresh_box()

    def on_paste(self, event: events.Paste) -> None:
        self.presses += 1
        self.keys.append(f"<paste {len(event.text)}>")
        self._refresh_box()

    def on_resize(self, event: events.Resize) -> None:
        self.shown_size = event.size
        self._refresh_box()


def demo_app_factory(info: SessionInfo) -> App[None]:
    """PLACEHOLDER factory: one DemoApp per SSH session."""
    return DemoApp(info)
