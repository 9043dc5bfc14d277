"""Tournaments between bots: seats rotated over a fixed seed set, games in parallel, and per bot a win rate
with its Wilson 95% interval against the fair share, the mean finishing rank and the mean score margin.

Every game is a pure function of (config, seed, seat bots), so a worker process needs only those: the
result does not depend on how many processes run it or in which order games finish (budgets in seconds
aside, which are not reproducible by nature)."""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .config import GameConfig
from .levels import PROGRAM_TIMEOUT
from .simulate import GameOutcome, play_game

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional: a shared win counts a part).
    Unlike the normal approximation it stays inside [0, 1] and behaves near 0 and 1 with few games."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    seats: int = 0  # seat-games played by this bot
    wins: float = 0.0
    rank_sum: int = 0
    margin_sum: int = 0

    def to_json(self, players: int) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.seats)
        s = max(self.seats, 1)
        return {
            "seats": self.seats,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / s, 4),
            "wilson95": [round(lo, 4), round(hi, 4)],
            "fair_share": round(1 / players, 4),
            "above_fair_share": lo > 1 / players,
            "mean_rank": round(self.rank_sum / s, 3),
            "mean_margin": round(self.margin_sum / s, 3),
        }


@dataclass
class TournamentResult:
    players: int
    bots: tuple[str, ...]
    games: int = 0
    finished: int = 0
    errors: list[tuple[int, tuple[str, ...], str]] = field(default_factory=list)
    stats: dict[str, BotStats] = field(default_factory=dict)

    def add(self, out: GameOutcome) -> None:
        self.finished += 1
        best = max(out.scores)
        for seat, b in enumerate(out.bots):
            st = self.stats.setdefault(b, BotStats())
            st.seats += 1
            if seat in out.winners:
                st.wins += 1 / len(out.winners)
            st.rank_sum += out.ranking.index(seat) + 1
            # Margin to the best other player: positive when this seat finished ahead of everyone.
            others = [s for q, s in enumerate(out.scores) if q != seat]
            st.margin_sum += out.scores[seat] - (max(others) if others else best)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "finished": self.finished,
            "errors": [{"seed": s, "seats": list(b), "error": e} for s, b, e in self.errors],
            "by_bot": {b: st.to_json(self.players) for b, st in self.stats.items()},
        }


def schedule(players: int, games: int, seed: int, bots: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(game seed, bots by seat) for each game: every seed is played in each rotation of the seats in
    turn, so seat order (who starts with the crown) favours no bot."""
    out = []
    for k in range(games):
        rot = k % players
        out.append((seed + k // players, tuple(bots[(i + rot) % players] for i in range(players))))
    return out


def _run(
    task: tuple[GameConfig, int, tuple[str, ...], float],
) -> tuple[int, tuple[str, ...], GameOutcome | str]:
    config, seed, seats, program_timeout = task
    try:
        return seed, seats, play_game(config, seed, seats, program_timeout)
    except Exception as e:  # noqa: BLE001 - a failing game is reported with its seed, the others go on
        return seed, seats, f"{type(e).__name__}: {e}"


def tournament(
    config: GameConfig,
    games: int,
    seed: int,
    bots: Sequence[str],
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    program_timeout: float = PROGRAM_TIMEOUT,
) -> TournamentResult:
    """Play `games` games (`bots` names one bot per seat, rotated) on `workers` processes (default: every
    core; 1 runs in this process). `progress(done, total)` is called as games finish. Another program in
    a seat may take `program_timeout` seconds over a decision (`make_bot`)."""
    n = config.players
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for {n} players")
    res = TournamentResult(n, tuple(bots), games=games)
    for b in bots:
        res.stats.setdefault(b, BotStats())
    tasks = [(config, s, seats, program_timeout) for s, seats in schedule(n, games, seed, bots)]
    workers = workers or os.cpu_count() or 1
    done = 0

    def collect(r: tuple[int, tuple[str, ...], GameOutcome | str]) -> None:
        nonlocal done
        s, seats, out = r
        if isinstance(out, str):
            res.errors.append((s, seats, out))
        else:
            res.add(out)
        done += 1
        if progress is not None:
            progress(done, games)

    if workers <= 1 or games <= 1:
        for t in tasks:
            collect(_run(t))
        return res
    with multiprocessing.get_context("spawn").Pool(min(workers, games)) as pool:
        for r in pool.imap_unordered(_run, tasks):
            collect(r)
    return res
