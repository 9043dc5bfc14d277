"""The app of one SSH session: the lobby, then a seat (or a spectator's view) at one of the hub's tables.

It is the same CitadelsApp as the local game, told to play at hosted tables: it neither reads nor
writes files on the server (no settings, no saves), and the hub, not the app, runs the bots.
A player who connects while holding a seat at a game in play goes straight back to it (a player without
a key proves it with the reconnect code the server checked at login, `info.seat_code`)."""

from __future__ import annotations

import logging
from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message
from textual.timer import Timer

from citadels_themes import DEFAULT_THEME

from . import learn
from .app import CitadelsApp
from .components.game_screen import GameScreen
from .components.hosted_game_screen import HostedGameScreen
from .components.lesson_screen import LessonScreen, holds_scores
from .components.lobby_screen import HubChanged, LearnRequested, LobbyScreen, SitDown
from .i18n import Lazy, from_environment, t
from .lobby import HostedTable, Lobby, new_seat_code
from .ringer import Ringer, in_tmux, mentions
from .session_facts import SaysFarewell, SessionFacts
from .settings import Settings
from .table import Seat
from .turns import awaiting

# The shortest time between two redraws of one session's lobby for news from the hub (tables, chat).
HUB_NEWS_INTERVAL = 0.2

log = logging.getLogger(__name__)


def ssh_app_factory(info: SessionFacts, hub: Lobby) -> LobbyApp:
    """The app for one SSH session (`info` is the server's SessionInfo: name, key_fingerprint, …).

    `hub` holds every table of the server (a `citadels_tui.lobby.Lobby`): the server passes its own, built
    with its settings (`citadels_server.game`)."""
    return LobbyApp(info, hub)


class Dismissed(Message):
    """An admin ended this session (kick, ban): `farewell` is the last thing its player reads."""

    def __init__(self, farewell: Lazy) -> None:
        super().__init__()
        self.farewell = farewell


class TableClosed(Message):
    """An admin closed table `tid`."""

    def __init__(self, tid: int, sentence: Lazy) -> None:
        super().__init__()
        self.tid = tid
        self.sentence = sentence


class MotdChanged(Message):
    """The host changed the message of the day."""

    def __init__(self, motd: str) -> None:
        super().__init__()
        self.motd = motd


class Presence:
    """This session as the hub's `Order` knows it (order.Attendee): what an admin's command reaches. Every
    method only posts a message into the session's own app."""

    def __init__(self, app: LobbyApp, address: str) -> None:
        self.app = app
        self.name = app.player_name
        self.key = app.key
        self.address = address

    def dismiss(self, farewell: Lazy) -> None:
        self.app.post_message(Dismissed(farewell))

    def table_closed(self, tid: int, sentence: Lazy) -> None:
        self.app.post_message(TableClosed(tid, sentence))

    def motd_changed(self, motd: str) -> None:
        self.app.post_message(MotdChanged(motd))


class LobbyApp(CitadelsApp):
    GAME_DEPTH = 3  # the default screen, the lobby, the game
    GAME_FIRST = False  # its first screen is not a game of its own

    def __init__(self, info: SessionFacts, hub: Lobby) -> None:
        # The player's language: their ssh's locale variables when it sends them, else the server's locale
        # (never the server's own settings file: that is the host's, not the player's).
        client_locale = dict(info.locale)
        super().__init__(lang=from_environment(client_locale) if client_locale else from_environment())
        # The server's user settings are not the player's: defaults, never written.
        self.settings = Settings(name=info.name, bot_pace=hub.pace)
        self.settings_writable = False
        # The player's terminal is the one their ssh runs in: a tmux pane if its TERM says so.
        self.ringer = Ringer(self.write_to_terminal, in_tmux(info.term_type))
        self.chat_seen: dict[
            int | None, object
        ] = {}  # the last line looked at in each chat (None: the lobby's)
        self.rang_full: int | None = None  # the table whose filling was rung
        self.awaited: set[int] = set()  # the turn-based tables awaiting this player's move, last look
        self.notes.clear()
        self.theme_request = self.settings.theme
        self.theme_early()
        self.player_name: str = info.name
        self.key: str | None = info.key_fingerprint
        # Without a key, the seats this session takes carry one reconnect code: the one the player gave at
        # login (the server checked it against their seat), else a new one, shown when they sit down.
        self.seat_code: str | None = None
        if self.key is None:
            self.seat_code = info.seat_code or new_seat_code()
        self.notice = (info.notice, info.asked_name or "") if info.notice else None
        self.hub = hub
        self.presence = Presence(self, info.peer[0])
        # The server reads it once this app has ended (SaysFarewell).
        self.session_farewell: str | None = None
        self.hosted: HostedTable | None = None
        self.my_seat: int | None = None  # the seat shown, None for a spectator
        self.lobby: LobbyScreen | None = None
        self._waiting_at: int | None = None  # the id of the table where we wait for the start
        self._hub_news_posted = False
        self._hub_news_at = -HUB_NEWS_INTERVAL
        self._hub_news_timer: Timer | None = None

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual gives each class's handler the event it asks for
        # Textual would run CitadelsApp.on_mount next (handlers run down the MRO): that one starts a
        # local game, which a hosted session must not.
        event.prevent_default()
        self.set_theme(self.theme_request or DEFAULT_THEME, quiet=True)  # as the other apps do
        self.hub.subscribe(self._hub_changed)
        self.hub.order.arrive(self.presence)
        self.chat_seen[None] = self.hub.chat[-1] if self.hub.chat else None  # lines said before are not rung
        self.awaited = awaiting(self.hub, self.player_name, self.key)  # the lobby's first line says them
        self.lobby = LobbyScreen(
            self.hub, self.player_name, self.key, self.seat_code, self.notice, address=self.presence.address
        )
        self.push_screen(self.lobby)
        mine = self._note_waiting()  # a table not yet started: taken to it when it starts
        if mine is not None and mine[0].table is not None:
            self.sit(*mine)  # back after a drop: the seat, the current view and the whole story

    def on_unmount(self) -> None:
        self.hub.unsubscribe(self._hub_changed)
        self.hub.order.leave(self.presence)
        self._stand_up()  # CitadelsApp.on_unmount runs next (Textual calls it too)
        mine = self.hub.find(self.player_name, self.key, self.seat_code)
        if mine is not None and mine[0].table is None and not mine[0].turn_based:
            self.hub.leave(
                mine[0], self.player_name, self.key, self.seat_code
            )  # nobody waits for a player who left (a turn-based table keeps its seats: they come back)

    # ------------------------------------------------------------ hub news

    def _hub_changed(self) -> None:
        # Called by the hub from whichever session changed it: only post into this app, and only once
        # until this app has looked (a burst of changes is one look at the latest state). Whether this
        # player waits at a table is noted at once: `new⏎start⏎` typed in one burst makes the table and
        # starts it before this app looks, and the player must still be taken to it.
        self._note_waiting()
        if not self._hub_news_posted:
            self._hub_news_posted = True
            self.post_message(HubChanged())

    def on_hub_changed(self, message: HubChanged) -> None:
        self._hub_news_posted = False
        # Every change redraws every lobby of the server: at most once per HUB_NEWS_INTERVAL here, so one
        # player making and leaving tables in a loop cannot make every other session redraw without end.
        wait = self._hub_news_at + HUB_NEWS_INTERVAL - monotonic()
        if wait <= 0:
            self._show_hub_news()
        elif self._hub_news_timer is None:
            self._hub_news_timer = self.set_timer(wait, self._show_hub_news)
        # Where this player sits is followed at every change, not only at redraws.
        mine = self._note_waiting()
        self._ring_for_news(mine)
        if mine is not None and mine[0].table is not None and mine[0].id == self._waiting_at:
            self.ringer.ring("table", t("Table {n} started", n=mine[0].id))
            # The table we waited at just started: go to it, even from another game we were watching.
            # (Only then: a player who went back to the lobby from their game stays in the lobby.)
            self._waiting_at = None
            self.sit(*mine)

    def _ring_for_news(self, mine: tuple[HostedTable, int] | None) -> None:
        """Ring the maker of the table this player waits at once it is full (they start it), and anyone a chat
        line names."""
        if (
            mine is not None
            and mine[0].table is None
            and mine[0].free == 0
            and mine[0].creator == self.player_name
            and self.rang_full != mine[0].id
        ):
            self.rang_full = mine[0].id
            self.ringer.ring("table", t("Table {n} is full", n=mine[0].id))
        chats: list[tuple[int | None, list[Any]]] = [(None, self.hub.chat)]
        for ht in {x.id: x for x in (mine[0] if mine else None, self.hosted) if x is not None}.values():
            chats.append((ht.id, ht.chat))  # the table waited at, and the one shown (a turn-based game)
        # A turn-based table that comes to await this player's move while they are elsewhere rings as a
        # turn; at it, the turn rings as at any table.
        awaited = awaiting(self.hub, self.player_name, self.key)
        came = sorted(awaited - self.awaited - ({self.hosted.id} if self.hosted is not None else set()))
        played = self.awaited - awaited
        self.awaited = awaited
        if came:
            self.ringer.ring("turn", t("Your turn at table {n}", n=came[0]))
        elif played and not awaited and not self.my_turn:
            self.ringer.settle()  # the title goes back once no table awaits this player
        for where, lines in chats:
            for line in self._new_lines(where, lines):
                if isinstance(line, str) and mentions(line, self.player_name):
                    self.ringer.ring("mention", line)
                    break

    def _new_lines(self, where: int | None, lines: list[Any]) -> list[Any]:
        """The lines of a chat since it was last looked at (none the first time: those were there before)."""
        if not lines:
            self.chat_seen.setdefault(where, None)  # looked at, empty: its first line is new
            return []
        first_look = where not in self.chat_seen
        last = self.chat_seen.get(where)
        self.chat_seen[where] = lines[-1]
        if first_look:
            return []
        new = []
        for line in reversed(lines):
            if line is last:
                break
            new.append(line)
        return new[::-1]

    def _note_waiting(self) -> tuple[HostedTable, int] | None:
        """This player's table and seat, if any; a table not yet started is the one they wait at."""
        mine = self.hub.find(self.player_name, self.key, self.seat_code)
        if mine is not None and mine[0].table is None:
            self._waiting_at = mine[0].id
        elif mine is None and self._waiting_at is not None and self._waiting_at in self.hub.tables:
            # A turn-based table in play is not `find`'s (its players come when they will), but one who
            # waited there for its start is taken to it as at any table.
            ht = self.hub.tables[self._waiting_at]
            seat = ht.seat_of(self.player_name, self.key, self.seat_code)
            if ht.turn_based and seat is not None:
                return ht, seat
        return mine

    def _show_hub_news(self) -> None:
        self._hub_news_timer = None
        self._hub_news_at = monotonic()
        if self.lobby is not None and self.lobby.is_attached:
            self.lobby.refresh_lobby()
        if (
            isinstance(self.game_screen, HostedGameScreen)
            and self.game_screen.is_attached
            and self.game_screen.is_mounted
        ):
            self.game_screen.show_chat()

    # ------------------------------------------------------------ an admin's word, the host's message

    def on_dismissed(self, message: Dismissed) -> None:
        self.session_farewell = str(message.farewell)  # in this player's language
        log.info("session of %s ended by an admin", self.player_name)
        self.exit(0)

    def on_table_closed(self, message: TableClosed) -> None:
        if self.hosted is not None and self.hosted.id == message.tid:
            self.hosted = self.my_seat = None  # the table is gone: there is no seat to give up
            self.back_to_lobby()
        elif self._waiting_at != message.tid:
            return
        self._waiting_at = None
        if self.lobby is not None:
            self.lobby.say(str(message.sentence), alert=True)

    def on_motd_changed(self, message: MotdChanged) -> None:
        if self.lobby is not None:
            self.lobby.show_motd(message.motd)
        if message.motd:  # in the lobby's log or the game's story, wherever the player is
            self.say(t("Message of the day: {m}", m=message.motd), alert=True)

    def on_sit_down(self, message: SitDown) -> None:
        self.sit(message.ht, message.seat)

    def on_learn_requested(self, message: LearnRequested) -> None:
        self.learn()

    # ------------------------------------------------------------ seats

    def sit(self, ht: HostedTable, seat: int | None) -> None:
        assert ht.table is not None
        self.back_to_lobby()  # from another table: CitadelsApp.attach would switch the lobby screen away
        self.hosted, self.my_seat = ht, seat
        if seat is not None:
            self.hub.arrive(ht, seat)
        s = ht.table.seat(seat)
        self.hosted_seat = s
        self.attach(s, owned=False)

    def make_game_screen(self, seat: Seat) -> GameScreen:
        if seat.table.start == learn.POSITION:
            return LessonScreen(seat, to_lobby=self.back_to_lobby)
        assert self.hosted is not None
        return HostedGameScreen(seat, self.hub, self.hosted, self.player_name, self.back_to_lobby)

    def learn(self) -> None:
        """`learn`: the guided first game (learn.py), this session's own: its bots play in this app, no
        other player sees it, and `lobby` comes back. Shown as a hosted game is, so that the app's
        commands that would reach the server's disk (the user's themes, a new local game) stay closed."""
        self.back_to_lobby()
        self.play_position(learn.POSITION, learn.PLAYER, learn.BOTS, learn.SEED)
        self.notes[-1:] = [(str(learn.WELCOME), False)]
        self.hosted_seat = self.seat

    def _stand_up(self) -> None:
        ht, seat = self.hosted, self.my_seat
        self.hosted = self.my_seat = None
        if ht is None:
            return
        if seat is None:
            self.hub.unwatch(ht)
        else:
            self.hub.depart(ht, seat)

    def back_to_lobby(self) -> None:
        if self.table is not None:
            self.table.unsubscribe(self._table_changed)
            if self.owns_table:  # the lesson's: its bots stop with it
                self.table.close()
                self.owns_table = False
        self._stand_up()
        self.table = self.seat = self.hosted_seat = None
        self.game_screen = None
        while len(self.screen_stack) > 2:
            self.pop_screen()

    # ------------------------------------------------------------ overrides of the local game

    def watching(self) -> bool:
        return self.seat is not None and self.seat.player is None

    def show_results(self) -> None:
        if not holds_scores(self.game_screen):
            super().show_results()

    def _end_chosen(self, choice: str | None) -> None:
        if choice in ("again", "lobby"):
            self.back_to_lobby()
        elif choice == "board":
            super()._end_chosen(choice)
        else:
            self.exit(0)

    def _relabel(self) -> None:
        # The lobby under the game is built again too (at once when shown, else when shown again).
        if self.lobby is not None:
            self.lobby.relabel_when_shown()
        if self.game_screen is not None:
            super()._relabel()

    def say(self, text: str, alert: bool = False) -> None:
        if self.game_screen is None and self.lobby is not None and self.lobby.is_current:
            self.lobby.say(text, alert)
        else:
            super().say(text, alert)

    def set_pace(self, arg: str) -> None:
        self.say(t("The host sets the bots' pace at a hosted table."), alert=True)


if TYPE_CHECKING:

    def _as_the_server_reads_it(app: LobbyApp) -> SaysFarewell:
        """The server reads an ended app's farewell through `SaysFarewell`: this has mypy check that
        LobbyApp satisfies it."""
        return app
