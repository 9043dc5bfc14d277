"""Every import the project makes inside a function, and why: the one list (docs/performance.md, "Deferred
imports"). tests/server/test_deferred_imports.py fails on a function-level import missing here, and proves
each one listed defers: after its proof runs in a fresh process, the importing module is loaded and the
imported one is not.

An import belongs at the top of its module unless deferring it keeps a measurable cost (about 1% of the
first frame, ~5 ms of CPU, or more) off a start: `citadels` to its first frame, a subcommand, a server's
session. The costs below are CPU milliseconds to import the module (with what it brings that the start had
not loaded), measured on the development machine; bench/bench_start.py --instructions weighs the whole start.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FirstFrame:
    """`citadels` in a fresh home (a new game against bots), to the first frame of its game."""


@dataclass(frozen=True)
class Imported:
    """A fresh interpreter that imports `module` and nothing else."""

    module: str


@dataclass(frozen=True)
class Ran:
    """`citadels ARGV` run to its end."""

    argv: tuple[str, ...]


Proof = FirstFrame | Imported | Ran


@dataclass(frozen=True)
class Deferred:
    importer: str  # the module whose function imports
    imported: str  # the module it imports there
    reason: str  # what stays off which start, and what that saves
    proof: Proof  # what runs without loading `imported`


START = FirstFrame()

BOTS = "the bots' package (every bot, ~7 ms): made after the first frame, when the first bot moves"
CLASSIC = "the classic edition's rules and tables (~17 ms in all): a 2016 game, the default, loads none"
POSITION = "the position format's reader (~11 ms with the re-deal it uses): for a start from a position only"
PARSER = "the command parser (~5 ms): the app imports it just after the first frame (CitadelsApp._started)"
SUBCOMMAND = "each subcommand's module is imported by its subcommand only"
COMMAND = "what a command opens is imported by that command (settings, share, undo: ~10 ms in all)"
CAST = (
    "a character's rules: a game imports only its cast's (characters/__init__.py: all 27 cost ~15 M"
    " instructions); the default cast has no Diplomat or Marshal (~1.3 M for the two)"
)
PROCESSES = (
    "the worker processes' machinery (multiprocessing, ~5 ms): loaded when a searching bot first thinks"
)

DEFERRED: tuple[Deferred, ...] = (
    # The engine.
    Deferred(
        "citadels_core.bots",
        "citadels_core.bots.outside",
        "a bot that is another program (its protocol's JSON and subprocesses, ~6 ms): for such a bot only",
        Imported("citadels_core.bots"),
    ),
    Deferred("citadels_core.characters", "citadels_core.characters.classic", CLASSIC, START),
    Deferred("citadels_core.districts", "citadels_core.districts.classic", CLASSIC, START),
    Deferred("citadels_core.config", "citadels_core.classic_config", CLASSIC, START),
    Deferred("citadels_core.edition", "citadels_core.editions.classic", CLASSIC, START),
    Deferred("citadels_core.effects", "citadels_core.characters.classic", CLASSIC, START),
    Deferred("citadels_core.effects", "citadels_core.characters.diplomat", CAST, START),
    Deferred("citadels_core.effects", "citadels_core.characters.marshal", CAST, START),
    Deferred(
        "citadels_core.classic_config",
        "citadels_core.editions.classic",
        CLASSIC,
        Imported("citadels_core.classic_config"),
    ),
    Deferred("citadels_core.game", "citadels_core.position_text", POSITION, START),
    Deferred(
        "citadels_core.record",
        "hashlib",
        "OpenSSL's hashes (~2 ms): a replay's check of the state reached, never a start",
        START,
    ),
    Deferred(
        "citadels_core.gameline",
        "citadels_core.bots",
        BOTS + " (a line names its bots)",
        Imported("citadels_core.gameline"),
    ),
    # The app.
    Deferred("citadels_tui.app", "citadels_core.position", POSITION, START),
    Deferred("citadels_tui.app", "citadels_core.bots", BOTS, START),
    Deferred("citadels_tui.app", "citadels_tui.commands", PARSER, START),
    Deferred(
        "citadels_tui.app",
        "citadels_tui.components.end_screen",
        "the results screen and its table (~10 ms): at a game's end",
        START,
    ),
    Deferred(
        "citadels_tui.app",
        "citadels_tui.components.review_screen",
        "the review and its chart library (~75 ms): when a review is opened",
        START,
    ),
    Deferred(
        "citadels_tui.components.end_screen",
        "citadels_tui.components.review_screen",
        "the review and its chart library (~75 ms): when a review is opened, not with the results",
        Imported("citadels_tui.components.end_screen"),
    ),
    Deferred(
        "citadels_tui.app",
        "citadels_tui.components.resume_screen",
        "the question whether to resume (~1 ms): only a start that finds a saved game asks it",
        START,
    ),
    Deferred("citadels_tui.app_commands", "citadels_tui.components.settings_screen", COMMAND, START),
    Deferred("citadels_tui.app_commands", "citadels_tui.components.share_screen", COMMAND, START),
    Deferred("citadels_tui.app_commands", "citadels_core.gameline", COMMAND, START),
    Deferred("citadels_tui.app_commands", "citadels_core.takeback", COMMAND, START),
    Deferred("citadels_tui.table", "citadels_core.takeback", COMMAND, START),
    Deferred(
        "citadels_tui.app_commands",
        "citadels_tui.components.help_screen",
        "the help's Markdown widget (~80 ms), the slowest import of the app: when help is asked for",
        START,
    ),
    Deferred(
        "citadels_tui.app_commands",
        "citadels_tui.components.new_game_screen",
        "the new-game form (~5 ms): when it is opened",
        START,
    ),
    Deferred("citadels_tui.components.command_line", "citadels_tui.command_words", PARSER, START),
    Deferred("citadels_tui.components.game_screen", "citadels_tui.commands", PARSER, START),
    Deferred("citadels_tui.components.game_screen", "citadels_tui.command_words", PARSER, START),
    Deferred(
        "citadels_tui.components.game_screen",
        "citadels_tui.components.story_screen",
        "the full-screen story (~6 ms): when F6 or `story` opens it",
        START,
    ),
    Deferred(
        "citadels_tui.components.log_pane",
        "rich.pretty",
        "Rich's pretty-printer and attrs (~20 ms): only for an object that is not a renderable, never at a start",
        START,
    ),
    Deferred(
        "citadels_tui.ratings",
        "openskill.models",
        "openskill (~8 ms): when a game is first rated, not at a start or a server's session start",
        Imported("citadels_tui.ratings"),
    ),
    Deferred("citadels_tui.saves", "citadels_core.bots", BOTS, START),
    Deferred("citadels_tui.searches", "citadels_core.bots", BOTS, START),
    Deferred(
        "citadels_tui.searches", "citadels_core.bots.hint", BOTS + "; the hint's search with them", START
    ),
    Deferred("citadels_tui.settings", "citadels_core.bots", BOTS, START),
    Deferred("citadels_tui.table", "citadels_core.bots", BOTS, START),
    Deferred("citadels_tui.table", "citadels_core.position", POSITION, START),
    Deferred(
        "citadels_tui.table",
        "citadels_tui.records",
        "the journal's records and the ratings (~15 ms): when a table first writes to its journal",
        START,
    ),
    Deferred("citadels_tui.components.game_screen", "citadels_core.explain", COMMAND, START),
    Deferred(
        "citadels_tui.learn",
        "citadels_core.bots",
        BOTS + " (`play_through`, the lesson's check without a screen, makes them; a lobby session does not)",
        Imported("citadels_tui.learn"),
    ),
    Deferred("citadels_tui.learn", "citadels_core.position", POSITION, Imported("citadels_tui.learn")),
    Deferred(
        "citadels_tui.plain_lesson", "citadels_core.position", POSITION, Imported("citadels_tui.plain_lesson")
    ),
    Deferred("citadels_tui.components.game_screen", "citadels_tui.why", COMMAND, START),
    Deferred(
        "citadels_tui.components.game_screen",
        "citadels_core.think",
        BOTS + "; `think` reads the bots' inference",
        START,
    ),
    Deferred(
        "citadels_tui.plain",
        "citadels_core.think",
        BOTS + "; plain mode's `who` reads the bots' inference",
        Imported("citadels_tui.plain"),
    ),
    Deferred("citadels_tui.plain", "citadels_tui.why", COMMAND, Imported("citadels_tui.plain")),
    Deferred(
        "citadels_tui.lobby_words",
        "citadels_tui.daily_puzzle",
        "the puzzles and the search that judges them (~27 ms with the bots): imported when `puzzle` is typed",
        Imported("citadels_tui.lobby_words"),
    ),
    Deferred(
        "citadels_tui.lobby_words",
        "citadels_tui.command_words",
        PARSER + "; the lobby reads its first line after its first frame",
        Imported("citadels_tui.lobby_words"),
    ),
    Deferred(
        "citadels_tui.settings",
        "tomllib",
        "the TOML reader (~17 M instructions, 1.5% of the first frame): a fresh home has no settings file"
        " to read",
        Imported("citadels_tui.settings"),
    ),
    Deferred(
        "citadels_tui.settings",
        "tomli_w",
        "the TOML writer (~6 M instructions; 23 M with the reader): settings are written only when the"
        " player changes them",
        START,
    ),
    Deferred(
        "citadels_themes.model",
        "tomllib",
        "the TOML reader (~17 M instructions): after the first start, a start reads the shipped themes from"
        " the app's cache (citadels_tui/theme_cache.py), not their files",
        Imported("citadels_themes"),
    ),
    Deferred("citadels_tui.thinking", "multiprocessing", PROCESSES, START),
    Deferred("citadels_tui.thinking", "concurrent.futures.process", PROCESSES, START),
    # The command and the server.
    Deferred(
        "citadels_server.cli",
        "citadels_server.cli_parser",
        "argparse and the parser (~6 ms): a bare `citadels` parses nothing (cli.BARE_START)",
        START,
    ),
    Deferred("citadels_server.cli", "citadels_server.cli_bots", SUBCOMMAND, START),
    Deferred("citadels_server.cli", "citadels_server.cli_replay", SUBCOMMAND, START),
    Deferred("citadels_server.cli", "citadels_server.cli_serve", SUBCOMMAND, START),
    Deferred("citadels_server.cli", "citadels_server.cli_database", SUBCOMMAND, START),
    Deferred("citadels_server.cli", "citadels_server.cli_puzzle", SUBCOMMAND, START),
    Deferred(
        "citadels_server.cli_puzzle",
        "citadels_tui.app",
        "the app (~150 ms): `puzzle harvest --save` alone reads the name of the app's last game",
        Imported("citadels_server.cli_puzzle"),
    ),
    Deferred("citadels_server.cli", "citadels_server.cli_play", SUBCOMMAND, Imported("citadels_server.cli")),
    Deferred(
        "citadels_server.cli_bots",
        "citadels_core.tournament",
        "a tournament's process pool (~12 ms): `simulate` starts none",
        Imported("citadels_server.cli_bots"),
    ),
    Deferred(
        "citadels_server.cli_parser",
        "citadels_tui.i18n",
        "Textual, which the app's languages import: `simulate`, `tournament` and `replay --log` load none",
        Ran(("simulate", "--games", "1", "--players", "3")),
    ),
    Deferred(
        "citadels_server.cli_parser",
        "citadels_tui.themed_app",
        "Textual, which the themes import: `simulate`, `tournament` and `replay --log` load none",
        Ran(("simulate", "--games", "1", "--players", "3")),
    ),
    Deferred(
        "citadels_server.cli_play",
        "citadels_tui.terminal_run",
        "the full-screen app (~145 ms beyond the plain mode): `citadels --plain` loads none of its screens",
        Imported("citadels_server.cli_play"),
    ),
    Deferred(
        "citadels_server.cli_play",
        "citadels_tui.settings",
        "the settings, and the engine with them, imported after gc.disable() as the app's own imports are",
        Imported("citadels_server.cli_play"),
    ),
    Deferred(
        "citadels_server.cli_play",
        "citadels_tui.plain",
        "the plain mode (~6 ms with the command parser it reads lines with): `--plain` only",
        START,
    ),
    Deferred(
        "citadels_server.cli_play", "citadels_core.bots", BOTS + " (`--bots` names their levels)", START
    ),
    Deferred("citadels_server.cli_play", "citadels_core.position", POSITION, START),
    Deferred(
        "citadels_server.cli_play",
        "citadels_tui.learn_app",
        "the lesson's app (`citadels learn`): imported by that subcommand only",
        Imported("citadels_server.cli_play"),
    ),
    Deferred(
        "citadels_server.cli_play",
        "citadels_tui.plain_lesson",
        "the lesson as lines (`citadels learn --plain`): imported by that subcommand only",
        Imported("citadels_server.cli_play"),
    ),
    Deferred(
        "citadels_server.cli_play",
        "secrets",
        "hmac and OpenSSL (~2 ms): a seat's position only, dealt at random",
        START,
    ),
    Deferred(
        "citadels_server.cli_replay",
        "citadels_tui.review_app",
        "the review and its chart library (~75 ms): `review` only, not `replay`",
        Imported("citadels_server.cli_replay"),
    ),
    Deferred(
        "citadels_server.cli_replay",
        "citadels_tui.replay_app",
        "the replay viewer (Textual): `replay --log` and `--line` print without it",
        Imported("citadels_server.cli_replay"),
    ),
    Deferred(
        "citadels_server.database.engines",
        "psycopg",
        "PostgreSQL's driver (~145 ms, an optional dependency): a server on SQLite never loads it",
        Imported("citadels_server.database"),
    ),
)
