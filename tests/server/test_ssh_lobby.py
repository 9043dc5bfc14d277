"""The game over SSH: the lobby, tables shared between sessions, secrets on each real screen, seats kept
for players who drop (the table waits for them), bots that take a seat not retaken in time, chat. Each test drives real asyncssh clients and reads the screens
they would show (pyte)."""

from __future__ import annotations

import pytest
from ssh_helpers import connect, deciding, game_server, lobby, open_game, started, two_at_a_table, type_line

from citadels_core.view import view
from citadels_server.hub import Hub
from citadels_tui.names import card_name

W, H = 120, 40  # tall enough that the hand shows one card a line


def hand_names(hub: Hub, tid: int, seat: int) -> set[str]:
    table = hub.tables[tid].table
    assert table is not None
    return {card_name(table.config, k) for k in view(table.game, seat).hand}


@pytest.mark.slow
async def test_each_player_sees_their_own_hand_and_a_spectator_none(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with a, b, connect(server, "carla") as c:
            sc = await lobby(c)
            await sc.enter("watch 1", "You watch table 1")
            mine_a, mine_b = hand_names(hub, 1, 0), hand_names(hub, 1, 1)
            only_a, only_b = mine_a - mine_b, mine_b - mine_a
            assert only_a and only_b, "pick a seed where the hands differ"
            ta = await sa.wait_for(lambda s: all(n in s for n in mine_a))
            tb = await sb.wait_for(lambda s: all(n in s for n in mine_b))
            assert not any(n in ta for n in only_b)
            assert not any(n in tb for n in only_a)
            tc = await sc.wait_for("Waiting for anna")
            # A spectator holds no cards: no "Your hand" pane at all, and nobody's cards; Enter hurries
            # nothing for them, so the status bar does not offer it.
            assert "Your hand" not in tc and "(no cards)" not in tc
            assert not any(n in tc for n in mine_a | mine_b)
            assert "anna is deciding" in tc and "skip ahead" not in tc
            # A secret choice: anna takes the first character offered; only her story says which.
            sa.process.stdin.write(b"1")
            ta = await sa.wait_for("(only you) You choose the ")
            chosen = ta.split("(only you) You choose the ")[1].split(".")[0]
            await sb.wait_for("nna chooses a character")  # the story starts the sentence with "Anna"
            await sc.wait_for("nna chooses a character")
            for other in (sb.text, sc.text):
                assert f"choose the {chosen}." not in other and f"chooses the {chosen}." not in other


async def test_lobby_chat_and_table_chat(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await lobby(a), await lobby(b)
            await type_line(sa, "say hello lobby")
            await sb.wait_for("anna: hello lobby")
            await sa.enter("new 3 seed=5", "Table 1 is yours")
            await sa.enter("start", "Your hand")
            await sb.enter("watch 1", "You watch table 1")
            await type_line(sa, "say good luck bots")
            await sb.wait_for("anna: good luck bots")
            await sa.wait_for("anna: good luck bots")


async def test_only_the_creator_starts_and_bots_fill_the_seats(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await lobby(a), await lobby(b)
            await sa.enter("new 4 bots=random seed=2", "Table 1 is yours (4 players)")
            await sb.wait_for("anna")
            await sb.enter("join 1", "You sit at table 1; anna starts the game")
            await sb.enter("start", "Only anna, who made the table, can start it.")
            await sb.enter("join 7", "There is no table 7.")
            await sa.enter("start", "Your hand")
            await sb.wait_for("Your hand")
            names = started(hub.tables[1]).config.names
            assert names[:2] == ("anna", "bruno") and all("(bot)" in n for n in names[2:])
            assert started(hub.tables[1]).bot_kinds == {2: "random", 3: "random"}


@pytest.mark.slow
async def test_a_player_who_drops_is_waited_for_and_retakes_the_seat(tmp_path):
    hub = Hub(pace=0.0, seat_hold=60)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with b:
            table = started(hub.tables[1])
            assert deciding(table) == 0  # anna chooses first: the table waits for her when she drops
            # Another human decides: Enter does not hurry a human, so the status bar does not offer it.
            text = await sb.wait_for("anna is deciding")
            assert "skip ahead" not in text
            a.close()
            await a.wait_closed()
            await sb.wait_for("anna left; their seat is kept for 60 seconds")
            await sb.wait_for("The table waits for anna to come back (up to ")
            assert table.record.actions == [] and 0 in table.away
            # She came without a key: her seat is hers again with the reconnect code she was shown.
            code = hub.tables[1].holders[0].code
            assert code and code.encode() in sa.raw  # shown on her screen (it may have scrolled off since)
            async with connect(server, "anna", answer=code) as a2:
                sa2 = await open_game(a2, W, H)
                text = await sa2.wait_for("Your hand")  # straight back to the game, not the lobby
                assert "Citadels lobby" not in text
                now = hand_names(hub, 1, 0)  # her hand as it is now: the current view, not a stale one
                assert now
                await sa2.wait_for(lambda s: all(n in s for n in now))
                await sb.wait_for("anna is back.")
                await sa2.wait_for("The table waits for anna to come back")  # the story she missed
                await sa2.wait_for("your move: choose a character")  # her decision, still hers
                assert table.record.actions == [] and 0 not in table.away
                sa2.process.stdin.write(b"1")
                await sb.wait_for("nna chooses a character")
                assert table.record.actions[0][0] == 0


async def test_a_seat_not_retaken_in_time_goes_to_a_bot(tmp_path):
    hub = Hub(pace=0.0, seat_hold=0.2)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with b:
            a.close()
            await a.wait_closed()
            await sb.wait_for("anna did not come back: a bot plays their seat to the end.")
            assert started(hub.tables[1]).bot_kinds.get(0) == "normal"
            async with connect(server, "anna") as a2:
                sa2 = await lobby(a2)  # no seat any more: the lobby
                await sa2.enter("join 1", "That game has started; you can watch it.")


async def test_a_player_who_leaves_before_the_start_frees_the_seat(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a:
            sa = await lobby(a)
            await sa.enter("new 3 seed=1", "Table 1 is yours")
            async with connect(server, "bruno") as b:
                sb = await lobby(b)
                await type_line(sb, "join 1")
                await sa.wait_for("anna, bruno")
            await sa.wait_for(lambda s: "anna, bruno" not in s)
            assert hub.tables[1].names() == ["anna"]


@pytest.mark.slow
async def test_a_player_watching_another_game_is_taken_to_their_table_when_it_starts(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b, connect(server, "carla") as c:
            sa, sb, sc = await lobby(a), await lobby(b), await lobby(c)
            await sb.enter("new 3 seed=4", "Table 1 is yours")  # bruno's game, with bots, for carla to watch
            await sb.enter("start", "Your hand")
            await sa.enter("new 2 seed=6", "Table 2 is yours")
            await sa.enter("help new", "for cast= and districts=: first_game")
            await sc.wait_for("Table")
            await sc.enter("join 2", "You sit at table 2")
            await sc.enter("watch 1", "You watch table 1")
            await sa.enter("start", "Your hand")
            await sc.wait_for("Table 2. “say TEXT” talks to the table")
            assert hub.tables[2].holders[1].present == 1 and hub.tables[1].spectators == 0
            await sc.enter("lobby", "Citadels lobby")  # going back to the lobby from one's game stays there
            await sa.wait_for("carla left")
            await type_line(sa, "say still here")
            await sc.wait_for("Citadels lobby")
            assert hub.tables[2].holders[1].present == 0


async def test_the_host_is_told_when_someone_sits_down_at_or_leaves_their_table(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b, connect(server, "carla") as c:
            sa, sb, sc = await lobby(a), await lobby(b), await lobby(c)
            await sa.enter("new 3", "Table 1 is yours")
            await sb.wait_for("anna")
            await type_line(sb, "join 1")
            await sa.wait_for("bruno sat down at your table 1: 2 of 3 seats taken.")
            await type_line(sb, "leave")
            await sa.wait_for("bruno left your table 1: 1 of 3 seats taken.")
            await type_line(sb, "join 1")
            await sa.wait_for("bruno sat down at your table 1: 2 of 3 seats taken.")
            await type_line(sc, "join 1")
            await sa.wait_for("carla sat down at your table 1: 3 of 3 seats taken.")
            await sa.wait_for("Every seat is taken: type “start”.")
            # Those at the table hear it too; nobody is told of their own coming.
            await sb.wait_for("carla sat down at your table 1")
            assert "bruno sat down" not in sb.text
