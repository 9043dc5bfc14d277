"""Plain mode over SSH (citadels_server/plain_session.py, citadels_tui/plain_lobby.py) against a real server:
the raw bytes a session receives are only printable text and newlines (CR LF with a PTY); whole games are
played reading only lines; two plain players at one table never see each other's hand; a plain player and
a full-screen one share a table; a dropped player comes back to their seat; a client that floods, sends
garbage or a huge line is told and does not disturb the other player."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time

import asyncssh
import pytest
from plain_sessions import only_lines, plain, plain_server
from ssh_helpers import connect, open_game

from citadels_core.view import view
from citadels_server.hub import Hub
from citadels_server.plain_session import Cooked
from citadels_tui import sentences
from citadels_tui.names import card_name
from citadels_tui.plain_history import review_lines


async def test_a_whole_game_over_ssh_T_is_only_lines(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)  # a shell session without a PTY: plain mode, not a refusal
            await s.enter("new 2 seed=3", "Table 1 is yours")
            s.type("start")
            await s.play()
            await s.wait_for("You are in the lobby.")
            await s.quit()
        assert 1 not in hub.tables  # the game is over and kept: its table is gone from the lobby
    only_lines(bytes(s.raw), crlf=False)
    assert "Bruno (bot)" in s.text  # a bot filled the empty seat
    assert s.err == b""


async def test_a_whole_game_with_a_pty_is_only_lines_with_cr_lf_and_what_was_typed(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn, "plain", term_type="xterm-256color", term_size=(80, 24))
            await s.enter("new 2 seed=4", "Table 1 is yours")
            assert "> new 2 seed=4\n" in s.text  # the line discipline echoed it, then ended the line
            s.type("start")
            await s.play()
            await s.quit()
    only_lines(bytes(s.raw), crlf=True)


async def test_term_dumb_gets_plain_mode_and_an_unknown_word_one_sentence(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn, term_type="dumb", term_size=(80, 24))
            # Garbage: control characters, an escape sequence, bytes that are not UTF-8.
            s.process.stdin.write(b"\x00\x07\x1b[2Jfrobnicate \xff\xfe\r")
            await s.wait_for("Unknown command 'frobnicate'")
            await s.enter("who", "Here now: anna.")
            await s.quit()
    only_lines(bytes(s.raw), crlf=True)


async def test_two_plain_players_at_one_table_never_receive_the_others_hand(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a, b = await plain(ca), await plain(cb)
            await a.enter("new 2 seed=7", "Table 1 is yours")
            await b.enter("join 1", "You sit at table 1")
            await a.wait_for("bruno sat down at your table 1")
            await a.enter("start", "Table 1.")
            await b.wait_for("Table 1.")
            table = hub.tables[1].table
            assert table is not None
            hands = [{card_name(table.config, k) for k in view(table.game, seat).hand} for seat in (0, 1)]
            for s in (a, b):
                s.type("hand")
            await a.wait_for("Your hand")
            await b.wait_for("Your hand")
            for s, mine, theirs in ((a, hands[0], hands[1]), (b, hands[1], hands[0])):
                assert all(name in s.text for name in mine)
                assert not [name for name in theirs - mine if name in s.text]
            await asyncio.gather(a.play(), b.play())
            for s in (a, b):
                await s.quit()
    for s in (a, b):
        only_lines(bytes(s.raw), crlf=False)


async def test_a_plain_player_and_a_full_screen_player_share_a_table_and_its_chat(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a = await plain(ca)
            screen = await open_game(cb, 120, 40)
            await screen.wait_for("Citadels lobby")
            screen.process.stdin.write(b"new 2 seed=5\r")
            await screen.wait_for("Table 1 is yours")
            await a.wait_for("Table 1 (waiting): bruno")  # lobby news reaches the plain player
            await a.enter("join 1", "You sit at table 1")
            screen.process.stdin.write(b"start\r")
            await a.wait_for("Table 1.")
            await screen.wait_for("Your hand")
            screen.process.stdin.write(b"say hello anna\r")
            await a.wait_for("bruno: hello anna")
            a.type("say hi bruno")
            await screen.wait_for("anna: hi bruno")
            await a.quit()
    only_lines(bytes(a.raw), crlf=False)


async def test_a_dropped_plain_player_comes_back_to_their_seat(tmp_path):
    hub = Hub(pace=0.0, seat_hold=60)
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna", client_keys=[key]) as conn:
            s = await plain(conn)
            await s.enter("new 2 seed=3", "Table 1 is yours")
            await s.enter("start", "You can:")
        # The connection is gone: the table waits for anna.
        table = hub.tables[1].table
        assert table is not None
        deadline = time.monotonic() + 10
        while 0 not in table.away:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        async with connect(server, "anna", client_keys=[key]) as conn:
            back = await plain(conn)
            await back.wait_for("Table 1.")  # straight back to the game, without a word typed
            await back.wait_for("You can:")
            assert "Your starting hand" in back.text  # the whole story again
            await back.wait_for("anna is back.")
            assert 0 not in table.away
            await back.quit()
        deadline = time.monotonic() + 10
        while 0 not in table.away:  # quitting leaves the seat held again
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)


async def test_a_plain_player_without_a_key_comes_back_with_their_code(tmp_path):
    hub = Hub(pace=0.0, seat_hold=60)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            await s.enter("new 2 seed=3", "when asked")
            await s.enter("start", "You can:")
        code = re.search(r"give the code (\w+) when asked", s.text)
        assert code is not None
        table = hub.tables[1].table
        assert table is not None
        deadline = time.monotonic() + 10
        while 0 not in table.away:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        async with connect(server, "anna", answer=code.group(1)) as conn:
            back = await plain(conn)
            await back.wait_for("Table 1.")
            await back.wait_for("You can:")
            await back.wait_for("anna is back.")
            await back.quit()


@pytest.mark.slow
async def test_a_flood_is_slowed_told_and_cut_while_the_other_player_is_answered(tmp_path):
    hub = Hub(pace=0.0)
    budget = {
        "input_share": 0.01,
        "input_share_burst": 0.01,
        "input_notice_after": 0.5,
        "input_disconnect_after": 2.0,
    }
    async with plain_server(tmp_path, hub, **budget) as server:
        async with connect(server, "flood") as cf, connect(server, "anna") as ca:
            f, a = await plain(cf), await plain(ca)
            await a.enter("new 2", "Table 1 is yours")

            async def flood() -> None:
                chunk = b"tables\n" * 2000
                with contextlib.suppress(Exception):
                    while not f.task.done():
                        f.process.stdin.write(chunk)
                        await asyncio.sleep(0.01)

            flooding = asyncio.create_task(flood())
            # While the flood goes on, the other player is answered each time.
            for n in range(5):
                mark = len(a.text)
                a.type(f"say line {n}")
                await a.wait_for(f"anna: line {n}", after=mark)
            await f.wait_for("your input is slowed down", timeout=30)
            await f.wait_for("Disconnected: you kept sending more input", timeout=30)
            await asyncio.wait_for(f.task, 10)
            flooding.cancel()
            assert f.process.exit_status == 1
            mark = len(a.text)
            a.type("who")
            await a.wait_for("Here now: anna.", after=mark)
            await a.quit()
    only_lines(bytes(f.raw), crlf=False)


async def test_a_huge_line_is_refused_whole_and_the_next_line_is_answered(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            s.process.stdin.write(b"say " + b"x" * 200_000 + b"\n")
            await s.enter("who", "Here now: anna.")
            deadline = time.monotonic() + 10
            while b"at most 65536 bytes" not in s.err:
                assert time.monotonic() < deadline, s.err
                await asyncio.sleep(0.01)
            assert "xxxx" not in s.text and not hub.chat  # nothing of it was said
            await s.quit()


async def test_a_plain_player_too_slow_is_played_for_by_a_stand_in_as_the_table_says(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            await s.enter("new 2 timer=10 seed=3", "Table 1 is yours")
            # The hub lets players set 10 seconds at least; the test's table waits one.
            hub.tables[1].turn_timer = 1
            await s.enter("start", "You have 1 second for each decision")
            await s.wait_for("anna took too long: a bot plays for them.")
            await s.wait_for("You can:", after=s.text.index("took too long"))  # the next decision is anna's
            await s.quit()
    only_lines(bytes(s.raw), crlf=False)


async def test_a_plain_spectator_sees_no_hand_and_cannot_play(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "carla") as cc:
            a, c = await plain(ca), await plain(cc)
            await a.enter("new 2 seed=9", "Table 1 is yours")
            await a.enter("start", "You can:")
            await c.enter("watch 1", "You watch table 1")
            table = hub.tables[1].table
            assert table is not None
            hands = [{card_name(table.config, k) for k in view(table.game, seat).hand} for seat in (0, 1)]
            await c.enter("1", "It is anna's turn to decide, not yours.")
            c.type("hand")
            mark = len(c.text)
            c.type("who")
            await c.wait_for("anna", after=mark)
            assert not [name for name in hands[0] | hands[1] if name in c.text]
            assert "You can:" not in c.text
            for s in (a, c):
                await s.quit()
    only_lines(bytes(c.raw), crlf=False)


async def test_the_hosts_new_message_of_the_day_reaches_a_plain_session(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            hub.order.renew([], "Tournament at eight.")
            await s.wait_for("Message of the day: Tournament at eight.")
            await s.quit()


async def test_a_plain_session_is_told_when_the_server_shuts_down(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            server.close()
            await s.wait_for("The server is shutting down; your game is kept.")
            await asyncio.wait_for(s.task, 10)
    only_lines(bytes(s.raw), crlf=False)


# -- the line discipline of a plain session with a PTY --------------------------------------------------


class FakeCall:
    def __init__(self) -> None:
        self.fed: list[bytes] = []
        self.ended = False

    def feed(self, data: bytes) -> None:
        self.fed.append(data)

    def feed_eof(self) -> None:
        self.ended = True


def cooked() -> tuple[Cooked, FakeCall, bytearray]:
    call, echoed = FakeCall(), bytearray()
    return Cooked(call, echoed.extend), call, echoed  # type: ignore[arg-type]  # the two methods it calls


def test_enter_sends_the_line_and_backspace_edits_it():
    c, call, echoed = cooked()
    c.feed(b"hanx\x7fd\r")
    assert call.fed == [b"hand\n"]
    assert bytes(echoed) == b"hanx\b \bd\r\n"


def test_arrow_keys_and_control_characters_are_neither_sent_nor_echoed():
    c, call, echoed = cooked()
    c.feed(b"\x1b[A\x1bOPlo\x07ok\x1b[1;5C\r\n")
    assert call.fed == [b"look\n"]
    assert bytes(echoed) == b"look\r\n"  # CR LF from the client is one Enter


def test_ctrl_d_on_an_empty_line_ends_the_input():
    c, call, _ = cooked()
    c.feed(b"ab\x04")
    assert not call.ended  # Ctrl+D in a line is nothing
    c.feed(b"\r\x04")
    assert call.fed == [b"ab\n"] and call.ended


@pytest.mark.parametrize("split", [1, 2, 3])
def test_a_character_split_across_packets_arrives_whole(split):
    c, call, _ = cooked()
    data = "взять золото\r".encode()
    for i in range(0, len(data), split):
        c.feed(data[i : i + split])
    assert call.fed == ["взять золото\n".encode()]


async def test_plain_mode_makes_a_turn_based_table_with_the_lobby_s_own_words(tmp_path):
    hub = Hub(pace=0.0)
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna", client_keys=[key]) as conn:
            s = await plain(conn)
            await s.enter("new 2 timer=1d", "It is turn-based")
            assert hub.tables[1].turn_based
            await s.enter("new 2 timer=soon", "not “soon”")
            await s.quit()
    only_lines(bytes(s.raw), crlf=False)


async def test_after_a_served_game_the_lobby_tells_its_review_and_final_board_in_both_languages(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            s = await plain(conn)
            # Nothing has ended yet: one sentence.
            await s.enter("review", "No game has ended here yet: “review” then tells it round by round.\n> ")
            await s.enter("help", "  review, board: the game that just ended: its review, its final board\n")
            await s.enter("new 2 seed=3", "Table 1 is yours")
            await s.enter("start", "You can:")
            ht = hub.tables[1]
            assert ht.table is not None
            seat = ht.table.seat(0)
            await s.play()
            await s.wait_for("You are in the lobby.")
            end = s.text.index("The game is over.\n")
            assert "“review” tells this game round by round and “board” its final board." in s.text[end:]
            board = "".join(
                line + "\n" for line in sentences.look(seat.view(), seat.config, str(seat.player))
            )
            at = len(s.text)
            s.type("board")
            await s.wait_for(board + "> ", after=at)
            at = len(s.text)
            s.type("review")
            await s.wait_for("The hard bot weighs each of your decisions", after=at)
            review = s.text[at:]
            assert review.startswith("Review of the game. ") and "\nRound 1, crown: " in review, review
            assert "Points after this round: " in review
            # Every round's lines as the local game's review tells them, for what anna's seat may know.
            told = review_lines(seat.table.record, 0, seat.table.start)
            assert review.startswith("".join(line + "\n" for line in told)), review
            await s.wait_for("Your chance to win before → after each decision", timeout=240, after=at)
            await s.wait_for(
                "\n> ", after=s.text.index("Your chance to win", at)
            )  # the prompt again, after them
            at = len(s.text)
            s.type("lang ru")
            await s.wait_for("Язык:", after=at)
            s.type("доска")
            s.type("разбор")
            await s.wait_for("Разбор игры.", after=at)
            assert "Раунд 1" in s.text[at:]
            await s.wait_for("Ваш шанс на победу до → после каждого решения", timeout=240, after=at)
            board_ru = s.text[s.text.index("Язык:", at) : s.text.index("Разбор игры.", at)]
            assert "> anna: золото " in board_ru and " Город: " in board_ru, board_ru  # `доска`: the board
            await s.quit()
    only_lines(bytes(s.raw), crlf=False)
