"""Hosted tables kept on disk: a server restart resumes the games in play (hub.py, hosted_store.py)."""

import asyncio
import json

import pytest

from citadels_core.record import state_digest
from citadels_tui.hub import Hub, HubError
from citadels_tui.i18n import set_language


async def _playing_table(store, seat_hold=120.0):
    """Anna (with a key) and Bruno at a 3-player table with one bot; a few moves played."""
    hub = Hub(seat_hold=seat_hold, pace=0.0, seed=40, store=store)
    ht = hub.create("anna", "SHA256:anna", 3, bots="random")
    hub.join(ht, "bruno", None)
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    hub.arrive(ht, 1)
    hub.say_table(ht, "bruno", "good luck")
    for _ in range(6):  # the humans make their first decisions; the bot moves in between
        await asyncio.sleep(0.05)
        pd = table.game.pending()
        if pd is not None and pd[0] in (0, 1):
            table.submit(pd[0], [table.game.legal_actions()[0]])
    await asyncio.sleep(0.05)
    return hub, ht, table


async def test_a_table_in_play_comes_back_after_a_restart_with_its_seats_held(tmp_path):
    store = tmp_path / "tables"
    hub, ht, table = await _playing_table(store)
    assert len(table.record.actions) >= 3
    digest, actions = state_digest(table.game), len(table.record.actions)
    table.close()
    hub.close()  # the server stops: every write is on disk
    assert (store / f"table-{ht.id}.json").exists()

    again = Hub(seat_hold=120.0, pace=0.0, store=store)
    assert again.restore() == []
    back = again.tables[ht.id]
    assert state_digest(back.table.game) == digest and len(back.table.record.actions) == actions
    assert [h.name for h in back.holders] == ["anna", "bruno"] and back.holders[0].key == "SHA256:anna"
    assert (back.cast, back.players, back.bot_level, back.seed) == (ht.cast, 3, "random", ht.seed)
    assert "bruno: good luck" in back.chat
    # Announcements stay messages, translated for each reader: this one in Russian for a Russian reader.
    assert str(back.chat[-1]) == "The server restarted; the game goes on where it was."
    set_language("ru")
    try:
        assert str(back.chat[-1]).startswith("Сервер перезапустился")
    finally:
        set_language("en")
    # Both humans are away (held for them): the same name and key retakes the seat, a keyless namesake not;
    # bruno, who came without a key, retakes his with the reconnect code he was shown, kept in the file.
    assert back.table.away == {0, 1}
    assert again.find("anna", None) is None
    assert again.find("anna", "SHA256:anna") == (back, 0)
    code = ht.holders[1].code
    assert code and back.holders[1].code == code and back.holders[0].code is None
    assert again.find("bruno", None) is None and again.holds_keyless_seat("bruno")
    with pytest.raises(HubError, match="has started"):
        again.join(back, "bruno", None, "WRONG1")
    assert again.seat_code_matches("bruno", code.lower()) and not again.seat_code_matches("bruno", "WRONG1")
    assert again.join(back, "bruno", None, code) == 1
    again.arrive(back, 1)
    assert back.table.away == {0}
    # A new table never takes the id of a kept one.
    assert again.create("carla", None, 2).id == ht.id + 1
    back.table.close()
    again.close()


async def test_a_seat_whose_hold_ran_out_stays_with_its_bot_after_a_restart(tmp_path):
    store = tmp_path / "tables"
    hub, ht, table = await _playing_table(store, seat_hold=0.05)
    hub.depart(ht, 1)  # Bruno leaves and does not come back in time
    await asyncio.sleep(0.2)
    assert ht.holders[1].released and 1 in table.bots
    table.close()
    hub.close()

    again = Hub(pace=0.0, store=store)
    again.restore()
    back = again.tables[ht.id]
    assert back.holders[1].released and 1 in back.table.bots and 0 not in back.table.bots
    assert again.find("bruno", None) is None  # the seat is the bot's now
    back.table.close()
    again.close()


async def test_a_table_file_from_before_reconnect_codes_still_loads(tmp_path):
    store = tmp_path / "tables"
    hub, ht, table = await _playing_table(store)
    table.close()
    hub.close()
    path = store / f"table-{ht.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for h in data["holders"]:
        del h["code"]
    path.write_text(json.dumps(data), encoding="utf-8")
    again = Hub(pace=0.0, store=store)
    assert again.restore() == []
    back = again.tables[ht.id]
    # Its keyless seat has no code: it goes by the name, as it did when the file was written.
    assert back.holders[1].code is None and not again.holds_keyless_seat("bruno")
    assert again.find("bruno", None) == (back, 1)
    again.close()


async def test_a_broken_table_file_is_reported_left_as_it_is_and_its_id_never_reused(tmp_path):
    store = tmp_path / "tables"
    store.mkdir()
    broken = store / "table-7.json"
    broken.write_text('{"format": "citadels-hosted-table", "version": 1, "table": {}', encoding="utf-8")
    wrong_seats = store / "table-8.json"
    hub, ht, table = await _playing_table(tmp_path / "other")
    table.close()
    hub.close()
    data = json.loads((tmp_path / "other" / f"table-{ht.id}.json").read_text(encoding="utf-8"))
    data["holders"].append({"name": "extra", "key": None, "released": False})
    wrong_seats.write_text(json.dumps(data), encoding="utf-8")
    before = broken.read_bytes(), wrong_seats.read_bytes()

    again = Hub(pace=0.0, store=store)
    problems = again.restore()
    assert len(problems) == 2 and "table-7.json" in problems[0] and "not JSON" in problems[0]
    assert "table-8.json" in problems[1] and "seats do not match" in problems[1]
    assert again.tables == {}
    assert (broken.read_bytes(), wrong_seats.read_bytes()) == before
    assert again.create("anna", None, 2).id == 9
    again.close()


async def test_a_finished_table_leaves_no_file(tmp_path):
    store = tmp_path / "tables"
    hub = Hub(pace=0.0, seed=3, store=store)
    ht = hub.create("anna", None, 2, bots="random")
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    path = store / f"table-{ht.id}.json"
    while not table.game.over:
        pd = table.game.pending()
        if pd[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])
        await asyncio.sleep(0)
    hub.saver.flush()
    assert not path.exists()
    table.close()
    hub.close()


async def _until(cond, what: str, limit: int = 2000) -> None:
    # Yield to the tables' tasks until `cond` holds: a bounded number of turns, not a timed assertion.
    for _ in range(limit):
        if cond():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never: {what}")


def _human_moves(table, since: int = 0) -> list[int]:
    return [p for p, _ in table.record.actions[since:] if p in (0, 1)]


async def test_after_a_restart_nobody_plays_for_a_human_seat_until_its_hold_runs_out(tmp_path):
    store = tmp_path / "tables"
    hub, ht, table = await _playing_table(store)
    table.close()
    hub.close()
    kept = len(table.record.actions)

    again = Hub(seat_hold=2.0, pace=0.0, store=store)
    again.restore()
    back = again.tables[ht.id]
    loop = asyncio.get_running_loop()
    # Each seat is held the whole seat_hold from the restore on, and the table says so where it waits.
    assert back.table.away == {0, 1} and all(u - loop.time() > 1.5 for u in back.table.away_until.values())
    await _until(lambda: any("waits for" in str(line) for line in back.chat), "the table waits")
    waiting = back.table.game.pending()[0]
    assert waiting in (0, 1) and _human_moves(back.table, kept) == []
    assert str(back.chat[-1]) == f"The table waits for {back.holders[waiting].name} to come back (up to 2 seconds)."
    # The other player comes back; the waited-for one does not: when the hold runs out a bot plays their
    # seat from then on, and says so.
    other = 1 - waiting
    mate = back.holders[other]
    assert again.join(back, mate.name, mate.key, mate.code) == other
    again.arrive(back, other)
    await _until(lambda: back.holders[waiting].released, "the hold ran out")
    await _until(lambda: _human_moves(back.table, kept), "the bot played the seat")
    assert _human_moves(back.table, kept)[0] == waiting and waiting in back.table.bots
    assert str(back.chat[-1]) == f"{back.holders[waiting].name} did not come back: a bot plays their seat to the end."
    back.table.close()
    again.close()


async def test_a_player_who_drops_mid_decision_is_waited_for_and_decides_on_return():
    hub = Hub(seat_hold=60.0, pace=0.0, seed=40)
    ht = hub.create("anna", None, 3, bots="random")
    hub.join(ht, "bruno", None)
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    hub.arrive(ht, 1)
    try:
        await _until(lambda: table.game.pending()[0] in (0, 1), "a human decides")
        player = table.game.pending()[0]
        name = ht.holders[player].name
        moves = len(table.record.actions)
        hub.depart(ht, player)
        await _until(lambda: any("waits for" in str(line) for line in ht.chat), "the table waits")
        assert [str(line) for line in ht.chat[-2:]] == [
            f"{name} left; their seat is kept for 60 seconds.",
            f"The table waits for {name} to come back (up to 60 seconds)."]
        await asyncio.sleep(0.05)
        assert len(table.record.actions) == moves and table.game.pending()[0] == player
        hub.arrive(ht, player)
        assert str(ht.chat[-1]) == f"{name} is back."
        await asyncio.sleep(0.05)
        assert len(table.record.actions) == moves  # theirs to decide, still
        table.submit(player, [table.game.legal_actions()[0]])
        assert table.record.actions[moves][0] == player
    finally:
        table.close()
