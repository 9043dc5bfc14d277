"""Turn-based tables (citadels_tui/turns.py) and the commands that play them without a screen
(server/exec_turns.py), against a real server with real SSH clients and their keys: a clock of hours or days
per move, seats kept to the end, the clock kept across a restart, a late move played by a stand-in, and the
seat's secrets only for its own key."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from ssh_helpers import (
    KEYS,
    a_day_table,
    open_game,
    serving,
    to_move,
)

from citadels_server.hub import Hub
from citadels_tui.lobby import HubError
from citadels_tui.records import MemoryRecords
from citadels_tui.turns import clock_text, parse_clock, span, your_move_line


def test_a_clock_is_seconds_for_a_fast_table_and_hours_or_days_for_a_turn_based_one():
    assert parse_clock("0") == (None, False)
    assert parse_clock("60") == (60.0, False)
    assert parse_clock("5m") == (300.0, False)
    assert parse_clock("5h") == (5 * 3600.0, True)
    assert parse_clock("1d") == (86400.0, True)
    assert clock_text(86400.0, True) == "1d" and clock_text(5 * 3600.0, True) == "5h"
    assert clock_text(30.0, False) == "30s" and clock_text(None, False) == "—"
    assert (span(5 * 3600 + 59), span(2 * 86400 + 7), span(59)) == ("5 h", "2 d", "59 s")
    for bad, said in (("2 weeks", "A clock is"), ("40d", "1h to 30d"), ("5s", "10 to 3600")):
        with pytest.raises(HubError, match=said):
            parse_clock(bad)


async def test_status_and_play_answer_only_the_seats_own_key(tmp_path):
    hub = Hub(pace=0.0, seed=5)
    s = await serving(tmp_path, hub)
    try:
        await a_day_table(s)
        mover = to_move(hub)
        other = "bruno" if mover == "anna" else "anna"
        r = await s.run(mover, "status")
        assert r.exit_status == 0
        assert r.stdout.startswith("Table 1 (1d): your move (waiting ") and "h left)." in r.stdout
        rows = json.loads((await s.run(other, "status --json")).stdout)
        assert [(x["table"], x["to_move"], x["yours"]) for x in rows] == [(1, mover, False)]

        r = await s.run(mover, "play 1")
        assert r.exit_status == 0 and "You can:\n  1. " in r.stdout
        mine = r.stdout
        r = await s.run(other, "play 1")
        assert r.exit_status == 0 and "You can:" not in r.stdout
        assert r.stdout.endswith(f"It is {mover}'s move.\n")
        r = await s.run(other, "play 1 1")
        assert (r.exit_status, r.stderr) == (1, f"It is not your move at table 1; it is {mover}'s.\n")

        # Another key under the mover's name, a login without a key, a table with no seat of theirs.
        # (The server does not let another key have the mover's name: that login is a guest's, keyless.)
        r = await s.run(mover, "play 1", key="mallory")
        assert (r.exit_status, r.stdout) == (1, "") and r.stderr.count("\n") == 1
        r = await s.run(mover, "play 1", key=None)
        assert r.exit_status == 1 and r.stdout == "" and "only a login with an SSH key" in r.stderr
        r = await s.run("mallory", "play 1")
        assert (r.exit_status, r.stderr) == (1, "You have no seat at table 1.\n")
        r = await s.run("mallory", "play 9")
        assert (r.exit_status, r.stderr) == (1, "There is no table 9.\n")
        r = await s.run(mover, "play one")
        assert r.exit_status == 2 and "not 'one'" in r.stderr
        r = await s.run(mover, 'play 1 "fly away"')
        assert r.exit_status == 1 and r.stderr.count("\n") == 1

        table = hub.tables[1].table
        assert table is not None
        actions = len(table.record.actions)
        r = await s.run(mover, "play 1 1")
        assert r.exit_status == 0, r.stderr
        assert len(table.record.actions) == actions + 1
        assert r.stdout != mine and r.stdout.strip()
    finally:
        s.server.close()
        await s.server.wait_closed()


async def test_the_lobby_lists_first_the_tables_awaiting_your_move(tmp_path):
    hub = Hub(pace=0.0, seed=5)
    s = await serving(tmp_path, hub)
    try:
        await a_day_table(s)
        mover = to_move(hub)
        table = hub.tables[1].table
        assert table is not None and table.awaited is not None
        table.awaited = (table.awaited[0], time.time() - 5 * 3600 - 30)
        assert (
            your_move_line(hub, mover, KEYS["mallory"].get_fingerprint(), time.time()) is None
        )  # not its key
        async with s.connect(mover, mover) as conn:
            screen = await open_game(conn, 100, 30)
            text = await screen.wait_for("Your move")
            assert "Your move: table 1 (waiting 5 h)." in text
            assert text.index("Your move") < text.index("Welcome")  # the first thing said
            # The lobby, not the game: a turn-based seat is not where its player must be.
            assert "Citadels lobby" in text
        table.awaited = (table.awaited[0], time.time() - 21.5 * 3600)
        async with s.connect(mover, mover) as conn:
            screen = await open_game(conn, 100, 30)
            text = await screen.wait_for("Your move")
            assert "Your move: table 1 (2 h left)." in text, text
        async with s.connect(mover, mover) as conn:  # plain mode is told it first too
            plain = await conn.create_process(encoding=None)
            said = b""
            while b"Welcome" not in said:
                said += await asyncio.wait_for(plain.stdout.read(4096), 10)
            assert said.index(b"Your move: table 1 (2 h left).") < said.index(b"Welcome"), said
            plain.close()
    finally:
        s.server.close()
        await s.server.wait_closed()


async def test_a_restart_keeps_the_clock_and_a_late_move_is_a_stand_ins(tmp_path):
    records = MemoryRecords()
    hub = Hub(pace=0.0, seed=5, records=records)
    s = await serving(tmp_path, hub)
    try:
        await a_day_table(s)
        r = await s.run(to_move(hub), "play 1 1")
        assert r.exit_status == 0, r.stderr
        table = hub.tables[1].table
        assert table is not None and table.awaited is not None
        awaited = table.awaited
    finally:
        s.server.close()
        await s.server.wait_closed()
    for ht in hub.tables.values():
        if ht.table is not None:
            ht.table.close()

    again = Hub(pace=0.0, seed=5, records=records)
    assert again.restore() == []
    ht = again.tables[1]
    assert (
        ht.table is not None and ht.table.awaited == awaited
    )  # the same seat, awaited since the same moment
    assert not ht.table.away  # nobody's seat is on hold: they are the players' to the end
    assert ht.table.late == set()
    ht.table.close()

    # The clock ran out while the server was down: once back, a stand-in makes that seat's move.
    seat = awaited[0]
    kept = records.tables_in_play()[0]
    seats = [
        x if i != seat else type(x)(x.name, x.key, since=awaited[1] - 86400 - 60)
        for i, x in enumerate(kept.seats)
    ]
    records.seats_changed(1, seats, kept.bots)
    late = Hub(pace=0.0, seed=5, records=records)
    late.restore()
    table = late.tables[1].table
    assert table is not None
    actions = len(table.record.actions)
    for _ in range(200):
        await asyncio.sleep(0.02)
        pending = table.game.pending()
        if pending is None or pending[0] != seat:
            break
    assert len(table.record.actions) > actions and table.record.actions[actions][0] == seat
    assert seat in table.late
    assert any("clock ran out" in str(line) for line in late.tables[1].chat)
    assert records.tables_in_play()[0].seats[seat].late  # kept: the rating's rule reads it at the end
    table.close()


async def test_the_your_move_line_in_russian(tmp_path):
    from citadels_tui.i18n import language, set_language

    hub = Hub(pace=0.0, seed=5)
    s = await serving(tmp_path, hub)
    before = language()
    try:
        await a_day_table(s)
        mover = to_move(hub)
        table = hub.tables[1].table
        assert table is not None and table.awaited is not None
        now = time.time()
        key = KEYS[mover].get_fingerprint()
        set_language("ru")
        table.awaited = (table.awaited[0], now - 5 * 3600 - 30)
        assert your_move_line(hub, mover, key, now) == "Ваш ход: стол 1 (ждёт 5 ч)."
        table.awaited = (table.awaited[0], now - 86400 + 150)
        assert your_move_line(hub, mover, key, now) == "Ваш ход: стол 1 (осталось 2 мин)."
    finally:
        set_language(before)
        s.server.close()
        await s.server.wait_closed()


@pytest.mark.parametrize("rule", ["unrated", "rated"])
async def test_a_game_a_stand_in_played_in_counts_for_the_rating_only_by_the_tables_rule(rule):
    records = MemoryRecords()
    hub = Hub(pace=0.0, seed=5, records=records)
    anna, bruno = (KEYS[n].get_fingerprint() for n in ("anna", "bruno"))
    ht = hub.create("anna", anna, 2, timer=86400.0, turn_based=True, late_rated=rule == "rated")
    hub.join(ht, "bruno", bruno)
    table = hub.start(ht, "anna")
    # bruno plays his own moves; anna's clock has always run out (awaited two days ago), so a stand-in makes
    # each of her moves.
    for _ in range(3000):
        pending = table.game.pending()
        if pending is None:
            break
        if pending[0] == 1:
            table.submit(1, [table.game.legal_actions()[0]])
        elif table.awaited is not None and table.awaited[0] == 0 and table.awaited[1] > time.time() - 86400:
            table.awaited = (0, time.time() - 2 * 86400)
            table.wake()
        await asyncio.sleep(0.005)
    assert table.game.over and table.late == {0}
    await asyncio.sleep(0.05)
    (finished,) = await records.games()
    assert [s.name for s in finished.seats] == ["anna", "bruno"]
    assert (await records.rating("bruno")) is not None
    assert ((await records.rating("anna")) is not None) == (rule == "rated")


@pytest.mark.slow
async def test_on_the_screen_a_turn_based_table_starts_for_all_and_a_seat_outlives_leaving(tmp_path):
    hub = Hub(pace=0.0, seed=5)
    s = await serving(tmp_path, hub)
    try:
        async with s.connect("anna", "anna") as a, s.connect("bruno", "bruno") as b:
            sa, sb = await open_game(a, 120, 40), await open_game(b, 120, 40)
            await sa.wait_for("Citadels lobby")
            await sb.wait_for("Citadels lobby")
            sa.process.stdin.write(b"new 2 timer=1d late=rated\r")
            text = await sa.wait_for("still counts for your rating")
            assert "1d per move" in text
            await sb.wait_for("1d")  # the table and its clock in bruno's lobby
            sb.process.stdin.write(b"join 1\r")
            await sb.wait_for("You sit at table 1")
            await sa.wait_for("anna, bruno")
        # bruno logs off before the start: at a turn-based table his seat waits for him.
        await asyncio.sleep(0.2)
        assert [h.name for h in hub.tables[1].holders] == ["anna", "bruno"]
        async with s.connect("anna", "anna") as a, s.connect("bruno", "bruno") as b:
            sa, sb = await open_game(a, 120, 40), await open_game(b, 120, 40)
            await sa.wait_for("Citadels lobby")
            await sb.wait_for("Citadels lobby")
            sb.process.stdin.write(b"join 1\r")  # his seat already: he waits there for the start
            await sb.wait_for("You sit at table 1")
            sa.process.stdin.write(b"start\r")
            await sa.wait_for("Your hand")
            await sb.wait_for("Your hand")  # bruno waited for the start: he is taken to the game too
            sb.process.stdin.write(b"lobby\r")
            await sb.wait_for("Citadels lobby")
            await sa.wait_for("bruno left; their seat is theirs to the end of the game.")
        await asyncio.sleep(0.2)
        ht = hub.tables[1]
        assert ht.table is not None and not ht.table.closed and not ht.table.away
        assert [h.released for h in ht.holders] == [False, False]
        async with s.connect("bruno", "bruno") as b:
            sb = await open_game(b, 120, 40)
            await sb.wait_for(
                "Citadels lobby"
            )  # not taken to the game: a turn-based seat waits for its player
            sb.process.stdin.write(b"join 1\r")
            await sb.wait_for("Your hand")
    finally:
        s.server.close()
        await s.server.wait_closed()
