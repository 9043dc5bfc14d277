"""The `citadels` command. It sits in the top layer because it reaches every layer: play (the app),
serve (the SSH server), simulate and replay (the engine). Each subcommand lives in its own module
(`cli_play`, `cli_serve`, `cli_replay`, `cli_bots`, `cli_database`, `cli_puzzle`; the parser in
`cli_parser`), imported
only when run: a start pays for the command it runs, and heavy imports happen inside each command."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

# What `build_parser().parse_args([])` gives (tests/server/test_cli_help.py checks that they agree): a bare
# `citadels`, the way a player starts a game, does without argparse (~3 ms of CPU at every start).
BARE_START = {
    "command": None,
    "resume": False,
    "plain": False,
    "play_seed": None,
    "theme": None,
    "lang": None,
    "edition": None,
    "shorter": None,
    "position": None,
    "play_seat": None,
    "play_players": None,
    "play_bots": None,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = run_command(sys.argv[1:] if argv is None else list(argv))
        sys.stdout.flush()  # here, not at exit: a reader gone (`| head`) is met where it is caught
        return code
    except BrokenPipeError:
        # The reader of what we print stopped reading (`citadels replay --log FILE | head`): nothing more
        # is wanted, so the command ends quietly. Python would flush stdout again at exit and print a
        # traceback of the same closed pipe: stdout points at devnull from here.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def run_command(argv: list[str]) -> int:
    if argv:
        from citadels_server.cli_parser import build_parser, check_look

        parser = build_parser(argv)
        args: Any = parser.parse_args(argv)
        check_look(parser, args)
    else:
        args = SimpleNamespace(**BARE_START)
    cmd = args.command or "play"
    if cmd == "simulate":
        from citadels_server.cli_bots import cmd_simulate

        return cmd_simulate(args)
    if cmd == "replay":
        from citadels_server.cli_replay import cmd_replay

        return cmd_replay(args)
    if cmd == "review":
        from citadels_server.cli_replay import cmd_review

        return cmd_review(args)
    if cmd == "learn":
        from citadels_server.cli_play import cmd_learn

        return cmd_learn(args)
    if cmd == "serve":
        from citadels_server.cli_serve import cmd_serve

        return cmd_serve(args)
    if cmd == "tournament":
        from citadels_server.cli_bots import cmd_tournament

        return cmd_tournament(args)
    if cmd == "backup":
        from citadels_server.cli_database import cmd_backup

        return cmd_backup(args)
    if cmd == "leaderboard":
        from citadels_server.cli_database import cmd_leaderboard

        return cmd_leaderboard(args)
    if cmd == "puzzle":
        from citadels_server.cli_puzzle import cmd_puzzle

        return cmd_puzzle(args)
    from citadels_server.cli_play import cmd_play

    return cmd_play(args)


if __name__ == "__main__":
    sys.exit(main())
