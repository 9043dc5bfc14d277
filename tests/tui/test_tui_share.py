"""`share` (Russian «поделиться»): the game as one line in the story, copied too where the terminal allows
it (OSC 52); at a hosted table only once the game is over, since the line shows every hidden card."""

from __future__ import annotations

from pathlib import Path

from pilots import SIZE, deciding, pause_until, seat_of, seated, story, table_of
from tui_states import GOLD, a_guest_hosting

from citadels_core import GameConfig
from citadels_core.gameline import read
from citadels_core.record import state_digest
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.components.share_screen import GameLine, ShareScreen
from citadels_tui.table import Table


def _line_in_story(app: CitadelsApp) -> str:
    """The line as its screen draws it: rows of the screen's width, joined (their breaks are not part of it)."""
    assert isinstance(app.screen, ShareScreen)
    block = app.screen.query_one(GameLine)
    assert block.fits()
    rows = str(block.render()).split("\n")
    assert all(len(row) == block.size.width for row in rows[:-1])
    return "".join(rows)


def test_the_words_for_share_in_english_and_russian():
    table = Table.new(GameConfig.create(4), 5, {1: "normal"})
    v = table.seat(0).view()
    for word in ("share", "поделиться"):
        assert parse(word, v, table.config).app == "share"


async def test_share_shows_a_line_that_decodes_to_the_game_and_copies_it(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):  # through the draft to the first turn, choosing option 1
            await pause_until(pilot, lambda: deciding(app))
            if GOLD in seat_of(app).view().legal:
                break
            await pilot.press("1")
        assert table_of(app).record.actions
        await pilot.press(*"share", "enter")
        await pause_until(pilot, lambda: bool(app.clipboard))
        await pilot.pause()
        line = _line_in_story(app)
        record, bots = read(line)
        assert record.actions == table_of(app).record.actions and record.seed == table_of(app).record.seed
        assert record.config == table_of(app).config and bots == table_of(app).bot_kinds
        assert state_digest(record.replay(record_events=False)) == state_digest(table_of(app).game)
        assert app.clipboard == line


async def test_share_in_russian(tmp_path: Path):
    i18n.set_language("ru")
    try:
        app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
        async with app.run_test(size=SIZE) as pilot:
            await pause_until(pilot, lambda: deciding(app))
            await pilot.press(*"поделиться", "enter")
            await pause_until(pilot, lambda: bool(app.clipboard))
            await pilot.pause()
            assert read(_line_in_story(app))[0].actions == table_of(app).record.actions
    finally:
        i18n.set_language("en")


async def test_a_hosted_game_is_shared_only_once_it_is_over():
    hub, ht, app = a_guest_hosting()
    async with app.run_test(size=SIZE) as pilot:
        await seated(pilot, hub, ht)
        await pilot.press(*"share", "enter")
        await pause_until(pilot, lambda: "shared once the game is over" in story(app))
        assert "citadels:1:" not in story(app) and not app.clipboard
        table_of(ht).close()


async def test_a_line_too_long_for_the_terminal_is_not_shown_in_pieces_and_the_screen_says_where_it_is(
    tmp_path,
):
    from textual.app import App

    long = "citadels:1:" + "A" * 3000 + ":00000000"
    hint = "citadels replay /tmp/save.json --line > game-line.txt"
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ShareScreen(long, hint))
        await pilot.pause()
        block = app.screen.query_one(GameLine)
        assert not block.fits()
        said = str(block.render())
        assert "AAAA" not in said and "3020 characters need 38 rows of 80" in said and hint in said
        assert app.clipboard == long  # copied all the same
        await pilot.resize_terminal(200, 40)  # 16 rows of 200 are free: the whole line is shown
        await pilot.pause()
        assert block.fits() and "".join(str(block.render()).split("\n")) == long


def test_citadels_replay_line_prints_a_saved_games_line(tmp_path, capsys):
    from tui_states import table_at_gathering

    from citadels_server.cli import main
    from citadels_tui.saves import write_save

    table = table_at_gathering()
    path = tmp_path / "game.json"
    write_save(table.record, path, table.bot_kinds)
    assert main(["replay", str(path), "--line"]) == 0
    record, bots = read(capsys.readouterr().out.strip())
    assert record.actions == table.record.actions and record.seed == table.record.seed
    assert bots == table.bot_kinds
