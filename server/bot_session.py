"""`ssh NAME@HOST bot [N]`: a program plays at a table of this server (docs/bot-protocol.md, "Over SSH").

Refused with one sentence unless the host admits bots and the login's key keeps its name. Admitted, the
session finds its seat: the one its name and key already hold (it came back), else table N's (`bot N`:
it sits there as a player joins, and waits for the table's maker to start), else the oldest waiting table
with a free seat, waiting up to the idle timeout for one. A table whose maker refused programs
(`outside_bots`) is never a bot's: `bot N` at one is told so in the protocol's `error` (`no_programs`). The name is kept as a bot's account from then on
(marked in the lobby and on the leaderboard), and the seat is played by bot_seat.py."""

from __future__ import annotations

import asyncio

from citadels_core import protocol
from citadels_tui.lobby import HostedTable, HubError

from .auth import Identity
from .bot_seat import BotSeat
from .exec_call import ExecCall, ExecCommand, UsageError
from .hub import Hub


def bot_refusal(allow_bots: bool, identity: Identity | None) -> str | None:
    """The sentence a `bot` session is refused with (bots are off here, or the login had no key that
    keeps its name), or None: it is admitted."""
    if not allow_bots:
        return "This server does not admit bots (its host has not set allow_bots)."
    if identity is None or identity.key_fingerprint is None:
        return "A bot must log in with an SSH key: its name is kept by that key."
    if identity.guest:
        return (
            f"The name {identity.asked_name or identity.name!r} belongs to another key; log in under another."
        )
    return None


def table_asked(words: list[str]) -> int | None:
    """The table a `bot` session asks for (`bot N`, `bot join N`), or None for the first free one."""
    if words[:1] == ["join"]:
        words = words[1:]
    if not words:
        return None
    if len(words) > 1 or not words[0].isdigit():
        raise UsageError("Say which table by its number, or nothing for the first with a free seat.")
    return int(words[0])


def first_open(hub: Hub) -> HostedTable | None:
    """The oldest table waiting for players with a seat free, whose maker admits programs."""
    return next(
        (ht for _, ht in sorted(hub.tables.items()) if ht.table is None and ht.free > 0 and ht.outside_bots),
        None,
    )


def refuse_programs(call: ExecCall, ht: HostedTable) -> None:
    """The protocol's `error` for a bot asking for table `ht`, whose maker takes no programs."""
    refused = protocol.ProtocolError(
        "no_programs", f"The maker of table {ht.id} takes no bot programs at it; ask for another table."
    )
    call.write_out(protocol.line(protocol.error(refused)).encode("ascii"))


async def seat_for(call: ExecCall, hub: Hub, asked: int | None) -> tuple[HostedTable, int] | None:
    """The bot's table and seat (see the module's docstring); None, said on standard error, if none."""
    name, key = call.player or "", call.key
    found = hub.find(name, key)
    if found is not None:
        return found
    deadline = asyncio.get_running_loop().time() + call.server.settings.idle_timeout
    changed = asyncio.Event()
    hub.subscribe(changed.set)
    try:
        while True:
            ht = hub.tables.get(asked) if asked is not None else first_open(hub)
            if ht is not None and not ht.outside_bots:
                refuse_programs(call, ht)
                return None
            if ht is not None:
                try:
                    return ht, hub.join(ht, name, key)
                except HubError as e:
                    if asked is not None:
                        call.complain(str(e))
                        return None
            elif asked is not None:
                call.complain(f"There is no table {asked}.")
                return None
            left = deadline - asyncio.get_running_loop().time()
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), left)
            except TimeoutError:
                call.complain("No table had a free seat in time; try again later.")
                return None
    finally:
        hub.unsubscribe(changed.set)


async def _bot(call: ExecCall) -> int:
    refusal = bot_refusal(call.server.settings.allow_bots, call.identity)
    hub = call.server.hub
    if refusal is None and hub is None:
        refusal = "This server hosts no tables."
    if refusal is not None or hub is None:
        call.complain(refusal or "")
        return 1
    asked = table_asked(call.words)
    assert call.player is not None  # admitted: a keyed login has its name
    hub.records.mark_bot(call.player)
    found = await seat_for(call, hub, asked)
    if found is None:
        return 1
    return await BotSeat(call, hub, *found).run()


BOT = ExecCommand(
    "bot", "bot [N]", "a program plays at table N, or the first free (docs/bot-protocol.md)", _bot
)
