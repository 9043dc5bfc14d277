"""The settings the game does not ask for elsewhere: the colour theme, the language (applied as you pick
them: a new language rebuilds the screens in it) and whether the characters pane shows your guesses of the
others' characters (`think on|off`)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from ..i18n import available, language, t

LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}  # each in its own language, so anyone finds theirs


class SettingsScreen(ModalScreen[None]):
    CSS_PATH = "settings_screen.tcss"
    BINDINGS = [Binding("escape", "close", t("Close"))]

    def __init__(
        self,
        themes: list[tuple[str, str]],
        current: str,
        choose_theme: Callable[[str], object],  # its answer (was there such a theme) is not needed here
        user_dir: str = "",
        choose_language: Callable[[str], None] | None = None,
        think_line: bool | None = None,
        choose_think_line: Callable[[bool], None] | None = None,
    ) -> None:
        """`themes`: (name, description); `choose_theme` applies and saves a choice at once, so the
        screen itself shows the new colours. `user_dir`: where the player's own themes go ("" over SSH,
        where the folder is the host's). `think_line`: whether the characters pane shows the guesses now, and
        `choose_think_line` turns it on or off (no row without it)."""
        super().__init__()
        self.user_dir = user_dir
        self.themes = themes
        self.current = current
        self.choose_theme = choose_theme
        self.choose_language = choose_language
        self.think_line = think_line
        self.choose_think_line = choose_think_line

    def compose(self) -> ComposeResult:
        names = [n for n, _ in self.themes]
        with Vertical(id="settings-box") as box:
            box.border_title = t("Settings")
            with Horizontal(classes="row"):
                yield Label(t("Theme"))
                yield Select(
                    [(f"{n} – {d}" if d else n, n) for n, d in self.themes],
                    value=self.current if self.current in names else Select.BLANK,
                    id="theme",
                    compact=True,
                )
            if self.choose_language is not None:
                with Horizontal(classes="row"):
                    yield Label(t("Language"))
                    yield Select(
                        [(LANGUAGE_NAMES.get(c, c), c) for c in available()],
                        value=language(),
                        allow_blank=False,
                        id="language",
                        compact=True,
                    )
            if self.choose_think_line is not None:
                with Horizontal(classes="row"):
                    yield Label(t("Guesses"))
                    yield Select(
                        [
                            (t("In the characters pane too (think on)"), True),
                            (t("Only when asked (think off)"), False),
                        ],
                        value=bool(self.think_line),
                        allow_blank=False,
                        id="think-line",
                        compact=True,
                    )
            hint = t("Also: “theme NAME” on the command line.")
            if self.user_dir:
                hint += " " + t("Your own themes go in {d}.", d=self.user_dir)
            yield Static(hint, id="settings-hint")
            with Horizontal(id="settings-buttons"):
                yield Button(t("Close"), id="close", variant="primary")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "language":
            if (
                isinstance(event.value, str)
                and event.value != language()
                and self.choose_language is not None
            ):
                self.choose_language(event.value)  # the app rebuilds its screens (this one closes)
            return
        if event.select.id == "think-line":
            if isinstance(event.value, bool) and event.value != self.think_line:
                self.think_line = event.value
                if self.choose_think_line is not None:
                    self.choose_think_line(event.value)
            return
        if isinstance(event.value, str) and event.value != self.current:
            self.current = event.value
            self.choose_theme(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
