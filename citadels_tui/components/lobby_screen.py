"""The lobby of a hosted server: the tables, their seats and status, the lobby chat, and a command line.

Commands: `new [players] [cast=…] [districts=…] [bots=…] [timer=…] [seed=…]`, `join N`, `watch N`,
`leave`, `start`, `say TEXT`, `games [all]`, `replay N`, `leaderboard` (history_screen.py), `help`, `quit`. Typed commands rather than a form, so that the lobby works
the same in any terminal, over a slow link, and from a test or a script.

A player without a key is shown their reconnect code when they sit down (see citadels_server.hub), and every player is
told how to keep a name for good: an SSH key. A login that asked for a name and got a guest name is told
why (the server's reason, `SessionInfo.notice`)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from .. import learn
from ..admin import ADMIN_WORDS
from ..i18n import Lazy, language, t
from ..lobby import HostedTable, HubError, Lobby
from ..lobby_help import help_lines, table_edition, table_players, table_status
from ..lobby_words import lobby_command, table_made, tell_comings_and_goings, welcome
from ..turns import clock_text
from .command_line import CommandLine
from .first_showing import FirstShowing
from .game_screen import AppRequest
from .history_screen import WORDS as HISTORY_WORDS
from .history_screen import history_command
from .log_pane import FoldedLog
from .messages import CommandEntered
from .style import mark
from .table_form_screen import TableFormScreen, TableSpec


class HubChanged(Message):
    """Something in the hub changed (a table, a seat, a chat line): redraw what depends on it."""


class SitDown(Message):
    """Go to a table in play: as the player of `seat`, or as a spectator when `seat` is None."""

    def __init__(self, ht: HostedTable, seat: int | None) -> None:
        super().__init__()
        self.ht = ht
        self.seat = seat


class LearnRequested(Message):
    """`learn`: play the guided first game (citadels_tui/learn.py), this session's own."""


class LobbyLog(FoldedLog):
    # Only the marks the lobby and its history use: Textual styles every component class as a node of
    # its own whenever the log is styled, a cost each session's start pays (on the server's one loop).
    COMPONENT_CLASSES = {"mark--alert", "mark--dim", "mark--me"}


class PlayerNames:
    """A table's players in the lobby's Players column, its lines broken only between players, so that a
    name keeps its "(bot)" beside it. A player too wide for the column is cut with an ellipsis before the
    mark, which stays."""

    def __init__(self, players: list[str]) -> None:
        self.players = players

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [cell_len(p) + 1 for p in self.players] or [0]  # each with its comma or the line's end
        return Measurement(min(max(widths), options.max_width), sum(widths) + len(widths) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width, 1)
        lines: list[str] = []
        for i, player in enumerate(self.players):
            entry = player + ("," if i < len(self.players) - 1 else "")
            if cell_len(entry) > width:
                entry = _cut_before_mark(entry, width)
            if lines and cell_len(lines[-1]) + 1 + cell_len(entry) <= width:
                lines[-1] += " " + entry
            else:
                lines.append(entry)
        yield Text("\n".join(lines), no_wrap=True, overflow="ellipsis")


def _cut_before_mark(entry: str, width: int) -> str:
    """`entry` cut to `width` cells with an ellipsis, its "(bot)" mark (and comma) kept whole."""
    mark_ = " " + t("(bot)")
    at = entry.rfind(mark_)
    tail = entry[at:] if at > 0 else ""
    name = Text(entry[: len(entry) - len(tail)])
    name.truncate(max(width - cell_len(tail), 1), overflow="ellipsis")
    return name.plain + tail


class LobbyScreen(FirstShowing, Screen[None]):
    CSS_PATH = "components.tcss"  # the mark--* colours of the log
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-status { height: 1; background: $panel; padding: 0 1; }
    #lobby-motd { height: auto; max-height: 10; padding: 0 1; border-bottom: solid $primary; }
    #lobby-motd.-empty { display: none; }
    #lobby-tables { height: auto; max-height: 50%; border-top: solid $primary; padding: 0 1; }
    #lobby-log { height: 1fr; border-top: solid $primary; padding: 0 1; }
    #lobby-command { height: 1; border: none; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", t("Quit"), priority=True)]
    # The command line has the keys from the start. (Textual's default would focus the first focusable
    # widget, the log, then restyle it, with its twenty colour classes, as the focus moves on: a few ms of
    # the server's loop for every session that starts.)
    AUTO_FOCUS = "#lobby-command"

    def __init__(
        self,
        hub: Lobby,
        name: str,
        key: str | None,
        code: str | None = None,
        notice: tuple[str, str] | None = None,
        address: str = "",
    ) -> None:
        super().__init__()
        self.hub = hub
        self.player = name
        self.key = key
        self.code = code  # a keyless player's reconnect code: their seats are taken and retaken with it
        self.notice = notice  # (the server's reason, the name asked for): why the player has a guest name
        self.address = address  # the client's address (an admin's ban never covers their own)
        self._chat = max(0, len(hub.chat) - 20)  # a newcomer sees the last few lines of the lobby chat
        self._lang = ""  # the language the screen was built in
        self.seated: tuple[int, list[str]] | None = None  # my waiting table and who sat there, last look

    def compose(self) -> ComposeResult:
        self._lang = language()
        yield Static("", id="lobby-status")
        yield Static("", id="lobby-motd")  # the host's message of the day, at the top
        yield Static("", id="lobby-tables")
        yield LobbyLog(id="lobby-log")
        # The game's command line (history, no blinking cursor, the value cleared as Enter is read, so
        # lines typed quickly one after another stay apart); no numbered options in the lobby.
        cmd = CommandLine(self._complete, lambda: 0, id="lobby-command")
        cmd.placeholder = t("new · join N · watch N · start · say TEXT · help")
        yield cmd

    def on_mount(self) -> None:
        self._dress()
        self.show_motd(self.hub.order.motd)
        welcome(self, self.notice)
        self.refresh_lobby()
        self.query_one(CommandLine).focus()

    def show_motd(self, motd: str) -> None:
        """Show the host's message of the day at the top (none: nothing there)."""
        box = self.query_one("#lobby-motd", Static)
        box.update(Text(motd))
        box.set_class(not motd, "-empty")
        box.border_title = t("Message of the day")

    def _dress(self) -> None:
        self.query_one("#lobby-tables").border_title = t("Tables")
        self.query_one("#lobby-log").border_title = t("Lobby")

    async def on_screen_resume(self) -> None:  # type: ignore[override]  # Textual calls FirstShowing's too, with the event
        if self._lang and self._lang != language():
            await self._relabel()
        self.refresh_lobby()
        self.query_one(CommandLine).focus()

    def relabel_when_shown(self) -> None:
        """The app's language changed: build the lobby again in it (now, if it is the screen shown)."""
        if self.is_current:
            self.run_worker(self._relabel(), group="relabel")

    async def _relabel(self) -> None:
        self._chat = max(0, len(self.hub.chat) - 20)  # the log is new: its last lines again
        await self.recompose()
        self._dress()
        self.show_motd(self.hub.order.motd)
        self.say(t("Language: {l}.", l=language()))
        self.refresh_lobby()
        self.query_one(CommandLine).focus()

    # ------------------------------------------------------------ drawing

    def refresh_lobby(self) -> None:
        mine = self.hub.find(self.player, self.key, self.code)
        self._show_status(mine)
        self._tell_comings_and_goings(mine)
        self.query_one("#lobby-tables", Static).update(self._tables())
        log = self.query_one(LobbyLog)
        for line in self.hub.chat[self._chat :]:
            # An announcement is told in this player's language, and stands out; a said line as it was said.
            log.write(
                Text("* " + str(line), style=mark(log, "alert")) if isinstance(line, Lazy) else Text(line)
            )
        self._chat = len(self.hub.chat)

    def _tell_comings_and_goings(self, mine: tuple[HostedTable, int] | None) -> None:
        """Who sat down at or left my waiting table since the last look, said in the lobby's log."""
        if mine is None or mine[0].status != "waiting":
            self.seated = None
            return
        if tell_comings_and_goings(self, mine[0]):
            self.say(t("Every seat is taken: type “start”."), alert=True)

    def _show_status(self, mine: tuple[HostedTable, int] | None) -> None:
        """The top line, never cut: the long form when it fits, else the short one ("Lobby · anna")."""
        where = ""
        if mine is not None and mine[0].status == "waiting":
            ht = mine[0]
            where = (
                t("your table {n}: type “start” when everyone is there", n=ht.id)
                if ht.creator.casefold() == self.player.casefold()
                else t("table {n}: waiting for {c} to start", n=ht.id, c=ht.creator)
            )
        width = max(1, self.app.size.width - 2)  # the line's padding
        heads = (t("Citadels lobby · you are {p}", p=self.player), t("Lobby · {p}", p=self.player))
        lines = [" · ".join(x for x in (head, where) if x) for head in heads]
        line = Text(next((x for x in lines if cell_len(x) <= width), lines[-1]))
        line.truncate(width, overflow="ellipsis")  # a name too long for even the short form
        self.query_one("#lobby-status", Static).update(line)

    def on_resize(self) -> None:
        self._show_status(self.hub.find(self.player, self.key, self.code))
        self.query_one("#lobby-tables", Static).update(self._tables())

    def _tables(self) -> RichTable | Text:
        if not self.hub.tables:
            return Text(
                t("No tables yet: type “new” to make one."), style=mark(self.query_one(LobbyLog), "dim")
            )
        rows: list[dict[str, RenderableType]] = [
            {
                t("#"): str(ht.id),
                t("Players"): PlayerNames(table_players(ht, self.hub.records.is_bot)),
                t("Free"): str(ht.free),
                t("Edition"): table_edition(ht, " · "),
                t("Cast"): ht.cast,
                t("Districts"): ht.districts,
                t("Bots"): ht.bot_level if ht.outside_bots else ht.bot_level + " · " + t("no programs"),
                t("Timer"): clock_text(ht.turn_timer, ht.turn_based),
                t("Status"): table_status(ht, " · "),
            }
            for ht in self.hub.tables.values()
        ]
        heads = list(rows[0])
        # A narrow screen (a phone's) gives up these columns, the last of the list first, rather than squeeze
        # the players out: Rich narrows the one column that wraps, Players, to nothing before it cuts others.
        dropped = [t("Edition"), t("Timer"), t("Bots"), t("Cast"), t("Districts")]
        width = self.size.width - self.query_one("#lobby-tables", Static).styles.gutter.width
        console = self.app.console
        while True:
            rt = RichTable(box=None, pad_edge=False, expand=True, show_edge=False)
            for head in heads:
                rt.add_column(head, no_wrap=head != t("Players"))
            for row in rows:
                rt.add_row(*(row[head] for head in heads))
            narrowest = Measurement.get(console, console.options.update_width(10_000), rt).minimum
            if narrowest <= width or not dropped:
                return rt
            heads.remove(dropped.pop())

    def say(self, text: str, alert: bool = False) -> None:
        log = self.query_one(LobbyLog)
        log.write(Text(text, style=mark(log, "alert") if alert else mark(log, "dim")))

    # ------------------------------------------------------------ commands

    @staticmethod
    def _complete(text: str) -> list[str]:
        words = (
            "new",
            "join",
            "watch",
            "leave",
            "start",
            "say",
            "games",
            "replay",
            "leaderboard",
            "help",
            "quit",
            *ADMIN_WORDS,
        )
        return [w for w in words if text and w.startswith(text) and w != text]

    def on_command_entered(self, event: CommandEntered) -> None:
        event.stop()
        text = event.text.strip()
        if text:
            try:
                self.run_command(text)
            except HubError as e:
                self.say(str(e), alert=True)

    def run_command(self, text: str) -> None:
        lobby_command(self, text)

    # -- what only the full screen does with the lobby's words (lobby_words.py) --------------------------

    def go_to_table(self, ht: HostedTable, seat: int | None) -> None:
        self.post_message(SitDown(ht, seat))

    def open_form(self) -> bool:
        self._form()
        return True

    def choose_language(self, words: str) -> None:
        self.post_message(AppRequest("lang", words))

    def quit(self) -> None:
        self.app.exit(0)

    def help_lines(self) -> list[str]:
        return help_lines()

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        # In a worker: a slow database never holds up the session.
        self.run_worker(work, group="puzzle")

    def own_words(self, word: str, rest: str) -> bool:
        if word == "ring":  # `notify …`: what rings this session, here as at its table (ringer.py)
            self.post_message(AppRequest("ring", rest))
            return True
        if word in learn.LEARN_WORDS and not rest:
            self.post_message(LearnRequested())
            return True
        if word not in HISTORY_WORDS:
            return False
        # The records are read in a worker: a slow database never holds up the session.
        self.run_worker(history_command(self, word, rest), group="history")
        return True

    def _form(self) -> None:
        def made(spec: TableSpec | None) -> None:
            if spec is None:
                return
            try:
                ht = self.hub.create(
                    self.player,
                    self.key,
                    spec.players,
                    cast=spec.cast,
                    districts=spec.districts,
                    bots=spec.bots,
                    timer=spec.timer,
                    edition=spec.edition,
                    shorter=spec.shorter,
                    rank9=spec.rank9,
                    code=self.code,
                    turn_based=spec.turn_based,
                    outside_bots=spec.outside_bots,
                )
            except HubError as e:
                self.say(str(e), alert=True)
                return
            table_made(self, ht)

        self.app.push_screen(TableFormScreen(), made)

    def action_quit(self) -> None:
        self.app.exit(0)
