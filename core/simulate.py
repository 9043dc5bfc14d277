"""Headless games between bots, with a summary (used by `citadels simulate`)."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import OUTSIDE, decide, game_over, make_bot
from .config import GameConfig
from .game import Game
from .levels import PROGRAM_TIMEOUT

MAX_DECISIONS = 20000  # a game longer than this is counted as an error (it should never happen)


@dataclass
class GameOutcome:
    seed: int
    bots: tuple[str, ...]
    winners: list[int]
    scores: list[int]
    rounds: int
    decisions: int
    ranking: list[int] = field(default_factory=list)  # seats from first to last place


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    errors: int = 0
    error_seeds: list[int] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)
    seconds: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    seats_by_bot: dict[str, int] = field(default_factory=dict)
    score_sum: list[int] = field(default_factory=list)
    rounds_sum: int = 0

    def to_json(self) -> dict[str, Any]:
        f = max(self.finished, 1)
        return {
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "error_seeds": self.error_seeds,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "wins_by_seat": self.wins_by_seat,
            "wins_by_bot": self.wins_by_bot,
            "win_rate_by_bot": {
                b: round(w / max(self.seats_by_bot[b], 1), 4) for b, w in self.wins_by_bot.items()
            },
            "mean_score": [round(s / f, 2) for s in self.score_sum],
            "mean_rounds": round(self.rounds_sum / f, 2),
        }


def play_game(
    config: GameConfig, seed: int, bots: Sequence[str], program_timeout: float = PROGRAM_TIMEOUT
) -> GameOutcome:
    """One game; each seat's bot decides from its own view only (another program's within
    `program_timeout` seconds, `make_bot`)."""
    # Events only for another program's bot, which is told them (bots/outside.py): ours never read them.
    g = Game(config, seed, record_events=any(b.startswith(OUTSIDE) for b in bots))
    players = [make_bot(b, seed * 31 + i, program_timeout) for i, b in enumerate(bots)]
    decisions = 0
    try:
        while not g.over:
            pd = g.pending()
            assert pd is not None
            p = pd[0]
            a = decide(players[p], g, p)
            g.apply(p, a)
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"game did not end after {MAX_DECISIONS} decisions")
    finally:
        for bot in players:  # another program's bot, when the game fails, is stopped with it
            if not g.over and (close := getattr(bot, "close", None)) is not None:
                close()
    assert g.result is not None
    for p, bot in enumerate(players):
        game_over(bot, g, p)
    return GameOutcome(
        seed,
        tuple(bots),
        g.result["winners"],
        [s["total"] for s in g.result["scores"]],
        g.round,
        decisions,
        list(g.result["ranking"]),
    )


def simulate(
    config: GameConfig,
    games: int,
    seed: int,
    bots: Sequence[str],
    progress: Callable[[int], None] | None = None,
    program_timeout: float = PROGRAM_TIMEOUT,
) -> Summary:
    """Play `games` games, rotating the bots around the seats; a game that raises counts as an error."""
    n = config.players
    s = Summary(wins_by_seat=[0.0] * n, score_sum=[0] * n)
    t0 = time.perf_counter()
    for k in range(games):
        rot = k % n
        seat_bots = [bots[(i + rot) % n] for i in range(n)]
        game_seed = seed + k
        s.games += 1
        try:
            out = play_game(config, game_seed, seat_bots, program_timeout)
        except Exception as e:  # noqa: BLE001 - a failing game is reported with its seed, the run goes on
            s.errors += 1
            s.error_seeds.append(game_seed)
            s.error_messages.append("".join(traceback.format_exception_only(type(e), e)).strip())
            continue
        s.finished += 1
        s.rounds_sum += out.rounds
        share = 1 / len(out.winners)
        for i, b in enumerate(seat_bots):
            s.seats_by_bot[b] = s.seats_by_bot.get(b, 0) + 1
            s.wins_by_bot.setdefault(b, 0.0)
            s.score_sum[i] += out.scores[i]
        for w in out.winners:
            s.wins_by_seat[w] += share
            s.wins_by_bot[seat_bots[w]] += share
        if progress is not None:
            progress(k + 1)
    s.seconds = time.perf_counter() - t0
    return s
