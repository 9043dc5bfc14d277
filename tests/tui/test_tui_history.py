"""The lobby's history: `games` and `games all`, `replay N` (the replay viewer, ReplayScreen) and the
`leaderboard`, driven in-process (Textual pilot) with a hub whose records hold whole games played by bots
(kept as the hub keeps a finished table, hub.py `_finished`), and one game played to its end at a hosted
table. The same commands over SSH against a real `citadels serve`: tests/server/test_ssh_history.py."""

from __future__ import annotations

import asyncio
import re

import pytest
from helpers import pending_decision
from pilots import lobby_of, lobby_text, said, screen_as, there, type_line, until
from sessions import session_info
from tui_states import WHEN, annas_table, four_rated_games, keep

from citadels_core import Game
from citadels_core.view import view
from citadels_server.hub import Hub
from citadels_tui import history_words
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.components.lobby_screen import LobbyLog, LobbyScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.replay_screen import ReplayScreen
from citadels_tui.components.status_bar import StatusBar, status_text
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.records import MemoryRecords
from citadels_tui.replay import Replay

ANNA = session_info(name="anna", key_fingerprint="SHA256:anna")
BRUNO = session_info(name="bruno", key_fingerprint="SHA256:bruno")
DORA = session_info(name="dora", key_fingerprint="SHA256:dora")  # has a key, never played
GUEST = session_info(name="guest-7", key_fingerprint=None)


def three_games() -> MemoryRecords:
    records = MemoryRecords()
    keep(records, 1, [("anna", "SHA256:anna", None), ("Bot Bruno", None, "normal")], seed=3, ended=WHEN)
    keep(
        records,
        2,
        [("bruno", "SHA256:bruno", None), ("carla", None, None), ("Bot Eve", None, "easy")],
        seed=4,
        ended=WHEN + 3600,
    )
    keep(
        records,
        3,
        [("anna", "SHA256:anna", None), ("bruno", "SHA256:bruno", None)],
        seed=5,
        ended=WHEN + 7200,
        abandoned=True,
    )
    return records


def game_rows(text: str) -> list[str]:
    """The numbers of the games listed, in order (each row starts with its number and its UTC date)."""
    return re.findall(r"(\d+) 2026-09-21 \d\d:\d\d", text)


async def test_games_lists_your_own_latest_first_and_games_all_everyones():
    hub = Hub(pace=0.0, records=three_games())
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_line(pilot, "games")
        text = await said(pilot, app, "“replay N” shows game N again")
        assert "Your finished games, the latest first" in text
        assert game_rows(text) == ["3", "1"]  # not bruno and carla's game
        assert "2026-09-21 14:13" in text and "2026-09-21 16:13" in text  # UTC, not the machine's zone
        assert "abandoned" in text and "Bot Bruno (bot)" in text
        first = there(await hub.records.game(1), "game 1")
        winner = next(s for s in first.summary.seats if s.rank == 1)
        assert f"★ {winner.name}" in text
        assert (
            "★" not in text.split("3 2026-09-21")[1].split("1 2026-09-21")[0]
        )  # an abandoned game has no winner
        lobby_of(app).query_one(LobbyLog).clear()
        await type_line(pilot, "games all")
        text = await said(pilot, app, "“replay N” shows game N again")
        assert "Finished games on this server" in text and game_rows(text) == ["3", "2", "1"]
        assert "Bot Eve (bot)" in text and "carla" in text
        await type_line(pilot, "games mine")
        await said(pilot, app, "“games” lists your finished games, “games all” everyone's.")


async def test_games_with_none_yet_says_how_a_game_gets_there():
    app = ssh_app_factory(DORA, Hub(pace=0.0, records=three_games()))
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "games")
        text = await said(pilot, app, "You have no finished game here yet.")
        assert "A game played to its end at a table here" in text and "“replay N”" in text
    app = ssh_app_factory(DORA, Hub(pace=0.0))
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "games all")
        await said(pilot, app, "No game has finished on this server yet.")


def status(screen) -> str:
    return str(screen.query_one(StatusBar).render())


@pytest.mark.slow
async def test_replay_steps_both_ways_jumps_to_rounds_and_goes_back_to_the_lobby():
    records = three_games()
    kept = there(await records.game(2), "game 2")
    record = kept.record
    app = ssh_app_factory(ANNA, Hub(pace=0.0, records=records))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "replay 99")
        await said(pilot, app, "There is no finished game 99: “games all” lists them.")
        await type_line(pilot, "replay x")
        await said(pilot, app, "Which game? Give its number from “games”")
        await type_line(pilot, "replay 2")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = screen_as(app, ReplayScreen)
        assert screen.seat is None and screen.at == 0 and not screen.query(HandPane)

        def shows(k: int) -> None:
            # What a spectator saw after the k-th move: the view of the game played to there.
            g = Game(record.config, record.seed, record_events=False)
            for p, a in record.actions[:k]:
                g.apply(p, a)
            v = view(g, None)
            assert screen.at == k and screen.replay.steps[k].view == v
            assert status(screen) == status_text(
                v, record.config, False, screen.query_one(StatusBar).size.width
            )

        for _ in range(5):
            await pilot.press("right")
        await pilot.press("n")
        await pilot.pause()
        shows(6)
        await pilot.press("left", "p")
        await pilot.pause()
        shows(4)
        await pilot.press("end")
        await pilot.pause()
        shows(len(record.actions))
        assert status(screen) == "The game is over."
        await pilot.press("home")
        await pilot.pause()
        shows(0)
        starts = screen.replay.round_starts
        assert sorted(starts) == list(range(1, screen.replay.rounds + 1)) and screen.replay.rounds >= 3
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        shows(starts[3])
        assert screen.replay.steps[starts[3] - 1].view.round == 2  # the move before was still round 2
        await pilot.press("left_square_bracket")  # the start of round 2
        await pilot.pause()
        shows(starts[2])
        # `round N` asked for with r: the line takes the keys (letters, arrows) until Enter or Esc.
        await pilot.press("r", *"round 3", "enter")
        await pilot.pause()
        shows(starts[3])
        await pilot.press("r", "2", "enter")
        await pilot.pause()
        shows(starts[2])
        await pilot.press("r", *"99", "enter")
        await pilot.pause()
        shows(starts[2])
        log = " ".join(str(line.text) for line in screen.query_one("#log", LogPane).lines)
        assert f"This game has rounds 1 to {screen.replay.rounds}; there is no round 99." in log
        await pilot.press("r", "q", "escape")  # Esc leaves the question only; q was typed into it
        await pilot.pause()
        assert app.screen is screen
        shows(starts[2])
        # The story pane tells what was told up to the move shown, and follows each step.
        await pilot.press("right")
        await pilot.pause()
        told = [str(line.text) for line in screen.query_one("#log", LogPane).lines]
        assert told and all(line.text in " ".join(told) for line in screen.replay.steps[starts[2] + 1].lines)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")


async def test_a_seat_sees_its_own_hand_and_private_lines_and_a_spectator_does_not():
    records = three_games()
    record = there(await records.game(2), "game 2").record
    seen, watched = Replay(record, 1), Replay(record, None)
    g = Game(record.config, record.seed, record_events=False)
    for k, (p, a) in enumerate(record.actions[:40], 1):
        g.apply(p, a)
        assert seen.steps[k].view == view(g, 1) and watched.steps[k].view == view(g, None)
        assert (
            sorted(seen.steps[k].view.hand) == sorted(g.card_keys(g.hands[1]))
            and not watched.steps[k].view.hand
        )
    assert any(line.private for s in seen.steps for line in s.lines)
    assert not any(line.private for s in watched.steps for line in s.lines)

    app = ssh_app_factory(ANNA, Hub(pace=0.0, records=records))
    async with app.run_test(size=(120, 40)) as pilot:  # larger than the least: the panes take the room
        app.push_screen(ReplayScreen(record, 1, "Game 2"))
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = screen_as(app, ReplayScreen)
        await pilot.press("right", "right", "right")
        await pilot.pause()
        hand = screen.query_one(HandPane)
        assert hand.cards and set(hand.cards) == set(seen.steps[3].view.hand)
        assert str(hand.border_title).startswith("carla's hand")
        assert "as carla saw it" in str(screen.query_one("#replay-title").render())


def standings_rows(text: str) -> list[tuple[str, str, str, str]]:
    return re.findall(r"(\d+) (\w+) (-?\d+\.\d) (\d+)", text)


@pytest.mark.slow
async def test_the_leaderboard_ranks_rated_players_marks_yours_and_leaves_guests_out(monkeypatch):
    records = four_rated_games()
    board = await records.leaderboard()
    assert [s.name for s in board] == sorted(
        ["anna", "bruno"], key=lambda n: -next(s.rating.shown for s in board if s.name == n)
    )
    hub = Hub(pace=0.0, records=records)
    app = ssh_app_factory(BRUNO, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "leaderboard")
        text = await said(pilot, app, "The leaderboard")
        await until(pilot, lambda: len(standings_rows(lobby_text(app))) == 2, "two rated players")
        text = lobby_text(app)
        rows = standings_rows(text)
        assert rows == [(str(i), s.name, f"{s.rating.shown:.1f}", "4") for i, s in enumerate(board, 1)]
        assert "guest-7" not in text and "Bot Eve" not in text
        lines = [strip.text.strip() for strip in lobby_of(app).query_one(LobbyLog).lines]
        [mine] = [line for line in lines if line.startswith("▶")]  # one line marked: bruno's own
        assert re.search(r"bruno +-?\d+\.\d", mine)
    # Below the lines listed, a rated player is still told their own rating.
    monkeypatch.setattr(history_words, "LISTED", 1)
    second = session_info(name=board[1].name, key_fingerprint=f"SHA256:{board[1].name}")
    app = ssh_app_factory(second, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "leaderboard")
        text = await said(pilot, app, f"Your rating: {board[1].rating.shown:.1f} after 4 games.")
        assert len(standings_rows(text)) == 1 and "▶" not in text
    monkeypatch.undo()
    app = ssh_app_factory(GUEST, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "leaderboard")
        text = await said(pilot, app, "Guests (no key) are not rated")
        assert "▶" not in text
    app = ssh_app_factory(DORA, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "leaderboard")
        await said(pilot, app, "You are not rated yet: finish a game here to get a rating.")
    app = ssh_app_factory(ANNA, Hub(pace=0.0))
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "leaderboard")
        await said(pilot, app, "Nobody is rated yet")


async def test_a_game_played_to_its_end_at_a_hosted_table_is_listed_replayed_and_rated():
    records = MemoryRecords()
    hub, ht, table = annas_table(records, 3)
    for _ in range(20000):
        if table.game.over:
            break
        pd = pending_decision(table.game)
        if pd[0] == 0 and not table.unjournalled:
            table.submit(0, [table.game.legal_actions()[0]])
        await asyncio.sleep(0)
    assert table.game.over
    for _ in range(2000):
        if await records.games():
            break
        await asyncio.sleep(0.005)
    hub.depart(ht, 0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "games")
        text = await said(pilot, app, "“replay N” shows game N again")
        # The bot's name carries its tag once, not the table's tag and the list's too.
        assert " (bot) " in text and "(bot) (bot)" not in text, text
        assert game_rows(
            text.replace(there(re.search(r"\d{4}-\d\d-\d\d", text), "a date").group(), "2026-09-21")
        ) == [str(ht.id)]
        await type_line(pilot, "leaderboard")
        text = await said(pilot, app, "The leaderboard")
        await until(pilot, lambda: standings_rows(lobby_text(app)), "anna rated")
        assert standings_rows(lobby_text(app))[0][1:] == (
            "anna",
            f"{there(await records.rating('anna'), 'anna rated').shown:.1f}",
            "1",
        )
        await type_line(pilot, f"replay {ht.id}")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("end")
        await pilot.pause()
        replaying = screen_as(app, ReplayScreen)
        assert replaying.at == len(table.record.actions) and status(replaying) == "The game is over."
    table.close()
    hub.close()


# What the replay viewer and the leaderboard look like at 80×24 (never accept a changed picture without
# opening it: snapshot_report.html).
async def _replaying(pilot) -> None:
    await type_line(pilot, "replay 2")
    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
    await pilot.press("right_square_bracket", "right_square_bracket", "right", "right", "right", "right")
    await pilot.pause()


def test_the_replay_at_80x24(snap_compare):
    app = ssh_app_factory(ANNA, Hub(pace=0.0, records=three_games()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_replaying)


async def _leaderboard(pilot) -> None:
    await type_line(pilot, "leaderboard")
    await until(pilot, lambda: len(standings_rows(lobby_text(pilot.app))) == 2, "the leaderboard")
    await pilot.pause()


def test_the_leaderboard_at_80x24(snap_compare):
    records = four_rated_games()
    app = ssh_app_factory(BRUNO, Hub(pace=0.0, records=records))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_leaderboard)


def test_a_bots_table_tag_is_taken_off_in_any_language_so_the_list_adds_the_viewers_own():
    from citadels_tui.components.history_screen import bot_name

    assert bot_name("Anna (bot)") == "Anna" and bot_name("Клара (бот)") == "Клара"
    assert bot_name("robot") == "robot" and bot_name("Anna") == "Anna"
