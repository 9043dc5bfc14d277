"""A server's lobby and tables as lines of text: plain mode (plain.py) for a hosted game, any transport.

The same `Lobby` as the full-screen lobby (lobby_screen.py), asked the same things: list the tables, make
one (`new 2 bots=hard`), `join N`, `watch N`, `leave`, `start`, `say TEXT`, `who` is here, `lang en|ru`,
the admins' commands, the history (`games [all]`, `replay N [ROUND]`, `leaderboard [humans]`: the full
screen's own commands, history_words.py, said in sentences by plain_history.py), `quit`. A player who comes back while holding a seat at a game in play goes straight
back to it. At a table the game is a `PlainSeat` of the hub's own `Table`: its timer, its stand-in bots and
its secrets are the full app's, and `say TEXT` and `lobby` work as on the hosted game screen. When the
game ends the player is back in the lobby (as a script playing game after game expects), where the end
screen's words tell that game: `review` its review (PlainSeat's own) and `board` its final board. It rings
where the full screen does, with a line (ringer.py's `LineRinger`; `notify`, in the lobby or at a table).

`PlainLobby.run` reads lines from a coroutine and writes text through a function, so the server's SSH
session (citadels_server.plain_session) and a test drive it alike. Everything runs on the loop of the hub;
what other sessions change is only noted from their callbacks (an event set), and told in this session's
own task, in its player's language."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

from citadels_core import IllegalAction

from . import learn
from .command_words import APP_WORDS
from .history_words import WORDS as HISTORY_WORDS
from .history_words import history_command, is_me
from .i18n import Lazy, available, language, lazy_t, normalize, own_language_context, set_language, t
from .lobby import HostedTable, HubError, Lobby, new_seat_code
from .lobby_help import code_sentence, plain_help_lines, table_edition, table_players, table_status
from .lobby_words import lobby_command, tell_comings_and_goings, welcome
from .plain import OVER, PROMPT, PlainSeat, Prompter, printable
from .plain_history import game_sentence, replay_lines, round_asked, standing_sentence
from .plain_lesson import LessonSeat, lesson_table
from .records import FinishedGame, GameSummary, Standing
from .replay import Replay
from .ringer import LineRinger, mentions
from .table import Table
from .turns import awaiting, clock_text

Read = Callable[[], Awaitable[str | None]]

# The last lines of the lobby chat a newcomer reads (as on the full screen).
CHAT_ON_ARRIVAL = 20


def table_sentence(ht: HostedTable, is_bot: Callable[[str], bool] = lambda name: False) -> str:
    """One table of the lobby as a sentence: who sits there (a bot's account marked, `is_bot`), its
    settings and how far its game is."""
    sentence = t(
        "Table {n} ({s}): {names}. Seats: {p}, free: {f}; edition {e}, cast {c} and districts {d}, bots {b}, "
        "timer {tm}.",
        n=ht.id,
        s=table_status(ht, ", "),
        names=", ".join(table_players(ht, is_bot)) or "-",
        p=ht.players,
        f=ht.free,
        e=table_edition(ht, ", "),
        c=ht.cast,
        d=ht.districts,
        b=ht.bot_level,
        tm=clock_text(ht.turn_timer, ht.turn_based) if ht.turn_timer else t("none"),
    )
    return sentence if ht.outside_bots else " ".join((sentence, t("No bot programs.")))


class PlainLobby:
    """One player's session of a server as lines (see the module's docstring).

    It is also what the hub's `Order` knows of the session (order.Attendee: `name`, `key`, `address`,
    `dismiss`, `table_closed`, `motd_changed`), so an admin's kick, a closed table and a new message of the
    day reach it as they reach a full-screen session."""

    def __init__(
        self,
        hub: Lobby,
        name: str,
        key: str | None,
        write: Callable[[str], None],
        *,
        code: str | None = None,
        address: str = "",
        notice: tuple[str, str] | None = None,
        lang: str | None = None,
        typed: Callable[[], str] | None = None,
    ) -> None:
        self.hub = hub
        self.name = name
        self.key = key
        # Without a key, the seats this session takes carry a reconnect code: the one given at login, or
        # a new one, told when the player sits down.
        self.code = None if key is not None else (code or new_seat_code())
        self.address = address
        self.notice = notice
        # Everything is written through `lines`: news that comes while the prompt waits (or while the
        # player's line is half typed, `typed`: the session's line editor) starts a line of its own.
        self.lines = Prompter(write, typed)
        self.write = self.lines.write
        # What rings this session (a line; the bell only if asked), for this session only, as the full
        # screen's over SSH.
        self.ringer = LineRinger(self.say, self.write)
        set_language(lang or "en", self)  # sets `i18n_language`: this session's own language
        self.face: PlainSeat | None = None  # the game shown, at a table
        self.hosted: HostedTable | None = None
        # `learn`: the lesson's table, this session's own (no hosted table), and the task playing its bots.
        self.lesson: tuple[Table, asyncio.Task[None]] | None = None
        self.my_seat: int | None = None  # at a table: the seat played, None for a spectator
        # The face of the last game this session saw to its end, kept for `review` and `board` in the lobby
        # (the end screen's words: the player is back in the lobby when the game ends).
        self.ended: PlainSeat | None = None
        self.dismissed = False  # an admin ended the session (their sentence is told first)
        self.done = False
        self._changed = asyncio.Event()
        self._news: list[str | Lazy] = []  # what the hub's Order said to this session, to be told
        self._closed: list[int] = []  # tables an admin closed, to be looked at
        self._lobby_chat = max(0, len(hub.chat) - CHAT_ON_ARRIVAL)
        self._table_chat = 0
        self._known: set[int] = set()  # the tables told of
        self._waiting_at: int | None = None  # the table not yet started where this player sits
        # The turn-based tables awaiting this player's move at the last look (the welcome says them).
        self._awaited = awaiting(hub, name, key)
        self.seated: tuple[int, list[str]] | None = None  # that table and who sat there, last look
        # A command's read of the records (history, the day's puzzle), awaited by the session's task before
        # the next prompt, so that its lines come first.
        self._later: Coroutine[Any, Any, None] | None = None

    # ------------------------------------------------------------ writing

    def say(self, line: str, alert: bool = False) -> None:
        self.write(printable(line) + "\n")

    def prompt(self) -> None:
        self.write(PROMPT)

    # ------------------------------------------------------------ order.Attendee

    def dismiss(self, farewell: Lazy) -> None:
        self._news.append(farewell)  # told in this session's language when looked at
        self.dismissed = True
        self._changed.set()

    def table_closed(self, tid: int, sentence: Lazy) -> None:
        self._closed.append(tid)
        self._news.append(sentence)
        self._changed.set()

    def motd_changed(self, motd: str) -> None:
        if motd:
            self._news.append(lazy_t("Message of the day: {m}", m=motd))
        self._changed.set()

    def _noticed(self) -> None:
        # Called by the hub or the table from whichever session changed it: only noted here.
        self._changed.set()

    # ------------------------------------------------------------ the session

    async def run(self, read: Read) -> int:
        """Talk with the player until they quit, their input ends or an admin ends the session; the exit
        code. The session's own language is set in a context of its own (i18n.py finds it there)."""
        ctx = own_language_context(self)
        return await asyncio.get_running_loop().create_task(self._run(read), context=ctx)

    async def _run(self, read: Read) -> int:
        hub = self.hub
        hub.subscribe(self._noticed)
        hub.order.arrive(self)
        reading: asyncio.Future[str | bool | None] = asyncio.ensure_future(read())
        try:
            self._welcome()
            mine = hub.find(self.name, self.key, self.code)
            if mine is not None and mine[0].table is not None:
                self._sit(*mine)  # back after a drop: the seat, the whole story and the chat
            else:
                self._note_waiting()
                self.prompt()
            while not self.done:
                waiting: asyncio.Future[str | bool | None] = asyncio.ensure_future(self._changed.wait())
                await asyncio.wait([reading, waiting], return_when=asyncio.FIRST_COMPLETED)
                waiting.cancel()
                if reading.done():
                    self.lines.answered()
                if self._changed.is_set():
                    self._changed.clear()
                    self._look()
                if reading.done() and not self.done:
                    line = reading.result()
                    if not isinstance(line, str):
                        break
                    self._command(line)
                    await self._finish_later()
                    if not self.done:
                        reading = asyncio.ensure_future(read())
                self.lines.again(self.face is None or self.face.seat.my_turn())
        finally:
            reading.cancel()
            hub.unsubscribe(self._noticed)
            hub.order.leave(self)
            self._stand_up()
            mine = hub.find(self.name, self.key, self.code)
            if mine is not None and mine[0].table is None and not mine[0].turn_based:
                # Nobody waits for a player who left; a turn-based table keeps its seats: they come back.
                hub.leave(mine[0], self.name, self.key, self.code)
        return 0

    def _welcome(self) -> None:
        welcome(self, self.notice)
        if self.hub.order.motd:
            self.say(t("Message of the day: {m}", m=self.hub.order.motd))
        self._tables()
        self._lobby_news(ring=False)

    # ------------------------------------------------------------ news

    def _look(self) -> None:
        """Tell what changed since the last look: what the admins said, the chat, the game."""
        for line in self._news:
            self.say(str(line))
        self._news.clear()
        if self.dismissed:
            self.done = True
            return
        if self.hosted is not None and self.hosted.id in self._closed:
            self.hosted = self.my_seat = None  # the table is gone: there is no seat to give up
            self._leave_table()
        self._closed.clear()
        if self.face is not None:
            self._table_news()
        else:
            self._lobby_news()
            mine = self._note_waiting()
            if mine is not None and mine[0].table is not None and mine[0].id == self._waiting_at:
                self._waiting_at = None
                self.ringer.ring("table", t("Table {n} started", n=mine[0].id) + ".")
                self._sit(*mine)
        self._moves_awaited()  # where the player is now: at a table it awaits, its turn rang there

    def _moves_awaited(self) -> None:
        """A turn-based table that comes to await this player's move while they are elsewhere rings (at it,
        the turn rings as at any table)."""
        awaited = awaiting(self.hub, self.name, self.key)
        here = {self.hosted.id} if self.hosted is not None else set()
        for tid in sorted(awaited - self._awaited - here):
            self.ringer.ring("turn", t("Your turn at table {n}: “join {n}” takes you there.", n=tid))
        self._awaited = awaited

    def _lobby_news(self, ring: bool = True) -> None:
        for tid, ht in self.hub.tables.items():
            if tid not in self._known:  # a table made since the last look
                self.say(table_sentence(ht, self.hub.records.is_bot))
        self._known = set(self.hub.tables)
        self._chat(self.hub.chat[self._lobby_chat :], ring)
        self._lobby_chat = len(self.hub.chat)

    def _table_news(self, ring: bool = True) -> None:
        assert self.face is not None
        self.face.update()
        if self.hosted is not None:
            self._chat(self.hosted.chat[self._table_chat :], ring)
            self._table_chat = len(self.hosted.chat)
        if self.face.asked == OVER:
            self.ended = self.face
            self.say(t("In the lobby, “review” tells this game round by round and “board” its final board."))
            self._leave_table()

    def _chat(self, lines: Sequence[str | Lazy], ring: bool) -> None:
        """Tell chat lines; `ring`: they are new (not those read on arrival), and one naming this player
        rings."""
        rung = not ring
        for line in lines:
            self.say("* " + str(line) if isinstance(line, Lazy) else line)
            if not rung and isinstance(line, str) and mentions(line, self.name):
                rung = self.ringer.ring("mention", t("{p} named you in the chat.", p=line.partition(": ")[0]))

    def _note_waiting(self) -> tuple[HostedTable, int] | None:
        """This player's table and seat, if any; tells who came and went at a table not yet started."""
        mine = self.hub.find(self.name, self.key, self.code)
        if mine is None and self._waiting_at is not None and self._waiting_at in self.hub.tables:
            # A turn-based table in play is not `find`'s (its players come when they will), but one who
            # waited there for its start is taken to it as at any table.
            ht = self.hub.tables[self._waiting_at]
            seat = ht.seat_of(self.name, self.key, self.code)
            if ht.turn_based and ht.table is not None and seat is not None:
                mine = ht, seat
        if mine is None or mine[0].table is not None:
            self.seated = None
            return mine
        ht = mine[0]
        self._waiting_at = ht.id
        if tell_comings_and_goings(self, ht):
            self.ringer.ring("table", t("Table {n} is full: type “start”.", n=ht.id))
        return mine

    # ------------------------------------------------------------ seats

    def _sit(self, ht: HostedTable, seat: int | None) -> None:
        assert ht.table is not None
        self._stand_up()
        self.hosted, self.my_seat = ht, seat
        if seat is not None:
            self.hub.arrive(ht, seat)
        ht.table.subscribe(self._noticed)
        self.say(
            t("You watch table {n}: you see what every spectator sees.", n=ht.id)
            if seat is None
            else t("Table {n}. “say TEXT” talks to the table; “lobby” goes back.", n=ht.id)
        )
        code = ht.holders[seat].code if seat is not None and seat < len(ht.holders) else None
        if code is not None:
            self.say(code_sentence(self.name, code))
        self.face = PlainSeat(
            ht.table.seat(seat),
            self.write,
            timer=None if ht.turn_based else ht.table.turn_timer,  # a turn-based clock: in the table's line
            turn_came=lambda: self.ringer.ring("turn", t("Your turn at table {n}.", n=ht.id)),
            choose_language=self.choose_language,
        )
        self.face.mine = ht.id in self._awaited  # a turn-based move already told (rung, or the welcome's)
        self._table_chat = 0  # the whole table chat on arrival: a returning player reads what they missed
        self._table_news(ring=False)

    def _learn(self) -> None:
        """`learn`: the guided first game as lines (plain_lesson.py), this session's own; `lobby` comes back."""
        self._stand_up()
        table = lesson_table()
        table.subscribe(self._noticed)
        self.lesson = (table, asyncio.get_running_loop().create_task(table.run()))
        self.my_seat = learn.PLAYER
        self.say(str(learn.WELCOME))
        self.say(t("“lobby” goes back to the lobby."))
        self.face = LessonSeat(table.seat(learn.PLAYER), self.write)
        self._table_news()

    def _stand_up(self) -> None:
        ht, seat, face = self.hosted, self.my_seat, self.face
        self.hosted = self.my_seat = self.face = None
        if face is not None:
            face.seat.table.unsubscribe(self._noticed)
        if self.lesson is not None:
            table, bots = self.lesson
            self.lesson = None
            table.close()
            bots.cancel()
        if ht is None:
            return
        if seat is None:
            self.hub.unwatch(ht)
        else:
            self.hub.depart(ht, seat)

    def _leave_table(self) -> None:
        """Back in the lobby (from a game over, a closed table or `lobby`)."""
        self._stand_up()
        self.say(t("You are in the lobby."))
        self._tables()
        self.prompt()

    # ------------------------------------------------------------ commands

    async def _finish_later(self) -> None:
        """Await the records' read a command asked for (`later`), then prompt: its lines come first."""
        work, self._later = self._later, None
        if work is None:
            return
        try:
            await work
        finally:
            if not self.done and self.face is None:
                self.prompt()

    def _command(self, text: str) -> None:
        try:
            if self.face is not None:
                self._at_table(text)
            else:
                self._in_lobby(text.strip())
                if not self.done and self.face is None and self._later is None:
                    self.prompt()
        except HubError as e:
            self.say(str(e))
            if self.face is None:
                self.prompt()

    def _at_table(self, text: str) -> None:
        assert self.face is not None
        word, _, rest = text.strip().partition(" ")
        if word.lower() == "say" and rest.strip() and self.hosted is not None:
            self.hub.say_table(self.hosted, self.name, rest.strip())
            return
        if self.own_words(APP_WORDS.get(word.lower(), word.lower()), rest.strip(), at_table=True):
            return
        if word.lower() in ("lobby", "лобби") and not rest:
            self._leave_table()
            return
        if not text.strip() and self.my_seat is None:
            return  # a spectator has no options to list
        try:
            if not self.face.command(text):
                self.done = True
                return
        except IllegalAction as e:  # a spectator's action: the table refuses it
            self.say(str(e))
        if self.face is not None:
            self._table_news()

    def _in_lobby(self, text: str) -> None:
        typed, _, rest = text.partition(" ")
        if typed.lower() in ("board", "доска") and not rest:  # the end screen's word, not the lobby's `look`
            self._final_board()
        elif text:
            lobby_command(self, text)

    def _final_board(self) -> None:
        """`board`: the last finished game's table as `look` told it at its end."""
        if self.ended is None:
            self.say(t("No game has ended here yet: “board” then tells its final board."))
            return
        self.ended.command("look")  # the game is over: no prompt of the table's follows

    def _review(self, rest: str) -> None:
        """`review`: the last finished game's review, as its seat may know it (PlainSeat's own)."""
        if rest:
            self.say(
                t("“review” alone tells your last finished game; “replay N” tells game N of the history.")
            )
        elif self.ended is None:
            self.say(t("No game has ended here yet: “review” then tells it round by round."))
        else:
            self.ended.review()
            turning = self.ended.turning
            if turning is not None and not turning.done():
                # The turning points come later: the prompt is written again after them.
                turning.add_done_callback(lambda _: self._changed.set())

    # -- what only plain mode does with the lobby's words (lobby_words.py) --------------------------------

    @property
    def player(self) -> str:
        return self.name

    def go_to_table(self, ht: HostedTable, seat: int | None) -> None:
        self._sit(ht, seat)

    def open_form(self) -> bool:
        return False  # no form in lines: `new` alone makes the default table

    def choose_language(self, words: str) -> None:
        code = normalize(words)
        if code is None:
            self.say(t("There is no language called {n}; known: {l}.", n=words, l=", ".join(available())))
        else:
            set_language(code, self)
            self.say(t("Language: {l}.", l=language()))

    def quit(self) -> None:
        self.say(t("Goodbye."))
        self.done = True

    def help_lines(self) -> list[str]:
        return plain_help_lines()

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        self._later = work

    def own_words(self, word: str, rest: str, at_table: bool = False) -> bool:
        """Plain mode's own words; at a table, only `notify` (the rest are the game's)."""
        if word == "ring":  # `notify …`
            self.say(self.ringer.notify(rest))
            if self.face is not None and self.face.seat.my_turn():
                self.prompt()
            return True
        if at_table:
            return False
        if word == "review":
            self._review(rest)
            return True
        if word in HISTORY_WORDS:
            self.later(history_command(self, word, rest))
            return True
        if word in learn.LEARN_WORDS and not rest:
            self._learn()
            return True
        if word not in ("tables", "list", "look"):
            return False
        self._tables()
        return True

    # -- the history's sentences (history_words.HistoryFace) ----------------------------------------------

    def show_games(self, games: Sequence[GameSummary], everyone: bool) -> None:
        self.say(
            t("Finished games on this server, the latest first:")
            if everyone
            else t("Your finished games, the latest first:")
        )
        for g in games:
            self.say(game_sentence(g, self.name, self.hub.records.is_bot))
        self.say(t("“replay N” tells game N again, a round at a time: “replay N 2” tells its round 2."))

    def show_standings(self, standings: Sequence[Standing]) -> None:
        for rank, s in enumerate(standings, 1):
            self.say(standing_sentence(rank, s, is_me(self, s)))

    async def show_replay(self, gid: int, kept: FinishedGame, more: list[str]) -> None:
        # Playing the game again to each move takes a moment for a long game: not on the event loop.
        replay = await asyncio.to_thread(Replay, kept.record, None)
        r = round_asked(more, replay.rounds)
        if isinstance(r, str):
            self.say(r)
            return
        for line in replay_lines(replay, gid, r, kept.summary, self.name):
            self.say(line)

    def _tables(self) -> None:
        self._known = set(self.hub.tables)
        if not self.hub.tables:
            self.say(t("No tables yet: type “new” to make one."))
        for ht in self.hub.tables.values():
            self.say(table_sentence(ht, self.hub.records.is_bot))
