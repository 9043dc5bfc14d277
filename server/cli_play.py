"""`citadels` and `citadels play`: a game against bots in this terminal, new, resumed or from a
position; and the check, shared by every command that opens a screen, that there is a terminal."""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see cli.BARE_START)


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def needs_terminal() -> bool:
    """False, and a sentence on stderr, when the app would have no terminal to draw in (a pipe, a script):
    it would draw for no one, at full speed, until killed."""
    if has_terminal():
        return True
    print(
        "citadels: the game needs a terminal to draw in, and its input or output is not one; "
        "run it in a terminal (the commands that print, such as simulate and replay --check, need none)",
        file=sys.stderr,
    )
    return False


def cmd_play(args: argparse.Namespace) -> int:
    gc.disable()  # for the start, imports included: the app turns it back on (citadels_tui.terminal_run.run)
    try:
        from citadels_tui.terminal_run import run
    except ImportError as e:  # pragma: no cover - the app is part of the distribution
        print(f"citadels: the terminal app is not available ({e})", file=sys.stderr)
        return 2
    if args.shorter and args.edition == "2016":
        print("citadels: --shorter is a variant of the classic edition", file=sys.stderr)
        return 2
    if args.shorter and args.edition is None:
        args.edition = "classic"  # the shorter game is a classic one
    if args.position is not None:
        return play_position(args, run)
    if args.play_seat is not None:
        print("citadels: --seat chooses your seat in a game started with --position", file=sys.stderr)
        return 2
    if args.resume and (args.play_players is not None or args.play_bots is not None):
        print(
            "citadels: --players and --bots set up a new game; a resumed game keeps its own",
            file=sys.stderr,
        )
        return 2
    bots = None
    if args.play_bots is not None:
        players = args.play_players
        if players is None:
            from citadels_tui.settings import load_settings  # after gc.disable(), as the app's own imports

            players = load_settings()[0].players  # the set-up last chosen, as the new game will be
        bots, problem = bot_levels(args.play_bots, players)
        if bots is None:
            print(f"citadels: {problem}", file=sys.stderr)
            return 2
    # What a new game is, for either face of it.
    game = {
        "seed": args.play_seed,
        "lang": args.lang,
        "edition": args.edition,
        "shorter": args.shorter,
        "players": args.play_players,
        "bots": bots,
    }
    if args.plain or os.environ.get("TERM") == "dumb":
        if args.resume:
            print("citadels: --plain plays a new game; --resume is for the full screen", file=sys.stderr)
            return 2
        from citadels_tui.plain import run as run_plain

        gc.enable()  # turned off above for the full screen's start, which turns it back on itself
        return run_plain(**game)
    if not needs_terminal():
        return 2
    return run(resume=args.resume, theme=args.theme, **game)


def cmd_learn(args: argparse.Namespace) -> int:
    """`citadels learn`: the guided first game (citadels_tui/learn.py), on the full screen or as lines."""
    if getattr(args, "plain", False) or os.environ.get("TERM") == "dumb":
        from citadels_tui.plain_lesson import run_lesson

        return run_lesson(lang=args.lang)
    if not needs_terminal():
        return 2
    from citadels_tui.learn_app import run

    return run(lang=args.lang, theme=args.theme)


def bot_levels(arg: str, players: int) -> tuple[list[str] | None, str | None]:
    """The bot of each other seat from `--bots LEVEL[,LEVEL…]` in a game of `players`: one level for every
    bot, or one for each; or None and the sentence that says why not."""
    from citadels_core.bots import missing_program, parse_kind

    levels = [b.strip() for b in arg.split(",")]
    others = players - 1
    if len(levels) == 1:
        levels *= others
    if len(levels) != others:
        return None, (
            f"--bots names {len(levels)} levels for the {others} bots of a {players}-player game: "
            "give one level for all of them, or one for each"
        )
    for level in levels:
        try:
            parse_kind(level)
        except ValueError as e:
            return None, str(e)
        if (missing := missing_program(level)) is not None:
            return None, missing
    return levels, None


def read_position_arg(arg: str) -> tuple[str | None, str | None]:
    """The position text of `--position TEXT|@FILE`, or None and the sentence that says why not."""
    if not arg.startswith("@"):
        return arg, None
    path = arg[1:]
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(), None
    except OSError as e:
        return None, f"cannot read {path}: {e.strerror}"
    except UnicodeDecodeError:
        return None, f"{path} is not a text file"


def play_position(args: argparse.Namespace, run: Any) -> int:
    """`citadels --position TEXT|@FILE [--seat N] [--bots LEVEL[,LEVEL…]]`: checked here, so that a position
    the rules refuse is said in one sentence (exit 2) before any screen opens."""
    from citadels_core.position import (
        PositionError,
        from_position,
        from_seat_position,
        is_seat_position,
        position,
        seat_of,
    )

    if args.resume:
        print("citadels: --position starts a game of its own; it does not go with --resume", file=sys.stderr)
        return 2
    text, problem = read_position_arg(args.position)
    if text is None:
        print(f"citadels: {problem}", file=sys.stderr)
        return 2
    try:
        if is_seat_position(text):
            # A seat's position (a puzzle): what that player cannot see is dealt at random, and they play it.
            import secrets

            owner = seat_of(text)
            game = from_seat_position(
                text,
                secrets.randbelow(2**63) if args.play_seed is None else args.play_seed,
                record_events=False,
            )
            text = position(game)
            if args.play_seat is None:
                args.play_seat = owner + 1
        else:
            game = from_position(text, record_events=False)
    except PositionError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    pending = game.pending()
    if pending is None:
        print(
            "citadels: the position is of a game already over: there is nothing left to play", file=sys.stderr
        )
        return 2
    if args.play_seat is not None and not 1 <= args.play_seat <= game.players:
        print(f"citadels: --seat is a seat number from 1 to {game.players}", file=sys.stderr)
        return 2
    if args.play_players is not None and args.play_players != game.players:
        print(
            f"citadels: the position is of a {game.players}-player game, not {args.play_players}",
            file=sys.stderr,
        )
        return 2
    levels, problem = bot_levels(args.play_bots or "normal", game.players)
    if levels is None:
        print(f"citadels: {problem}", file=sys.stderr)
        return 2
    if not needs_terminal():
        return 2
    seat = pending[0] if args.play_seat is None else args.play_seat - 1
    return int(
        run(
            seed=args.play_seed,
            theme=args.theme,
            lang=args.lang,
            position=text,
            position_seat=seat,
            position_bots=levels,
        )
    )
