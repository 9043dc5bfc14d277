"""A form to make a table in the lobby: players, the edition, its characters and districts presets (and the
classic shorter game), the bots, a timer, and whether bot programs may sit (`ssh HOST bot`)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from citadels_core import get_edition
from citadels_core.bots import LEVELS

from ..game_setup import EDITION_NAMES, edition_label
from ..i18n import t, tn, tp
from .new_game_screen import classic_rows

TIMERS = (0, 30, 60, 120, 300)  # seconds a player may think before a bot plays that decision; 0: no timer
# A turn-based table's clocks per move (citadels_tui/turns.py): its seats are kept to the end of the game.
CLOCKS = (12 * 3600, 86400, 3 * 86400)


@dataclass(frozen=True, slots=True)
class TableSpec:
    players: int
    cast: str
    districts: str
    bots: str
    timer: float | None
    edition: str = "2016"
    shorter: bool = False
    rank9: bool | None = None  # classic: a rank 9 character with 4–7 players too (8 players always have one)
    turn_based: bool = False  # `timer` is a clock of hours or days per move
    outside_bots: bool = True  # a program may take a seat (docs/bot-protocol.md)


class TableFormScreen(ModalScreen[TableSpec | None]):
    CSS_PATH = "new_game_screen.tcss"  # the same rows and box as the local game's form
    DEFAULT_CSS = "TableFormScreen { align: center middle; background: $background 60%; }"
    BINDINGS = [Binding("escape", "cancel", t("Cancel"))]
    # The first field has the keys (Textual's default would focus the scrolling box, where Enter does
    # nothing until Tab): Enter opens its list, Tab goes on to the next field and to Create.
    AUTO_FOCUS = "#players"

    def compose(self) -> ComposeResult:
        presets = self._presets("2016")
        with VerticalScroll(id="new-box") as box:
            box.border_title = t("New table")
            with Horizontal(classes="row"):
                yield Label(t("Players"))
                yield Select(
                    [(str(n), n) for n in range(2, 9)], value=4, allow_blank=False, id="players", compact=True
                )
            with Horizontal(classes="row"):
                yield Label(t("Edition"))
                yield Select(
                    [(edition_label(e), e) for e in EDITION_NAMES],
                    value="2016",
                    allow_blank=False,
                    id="edition",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(t("Characters"))
                yield Select(presets, value="first_game", allow_blank=False, id="cast", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Districts"))
                yield Select(presets, value="first_game", allow_blank=False, id="districts", compact=True)
            yield from classic_rows()
            with Horizontal(classes="row"):
                yield Label(t("Bots"))
                yield Select(
                    [(t(b), b) for b in LEVELS], value="normal", allow_blank=False, id="bots", compact=True
                )
            with Horizontal(classes="row"):
                yield Label(t("Turn timer"))
                yield Select(
                    [(t("none") if s == 0 else tn("{n} second", "{n} seconds", s), s) for s in TIMERS]
                    + [(_clock_label(s), s) for s in CLOCKS],
                    value=0,
                    allow_blank=False,
                    id="timer",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(t("Bot programs"))
                yield Select(
                    [(t("may sit"), True), (t("refused"), False)],
                    value=True,
                    allow_blank=False,
                    id="programs",
                    compact=True,
                )
            yield Static(t("Empty seats are played by bots when you start."), id="new-error")
            with Horizontal(id="new-buttons"):
                yield Button(t("Create"), id="create", variant="primary")
                yield Button(t("Cancel"), id="cancel")

    @staticmethod
    def _presets(edition: str) -> list[tuple[str, str]]:
        return [(tp("preset", p.name), p.key) for p in get_edition(edition).presets]

    def on_mount(self) -> None:
        for row in self.query(".classic-row"):
            row.display = False

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "edition" or not isinstance(event.value, str):
            return
        edition = event.value
        first = get_edition(edition).presets[0].key
        for what in ("cast", "districts"):
            sel = self.query_one(f"#{what}", Select)
            sel.set_options(self._presets(edition))
            sel.value = first
        for row in self.query(".classic-row"):
            row.display = edition == "classic"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_create(self) -> None:
        def value(name: str) -> object:
            return self.query_one(f"#{name}", Select).value

        timer = value("timer")
        players = value("players")
        edition = str(value("edition"))
        self.dismiss(
            TableSpec(
                players if isinstance(players, int) else 4,
                str(value("cast")),
                str(value("districts")),
                str(value("bots")),
                float(timer) if isinstance(timer, int) and timer else None,
                edition,
                edition == "classic" and value("shorter") is True,
                (value("rank9") is True) if edition == "classic" else None,
                isinstance(timer, int) and timer in CLOCKS,
                value("programs") is not False,
            )
        )


def _clock_label(seconds: int) -> str:
    if seconds % 86400 == 0:
        return t("{n} d per move, turn-based", n=seconds // 86400)
    return t("{n} h per move, turn-based", n=seconds // 3600)
