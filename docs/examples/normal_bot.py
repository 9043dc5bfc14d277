"""A bot for the JSON-lines protocol (docs/bot-protocol.md) that plays as the game's own `normal` bot. Unlike
random_bot.py it is not standard library only: it imports this project's engine, `citadels_core` (installed
with `pip install citadels-tui`), reads each `decide` back into the seat's view (`protocol.read_view`) and
lets `NormalBot` choose from it. One bot is kept for the whole game, since `normal` remembers the drafts it
saw. Given the seed a local game gives its seat (`seed * 31 + seat`), it makes the built-in bot's every move.

Over a pipe (standard input and output), as a local game's `cmd:` bot:

    citadels tournament --players 4 --games 8 --bots "cmd:python3 docs/examples/normal_bot.py",normal,easy,random

or over the `ssh` binary, to a server that admits bots (its host set `allow_bots`; a key is needed):

    python3 docs/examples/normal_bot.py --ssh NAME@HOST --port 2222 [-i KEYFILE] [-o SSH_OPTION] [SEED]
"""

import argparse
import json
import subprocess
import sys
from collections.abc import Iterable
from typing import IO

from citadels_core.bots import NormalBot
from citadels_core.protocol import read_view


def play(lines: Iterable[str], out: IO[str], bot: NormalBot) -> None:
    for line in lines:
        message = json.loads(line)
        if message["type"] == "decide":
            v = read_view(message)
            chosen = bot.choose(v)
            print(json.dumps({"action": v.legal.index(chosen)}), file=out, flush=True)
        elif message["type"] == "error":
            print("told:", message["reason"], file=sys.stderr)
        elif message["type"] == "over":
            break


def main() -> int:
    parser = argparse.ArgumentParser(description="The normal bot for the Citadels bot protocol.")
    parser.add_argument("seed", nargs="?", type=int, default=0)
    parser.add_argument("--ssh", metavar="NAME@HOST", help="play on a server, through the ssh binary")
    parser.add_argument("--port", type=int, default=2222)
    parser.add_argument("-i", dest="identity", metavar="KEYFILE", help="the key the bot logs in with")
    parser.add_argument("-o", dest="options", action="append", default=[], help="an option for ssh")
    args = parser.parse_args()
    bot = NormalBot(args.seed)
    if args.ssh is None:
        play(sys.stdin, sys.stdout, bot)
        return 0
    command = ["ssh", "-T", "-p", str(args.port)]
    if args.identity:
        command += ["-i", args.identity, "-o", "IdentitiesOnly=yes"]
    for option in args.options:
        command += ["-o", option]
    # The server's sentence, if it refuses the bot, goes to ssh's standard error, which is ours.
    with subprocess.Popen(
        [*command, args.ssh, "bot"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as ssh:
        assert ssh.stdin is not None and ssh.stdout is not None
        play(ssh.stdout, ssh.stdin, bot)
        ssh.stdin.close()
        return ssh.wait()


if __name__ == "__main__":
    sys.exit(main())
