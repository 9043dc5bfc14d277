"""The Citadels app: one Table, your Seat in it, and the screens around the game.

`citadels` alone starts at once (you against three `normal` bots, the first-game set, a fresh seed);
a saved game is offered first when there is one, or resumed directly with `--resume`."""

from __future__ import annotations

import gc
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from random import SystemRandom
from typing import TYPE_CHECKING, Any, TypedDict

from textual.screen import Screen

from citadels_core import Game
from citadels_core.record import GameRecord
from citadels_themes import DEFAULT_THEME

from . import css_cache, theme_cache
from .app_commands import COMMANDS
from .components.game_screen import AppRequest, GameScreen
from .components.log_pane import LogPane
from .components.messages import TableChanged
from .game_app import Board
from .game_setup import NewGame, rank9_reason
from .i18n import available, from_environment, language, normalize, set_language, t, tn
from .journal import SaveFile
from .paths import config_dir
from .ringer import Ringer, changed, describe, in_tmux
from .saves import BackgroundSaver, Saved, read_save, save_target
from .searches import HINT_PLAYOUTS, HINT_SECONDS
from .settings import load_settings, new_game_of, save_settings
from .table import Seat, Table
from .themed_app import ThemedApp

if TYPE_CHECKING:
    from typing import Unpack

HUMAN = 0  # the local player always sits in seat 0 (first to choose in round 1)
LAST_GAME = "last-game.json"  # the last finished game, next to the game in progress, for `citadels review`


def fresh_seed() -> int:
    """A new game's seed from the OS's randomness (as `secrets.randbelow`, without importing `secrets`:
    its hmac/OpenSSL imports cost a few ms of every start)."""
    return SystemRandom().randrange(2**31)


class StartOptions(TypedDict, total=False):
    """How a session of the app starts, as `citadels` (play) asks: each left out has its default."""

    resume: bool  # the saved game at once, without asking (default: asked when there is one)
    seed: int | None  # of the first new game (default: a fresh one)
    theme: str | None  # --theme: over the settings', and over a resumed game's own
    lang: str | None  # --lang: over the settings', the locale's and a resumed game's own
    # Of the first new game (else the settings'): `bots` is a level for each other seat.
    edition: str | None
    shorter: bool | None
    players: int | None
    bots: Sequence[str] | None
    # Start from this position instead (docs/position.md), played from `position_seat` (default: the seat
    # whose decision is open) against `position_bots` (one level for every bot, or one for each; "normal").
    position: str | None
    position_seat: int | None
    position_bots: str | Sequence[str]


class CitadelsApp(ThemedApp):
    TITLE = "Citadels"
    ENABLE_COMMAND_PALETTE = False  # its system commands (screenshot …) would act on an SSH server's disk
    GAME_DEPTH = 2  # the game screen's place in the screen stack (the lobby app has the lobby below it)
    # Whether a plain start's game screen is the first screen (get_default_screen): not in the apps made
    # from this one that start with another screen (the lobby, a replay, a review).
    GAME_FIRST = True

    def __init__(
        self,
        *,
        home: Path | None = None,
        pace: float | None = None,
        seat: Seat | None = None,
        **start: Unpack[StartOptions],
    ) -> None:
        """`seat`: play at a table hosted elsewhere (the SSH server); its host runs the bots and keeps
        the record, and this app neither saves nor starts games. `start`: how this session starts
        (StartOptions)."""
        super().__init__(config_dir(home) / "themes")
        self.hosted_seat = seat
        self.owns_table = False
        self.home = home
        self.want_resume = start.get("resume", False)
        self.seed = start.get("seed")
        self.edition_request = start.get("edition")
        self.shorter_request = start.get("shorter")
        self.players_request = start.get("players")
        bots = start.get("bots")
        self.bots_request = None if bots is None else tuple(bots)
        self.position = start.get("position")
        self.position_seat = start.get("position_seat")
        self.position_bots = start.get("position_bots", "normal")
        self.notes: list[tuple[str, bool]] = []  # (sentence, alert) for the story once it shows
        self.settings, msg = load_settings(home)
        # A broken settings file stays untouched for the whole session: we never write over it.
        self.settings_writable = msg is None
        if msg:
            self.notes.append((msg, True))
        if pace is not None:
            self.settings.bot_pace = pace
        self.ringer = Ringer(
            self.write_to_terminal,
            in_tmux(os.environ.get("TERM"), dict(os.environ)),
            self.settings.ring,
            self.settings.ring_with,
        )
        self.my_turn = False  # the decision open is this app's seat's (its ring is rung once)
        # --lang, then the settings, then the locale. The language is this app's own (see i18n.py).
        # A resumed game is shown again in the language and theme it was saved in, unless this session
        # asked for others (--lang, --theme).
        self.lang_flag = normalize(start.get("lang"))
        set_language(self.lang_flag or normalize(self.settings.language) or from_environment(), self)
        theme = start.get("theme")
        self.theme_flag = theme
        self.theme_request = theme or self.settings.theme
        self.register_game_themes()
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

    # ------------------------------------------------------------ start

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
        if not self.set_theme(self.theme_request or DEFAULT_THEME, quiet=True):
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
        if spec is None:
            cfg, bots, problem = new_game_of(
                self.settings,
                self.edition_request,
                self.shorter_request,
                self.players_request,
                self.bots_request,
            )
            if problem:
                self.notes.append((problem, True))
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
        self.my_turn = False
        self.call_after_refresh(self.ring_for_turn)
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
                record, self.save_path, self.table.bot_kinds if self.table else None, **self.shown()
            )
            if self.saver.error:
                raise OSError(self.saver.error)

    def shown(self) -> dict[str, str]:
        """How the game is shown now, kept in its save so that it resumes the same."""
        return {"language": language(), "theme": self.theme}

    def _save_shown(self) -> None:
        """Save the game in progress again once its language or theme changes: `--resume` shows it as it
        was last shown, even when no move was made since."""
        if self.table is not None and self.save_path is not None and self.owns_table and not self._ended:
            self.saver.save(self.table.record, self.save_path, self.table.bot_kinds, **self.shown())

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
        self.ring_for_turn()
        if self.table is not None and self.table.game.over and not self._ended:
            self._game_over()

    def ring_for_turn(self) -> None:
        """Ring once when a decision becomes this seat's at a hosted table, where the others' turns take long
        enough to look away (against bots at home, a turn comes back within seconds: it is not rung)."""
        if self.table is None or self.seat is None or self.seat.player is None or self.owns_table:
            return
        pending = self.table.game.pending()
        mine = pending is not None and pending[0] == self.seat.player
        if mine and not self.my_turn:
            self.ringer.ring("turn", t("Your turn"))
        elif not mine and self.my_turn:
            self.ringer.settle()
        self.my_turn = mine

    def write_to_terminal(self, text: str) -> None:
        """Write `text` to the terminal as it is, beside the screen's frames (a ring: ringer.py)."""
        if not self.is_headless and self._driver is not None:
            self._driver.write(text)

    def on_app_focus(self) -> None:
        self.ringer.focused = True

    def on_app_blur(self) -> None:
        self.ringer.focused = False

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
        self.saver.save(self.table.record, path, self.table.bot_kinds, **self.shown())
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
            self.say(t("The game is not over yet: the results come at its end."), alert=True)
            return
        from .components.end_screen import EndScreen

        if any(isinstance(s, EndScreen) for s in self.screen_stack):
            return
        g = self.table.game
        assert g.result is not None
        me = self.seat.player if self.seat is not None else None
        self.push_screen(
            EndScreen(
                g.config,
                g.result,
                me,
                watching=self.watching(),
                record=self.table.record,
                start=self.table.start,
            ),
            self._end_chosen,
        )

    def show_review(self) -> None:
        """The review of the game just finished, over the board."""
        if self.table is None or not self.table.game.over:
            self.say(t("The game is not over yet: its review comes at its end."), alert=True)
            return
        from .components.review_screen import ReviewScreen

        me = self.seat.player if self.seat is not None else None
        self.push_screen(ReviewScreen(self.table.record, me, start=self.table.start))

    def _end_chosen(self, choice: str | None) -> None:
        if choice == "board":
            self.say(
                t("The final board. F7 or “results” shows the end of the game again; “review” its review.")
            )
        elif choice == "again" and self.hosted_seat is None:
            self.new_game()
        else:
            self.exit(0)

    # ------------------------------------------------------------ app commands

    def command_on_screen(self, name: str, board: Board, arg: str) -> bool:
        """Do app command `name`'s part on the game screen `board`; False when the app's part follows."""
        command = COMMANDS.get(name)
        return command is not None and command.on_screen is not None and command.on_screen(board, arg)

    def on_app_request(self, message: AppRequest) -> None:
        command = COMMANDS.get(message.name)
        if command is not None and command.run is not None:
            command.run(self, message.arg)

    def line_to_file(self) -> str:
        """The command that writes this game's line to a file, for a game saved on this machine."""
        if self.table is None or not self.owns_table or self.hosted_seat is not None:
            return ""
        if self.save_path is not None and not self.table.game.over:
            path = self.save_path
        elif self.save_path is not None:
            path = self.save_path.with_name(LAST_GAME)  # where a finished game is kept
        else:
            return ""

        return f"citadels replay {shlex.quote(str(path))} --line > game-line.txt"

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
            self.say(text, alert)

    def say(self, text: str, alert: bool = False) -> None:
        if self.game_screen is not None:
            self.game_screen.query_one(LogPane).say(text, alert)

    def set_theme(self, name: str, quiet: bool = False) -> bool:
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
            self.write_settings()
            self._save_shown()
            self._tell(t("Theme: {n}.", n=name), alert=False)
        return True

    def set_pace(self, arg: str) -> None:
        try:
            pace = float(arg.replace(",", "."))
            if not 0 <= pace <= 10:
                raise ValueError
        except ValueError:
            self.say(
                t("The pace is a number of seconds from 0 to 10 (now {p:g}).", p=self.settings.bot_pace),
                alert=True,
            )
            return
        self.settings.bot_pace = pace
        if self.table is not None:
            self.table.pace = pace
        self.say(t("Each bot move now stays {p:g} seconds on screen.", p=pace))
        self.write_settings()

    def set_language(self, arg: str) -> None:
        """Switch the language now: the game screen is built again, its story told again in it."""
        codes = ", ".join(available())
        if not arg:
            self.say(t("Languages: {l}.", l=codes))
            return
        code = normalize(arg)
        if code is None:
            self.say(t("There is no language called {n}; known: {l}.", n=arg, l=codes), alert=True)
            return
        set_language(code, self)  # this app's language only: other SSH sessions keep theirs
        self.settings.language = code
        self.write_settings()
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

    def remember(self, spec: NewGame) -> None:
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
        self.write_settings()

    def set_ring(self, arg: str) -> None:
        """`notify`, `notify off`, `notify turn off`, `notify bell on` …: what rings, and how (ringer.py)."""
        r = self.ringer
        if arg.strip():
            new = changed(arg, r.kinds, r.ways)
            if new is None:
                self.say(
                    t(
                        "Say “notify on”, “notify off”, or a kind or a way and on or off: “notify turn off”, “notify bell on”."
                    ),
                    alert=True,
                )
                return
            self.settings.ring, self.settings.ring_with = new
            r.kinds, r.ways = set(new[0]), set(new[1])
            self.write_settings()
        self.say(describe(r.kinds, r.ways))

    def write_settings(self) -> None:
        if not self.settings_writable:
            return
        try:
            save_settings(self.settings, self.home)
        except OSError as e:
            self.say(t("The settings could not be saved: {e}.", e=e.strerror or e), alert=True)


def position_player(game: Game) -> int:
    """Who plays a game started from a position: the seat whose decision is open."""
    pending = game.pending()
    return pending[0] if pending is not None else HUMAN
