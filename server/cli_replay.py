"""`citadels replay` and `citadels review`: a saved game, checked against its recorded end, printed
as a line, stepped through in the viewer, or reviewed once finished."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from citadels_core import SaveFileError
from citadels_core.gameline import PREFIX, encode, read
from citadels_core.narrate import narrate
from citadels_core.record import GameRecord, state_digest
from citadels_server.cli_play import needs_terminal

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see cli.BARE_START)


def load_finished_game(path: str) -> tuple[Any, str | None]:
    """The finished game in file `path`, or None and the sentence that says why not."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return None, f"cannot read {path}: {e.strerror}"
    except UnicodeDecodeError:
        return None, f"{path} is not a text file"
    try:
        rec = GameRecord.loads(text)
        g = rec.replay(record_events=False)
    except SaveFileError as e:
        return None, f"{path}: {e}"
    if not g.over:
        return None, (
            f"{path}: the game is not finished (round {g.round}); a review is of a finished game "
            "(citadels --resume goes on with a saved one)"
        )
    return rec, None


def cmd_review(args: argparse.Namespace) -> int:
    rec, problem = load_finished_game(args.file)
    if rec is None:
        print(f"citadels: {problem}", file=sys.stderr)
        return 2
    if not 1 <= args.seat <= rec.config.players:
        print(f"citadels: --seat is a seat number from 1 to {rec.config.players}", file=sys.stderr)
        return 2
    if not needs_terminal():
        return 2
    from citadels_tui.review_app import run_review

    return run_review(rec, args.seat - 1, lang=args.lang, theme=args.theme)


def _save_bots(text: str) -> dict[int, str]:
    """The bots' levels a saved game keeps (seat -> level), or none when it keeps none."""
    try:
        raw = json.loads(text).get("bots")
        return {int(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    except (ValueError, AttributeError, TypeError):
        return {}


def wants_viewer(args: argparse.Namespace) -> bool:
    """`citadels replay` opens the viewer when asked (--view), else when a person is at a terminal and did
    not ask for the check (--check, --log): a script or a pipe gets the check, as before the viewer."""
    if args.view:
        return True
    if args.check or args.log:
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


def cmd_replay(args: argparse.Namespace) -> int:
    bots: dict[int, str] = {}  # the bots' levels, kept in a line printed by --line
    if args.file.lstrip().lower().startswith(PREFIX + ":"):
        # A game line (the app's `share`), given instead of a file name.
        try:
            rec, bots = read(args.file)
            g = rec.replay()
        except SaveFileError as e:
            print(f"citadels: {e}", file=sys.stderr)
            return 2
    else:
        try:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            print(f"citadels: cannot read {args.file}: {e.strerror}", file=sys.stderr)
            return 2
        except UnicodeDecodeError:
            print(f"citadels: {args.file} is not a text file", file=sys.stderr)
            return 2
        try:
            rec = GameRecord.loads(text)
            g = rec.replay()
        except SaveFileError as e:
            print(f"citadels: {args.file}: {e}", file=sys.stderr)
            return 2
        bots = _save_bots(text)
    if args.line:
        print(encode(rec, bots))
        return 0
    if wants_viewer(args):
        if args.replay_seat is not None and not 1 <= args.replay_seat <= rec.config.players:
            print(f"citadels: --seat is a seat number from 1 to {rec.config.players}", file=sys.stderr)
            return 2
        if not needs_terminal():
            return 2
        from citadels_tui.replay_app import run_replay

        seat = None if args.replay_seat is None else args.replay_seat - 1
        return run_replay(rec, seat, lang=args.replay_lang, theme=args.replay_theme)
    if args.log and g.events is not None:
        for event in g.events:
            if event.audience is None:
                print(narrate(g.config, event))
    digest = state_digest(g)
    state = "finished" if g.over else f"in progress (round {g.round})"
    print(f"replayed {len(rec.actions)} actions: the game is {state}")
    if rec.final is None:
        print("the game records no final state to compare with")
        return 0
    if digest == rec.final:
        print("the replay reaches the recorded final state")
        return 0
    print(f"the replay does NOT reach the recorded final state ({digest} != {rec.final})")
    return 1
