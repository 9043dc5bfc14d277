"""The lobby app on its own (Textual pilot): the form that makes a table, chat's rate, a spectator's screens."""

import asyncio

import pytest
from pilots import (
    game_screen_of,
    keys_of,
    lobby_of,
    log_text,
    screen_as,
    table_form,
    tables_text,
    type_line,
    until,
)
from sessions import session_info
from textual.widgets import Button, Select

from citadels_server.hub import Hub
from citadels_tui.chat import ChatLimit
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.components.lobby_screen import LobbyLog, LobbyScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.status_bar import StatusBar
from citadels_tui.components.table_form_screen import TableFormScreen
from citadels_tui.lobby_app import ssh_app_factory

ANNA = session_info(name="anna", key_fingerprint=None)  # what the server's SessionInfo carries
BRUNO = session_info(name="bruno", key_fingerprint=None)
ANNA_BACK = session_info(name="anna", key_fingerprint=None, seat_code="K7M9QD")  # logged in with her code


def _status(app) -> str:
    return str(app.game_screen.query_one(StatusBar).render())


async def test_new_opens_a_form_whose_choices_make_the_table():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await table_form(pilot)
        form.query_one("#players", Select).value = 3
        form.query_one("#cast", Select).value = "cunning_agents"
        form.query_one("#bots", Select).value = "random"
        form.query_one("#timer", Select).value = 60
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        assert not isinstance(app.screen, TableFormScreen)
        (ht,) = hub.tables.values()
        assert (ht.creator, ht.players, ht.cast, ht.bot_level, ht.turn_timer) == (
            "anna",
            3,
            "cunning_agents",
            "random",
            60.0,
        )


async def test_the_form_makes_a_turn_based_table_for_a_player_with_a_key():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(session_info("anna", "SHA256:anna"), hub)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await table_form(pilot)
        form.query_one("#players", Select).value = 2
        form.query_one("#timer", Select).value = 86400
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        (ht,) = hub.tables.values()
        assert (ht.turn_based, ht.turn_timer, ht.late_rated) == (True, 86400.0, False)


async def test_the_form_may_refuse_bot_programs_and_the_tables_line_says_so():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await table_form(pilot)
        assert form.query_one("#programs", Select).value is True  # programs may sit unless refused
        form.query_one("#programs", Select).value = False
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        (ht,) = hub.tables.values()
        assert ht.outside_bots is False
        assert "No bot program may take a seat here." in lobby_text(app)
        await until(pilot, lambda: "normal · no programs" in tables_text(app), "the table's row says so")


async def test_the_form_can_be_cancelled():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await table_form(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TableFormScreen) and not hub.tables


def lobby_text(app) -> str:
    from citadels_tui.components.lobby_screen import LobbyLog

    return " ".join(" ".join(strip.text for strip in app.lobby.query_one(LobbyLog).lines).split())


async def test_a_guest_is_told_why_in_their_language_and_a_keyless_seat_shows_its_code():
    hub = Hub(pace=0.0)
    guest = session_info(
        name="guest-3f2a",
        key_fingerprint=None,
        notice="name-holds-seat",
        asked_name="anna",
        locale=(("LANG", "ru_RU.UTF-8"),),
    )
    app = ssh_app_factory(guest, hub)
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        assert "За именем anna сохранено место за столом" in lobby_text(
            app
        ) and "вы — guest-3f2a" in lobby_text(app)
    app = ssh_app_factory(session_info(name="anna", key_fingerprint=None, seat_code="K7M9QD"), hub)
    async with app.run_test(size=(200, 40)) as pilot:
        assert "log in with a key to keep it for good" in lobby_text(app)
        await pilot.press(*"new 2", "enter")
        await pilot.pause()
        # The code she logged in with is her seat's code: one code per player, shown as she sits down.
        assert "give the code K7M9QD when asked" in lobby_text(app)
        assert hub.tables[1].holders[0].code == "K7M9QD"


async def test_talking_too_fast_in_the_lobby_is_refused_with_a_sentence():
    hub = Hub(pace=0.0)
    hub.chat_limit = ChatLimit(clock=lambda: 0.0)  # time stands still: typing slowly refills nothing
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        for i in range(6):
            await pilot.press(*keys_of(f"say {i}"), "enter")
        await pilot.pause()
        assert hub.chat == [f"anna: {i}" for i in range(5)]  # the sixth reached nobody
        log = log_text(app.screen.query_one(LobbyLog))
        assert "You are talking too fast: that line was not sent; wait 2 seconds." in log


def _table_in_play(hub: Hub):
    """anna's table with two bots, started; anna's decisions are made by the test. She came without a
    key: her seat is hers with her reconnect code (ANNA_BACK carries it)."""
    ht = hub.create("anna", None, 3, bots="random", code=ANNA_BACK.seat_code)
    return ht, hub.start(ht, "anna")


async def test_a_spectator_has_no_hand_and_is_not_offered_to_skip_ahead():
    hub = Hub(pace=30.0, seed=2)  # bots take their time: a bot is deciding while we look
    ht, table = _table_in_play(hub)
    app = ssh_app_factory(BRUNO, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await type_line(pilot, "watch 1")
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.is_attached, "watching")
        if table.game.pending()[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])  # anna chooses: now a bot decides
        await until(pilot, lambda: "(bot) is deciding" in _status(app), "a bot decides")
        assert "skip ahead" not in _status(app)  # a spectator's Enter hurries nobody
        assert not game_screen_of(app).query_one(HandPane).display
        moves = len(table.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.record.actions) == moves
        # Table chat has the same rate limit as the lobby's; a refused line is told to its speaker only.
        hub.chat_limit = ChatLimit(burst=1, clock=lambda: 0.0)
        await pilot.press(*keys_of("say a"), "enter", *keys_of("say b"), "enter")
        await pilot.pause()
        assert [line for line in ht.chat if isinstance(line, str)] == ["bruno: a"]
        assert "You are talking too fast" in log_text(game_screen_of(app).query_one(LogPane))
    table.close()


async def test_a_player_is_offered_to_skip_ahead_only_while_a_bot_decides():
    hub = Hub(pace=30.0, seed=2)
    ht, table = _table_in_play(hub)
    app = ssh_app_factory(ANNA_BACK, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.is_attached, "seated")
        assert game_screen_of(app).query_one(HandPane).display
        if table.game.pending()[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])
        await until(pilot, lambda: "(bot) is deciding (Enter: skip ahead)" in _status(app), "a bot decides")
        moves = len(table.record.actions)
        await pilot.press("enter")  # it does skip: the bot moves at once, not after 30 seconds
        await until(pilot, lambda: len(table.record.actions) > moves, "the bot hurried")
    table.close()


async def test_a_spectator_at_the_end_is_offered_the_lobby_not_another_game():
    hub = Hub(pace=0.0, seed=3)
    ht, table = _table_in_play(hub)
    while not table.game.over:  # anna plays her first option every time; the bots theirs
        if table.game.pending()[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])
        await asyncio.sleep(0)
    app = ssh_app_factory(BRUNO, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await type_line(pilot, "watch 1")
        await until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        buttons = [str(b.label) for b in app.screen.query(Button)]
        assert buttons == ["Back to the lobby (l)", "Review (r)", "Board (Esc)", "Quit (q)"]
        await pilot.press("escape")  # Esc shows the final board: the session goes on
        await until(pilot, lambda: app.screen is app.game_screen, "the board")
        assert app.is_running
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen again")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert ht.spectators == 0 and app.is_running
        assert "You watch table 1" not in log_text(app.screen.query_one(LobbyLog))
    table.close()


async def test_the_new_table_form_opens_with_its_first_field_focused_and_enter_works_at_once():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await table_form(pilot)
        assert app.focused is form.query_one("#players", Select)
        await pilot.press("enter")  # opens the players' list at once, no Tab first
        await pilot.pause()
        assert form.query_one("#players", Select).expanded
        await pilot.press("down", "enter")  # 5 players
        await pilot.pause()
        assert form.query_one("#players", Select).value == 5


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "your table 1: type “start” when everyone is there"),
        ("ru", "ваш стол 1: наберите «start», когда все соберутся"),
    ],
)
async def test_the_hosts_top_line_is_whole_at_80_columns(lang, said):
    from pilots import screen_lines

    hub = Hub(pace=0.0)
    app = ssh_app_factory(session_info(name="alexandra", key_fingerprint=None), hub)
    async with app.run_test(size=(80, 24)) as pilot:
        if lang != "en":
            await pilot.press(*keys_of(f"lang {lang}"), "enter")
            await pilot.pause()
        await type_line(pilot, "new 4")
        await until(pilot, lambda: said in screen_lines(app)[0], "the whole top line")
        top = screen_lines(app)[0]
        assert "alexandra" in top and top.rstrip().endswith(said.split()[-1]), top


@pytest.mark.parametrize(("lang", "first", "last"), [("en", "Commands:", "quit"), ("ru", "Команды:", "quit")])
async def test_the_lobby_help_is_a_list_that_fits_80x24(lang, first, last):
    from pilots import screen_lines

    from citadels_tui.lobby_help import help_lines, new_help_lines

    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(80, 24)) as pilot:
        if lang != "en":
            await pilot.press(*keys_of(f"lang {lang}"), "enter")
            await pilot.pause()
        await type_line(pilot, "new 4")  # a table listed above: less room for the log
        await type_line(pilot, "help")
        await until(pilot, lambda: first in "\n".join(screen_lines(app)), "the help")
        await pilot.pause()
        screen = screen_lines(app)
        lines = help_lines()
        assert lines[0] == first and lines[-1].split()[0] == last and len(lines) >= 12
        log = lobby_of(app).query_one(LobbyLog).scrollable_content_region
        for line in lines:
            # One command a line, each on the screen at once, none wrapped.
            assert len(line) <= log.width, line
            assert any(row[log.x : log.right].rstrip() == line.rstrip() for row in screen), (line, screen)
        await type_line(pilot, "help new")
        await pilot.pause()
        await pilot.pause()
        for line in new_help_lines():
            assert len(line) <= log.width, line
        assert "first_game" in lobby_text(app)


async def test_the_whole_story_f6_has_the_table_chat_where_it_was_said():
    from citadels_tui.components.story_screen import StoryScreen

    hub = Hub(pace=30.0, seed=2)
    ht, table = _table_in_play(hub)
    hub.say_table(ht, "bruno", "good luck all")  # said before anna came: after the story so far
    app = ssh_app_factory(ANNA_BACK, hub)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.is_attached, "seated")
        await until(
            pilot, lambda: "good luck all" in log_text(game_screen_of(app).query_one(LogPane)), "chat"
        )
        if table.game.pending()[0] != 0:
            await pilot.press("enter")  # the bots hurried to anna's choice
        await until(pilot, lambda: table.game.pending()[0] == 0, "anna's choice")
        await type_line(pilot, "say hello table")
        await until(pilot, lambda: "hello table" in log_text(game_screen_of(app).query_one(LogPane)), "said")
        table.submit(0, [table.game.legal_actions()[0]])  # a decision after it: narrated after the chat
        await pilot.pause()
        await until(pilot, lambda: game_screen_of(app).told > 0, "told")
        told_before = game_screen_of(app).told
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StoryScreen), "the whole story")
        story = screen_as(app, StoryScreen).render_story().plain
        whole = game_screen_of(app).whole_story()
        said = next(i for i, line in enumerate(whole) if line.text == "anna: hello table")
        assert 0 < said < len(whole) - 1 and whole[said + 1].kind != "chat", whole[said:]  # told after it
        assert "bruno: good luck all" in story and "anna: hello table" in story, story
        assert story.index("good luck all") < story.index("hello table")
        pane = log_text(game_screen_of(app).query_one(LogPane))
        # In the same order as the pane told them.
        assert pane.index("good luck all") < pane.index("hello table")
        assert told_before > 0
    table.close()
