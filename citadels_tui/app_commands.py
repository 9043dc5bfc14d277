"""What the commands beside the game's actions (`help`, `new`, `quit`, `theme` …) do, in one registry.

Their words and the argument each reads are the command line's (command_words.py: `APP_WORDS`,
`APP_ARGUMENTS`), below the screens, which import the parser; what they do is the app's, above the
screens, which it opens. A command typed in a game is handed to the app (`CitadelsApp.command_on_screen`),
which does its part on the game screen first (`AppCommand.on_screen`: `look`, `hint` …); the rest comes as
an `AppRequest`, which the app carries out (`AppCommand.run`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from citadels_core import GameConfig
from citadels_core.view import View, view

from . import sentences
from .game_app import Board, GameApp
from .game_setup import NewGame
from .i18n import t
from .names import describe
from .saves import write_save


@dataclass(frozen=True, slots=True)
class AppCommand:
    """One command: `on_screen` is done by the game screen first and says whether that was all (False: the
    app's part follows); `run` is the app's part."""

    name: str
    on_screen: Callable[[Board, str], bool] | None = None
    run: Callable[[GameApp, str], None] | None = None


# ------------------------------------------------------------ on the game screen


def _told(about: Callable[[View, GameConfig, str], list[str]]) -> Callable[[Board, str], bool]:
    """A command that says a pane as sentences in the story (sentences.py)."""

    def on_screen(board: Board, arg: str) -> bool:
        board.tell(about, arg)
        return True

    return on_screen


def _who(board: Board, arg: str) -> bool:
    """`who`: the seats as sentences, a seat a bot program plays (over SSH) named so."""
    programs = board.seat.table.programs

    def who(v: View, cfg: GameConfig, arg: str) -> list[str]:
        return sentences.who(v, cfg, arg, programs)

    board.tell(who, arg)
    return True


def _skip(board: Board, arg: str) -> bool:
    board.skip()
    return True


def _hint(board: Board, arg: str) -> bool:
    board.ask_hint()
    return True


def _why(board: Board, arg: str) -> bool:
    board.explain(arg)
    return True


def _think(board: Board, arg: str) -> bool:
    board.think(arg)
    return True


def _story(board: Board, arg: str) -> bool:
    board.open_story()
    return True


def _card_shown(board: Board, arg: str) -> bool:
    """`help market`: the card is shown in the hand's pane too, and its help follows."""
    if arg:
        board.show_card(arg)
    return False


def _leave_asked(board: Board, arg: str) -> bool:
    """A typed `quit` in a game the player has acted in is asked about first."""
    return board.ask_to_leave()


# ------------------------------------------------------------ by the app


def quit_game(app: GameApp, arg: str) -> None:
    # Left in the middle of a local game: said on the way out, the game waits to be resumed.
    app.farewell = t("The game is saved: citadels --resume goes on with it.") if app.game_is_saved() else ""
    app.exit(0, message=app.farewell or None)


def show_results(app: GameApp, arg: str) -> None:
    app.show_results()


def show_review(app: GameApp, arg: str) -> None:
    app.show_review()


def show_help(app: GameApp, arg: str) -> None:
    # Imported when first asked for: the Markdown widget is the slowest import of the app.
    from .components.help_screen import HelpScreen

    cfg = app.table.config if app.table else GameConfig.create(4)
    app.push_screen(HelpScreen(cfg, arg))


def new_game(app: GameApp, arg: str) -> None:
    if app.hosted_seat is not None:
        app.say(t("This table is hosted: new games start from the lobby."), alert=True)
        return

    def started(spec: NewGame | None) -> None:
        if spec is not None:
            app.remember(spec)
            app.new_game(spec)

    from .components.new_game_screen import NewGameScreen

    app.push_screen(NewGameScreen(app.settings, app.edition_request or app.settings.edition), started)


def save_game(app: GameApp, arg: str) -> None:
    if app.table is not None and app.save_path is not None:
        try:
            app.saver.flush()
            write_save(app.table.record, app.save_path, app.table.bot_kinds, **app.shown())
            app.say(t("Saved to {p}. (The game is also saved after every move.)", p=app.save_path))
        except OSError as e:
            app.say(t("The game could not be saved: {e}.", e=e.strerror or e), alert=True)
    elif app.table is not None and app.table.start is not None:
        app.say(
            t("A game played from a position is not saved: start it again with the same --position."),
            alert=True,
        )


def choose_theme(app: GameApp, arg: str) -> None:
    app.set_theme(arg)


def open_settings(app: GameApp, arg: str) -> None:
    from .components.settings_screen import SettingsScreen

    listed = [(n, th.description) for n, th in app.game_themes.items()]
    if app.theme not in app.game_themes:
        listed.append((app.theme, ""))
    user_dir = "" if app.hosted_seat is not None else str(app.user_theme_dir)
    board = app.game_screen

    def think_line(on: bool) -> None:
        if board is not None:  # the game screen's `think on|off`: saved, the pane redrawn, and told
            board.think("on" if on else "off")

    app.push_screen(
        SettingsScreen(
            listed,
            app.theme,
            app.set_theme,
            user_dir,
            app.set_language,
            think_line=app.settings.think_line if board is not None else None,
            choose_think_line=think_line if board is not None else None,
        )
    )


def set_pace(app: GameApp, arg: str) -> None:
    app.set_pace(arg)


def set_ring(app: GameApp, arg: str) -> None:
    app.set_ring(arg)


def set_language(app: GameApp, arg: str) -> None:
    app.set_language(arg)


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


def take_back(app: GameApp, arg: str) -> None:
    """`undo`: take back your last decision, or say in one sentence why not."""
    if app.hosted_seat is not None or not app.owns_table or app.table is None:
        app.say(
            t("Decisions cannot be taken back at a hosted table: only in a local game against bots."),
            alert=True,
        )
        return
    player = app.seat.player if app.seat is not None else None
    if player is None:
        app.say(t("You have made no decision to take back."), alert=True)
        return
    why, action = app.table.take_back(player)
    if action is None:
        app.say(take_back_refused(why), alert=True)
        return
    if app.game_screen is not None:
        app.game_screen.taken_back()
    cfg = app.table.config
    app.say(t("Taken back: {a}. Decide again.", a=describe(cfg, view(app.table.game, player), action)))


def share(app: GameApp, arg: str) -> None:
    """`share`: the game as one line in the story, copied too where the terminal allows it (OSC 52)."""
    if app.table is None:
        app.say(t("There is no game to share yet."), alert=True)
        return
    if app.hosted_seat is not None and not app.table.game.over:
        # The line holds the seed, and with it every hidden card: at a shared table it waits for the end.
        app.say(
            t(
                "At a hosted table the game's line is shared once the game is over: it shows every "
                "hidden card."
            ),
            alert=True,
        )
        return
    if app.table.start is not None:
        app.say(
            t("A game played from a position has no game line: a line replays a game from its deal."),
            alert=True,
        )
        return
    from citadels_core.gameline import encode

    from .components.share_screen import ShareScreen

    line = encode(app.table.record, app.table.bot_kinds)
    # On a screen of its own: in the story it would share its rows with the margin and the scrollbar,
    # and a copy made from the screen would take them in. The screen copies it too (OSC 52).
    app.push_screen(ShareScreen(line, app.line_to_file()))
    app.say(t("The game as one line is on a screen of its own (Esc closes it); it is copied as well."))


COMMANDS: dict[str, AppCommand] = {
    c.name: c
    for c in (
        AppCommand("help", on_screen=_card_shown, run=show_help),
        AppCommand("look", on_screen=_told(sentences.look)),
        AppCommand("score", on_screen=_told(sentences.scores)),
        AppCommand("hand", on_screen=_told(sentences.hand)),
        AppCommand("cities", on_screen=_told(sentences.cities)),
        AppCommand("city", on_screen=_told(sentences.one_city)),
        AppCommand("characters", on_screen=_told(sentences.characters)),
        AppCommand("who", on_screen=_who),
        AppCommand("save", run=save_game),
        AppCommand("quit", on_screen=_leave_asked, run=quit_game),
        AppCommand("new", run=new_game),
        AppCommand("theme", run=choose_theme),
        AppCommand("skip", on_screen=_skip),
        AppCommand("pace", run=set_pace),
        AppCommand("lang", run=set_language),
        AppCommand("ring", run=set_ring),
        AppCommand("settings", run=open_settings),
        AppCommand("hint", on_screen=_hint),
        AppCommand("why", on_screen=_why),
        AppCommand("think", on_screen=_think),
        AppCommand("undo", run=take_back),
        AppCommand("story", on_screen=_story),
        AppCommand("share", run=share),
        AppCommand("results", run=show_results),
        AppCommand("review", run=show_review),
    )
}
