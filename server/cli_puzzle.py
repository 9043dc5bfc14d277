"""`citadels puzzle harvest`: puzzles from finished games (docs/puzzles.md, "Harvest"); and `citadels puzzle`,
which the app's `puzzles.py` poses.

The games are game files and `citadels:1:` lines given on the command line, the app's own (`--save`: its
last finished game and the one saved) and, with `--database`/`--data-dir`, the server's finished games (its
history). For each human seat the review's costliest decisions (`turning_points.costliest`) are the
candidates: the moments a player lost most against the bot (up to `CANDIDATES` of them: most costly decisions fail the margin, when the bot's choice
has a close second). A candidate the review found cheap cannot be a clear puzzle and is not searched again;
one that a first small search (`promising`) shows far from clear is dropped; the others are judged by
`citadels_core.puzzle.judge` at the harvest's budget, and the clear ones are written as JSON lines, one per
puzzle, deduplicated by the position's text (with `--out FILE`, added to FILE less the positions it holds)."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from citadels_core import Game
from citadels_core.bots.turning_points import DEFAULT_BUDGET, costliest, turning_points
from citadels_core.errors import SaveFileError
from citadels_core.gameline import PREFIX, read
from citadels_core.puzzle import MARGIN, Puzzle, chances, interchangeable, judge, lead, load, puzzle_of
from citadels_core.record import GameRecord
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_server.database import DatabaseError, open_database
from citadels_server.settings import SettingsError, load_settings
from citadels_tui.paths import data_dir
from citadels_tui.puzzles import run_puzzle
from citadels_tui.saves import read_save

if TYPE_CHECKING:
    import argparse

# A decision the review found to cost less than this cannot lead the next choice by MARGIN: the review's
# own search (a smaller budget) is noisy, so the bar is set below MARGIN, not at it.
SCAN_COST = MARGIN * 2 / 3
CANDIDATES = 8  # the costliest decisions of each seat that are judged, at most
SCREEN_SHARE = 10  # a candidate is first searched once at budget // SCREEN_SHARE playouts


def promising(g: Game, seat: int, budget: int, seed: int) -> bool:
    """A first look before the judging searches: one re-deal's search at a small budget leads by half the
    margin, and its best choice has no `interchangeable` other. Most candidates stop here."""
    world = redeal(g, seat, Rng(1))
    found = chances(world, seat, budget, seed)
    return interchangeable(world, seat, found[0][0]) is None and lead(found, found[0][0]) >= MARGIN / 2


@dataclass(frozen=True, slots=True)
class Source:
    """One game to harvest: its record, the seats played by people, and a name for the puzzle's `from`."""

    record: GameRecord
    seats: tuple[int, ...]
    origin: str


def file_source(name: str) -> Source:
    """A game file (a record or a save: the seats its `bots` names are left out) or a `citadels:1:` line."""
    if name.lstrip().lower().startswith(PREFIX + ":"):
        rec, bots = read(name)
        return Source(rec, human_seats(rec, bots), "line")
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SaveFileError(f"cannot read {name}: {e}") from None
    rec = GameRecord.loads(text)
    raw = json.loads(text).get("bots")
    bots = {int(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    return Source(rec, human_seats(rec, bots), Path(name).name)


def local_sources() -> list[Source]:
    """This app's games: the last one finished (`last-game.json`, as `citadels review` reads it) and the one in
    progress (the newest save), the bots' seats left out."""
    from citadels_tui.app import LAST_GAME  # the app itself (Textual): only `--save` needs the file's name

    out = []
    last = data_dir() / LAST_GAME
    if last.exists():
        out.append(file_source(str(last)))
    saved, problem = read_save()
    if problem:
        print(f"citadels: {problem}", file=sys.stderr)
    if saved is not None:
        out.append(Source(saved.record, human_seats(saved.record, saved.bots or {}), saved.path.name))
    return out


def human_seats(rec: GameRecord, bots: dict[int, str]) -> tuple[int, ...]:
    """The seats no bot played (every seat when the game names no bots: a game of bots alone is harvested
    for all of them)."""
    return tuple(s for s in range(rec.config.players) if s not in bots)


def database_sources(args: argparse.Namespace, limit: int) -> list[Source]:
    """The server's finished games, newest first (abandoned ones left out), each with its people's seats."""
    settings = load_settings(args.settings, data_dir=args.data_dir, database=args.database)
    db = open_database(settings)

    async def games() -> list[Source]:
        out = []
        for s in await db.games(limit=limit):
            if s.abandoned:
                continue
            found = await db.game(s.id)
            if found is not None:
                seats = tuple(i for i, f in enumerate(s.seats) if f.bot is None)
                out.append(Source(found.record, seats, f"game {s.id}"))
        return out

    try:
        return asyncio.run(games())
    finally:
        db.close()


def harvest(
    sources: list[Source],
    budget: int,
    scan_budget: int = DEFAULT_BUDGET,
    say: Callable[[str], None] = lambda _: None,
    known: set[str] | None = None,
) -> Iterator[Puzzle]:
    """The clear puzzles of `sources`' people's costliest decisions, each position once (and none of the
    positions `known` already)."""
    seen: set[str] = set() if known is None else set(known)
    for src in sources:
        rec = src.record
        for seat in src.seats:
            points = turning_points(rec.config, rec.seed, rec.actions, seat, scan_budget)
            for tp in costliest(points, CANDIDATES):
                if tp.cost < SCAN_COST:
                    continue
                g = Game(rec.config, rec.seed, record_events=False)
                for p, a in rec.actions[: tp.index]:
                    g.apply(p, a)
                where = f"{src.origin} seat {seat + 1} action {tp.index + 1}"
                if not promising(g, seat, max(budget // SCREEN_SHARE, scan_budget), rec.seed + tp.index):
                    say(f"{where}: review cost {tp.cost:.2f}, screened out")
                    continue
                verdict = judge(g, seat, budget, seed=rec.seed + tp.index)
                say(
                    f"{where}: review cost {tp.cost:.2f}, best {verdict.best}, margin "
                    + ("unstable" if verdict.margin is None else f"{verdict.margin:.2f}")
                )
                if not verdict.clear:
                    continue
                puzzle = puzzle_of(g, seat, verdict, f"{src.origin}, action {tp.index + 1}", budget)
                if puzzle.position not in seen:
                    seen.add(puzzle.position)
                    yield puzzle


def cmd_harvest(args: argparse.Namespace) -> int:
    sources: list[Source] = []
    try:
        for name in args.games:
            sources.append(file_source(name))
        if args.save:
            sources += local_sources()
    except SaveFileError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    if args.database or args.data_dir or args.settings:
        try:
            sources += database_sources(args, args.limit)
        except (DatabaseError, SettingsError) as e:
            print(f"citadels: {e}", file=sys.stderr)
            return 2
    if not sources:
        print(
            "citadels: no games to harvest: name game files, --save, or a server's --data-dir/--database",
            file=sys.stderr,
        )
        return 2

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    known: set[str] = set()
    if args.out not in (None, "-") and Path(args.out).exists():
        try:
            known = {p.position for p in load(Path(args.out).read_text(encoding="utf-8"))}
        except (OSError, SaveFileError) as e:
            print(f"citadels: {args.out}: {e}", file=sys.stderr)
            return 2
    out: TextIO = sys.stdout if args.out in (None, "-") else open(args.out, "a", encoding="utf-8")  # noqa: SIM115 - closed below
    kept = 0
    try:
        for puzzle in harvest(sources, args.budget, args.scan_budget, say, known):
            out.write(puzzle.dumps() + "\n")
            out.flush()
            kept += 1
    finally:
        if out is not sys.stdout:
            out.close()
    say(f"{kept} puzzles from {len(sources)} games")
    return 0


def cmd_puzzle(args: argparse.Namespace) -> int:
    """`citadels puzzle` (pose one, in lines) or `citadels puzzle harvest`."""
    if args.puzzle_command == "harvest":
        return cmd_harvest(args)
    return run_puzzle(args)
