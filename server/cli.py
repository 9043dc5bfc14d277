"""The `citadels` command. It sits in the top layer because it reaches every layer: play (the app),
serve (the SSH server), simulate and replay (the engine). Heavy imports happen inside each command."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see BARE_START)


def _cast_arg(value: str) -> str | list[str]:
    return [x.strip() for x in value.split(",")] if "," in value else value


def _whole(text: str) -> int:
    import argparse

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive(text: str) -> int:
    """A count or a size: a whole number from 1."""
    import argparse

    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _player_count(text: str) -> int:
    """A number of players the engine deals a game for (its sentence says the range when not)."""
    import argparse

    from citadels_core import ConfigError, GameConfig

    n = _whole(text)
    try:
        GameConfig.create(n)
    except ConfigError as e:
        raise argparse.ArgumentTypeError(str(e).rstrip(".")) from None
    return n


def _levels_text() -> str:
    """The bot levels as every help and error names them: the engine's list (citadels_core.bots.LEVELS)."""
    from citadels_core.levels import LEVELS

    return ", ".join(LEVELS)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command's parser, built for `argv` (None: complete). Every start of the app pays for the parsers
    built (~2 ms for all the subcommands' options), so only the subcommands named in `argv` get their
    options: `--help` and an error's usage line need just the names and helps. A bare `citadels` (no
    arguments: nothing can be wrong and nothing is printed) gets no subcommand parsers at all."""
    import argparse

    names = None if argv is None else set(argv)

    def wanted(command: str) -> bool:
        return names is None or command in names

    ap = argparse.ArgumentParser(prog="citadels", description="Citadels, the card game, in your terminal.")
    sub = ap.add_subparsers(dest="command")
    if names is not None and not names:
        _play_options(ap)
        return ap

    play = sub.add_parser("play", help="play against bots in this terminal (the default)")
    if wanted("play"):
        _play_options(play)
    _play_options(ap)  # a bare `citadels` plays

    sim = sub.add_parser("simulate", help="play headless games between bots and print a summary")
    if wanted("simulate"):
        _simulate_options(sim)

    srv = sub.add_parser("serve", help="host games over SSH (see docs/hosting.md)")
    if wanted("serve"):
        _serve_options(srv)

    bak = sub.add_parser(
        "backup", help="copy the server's SQLite database to FILE, even while the server runs"
    )
    if wanted("backup"):
        _backup_options(bak)

    board = sub.add_parser("leaderboard", help="print the server's leaderboard")
    if wanted("leaderboard"):
        _leaderboard_options(board)

    tour = sub.add_parser("tournament", help="rate bots against each other: win rates with 95%% intervals")
    if wanted("tournament"):
        _tournament_options(tour)

    rep = sub.add_parser(
        "replay",
        help="step through a saved game in the viewer (in a terminal), or check "
        "that it reaches its recorded end",
    )
    if wanted("replay"):
        _replay_options(rep)

    rev = sub.add_parser(
        "review", help="review a finished game from its file: timeline, scores, turning points"
    )
    if wanted("review"):
        _review_options(rev)
    return ap


def _simulate_options(sim: argparse.ArgumentParser) -> None:
    import argparse

    sim.add_argument("--players", type=_player_count, default=4)
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bots",
        default="",
        help=f"comma-separated bots per seat ({_levels_text()}; hard:800 or hard:0.5s gives hard a "
        "budget); rotated around the seats from game to game",
    )
    sim.add_argument(
        "--cast", type=_cast_arg, default=None, help="a preset name or a comma-separated list of characters"
    )
    sim.add_argument("--preset", default=None, help="a preset name for both characters and districts")
    sim.add_argument(
        "--districts",
        type=_cast_arg,
        default=None,
        help="a preset name, a comma-separated list of 14 unique districts, or 'random' "
        "(14 drawn with --seed; 'random:N' draws with seed N)",
    )
    sim.add_argument(
        "--rank9",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="use the rank 9 character with 4-7 players",
    )
    sim.add_argument(
        "--edition",
        choices=("2016", "classic"),
        default="2016",
        help="the 2016 edition (default) or the classic edition with The Dark City bonus cards",
    )
    sim.add_argument(
        "--shorter",
        action="store_true",
        help="classic only: the shorter game, cities complete at 7 districts",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")


def _serve_options(srv: argparse.ArgumentParser) -> None:
    import argparse

    srv.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    srv.add_argument("--port", type=int, default=None, help="port to listen on (default 2222)")
    srv.add_argument("--settings", default=None, metavar="FILE", help="a TOML settings file")
    srv.add_argument(
        "--data-dir",
        default=None,
        help="where the host key and the database live (default: $CITADELS_HOME or the user data dir)",
    )
    srv.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="the database: a file path or sqlite:///path, or postgresql://… (default: citadels.db "
        "in the data dir)",
    )
    srv.add_argument(
        "--require-keys",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="refuse players who log in without an SSH key",
    )
    srv.add_argument(
        "--open-registration",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="let new keys claim names (--no-open-registration: only keys that have a name)",
    )
    srv.add_argument(
        "--max-connections", type=int, default=None, help="logged-in connections in all (default 64)"
    )
    srv.add_argument(
        "--max-per-address", type=int, default=None, help="logged-in connections from one address (default 8)"
    )
    srv.add_argument("--login-timeout", type=float, default=None, help="seconds to finish logging in")
    srv.add_argument(
        "--max-authenticating",
        type=int,
        default=None,
        help="connections still logging in, in all (default 32; a new one evicts the oldest)",
    )
    srv.add_argument(
        "--max-authenticating-per-address",
        type=int,
        default=None,
        help="connections still logging in from one address (default 4; a new one evicts the oldest)",
    )
    srv.add_argument(
        "--auth-start-timeout",
        type=float,
        default=None,
        help="seconds a new connection has to begin logging in (default 10)",
    )
    srv.add_argument(
        "--idle-timeout",
        type=float,
        default=None,
        help="seconds without input before a player is disconnected",
    )
    srv.add_argument(
        "--app",
        default=None,
        metavar="MODULE:FACTORY",
        help="the app factory to serve (default: the game, or the placeholder demo)",
    )
    srv.add_argument(
        "--seat-hold",
        type=float,
        default=None,
        help="seconds a player who dropped keeps "
        "their seat (the table waits for them meanwhile; default 120)",
    )
    srv.add_argument("--bot-pace", type=float, default=None, help="seconds each bot move stays on screen")
    srv.add_argument(
        "--drain-timeout",
        type=float,
        default=None,
        help="seconds a stop (SIGTERM, Ctrl+C) may "
        "take: players are told, then the process ends (default 10)",
    )
    srv.add_argument("--log-level", default="INFO")
    srv.add_argument(
        "--check",
        action="store_true",
        help="check what the server would start with (the database: SQLite's integrity_check) and exit: "
        "0 if all is well, 1 if not; nothing is served and nothing written",
    )


def _backup_options(bak: argparse.ArgumentParser) -> None:
    bak.add_argument("file", metavar="FILE", help="the copy to write (a new file)")
    _database_options(bak)


def _leaderboard_options(board: argparse.ArgumentParser) -> None:
    board.add_argument("--limit", type=_positive, default=20, help="players shown (default 20)")
    _database_options(board)


def _tournament_options(tour: argparse.ArgumentParser) -> None:
    tour.add_argument("--players", type=_player_count, default=4)
    tour.add_argument(
        "--games", type=_positive, default=100, help="games in all (best a multiple of --players)"
    )
    tour.add_argument("--seed", type=int, default=1, help="first seed of the fixed seed set")
    tour.add_argument(
        "--bots",
        default="hard,normal,normal,normal",
        help=f"comma-separated bots per seat, rotated: {_levels_text()}; "
        "hard:800 (playouts per decision) or hard:0.5s (seconds per decision)",
    )
    tour.add_argument(
        "--budget", default=None, help="search budget of every plain 'hard': playouts (800) or seconds (0.5s)"
    )
    tour.add_argument("--workers", type=_positive, default=None, help="processes (default: every core)")
    tour.add_argument(
        "--cast", type=_cast_arg, default=None, help="a preset name or a comma-separated list of characters"
    )
    tour.add_argument(
        "--districts", type=_cast_arg, default=None, help="a preset name or 14 unique districts"
    )
    tour.add_argument("--json", action="store_true", help="print one JSON object")


def _replay_options(rep: argparse.ArgumentParser) -> None:
    rep.add_argument(
        "file",
        metavar="FILE|LINE",
        help="a game file, or a game line starting with citadels: (docs/save-format.md)",
    )
    how = rep.add_mutually_exclusive_group()
    how.add_argument(
        "--view", action="store_true", help="open the replay viewer (the default when run in a terminal)"
    )
    how.add_argument(
        "--check",
        action="store_true",
        help="only replay and say whether the recorded final state is reached (the default "
        "when the output is not a terminal)",
    )
    whose = rep.add_mutually_exclusive_group()
    whose.add_argument(
        "--seat",
        type=int,
        default=None,
        dest="replay_seat",
        help="view the game as the player of this seat saw it, by number from 1",
    )
    whose.add_argument("--spectator", action="store_true", help="view it as a spectator saw it (the default)")
    rep.add_argument("--log", action="store_true", help="print the narrated events (implies --check)")
    rep.add_argument(
        "--line",
        action="store_true",
        help="print the game as one line (what `share` shows), e.g. to keep it in a file: … --line > FILE",
    )
    rep.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        dest="replay_lang",
        help="the viewer's language: en or ru (default: the settings)",
    )
    rep.add_argument("--theme", default=None, dest="replay_theme", help="the viewer's colour theme")


def _review_options(rev: argparse.ArgumentParser) -> None:
    rev.add_argument("file", help="a game file (docs/save-format.md), e.g. the app's last-game.json")
    rev.add_argument(
        "--seat",
        type=int,
        default=1,
        help="whose review, by seat number from 1 (default 1: the local app's player); "
        "it shows only what that player may know",
    )
    from argparse import SUPPRESS

    # SUPPRESS: given before `review` (`citadels --lang ru review FILE`), the main options' value stands; a
    # default here would overwrite it.
    rev.add_argument(
        "--lang", default=SUPPRESS, metavar="LANG", help="language: en or ru (default: the settings)"
    )
    rev.add_argument("--theme", default=SUPPRESS, help="colour theme for this session")


def _database_options(p: argparse.ArgumentParser) -> None:
    """Which server's database: as `citadels serve` finds it."""
    p.add_argument("--settings", default=None, metavar="FILE", help="the server's TOML settings file")
    p.add_argument(
        "--data-dir",
        default=None,
        help="the server's data dir (default: $CITADELS_HOME or the user data dir)",
    )
    p.add_argument("--database", default=None, metavar="URL", help="the database, as for `citadels serve`")


def _play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--resume", action="store_true", help="continue the last saved game")
    p.add_argument("--seed", type=int, default=None, dest="play_seed")
    p.add_argument(
        "--theme",
        default=None,
        help="colour theme for this session: citadel, night, parchment, "
        "contrast, terminal, or one of yours (docs/themes.md)",
    )
    p.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help="language of the game: en or ru (default: the settings, else LANG/LC_ALL)",
    )
    p.add_argument(
        "--edition",
        choices=("2016", "classic"),
        default=None,
        help="the edition of a new game: 2016, or classic (with The Dark City bonus cards); "
        "default: the one last chosen in the app, else 2016",
    )
    p.add_argument(
        "--shorter",
        action="store_true",
        default=None,
        help="the classic shorter game (implies --edition classic): cities complete at 7 districts",
    )
    p.add_argument(
        "--position",
        default=None,
        metavar="TEXT|@FILE",
        help="start from this position (docs/position.md), given as text or as @FILE, against bots: "
        "win from here (the game is not saved); a seat's position is dealt at random and played "
        "from that seat",
    )
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        dest="play_seat",
        help="with --position: the seat you play, by number from 1 (default: the one whose decision is open)",
    )
    p.add_argument(
        "--players",
        type=_player_count,
        default=None,
        dest="play_players",
        metavar="N",
        help="players in a new game, 2 to 8: you and N-1 bots (default: as last chosen in the app, else 4)",
    )
    p.add_argument(
        "--bots",
        default=None,
        dest="play_bots",
        metavar="LEVEL[,LEVEL…]",
        help=f"the bots of a new game or of --position: one level for every bot, or one for each bot's "
        f"seat in turn ({_levels_text()}; hard:800 or hard:0.5s gives hard a budget); default: as last "
        "chosen in the app (with --position: normal)",
    )


# What `build_parser().parse_args([])` gives (tests/test_cli_help.py checks that they agree): a bare
# `citadels`, the way a player starts a game, does without argparse (~3 ms of CPU at every start).
BARE_START = {
    "command": None,
    "resume": False,
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
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def check_look(parser: argparse.ArgumentParser, args: Any) -> None:
    """An unknown --lang or --theme is a usage error naming the choices (exit 2), before any screen."""
    for flag, dest in (("--lang", "lang"), ("--lang", "replay_lang")):
        asked = getattr(args, dest, None)
        if asked is not None:
            from citadels_tui.i18n import available, normalize

            if normalize(asked) is None:
                parser.error(
                    f"argument {flag}: there is no language called {asked!r} (choose from {', '.join(available())})"
                )
    for dest in ("theme", "replay_theme"):
        asked = getattr(args, dest, None)
        if asked is not None:
            from citadels_tui.themed_app import theme_choices

            ours, others = theme_choices()
            if asked.strip().lower() not in (*ours, *others):
                parser.error(
                    f"argument --theme: there is no theme called {asked!r} (choose from {', '.join(ours)})"
                )


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


def run_command(argv: list[str]) -> int:
    if argv:
        parser = build_parser(argv)
        args: Any = parser.parse_args(argv)
        check_look(parser, args)
    else:
        args = SimpleNamespace(**BARE_START)
    cmd = args.command or "play"
    if cmd == "simulate":
        return cmd_simulate(args)
    if cmd == "replay":
        return cmd_replay(args)
    if cmd == "review":
        return cmd_review(args)
    if cmd == "serve":
        return cmd_serve(args)
    if cmd == "tournament":
        return cmd_tournament(args)
    if cmd == "backup":
        return cmd_backup(args)
    if cmd == "leaderboard":
        return cmd_leaderboard(args)
    return cmd_play(args)


def cmd_play(args: argparse.Namespace) -> int:
    import gc

    gc.disable()  # for the start, imports included: the app turns it back on (citadels_tui.app.run)
    try:
        from citadels_tui.app import run
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
            from citadels_tui.settings import load_settings

            players = load_settings()[0].players  # the set-up last chosen, as the new game will be
        bots, problem = bot_levels(args.play_bots, players)
        if bots is None:
            print(f"citadels: {problem}", file=sys.stderr)
            return 2
    if not needs_terminal():
        return 2
    return run(
        resume=args.resume,
        seed=args.play_seed,
        theme=args.theme,
        lang=args.lang,
        edition=args.edition,
        shorter=args.shorter,
        players=args.play_players,
        bots=bots,
    )


def bot_levels(arg: str, players: int) -> tuple[list[str] | None, str | None]:
    """The bot of each other seat from `--bots LEVEL[,LEVEL…]` in a game of `players`: one level for every
    bot, or one for each; or None and the sentence that says why not."""
    from citadels_core.bots import parse_kind

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


def cmd_simulate(args: argparse.Namespace) -> int:
    from citadels_core import ConfigError, GameConfig
    from citadels_core.simulate import simulate

    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["heuristic"] + ["random"] * (
        args.players - 1
    )
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        print(f"citadels: --bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    from citadels_core.bots import parse_kind

    for b in bots:
        try:
            parse_kind(b)
        except ValueError as e:
            print(f"citadels: {e}", file=sys.stderr)
            return 2
    default = "classic_basic" if args.edition == "classic" else "first_game"
    districts = args.districts or args.preset or default
    if districts == "random":
        districts = f"random:{args.seed}"
    try:
        cfg = GameConfig.create(
            args.players,
            cast=args.cast or args.preset or default,
            districts=districts,
            rank9=args.rank9,
            edition=args.edition,
            shorter=args.shorter,
        )
    except (ConfigError, KeyError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    s = simulate(cfg, args.games, args.seed, bots)
    out = s.to_json()
    if args.json:
        import json  # only here: a start of the app does without it

        print(json.dumps(out))
    else:
        print(
            f"{out['games']} games, {out['finished']} finished, {out['errors']} errors, "
            f"{out['games_per_second']} games/s, {out['mean_rounds']} rounds on average"
        )
        for i, w in enumerate(out["wins_by_seat"]):
            print(f"  seat {i + 1}: {w:g} wins, mean score {out['mean_score'][i]}")
        for b, r in out["win_rate_by_bot"].items():
            print(f"  {b}: wins {r:.1%} of its seats")
    for seed, msg in zip(s.error_seeds, s.error_messages, strict=True):
        print(f"error in game with seed {seed}: {msg}", file=sys.stderr)
    return 0 if s.errors == 0 else 1


# The game app's SSH entry point. INTEGRATOR: once citadels_tui.app defines this factory
# (SessionInfo -> App), `citadels serve` serves it; until then it falls back to the placeholder demo.
GAME_APP_FACTORY = "citadels_tui.lobby_app:ssh_app_factory"
DEMO_APP_FACTORY = "citadels_server.demo:demo_app_factory"


def load_app_factory(spec: str | None) -> tuple[Any, str]:
    """The factory named `MODULE:NAME`; with no spec, the game app's, or the demo while it is missing."""
    import importlib

    target = spec or GAME_APP_FACTORY
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr), target
    except (ModuleNotFoundError, AttributeError) as e:
        missing_game = spec is None and (not isinstance(e, ModuleNotFoundError) or e.name == module_name)
        if not missing_game:
            raise
    return load_app_factory(DEMO_APP_FACTORY)


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import logging
    import os
    import signal
    import threading

    from citadels_server.hostkey import HOST_KEY_FILE
    from citadels_server.settings import SettingsError, load_settings
    from citadels_server.ssh import serve_app

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # Textual points sys.stderr at the running app's capture, so warnings would vanish into a session.
    logging.captureWarnings(True)
    if args.log_level.upper() != "DEBUG":
        logging.getLogger("asyncssh").setLevel(logging.WARNING)  # it logs every packet exchange at INFO
    try:
        settings = load_settings(
            args.settings,
            host=args.host,
            port=args.port,
            data_dir=args.data_dir,
            database=args.database,
            require_keys=args.require_keys,
            open_registration=args.open_registration,
            max_connections=args.max_connections,
            max_per_address=args.max_per_address,
            login_timeout=args.login_timeout,
            idle_timeout=args.idle_timeout,
            max_authenticating=args.max_authenticating,
            max_authenticating_per_address=args.max_authenticating_per_address,
            auth_start_timeout=args.auth_start_timeout,
            seat_hold=args.seat_hold,
            bot_pace=args.bot_pace,
            drain_timeout=args.drain_timeout,
            # From the environment, not argv: a password on the command line shows in `ps`.
            password=os.environ.get("CITADELS_PASSWORD") or None,
        )
    except SettingsError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 1 if args.check else 2
    if args.check:
        return check_serve(settings)
    try:
        factory, factory_name = load_app_factory(args.app)
    except (ImportError, AttributeError, ValueError) as e:
        print(f"citadels: cannot load the app factory {args.app!r}: {e}", file=sys.stderr)
        return 2
    from citadels_server.database import DatabaseError, open_database

    try:
        # Opened before anything listens: a database the server cannot use stops it here, untouched.
        db = open_database(settings)
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    hub = None
    if factory_name == GAME_APP_FACTORY:
        from citadels_server.game import game_app_factory, make_hub

        hub = make_hub(settings, db)  # the hub keeps its tables, games and ratings in the database
        factory = game_app_factory(factory, settings, hub)  # every session shares one hub of tables
    stdout = sys.stdout

    def say(line: str) -> None:
        try:
            print(line, file=stdout, flush=True)
        except OSError:
            pass  # stdout was a pipe whose reader died with the same Ctrl+C (e.g. `| tee`)

    def end_now(*_: object) -> None:
        """End the process without waiting for anything more: a Ctrl+C or SIGTERM after the event loop
        closed, or a third one while it closes."""
        logging.shutdown()
        with contextlib.suppress(OSError, ValueError):
            sys.__stdout__.flush()  # type: ignore[union-attr]
        os._exit(0)

    def out_of_time() -> None:
        logging.getLogger("citadels_server").warning(
            "still stopping after drain_timeout = %g s: ending the process now", settings.drain_timeout
        )
        end_now()

    def stop_workers() -> None:
        """The bots' searches are of no more use: end their processes rather than wait for them at exit."""
        if hub is not None:
            from citadels_tui import thinking

            thinking.shutdown(now=True)

    async def serve() -> None:
        # Tables kept from the last run are back before the first player can look at the lobby.
        problems = hub.restore() if hub is not None else []
        if hub is not None and hub.shared:
            # PostgreSQL: other processes may share the tables (docs/scaling.md). Listening to them, and
            # taking the tables nobody runs, before the first player can look at the lobby.
            await hub.share()
        if hub is not None:
            from citadels_tui import thinking

            thinking.warm_up()  # the bots' worker processes, up before anyone plays
        try:
            # The hub tells the server which names hold a seat taken without a key (their logins are asked
            # for the seat's reconnect code).
            server = await serve_app(
                factory, settings, seats=hub, names=db.players, bans=hub.records if hub is not None else None
            )
        except OSError as e:
            raise SystemExit(
                f"citadels: cannot listen on {settings.host} port {settings.port}: {e.strerror}"
            ) from e
        port = server.port
        # Before the banner: a SIGTERM sent as soon as it is read (a service manager, a test) must stop
        # the server cleanly, not kill it with the default handler.
        stop, hurry = asyncio.Event(), asyncio.Event()
        loop = asyncio.get_running_loop()

        def stop_or_hurry() -> None:
            if hurry.is_set():
                end_now()  # a third: even the loop's clean-up is taking too long
            (hurry if stop.is_set() else stop).set()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop_or_hurry)
        print(f"Citadels server listening on {settings.host} port {port}", file=stdout)
        print(f"Host key fingerprint: {server.fingerprint} (ED25519)", file=stdout)
        print(f"Host key: {settings.home() / HOST_KEY_FILE}", file=stdout)
        print(f"Database: {db.where}", file=stdout)
        if db.shared:
            print("Tables shared with every server on this database (docs/scaling.md)", file=stdout)
        print(f"Serving: {factory_name}", file=stdout)
        print(f"Players connect with: ssh -p {port} NAME@{settings.host}", file=stdout, flush=True)
        for problem in problems:
            print(problem, file=stdout)
        if hub is not None and hub.tables:
            print(f"Resumed {len(hub.tables)} table(s) in play", file=stdout, flush=True)

        def reread() -> None:
            from citadels_server.order import reread_settings

            server.settings = reread_settings(
                args.settings, server.settings, hub.order if hub is not None else None
            )

        loop.add_signal_handler(signal.SIGHUP, reread)
        await stop.wait()
        say("Stopping: saying goodbye to connected players... (Ctrl+C again to stop at once)")
        # However the goodbyes go (a client that reads nothing, a stuck session), the process ends within
        # drain_timeout: a thread, since the event loop itself may be what is stuck.
        watchdog = threading.Timer(settings.drain_timeout, out_of_time)
        watchdog.daemon = True
        watchdog.start()
        server.close()  # no new connections from here; every player is told the server is stopping
        # A second signal while the goodbyes are said ends the wait at once: the sessions are cancelled
        # without their goodbyes when the loop closes.
        hurried = loop.create_task(hurry.wait())
        goodbyes = loop.create_task(server.wait_closed(timeout=settings.drain_timeout / 2))
        await asyncio.wait(
            [goodbyes, hurried], timeout=settings.drain_timeout * 0.8, return_when=asyncio.FIRST_COMPLETED
        )
        if hub is not None:
            hub.close()  # the last moves reach the disk before the process ends
        if hurry.is_set():
            say("Stopped at once.")
        hurried.cancel()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        return 130  # a Ctrl+C while starting, before the server listened: nothing to say goodbye to
    finally:
        # The loop is closed and its signal handlers with it: from here a Ctrl+C would interrupt the
        # interpreter's exit with a traceback; it ends the process instead.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, end_now)
        db.close()  # every write made is committed before the process ends
        # Textual swaps sys.stdout per running app; with many apps the last swap back may be stale.
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        stop_workers()
    return 0


def check_serve(settings: Any) -> int:
    """`citadels serve --check`: each check of what the server would start with says what it found, in a
    sentence; 0 if every one passed, else 1. Nothing listens and nothing is written. A check is a function
    of the settings that returns its sentence, or raises one of `problems` with it."""
    from citadels_server.database import DatabaseError, check_database

    checks = [lambda: check_database(settings, full=True)]
    problems: tuple[type[Exception], ...] = (DatabaseError,)
    failed = 0
    for check in checks:
        try:
            print(check(), flush=True)
        except problems as e:
            print(f"citadels: {e}", file=sys.stderr, flush=True)
            failed += 1
    return 1 if failed else 0


def _database_settings(args: argparse.Namespace) -> Any:
    from citadels_server.settings import SettingsError, load_settings

    try:
        return load_settings(args.settings, data_dir=args.data_dir, database=args.database)
    except SettingsError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return None


def cmd_backup(args: argparse.Namespace) -> int:
    from pathlib import Path

    from citadels_server.database import DatabaseError, backup

    settings = _database_settings(args)
    if settings is None:
        return 2
    try:
        source = backup(settings, Path(args.file))
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    print(f"Backed up {source} to {args.file}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    import asyncio

    from citadels_server.database import DatabaseError, open_database, sqlite_file

    settings = _database_settings(args)
    if settings is None:
        return 2
    path = sqlite_file(settings)
    if path is not None and not path.exists():
        # Opening it would make an empty one: a leaderboard is read from a server's database, made by none.
        print(
            f"citadels: there is no server database at {path}: `citadels serve` makes it when it first "
            "starts (--data-dir or --database names another server's)",
            file=sys.stderr,
        )
        return 1
    try:
        db = open_database(settings)
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    try:
        board = asyncio.run(db.leaderboard(max(args.limit, 1)))
    finally:
        db.close()
    print(f"{'rank':>4}  {'name':<20} {'rating':>6}  {'games':>5}")
    for rank, s in enumerate(board, 1):
        print(f"{rank:>4}  {s.name:<20} {s.rating.shown:>6.1f}  {s.rating.games:>5}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from citadels_core import ConfigError, GameConfig
    from citadels_core.bots import parse_kind
    from citadels_core.tournament import tournament

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.budget:
        bots = [f"hard:{args.budget}" if b == "hard" else b for b in bots]
    if len(bots) != args.players:
        print(f"citadels: --bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    try:
        for b in bots:
            parse_kind(b)
        cfg = GameConfig.create(
            args.players, cast=args.cast or "first_game", districts=args.districts or "first_game"
        )
    except (ValueError, ConfigError, KeyError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("citadels: --games must be at least 1", file=sys.stderr)
        return 2

    def bar(done: int, total: int) -> None:
        width = 30
        full = done * width // total
        sys.stderr.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    res = tournament(cfg, args.games, args.seed, bots, workers=args.workers, progress=bar)
    out = res.to_json()
    out["seed"] = args.seed
    if args.json:
        import json  # only here: a start of the app does without it

        print(json.dumps(out))
    else:
        print(
            f"{res.finished} of {res.games} games finished, {args.players} players, seeds "
            f"{args.seed}..{args.seed + (args.games - 1) // args.players}, seats rotated; "
            f"fair share {1 / args.players:.1%}"
        )
        for b, st in out["by_bot"].items():
            lo, hi = st["wilson95"]
            print(
                f"  {b:>12}: wins {st['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] of {st['seats']} seats, "
                f"mean rank {st['mean_rank']:.2f}, mean margin {st['mean_margin']:+.2f}"
            )
    for e in out["errors"]:
        print(f"error in game with seed {e['seed']} ({','.join(e['seats'])}): {e['error']}", file=sys.stderr)
    return 0 if not res.errors else 1


def load_finished_game(path: str) -> tuple[Any, str | None]:
    """The finished game in file `path`, or None and the sentence that says why not."""
    from citadels_core import SaveFileError
    from citadels_core.record import GameRecord

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
    import json

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
    from citadels_core import SaveFileError
    from citadels_core.gameline import PREFIX, read
    from citadels_core.record import GameRecord, state_digest

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
        from citadels_core.gameline import encode

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
        from citadels_core.narrate import narrate

        for e in g.events:
            if e.audience is None:
                print(narrate(g.config, e))
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


if __name__ == "__main__":
    sys.exit(main())
