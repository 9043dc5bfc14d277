"""Puzzles: positions from real games where one choice was clearly best (docs/puzzles.md).

A puzzle is a seat's position (`position_text.seat_position`: what that seat knew, the rest "?"), the
answer (an action), the chances of every legal choice and the answer's margin. "Clearly best" is decided
here, by the engine, so that the harvest keeps a puzzle and its test proves it by the same function: in
each of `REDEALS` re-deals of what the seat cannot see, `hard` searches from the seat exactly as a hint does
(`bots.hint.hint`, every legal choice, figures read through `calibration.calibrated`), and the same choice
must come out at least `MARGIN` above every other. A position whose answer depends on a card the player
could not know fails in some re-deal and is no puzzle.

The shipped set is `puzzles.jsonl` beside this module, one JSON line per puzzle; `daily(day)` picks the
same one for everybody on a given day."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources
from typing import Any

from .actions import Action
from .bots.hint import hint
from .errors import SaveFileError
from .explain import Reason, reasons
from .game import Game
from .position import from_seat_position, seat_of, seat_position
from .redeal import redeal
from .rng import Rng
from .view import view

MARGIN = 0.15  # the answer's least lead, in chance to win (0-1), over every other legal choice
REDEALS = 5  # the worlds the margin must hold in: redeal(g, seat, Rng(k)) for k = 1 … REDEALS
HARVEST_BUDGET = 20_000  # the harvest's playouts per search (docs/puzzles.md)
SHIPPED = "puzzles.jsonl"


class PuzzleError(SaveFileError):
    """A puzzle line that cannot be read, with a sentence that says why."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: the seat's position, its answer, each legal choice's chance (best first), the margin the
    answer had when kept (the least over the re-deals), where it came from (a game's id or file) and the
    playouts per search it was judged at (0: not said)."""

    position: str
    answer: Action
    chances: tuple[tuple[Action, float], ...]
    margin: float
    origin: str = ""
    budget: int = 0

    @property
    def seat(self) -> int:
        return seat_of(self.position)

    def game(self, seed: int = 0) -> Game:
        """A world of the position: what the seat cannot see dealt from `seed` (the seat's view is the same
        in every one)."""
        return from_seat_position(self.position, seed, record_events=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "answer": self.answer.to_json(),
            "chances": [[a.to_json(), c] for a, c in self.chances],
            "margin": self.margin,
            "from": self.origin,
            "budget": self.budget,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @staticmethod
    def from_json(data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError("A puzzle is a JSON object.")
        try:
            position = data["position"]
            answer = Action.from_json(data["answer"])
            chances = tuple((Action.from_json(a), float(c)) for a, c in data["chances"])
            margin = float(data["margin"])
            budget = int(data.get("budget", 0))
        except (KeyError, TypeError, ValueError) as e:
            raise PuzzleError(f"A puzzle needs a position, an answer, chances and a margin ({e}).") from None
        if not isinstance(position, str):
            raise PuzzleError("A puzzle's position is a seat's position, as text.")
        return Puzzle(position, answer, chances, margin, str(data.get("from", "")), budget)


def load(text: str) -> list[Puzzle]:
    """The puzzles of a JSON-lines text (blank lines skipped); PuzzleError names the first bad line."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(Puzzle.from_json(json.loads(line)))
        except (json.JSONDecodeError, SaveFileError) as e:
            raise PuzzleError(f"Puzzle line {n}: {e}") from None
    return out


@cache
def shipped() -> tuple[Puzzle, ...]:
    """The puzzles that ship with the game."""
    return tuple(load(resources.files(__package__).joinpath(SHIPPED).read_text(encoding="utf-8")))


def daily(day: date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The day's puzzle: the same for everybody on `day` (a UTC date on a server), the set taken in turn."""
    found = shipped() if puzzles is None else puzzles
    if not found:
        raise PuzzleError("There are no puzzles.")
    return found[day.toordinal() % len(found)]


def chances(g: Game, seat: int, budget: int, seed: int) -> list[tuple[Action, float]]:
    """Every legal choice of `seat` in `g` with its calibrated chance to win, the best first: the hint's
    search and figures (from the seat's view and worlds re-dealt from it, never `g`'s secrets)."""
    v = view(g, seat)
    return hint(v, lambda rng: redeal(g, seat, rng), budget, top=len(v.legal), seed=seed)


def lead(found: Sequence[tuple[Action, float]], answer: Action) -> float:
    """How far `answer`'s chance is above the best other choice's (negative when below)."""
    mine = next((c for a, c in found if a == answer), None)
    if mine is None:
        return -1.0
    others = [c for a, c in found if a != answer]
    return mine - max(others, default=0.0)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A position judged: its best choice, the least lead it kept over the re-deals (None when the best
    choice changed from one re-deal to another) and the chances found in the first re-deal."""

    best: Action
    margin: float | None
    chances: tuple[tuple[Action, float], ...]

    @property
    def clear(self) -> bool:
        return self.margin is not None and self.margin >= MARGIN


def after(g: Game, seat: int, actions: Sequence[Action]) -> str | None:
    """The position after `seat` plays `actions` in turn in a copy of `g`, or None when one is not legal
    then (or another player must decide first)."""
    h = g.clone()
    for a in actions:
        pd = h.pending()
        if pd is None or pd[0] != seat or a not in h.legal_actions():
            return None
        h.apply(seat, a)
    return h.position()


def interchangeable(g: Game, seat: int, answer: Action) -> Action | None:
    """Another legal choice that reaches what `answer` reaches when both are played, in either order (taking
    income, then gold, is taking gold, then income): choosing it first is no mistake, however the search
    scores it (its playouts may not play the answer next), so such a position is no puzzle. None if none."""
    for other in g.legal_actions():
        if other == answer:
            continue
        both = after(g, seat, (answer, other))
        if both is not None and both == after(g, seat, (other, answer)):
            return other
    return None


def lead_after_follow_ups(
    g: Game, seat: int, found: Sequence[tuple[Action, float]], answer: Action, budget: int, seed: int
) -> float:
    """The answer's lead when every other choice after which the seat decides again is given its best
    continuation: a search from the position after it. The playouts that score a choice play on greedily,
    and may play on badly (after taking income, draw cards rather than end a won game); the seat would
    not, so a choice is only as bad as the best the seat can do after it."""
    mine = next(c for a, c in found if a == answer)
    worst = 1.0
    for other in g.legal_actions():
        if other == answer:
            continue
        child = g.clone()
        child.apply(seat, other)
        pd = child.pending()
        if pd is None or pd[0] != seat or child.over:
            continue
        best = chances(child, seat, budget, seed)[0][1]
        worst = min(worst, mine - best)
        if worst < MARGIN:
            break
    return worst


def judge(g: Game, seat: int, budget: int, seed: int = 0) -> Verdict:
    """Whether `seat`'s decision in `g` is a puzzle: the best choice in the first re-deal, and its least lead
    over all `REDEALS` (stopping at the first re-deal where it is not clear: the rest cannot save it), then
    over the other choices' best continuations in the first (`lead_after_follow_ups`). A best choice with an
    `interchangeable` other has no lead (None)."""
    first: list[tuple[Action, float]] = []
    margin = 1.0
    for k in range(1, REDEALS + 1):
        world = redeal(g, seat, Rng(k))
        found = chances(world, seat, budget, seed + k)
        if not first:
            first = found
            if interchangeable(world, seat, found[0][0]) is not None:
                return Verdict(found[0][0], None, tuple(found))
        margin = min(margin, lead(found, first[0][0]))
        if margin < MARGIN:
            break
    if margin >= MARGIN:
        world = redeal(g, seat, Rng(1))
        margin = min(margin, lead_after_follow_ups(world, seat, first, first[0][0], budget, seed))
    return Verdict(first[0][0], margin if margin >= 0 else None, tuple(first))


def check(position: str, answer: Action, budget: int, seed: int = 0) -> float | None:
    """The least lead of `answer` over every other legal choice in the re-deals of the seat's position
    `position`, and over their best continuations (as `judge` measures it), when it is `MARGIN` or more in
    each; None when it is not (the answer is no longer clear)."""
    g = from_seat_position(position, seed, record_events=False)
    seat = seat_of(position)
    if answer not in g.legal_actions() or interchangeable(g, seat, answer) is not None:
        return None
    margin = 1.0
    first: list[tuple[Action, float]] = []
    for k in range(1, REDEALS + 1):
        found = chances(redeal(g, seat, Rng(k)), seat, budget, seed + k)
        first = first or found
        margin = min(margin, lead(found, answer))
        if margin < MARGIN:
            return None
    margin = min(margin, lead_after_follow_ups(redeal(g, seat, Rng(1)), seat, first, answer, budget, seed))
    return margin if margin >= MARGIN else None


@dataclass(frozen=True, slots=True)
class Because:
    """What the engine can name of the answer's effect, read from the seat's information only: the rules
    that acted as it was played (`explain.reasons` of its events: the Gold Mine's gold, the Observatory's
    draw …), whether it completed the seat's city, and the districts the seat can build right after it and
    could not before, each with whether building it completes the city."""

    reasons: tuple[Reason, ...]
    completes: bool
    builds: tuple[tuple[str, bool], ...]


def because(puzzle: Puzzle) -> Because:
    """The answer played in a world of the puzzle's position (any: what the seat sees is the same in each,
    and so is everything read here), and what the engine names of it."""
    g = from_seat_position(puzzle.position, 0, record_events=True)
    seat = puzzle.seat
    could = {a.args[0] for a in g.legal_actions() if a.kind == "build"}
    seen = len(g.events or [])
    had = len(g.cities[seat])
    g.apply(seat, puzzle.answer)
    found = tuple(reasons(g, seat, (g.events or [])[seen:]))
    size = len(g.cities[seat])
    pd = g.pending()
    builds: list[tuple[str, bool]] = []
    if pd is not None and pd[0] == seat and not g.over:
        for a in g.legal_actions():
            if a.kind == "build" and a.args[0] not in could and str(a.args[0]) not in dict(builds):
                builds.append((str(a.args[0]), size + 1 >= g.complete_at))
    return Because(found, had < g.complete_at <= size, tuple(builds))


def puzzle_of(g: Game, seat: int, verdict: Verdict, origin: str, budget: int = 0) -> Puzzle:
    """The puzzle a clear verdict (judged at `budget` playouts per search) makes of `seat`'s decision in `g`."""
    assert verdict.margin is not None
    return Puzzle(
        seat_position(g, seat), verdict.best, verdict.chances, round(verdict.margin, 3), origin, budget
    )
