"""Ratings of players with a claimed name, by openskill's Plackett-Luce model (a maintained multiplayer
rating library: a game of Citadels ranks 2 to 8 players at once, which Elo does not).

A rating is a skill estimate `mu` and its uncertainty `sigma`; what the leaderboard shows is openskill's
ordinal, `mu - 3 sigma`, which rises as a player both wins and plays enough for the estimate to be sure.
Bots play at fixed ratings by level, so games against bots count too, and a bot's rating never moves.
Guests (no key: a name anyone could type) are not rated, but their places still rank the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

# A new player, openskill's defaults (mu 25, sigma 25/3).
START_MU = 25.0
START_SIGMA = 25.0 / 3
# Bots by level: fixed and certain (a small sigma), spaced by how they measure against each other in
# `citadels tournament` (docs/bots.md): `normal` is where a fair new player is expected to stand.
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (15.0, 1.0),
    "easy": (20.0, 1.0),
    "normal": (25.0, 1.0),
    "hard": (29.0, 1.0),
}


@cache
def _model() -> PlackettLuce:
    # Made when a game is first rated: the app's start (the first frame) does not wait for openskill.
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The figure players see and the leaderboard sorts by (openskill's ordinal: mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Place:
    """One seat of a finished game for rating: who sat there and the rank they finished at (1 is best; equal
    ranks are a tie). `rated` is the name of a player with a claimed name, `bot` a bot's level; a guest
    has neither."""

    rank: int
    rated: str | None = None
    bot: str | None = None


def rerated(places: Sequence[Place], current: Mapping[str, Rating]) -> dict[str, Rating]:
    """The new ratings of the rated players of one finished game, from their `current` ones (a name
    missing there starts at the default). Nobody rated, or fewer than two seats: nothing changes."""
    rated = [p.rated for p in places if p.rated is not None]
    if not rated or len(places) < 2:
        return {}
    model = _model()
    teams = []
    for p in places:
        if p.rated is not None:
            r = current.get(p.rated.casefold(), Rating())
            teams.append([model.rating(mu=r.mu, sigma=r.sigma)])
        else:
            mu, sigma = BOT_RATINGS.get(p.bot or "", (START_MU, START_SIGMA))
            teams.append([model.rating(mu=mu, sigma=sigma)])
    after = model.rate(teams, ranks=[float(p.rank) for p in places])
    out: dict[str, Rating] = {}
    for p, (new,) in zip(places, after, strict=True):
        if p.rated is not None:
            games = current.get(p.rated.casefold(), Rating()).games
            out[p.rated.casefold()] = Rating(new.mu, new.sigma, games + 1)
    return out
