"""Turning points, for the game review: the `hard` bot's estimate of your chance to win before and after
each of your decisions, and the three decisions that cost you most with what the bot would have chosen.

The work is `citadels_core.bots.turning_points.assess`, one decision per call, each in a worker process
(`thinking.think`): the screen never waits, and the progress bar moves between calls. The record is
replayed here (cheap, no search) only to hand each call its copy of the game and to word the options as the
options list words them. A spectator has no decisions: the pane says that turning points are for players.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import ProgressBar, Static

from citadels_core import Action, GameConfig
from citadels_core.bots.turning_points import (
    DEFAULT_BUDGET,
    TurningPoint,
    assess,
    costliest,
    decision_indices,
    opening,
)
from citadels_core.view import View, view

from .. import sentences
from ..i18n import t
from ..names import describe
from ..thinking import think

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions

log = logging.getLogger(__name__)

BAR_WIDTH = 10  # characters of the chance bar: one per 10%


def chance_bar(chance: float) -> str:
    """The chance as a bar of full and empty blocks, readable without colour."""
    full = round(chance * BAR_WIDTH)
    return "█" * full + "·" * (BAR_WIDTH - full)


def percent(chance: float) -> int:
    return round(chance * 100)


class TurningPointsPane(Widget):
    """The turning points of `seat` in the game `(config, seed, actions)`, worked out when mounted."""

    DEFAULT_CSS = """
    TurningPointsPane { height: auto; }
    TurningPointsPane #tp-progress { margin: 0 1; }
    """

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        actions: Sequence[tuple[int, Action]],
        seat: int | None,
        *,
        budget: int = DEFAULT_BUDGET,
        start: str | None = None,
        **kwargs: Unpack[WidgetOptions],
    ) -> None:
        """`start`: the position the game was played from (None: from the seed's deal)."""
        super().__init__(**kwargs)
        self.start = start
        self.config = config
        self.seed = seed
        self.actions = list(actions)
        self.seat = seat
        self.budget = budget  # playouts per decision (tests use a few)
        self.points: list[TurningPoint] = []
        self.labels: dict[int, tuple[str, str]] = {}  # decision index -> (chosen, bot's choice) in words
        self.done = False

    def compose(self) -> ComposeResult:
        yield Static(t("Turning points"), id="tp-title", classes="title")
        if self.seat is None:
            yield Static(
                t("Turning points are for players: a spectator made no decisions to look back on."),
                id="tp-note",
            )
            return
        yield Static(t("The hard bot weighs each of your decisions, from what you knew then…"), id="tp-note")
        yield ProgressBar(total=None, show_eta=False, id="tp-progress")
        # The lines grow as tall as they are: the review's tab scrolls them (a scrolling area of its own
        # here would take the keys only once the focus reached it).
        yield Static("", id="tp-lines")

    def on_mount(self) -> None:
        if self.seat is None:
            self.done = True
            return
        self.run_worker(self._work(self.seat), group="turning-points", exclusive=True, exit_on_error=False)

    async def _work(self, seat: int) -> None:
        try:
            await self._assess_all(seat)
        except Exception as e:  # noqa: BLE001 - a failed review must not take the app down
            log.exception("turning points failed")
            self.query_one("#tp-note", Static).update(
                t("The turning points could not be worked out ({e}).", e=e)
            )
            self.done = True

    async def _assess_all(self, seat: int) -> None:
        wanted = set(decision_indices(self.config, self.seed, self.actions, seat, self.start))
        bar = self.query_one("#tp-progress", ProgressBar)
        bar.update(total=max(1, len(wanted)), progress=0)
        g = opening(self.config, self.seed, self.start)
        for i, (p, a) in enumerate(self.actions):
            if i in wanted:
                v = view(g, seat)
                # A copy for the worker: the replay goes on here while it thinks.
                tp = await think(assess, g.clone(), seat, a, self.budget, self.seed, i)
                self.labels[i] = (self._words(v, tp.chosen), self._words(v, tp.best))
                self.points.append(tp)
                bar.advance(1)
            g.apply(p, a)
        self.done = True
        self._show()

    def _words(self, v: View, a: Action) -> str:
        return describe(self.config, v, a)

    def _show(self) -> None:
        self.query_one("#tp-progress", ProgressBar).display = False
        note = self.query_one("#tp-note", Static)
        if not self.points:
            note.update(t("You had no decision with more than one option: no turning points."))
            return
        note.update(
            t(
                "Your chance to win before → after each decision, as the hard bot estimates it "
                "from what you knew then:"
            )
        )
        lines = []
        for tp in self.points:
            chosen, _ = self.labels[tp.index]
            lines.append(
                t(
                    "Round {r} {bar} {b}% before → {a}% after: {what}",
                    r=tp.round,
                    bar=chance_bar(tp.after),
                    b=percent(tp.before),
                    a=percent(tp.after),
                    what=chosen,
                )
            )
        lines.append("")
        lines.extend(sentences.costliest(costliest(self.points), self.labels))
        self.query_one("#tp-lines", Static).update("\n".join(lines))

    def text(self) -> str:
        """What the pane says now, as plain text (for tests and a screen reader's sake)."""
        parts = [str(w.content) for w in self.query(Static)]
        return "\n".join(parts)
