"""The lobby's Players column: its lines break between players only, so a name keeps its "(bot)" mark; and
a narrow lobby gives up other columns before it."""

import pytest
from pilots import lobby_of, tables_text, until
from rich.console import Console
from rich.table import Table
from sessions import session_info
from textual.widgets import Static

from citadels_server.hub import Hub
from citadels_tui.components.lobby_screen import PlayerNames
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.records import MemoryRecords


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


def _hub_with_robo_waiting() -> Hub:
    records = MemoryRecords()
    records.mark_bot("robo")
    hub = Hub(pace=0.0, records=records)
    ht = hub.create("anna", "SHA256:anna", 3)
    hub.join(ht, "robo", "SHA256:robo")
    return hub


@pytest.mark.parametrize("width", [40, 60, 80, 120])
async def test_a_narrow_lobby_gives_up_columns_and_keeps_who_sits_at_each_table(width):
    app = ssh_app_factory(session_info(name="anna", key_fingerprint="SHA256:anna"), _hub_with_robo_waiting())
    async with app.run_test(size=(width, 24)) as pilot:
        await until(pilot, lambda: app.lobby is not None and "robo" in tables_text(app), "the table listed")
        tables = lobby_of(app).query_one("#lobby-tables", Static)
        console = Console(width=tables.content_size.width, record=True)
        console.print(tables.content)
        shown = console.export_text()
        rows = [line.split() for line in shown.splitlines()]
        assert rows[0][:2] == ["#", "Players"] and rows[1][:2] == ["1", "anna,"], shown
        assert "robo (bot)" in shown and "waiting" in shown and "…" not in rows[0][1], shown
        assert ("Districts" in shown) == (width >= 80), shown
