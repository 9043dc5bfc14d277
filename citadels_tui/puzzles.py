"""Puzzles as lines (docs/puzzles.md, "Playing"): the position as the puzzle's seat sees it, the question,
the numbered choices, and the verdict on an answer with the chances that make it so.

`citadels puzzle` runs it in the terminal (`run_puzzle`), and the server's lobby poses the day's puzzle with
the same sentences (lobby_words.py). The position is read through the seat's `View` only, so nothing the
seat could not see is told; the chances are the puzzle's, worked out by the engine when it was harvested
(`citadels_core.puzzle`)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from citadels_core.actions import Action
from citadels_core.puzzle import REDEALS, Puzzle, PuzzleError, because, daily, load, shipped
from citadels_core.view import View, view

from . import sentences
from .commands import parse
from .i18n import from_environment, normalize, set_language, t, tn
from .names import card_name, describe
from .settings import load_settings
from .why import explain

if TYPE_CHECKING:
    import argparse

    from citadels_core import GameConfig


def seat_view(puzzle: Puzzle) -> tuple[View, GameConfig]:
    """What the puzzle's seat sees, and the game's configuration (the same in every world of it)."""
    g = puzzle.game()
    return view(g, puzzle.seat), g.config


def pose(puzzle: Puzzle) -> list[str]:
    """The puzzle told: the round, each player as the seat sees them, the characters, the hand, the
    question and the numbered choices."""
    v, cfg = seat_view(puzzle)
    me = v.players[puzzle.seat].name
    out = [t("Puzzle: round {r}, you are {p}. One choice here is clearly best: which?", r=v.round, p=me)]
    out += sentences.who(v, cfg)
    for p in v.players:
        out += sentences.look(v, cfg, str(p.seat))
    out += sentences.characters(v, cfg)
    out += sentences.hand(v, cfg)
    out.append(t("What do you do? Answer with a number:"))
    out += ["  " + line for line in sentences.options(v, cfg)]
    return out


def answer_of(puzzle: Puzzle, text: str) -> Action | str:
    """The action a typed answer names (a number or the words of an option), or the sentence that says why
    it names none."""
    v, cfg = seat_view(puzzle)
    cmd = parse(text, v, cfg)
    if cmd.error:
        return cmd.error
    if not cmd.actions:
        return t("Answer with the number of a choice, 1 to {m}.", m=len(v.legal))
    return cmd.actions[0]


def rules_behind(puzzle: Puzzle) -> list[str]:
    """The rules the engine names behind the answer (`puzzle.because`): the ones that acted as it was played,
    its completing the city, the districts it lets the seat build this turn."""
    _, cfg = seat_view(puzzle)
    found = because(puzzle)
    out = [explain(cfg, r, puzzle.seat) for r in found.reasons]
    if found.completes:
        out.append(
            t(
                "It completes your city: the game ends with this round, and the first city complete earns a bonus."
            )
        )
    for key, completing in found.builds:
        out.append(
            t("With it you can build the {d} this turn, and that completes your city.", d=card_name(cfg, key))
            if completing
            else t("With it you can build the {d} this turn.", d=card_name(cfg, key))
        )
    return out


def verdict(puzzle: Puzzle, answer: Action) -> list[str]:
    """Whether `answer` is the puzzle's, then the solution: each choice with its chance to win, and the
    rules behind the answer where the engine names them (`rules_behind`)."""
    v, cfg = seat_view(puzzle)
    best = describe(cfg, v, puzzle.answer)
    if answer == puzzle.answer:
        out = [t("Right! The clear best choice: {a}.", a=best)]
    else:
        out = [t("Not this one. The clear best choice: {a}.", a=best)]
    out.append(t("The hard bot's chances to win for each choice:"))
    for action, chance in puzzle.chances:
        mark = "  → " if action == puzzle.answer else ("  × " if action == answer else "  • ")
        n = v.legal.index(action) + 1
        out.append(
            mark + t("{a} — {p}% (option {n})", a=describe(cfg, v, action), p=round(chance * 100), n=n)
        )
    out.append(
        tn(
            "It leads every other choice by {n} point or more in each of {k} deals of the cards you could "
            "not see: they do not change the answer.",
            "It leads every other choice by {n} points or more in each of {k} deals of the cards you could "
            "not see: they do not change the answer.",
            round(puzzle.margin * 100),
            k=REDEALS,
        )
    )
    out += rules_behind(puzzle)
    return out


def utc_day(now: float | None = None) -> date:
    """The UTC date at `now` (seconds since the epoch; None: now): the day a daily puzzle belongs to."""
    return datetime.fromtimestamp(time.time() if now is None else now, UTC).date()


def chosen(args: argparse.Namespace, today: date | None = None) -> Puzzle:
    """The puzzle `citadels puzzle` poses: `--number` of the set (shipped or `--file`), else the day's (of
    `today`; None: the UTC date now)."""
    found = list(shipped()) if args.file is None else load(Path(args.file).read_text(encoding="utf-8"))
    if not found:
        raise PuzzleError(t("There are no puzzles in {f}.", f=args.file))
    number: int | None = args.number
    if number is not None:
        if number > len(found):
            raise PuzzleError(t("There is no puzzle {n}; there are {m}.", n=number, m=len(found)))
        return found[number - 1]
    return daily(utc_day() if today is None else today, found)


def solve(puzzle: Puzzle, read: Callable[[], str | None], write: Callable[[str], None]) -> bool | None:
    """Pose `puzzle`, read answers until one names a choice, tell the verdict; whether it was right (None:
    the input ended first)."""
    for line in pose(puzzle):
        write(line)
    while True:
        text = read()
        if text is None:
            return None
        if not text.strip():
            continue
        found = answer_of(puzzle, text)
        if isinstance(found, str):
            write(found)
            continue
        for line in verdict(puzzle, found):
            write(line)
        return found == puzzle.answer


def run_puzzle(
    args: argparse.Namespace,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    today: date | None = None,
) -> int:
    """`citadels puzzle`: one puzzle in lines (the day's is `today`'s; None: the UTC date now); 0 when
    solved, 1 when not, 2 when none could be posed."""
    lang = getattr(args, "lang", None) or load_settings()[0].language or from_environment()
    set_language(normalize(lang) or "en")
    try:
        puzzle = chosen(args, today)
    except (OSError, PuzzleError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2

    def read() -> str | None:
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline()
        return line if line else None

    def write(line: str) -> None:
        stdout.write(line + "\n")

    right = solve(puzzle, read, write)
    return 0 if right else 1
