"""A bot's account (a name that played over `ssh HOST bot`, records.mark_bot) is marked wherever it shows:
in the lobby's table list on the full screen (and its picture at 80×24) and in plain mode's table
sentence, in the list of finished games, in `who` at a table whose seat a bot program plays (both faces), and on the leaderboard, where
it is rated like anyone and `leaderboard humans` leaves it out, in both languages."""

from __future__ import annotations

from pilots import game_screen_of, lobby_text, said, settle, table_of, tables_text, type_line, until
from sessions import session_info
from tui_states import keep

from citadels_core import GameConfig
from citadels_server.hub import Hub
from citadels_tui import i18n, sentences
from citadels_tui.app import CitadelsApp
from citadels_tui.components.log_pane import LogPane
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.plain import PlainSeat
from citadels_tui.plain_history import game_sentence, standing_sentence
from citadels_tui.plain_lobby import table_sentence
from citadels_tui.records import MemoryRecords
from citadels_tui.table import Table

ANNA = session_info(name="anna", key_fingerprint="SHA256:anna")


def rated_with_robo() -> MemoryRecords:
    """Two finished games of anna's against robo, a bot's account with a key, and a built-in bot."""
    records = MemoryRecords()
    records.mark_bot("robo")
    for gid, seed in enumerate((3, 4), 1):
        keep(
            records,
            gid,
            [("anna", "SHA256:anna", None), ("robo", "SHA256:robo", None), ("Bot Eve", None, "normal")],
            seed=seed,
        )
    return records


def a_hub_with_robo_waiting() -> Hub:
    hub = Hub(pace=0.0, records=rated_with_robo())
    ht = hub.create("anna", "SHA256:anna", 3)
    hub.join(ht, "robo", "SHA256:robo")
    return hub


async def test_the_full_screen_marks_the_bots_account_at_its_table_and_on_the_leaderboard():
    hub = a_hub_with_robo_waiting()
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "anna, robo (bot)" in tables_text(app), "robo marked in the table list")
        await type_line(pilot, "games")
        text = await said(pilot, app, "“replay N” shows game N again")
        assert "robo (bot)" in text and "anna (bot)" not in text and "Bot Eve (bot)" in text
        await type_line(pilot, "leaderboard")
        text = await said(pilot, app, "The leaderboard")
        await until(pilot, lambda: "robo (bot)" in lobby_text(app), "robo marked on the leaderboard")
        await type_line(pilot, "leaderboard humans")
        await until(
            pilot,
            lambda: lobby_text(app).count("The leaderboard") == 2,
            "the leaderboard without bots",
        )
        text = lobby_text(app)
        humans = text[text.rindex("The leaderboard") :]
        assert "anna" in humans and "robo" not in humans


async def test_plain_mode_marks_the_bots_account_in_the_table_sentence_and_on_the_leaderboard():
    hub = a_hub_with_robo_waiting()
    [ht] = hub.tables.values()
    sentence = table_sentence(ht, hub.records.is_bot)
    assert "anna, robo (bot)." in sentence
    game = (await hub.records.games())[0]
    told = game_sentence(game, "anna", hub.records.is_bot)
    assert "anna (you)" in told and "robo (bot)" in told and "Bot Eve (bot)" in told
    board = await hub.records.leaderboard()
    robo = next(s for s in board if s.name == "robo")
    assert robo.bot and standing_sentence(1, robo, False).startswith("1. robo (bot): rating")
    assert [s.name for s in await hub.records.leaderboard(bots=False)] == ["anna"]
    i18n.set_language("ru")
    try:
        assert "anna, robo (бот)." in table_sentence(ht, hub.records.is_bot)
        assert standing_sentence(1, robo, False).startswith("1. robo (бот):")
    finally:
        i18n.set_language("en")


def test_who_marks_the_seat_a_bot_program_plays_in_both_languages():
    table = Table.new(GameConfig.create(3, names=("anna", "robo", "Clara (bot)")), 4, {2: "random"})
    table.programs.add(1)  # as bot_seat.py marks the seat its program plays
    lines: list[str] = []
    face = PlainSeat(table.seat(0), lines.append)
    face.update()
    lines.clear()
    face.command("who")
    said = "".join(lines)
    assert "Seat 2: robo, a bot program." in said and "Seat 1: you, " in said
    assert "Seat 3: Clara (bot)." in said
    i18n.set_language("ru")
    try:
        told = sentences.who(table.seat(0).view(), table.config, programs=table.programs)
        assert "robo, программа-бот" in told[1]
    finally:
        i18n.set_language("en")


async def test_who_on_the_full_screen_marks_the_seat_a_bot_program_plays(tmp_path):
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        table_of(app).programs.add(1)
        await type_line(pilot, "who")
        await pilot.pause()
        story = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        assert "Seat 2: Bruno, a bot program" in story and "Seat 3: Clara." in story


async def _listed(pilot) -> None:
    await until(pilot, lambda: "robo (bot)" in tables_text(pilot.app), "robo marked in the table list")
    await pilot.pause()


def test_the_lobby_with_a_bots_account_at_a_table_at_80x24(snap_compare):
    app = ssh_app_factory(ANNA, a_hub_with_robo_waiting())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_listed)
