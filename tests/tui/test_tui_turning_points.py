"""The turning points pane of the game review: a progress bar while the worker thinks, then the chance line
of each decision and the costliest decisions in words; a spectator is told they are for players."""

from __future__ import annotations

from helpers import finished_by_bots
from pilots import there, until
from textual.app import App, ComposeResult
from textual.widgets import ProgressBar

from citadels_core import GameConfig
from citadels_core.bots.turning_points import decision_indices
from citadels_tui import i18n
from citadels_tui.components.turning_points import TurningPointsPane

SEED = 31
BUDGET = 4  # playouts per decision: a few, the pane's behaviour does not depend on it


def short_game() -> tuple[GameConfig, list]:
    """A finished 2-player game (the shortest kind), played by `normal` bots."""
    return finished_by_bots(2, SEED, bot_seeds=[SEED, SEED + 1])


class ReviewApp(App[None]):
    def __init__(self, pane: TurningPointsPane) -> None:
        super().__init__()
        self.pane = pane

    def compose(self) -> ComposeResult:
        yield self.pane


async def test_the_pane_shows_progress_then_each_decision_and_the_costliest(monkeypatch):
    cfg, actions = short_game()
    pane = TurningPointsPane(cfg, SEED, actions, 0, budget=BUDGET)
    app = ReviewApp(pane)
    async with app.run_test(size=(100, 40)) as pilot:
        bar = pane.query_one(ProgressBar)
        assert bar.display and not pane.done
        assert "weighs each of your decisions" in pane.text()
        seen_progress: list[float] = []  # each value the bar takes, as it takes it (not sampled: a loaded
        # machine may run several decisions between two looks)
        advance = bar.advance

        def advanced(step: float = 1) -> None:
            advance(step)
            seen_progress.append(bar.progress)

        monkeypatch.setattr(bar, "advance", advanced)  # the test's own look at each step
        await until(pilot, lambda: pane.done, "the turning points worked out", 4000)
        assert any(0 < p < there(bar.total, "the bar's total") for p in seen_progress), (
            f"the bar moved decision by decision: {seen_progress}"
        )
        total = len(decision_indices(cfg, SEED, actions, 0))
        assert len(pane.points) == total and bar.total == total
        await pilot.pause()
        assert not bar.display
        text = pane.text()
        # One line per decision, with the chance before and after it, each number named, and what was chosen.
        assert text.count("% before → ") >= total and text.count("% after: ") >= total
        first = pane.points[0]
        assert f"Round {first.round} " in text
        if any(tp.cost > 0 and tp.chosen != tp.best for tp in pane.points):
            assert "The decisions that cost you most:" in text and "kept" in text
        else:
            assert "None of your decisions cost you" in text


async def test_a_spectator_is_told_that_turning_points_are_for_players():
    cfg, actions = short_game()
    pane = TurningPointsPane(cfg, SEED, actions, None, budget=BUDGET)
    async with ReviewApp(pane).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert pane.done and not pane.query(ProgressBar)
        assert "Turning points are for players" in pane.text()


async def test_the_pane_in_russian():
    i18n.set_language("ru")
    cfg, actions = short_game()
    pane = TurningPointsPane(cfg, SEED, actions[:40], 1, budget=BUDGET)
    async with ReviewApp(pane).run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: pane.done, "the turning points worked out", 4000)
        await pilot.pause()
        assert "Раунд" in pane.text()
        assert "% до → " in pane.text() and "% после: " in pane.text()
