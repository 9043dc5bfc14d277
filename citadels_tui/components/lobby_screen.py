"""The lobby of a hosted server: the tables, their seats and status, the lobby chat, and a command line.

Commands: `new [players] [cast=…] [districts=…] [bots=…] [timer=…] [seed=…]`, `join N`, `watch N`,
`leave`, `start`, `say TEXT`, `games [all]`, `replay N`, `leaderboard` (history_screen.py), `help`, `quit`. Typed commands rather than a form, so that the lobby works
the same in any terminal, over a slow link, and from a test or a script.

A player without a key is shown their reconnect code when they sit down (see citadels_server.hub), and every player is
told how to keep a name for good: an SSH key. A login that asked for a name and got a guest name is told
why (the server's reason, `SessionInfo.notice`)."""

from __future__ import annotations

import time

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from citadels_core import get_edition

from ..admin import ADMIN_WORDS, Admin, run_admin_command
from ..i18n import Lazy, language, t, tp
from ..lobby import HostedTable, HubError, Lobby
from ..turns import clock_text, create_from_words, made_sentence, your_move_line
from .command_line import CommandLine
from .first_showing import FirstShowing
from .game_screen import AppRequest
from .history_screen import WORDS as HISTORY_WORDS
from .history_screen import history_command
from .log_pane import FoldedLog
from .messages import CommandEntered
from .new_game_screen import edition_label
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


def help_lines() -> list[str]:
    """`help`: one command a line, short enough for 80×24 (the options of `new` are under `help new`)."""
    rows = [
        (tp("lobby command", "new"), t("a form to make a table")),
        (tp("lobby command", "new 3 bots=hard …"), t("a table made at once: “help new” says how")),
        (tp("lobby command", "join N"), t("sit at table N (or retake your seat)")),
        (tp("lobby command", "watch N"), t("watch a game")),
        (tp("lobby command", "leave"), t("stand up from your table")),
        (tp("lobby command", "start"), t("start your table: bots fill the empty seats")),
        (tp("lobby command", "say TEXT"), t("talk to the lobby")),
        (tp("lobby command", "games [all]"), t("your finished games (all: everyone's)")),
        (tp("lobby command", "replay N"), t("game N again, move by move")),
        (tp("lobby command", "leaderboard"), t("the ratings")),
        (tp("lobby command", "lang en|ru"), t("your language")),
        (tp("lobby command", "quit"), t("leave the server (Ctrl+Q too)")),
    ]
    return _listed(t("Commands:"), rows)


def new_help_lines() -> list[str]:
    """`help new`: the options of `new`, and each edition's presets."""
    rows = [
        (tp("lobby command", "2 … 8"), t("players (4 unless said)")),
        (tp("lobby command", "edition=classic"), t("the classic edition (2016 unless said)")),
        (tp("lobby command", "shorter"), t("the classic shorter game")),
        (tp("lobby command", "cast=PRESET"), t("the characters (presets below)")),
        (tp("lobby command", "districts=PRESET"), t("the districts (presets below)")),
        (tp("lobby command", "bots=LEVEL"), t("easy, normal (unless said), hard or random")),
        (tp("lobby command", "timer=SECONDS"), t("time to think before a bot plays for you")),
        (tp("lobby command", "timer=5h|1d"), t("a turn-based table: hours or days per move")),
        (tp("lobby command", "late=rated"), t("a late move a bot made still counts for the rating")),
    ]
    return _listed(t("new [options] makes a table and sits you at it, e.g. “new 3 bots=hard”:"), rows)


def admin_help_lines() -> list[str]:
    rows = [
        (tp("lobby command", "kick NAME [reason]"), t("send a player away")),
        (tp("lobby command", "ban name|key|address VALUE"), t("[for 30m|2h|7d] [reason]")),
        (tp("lobby command", "unban KIND VALUE"), t("lift a ban")),
        (tp("lobby command", "bans"), t("the bans in force")),
        (tp("lobby command", "close N"), t("close table N (its game is kept as abandoned)")),
        (tp("lobby command", "announce TEXT"), t("to the lobby and every table")),
    ]
    return _listed(t("For admins:"), rows)


def _listed(heading: str, rows: list[tuple[str, str]]) -> list[str]:
    width = max(cell_len(c) for c, _ in rows)
    return [heading, *(f"  {c}{' ' * (width - cell_len(c))}  {what}" for c, what in rows)]


# The server's reasons for a guest name (citadels_server/session.py; the app cannot import the server).
NAME_HAS_KEY, NAME_IN_USE, NAME_HOLDS_SEAT = "name-has-key", "name-in-use", "name-holds-seat"


def guest_notice(reason: str | None, asked: str | None, name: str) -> str | None:
    """One sentence: why a player who asked for the name `asked` plays as `name`, or None."""
    if reason is None or not asked:
        return None
    if reason == NAME_HAS_KEY:
        return t(
            "The name {n} belongs to another player's key; you are {g}. Use your own key to keep a name.",
            n=asked,
            g=name,
        )
    if reason == NAME_IN_USE:
        return t(
            "The name {n} is in use by a player connected now; you are {g}. A name is kept for good only "
            "with an SSH key.",
            n=asked,
            g=name,
        )
    if reason == NAME_HOLDS_SEAT:
        return t(
            "The name {n} holds a seat kept for its player, and only the reconnect code shown to them "
            "retakes it; you are {g}.",
            n=asked,
            g=name,
        )
    return t("You are {g}: the name {n} is not free.", n=asked, g=name)


def code_sentence(name: str, code: str) -> str:
    """What a player without a key needs to retake their seat if they drop."""
    return t(
        "Your seat is kept for you: if you drop, log in again as {p} and give the code {c} when asked. "
        "An SSH key keeps your name for good.",
        p=name,
        c=code,
    )


class LobbyLog(FoldedLog):
    # Only the marks the lobby and its history use: Textual styles every component class as a node of
    # its own whenever the log is styled, a cost each session's start pays (on the server's one loop).
    COMPONENT_CLASSES = {"mark--alert", "mark--dim", "mark--me"}


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
        self._seated: tuple[int, list[str]] | None = None  # my waiting table and who sat there, last look

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
        # A player back at a server where tables wait for their move hears of those first.
        awaited = your_move_line(self.hub, self.player, self.key, time.time())
        if awaited is not None:
            self.say(awaited, alert=True)
        self.say(
            t(
                "Welcome, {p}. Type “new” to make a table, “join N” to sit at one; “help” for more.",
                p=self.player,
            )
        )
        if self.notice is not None:
            sentence = guest_notice(self.notice[0], self.notice[1], self.player)
            if sentence:
                self.say(sentence, alert=True)
        if self.key is None:
            self.say(
                t(
                    "Without an SSH key your name is yours only while you play: log in with a key to keep it "
                    "for good."
                )
            )
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
        """Who sat down at or left my waiting table since the last look, said in the lobby's log (the
        host waits for them to start the game). Looked at each redraw: one who came and went between two
        redraws is no news."""
        if mine is None or mine[0].status != "waiting":
            self._seated = None
            return
        ht, me = mine[0], self.player.casefold()
        names = ht.names()
        if self._seated is not None and self._seated[0] == ht.id:
            before = {n.casefold() for n in self._seated[1]}
            now = {n.casefold() for n in names}
            taken = len(names)
            for n in names:
                if n.casefold() not in before and n.casefold() != me:
                    self.say(
                        t(
                            "{p} sat down at your table {n}: {k} of {m} seats taken.",
                            p=n,
                            n=ht.id,
                            k=taken,
                            m=ht.players,
                        ),
                        alert=True,
                    )
            for n in self._seated[1]:
                if n.casefold() not in now and n.casefold() != me:
                    self.say(
                        t(
                            "{p} left your table {n}: {k} of {m} seats taken.",
                            p=n,
                            n=ht.id,
                            k=taken,
                            m=ht.players,
                        ),
                        alert=True,
                    )
            if ht.free == 0 and now - before and ht.creator.casefold() == me:
                self.say(t("Every seat is taken: type “start”."), alert=True)
        self._seated = (ht.id, names)

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

    def _tables(self) -> RichTable | Text:
        if not self.hub.tables:
            return Text(
                t("No tables yet: type “new” to make one."), style=mark(self.query_one(LobbyLog), "dim")
            )
        rt = RichTable(box=None, pad_edge=False, expand=True, show_edge=False)
        for head in (
            t("#"),
            t("Players"),
            t("Free"),
            t("Edition"),
            t("Cast"),
            t("Districts"),
            t("Bots"),
            t("Timer"),
            t("Status"),
        ):
            rt.add_column(head, no_wrap=head != t("Players"))
        for ht in self.hub.tables.values():
            status = {"waiting": t("waiting"), "playing": t("playing"), "over": t("over")}[ht.status]
            if ht.table is not None and not ht.table.game.over:
                status = t("round {r}", r=ht.table.game.round)
            if ht.spectators:
                status += " · " + t("{n} watching", n=ht.spectators)
            edition = t("classic") if ht.edition == "classic" else ht.edition
            if ht.shorter:
                edition += " · " + t("shorter")
            rt.add_row(
                str(ht.id),
                ", ".join(n + " " + t("(bot)") if self.hub.records.is_bot(n) else n for n in ht.names()),
                str(ht.free),
                edition,
                ht.cast,
                ht.districts,
                ht.bot_level,
                clock_text(ht.turn_timer, ht.turn_based),
                status,
            )
        return rt

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
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        hub = self.hub
        if word == "say" and rest:
            hub.say_lobby(self.player, rest)
        elif word == "help" and rest.lower() == "new":
            for line in new_help_lines():
                self.say(line)
            for ed in ("2016", "classic"):
                presets = ", ".join(p.key for p in get_edition(ed).presets)
                self.say(
                    t("Presets of the {e} for cast= and districts=: {p}.", e=edition_label(ed), p=presets)
                )
        elif word == "help":
            for line in help_lines():
                self.say(line)
            self.say(
                t(
                    "Your name: the first SSH key that logs in with a name keeps it for good; without a "
                    "key, the reconnect code shown when you sit down retakes your seat."
                )
            )
            if hub.order.is_admin(self.key):
                for line in admin_help_lines():
                    self.say(line)
        elif word in ADMIN_WORDS:
            for line in run_admin_command(hub, Admin(self.player, self.key, self.address), word, rest):
                self.say(line)
        elif word in HISTORY_WORDS:
            # The records are read in a worker: a slow database never holds up the session.
            self.run_worker(history_command(self, word, rest), group="history")
        elif word in ("quit", "exit"):
            self.app.exit(0)
        elif word in ("lang", "язык"):
            self.post_message(AppRequest("lang", rest))
        elif word == "new" and not rest:
            self._form()
        elif word == "new":
            self._new(rest.split())
        elif word in ("join", "watch"):
            ht = hub.get(self._number(rest))
            if word == "join":
                seat = hub.join(ht, self.player, self.key, self.code)
                self._seated = (ht.id, ht.names())  # who comes from now on is news
                if ht.table is not None:
                    self.post_message(SitDown(ht, seat))
                else:
                    self.say(t("You sit at table {n}; {c} starts the game.", n=ht.id, c=ht.creator))
                    self._tell_code(ht, seat)
            else:
                hub.watch(ht)
                self.post_message(SitDown(ht, None))
        elif word == "leave":
            mine = hub.find(self.player, self.key, self.code)
            if mine is None or mine[0].table is not None:
                self.say(t("You are not waiting at a table."), alert=True)
            else:
                hub.leave(mine[0], self.player, self.key, self.code)
                self.say(t("You left table {n}.", n=mine[0].id))
        elif word == "start":
            mine = hub.find(self.player, self.key, self.code)
            if mine is None:
                self.say(t("You are not at a table: “new” makes one."), alert=True)
            else:
                hub.start(mine[0], self.player)
        else:
            self.say(
                t(
                    "Unknown command {w!r}. To talk to the lobby: say TEXT; “help” lists the commands.",
                    w=word,
                ),
                alert=True,
            )

    def _tell_code(self, ht: HostedTable, seat: int) -> None:
        code = ht.holders[seat].code
        if code is not None:
            self.say(code_sentence(self.player, code))

    @staticmethod
    def _number(arg: str) -> int:
        try:
            return int(arg.lstrip("#"))
        except ValueError:
            raise HubError(t("Which table? Give its number, e.g. “join 1”.")) from None

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
                )
            except HubError as e:
                self.say(str(e), alert=True)
                return
            self.say(made_sentence(ht))
            self._seated = (ht.id, ht.names())
            self._tell_code(ht, 0)

        self.app.push_screen(TableFormScreen(), made)

    def _new(self, args: list[str]) -> None:
        ht = create_from_words(self.hub, self.player, self.key, self.code, args)
        self.say(made_sentence(ht))
        self._seated = (ht.id, ht.names())
        self._tell_code(ht, 0)

    def action_quit(self) -> None:
        self.app.exit(0)
