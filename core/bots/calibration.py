"""Calibrated chances: the `hard` search's raw figures turned into chances to win that mean what they say.

The raw figure (`SearchBot.last_values`: what the hint showed before) is a playout average: greedy
rollouts win and lose differently from real players, a lost playout still scores a small share of the
points, and the `normal` bot's choice carries the prior's virtual wins. So it is not a chance: a raw 15%
won 4% of the time, a raw 70% about 60%. `calibrated(raw)` maps it through a monotone table fitted on
real games: `hard` in one seat against `normal` bots, and for every decision it searched, whether that
seat went on to win. The review's turning points read the playouts' own average (no prior) instead, so
that figure has its own table, fitted on the same decisions (`calibrated_playouts`).

FITTED says on what. To refit, run bench/calibration.py (its docstring has the commands): `play` records
decisions on the `fit` seed set, `fit` prints both tables (paste them here), `report` checks them on the
`held-out` set, with the reliability diagrams. Each table is an isotonic regression (pool adjacent
violators, blocks of fewer than 150 decisions merged), read by linear interpolation between the blocks'
centres and anchored at 0 -> 0 and 1 -> 1 (a search that lost or won every playout), so it is
non-decreasing (a better raw figure never shows a lower chance) and stays within [0, 1]. Each is one table
for every player count and both editions: fitted per player count (about 20 games each), the tables
followed the luck of a few games and did worse than the raw figures on the other half of the fit set.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

FITTED = (
    "4,474 decisions of 100 games (bench/calibration.py play --set fit --games 100 --budget 100: "
    "seeds 1000-1099, 2-6 players, 2016 first game and classic Dark City, hard:100 in one seat)"
)
HINT_TABLE: tuple[tuple[float, float], ...] = (
    (0.12, 0.0),
    (0.165, 0.045),
    (0.216, 0.178),
    (0.267, 0.277),
    (0.315, 0.295),
    (0.355, 0.348),
    (0.402, 0.396),
    (0.463, 0.469),
    (0.515, 0.481),
    (0.572, 0.533),
    (0.652, 0.565),
    (0.742, 0.6),
    (0.853, 0.836),
    (0.981, 0.981),
)
PLAYOUT_TABLE: tuple[tuple[float, float], ...] = (
    (0.064, 0.011),
    (0.139, 0.141),
    (0.205, 0.28),
    (0.258, 0.281),
    (0.316, 0.351),
    (0.353, 0.38),
    (0.38, 0.408),
    (0.42, 0.446),
    (0.468, 0.461),
    (0.512, 0.497),
    (0.566, 0.521),
    (0.655, 0.562),
    (0.756, 0.63),
    (0.847, 0.825),
    (0.976, 0.958),
)


def read_table(table: Sequence[tuple[float, float]], raw: float) -> float:
    """`raw` read through `table` (breakpoints (raw, chance), raw ascending): linear between them, anchored
    at 0 -> 0 and 1 -> 1, clipped to [0, 1]. Public so that the bench reads candidate tables as these are."""
    points = ((0.0, 0.0), *table, (1.0, 1.0))
    raw = min(max(raw, 0.0), 1.0)
    i = bisect_right([x for x, _ in points], raw)
    if i >= len(points):
        return points[-1][1]
    (x0, y0), (x1, y1) = points[i - 1], points[i]
    y = y0 + (y1 - y0) * (raw - x0) / (x1 - x0) if x1 > x0 else y1
    return min(max(y, 0.0), 1.0)


def calibrated(raw: float) -> float:
    """The chance to win (0-1) that the search's figure for an action (`SearchBot.last_values`: its
    playouts and, for the `normal` bot's choice, the prior's virtual ones), what the hint reads, stands for."""
    return read_table(HINT_TABLE, raw)


def calibrated_playouts(raw: float) -> float:
    """The chance to win (0-1) that an action's playouts' own average (scored as the search scores them,
    without the prior), what the review's turning points compute, stands for."""
    return read_table(PLAYOUT_TABLE, raw)
