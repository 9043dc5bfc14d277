"""The bot ladder: `random`, `easy`, `normal` (alias `heuristic`), `hard`; `make_bot(kind, seed)`.

A kind may carry a search budget for `hard`: `hard:800` searches 800 playouts per decision, `hard:0.5s`
searches for half a second (time budgets are not reproducible). Plain `hard` searches 800 playouts
(`DEFAULT_ITERATIONS`), cut short at 0.9 s so that a decision never takes more than about a second.
`expert` (the same budgets) is the Information Set MCTS search (`ismcts.py`): kept as a kind for
tournaments and study, not offered as a level, since it has not measurably beaten `hard` (docs/bots.md)."""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Callable

from ..levels import LEVELS, OUTSIDE, PROGRAM_TIMEOUT
from .base import Bot, decide, game_over
from .easy import EasyBot
from .heuristic import HeuristicBot
from .ismcts import ISMCTSBot
from .normal import NormalBot
from .random_bot import RandomBot
from .search import DEFAULT_ITERATIONS, DEFAULT_MAX_SECONDS, SearchBot

BOT_KINDS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "heuristic": NormalBot,  # the name bots had before the ladder
    "hard": SearchBot,
    "expert": ISMCTSBot,
}
SEARCH_KINDS = frozenset({"hard", "expert"})  # the kinds that take a budget

# `heuristic` is the former name of `normal`, still read from old settings and save files; `expert` is kept
# for tournaments and study. Neither is listed among the LEVELS a player is offered.


def level_name(kind: str) -> str:
    """The level a kind is shown as: `heuristic` is `normal`."""
    return "normal" if kind == "heuristic" else kind


def parse_kind(kind: str) -> tuple[str, int | None, float | None]:
    """Split `hard:800` / `hard:0.5s` into (name, iterations, seconds); raise ValueError if malformed.
    `cmd:PROGRAM` (another program, bots/outside.py) is ("cmd", None, None)."""
    if kind.startswith(OUTSIDE):
        if not kind.removeprefix(OUTSIDE).strip():
            raise ValueError("cmd: names the program to run, e.g. cmd:python mybot.py")
        return "cmd", None, None
    name, _, budget = kind.partition(":")
    if name not in BOT_KINDS:
        raise ValueError(
            f"unknown bot {name!r}; the levels are {', '.join(LEVELS)} (hard:800 or hard:0.5s gives hard "
            "a budget)"
        )
    if not budget:
        return name, None, None
    if name not in SEARCH_KINDS:
        raise ValueError(f"only hard and expert take a budget, not {kind!r}")
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not seconds > 0:
                raise ValueError
            return name, None, seconds
        iterations = int(budget)
        if iterations < 1:
            raise ValueError
        return name, iterations, None
    except ValueError:
        raise ValueError(
            f"a budget is a number of playouts (hard:800) or seconds (hard:0.5s), not {budget!r}"
        ) from None


def missing_program(kind: str) -> str | None:
    """For a `cmd:` bot whose program is not there to run, the sentence that says so (said once, before
    any game, rather than by each game that would start it); None for any other kind."""
    if not kind.startswith(OUTSIDE):
        return None
    command = kind.removeprefix(OUTSIDE)
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return f"cannot read the bot command {command!r}"
    if shutil.which(program) is None:
        return f"cannot start the bot {command!r}: there is no program {program!r} to run"
    return None


def make_bot(kind: str, seed: int = 0, program_timeout: float = PROGRAM_TIMEOUT) -> Bot:
    """The bot `kind` names (`parse_kind`), seeded; another program (`cmd:`) may take `program_timeout`
    seconds over a decision."""
    if kind.startswith(OUTSIDE):
        # Imported for such a bot only: the protocol's JSON is nothing the app's start needs.
        from .outside import OutsideBot

        return OutsideBot(kind.removeprefix(OUTSIDE), seed, program_timeout)
    name, iterations, seconds = parse_kind(kind)
    if name in SEARCH_KINDS:
        cls = ISMCTSBot if name == "expert" else SearchBot
        if iterations is None and seconds is None:
            # The default: a fixed playout budget, capped so that no decision keeps a player waiting.
            return cls(seed, iterations=DEFAULT_ITERATIONS, max_seconds=DEFAULT_MAX_SECONDS)
        return cls(seed, iterations=iterations or DEFAULT_ITERATIONS, seconds=seconds)
    return BOT_KINDS[name](seed)


__all__ = [
    "Bot",
    "BOT_KINDS",
    "LEVELS",
    "decide",
    "game_over",
    "OUTSIDE",
    "level_name",
    "EasyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "NormalBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "missing_program",
    "parse_kind",
]
