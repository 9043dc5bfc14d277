"""Every command the server answers over SSH exec (`ssh -p PORT NAME@HOST COMMAND [ARGS]`), by name.

Each command lives with what it serves and is listed here once; `GameSession` hands an exec request to
`run_exec`. A name not listed gets one sentence and the list; an admin's command run with another key
is refused the same way, without running."""

from __future__ import annotations

import logging

from . import metrics
from .bot_session import BOT
from .exec_call import ExecCall, ExecCommand, UsageError
from .exec_ops import OPS
from .exec_turns import TURNS
from .plain_session import PLAIN

log = logging.getLogger("citadels_server.ssh")


async def _help(call: ExecCall) -> int:
    for command in visible_commands(call):
        call.say(f"{command.usage:28} {command.summary}")
    call.say("Play with: ssh -t -p PORT NAME@HOST")
    return 0


HELP = ExecCommand("help", "help", "what you can run here without a screen", _help)

COMMANDS: dict[str, ExecCommand] = {c.name: c for c in (HELP, BOT, PLAIN, *TURNS, *OPS)}


def is_admin(call: ExecCall) -> bool:
    hub = call.server.hub
    return hub is not None and hub.order.is_admin(call.key)


def visible_commands(call: ExecCall) -> list[ExecCommand]:
    """The commands this caller may run, in the order listed."""
    admin = is_admin(call)
    return [c for c in COMMANDS.values() if admin or not c.admin]


async def run_exec(call: ExecCall) -> int:
    """Run `call`'s command; its exit code (1 refused, 2 misused)."""
    command = COMMANDS.get(call.name)
    if command is None or (command.admin and not is_admin(call)):
        if command is not None:
            log.warning("session %d: %s's key may not run %r", call.session_id, call.player, call.name)
            metrics.refused("not_admin")
            call.complain(f"Only the server's admins may run {call.name!r}.")
            return 1
        names = ", ".join(c.name for c in visible_commands(call))
        call.complain(
            f"This server has no command {call.name[:40]!r}; it runs only these: {names}.\n"
            f"Play with: ssh -t -p {call.server.port} NAME@HOST"
        )
        return 1
    try:
        return await command.run(call)
    except UsageError as e:
        call.complain(f"{e}\nUsage: {command.usage}")
        return 2
