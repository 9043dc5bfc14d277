"""A bot for the JSON-lines protocol (docs/bot-protocol.md) with nothing but the standard library: it
reads one message a line and answers each `decide` with a random action. Over a pipe (standard input
and output), as a local game's `cmd:` bot:

    citadels simulate --players 4 --games 10 --bots "cmd:python3 docs/examples/random_bot.py",normal,normal,normal

or over the `ssh` binary, to a server that admits bots (its host set `allow_bots`; a key is needed):

    python3 docs/examples/random_bot.py --ssh NAME@HOST --port 2222 [-i KEYFILE] [-o SSH_OPTION] [SEED]
"""

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Iterable
from typing import IO


def play(lines: Iterable[str], out: IO[str], rng: random.Random) -> None:
    for line in lines:
        message = json.loads(line)
        if message["type"] == "decide":
            action = rng.choice(message["actions"])
            print(json.dumps({"action": action["id"]}), file=out, flush=True)
        elif message["type"] == "error":
            print("told:", message["reason"], file=sys.stderr)
        elif message["type"] == "over":
            break


def main() -> int:
    parser = argparse.ArgumentParser(description="A random bot for the Citadels bot protocol.")
    parser.add_argument("seed", nargs="?", type=int)
    parser.add_argument("--ssh", metavar="NAME@HOST", help="play on a server, through the ssh binary")
    parser.add_argument("--port", type=int, default=2222)
    parser.add_argument("-i", dest="identity", metavar="KEYFILE", help="the key the bot logs in with")
    parser.add_argument("-o", dest="options", action="append", default=[], help="an option for ssh")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.ssh is None:
        play(sys.stdin, sys.stdout, rng)
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
        play(ssh.stdout, ssh.stdin, rng)
        ssh.stdin.close()
        return ssh.wait()


if __name__ == "__main__":
    sys.exit(main())
