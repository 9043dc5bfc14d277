"""The Citadels app: one Table, your Seat in it, and the screens around the game.

`citadels` alone starts at once (you against three `normal` bots, the first-game set, a fresh seed);
a saved game is offered first when there is one, or resumed directly with `--resume`."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path
from random import SystemRandom
from typing import Any

from textual.app import App
from textual.filter import LineFilter
from textual.screen import Screen

from citadels_core import ConfigError, Game, GameConfig
from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_themes import DEFAULT_THEME, Theme, builtin_themes, user_themes

from . import css_cache, theme_cache
from .colors import THEME_VARIABLE_DEFAULTS, Colourless
from .components.game_screen import AppRequest, GameScreen
from .components.messages import TableChanged
from .game_setup import NewGame, bot_names, default_preset, rank9_reason
from .i18n import Lazy, available, from_environment, language, lazy_t, normalize, set_language, t, tn
from .journal import SaveFile
from .names import describe
from .paths import cache_dir, config_dir
from .saves import BackgroundSaver, Saved, read_save, save_target, write_save
from .settings import cast_choice, districts_choice, load_settings, save_settings
from .table import HINT_PLAYOUTS, HINT_SECONDS, Seat, Table

COLOURLESS = Colourless()


def take_back_refused(why: str | None) -> str:
    """Why `undo` is refused, one sentence for each of citadels_core.takeback's codes, in the language of
    the moment. (The take-back rules, and the re-deal they use, are imported for an `undo` only: ~0.7 ms
    less of every start.)"""
    from citadels_core.takeback import GAME_OVER, NOTHING, OTHER_ACTED, REVEALED

    if why == NOTHING:
        return t("You have made no decision to take back.")
    if why == GAME_OVER:
        return t("The game is over: nothing can be taken back.")
    if why == OTHER_ACTED:
        return t("Another player has acted since your last decision, so it cannot be taken back.")
    if why == REVEALED:
        return t("Your last decision showed you something that was hidden, so it cannot be taken back.")
    return t("That cannot be taken back.")


# The shipped themes (package data) and Textual's form of each, read once a process: every session of a
# server would otherwise parse their TOML files again (several ms of the server's loop each time).
_SHIPPED: list[tuple[Theme, Any]] = []
# Textual works a theme's CSS variables out (a colour system of some 150 shades) for each app; the result
# depends only on the theme (and our fixed defaults), so the apps of a process share it, keyed by the
# theme's fields (a user's theme file read again is the same key; an edited one is a new key).
_CSS_VARIABLES: dict[str, dict[str, str]] = {}
HUMAN = 0  # the local player always sits in seat 0 (first to choose in round 1)
CSS_CACHE = "css-rules.pickle"  # in the cache folder: see css_cache.py
THEME_CACHE = "themes.marshal"  # in the cache folder: see theme_cache.py
LAST_GAME = "last-game.json"  # the last finished game, next to the game in progress, for `citadels review`


def theme_choices(home: Path | None = None) -> tuple[list[str], list[str]]:
    """The themes a session may be started with: ours (shipped, then the player's own files), and
    Textual's own, which still work when named."""
    from textual.theme import BUILTIN_THEMES

    ours = [th.name for th in builtin_themes()]
    ours += [th.name for th in user_themes(config_dir(home) / "themes")[0] if th.name not in ours]
    return ours, list(BUILTIN_THEMES)


def fresh_seed() -> int:
    """A new game's seed from the OS's randomness (as `secrets.randbelow`, without importing `secrets`:
    its hmac/OpenSSL imports cost a few ms of every start)."""
    return SystemRandom().randrange(2**31)


class CitadelsApp(App[int]):
    TITLE = "Citadels"
    ENABLE_COMMAND_PALETTE = False  # its system commands (screenshot …) would act on an SSH server's disk
    GAME_DEPTH = 2  # the game screen's place in the screen stack (the lobby app has the lobby below it)
    # Whether a plain start's game screen is the first screen (get_default_screen): not in the apps made
    # from this one that start with another screen (the lobby, a replay, a review).
    GAME_FIRST = True
    # With NO_COLOR no colour is written at all (get_line_filters), so what colour marks elsewhere (the
    # focused field or button, the highlighted option, the cursor) is marked by reverse video instead.
    CSS = """
    App:nocolor Input > .input--cursor { text-style: reverse; }
    App:nocolor Select:focus > SelectCurrent { text-style: reverse; }
    App:nocolor Button:focus { text-style: reverse bold; }
    App:nocolor OptionList > .option-list--option-highlighted { text-style: reverse; }
    App:nocolor SelectOverlay > .option-list--option-highlighted { text-style: reverse; }
    App:nocolor DataTable > .datatable--cursor { text-style: reverse; }
    """

    def __init__(
        self,
        *,
        home: Path | None = None,
        resume: bool = False,
        seed: int | None = None,
        theme: str | None = None,
        pace: float | None = None,
        seat: Seat | None = None,
        lang: str | None = None,
        edition: str | None = None,
        shorter: bool | None = None,
        position: str | None = None,
        position_seat: int | None = None,
        position_bots: str | Sequence[str] = "normal",
        players: int | None = None,
        bots: Sequence[str] | None = None,
    ) -> None:
        """`seat`: play at a table hosted elsewhere (the SSH server); its host runs the bots and keeps
        the record, and this app neither saves nor starts games. `edition`, `shorter`, `players`, `bots`
        (a level for each other seat): of the first new game (else the settings'). `position`: start from
        this position instead (docs/position.md), played from `position_seat` (default: the seat whose
        decision is open) against `position_bots` (one level for every bot, or one for each)."""
        css_cache.install()
        # Textual's own __init__ works out the CSS variables of its default theme (a colour system of
        # some 150 shades, ~1 ms) for a stylesheet that `theme_early` gives ours before anything is parsed.
        self._variables_later = True
        super().__init__()
        self._variables_later = False
        self.hosted_seat = seat
        self.owns_table = False
        self.home = home
        self.want_resume = resume
        self.seed = seed
        self.edition_request = edition
        self.shorter_request = shorter
        self.players_request = players
        self.bots_request = None if bots is None else tuple(bots)
        self.position = position
        self.position_seat = position_seat
        self.position_bots = position_bots
        self.notes: list[tuple[str, bool]] = []  # (sentence, alert) for the story once it shows
        self.settings, msg = load_settings(home)
        # A broken settings file stays untouched for the whole session: we never write over it.
        self.settings_writable = msg is None
        if msg:
            self.notes.append((msg, True))
        if pace is not None:
            self.settings.bot_pace = pace
        # --lang, then the settings, then the locale. The language is this app's own (see i18n.py).
        # A resumed game is shown again in the language and theme it was saved in, unless this session
        # asked for others (--lang, --theme).
        self.lang_flag = normalize(lang)
        set_language(self.lang_flag or normalize(self.settings.language) or from_environment(), self)
        self.theme_flag = theme
        self.theme_request = theme or self.settings.theme
        self.game_themes: dict[str, Theme] = {}  # ours (shipped, then the user's), by name
        self.user_theme_dir = config_dir(home) / "themes"
        self.theme_errors: list[Lazy] = []  # one sentence per user theme file that could not be used
        self._register_game_themes()
        self.theme_early()
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.game_screen: GameScreen | None = None
        # A plain start's game screen is made as Textual's first screen (get_default_screen), which reads
        # the save folder before `on_mount` does: what it read, for `on_mount`.
        self._save_read: tuple[Saved | None, str | None] | None = None
        self._first_screen = False
        self.save_path: Path | None = None
        self.farewell = ""  # said as the app exits (quitting a saved game)
        self._ended = False
        self.saver = BackgroundSaver()
        # Set by `run`: the garbage collector is off for the start and goes back on with the first screen.
        self.collector_paused = False
        # Set by `run`: where the parsed CSS is kept for the next start (saved once the first screen shows).
        self.css_cache_file: Path | None = None
        # Set by `run` when the shipped themes' kept data could not be used: written once the first screen shows.
        self.theme_cache_file: Path | None = None
        # A hint's search: playouts, and a time cap (None: none, so that the same position gets the same hint).
        self.hint_budget: tuple[int, float | None] = (HINT_PLAYOUTS, HINT_SECONDS)

    def get_theme(self, theme_name: str) -> Any:
        # Textual's copies every registered theme into a new dict at each call, and it is called a few
        # hundred times while the first frame is drawn (`current_theme`, for each colour it resolves).
        # A single name is looked up directly; Textual's own still reads a comma-separated list.
        # (Private Textual API: pyproject pins textual exactly.)
        if "," in theme_name:
            return super().get_theme(theme_name)
        return self._registered_themes.get(theme_name.strip())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **THEME_VARIABLE_DEFAULTS}

    def get_line_filters(self) -> Sequence[LineFilter]:
        """With NO_COLOR set (Textual's `no_color`), the screen is written without any colour code."""
        filters = super().get_line_filters()
        return [*filters, COLOURLESS] if self.no_color else filters

    # ------------------------------------------------------------ start

    def get_css_variables(self) -> dict[str, str]:
        if self._variables_later:
            return {}  # set by `theme_early`, before the CSS is first parsed
        # What they are made from: the theme and the defaults of the game's own variables.
        key = repr((self.current_theme, sorted(self.get_theme_variable_defaults().items())))
        variables = _CSS_VARIABLES.get(key)
        if variables is None:
            variables = css_cache.variables(key)  # kept on disk by an earlier start (the local app)
            if variables is None:
                variables = dict(super().get_css_variables())
                css_cache.keep_variables(key, variables)
            _CSS_VARIABLES[key] = variables
        # A copy each (the app keeps it, as Textual's own does, and its stylesheet too).
        self.theme_variables = dict(variables)
        return self.theme_variables

    def _register_game_themes(self) -> None:
        if not _SHIPPED:
            _SHIPPED.extend((th, th.to_textual_theme()) for th in builtin_themes())
        for th, textual_theme in _SHIPPED:
            self.register_theme(textual_theme)
            self.game_themes[th.name] = th
        found, errors = user_themes(self.user_theme_dir)
        for th in found:
            # A user's file may reuse a shipped name to change it; it then replaces the shipped theme.
            self.register_theme(th.to_textual_theme())
            self.game_themes[th.name] = th
        for err in errors:
            # Told once the app runs, in its language (`__init__` runs outside the app's context).
            self.theme_errors.append(lazy_t("Theme file {e}. It was skipped.", e=err))

    def theme_early(self) -> None:
        """Take the requested theme before the CSS is first parsed, when it is known to exist.

        Else Textual parses and applies all the CSS twice as the app starts: with its default theme, then
        with ours once `on_mount` sets it. `on_mount` still sets it (then a no-op), and tells the player
        when there is no such theme."""
        name = (self.theme_request or DEFAULT_THEME).strip().lower()
        if name in self.available_themes and name != self.theme:
            self.theme = name
        self.stylesheet.set_variables(self.get_css_variables())

    def get_default_screen(self) -> Screen[Any]:
        """A plain new game's screen is Textual's first screen itself, not pushed over an empty default one:
        a screen more costs every start some 36 M instructions (~3%). Only when nothing is to be said or
        asked first (a theme error, a saved game or a broken save file, a position, a hosted seat): those
        starts go through `on_mount` as before."""
        if (
            self.GAME_FIRST
            and self.hosted_seat is None
            and self.position is None
            and not self.theme_errors
            # a known theme, which theme_early has set: on_mount would say nothing about it
            and (self.theme_request or DEFAULT_THEME).strip().lower() in self.available_themes
            and not self.want_resume
        ):
            self._save_read = read_save(self.home)
            if self._save_read == (None, None):
                self._first_screen = True
                self.new_game(seed=self.seed)
                self._first_screen = False
                screen = self.game_screen
                if screen is not None:
                    # What push_screen does for a pushed screen (private Textual API: pyproject pins
                    # textual): its CSS files loaded, and a result callback, which a later switch_screen
                    # (a new game, another language) pops from the screen it replaces.
                    self._load_screen_css(screen)
                    screen._push_result_callback(self, None)  # noqa: SLF001
                    return screen
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self.game_screen is not None and self.screen_stack[0] is self.game_screen:
            return  # the game screen is the first screen (get_default_screen): nothing else to do
        for lazy in self.theme_errors:
            # In the story (kept) and as a notification (seen even on the new-game screen).
            err = str(lazy)
            self.notes.append((err, True))
            self.notify(err, title=t("Theme"), severity="error", timeout=10)
        # Quiet: `--theme` is for this session only; the settings keep the theme chosen in the app.
        if not self._set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
            self.theme = DEFAULT_THEME
        if self.hosted_seat is not None:
            self.attach(self.hosted_seat, owned=False)
            return
        if self.position is not None:
            # "Win from here": the saved game, if any, is left as it is for another time.
            self.play_position(self.position, self.position_seat, self.position_bots, self.seed)
            return
        saved, msg = self._save_read if self._save_read is not None else read_save(self.home)
        if msg:
            self.notes.append((msg, True))
        if self.want_resume:
            if saved is not None:
                self.resume(saved)
                return
            self.notes.append((t("There is no saved game to resume; here is a new one."), True))
        elif saved is not None:
            g = saved.record.replay(record_events=False)
            summary = tn(
                "round {r}, {p} players, {n} move played.",
                "round {r}, {p} players, {n} moves played.",
                len(saved.record.actions),
                r=g.round,
                p=g.players,
            )

            def answer(yes: bool | None) -> None:
                if yes:
                    self.resume(saved)
                else:
                    self.new_game()

            from .components.resume_screen import ResumeScreen

            resume_screen = ResumeScreen(summary)
            self.push_screen(resume_screen, answer)
            self.call_after_refresh(self._started, resume_screen)
            return
        self.new_game(seed=self.seed)

    def new_game(self, spec: NewGame | None = None, seed: int | None = None) -> None:
        s = self.settings
        if spec is None:
            edition = self.edition_request or s.edition
            shorter = edition == "classic" and (
                s.shorter if self.shorter_request is None else self.shorter_request
            )
            players = self.players_request or s.players
            try:
                cfg = GameConfig.create(
                    players,
                    cast=cast_choice(s, edition),
                    districts=districts_choice(s, edition),
                    names=bot_names(s.name, players),
                    edition=edition,
                    shorter=shorter,
                )
            except (ConfigError, KeyError) as e:
                from .errors import error_text  # imported when first needed, not at every start

                self.notes.append(
                    (
                        t(
                            "The saved set-up cannot be used ({e}); playing the first game.",
                            e=error_text(e),
                        ),
                        True,
                    )
                )
                cfg = GameConfig.create(
                    4,
                    names=bot_names(s.name, 4),
                    edition=edition,
                    cast=default_preset(edition),
                    districts=default_preset(edition),
                )
            bots = tuple(s.bots[: cfg.players - 1])
            if self.bots_request is not None and len(self.bots_request) == cfg.players - 1:
                bots = self.bots_request
        else:
            cfg, bots, seed = spec.config, spec.bots, spec.seed
        if seed is None:
            seed = fresh_seed()
        record = GameRecord(cfg, seed, [])
        if why := rank9_reason(cfg):
            self.notes.append((why, False))
        self.notes.append(
            (
                t(
                    "Type the number of an option, or a command such as “choose king”; "
                    "“help” explains the rest."
                ),
                False,
            )
        )
        self.start(record, {i + 1: b for i, b in enumerate(bots)}, save_target(self.home))

    def resume(self, saved: Saved) -> None:
        code = normalize(saved.language)
        if code and not self.lang_flag and code != language():
            set_language(code, self)
        if saved.theme and not self.theme_flag and saved.theme in self.available_themes:
            self.theme = saved.theme  # not written to the settings: the game's look, not a new choice
        n = saved.record.config.players
        bots = saved.bots or {i: self.settings.bots[i - 1] for i in range(1, n)}
        self.start(saved.record, bots, saved.path)
        self.notes.append((t("Welcome back: the saved game continues."), False))

    def play_position(
        self,
        text: str,
        seat: int | None = None,
        level: str | Sequence[str] = "normal",
        seed: int | None = None,
    ) -> None:
        """Play from the position `text` (checked: PositionError if refused) as `seat` (default: whoever
        must decide now), every other seat a bot of `level` (or of each level in turn, one a seat). Not
        saved: a save replays a game from its deal."""
        from citadels_core.position import from_position  # only for "win from here": not at every start

        game = from_position(text, record_events=False)
        human = position_player(game) if seat is None else seat
        record = GameRecord(game.config, fresh_seed() if seed is None else seed, [])
        others = [p for p in range(game.players) if p != human]
        levels = [level] * len(others) if isinstance(level, str) else list(level)
        bots = dict(zip(others, levels, strict=True))
        self.save_path = None
        table = Table(record, bots, self.settings.bot_pace, start=text, bots_later=True)
        from citadels_core.bots import LEVELS

        # A level with a budget (hard:800) is shown as typed.
        shown = ", ".join(dict.fromkeys(t(b) if b in LEVELS else b for b in levels))
        self.notes.append(
            (
                t(
                    "From the position given: you play {p}; the other seats are bots ({b}). This game "
                    "is not saved.",
                    p=game.config.names[human],
                    b=shown,
                ),
                False,
            )
        )
        self.attach(table.seat(human), owned=True)

    def start(self, record: GameRecord, bots: dict[int, str], path: Path) -> None:
        """Play a game of our own: a Table this app owns, runs and saves."""
        self.save_path = path
        table = Table(record, bots, self.settings.bot_pace, SaveFile(self._autosave), bots_later=True)
        self.attach(table.seat(HUMAN), owned=True)

    def attach(self, seat: Seat, owned: bool) -> None:
        """Show `seat`'s game. An owned table is run (bots) by this app; a hosted one by its host."""
        if self.table is not None:
            self.table.unsubscribe(self._table_changed)
            if self.owns_table:
                self.table.close()
        self.table = table = seat.table
        self.seat = seat
        self.owns_table = owned
        table.subscribe(self._table_changed)
        self._ended = False
        screen = self.make_game_screen(seat)
        if self.game_screen is None:
            if not self._first_screen:  # else get_default_screen makes it the first screen
                self.push_screen(screen)
            self.call_after_refresh(self._started, screen)
        else:
            self._back_to_game()
            self.switch_screen(screen)
        self.game_screen = screen
        self.call_after_refresh(self._flush_notes)
        if owned:
            # The bots are made once the screen is drawn (at a start, its first frame: Table's `bots_later`),
            # or when one must move, if that comes first.
            self.call_after_refresh(table.make_bots)
            self.run_worker(table.run(), group="table", exclusive=True, exit_on_error=False)
        if table.game.over:
            self.call_after_refresh(self._game_over)

    def _back_to_game(self) -> None:
        """Close the screens above the game's (a form, the help …), so that a switch replaces the game's. It
        is the first screen of a plain start (`get_default_screen`), else at `GAME_DEPTH`."""
        if self.game_screen is not None and self.game_screen in self.screen_stack:
            while self.screen is not self.game_screen:
                self.pop_screen()
            return
        while len(self.screen_stack) > self.GAME_DEPTH:
            self.pop_screen()

    def _started(self, screen: Screen[Any]) -> None:
        """The first screen is shown: the garbage collector, paused by `run` for the start, goes on."""
        if screen in self.screen_stack and not (screen.is_mounted and screen.children):
            self.call_after_refresh(self._started, screen)  # not composed yet: after its first paint
            return
        # What reading a typed command needs, left out of the start (it draws nothing): loaded now that
        # the first frame is out, before the player's first command (or a key pressed meanwhile) needs it.
        import citadels_tui.commands  # noqa: F401

        if self.collector_paused:
            self.collector_paused = False
            gc.freeze()  # what the start made lives as long as the app: collections need not scan it again
            gc.enable()
        if self.css_cache_file is not None:
            # After the first frame is written, not before: the next start reads what this one parsed.
            self.call_later(css_cache.save, self.css_cache_file)
            self.css_cache_file = None
        if self.theme_cache_file is not None:
            self.call_later(theme_cache.save, self.theme_cache_file)
            self.theme_cache_file = None

    def make_game_screen(self, seat: Seat) -> GameScreen:
        return GameScreen(seat)

    def _flush_notes(self) -> None:
        if self.game_screen is None:
            return
        from .components.log_pane import LogPane

        found = self.game_screen.query(LogPane)
        if not found:
            self.call_after_refresh(self._flush_notes)  # the screen is not composed yet: its story soon is
            return
        log = found.first()
        for text, alert in self.notes:
            log.say(text, alert)
        self.notes.clear()

    def _autosave(self, record: GameRecord) -> None:
        if self.save_path is not None:
            self.saver.save(
                record, self.save_path, self.table.bot_kinds if self.table else None, **self._shown()
            )
            if self.saver.error:
                raise OSError(self.saver.error)

    def _shown(self) -> dict[str, str]:
        """How the game is shown now, kept in its save so that it resumes the same."""
        return {"language": language(), "theme": self.theme}

    def _save_shown(self) -> None:
        """Save the game in progress again once its language or theme changes: `--resume` shows it as it
        was last shown, even when no move was made since."""
        if self.table is not None and self.save_path is not None and self.owns_table and not self._ended:
            self.saver.save(self.table.record, self.save_path, self.table.bot_kinds, **self._shown())

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.unsubscribe(self._table_changed)
            if self.owns_table:
                self.table.close()
        self.saver.close()  # every queued save reaches the disk before the app is gone

    # ------------------------------------------------------------ table changes

    def _table_changed(self) -> None:
        # Called on the loop by the table; a message keeps the redraw in this app's own context.
        self.post_message(TableChanged())

    def on_table_changed(self, message: TableChanged) -> None:
        if self.game_screen is not None and self.game_screen.is_attached:
            self.game_screen.refresh_view()
        if self.table is not None and self.table.game.over and not self._ended:
            self._game_over()

    def _game_over(self) -> None:
        if self.table is None or self._ended:
            return
        self._ended = True
        if self.save_path is not None and self.owns_table:
            self.saver.remove(self.save_path)  # a finished game is not offered for resuming
            self._keep_finished()
        self.show_results()

    def _keep_finished(self) -> None:
        """Keep the finished game in `last-game.json`, so that `citadels review` can show it later."""
        assert self.table is not None and self.save_path is not None
        path = self.save_path.with_name(LAST_GAME)
        self.saver.save(self.table.record, path, self.table.bot_kinds, **self._shown())
        self.notes.append(
            (t("This game is kept in {p}: “citadels review {p}” shows its review later.", p=path), False)
        )
        self.call_after_refresh(self._flush_notes)

    def watching(self) -> bool:
        """Whether this app only watches the game (a spectator): offered the lobby, not another game."""
        return False

    def show_results(self) -> None:
        """The end screen (again, after it was closed onto the board); before the end, a sentence."""
        if self.table is None or not self.table.game.over:
            self._say(t("The game is not over yet: the results come at its end."), alert=True)
            return
        from .components.end_screen import EndScreen

        if any(isinstance(s, EndScreen) for s in self.screen_stack):
            return
        g = self.table.game
        assert g.result is not None
        me = self.seat.player if self.seat is not None else None
        # A game from a position has no review: a review replays the game from its deal.
        record = self.table.record if self.table.start is None else None
        self.push_screen(
            EndScreen(g.config, g.result, me, watching=self.watching(), record=record), self._end_chosen
        )

    def show_review(self) -> None:
        """The review of the game just finished, over the board."""
        if self.table is None or not self.table.game.over:
            self._say(t("The game is not over yet: its review comes at its end."), alert=True)
            return
        if self.table.start is not None:
            self._say(
                t("A game played from a position has no review: a review follows a game from its deal."),
                alert=True,
            )
            return
        from .components.review_screen import ReviewScreen

        self.push_screen(ReviewScreen(self.table.record, self.seat.player if self.seat is not None else None))

    def _end_chosen(self, choice: str | None) -> None:
        if choice == "board":
            self._say(
                t("The final board. F7 or “results” shows the end of the game again; “review” its review.")
            )
        elif choice == "again" and self.hosted_seat is None:
            self.new_game()
        else:
            self.exit(0)

    # ------------------------------------------------------------ app commands

    def on_app_request(self, message: AppRequest) -> None:
        name, arg = message.name, message.arg
        if name == "quit":
            # Left in the middle of a local game: said on the way out, the game waits to be resumed.
            self.farewell = (
                t("The game is saved: citadels --resume goes on with it.") if self.game_is_saved() else ""
            )
            self.exit(0, message=self.farewell or None)
        elif name == "results":
            self.show_results()
        elif name == "review":
            self.show_review()
        elif name == "help":
            # Imported when first asked for: the Markdown widget is the slowest import of the app.
            from .components.help_screen import HelpScreen

            cfg = self.table.config if self.table else GameConfig.create(4)
            self.push_screen(HelpScreen(cfg, arg))
        elif name == "new" and self.hosted_seat is not None:
            self._say(t("This table is hosted: new games start from the lobby."), alert=True)
        elif name == "new":

            def started(spec: NewGame | None) -> None:
                if spec is not None:
                    self._remember(spec)
                    self.new_game(spec)

            from .components.new_game_screen import NewGameScreen

            self.push_screen(
                NewGameScreen(self.settings, self.edition_request or self.settings.edition), started
            )
        elif name == "save":
            if self.table is not None and self.save_path is not None:
                try:
                    self.saver.flush()
                    write_save(self.table.record, self.save_path, self.table.bot_kinds, **self._shown())
                    self._say(t("Saved to {p}. (The game is also saved after every move.)", p=self.save_path))
                except OSError as e:
                    self._say(t("The game could not be saved: {e}.", e=e.strerror or e), alert=True)
            elif self.table is not None and self.table.start is not None:
                self._say(
                    t("A game played from a position is not saved: start it again with the same --position."),
                    alert=True,
                )
        elif name == "theme":
            self._set_theme(arg)
        elif name == "settings":
            from .components.settings_screen import SettingsScreen

            listed = [(n, th.description) for n, th in self.game_themes.items()]
            if self.theme not in self.game_themes:
                listed.append((self.theme, ""))
            user_dir = "" if self.hosted_seat is not None else str(self.user_theme_dir)
            self.push_screen(
                SettingsScreen(listed, self.theme, self._set_theme, user_dir, self._set_language)
            )
        elif name == "pace":
            self._set_pace(arg)
        elif name == "undo":
            self._take_back()
        elif name == "share":
            self._share()
        elif name == "lang":
            self._set_language(arg)

    def _share(self) -> None:
        """`share`: the game as one line in the story, copied too where the terminal allows it (OSC 52)."""
        if self.table is None:
            self._say(t("There is no game to share yet."), alert=True)
            return
        if self.hosted_seat is not None and not self.table.game.over:
            # The line holds the seed, and with it every hidden card: at a shared table it waits for the end.
            self._say(
                t(
                    "At a hosted table the game's line is shared once the game is over: it shows every "
                    "hidden card."
                ),
                alert=True,
            )
            return
        if self.table.start is not None:
            self._say(
                t("A game played from a position has no game line: a line replays a game from its deal."),
                alert=True,
            )
            return
        from citadels_core.gameline import encode

        from .components.share_screen import ShareScreen

        line = encode(self.table.record, self.table.bot_kinds)
        # On a screen of its own: in the story it would share its rows with the margin and the scrollbar,
        # and a copy made from the screen would take them in. The screen copies it too (OSC 52).
        self.push_screen(ShareScreen(line, self._line_to_file()))
        self._say(t("The game as one line is on a screen of its own (Esc closes it); it is copied as well."))

    def _line_to_file(self) -> str:
        """The command that writes this game's line to a file, for a game saved on this machine."""
        if self.table is None or not self.owns_table or self.hosted_seat is not None:
            return ""
        if self.save_path is not None and not self.table.game.over:
            path = self.save_path
        elif self.save_path is not None:
            path = self.save_path.with_name(LAST_GAME)  # where a finished game is kept
        else:
            return ""
        import shlex

        return f"citadels replay {shlex.quote(str(path))} --line > game-line.txt"

    def _take_back(self) -> None:
        """`undo`: take back your last decision, or say in one sentence why not."""
        if self.hosted_seat is not None or not self.owns_table or self.table is None:
            self._say(
                t("Decisions cannot be taken back at a hosted table: only in a local game against bots."),
                alert=True,
            )
            return
        player = self.seat.player if self.seat is not None else None
        if player is None:
            self._say(t("You have made no decision to take back."), alert=True)
            return
        why, action = self.table.take_back(player)
        if action is None:
            self._say(take_back_refused(why), alert=True)
            return
        if self.game_screen is not None:
            self.game_screen.taken_back()
        cfg = self.table.config
        self._say(t("Taken back: {a}. Decide again.", a=describe(cfg, view(self.table.game, player), action)))

    def game_is_saved(self) -> bool:
        """A local game under way, saved after every move: leaving now loses nothing."""
        return (
            self.table is not None
            and self.save_path is not None
            and self.owns_table
            and bool(self.table.record.actions)
            and not self.table.game.over
        )

    def _tell(self, text: str, alert: bool) -> None:
        """Into the story now, or as soon as there is one."""
        if self.game_screen is None:
            self.notes.append((text, alert))
        else:
            self._say(text, alert)

    def _say(self, text: str, alert: bool = False) -> None:
        if self.game_screen is not None:
            from .components.log_pane import LogPane

            self.game_screen.query_one(LogPane).say(text, alert)

    def theme_names(self) -> list[str]:
        """Our themes first (shipped, then the user's); Textual's own still work when named."""
        return list(self.game_themes)

    def _set_theme(self, name: str, quiet: bool = False) -> bool:
        """Switch to theme `name` (live) and remember it unless `quiet`; False when there is no such theme."""
        name = name.strip().lower()
        themes = self.theme_names()
        if not name:
            msg = t("Themes: {t} (now {c}).", t=", ".join(themes), c=self.theme)
            self._tell(msg, alert=False)
            return True
        if name not in self.available_themes:
            msg = t("There is no theme called {n}; known: {t}.", n=name, t=", ".join(themes))
            self._tell(msg, alert=True)
            return False
        self.theme = name
        if not quiet:
            self.settings.theme = name
            self._write_settings()
            self._save_shown()
            self._tell(t("Theme: {n}.", n=name), alert=False)
        return True

    def _set_pace(self, arg: str) -> None:
        try:
            pace = float(arg.replace(",", "."))
            if not 0 <= pace <= 10:
                raise ValueError
        except ValueError:
            self._say(
                t("The pace is a number of seconds from 0 to 10 (now {p:g}).", p=self.settings.bot_pace),
                alert=True,
            )
            return
        self.settings.bot_pace = pace
        if self.table is not None:
            self.table.pace = pace
        self._say(t("Each bot move now stays {p:g} seconds on screen.", p=pace))
        self._write_settings()

    def _set_language(self, arg: str) -> None:
        """Switch the language now: the game screen is built again, its story told again in it."""
        codes = ", ".join(available())
        if not arg:
            self._say(t("Languages: {l}.", l=codes))
            return
        code = normalize(arg)
        if code is None:
            self._say(t("There is no language called {n}; known: {l}.", n=arg, l=codes), alert=True)
            return
        set_language(code, self)  # this app's language only: other SSH sessions keep theirs
        self.settings.language = code
        self._write_settings()
        self._save_shown()
        self._relabel()

    def _relabel(self) -> None:
        """Show everything again in the app's (new) language: the game screen is built again."""
        if self.seat is not None and self.game_screen is not None:
            screen = self.make_game_screen(self.seat)
            self._back_to_game()
            self.switch_screen(screen)
            self.game_screen = screen
        # The new screen composes after this message: the sentence waits for it.
        self.notes.append((t("Language: {l}.", l=language()), False))
        self.call_after_refresh(self._flush_notes)

    def _remember(self, spec: NewGame) -> None:
        s = self.settings
        s.name = spec.config.names[HUMAN]
        s.players = spec.config.players
        s.cast, s.districts = spec.cast_preset, spec.district_preset
        # A custom list is kept even when a preset is chosen later: the form offers it again.
        s.custom_cast = spec.custom_cast or s.custom_cast
        s.custom_districts = spec.custom_districts or s.custom_districts
        s.edition, s.shorter = spec.config.edition, spec.config.shorter
        # The form's choice now rules the next games.
        self.edition_request = self.shorter_request = self.players_request = self.bots_request = None
        s.bots = (list(spec.bots) + s.bots[len(spec.bots) :])[:7]
        self._write_settings()

    def _write_settings(self) -> None:
        if not self.settings_writable:
            return
        try:
            save_settings(self.settings, self.home)
        except OSError as e:
            self._say(t("The settings could not be saved: {e}.", e=e.strerror or e), alert=True)


def position_player(game: Game) -> int:
    """Who plays a game started from a position: the seat whose decision is open."""
    pending = game.pending()
    return pending[0] if pending is not None else HUMAN


def run(
    resume: bool = False,
    seed: int | None = None,
    theme: str | None = None,
    lang: str | None = None,
    edition: str | None = None,
    shorter: bool | None = None,
    position: str | None = None,
    position_seat: int | None = None,
    position_bots: str | Sequence[str] = "normal",
    players: int | None = None,
    bots: Sequence[str] | None = None,
) -> int:
    """Play in this terminal; the exit code for the `citadels` command.

    The start makes some sixty thousand objects that live as long as the app: collecting garbage meanwhile
    would only scan them again and again (a sixth of the start's CPU), so the collector is off until the
    first screen is shown (`citadels` turns it off before it imports the app). The CSS parsed by the last
    start is read back from the cache folder (`css_cache.load`) rather than parsed again, and so are the
    shipped themes (`theme_cache.load`)."""
    gc.disable()
    cache = cache_dir()
    css_file = cache / CSS_CACHE
    css_cache.install()
    css_cache.load(css_file)
    theme_file = cache / THEME_CACHE
    keep_themes = False  # whether the kept themes could not be used: written anew after the first frame
    if not _SHIPPED:
        shipped = theme_cache.load(theme_file)
        if shipped is None:
            keep_themes = True
        else:
            _SHIPPED.extend((th, th.to_textual_theme()) for th in shipped)
    app = CitadelsApp(
        resume=resume,
        seed=seed,
        theme=theme,
        lang=lang,
        edition=edition,
        shorter=shorter,
        position=position,
        position_seat=position_seat,
        position_bots=position_bots,
        players=players,
        bots=bots,
    )
    app.collector_paused = True
    app.css_cache_file = css_file
    if keep_themes:
        app.theme_cache_file = theme_file
    result = app.run()
    css_cache.save(css_file)  # what was parsed after the start (another theme chosen …), for next time
    return result if isinstance(result, int) else 0


def ssh_app_factory(info: Any, hub: Any) -> App[int]:
    """The app for one SSH session (`info` is the server's SessionInfo: name, key_fingerprint, …).

    `hub` holds every table of the server (a `citadels_tui.lobby.Lobby`): the server passes its own, built
    with its settings (`citadels_server.game`). Imported here, not at the top: the local game never needs
    the lobby."""
    from .lobby_app import LobbyApp

    return LobbyApp(info, hub)
