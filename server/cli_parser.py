"""The `citadels` command's parser: its subcommands, their options and the checks of their values
that argparse cannot make (a language or a theme that exists). Built only for the subcommands named
(`build_parser`)."""

from __future__ import annotations

import argparse
from argparse import SUPPRESS
from collections.abc import Callable, Sequence
from typing import Any

from citadels_core import ConfigError, GameConfig
from citadels_core.levels import LEVELS, PROGRAM_TIMEOUT


def _cast_arg(value: str) -> str | list[str]:
    return [x.strip() for x in value.split(",")] if "," in value else value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive(text: str) -> int:
    """A count or a size: a whole number from 1."""
    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _seconds(text: str) -> float:
    """A time in seconds, more than 0 (a fraction allowed)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return seconds


def _bot_timeout_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--bot-timeout",
        type=_seconds,
        default=PROGRAM_TIMEOUT,
        metavar="SECONDS",
        help="how long a program of yours (cmd:) may take over a decision before the stand-in makes it "
        f"(default {PROGRAM_TIMEOUT:g})",
    )


def _player_count(text: str) -> int:
    """A number of players the engine deals a game for (its sentence says the range when not)."""
    n = _whole(text)
    try:
        GameConfig.create(n)
    except ConfigError as e:
        raise argparse.ArgumentTypeError(str(e).rstrip(".")) from None
    return n


def _levels_text() -> str:
    """The bot levels as every help and error names them: the engine's list (citadels_core.bots.LEVELS)."""
    return ", ".join(LEVELS)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command's parser, built for `argv` (None: complete). Every start of the app pays for the parsers
    built (~2 ms for all the subcommands' options), so only the subcommands named in `argv` get their
    options: `--help` and an error's usage line need just the names and helps. A bare `citadels` (no
    arguments: nothing can be wrong and nothing is printed) gets no subcommand parsers at all."""
    names = None if argv is None else set(argv)

    def wanted(command: str) -> bool:
        return names is None or command in names

    ap = argparse.ArgumentParser(prog="citadels", description="Citadels, the card game, in your terminal.")
    sub = ap.add_subparsers(dest="command")
    if names is not None and not names:
        _play_options(ap)
        return ap

    for command, helped, options in _SUBCOMMANDS:
        parser = sub.add_parser(command, help=helped)
        if wanted(command):
            options(parser)
    _play_options(ap)  # a bare `citadels` plays
    return ap


def _simulate_options(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--players", type=_player_count, default=4)
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bots",
        default="",
        help=f"comma-separated bots per seat ({_levels_text()}; hard:800 or hard:0.5s gives hard a "
        'budget; "cmd:python3 mybot.py" a program of yours, docs/bot-protocol.md); rotated around the '
        "seats from game to game",
    )
    _bot_timeout_option(sim)
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
        "--metrics",
        default=None,
        metavar="HOST:PORT",
        help="serve Prometheus metrics (/metrics) and a health check (/healthz) there, e.g. 127.0.0.1:9222 "
        "(default: off)",
    )
    srv.add_argument(
        "--log-format",
        default=None,
        choices=("text", "json"),
        help="the log's lines: text (default), or json, one object a line, for a log collector",
    )
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
        "hard:800 (playouts per decision) or hard:0.5s (seconds per decision); "
        '"cmd:python3 mybot.py" is a program of yours (docs/bot-protocol.md)',
    )
    tour.add_argument(
        "--budget", default=None, help="search budget of every plain 'hard': playouts (800) or seconds (0.5s)"
    )
    tour.add_argument("--workers", type=_positive, default=None, help="processes (default: every core)")
    _bot_timeout_option(tour)
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

    # SUPPRESS: given before `review` (`citadels --lang ru review FILE`), the main options' value stands; a
    # default here would overwrite it.
    rev.add_argument(
        "--lang", default=SUPPRESS, metavar="LANG", help="language: en or ru (default: the settings)"
    )
    rev.add_argument("--theme", default=SUPPRESS, help="colour theme for this session")


def _learn_options(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: as review's, so that `citadels --lang ru learn` keeps the main options' value.
    p.add_argument(
        "--lang", default=SUPPRESS, metavar="LANG", help="language: en or ru (default: the settings)"
    )
    p.add_argument("--theme", default=SUPPRESS, help="colour theme for this session")
    p.add_argument(
        "--plain", action="store_true", default=SUPPRESS, help="the lesson as lines of text (as play --plain)"
    )


def _puzzle_options(puz: argparse.ArgumentParser) -> None:
    puz.add_argument(
        "--number", type=_positive, default=None, help="which shipped puzzle, from 1 (default: the day's)"
    )
    puz.add_argument(
        "--file", default=None, metavar="FILE", help="puzzles to choose from (a harvest's output)"
    )
    puz.add_argument(
        "--lang", default=SUPPRESS, metavar="LANG", help="language: en or ru (default: the settings)"
    )
    kinds = puz.add_subparsers(dest="puzzle_command")
    har = kinds.add_parser(
        "harvest",
        help="find puzzles in finished games: the decisions that cost most, where one choice is clear",
    )
    har.add_argument("games", nargs="*", help="game files, or citadels:1: game lines")
    har.add_argument(
        "--save", action="store_true", help="this app's games too: the last finished and the one saved"
    )
    har.add_argument("--limit", type=_positive, default=200, help="the server's newest games read (200)")
    har.add_argument(
        "--budget", type=_positive, default=20_000, help="playouts of each judging search (20000)"
    )
    har.add_argument(
        "--scan-budget",
        type=_positive,
        default=200,
        help="playouts of the review's search per decision (200)",
    )
    har.add_argument(
        "--out", default=None, metavar="FILE", help="append the puzzles to FILE (default: print)"
    )
    _database_options(har)


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
    p.add_argument(
        "--plain",
        action="store_true",
        help="the game as lines of text (a screen reader, a phone, a script): the story, then what you can do "
        "as a numbered list, then a prompt; no colour, no boxes, no redraws (also when TERM=dumb)",
    )
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
        f"seat in turn ({_levels_text()}; hard:800 or hard:0.5s gives hard a budget; "
        '"cmd:python3 mybot.py" a program of yours, docs/bot-protocol.md); default: as last chosen in the '
        "app (with --position: normal)",
    )


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


# The subcommands, in the order `--help` lists them: each one's name, its help line and what adds its options.
_SUBCOMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    ("play", "play against bots in this terminal (the default)", _play_options),
    ("simulate", "play headless games between bots and print a summary", _simulate_options),
    ("serve", "host games over SSH (see docs/hosting.md)", _serve_options),
    ("backup", "copy the server's SQLite database to FILE, even while the server runs", _backup_options),
    ("leaderboard", "print the server's leaderboard", _leaderboard_options),
    ("tournament", "rate bots against each other: win rates with 95%% intervals", _tournament_options),
    (
        "replay",
        "step through a saved game in the viewer (in a terminal), or check that it reaches its recorded end",
        _replay_options,
    ),
    ("learn", "a guided first game against bots: each step says what to do and why", _learn_options),
    ("review", "review a finished game from its file: timeline, scores, turning points", _review_options),
    ("puzzle", "solve a puzzle from a real game; `puzzle harvest` makes puzzles", _puzzle_options),
)
