"""Calibrated chances: the `hard` search's raw figures turned into chances to win that mean what they say.

The raw figure (`SearchBot.last_values`: what the hint showed before) is a playout average: greedy
rollouts win and lose differently from real players, a lost playout still scores a small share of the
points (at 3 or more players its rank), and the `normal` bot's choice carries the prior's virtual wins. So
it is not a chance: a raw 30% won about 41% of the time, a raw 65% about 57%. `calibrated(raw)` maps it
through a monotone table fitted on real games: `hard` in one seat against `normal` bots, and for every
decision it searched, whether that seat went on to win. The review's turning points show the same
chances: their *before* is the hint's figure for the bot's choice, their *after* that figure moved by the
paired playouts' difference, both read through this table (core/bots/turning_points.py).

FITTED says on what. To refit, run bench/calibration.py (its docstring has the commands): `play` records
decisions on a fit seed set, `compare` scores candidate tables cross-validated on the fit games, `fit`
prints the table (paste it here), `report` checks it on held-out games, with the reliability diagrams
(`play --review` also records what the review shows, and `report` checks it too). The table is an
isotonic regression (pool adjacent violators, blocks of fewer than 300 decisions merged, chosen by
cross-validation on the fit games), read by linear interpolation between the blocks' centres and anchored at 0 -> 0 and 1 -> 1 (a search that lost or won every playout), so it is
non-decreasing (a better raw figure never shows a lower chance) and stays within [0, 1]. It is one table
for every player count and both editions: tables per player count, per edition, for 2 players apart or
for the first rounds apart did worse, cross-validated on the fit games (docs/bots.md, "Calibration").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

# The playouts per decision the table was fitted at: the hint and the review search with this budget, whatever
# `hard` plays with (its own default is larger), so that the chances they show are the ones measured.
FITTED_BUDGET = 200

FITTED = (
    "8,769 decisions of 200 games (bench/calibration.py play --set fit-2 --games 200: seeds 13000-13199, "
    "2-6 players, 2016 first game and classic Dark City, hard:200 in one seat), blocks of >= 300 decisions"
)
HINT_TABLE: tuple[tuple[float, float], ...] = (
    (0.106, 0.074),
    (0.184, 0.171),
    (0.236, 0.279),
    (0.286, 0.392),
    (0.344, 0.449),
    (0.387, 0.487),
    (0.417, 0.534),
    (0.446, 0.545),
    (0.472, 0.552),
    (0.533, 0.56),
    (0.623, 0.569),
    (0.684, 0.575),
    (0.734, 0.674),
    (0.813, 0.763),
    (0.899, 0.915),
    (0.979, 0.987),
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
    playouts and, for the `normal` bot's choice, the prior's virtual ones), what the hint and the review read, stands for."""
    return read_table(HINT_TABLE, raw)
