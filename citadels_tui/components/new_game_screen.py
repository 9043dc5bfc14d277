"""A new game: your name, 2–8 players, each bot's level, the edition, the character and district presets
(or custom lists, checked by the rules), a seed.

The classic edition offers its own setups (the basic game, The Dark City's), custom lists of its
characters (base ones, bonus ones in place of base ones of the same rank, a rank 9 one) and purple
districts, the shorter game and the rank 9 character; the engine's rule sentences refuse bad choices.

The presets come from the edition; a preset the engine cannot play yet fails with its ConfigError
sentence shown under the form instead of a crash."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from citadels_core import ConfigError, Game, GameConfig, get_edition

from ..errors import UnplayableSet, error_text
from ..game_setup import EDITION_NAMES, NewGame, bot_names, edition_label, preset_of
from ..i18n import t, tp
from ..settings import BOT_LEVELS, Settings, custom_list

CUSTOM = "custom"


def preset_options(edition: str) -> list[tuple[str, str]]:
    """The edition's presets by their translated names, then "Custom list"."""
    return [(tp("preset", p.name), p.key) for p in get_edition(edition).presets] + [
        (t("Custom list"), CUSTOM)
    ]


def classic_rows(shorter: bool = False) -> ComposeResult:
    """The rows only a classic game has (shown when the classic edition is chosen): whether a rank 9
    character is in play below 8 players, and the game's length. Also on the lobby's table form."""
    with Horizontal(classes="row classic-row", id="rank9-row"):
        yield Label(t("Rank 9"))
        yield Select(
            [(t("only with 8 players"), False), (t("with 4 to 8 players"), True)],
            value=False,
            allow_blank=False,
            id="rank9",
            compact=True,
        )
    with Horizontal(classes="row classic-row", id="shorter-row"):
        yield Label(t("Game length"))
        yield Select(
            [(t("full (8 districts)"), False), (t("shorter (7 districts)"), True)],
            value=shorter,
            allow_blank=False,
            id="shorter",
            compact=True,
        )


class NewGameScreen(ModalScreen[NewGame | None]):
    CSS_PATH = "new_game_screen.tcss"
    BINDINGS = [Binding("escape", "cancel", t("Cancel"))]

    def __init__(self, settings: Settings, edition: str | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.edition = edition or settings.edition

    def compose(self) -> ComposeResult:
        s = self.settings
        ed = self.edition
        with VerticalScroll(id="new-box") as box:
            box.border_title = t("New game")
            with Horizontal(classes="row"):
                yield Label(t("Your name"))
                yield Input(s.name, id="name", compact=True, max_length=20)
            with Horizontal(classes="row"):
                yield Label(t("Players"))
                yield Select(
                    [(str(n), n) for n in range(2, 9)],
                    value=s.players,
                    allow_blank=False,
                    id="players",
                    compact=True,
                )
            yield Static(
                t(
                    "With 8 players a rank 9 character is added: one character is set aside face down "
                    "each round, and eight players need eight left to choose from."
                ),
                id="why-rank9",
            )
            for i in range(7):
                with Horizontal(classes="row bot-row", id=f"bot-row-{i + 1}"):
                    yield Label(t("Seat {n} bot", n=i + 2))
                    yield Select(
                        [(t(b), b) for b in BOT_LEVELS],
                        value=s.bots[i],
                        allow_blank=False,
                        id=f"bot-{i + 1}",
                        compact=True,
                    )
            with Horizontal(classes="row"):
                yield Label(t("Edition"))
                yield Select(
                    [(edition_label(e), e) for e in EDITION_NAMES],
                    value=ed,
                    allow_blank=False,
                    id="edition",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(t("Characters"))
                yield Select(
                    preset_options(ed),
                    value=self._remembered("cast", ed),
                    allow_blank=False,
                    id="cast",
                    compact=True,
                )
            with Horizontal(classes="row", id="cast-custom-row"):
                yield Label("")
                yield Input(
                    s.custom_cast,
                    placeholder=t("characters, comma-separated"),
                    id="cast-custom",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(t("Districts"))
                yield Select(
                    preset_options(ed),
                    value=self._remembered("districts", ed),
                    allow_blank=False,
                    id="districts",
                    compact=True,
                )
            with Horizontal(classes="row", id="districts-custom-row"):
                yield Label("")
                yield Input(
                    s.custom_districts,
                    placeholder=self._districts_hint(),
                    id="districts-custom",
                    compact=True,
                )
            yield from classic_rows(shorter=s.shorter)
            with Horizontal(classes="row"):
                yield Label(t("Seed"))
                yield Input("", placeholder=t("empty: a fresh one"), id="seed", compact=True)
            yield Static("", id="new-error")
            with Horizontal(id="new-buttons"):
                yield Button(t("Start"), id="start", variant="primary")
                yield Button(t("Cancel"), id="cancel")

    def _remembered(self, what: str, edition: str) -> str:
        """The choice of the last game for "cast" or "districts": "custom" when its custom list was used
        (in the same edition: another edition's names would not fit), else a preset of `edition`."""
        s = self.settings
        if getattr(s, what) == CUSTOM and s.edition == edition and getattr(s, f"custom_{what}").strip():
            return CUSTOM
        return preset_of(edition, getattr(s, what))

    def on_mount(self) -> None:
        for inp in self.query(Input):
            inp.cursor_blink = False
        self._show_bot_rows()
        self._show_custom_rows()
        self._show_edition_rows()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_bot_rows()
        elif event.select.id == "edition":
            self._edition_changed()
        else:
            self._show_custom_rows()

    def _districts_hint(self) -> str:
        if self.edition == "classic":
            return t("purple districts, comma-separated")
        return t("14 unique districts, comma-separated")

    def _edition_changed(self) -> None:
        """The presets and the classic rows follow the edition chosen."""
        value = self.query_one("#edition", Select).value
        edition = str(value) if isinstance(value, str) else "2016"
        if edition == self.edition:
            return
        self.edition = edition
        for what in ("cast", "districts"):
            sel = self.query_one(f"#{what}", Select)
            sel.set_options(preset_options(edition))
            sel.value = self._remembered(what, edition)
        self.query_one("#districts-custom", Input).placeholder = self._districts_hint()
        self.query_one("#new-error", Static).update("")
        self._show_custom_rows()
        self._show_edition_rows()

    def _show_edition_rows(self) -> None:
        for row in self.query(".classic-row"):
            row.display = self.edition == "classic"

    def _show_custom_rows(self) -> None:
        for what in ("cast", "districts"):
            custom = self.query_one(f"#{what}", Select).value == CUSTOM
            self.query_one(f"#{what}-custom-row").display = custom

    def _players(self) -> int:
        v = self.query_one("#players", Select).value
        return v if isinstance(v, int) else 4

    def _show_bot_rows(self) -> None:
        n = self._players()
        self.query_one("#why-rank9").display = n == 8
        for i in range(7):
            self.query_one(f"#bot-row-{i + 1}").display = i + 1 < n

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        err = self.query_one("#new-error", Static)
        name = self.query_one("#name", Input).value.strip()
        if not name:
            err.update(t("Please type your name."))
            return
        n = self._players()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                err.update(t("The seed must be a whole number."))
                return
        cast = str(self.query_one("#cast", Select).value)
        districts = str(self.query_one("#districts", Select).value)
        classic = self.edition == "classic"
        try:
            cfg = GameConfig.create(
                n,
                cast=self._choice("cast"),
                districts=self._choice("districts"),
                names=bot_names(name, n),
                edition=self.edition,
                rank9=(self.query_one("#rank9", Select).value is True) if classic else None,
                shorter=classic and self.query_one("#shorter", Select).value is True,
            )
            _check_playable(cfg)
        except (ConfigError, KeyError) as e:
            err.update(error_text(e, self.edition))
            return
        bots = tuple(str(self.query_one(f"#bot-{i + 1}", Select).value) for i in range(n - 1))
        # The custom lists as typed are remembered, for the next game and the next time the form opens.
        typed = {
            what: self.query_one(f"#{what}-custom", Input).value.strip() if value == CUSTOM else ""
            for what, value in (("cast", cast), ("districts", districts))
        }
        self.dismiss(NewGame(cfg, bots, seed, cast, districts, typed["cast"], typed["districts"]))

    def _choice(self, what: str) -> str | list[str]:
        """The preset key, or the custom list typed beside it (names or keys, comma-separated)."""
        value = str(self.query_one(f"#{what}", Select).value)
        if value != CUSTOM:
            return value
        return custom_list(self.query_one(f"#{what}-custom", Input).value)


def _check_playable(cfg: GameConfig) -> None:
    """Characters and districts the engine has no rules for yet are refused with a sentence."""
    try:
        Game(cfg, 0)
    except ConfigError:
        raise
    except Exception as e:  # noqa: BLE001 - an engine gap must read as a sentence, not a crash
        raise UnplayableSet("unplayable", e=str(e)) from None
