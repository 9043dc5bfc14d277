"""What the game screen looks like, at 80×24 and 120×40, in the selection and during a turn.

Fixed seeds, bots at pace 0, no settings file (the defaults), no blinking cursor. Never accept a changed
snapshot without opening it (snapshot_report.html)."""

from __future__ import annotations

import pytest

from citadels_tui.app import CitadelsApp

SIZES = [(80, 24), (120, 40)]


async def _settle(pilot) -> None:
    app = pilot.app
    for _ in range(2000):
        await pilot.pause()
        gs = app.game_screen
        if gs is not None and app.seat.my_turn() and gs.view().legal == app.seat.view().legal:
            return
    raise AssertionError("the game did not come back to the player")


def _press(*keys: str):
    async def run_before(pilot) -> None:
        await _settle(pilot)
        for k in keys:
            await pilot.press(*(["space" if c == " " else c for c in k] + ["enter"]))
            await _settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_selection_phase(snap_compare, tmp_path, size):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    assert snap_compare(app, terminal_size=size, run_before=_press())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_with_a_decision_open(snap_compare, tmp_path, size):
    # Anna takes the Assassin, then gold: now she may kill, build or end her turn.
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    assert snap_compare(app, terminal_size=size, run_before=_press("choose assassin", "take gold"))
