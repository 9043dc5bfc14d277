"""The offer made on start when a saved game exists: continue it, or start a new one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..i18n import t


class ResumeScreen(ModalScreen[bool]):
    CSS_PATH = "resume_screen.tcss"
    BINDINGS = [
        Binding("y,enter", "answer(True)", t("Continue")),
        Binding("n,escape", "answer(False)", t("New game")),
    ]

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(t("A saved game is waiting: {s}", s=self.summary), id="resume-text")
            with Horizontal(id="resume-buttons"):
                yield Button(t("Continue it (y)"), id="yes", variant="primary")
                yield Button(t("New game (n)"), id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
