"""The game: cities, characters, hand, the numbered options, the story so far and the command line."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen

from citadels_core import Action, GameConfig, IllegalAction
from citadels_core.view import View

from .. import sentences
from ..changes import Snapshot, since, snapshot
from ..errors import explain_refusal
from ..game_app import GameApp
from ..i18n import t
from ..names import card_name, describe, hurts_own_city
from ..ringer import OFF, ON
from ..sentences import Unknown
from ..table import HintRequest, LogLine, Seat
from ..thinking import think
from .characters_pane import CharactersPane
from .cities_pane import CitiesBox, CitiesPane
from .command_line import CommandLine
from .first_showing import FirstShowing
from .hand_pane import HandPane
from .log_pane import LogPane
from .messages import CommandEntered, OptionChosen, OptionFocused, SeenOptions
from .options_pane import OptionsPane
from .status_bar import StatusBar
from .style import Marks

if TYPE_CHECKING:
    from citadels_core.explain import Reason


class AppRequest(Message):
    """An app command (citadels_tui/app_commands.py) from the command line or a key, for the app to carry
    out."""

    def __init__(self, name: str, arg: str = "") -> None:
        super().__init__()
        self.name = name
        self.arg = arg


# The least terminal the game is laid out in (docs/playing.md); the SSH server's default minimum is the same.
MIN_WIDTH, MIN_HEIGHT = 60, 20


def breakpoint_class(size: int, breakpoints: list[tuple[int, str]]) -> str:
    """The class of the largest breakpoint `size` reaches, as Textual's screen chooses it on a resize."""
    return max((b for b in breakpoints if size >= b[0]), default=breakpoints[0])[1]


class GameScreen(FirstShowing, Screen[None]):
    CSS_PATH = ["game_screen.tcss", "components.tcss"]
    # Below 60×20 (the SSH server's least size too) the panes cannot show a game: a sentence asks for a
    # bigger terminal instead. Under 80 columns the two columns share the width; under 24 lines the story
    # is shorter, so that every player keeps a line in the cities.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-cramped"), (80, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-low"), (24, "-short"), (34, "-tall")]
    # The command line has the keys from the start. (Textual's default would focus the first focusable
    # widget, the cities' scroll frame, and restyle the screen's widgets again when the focus moves on.)
    AUTO_FOCUS = "#command"
    BINDINGS = [
        Binding("f1", "request('help')", t("Help")),
        Binding("f2", "request('new')", t("New game")),
        Binding("f5", "skip", t("Skip ahead")),
        Binding("f3", "request('settings')", t("Settings")),
        Binding("f4", "hint", t("Hint")),
        Binding("f7", "request('results')", t("Results")),
        Binding("ctrl+q", "request('quit')", t("Quit"), priority=True),
        # Ahead of the command line's copy: the key players press to leave gets an answer (see action_leave).
        Binding("ctrl+c", "leave", t("Quit"), show=False, priority=True),
        Binding("f6", "story", t("Story")),
        # Whole district names can make the cities taller than their frame (many players at 80×24).
        Binding("ctrl+up", "scroll_cities(-1)", t("Cities: scroll up"), show=False),
        Binding("ctrl+down", "scroll_cities(1)", t("Cities: scroll down"), show=False),
        # The story pane scrolls from the command line, which keeps the focus and what is typed: these keys
        # are not the command line's (Home and End move its cursor), so they come up to the screen.
        Binding("pageup", "story_page(-1)", t("Story: a page back"), show=False),
        Binding("pagedown", "story_page(1)", t("Story: a page on"), show=False),
        Binding("ctrl+home,shift+pageup", "story_first", t("Story: the beginning"), show=False),
        Binding("ctrl+end,shift+pagedown", "story_latest", t("Story: the latest"), show=False),
    ]

    def __init__(self, seat: Seat) -> None:
        super().__init__()
        self.seat = seat
        self._cursor = 0  # index of the next game event to narrate
        self.told = 0  # the story's lines narrated into the pane so far (the whole story's place for chat)
        self._view: View | None = None
        self._hint: HintRequest | None = None  # the hint being worked out, if any
        # The rule that refused the player's last refused action, if the engine names one, and how many
        # events there were then (`why` explains it until something newer has a reason).
        self._refused: tuple[Reason, int] | None = None
        # Options that destroy a district of the player's own city wait here for a "yes".
        self._confirming: tuple[list[Action], str] | None = None
        self._leaving = False  # Ctrl+C was pressed once: a second press leaves
        self._quitting = False  # `quit` was typed during a game: a "yes" leaves
        # The hand and cities when the player last acted: what changed since is marked in their panes. A
        # spectator never acts, so nothing is marked for them.
        self.last_acted: Snapshot | None = None
        self._acted_before: list[Snapshot | None] = []  # the marks' starts before each act, for `undo`
        # The size classes for the terminal's present size, set before the widgets are styled: else the
        # first resize adds them and every widget of the screen is styled a second time (a few ms of a
        # start, and of every SSH session's start).
        width, height = self.app.size
        self.update_classes(
            {
                **{name: False for _, name in self.HORIZONTAL_BREAKPOINTS + self.VERTICAL_BREAKPOINTS},
                breakpoint_class(width, self.HORIZONTAL_BREAKPOINTS): True,
                breakpoint_class(height, self.VERTICAL_BREAKPOINTS): True,
            },
            update=False,
        )

    @property
    def game_app(self) -> GameApp:
        """The app this screen runs in, as the game's screens know it (every game screen runs in one)."""
        app = self.app
        assert isinstance(app, GameApp)
        return app

    def compose(self) -> ComposeResult:
        # First: the panes' colours are read from it. Hidden but in a terminal too small for the game, where
        # it says so (game_screen.tcss, `#too-small`).
        yield Marks(
            t(
                "This terminal is too small for Citadels: please make it at least {w} columns by {h} lines.",
                w=MIN_WIDTH,
                h=MIN_HEIGHT,
            ),
            id="too-small",
        )
        # Everything above the command line in one frame: Textual redraws a changed line by asking every
        # widget whose frame (its parent's region) overlaps it for its lines. As children of the screen,
        # the status line, the panes and the story would each be asked on every keystroke; in this frame,
        # only it is (a plain background), beside the command line itself.
        with Vertical(id="body"):
            yield StatusBar(id="status")
            with Horizontal(id="main"):
                # The cities above the characters: when the column is resized, the characters give up
                # lines to the cities (the cities' frame is resized with the column).
                with Vertical(id="left"):
                    with CitiesBox(id="cities-box", resized=self.fit_left):
                        yield CitiesPane(id="cities")
                    yield CharactersPane(id="characters")
                with Vertical(id="right"):
                    yield HandPane(id="hand")
                    yield OptionsPane(id="options")
            yield LogPane(id="log")
        yield CommandLine(self._complete, self._option_count, self._seen_options, id="command")

    def on_mount(self) -> None:
        self.query_one("#cities-box").border_title = t("Cities")
        # A spectator (a seat for nobody) holds no cards: no "Your hand"; the options take the column.
        self.query_one(HandPane).display = self.seat.player is not None
        if self.seat.player is not None:
            self.last_acted = snapshot(self.seat.view())
        self.refresh_view()
        self.query_one(CommandLine).focus()
        self.app.theme_changed_signal.subscribe(self, self._recolour)

    def _recolour(self, _theme: object) -> None:
        # The panes draw Rich text with the theme's colours baked in: a new theme draws them again.
        if self.is_attached:
            self.refresh_view()
            self.query_one(LogPane).recolour()

    # ------------------------------------------------------------ drawing

    def view(self) -> View:
        if self._view is None:
            self._view = self.seat.view()
        return self._view

    def refresh_view(self) -> None:
        """Redraw every pane from a fresh view (called on every table change)."""
        self._view = v = self.seat.view()
        cfg = self.seat.config
        self.query_one(StatusBar).show(v, cfg, self.enter_skips())
        changes = since(self.last_acted, v)
        cities = self.query_one(CitiesPane)
        # The marks are named where they are, in words short enough for a narrow column (help says more).
        cities.said = (
            *([t("✦ new")] if any(changes.added) else []),
            *([t("✗ gone")] if any(changes.gone) else []),
        )
        cities.show(v, cfg, changes)
        self.query_one(CharactersPane).show(v, cfg, self._guessed())
        self.fit_left()
        hand = self.query_one(HandPane)
        # While drawn cards wait to be kept, show the first one's text: it is not in the hand yet.
        hand.show(
            v,
            cfg,
            selected=v.options[0] if v.pending_kind == "keep" and v.options else None,
            new_cards=changes.new_cards,
        )
        if v.me is not None and v.me < len(v.players):
            hand.border_title = t("Your hand · {g} gold", g=v.players[v.me].gold) + (
                " · " + t("✦ new") if changes.new_cards else ""
            )
        waiting = ""
        if not v.legal and v.pending_player is not None:
            waiting = t("Waiting for {p}…", p=cfg.names[v.pending_player])
        options = self.query_one(OptionsPane)
        options.show([describe(cfg, v, a) for a in v.legal], waiting)
        # Your move is said in words where you act, not only by colour (the top line says it too).
        options.border_title = t("▶ Your move — you can") if v.legal else t("You can")
        lines, self._cursor = self.seat.lines(self._cursor)
        self.told += len(lines)
        self.query_one(LogPane).add_events(lines)
        if v.result is not None:
            self.refresh_bindings()  # the end screen's key (F7) shows from now on
        if self._hint is not None and not self.seat.hint_current(self._hint):
            self._hint = None  # the game moved on: that hint will be dropped when it comes
            self.query_one(LogPane).say(t("The hint was dropped: the game has moved on."))
        if self.seat.table.save_error:
            self.query_one(LogPane).say(str(self.seat.table.save_error), alert=True)

    def fit_left(self) -> None:
        """Every player keeps at least a line in the cities: the characters below take what is left."""
        h = self.query_one("#left").size.height
        if h > 0 and self._view is not None:
            # Two border lines (the cities' and the characters'), then one line per player.
            self.query_one(CharactersPane).fit(max(1, h - 2 - len(self._view.players)))

    def taken_back(self) -> None:
        """The last decision was taken back: the marks count from where they did before it (the card that
        came back to the hand is not new)."""
        if self._acted_before:
            self.last_acted = self._acted_before.pop()
        else:
            self.last_acted = snapshot(self.seat.view())
        self.refresh_view()

    def enter_skips(self) -> bool:
        """Whether Enter on an empty command line does something now: it hurries a bot's move."""
        return self.seat.table.bot_to_move()

    def _complete(self, text: str) -> list[str]:
        # Theme names belong to the app (shipped and the user's files), not to the game's parser.
        verb, sep, rest = text.partition(" ")
        if sep and verb.lower() == "theme":
            names = self.game_app.theme_names()
            return [f"{verb} {n}" for n in names if n.startswith(rest.lower()) and n != rest.lower()]
        from ..commands import completions  # see _run_command

        return completions(text, self.view(), self.seat.config)

    def _option_count(self) -> int:
        return len(self.view().legal)

    def _seen_options(self) -> SeenOptions:
        v = self.view()
        return SeenOptions(v.legal, tuple(describe(self.seat.config, v, a) for a in v.legal))

    # ------------------------------------------------------------ input

    def on_option_chosen(self, message: OptionChosen) -> None:
        message.stop()
        self._leaving = False
        self._choose(message.index, message.seen)
        self.query_one(CommandLine).focus()

    def _choose(self, index: int, seen: SeenOptions | None) -> None:
        """Option `index` of the list the player saw (`seen`, else the list shown now)."""
        self._confirming = None
        log = self.query_one(LogPane)
        v = self.view()
        if seen is None:
            seen = SeenOptions(v.legal, tuple(describe(self.seat.config, v, a) for a in v.legal))
        if not 0 <= index < len(seen.actions):
            if seen.actions:
                log.say(
                    t("There is no option {n}; choose 1 to {m}.", n=index + 1, m=len(seen.actions)),
                    alert=True,
                )
            elif v.legal:
                log.say(t("The options changed while you typed: type the number again."), alert=True)
            return
        a = seen.actions[index]
        log.echo(f"{index + 1}. {seen.labels[index]}")
        if a not in v.legal:
            log.say(
                t("The options changed while you typed: “{o}” cannot be done now.", o=seen.labels[index]),
                alert=True,
            )
            return
        self.act([a])

    def on_option_focused(self, message: OptionFocused) -> None:
        message.stop()
        legal = self.view().legal
        if 0 <= message.index < len(legal):
            keys = [
                x
                for x in legal[message.index].args
                if isinstance(x, str)
                and (x in self.seat.config.ed.district_by_key or x in self.seat.config.ed.character_by_key)
            ]
            if keys:
                self.show_card(keys[-1])

    def on_command_entered(self, message: CommandEntered) -> None:
        message.stop()
        self.run_command(message.text, message.seen)

    def run_command(self, text: str, seen: SeenOptions | None = None) -> None:
        """Carry out one typed line. Whatever goes wrong, the player gets a sentence, never a crash.
        `seen`: the options when the player started typing it (a number means one of those)."""
        self._leaving = False
        try:
            self._run_command(text, seen)
        except Exception as e:  # noqa: BLE001 - the last safety net of the command line
            logging.getLogger(__name__).exception("command %r failed", text)
            self.query_one(LogPane).say(t("Something went wrong with that command ({e}).", e=e), alert=True)

    def _run_command(self, text: str, seen: SeenOptions | None = None) -> None:
        # The command parser is not needed to draw the first frame: the app imports it once that is drawn
        # (`CitadelsApp._started`), so only the start is spared it.
        from ..command_words import is_number
        from ..commands import is_yes, parse, too_long

        log = self.query_one(LogPane)
        confirming, self._confirming = self._confirming, None
        quitting, self._quitting = self._quitting, False
        if not text.strip():
            if confirming is not None:
                log.say(confirming[1])
            elif quitting:
                log.say(t("You stay at the table."))
            elif self.seat.table.bot_to_move():
                self.seat.table.skip()
            return
        if too_long(text):
            # A paste: one sentence, and the line is not repeated into the story.
            log.say(t("That line is too long to be a command: nothing was done."), alert=True)
            return
        number = text.strip().rstrip(".")
        if seen is not None and is_number(number) and len(number) < 4:
            self._choose(int(number) - 1, seen)
            return
        log.echo(text)
        if quitting:
            if is_yes(text):
                self.post_message(AppRequest("quit"))
                return
            log.say(t("You stay at the table."))
            if text.strip().casefold() in ("no", "n", "нет", "н"):
                return
        if confirming is not None:
            actions, cancelled = confirming
            if is_yes(text):
                self.act(actions, confirmed=True)
                return
            log.say(cancelled)
            if text.strip().casefold() in ("no", "n", "нет", "н"):
                return
        cmd = parse(text, self.view(), self.seat.config)
        if cmd.error:
            log.say(cmd.error, alert=True)
        elif cmd.actions:
            self.act(list(cmd.actions))
        elif cmd.app:
            if not self.game_app.command_on_screen(cmd.app, self, cmd.arg):
                self.post_message(AppRequest(cmd.app, cmd.arg))

    def ask_to_leave(self) -> bool:
        """A typed word ends a game the player has acted in: asked first (Ctrl+Q and a second Ctrl+C still
        leave at once). False when there is nothing to ask: leaving is the app's."""
        if not self._playing():
            return False
        self._quitting = True
        self.query_one(LogPane).say(
            t("Leave the game? It is saved: citadels --resume goes on with it. Type yes to leave.")
            if self.game_app.game_is_saved()
            else t("Leave the game? Type yes to leave, anything else stays."),
            alert=True,
        )
        return True

    def _playing(self) -> bool:
        """Whether the player has made a decision in this game, not yet over: leaving it is asked first."""
        table, me = self.seat.table, self.seat.player
        return me is not None and not table.game.over and any(seat == me for seat, _ in table.record.actions)

    def act(self, actions: list[Action], confirmed: bool = False) -> None:
        v, cfg = self.view(), self.seat.config
        from ..commands import confirmation  # see _run_command

        question = "" if confirmed else confirmation(v, cfg, actions)
        if question:
            # Destroying a district of your own city is asked about first (a slip of a number key).
            hurt = next(k for a in actions if (k := hurts_own_city(v, a)))
            self._confirming = (actions, t("Not done: your {d} stays.", d=card_name(cfg, hurt)))
            self.query_one(LogPane).say(question, alert=True)
            return
        try:
            self.seat.submit(actions)
            # Acting clears the marks: what changes from now on is marked until the next time.
            self._acted_before = [*self._acted_before[-19:], self.last_acted]
            self.last_acted = snapshot(self.seat.view())
            if not self.seat.table.unjournalled:  # else shown once kept, when the table tells every seat
                self.refresh_view()
        except IllegalAction as e:
            self.query_one(LogPane).say(explain_refusal(e, cfg, self.view(), actions), alert=True)
            self._remember_refusal(actions)
        except Exception as e:  # noqa: BLE001 - an engine bug must not take the player's game down
            logging.getLogger(__name__).exception("actions %s failed", actions)
            self.query_one(LogPane).say(t("The game could not do that ({e}).", e=e), alert=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The end screen's key is offered (and shown) only once the game is over.
        if action == "request" and parameters == ("results",):
            return self.seat.table.game.over
        return True

    def action_request(self, name: str) -> None:
        self.post_message(AppRequest(name))

    def action_leave(self) -> None:
        """Ctrl+C: say how to leave; pressed again (nothing done in between), leave."""
        line = self.query_one(CommandLine)
        if line.has_focus and not line.selection.is_empty:
            line.action_copy()  # with text selected, Ctrl+C still copies it
            return
        if self._leaving:
            self.post_message(AppRequest("quit"))
            return
        self._leaving = True
        local = self.game_app.game_is_saved()
        self.query_one(LogPane).say(
            t("To leave, type quit or press Ctrl+Q (the game is saved). Ctrl+C again leaves now.")
            if local
            else t("To leave, type quit or press Ctrl+Q. Ctrl+C again leaves now."),
            alert=True,
        )

    def action_skip(self) -> None:
        self.skip()

    def skip(self) -> None:
        """Hurry the bot's move on (F5, `skip`)."""
        self.seat.table.skip()

    # ------------------------------------------------------------ the story

    def action_scroll_cities(self, step: int) -> None:
        self.query_one("#cities-box", CitiesBox).page(step)

    def action_story_page(self, step: int) -> None:
        self.query_one(LogPane).page(step)

    def action_story_first(self) -> None:
        self.query_one(LogPane).to_first()

    def action_story_latest(self) -> None:
        self.query_one(LogPane).to_latest()

    def action_story(self) -> None:
        self.open_story()

    def open_story(self) -> None:
        """The whole game's story, full-screen (F6 or `story`); the command line has the focus again after."""
        from .story_screen import StoryScreen

        def focus_the_line(_: None) -> None:
            self.query_one(CommandLine).focus()

        self.app.push_screen(StoryScreen(self.whole_story()), focus_the_line)

    def whole_story(self) -> list[LogLine]:
        """The story told again from the first event (a hosted table adds its chat where it was said)."""
        lines, _ = self.seat.lines(0)
        return lines

    def action_hint(self) -> None:
        self.ask_hint()

    # ------------------------------------------------------------ why

    def _remember_refusal(self, actions: list[Action]) -> None:
        from citadels_core.explain import refused

        g, me = self.seat.table.game, self.seat.player
        if me is None:
            return
        reason = next((r for a in actions if (r := refused(g, me, a)) is not None), None)
        if reason is not None:
            self._refused = (reason, len(g.events or []))

    def explain(self, about: str) -> None:
        """`why`: the rule behind the latest outcome the engine has a reason for (about the card or
        character `about`, when named), or behind the player's last refused target if nothing came since."""
        from citadels_core.explain import last_reason

        from ..why import explain, nothing

        log, cfg = self.query_one(LogPane), self.seat.config
        g, me = self.seat.table.game, self.seat.player
        if me is None:
            log.say(t("why explains what happened to a player: you are watching."), alert=True)
            return
        reason = last_reason(g, me, about)
        if self._refused is not None:
            refusal, at = self._refused
            if (not about or about in refusal.names()) and (reason is None or reason.event < at):
                reason = refusal
        log.say(explain(cfg, reason, me) if reason is not None else nothing(cfg, about))

    def _guessed(self) -> str:
        """The characters pane's think line, when the player's settings ask for it ("" otherwise)."""
        me = self.seat.player
        if me is None or not self.game_app.settings.think_line:
            return ""
        from citadels_core.think import think

        from ..why import guess_summary

        return guess_summary(self.seat.config, think(self.seat.table.game, me))

    def think(self, arg: str = "") -> None:
        """`think`: what this seat can tell of each other player's characters, as the bots infer it;
        `think on|off`: that said on a line of the characters pane too, from now on (a setting)."""
        from citadels_core.think import think

        from ..why import guesses

        log = self.query_one(LogPane)
        if arg and arg.lower() not in ON | OFF:
            log.say(
                t(
                    "“think” tells your guesses; “think on” or “think off”: in the characters pane too, or not."
                ),
                alert=True,
            )
            return
        if arg.lower() in ON | OFF:
            self.game_app.settings.think_line = arg.lower() in ON
            self.game_app.write_settings()
            self.refresh_view()
            log.say(
                t("The characters pane shows your guesses.")
                if arg.lower() in ON
                else t("The characters pane shows no guesses.")
            )
            return
        me = self.seat.player
        if me is None:
            log.say(t("think tells what a player can infer: you are watching."), alert=True)
            return
        for line in guesses(self.seat.config, think(self.seat.table.game, me)):
            log.say(line)

    # ------------------------------------------------------------ hints

    def ask_hint(self) -> None:
        """Ask the `hard` bot what it would do now; it thinks in a thread and answers in the story."""
        log = self.query_one(LogPane)
        if self._hint is not None:
            log.say(t("Still thinking about the hint…"))
            return
        # The app may set another budget (tests search a fixed number of playouts, with no time cap).
        playouts, seconds = self.game_app.hint_budget
        request = self.seat.ask_hint(playouts, seconds)
        if request is None:
            log.say(t("Nothing to decide right now: a hint is for your own decisions."))
            return
        self._hint = request
        log.say(t("Thinking about a hint…"))
        self.run_worker(self._think(request), group="hint", exit_on_error=False)

    async def _think(self, request: HintRequest) -> None:
        try:
            # Off the event loop, in a worker process: the screen (and every other player of a server) goes on.
            choices = await think(request.search)
        except Exception as e:  # noqa: BLE001 - a failed hint must not take the game down
            logging.getLogger(__name__).exception("hint failed")
            if self._hint is request:
                self._hint = None
                self.query_one(LogPane).say(t("The hint could not be worked out ({e}).", e=e), alert=True)
            return
        if self._hint is not request:
            return  # dropped already: the game moved on while it was thought out
        self._hint = None
        if not self.is_attached:
            return
        if not self.seat.hint_current(request):
            self.query_one(LogPane).say(t("The hint was dropped: the game has moved on."))
            return
        self.show_hint(request, choices)

    def show_hint(self, request: HintRequest, choices: list[tuple[Action, float]]) -> None:
        """Each choice in the words of the options list, with its number there and its chance to win."""
        log = self.query_one(LogPane)
        heading, *lines = sentences.hint(request.view, self.seat.config, choices)
        log.note(heading, "me")
        for line in lines:
            log.note(line)

    def show_card(self, key: str) -> None:
        """The card's text in the hand's pane (`help market`, an option about it focused)."""
        v = self.view()
        self.query_one(HandPane).show(v, self.seat.config, selected=key)

    def tell(self, about: Callable[[View, GameConfig, str], list[str]], arg: str = "") -> None:
        """A pane as sentences in the story (`hand`, `cities`, `look anna` …: sentences.py)."""
        log = self.query_one(LogPane)
        try:
            lines = about(self.view(), self.seat.config, arg)
        except Unknown as e:
            log.say(str(e), alert=True)
            return
        for line in lines:
            log.say(line)
