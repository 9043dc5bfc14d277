"""The lobby's Players column: its lines break between players only, so a name keeps its "(bot)" mark."""

from rich.console import Console
from rich.table import Table

from citadels_tui.components.lobby_screen import PlayerNames


def _column(players: list[str], width: int) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column(no_wrap=False)
    table.add_row(PlayerNames(players))
    with console.capture() as captured:
        console.print(table)
    return [line.rstrip() for line in captured.get().splitlines()]


def test_a_narrow_column_breaks_between_players_and_never_inside_a_bots_name_and_mark():
    assert _column(["anna", "robo (bot)"], 12) == ["anna,", "robo (bot)"]
    assert _column(["anna", "bo", "robo (bot)", "cy"], 12) == ["anna, bo,", "robo (bot),", "cy"]


def test_a_wide_column_holds_every_player_on_one_line():
    assert _column(["anna", "robo (bot)"], 40) == ["anna, robo (bot)"]


def test_a_name_wider_than_the_column_is_cut_before_its_mark_which_stays():
    (line,) = _column(["a_very_long_bot_name (bot)"], 14)
    assert line.endswith("… (bot)") and len(line) <= 14
    (line,) = _column(["a_very_long_human_name"], 10)
    assert line == "a_very_lo…"
