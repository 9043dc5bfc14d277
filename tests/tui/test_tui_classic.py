"""The classic edition in the app: chosen on the new-game screen or with `--edition classic`, played,
saved and resumed; made as a table in the SSH lobby."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilots import SIZE, new_game_form, pause_until, screen_as, seat_of, settle, table_of, type_line
from rich.console import Console
from sessions import session_info
from textual.widgets import Input, Select

from citadels_server.cli_parser import build_parser
from citadels_server.hub import Hub
from citadels_tui.app import CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.lobby_screen import LobbyScreen
from citadels_tui.components.new_game_screen import NewGameScreen
from citadels_tui.components.resume_screen import ResumeScreen
from citadels_tui.components.table_form_screen import TableFormScreen
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.settings import load_settings

ANNA = session_info(name="anna", key_fingerprint=None)


async def _play(app: CitadelsApp, pilot, moves: int) -> None:
    """`moves` decisions by number keys (the first option, every third time the last)."""
    for i in range(moves):
        if isinstance(app.screen, EndScreen):
            return
        n = len(seat_of(app).view().legal)
        choice = "1" if i % 3 else str(n)
        await pilot.press(*choice)
        if int(choice) * 10 <= n:
            await pilot.press("enter")
        await settle(app, pilot)


@pytest.mark.slow
async def test_a_classic_game_from_the_new_game_screen(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        screen = await new_game_form(pilot)
        assert not screen.query_one("#shorter-row").display  # a classic variant: hidden for 2016
        screen.query_one("#edition", Select).value = "classic"
        await pilot.pause()
        # The presets are the classic setups now, and the classic rows show.
        assert screen.query_one("#cast", Select).value == "classic_basic"
        assert screen.query_one("#shorter-row").display and screen.query_one("#rank9-row").display
        # A bad custom cast is refused with the engine's sentence; the form stays open.
        screen.query_one("#players", Select).value = 5
        screen.query_one("#cast", Select).value = "custom"
        await pilot.pause()
        screen.query_one(
            "#cast-custom", Input
        ).value = "witch, tax collector, wizard, king, bishop, merchant, architect, warlord"
        screen.action_start()
        await pilot.pause()
        assert app.screen is screen
        assert "replace one or two of the eight base characters, not 3" in str(
            screen.query_one("#new-error").render()
        )
        # Two bonus characters in place of base ones of the same rank, the Queen as rank 9, the shorter game.
        screen.query_one(
            "#cast-custom", Input
        ).value = "assassin, tax collector, magician, emperor, bishop, merchant, architect, warlord, queen"
        screen.query_one("#districts", Select).value = "classic_dark_city"
        screen.query_one("#shorter", Select).value = True
        screen.action_start()
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
        await settle(app, pilot)
        cfg = app.table.config
        assert (cfg.edition, cfg.shorter, cfg.players) == ("classic", True, 5)
        assert cfg.cast[-1] == "queen" and "bell_tower" in cfg.districts
        await _play(app, pilot, 30)
        assert len(app.table.record.actions) > 30
    s, _ = load_settings(tmp_path)
    assert (s.edition, s.shorter) == ("classic", True)  # the next new game starts from it


@pytest.mark.slow
async def test_edition_classic_on_the_command_line_and_a_classic_save_resumes(tmp_path: Path):
    args = build_parser().parse_args(["--edition", "classic", "--shorter"])
    assert (args.edition, args.shorter) == ("classic", True)
    assert build_parser().parse_args([]).edition is None
    app = CitadelsApp(home=tmp_path, seed=9, pace=0, edition=args.edition, shorter=args.shorter)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert (table_of(app).config.edition, table_of(app).config.shorter) == ("classic", True)
        assert table_of(app).config.cast[:3] == ("assassin", "thief", "magician")
        await _play(app, pilot, 12)
        actions = list(table_of(app).record.actions)
        await pilot.press("ctrl+q")

    resumed = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        cfg = table_of(resumed).config
        assert (cfg.edition, cfg.shorter) == ("classic", True)
        assert table_of(resumed).record.actions[: len(actions)] == actions
        await _play(resumed, pilot, 6)
        assert len(table_of(resumed).record.actions) > len(actions)

    offered = CitadelsApp(home=tmp_path, pace=0)
    async with offered.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(offered.screen, ResumeScreen)


@pytest.mark.slow
async def test_a_classic_table_in_the_lobby_by_form_and_by_command():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_line(pilot, "new")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TableFormScreen)
        assert not form.query_one("#shorter-row").display
        form.query_one("#edition", Select).value = "classic"
        await pilot.pause()
        assert form.query_one("#cast", Select).value == "classic_basic"
        assert form.query_one("#shorter-row").display
        assert form.query_one("#rank9-row").display
        form.query_one("#players", Select).value = 5
        form.query_one("#cast", Select).value = "classic_dark_city"
        form.query_one("#districts", Select).value = "classic_dark_city"
        form.query_one("#shorter", Select).value = True
        form.query_one("#rank9", Select).value = True
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        (ht,) = hub.tables.values()
        assert (ht.edition, ht.shorter, ht.rank9, ht.players, ht.cast, ht.districts) == (
            "classic",
            True,
            True,
            5,
            "classic_dark_city",
            "classic_dark_city",
        )
        console = Console(width=120, record=True)
        console.print(screen_as(app, LobbyScreen)._tables())
        assert "classic · shorter" in console.export_text()
        await type_line(pilot, "start")
        await pause_until(pilot, lambda: ht.table is not None, "the table started", 50, paused=True)
        assert ht.table is not None
        assert (ht.table.config.edition, ht.table.config.shorter) == ("classic", True)
        assert ht.table.config.cast[-1] == "artist"  # The Dark City's rank 9 character, asked for
    # Typed: edition= picks the classic setups; a 2016 preset for a classic table is refused.
    app = ssh_app_factory(session_info(name="bruno", key_fingerprint=None), hub)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_line(pilot, "new 4 edition=classic cast=first_game")
        await pilot.pause()
        assert len(hub.tables) == 1
        await type_line(pilot, "new 4 edition=classic cast=classic_intrigue")
        await pilot.pause()
        ht = hub.tables[2]
        assert (ht.edition, ht.cast, ht.districts) == ("classic", "classic_intrigue", "classic_basic")


def test_the_play_command_passes_the_edition(monkeypatch):
    import citadels_server.cli_play
    import citadels_tui.terminal_run
    from citadels_server.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr(citadels_tui.terminal_run, "run", lambda **kw: seen.update(kw) or 0)
    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: True)  # as if typed in one
    assert main(["--edition", "classic"]) == 0 and (seen["edition"], seen["shorter"]) == ("classic", None)
    assert main(["--shorter"]) == 0 and (seen["edition"], seen["shorter"]) == ("classic", True)
    assert main(["play"]) == 0 and seen["edition"] is None  # the settings' edition, 2016 by default
    assert main(["--edition", "2016", "--shorter"]) == 2


def test_a_classic_tie_is_told_by_its_own_rule_on_the_end_screen():
    # The classic edition breaks a tie by district points, then gold (core/scoring.py, RULINGS R7); the end
    # screen once knew only the 2016 rule's ranks and failed on a classic tie.
    from citadels_core import GameConfig
    from citadels_tui.components.winners import winners_text

    cfg = GameConfig.create(3)
    tiebreak = {"tied": [0, 1], "district_points": {0: 20, 1: 18}, "gold": {0: 2, 1: 5}}
    said = winners_text(cfg, {"winners": [0], "tiebreak": tiebreak}, 1)
    assert said == (
        "Anna wins. Tie between Anna, Bruno: broken by the points of the districts, then the gold "
        "(Anna: 20 in districts, 2 gold, Bruno: 18 in districts, 5 gold)."
    )
