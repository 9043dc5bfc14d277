"""The game screen in Russian at 60×20 (the least size), 80×24 and 120×40: Cyrillic names and sentences
fit the panes.

Same fixed seeds as test_tui_snapshots.py; never accept a changed snapshot without opening it."""

from __future__ import annotations

import pytest
from pilots import LEAST, SIZES, pressing, until_my_turn
from tui_states import late_game

from citadels_tui.app import CitadelsApp


@pytest.mark.parametrize("size", (LEAST, *SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_selection_phase_in_russian(snap_compare, tmp_path, size):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    assert snap_compare(app, terminal_size=size, run_before=pressing())


@pytest.mark.parametrize("size", (LEAST, *SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_with_a_decision_open_in_russian(snap_compare, tmp_path, size):
    # Anna takes the Assassin, then gold: now she may kill, build or end her turn — typed in Russian.
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    assert snap_compare(app, terminal_size=size, run_before=pressing("выбрать ассасина", "взять золото"))


@pytest.mark.parametrize("size", (LEAST, *SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_players_late_in_the_game_in_russian(snap_compare, tmp_path, size):
    late_game(tmp_path, 8, "Анна")
    app = CitadelsApp(home=tmp_path, resume=True, pace=0, lang="ru")
    assert snap_compare(app, terminal_size=size, run_before=until_my_turn)
