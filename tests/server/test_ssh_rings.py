"""Rings for a player who looks elsewhere (citadels_tui/ringer.py), read in the raw bytes each session of a
real server receives: the bell, the window title and the desktop notifications when a turn comes, a table
starts or a chat line names someone; none while the terminal says it has focus."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from ssh_helpers import connect, deciding, game_server, lobby, open_game, started, two_at_a_table, type_line

from citadels_server.hub import Hub
from citadels_tui.ringer import Ringer, changed, desktop_sequences, mentions, title_sequence

TURN_TITLE = "\x1b]2;▶ Your turn · Citadels\x07".encode()
PUT_BACK = b"\x1b]2;Citadels\x07"


async def play(table, screens, until) -> list[tuple[int, str]]:
    """Each seat takes its first option whenever the decision is its own, until `until(seen, pending)`."""
    seen: list[tuple[int, str]] = []
    for _ in range(300):
        pending = table.game.pending()
        if pending is None or until(seen, pending):
            return seen
        seen.append(pending)
        screens[pending[0]].process.stdin.write(b"1")
        await asyncio.sleep(0.15)
    raise AssertionError(f"the game never got there: {seen}")


def test_the_sequences_of_a_ring():
    assert title_sequence("▶ Your turn · Citadels") == TURN_TITLE.decode()
    plain = desktop_sequences("Citadels", "Your turn", tmux=False)
    assert "\x1b]9;Citadels: Your turn\x07" in plain
    assert "\x1b]777;notify;Citadels;Your turn\x07" in plain
    assert "\x1b]99;i=citadels:d=1:p=body;Your turn\x1b\\" in plain
    wrapped = desktop_sequences("Citadels", "Your turn", tmux=True)
    assert wrapped.startswith("\x1bPtmux;\x1b\x1b]9;Citadels: Your turn\x07\x1b\\")
    # What others wrote cannot end the sequence early or start one of its own.
    assert desktop_sequences("Citadels", "a\x07b;\x1b]2;pwned", tmux=False).count("\x1b") == 6


def test_a_chat_line_names_someone_as_a_whole_word():
    assert mentions("bruno: anna, your move", "anna")
    assert mentions("bruno: well played ANNA!", "anna")
    assert not mentions("anna: I am anna", "anna")  # her own line
    assert not mentions("bruno: joanna plays well", "anna")
    assert not mentions("bruno: hello", "anna")


def test_ring_words_turn_kinds_and_ways_on_and_off():
    kinds, ways = ["turn", "table", "mention"], ["bell", "title", "desktop"]
    assert changed("off", kinds, ways) == ([], ways)
    assert changed("on", [], ways) == (kinds, ways)
    assert changed("turn off", kinds, ways) == (["table", "mention"], ways)
    assert changed("звук выкл", kinds, ways) == (kinds, ["title", "desktop"])
    assert changed("loudly", kinds, ways) is None


def test_nothing_rings_while_the_terminal_has_focus_or_for_a_kind_turned_off():
    written: list[str] = []
    ringer = Ringer(written.append, tmux=False)
    assert ringer.ring("turn", "Your turn") and TURN_TITLE.decode() in written[-1]
    ringer.settle()
    assert written[-1] == PUT_BACK.decode()
    ringer.focused = True
    assert not ringer.ring("turn", "Your turn")
    ringer.focused, ringer.kinds = False, {"table"}
    assert not ringer.ring("turn", "Your turn") and ringer.ring("table", "Table 1 started")
    assert len(written) == 3


@pytest.mark.slow
async def test_a_turn_rings_and_the_title_is_put_back_once_it_is_played(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with a, b:
            table = started(hub.tables[1])
            # anna picks first (she holds the crown): her session rang for it, bruno's did not.
            await sa.wait_for(lambda s: TURN_TITLE in sa.raw)
            assert b"\x07" in sa.raw and b"\x1b]9;Citadels: Your turn\x07" in sa.raw
            assert TURN_TITLE not in sb.raw
            await play(table, (sa, sb), lambda seen, p: PUT_BACK in sa.raw)
            await play(table, (sa, sb), lambda seen, p: TURN_TITLE in sb.raw)
            assert TURN_TITLE in sb.raw and not table.game.over


async def test_a_chat_line_with_your_name_rings_you_and_not_its_writer(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await lobby(a), await lobby(b)
            # The lobby says what rings, as the table does.
            await sb.enter("notify", "Rings for: turn, table, mention; with: bell, title, desktop.")
            await type_line(sb, "say hello ANNA")
            await sa.wait_for("hello ANNA")
            await sa.wait_for(lambda s: b"\x1b]777;notify;Citadels;bruno: hello ANNA\x07" in sa.raw)
            assert b"\x1b]777;" not in sb.raw  # his own line does not ring him
            await sb.enter("say hi bruno", "hi bruno")  # a line of his own naming himself
            await asyncio.sleep(0.3)
            assert b"\x1b]777;" not in sb.raw


async def test_a_session_in_tmux_gets_its_desktop_notifications_wrapped_for_the_passthrough(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa = await open_game(a, 100, 30, term="tmux-256color")  # its TERM says a tmux pane
            await sa.wait_for("Citadels lobby")
            sb = await lobby(b)
            await type_line(sb, "say anna, a game?")
            await sa.wait_for("anna, a game?")
            wrapped = b"\x1bPtmux;\x1b\x1b]9;Citadels: bruno: anna, a game?\x07\x1b\\"
            await sa.wait_for(lambda s: wrapped in sa.raw)
            # Only wrapped: tmux would swallow a bare one. The bell and the title tmux takes itself, bare.
            assert b"\x1b]9;" not in sa.raw.replace(wrapped, b"")
            assert "\x07\x1b]2;▶ bruno: anna, a game? · Citadels\x07".encode() in sa.raw


@pytest.mark.slow
async def test_no_ring_while_the_terminal_reports_focus_and_one_once_it_looks_away(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with a, b:
            table = started(hub.tables[1])
            # anna, who starts the table, was rung when it filled; both were rung when it started (bruno
            # had said nothing of his focus yet).
            assert b"\x1b]9;Citadels: Table 1 is full\x07" in sa.raw
            assert b"\x1b]9;Citadels: Table 1 is full\x07" not in sb.raw
            assert b"\x1b]9;Citadels: Table 1 started\x07" in sa.raw
            assert b"\x1b]9;Citadels: Table 1 started\x07" in sb.raw
            # The session asked the terminal to report its focus (CSI ? 1004 h), or it could not know.
            assert b"\x1b[?1004h" in sa.raw and b"\x1b[?1004h" in sb.raw
            sb.process.stdin.write(b"\x1b[I")  # bruno's terminal: focus in
            await asyncio.sleep(0.5)

            # bruno decides (his pick and his discard) and is back to anna: focused, he was never rung.
            await play(table, (sa, sb), lambda seen, p: p[0] == 0 and sum(s[0] == 1 for s in seen) >= 2)
            await asyncio.sleep(0.5)
            assert TURN_TITLE not in sb.raw and b"\x1b]9;Citadels: Your turn" not in sb.raw
            sb.process.stdin.write(b"\x1b[O")  # focus out: he looks away
            await asyncio.sleep(0.5)
            await play(table, (sa, sb), lambda seen, p: p[0] == 1)
            await sb.wait_for(lambda s: TURN_TITLE in sb.raw)


async def test_a_kind_or_a_way_turned_off_is_not_in_the_bytes_and_the_others_are(tmp_path):
    hub = Hub(pace=0.0)
    async with game_server(tmp_path, hub) as server:
        a, b, sa, sb = await two_at_a_table(server, hub)
        async with a, b:
            table = started(hub.tables[1])
            await sa.wait_for(lambda s: TURN_TITLE in sa.raw)  # anna's turn rang her, with the bell
            assert b"\x07" + TURN_TITLE in sa.raw
            # A kind turned off, then a way.
            await sa.enter("notify mention off", "Rings for: turn, table; with: bell, title, desktop.")
            await sa.enter("notify bell off", "Rings for: turn, table; with: title, desktop.")
            await sb.enter("notify desktop off", "Rings for: turn, table, mention; with: bell, title.")
            rung_a, rung_b = len(sa.raw), len(sb.raw)

            await type_line(sa, "say bruno, thinking")  # the table's first line
            await sb.wait_for("bruno, thinking")
            # bruno was rung for his name with the bell and the title, and no desktop notification.
            await sb.wait_for(lambda s: "▶ anna: bruno, thinking · Citadels".encode() in sb.raw[rung_b:])
            assert "\x07\x1b]2;▶ anna: bruno, thinking".encode() in sb.raw[rung_b:]
            await type_line(sb, "say anna, your move")
            await sa.wait_for("anna, your move")
            await asyncio.sleep(0.3)
            assert "▶ bruno: anna, your move".encode() not in sa.raw  # her mentions are off
            assert not any(osc in sa.raw[rung_a:] for osc in (b"\x1b]9;", b"\x1b]777;", b"\x1b]99;"))

            # Her next turn rings her without the bell; his without a desktop notification.
            await play(table, (sa, sb), lambda seen, p: PUT_BACK in sa.raw[rung_a:])
            await play(table, (sa, sb), lambda seen, p: TURN_TITLE in sb.raw[rung_b:])
            await play(table, (sa, sb), lambda seen, p: TURN_TITLE in sa.raw[rung_a:])
            assert b"\x1b]9;Citadels: Your turn\x07" in sa.raw[rung_a:]
            assert b"\x07" + TURN_TITLE not in sa.raw[rung_a:]
            assert b"\x07" + TURN_TITLE in sb.raw[rung_b:]
            assert not any(osc in sb.raw[rung_b:] for osc in (b"\x1b]9;", b"\x1b]777;", b"\x1b]99;"))


@pytest.mark.slow
async def test_a_turn_based_table_rings_in_the_lobby_and_its_chat_rings_at_the_game(tmp_path):
    hub = Hub(pace=0.0, seed=5)
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno")}
    async with game_server(tmp_path, hub) as server:
        async with (
            connect(server, "anna", client_keys=[keys["anna"]]) as a,
            connect(server, "bruno", client_keys=[keys["bruno"]]) as b,
        ):
            sa, sb = await lobby(a), await lobby(b)
            await sa.enter("new 2 timer=1d", "1d per move")
            await sb.enter("join 1", "You sit at table 1")
            await sa.enter("start", "Your hand")
            await sb.wait_for("Your hand")
            table = started(hub.tables[1])
            first = deciding(table)
            mover, other = (sa, sb) if first == 0 else (sb, sa)
            who = ("anna", "bruno")[1 - first]
            await other.enter("lobby", "Citadels lobby")  # a turn-based seat waits for its player there
            told = len(other.raw)
            await play(table, (sa, sb), lambda seen, p: p[0] != first)
            # In the lobby, the other was rung for the move their table now awaits.
            rung = b"\x1b]9;Citadels: Your turn at table 1\x07"
            await other.wait_for(lambda s: rung in other.raw[told:])
            assert other.raw[told:].count(rung) == 1
            # Back at the game, a line naming the one who waits there rings them, as at a fast table.
            await other.enter("join 1", "Your hand")
            heard = len(mover.raw)
            await type_line(other, f"say {('anna', 'bruno')[first]}, your move next")
            named = f"\x1b]777;notify;Citadels;{who}: {('anna', 'bruno')[first]}, your move next\x07".encode()
            await mover.wait_for(lambda s: named in mover.raw[heard:])
