"""`ssh NAME@HOST bot`: whether the session may bring a program to this server's tables, and if not, the one
sentence that says why (docs/bot-protocol.md, "Over SSH")."""

from __future__ import annotations

from .auth import Identity
from .exec_call import ExecCall, ExecCommand


def bot_refusal(allow_bots: bool, identity: Identity | None) -> str:
    """The sentence a `bot` session is refused with: bots are off here, or the login had no key; while
    bot seats over SSH are not served, a session that passes both is refused too, and told so."""
    if not allow_bots:
        return "This server does not admit bots (its host has not set allow_bots)."
    if identity is None or identity.key_fingerprint is None:
        return "A bot must log in with an SSH key: its name is kept by that key."
    return "This server admits bots, but does not yet seat them over SSH; play them with cmd:PROGRAM locally."


async def _bot(call: ExecCall) -> int:
    call.complain(bot_refusal(call.server.settings.allow_bots, call.identity))
    return 1


BOT = ExecCommand("bot", "bot", "a program plays at a table (docs/bot-protocol.md)", _bot)
