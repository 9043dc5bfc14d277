"""The bot levels a player chooses from, weakest first (`random` last: it is for tests).

One list for every help, form and error that names them. It lives apart from `bots/` so that naming the
levels (a command's help) does not import every bot."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random")
# Besides the levels: `cmd:PROGRAM`, another program in the seat (bots/outside.py, docs/bot-protocol.md).
OUTSIDE = "cmd:"
PROGRAM_TIMEOUT = 10.0  # seconds such a program may take over a decision, unless told (`--bot-timeout`)
