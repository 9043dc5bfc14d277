"""The Table/Seat seam between one game and its clients (this app now, SSH sessions later).

A Table owns one Game, its GameRecord (config, seed, actions) and its bots. A Seat is what one client
holds: its player's view, the events that player may see told as sentences, and a way to submit actions.
Listeners hear about every change; they are called on the event loop's thread, so an app turns each call
into `post_message` (safe from any app sharing the loop). Bots choose in a worker thread so that a slow
bot never freezes the loop that every table of a server shares.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from collections import namedtuple
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from citadels_core import Action, Game, GameConfig, IllegalAction
from citadels_core.events import Event
from citadels_core.narrate import narrate
from citadels_core.record import GameRecord, state_digest
from citadels_core.view import View, view

from .errors import SeatRefusal
from .i18n import Lazy, lazy_t, lazy_tn, translator
from .journal import Journal, Unkept
from .recap import Follow, Note, Recap
from .searches import HINT_PLAYOUTS, HINT_SECONDS, HINT_TOP, bot_decides, hint_search, tell_the_end
from .thinking import think, warm_up

if TYPE_CHECKING:
    from citadels_core.bots import Bot

log = logging.getLogger(__name__)

Listener = Callable[[], None]


# The records here are named tuples made with `collections.namedtuple`: `typing.NamedTuple` compiles each
# field's annotation at every start.
class LogLine(namedtuple("LogLine", "text private kind to_you", defaults=("", False))):
    """One narrated event's `text`; `private` when only some players (this one among them) may see it;
    `kind`: the event's kind, so a client can set rounds and the end apart ("recap", "summary": ours);
    `to_you`: done to this player by another (robbed, killed, a district destroyed …)."""

    __slots__ = ()


class HintRequest(namedtuple("HintRequest", "version view search")):
    """A hint asked for at one moment of the game, in the player's `view`. `search()` does the work, meant
    for a worker process: it reads only a copy of the game taken when the hint was asked for, and returns
    (action, score) pairs. Its answer is good while the table's `version` is still `version` (see
    `Seat.hint_current`)."""

    __slots__ = ()


class Table:
    """One game, its bots and its record; bot moves paced by `pace` seconds unless hurried."""

    def __init__(
        self,
        record: GameRecord,
        bots: dict[int, str],
        pace: float = 0.0,
        journal: Journal | None = None,
        start: str | None = None,
        bots_later: bool = False,
        turn_timer: float | None = None,
        standin_level: str = "normal",
        turn_based: bool = False,
    ) -> None:
        """`journal`: where the game is kept as it goes (`citadels_tui/journal.py`; None: nowhere).
        `start`: a position (docs/position.md) the game starts from instead of a new game's deal; the
        record's actions are then the moves made from it (its seed only seeds the bots). `bots_later`: the
        bots are made when first needed (`make_bots`) rather than now: importing them costs a start ~30 M
        instructions, before its first frame, although no bot moves before it (the app makes them once
        that frame is out). Who plays a seat is known either way: `bot_kinds`."""
        self.record = record
        self.start = start
        # What its log lines carry besides their sentence (a server's hosted table: its id, `table`).
        self.log_fields: dict[str, object] = {}
        self.start_game: Game | None = None
        if start is not None:
            # Imported only for a start from a position: the reader (and the re-deal it imports) is ~4 M
            # instructions that a plain start, which deals a new game, does not need.
            from citadels_core.position import from_position

            self.start_game = from_position(start, record_events=False)
        self.game: Game = self.replayed()
        self.bot_kinds = dict(bots)  # the seats bots play, and their levels
        self.programs: set[int] = set()  # seats a bot program has played over SSH (`who` marks them)
        self._bots: dict[int, Bot] | None = None
        if not bots_later:
            self.make_bots()
        self.pace = pace
        # A hosted table journals each action before anyone is told of it (see `_acted`): what a player
        # was shown is never lost, whatever happens to the server's process.
        self.journal: Journal = journal if journal is not None else Unkept()
        self.unjournalled = 0  # actions applied here whose journal write is not yet done
        # A replica of a table whose journal several processes share (docs/scaling.md): actions the other
        # processes journalled come through `receive`; those that came while this table's own were still
        # being journalled wait here, since whether they follow its own or replace them is not known yet.
        # When actions come past a gap, the journal is asked to read itself from there (`read_from`).
        self._arrived: list[tuple[int, list[tuple[int, Action]], bool]] = []
        self.save_error: str | Lazy | None = None  # Lazy: said in each reader's language
        self.version = 0  # bumped on every applied action; lets a waiting bot notice a stale view
        self._listeners: list[Listener] = []
        self._wake: asyncio.Event | None = None
        self._skip: asyncio.Event | None = None
        self._hurry = False
        self._closed = False
        # Hosted tables: seats whose player is away (the table waits at their decisions: nobody plays for
        # them while their seat is held), when each hold ends (loop time), the seconds a present human may
        # think before a stand-in plays that one decision for them (None: forever), at whose level.
        self.away: set[int] = set()
        self.away_until: dict[int, float] = {}
        self.turn_timer = turn_timer
        self.standin_level = standin_level
        self._standins: dict[int, Bot] = {}
        self._told_away: set[int] = set()
        # A turn-based table (turns.py): `turn_timer` runs from when the seat to move was first awaited
        # (`awaited`: the seat and that moment, seconds since the epoch, so that it outlives a restart),
        # and `late` are the seats a stand-in made a move for.
        self.turn_based = turn_based
        self.awaited: tuple[int, float] | None = None
        self.late: set[int] = set()

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat (made now if they were not yet: see `bots_later`)."""
        return self.make_bots()

    def make_bots(self) -> dict[int, Bot]:
        """Make the bots of `bot_kinds` if they are not made yet; the bots."""
        if self._bots is None:
            from citadels_core.bots import make_bot

            seed = self.record.seed
            self._bots = {seat: make_bot(kind, seed * 1009 + seat) for seat, kind in self.bot_kinds.items()}
            if any(getattr(b, "wants_worlds", False) for b in self._bots.values()):
                warm_up()  # a searching bot: its worker processes start now, not at its first move
        return self._bots

    def replayed(self) -> Game:
        """The game of the record: from a new game's deal, or from the start position, with every action."""
        if self.start is None:
            return self.record.replay()
        from citadels_core.position import from_position

        g = from_position(self.start)
        for p, a in self.record.actions:
            g.apply(p, a)
        return g

    @staticmethod
    def new(
        config: GameConfig,
        seed: int,
        bots: dict[int, str],
        pace: float = 0.0,
        journal: Journal | None = None,
        turn_timer: float | None = None,
        standin_level: str = "normal",
    ) -> Table:
        return Table(
            GameRecord(config, seed, []),
            bots,
            pace,
            journal,
            turn_timer=turn_timer,
            standin_level=standin_level,
        )

    @property
    def config(self) -> GameConfig:
        return self.game.config

    def seat(self, player: int | None) -> Seat:
        return Seat(self, player)

    # ---------------------------------------------------------------- listeners

    def subscribe(self, fn: Listener) -> None:
        self._listeners.append(fn)

    def unsubscribe(self, fn: Listener) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _notify(self) -> None:
        for fn in list(self._listeners):
            try:
                fn()
            except Exception:  # one broken client must not stop the table for the others
                log.exception("table listener failed", extra=self.log_fields)

    # ---------------------------------------------------------------- actions

    def submit(self, player: int, actions: Sequence[Action]) -> None:
        """Apply `actions` in order for `player`, all or none; IllegalAction says why not."""
        if not actions:
            return
        if player in self.bot_kinds:
            raise SeatRefusal("bot_seat")
        start = len(self.record.actions)
        if len(actions) > 1:
            # Check the whole sequence on a silent copy first, so a failure midway changes nothing.
            trial = self.game.clone()
            for a in actions:
                trial.apply(player, a)
        else:
            self.game.apply(player, actions[0])
            self._record(player, actions[0])
            self._acted(start)
            return
        for a in actions:
            self.game.apply(player, a)
            self._record(player, a)
        self._acted(start)

    def _record(self, player: int, action: Action) -> None:
        self.record.actions.append((player, action))
        self.version += 1

    def _acted(self, start: int) -> None:
        """Actions from number `start` were applied: journal them, then tell everyone. Until the journal
        has them (and every action before them) nobody is told: an action shown was an action kept."""
        moves = self.record.actions[start:]
        self.unjournalled += len(moves)
        try:
            written = self.journal.keep(start, list(moves), self.record.actions[start - 1] if start else None)
        except Exception as e:  # noqa: BLE001 - the journal refused at once: as if its write failed
            written = asyncio.get_running_loop().create_future()
            written.set_exception(e)
        if written is None:  # nothing to wait for: shown at once
            self.unjournalled -= len(moves)
            self._changed()
            return
        written.add_done_callback(lambda done: self._journalled(done, start, len(moves)))

    def _journalled(self, done: asyncio.Future[None], start: int, count: int) -> None:
        from .records import PlaceTaken  # imported where used: the records are not needed to start the app

        self.unjournalled -= count
        if not done.cancelled() and done.exception() is None:
            self.save_error = None
            if len(self.record.actions) < start + count:
                # Kept, though an earlier claim's failure had dropped these moves here (the action that
                # took that place was the same as this table's): a shared journal has them, read them back.
                self.journal.read_from(len(self.record.actions))
            if self.unjournalled == 0:  # else what the players would see includes moves not yet kept
                self._received()
                self._changed()
            return
        if not done.cancelled() and isinstance(taken := done.exception(), PlaceTaken):
            # Another process's action took the place first (docs/scaling.md): this table's moves from
            # `start` were never kept and never shown; the game goes on from what the journal holds.
            self._replace_from(taken.start, taken.there)
            self.save_error = lazy_t("Another move was made first: the game is shown as it is now.")
            if self.unjournalled == 0:
                self._received()
            self._changed()
            return
        # Not kept: the game goes back to before these actions (and whatever followed them, which was
        # never shown either), so that no player sees a move a restart would not know.
        log.error(
            "the journal could not keep actions from %d: %s",
            start,
            done.exception() if not done.cancelled() else "cancelled",
            extra=self.log_fields,
        )
        self.save_error = lazy_t("The game could not be saved, so the last move was not made; try it again.")
        if len(self.record.actions) > start:
            del self.record.actions[start:]
            self.game = self.replayed()
            self.version += 1
            # A shared journal is not this table's to cut (other processes' actions may follow): it is
            # read again from there instead, which also brings back these moves if they were kept.
            if not self.journal.read_from(start):
                self.journal.forget(start, None)
        self._changed()

    def receive(self, start: int, moves: Sequence[tuple[int, Action]], ends: bool = False) -> None:
        """Actions number `start`, `start + 1` … that another process kept in this table's journal (this
        table is a replica, docs/scaling.md): applied and shown; those it has already are skipped. Past its
        end (a notice missed or still behind), the journal is asked to read itself from this table's end.
        `ends`: the journal ends with them (read to its end, or cut back there: `receive(n, [], ends=True)`
        for a decision another process took back), so what this table has beyond them goes."""
        if self.unjournalled:
            self._arrived.append((start, list(moves), ends))
            return
        have = len(self.record.actions)
        if start > have:
            if not self.journal.read_from(have):
                log.warning(
                    "actions from %d came to a table of %d actions: nobody reads the journal",
                    start,
                    have,
                    extra=self.log_fields,
                )
            return
        if ends and have > start + len(moves):
            self._replace_from(start, moves)
            self._changed()
            return
        new = list(moves)[have - start :]
        if new:
            for seat, action in new:
                self.game.apply(seat, action)
                self._record(seat, action)
            self._changed()

    def _received(self) -> None:
        arrived, self._arrived = self._arrived, []
        for start, moves, ends in arrived:
            self.receive(start, moves, ends)

    def _replace_from(self, start: int, there: Sequence[tuple[int, Action]]) -> None:
        """The record from action `start` on is `there` (what the journal holds), not what this table had."""
        del self.record.actions[start:]
        self.game = self.replayed()
        for seat, action in there:
            self.game.apply(seat, action)
            self.record.actions.append((seat, action))
        self.version += 1  # a bot thinking, or a hint, about the position before is stale

    def _changed(self) -> None:
        self.record.final = state_digest(self.game)
        try:
            if self.journal.save(self.record):
                self.save_error = None
        except OSError as e:
            self.save_error = f"The game could not be saved: {e.strerror or e}."
        self.note_awaited()
        if self._wake is not None:
            self._wake.set()
        self._notify()

    def take_back(self, player: int) -> tuple[str | None, Action | None]:
        """Take back `player`'s last decision (Board Game Arena's rule, `citadels_core.takeback`): the game is
        rebuilt from the record without it, saved, and every client told. Returns (None, the action taken
        back), or (why not, None) with a `takeback` refusal code, and nothing changes."""
        from citadels_core.takeback import take_back_refusal

        why = take_back_refusal(
            self.config, self.record.seed, self.record.actions, player, self.game, self.start_game
        )
        if why is not None:
            return why, None
        taken = self.record.actions.pop()
        action = taken[1]
        self.game = self.replayed()
        # A bot thinking about the position that followed, or a hint about it, is now stale: both check this.
        self.version += 1
        # Shown once the journal forgot it too: a restart must not bring a taken-back move back.
        self.unjournalled += 1
        forgotten = self.journal.forget(len(self.record.actions), taken)
        if forgotten is None:  # nothing to wait for: shown at once
            self.unjournalled -= 1
            self._changed()
        else:
            forgotten.add_done_callback(self._forgotten)
        return None, action

    def _forgotten(self, done: asyncio.Future[None]) -> None:
        from .records import PlaceTaken  # imported where used: the records are not needed to start the app

        self.unjournalled -= 1
        if not done.cancelled() and isinstance(taken := done.exception(), PlaceTaken):
            # Another process's action followed the decision before it was taken back: it stands.
            self._replace_from(taken.start, taken.there)
            self.save_error = lazy_t("Another move was made first, so that decision could not be taken back.")
            if self.unjournalled == 0:
                self._received()
                self._changed()
            return
        if done.cancelled() or done.exception() is not None:
            log.error("the journal could not forget a decision taken back: %s", done, extra=self.log_fields)
            self.save_error = lazy_t("The game could not be saved; a restart may bring the last move back.")
        if self.unjournalled == 0:
            self._received()
            self._changed()

    # ---------------------------------------------------------------- bots

    def skip(self) -> None:
        """Stop waiting between bot moves until a human must decide again."""
        self._hurry = True
        if self._skip is not None:
            self._skip.set()

    @property
    def closed(self) -> bool:
        """Whether the table was closed: its game goes no further."""
        return self._closed

    def close(self) -> None:
        self._closed = True
        if self._wake is not None:
            self._wake.set()
        if self._skip is not None:
            self._skip.set()

    def bot_to_move(self) -> bool:
        pd = self.game.pending()
        return pd is not None and pd[0] in self.bot_kinds

    def wake(self) -> None:
        """Look again at who must move (a player left or came back, or a seat went to a bot)."""
        if self._wake is not None:
            self._wake.set()

    def set_away(self, player: int, away: bool, until: float | None = None) -> None:
        """Mark `player` away or back. The table waits at an away player's decisions (bots play up to them):
        their seat is held for them until `until` (the loop's time), when the host gives it to a bot."""
        if away:
            self.away.add(player)
            if until is not None:
                self.away_until[player] = until
        else:
            self.away.discard(player)
            self.away_until.pop(player, None)
            self._told_away.discard(player)
        self.wake()

    def give_to_bot(self, player: int, level: str) -> None:
        """The seat is a bot's for the rest of the game (its player did not come back in time)."""
        from citadels_core.bots import make_bot

        self.bots[player] = make_bot(level, self.record.seed * 1009 + player)
        self.bot_kinds[player] = level
        self.set_away(player, False)

    def _standin(self, player: int) -> Bot:
        bot = self._standins.get(player)
        if bot is None:
            from citadels_core.bots import make_bot

            bot = self._standins[player] = make_bot(self.standin_level, self.record.seed * 1013 + player)
        return bot

    def _say(self, text: Lazy) -> None:
        try:
            self.journal.say(text)
        except Exception:  # the announcement is a courtesy; the game goes on without it
            log.exception("table announcement failed", extra=self.log_fields)

    async def run(self) -> None:
        """Play the bots' moves until the game ends or the table closes."""
        self._wake = asyncio.Event()
        self._skip = asyncio.Event()
        while not self._closed:
            pd = self.game.pending()
            if pd is None:  # a program in a seat hears the end (bots/outside.py), off the loop
                await asyncio.to_thread(tell_the_end, self._bots or {}, self.game)
                return
            player = pd[0]
            is_bot = player in self.bot_kinds  # the bots themselves are made when one must move
            if not is_bot and player in self.away:
                # Nobody plays for a player whose seat is held: the table waits until they come back or the
                # seat goes to a bot (set_away and give_to_bot wake it).
                if player not in self._told_away:  # said once per absence, not at every wake-up
                    self._told_away.add(player)
                    self._say(self._waits_for(player))
                self._wake.clear()
                if self.game.pending() == pd and player in self.away and not self._closed:
                    await self._wake.wait()
                continue
            if not is_bot:
                self._hurry = False
                self._wake.clear()
                version = self.version
                if self.game.pending() == pd and not self._closed:
                    try:
                        await asyncio.wait_for(self._wake.wait(), self._time_left())
                    except TimeoutError:
                        # Too slow: a stand-in makes this one decision, unless the player just did.
                        if self.version == version and not self._closed and player not in self.away:
                            name = self.config.names[player]
                            if self.turn_based:
                                self.late.add(player)
                            log.info("a stand-in plays for %s, who was too slow", name, extra=self.log_fields)
                            said = (
                                lazy_t("{p}'s clock ran out: a bot makes their move.", p=name)
                                if self.turn_based
                                else lazy_t("{p} took too long: a bot plays for them.", p=name)
                            )
                            await self._play(player, self._standin(player), said, slow=True)
                continue
            if self.pace > 0 and not self._hurry:
                self._skip.clear()
                try:
                    await asyncio.wait_for(self._skip.wait(), self.pace)
                except TimeoutError:
                    pass
            if self._closed:
                return
            if self.game.pending() != pd:
                continue  # the game changed while the bot waited (a decision was taken back)
            await self._play(player, self.bots[player])

    def note_awaited(self) -> None:
        """Note since when the seat to move has been awaited: from when its move first became its own."""
        pd = self.game.pending()
        if pd is None:
            self.awaited = None
        elif self.awaited is None or self.awaited[0] != pd[0]:
            self.awaited = (pd[0], time.time())

    def _time_left(self) -> float | None:
        """The seconds the player to move may still think (None: forever): a turn-based table's clock
        runs from `awaited`, a fast one's from now."""
        if not self.turn_based or self.turn_timer is None:
            return self.turn_timer
        self.note_awaited()
        return None if self.awaited is None else max(0.0, self.awaited[1] + self.turn_timer - time.time())

    def _waits_for(self, player: int) -> Lazy:
        name = self.config.names[player]
        until = self.away_until.get(player)
        if until is None:
            return lazy_t("The table waits for {p} to come back.", p=name)
        left = max(1, math.ceil(until - asyncio.get_running_loop().time()))
        if left >= 120:
            return lazy_tn(
                "The table waits for {p} to come back (up to {n} minute).",
                "The table waits for {p} to come back (up to {n} minutes).",
                round(left / 60),
                p=name,
            )
        return lazy_tn(
            "The table waits for {p} to come back (up to {n} second).",
            "The table waits for {p} to come back (up to {n} seconds).",
            left,
            p=name,
        )

    async def _play(
        self, player: int, bot: Bot, announcement: Lazy | None = None, slow: bool = False
    ) -> None:
        """One bot decision for `player`, chosen off the loop; dropped if the game moved meanwhile."""
        version = self.version
        try:
            # The bot thinks on a copy (the live game may change meanwhile), off the loop. `decide` hands a
            # searching bot (`hard`) its worlds, re-dealt from what this seat may know; a search holds the
            # CPU for up to a second, so it runs in a worker process and the bot comes back with its memory.
            if getattr(bot, "wants_moves", False):
                # A bot that follows its search tree by the moves made since its last decision (`expert`)
                # thinks on a copy that keeps them.
                self.game.record_moves()
                game = self.game.clone_keeping_moves()
            else:
                game = self.game.clone()
            if getattr(bot, "wants_worlds", False):
                action, thought = await think(bot_decides, bot, game, player)
                # Its memory of a decision that will not be played (the game moved meanwhile) is not kept.
                if version == self.version:
                    self._keep(player, bot, thought)
            else:
                from citadels_core.bots import decide

                action = await asyncio.to_thread(decide, bot, game, player)
        except Exception:  # a broken bot must not stop the table: it plays the first legal action
            log.exception("bot %s failed", self.bot_kinds.get(player, "stand-in"), extra=self.log_fields)
            action = self.game.legal_actions()[0]
        if self._closed or version != self.version:
            return
        if player not in self.bot_kinds and (player in self.away or not slow):
            return  # a stand-in for a slow player who left while it thought: the table waits for them now
        if announcement:
            self._say(announcement)
        try:
            self.game.apply(player, action)
        except IllegalAction:
            log.exception(
                "bot %s chose an illegal action %s",
                self.bot_kinds.get(player, "stand-in"),
                action,
                extra=self.log_fields,
            )
            action = self.game.legal_actions()[0]
            self.game.apply(player, action)
        self._record(player, action)
        self._acted(len(self.record.actions) - 1)

    def _keep(self, player: int, bot: Bot, thought: Bot) -> None:
        """Put `thought` (the bot as it came back from a worker) where `bot` was, if it is still there."""
        if self.bots.get(player) is bot:
            self.bots[player] = thought
        elif self._standins.get(player) is bot:
            self._standins[player] = thought

    def play_bots_now(self) -> None:
        """Play every bot move until a human decides or the game ends (tests, headless use)."""
        while True:
            pd = self.game.pending()
            if pd is None or pd[0] not in self.bot_kinds:
                return
            from citadels_core.bots import decide

            action = decide(self.bots[pd[0]], self.game, pd[0])
            self.game.apply(pd[0], action)
            self._record(pd[0], action)
            self._acted(len(self.record.actions) - 1)


class Seat:
    """What one client holds: its player's view and events, and the way to act for that player."""

    def __init__(self, table: Table, player: int | None) -> None:
        self.table = table
        self.player = player
        # What the events mean for this player, folded once (events only grow; a new game starts over).
        self._follow: Follow | None = None
        self._notes: list[Note | None] = []
        self._followed: object = None  # the event list folded

    @property
    def config(self) -> GameConfig:
        return self.table.config

    def view(self) -> View:
        return view(self.table.game, self.player)

    def lines(self, start: int = 0) -> tuple[list[LogLine], int]:
        """Narrated events this player may see from event index `start`, and the index to continue from."""
        g = self.table.game
        events = g.events or []
        notes = self.notes(events)
        out: list[LogLine] = []
        for e, note in zip(events[start:], notes[start:], strict=True):
            if note is None:
                continue  # not this player's to see
            out.append(
                LogLine(
                    narrate(g.config, e, self.player, translator()),
                    e.audience is not None,
                    e.kind,
                    note.to_you,
                )
            )
            for extra in note.after:
                recap = isinstance(extra, Recap)
                out.append(LogLine(extra.text(), False, "recap" if recap else "summary", recap))
        return out, len(events)

    def notes(self, events: list[Event]) -> list[Note | None]:
        """What each event means for this player (None: not theirs to see); see citadels_tui/recap.py."""
        if self._follow is None or self._followed is not events or len(self._notes) > len(events):
            self._follow, self._notes, self._followed = Follow(self.config, self.player), [], events
        follow, notes = self._follow, self._notes
        mine = [i for i in range(len(notes), len(events)) if events[i].visible_to(self.player)]
        notes.extend([None] * (len(events) - len(notes)))
        for i in mine:
            # The next event this player sees, if it is already told (a robbery comes with its call).
            nxt = next(
                (events[x] for x in range(i + 1, len(events)) if events[x].visible_to(self.player)), None
            )
            notes[i] = follow.feed(events[i], nxt)
        return notes

    def submit(self, actions: Sequence[Action]) -> None:
        if self.player is None:
            raise SeatRefusal("spectator")
        self.table.submit(self.player, actions)

    def my_turn(self) -> bool:
        pd = self.table.game.pending()
        return pd is not None and pd[0] == self.player

    def ask_hint(
        self, playouts: int = HINT_PLAYOUTS, seconds: float | None = HINT_SECONDS, top: int = HINT_TOP
    ) -> HintRequest | None:
        """The `hard` bot's top choices for this player's decision now, with their estimated chances to win;
        None when this player has nothing to decide. The search sees what this player sees: their view, and
        worlds in which everything hidden from them is dealt again. Without a time cap (`seconds=None`) the
        same position always gets the same hint."""
        if self.player is None or not self.my_turn():
            return None
        table, player = self.table, self.player
        game = table.game.clone()  # the search runs in another thread: never on the live game
        v = view(game, player)
        seed = (table.record.seed * 7919 + table.version) % 2**63

        search = functools.partial(hint_search, v, game, player, playouts, top, seed, seconds)
        return HintRequest(table.version, v, search)

    def hint_current(self, request: HintRequest) -> bool:
        """Whether the game is still where it was when `request` was made (nobody acted since)."""
        return request.version == self.table.version and self.my_turn() and not self.table.closed
