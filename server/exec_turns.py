"""Turn-based play without a screen (`ssh HOST status`, `ssh HOST play 3 "build castle"`): the tables a key's
player sits at and whose move each awaits, a seat's story since its last move with the numbered choices,
and a move made; `ssh HOST table new|join|start` makes, joins and starts a turn-based table.

Only a login with a key is answered: a turn-based seat is kept by the key it was taken with, and what a
seat may see (its hand, its private events) goes only to that key (`Seat`'s view and lines, decided in
`core`). Every refusal is one sentence on standard error with exit code 1 (2: the words are not a
command)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from citadels_core import IllegalAction
from citadels_core.record import GameRecord
from citadels_tui import sentences
from citadels_tui.commands import parse
from citadels_tui.errors import explain_refusal
from citadels_tui.i18n import t
from citadels_tui.lobby import HostedTable, HubError
from citadels_tui.plain import TOLD, printable  # the panes as sentences, as in plain mode (`play 3 hand`)
from citadels_tui.table import Seat, Table
from citadels_tui.turns import (
    clock_text,
    create_from_words,
    late_rule,
    made_sentence,
    span,
    turn_seats,
    waited,
)

from .exec_call import ExecCall, ExecCommand, UsageError
from .webhooks import form_of, usable_url

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("citadels_server.ssh")

# How long `play N MOVE` waits for the bots that move after it, so that what it prints ends where a human
# is awaited; a table whose bots think longer is told as far as it got.
BOTS_WAIT = 20.0


class Refused(Exception):
    """One sentence for the client, exit code 1."""


def _player(call: ExecCall) -> tuple[str, str]:
    if call.player is None or call.key is None:
        raise Refused(
            "These commands answer only a login with an SSH key: a turn-based seat is kept by its key."
        )
    return call.player, call.key


def _hub(call: ExecCall) -> Hub:
    hub = call.server.hub
    if hub is None:
        raise Refused("This server hosts no tables.")
    return hub


def _number(word: str) -> int:
    try:
        return int(word.lstrip("#"))
    except ValueError:
        raise UsageError(f"A table is given by its number, not {word[:40]!r}.") from None


def _my_seat(call: ExecCall, words: list[str]) -> tuple[HostedTable, Table, int]:
    """The turn-based table in play named by `words[0]`, its game and the caller's seat there."""
    name, key = _player(call)
    if not words:
        raise UsageError("Which table? Give its number.")
    try:
        ht = _hub(call).get(_number(words[0]))
    except HubError as e:
        raise Refused(str(e)) from None
    seat = ht.seat_of(name, key)
    if seat is None:
        raise Refused(f"You have no seat at table {ht.id}.")
    if ht.table is None:
        raise Refused(f"Table {ht.id} has not started yet.")
    if not ht.turn_based:
        raise Refused(f"Table {ht.id} is not turn-based: play it on the screen (ssh -t).")
    return ht, ht.table, seat


def _to_move(ht: HostedTable, table: Table) -> int | None:
    pd = table.game.pending()
    return None if pd is None else pd[0]


def _whose(ht: HostedTable, table: Table, seat: int, now: float) -> str:
    """Whose move table `ht` awaits, as `status` says it to `seat`'s player."""
    if table.game.over:
        return "the game is over"
    mover = _to_move(ht, table)
    if mover is None:
        return "nobody's move"
    w = waited(ht, mover, now)
    timing = "" if w is None else f" (waiting {span(w[0])}, {span(w[1])} left)"
    if mover == seat:
        return "your move" + timing
    return f"{table.config.names[mover]}'s move" + timing


# ------------------------------------------------------------------------------------------------ status


async def _status(call: ExecCall) -> int:
    try:
        name, key = _player(call)
        hub = _hub(call)
    except Refused as e:
        call.complain(str(e))
        return 1
    now = time.time()
    rows: list[dict[str, Any]] = []
    for ht, seat in turn_seats(hub, name, key):
        table = ht.table
        assert table is not None  # turn_seats lists tables in play
        mover = _to_move(ht, table)
        w = None if mover is None else waited(ht, mover, now)
        rows.append(
            {
                "table": ht.id,
                "seat": seat,
                "clock": clock_text(ht.turn_timer, True),
                "to_move": None if mover is None else table.config.names[mover],
                "yours": mover == seat,
                "since": table.awaited[1] if table.awaited is not None and w is not None else None,
                "waiting": None if w is None else round(w[0]),
                "left": None if w is None else round(w[1]),
                "text": _whose(ht, table, seat, now),
            }
        )
    waiting = [ht for ht in sorted(hub.tables.values(), key=lambda x: x.id) if ht.table is None]
    for ht in waiting:
        sitting = ht.seat_of(name, key)
        if sitting is not None:
            rows.append(
                {
                    "table": ht.id,
                    "seat": sitting,
                    "clock": clock_text(ht.turn_timer, ht.turn_based),
                    "to_move": None,
                    "yours": False,
                    "since": None,
                    "waiting": None,
                    "left": None,
                    "text": f"not started: {len(ht.holders)} of {ht.players} seats taken, {ht.creator} starts it",
                }
            )
    if call.json:
        call.say_json(rows)
    elif not rows:
        call.say("You have no seat at a turn-based table.")
    else:
        for row in rows:
            call.say(printable(f"Table {row['table']} ({row['clock']}): {row['text']}."))
    return 0


# ------------------------------------------------------------------------------------------------ play


def _after_last_move(table: Table, seat: int) -> int:
    """The index of the first event after `seat`'s last move (0: it has not moved yet)."""
    actions = table.record.actions
    last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), None)
    if last is None:
        return 0
    replayed = GameRecord(table.record.config, table.record.seed, actions[: last + 1]).replay()
    return len(replayed.events or [])


def _tell(call: ExecCall, seat: Seat, start: int) -> None:
    """The story `seat` may see from event `start`, then its choices, or whose move it is, or the end."""
    lines, _ = seat.lines(start)
    for line in lines:
        call.say(printable((t("(only you) ") if line.private else "") + line.text))
    v, cfg = seat.view(), seat.config
    if v.result is not None:
        for sentence in sentences.scores(v, cfg):
            call.say(printable(sentence))
        call.say("The game is over.")
    elif seat.my_turn():
        call.say("You can:")
        for option in sentences.options(v, cfg):
            call.say(printable("  " + option))
    else:
        pd = seat.table.game.pending()
        if pd is not None:
            call.say(printable(f"It is {cfg.names[pd[0]]}'s move."))


async def _settled(table: Table, seat: int) -> None:
    """Wait until the move is kept and the bots after it have played: a human (or nobody) is awaited."""
    changed = asyncio.Event()
    table.subscribe(changed.set)
    try:
        while True:
            pd = table.game.pending()
            if table.unjournalled == 0 and (pd is None or pd[0] not in table.bot_kinds) or table.closed:
                return
            changed.clear()
            await changed.wait()
    finally:
        table.unsubscribe(changed.set)


def _refused(call: ExecCall, ht: HostedTable, text: str) -> int:
    """A move refused at `ht`: its sentence to the client, and a line in the log that says only so (the
    sentence may name a card in the player's hand)."""
    call.complain(printable(text))
    log.info("table %d: a move by %s was refused", ht.id, call.player)
    return 1


async def _play(call: ExecCall) -> int:
    try:
        ht, table, seat_no = _my_seat(call, call.words)
    except Refused as e:
        call.complain(str(e))
        return 1
    seat = table.seat(seat_no)
    if len(call.words) == 1:
        _tell(call, seat, _after_last_move(table, seat_no))
        return 0
    if len(call.words) > 2:
        raise UsageError('Give the move as one word or in quotes: play 3 "build castle".')
    text = call.words[1]
    v, cfg = seat.view(), seat.config
    cmd = parse(text, v, cfg)
    if cmd.app in TOLD:
        try:
            for line in TOLD[cmd.app](v, cfg, cmd.arg):
                call.say(printable(line))
        except sentences.Unknown as e:
            call.complain(printable(str(e)))
            return 1
        return 0
    if table.game.over:
        return _refused(call, ht, f"The game at table {ht.id} is over.")
    if not seat.my_turn():
        mover = _to_move(ht, table)
        who = "" if mover is None else f"; it is {cfg.names[mover]}'s"
        return _refused(call, ht, f"It is not your move at table {ht.id}{who}.")
    if cmd.error or not cmd.actions:
        return _refused(call, ht, cmd.error or f"{text[:60]!r} is not a move; “play {ht.id}” lists yours.")
    before_events, before_actions = len(table.game.events or []), len(table.record.actions)
    try:
        seat.submit(cmd.actions)
    except IllegalAction as e:
        return _refused(call, ht, explain_refusal(e, cfg, v, list(cmd.actions)))
    try:
        await asyncio.wait_for(_settled(table, seat_no), BOTS_WAIT)
    except TimeoutError:
        pass  # the bots still think: what happened so far is told, `play N` tells the rest later
    if len(table.record.actions) <= before_actions or table.save_error is not None and table.unjournalled:
        return _refused(call, ht, str(table.save_error or "The move was not kept; try it again."))
    _tell(call, seat, before_events)
    return 0


# ------------------------------------------------------------------------------------------------ table


async def _table(call: ExecCall) -> int:
    if not call.words or call.words[0] not in ("new", "join", "start"):
        raise UsageError("Say table new OPTIONS, table join N or table start N.")
    word, rest = call.words[0], call.words[1:]
    try:
        name, key = _player(call)
        hub = _hub(call)
        if word == "new":
            if not any(w.lower().startswith("timer=") and w[-1:].lower() in ("h", "d") for w in rest):
                raise Refused(
                    "Over SSH commands a table is turn-based: give its clock, timer=5h or timer=1d."
                )
            ht = create_from_words(hub, name, key, None, rest)
            await hub.written()  # a script's next command, on any process, finds the table
            call.say(printable(made_sentence(ht)))
            call.say(f"Over SSH: the others run “table join {ht.id}”, and you “table start {ht.id}”.")
            return 0
        if len(rest) != 1:
            raise UsageError(f"Say table {word} N.")
        ht = hub.get(_number(rest[0]))
        if not ht.turn_based:
            raise Refused(f"Table {ht.id} is not turn-based: sit there on the screen (ssh -t).")
        if word == "join":
            seat = hub.join(ht, name, key)
            await hub.written()
            call.say(printable(f"You sit at table {ht.id} (seat {seat + 1}); {ht.creator} starts the game."))
            call.say(late_rule(ht))  # the table's rule for the rating, as its maker was told it
            return 0
        if ht.seat_of(name, key) is None:
            raise Refused(f"You have no seat at table {ht.id}.")
        table = hub.start(ht, name)
        await hub.written()
        call.say(printable(f"Table {ht.id} started: {', '.join(table.config.names)}."))
        return 0
    except (Refused, HubError) as e:
        call.complain(printable(str(e)))
        return 1


async def _webhook(call: ExecCall) -> int:
    try:
        _, key = _player(call)
        hooks = _hub(call).webhooks
        if hooks is None:
            raise Refused("This server posts no webhooks (its host has not set allow_webhooks).")
    except Refused as e:
        call.complain(str(e))
        return 1
    if not call.words:
        address, _, named = hooks.urls.get(key, "").partition(" ")
        form = named or form_of(address)
        call.say(
            f"Your webhook: {address} ({form})."
            if address
            else "You have no webhook here; webhook URL gives one."
        )
        return 0
    if len(call.words) > 2:
        raise UsageError(
            "Give one address (and its form, discord, slack or ntfy, if it does not say), or off."
        )
    if len(call.words) == 1 and call.words[0].lower() == "off":
        hooks.set(key, None)
        call.say("Your webhook is off.")
        return 0
    form = call.words[1].lower() if len(call.words) == 2 else None
    why = usable_url(call.words[0], form)
    if why is not None:
        call.complain(why)
        return 1
    hooks.set(key, call.words[0] if form is None else f"{call.words[0]} {form}")
    said = form or form_of(call.words[0])
    call.say(f"When a turn-based table awaits your move, this server posts a notice there ({said}).")
    return 0


STATUS = ExecCommand(
    "status", "status [--json]", "your turn-based tables and whose move each awaits", _status
)
PLAY = ExecCommand(
    "play", 'play N ["MOVE"]', "table N: your story since your last move and your choices, or a move", _play
)
TABLE = ExecCommand(
    "table", "table new|join|start …", "make (timer=1d …), join or start a turn-based table", _table
)
WEBHOOK = ExecCommand(
    "webhook",
    "webhook [URL [FORM]|off]",
    "where the server posts when your move is awaited (ntfy, Discord, Slack)",
    _webhook,
)
TURNS = (STATUS, PLAY, TABLE, WEBHOOK)
