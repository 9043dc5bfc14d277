"""What the hub keeps in its records: a server restart resumes the games in play, each action is shown
only once kept, finished games go to the history with their ratings (hub.py, records.py, table.py).

A second Hub on the same records is the server after a restart; the database behind the records (and
their surviving a killed process) is tested in tests/server/test_database.py and tests/server/test_ssh_restart.py."""

import asyncio
import dataclasses

import pytest
from helpers import game_result, pending_decision
from pilots import table_of, there, until_in_loop
from tui_states import annas_table

from citadels_core.record import state_digest
from citadels_server.hub import Hub
from citadels_tui.i18n import set_language
from citadels_tui.lobby import HubError
from citadels_tui.records import MemoryRecords


async def _playing_table(records, seat_hold=120.0):
    """Anna (with a key) and Bruno at a 3-player table with one bot; a few moves played."""
    hub = Hub(seat_hold=seat_hold, pace=0.0, seed=40, records=records)
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


async def test_a_table_in_play_comes_back_after_a_restart_with_its_seats_held():
    records = MemoryRecords()
    hub, ht, table = await _playing_table(records)
    assert len(table.record.actions) >= 3
    digest, actions = state_digest(table.game), len(table.record.actions)
    table.close()
    hub.close()  # the server stops: every write is kept
    assert [t.id for t in records.tables_in_play()] == [ht.id]

    again = Hub(seat_hold=120.0, pace=0.0, records=records)
    assert again.restore() == []
    back = again.tables[ht.id]
    assert state_digest(table_of(back).game) == digest and len(table_of(back).record.actions) == actions
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
    # bruno, who came without a key, retakes his with the reconnect code he was shown, kept with the table.
    assert table_of(back).away == {0, 1}
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
    assert table_of(back).away == {0}
    # A new table never takes the id of a kept one.
    assert again.create("carla", None, 2).id == ht.id + 1
    table_of(back).close()
    again.close()


async def test_a_seat_whose_hold_ran_out_stays_with_its_bot_after_a_restart():
    records = MemoryRecords()
    hub, ht, table = await _playing_table(records, seat_hold=0.05)
    hub.depart(ht, 1)  # Bruno leaves and does not come back in time
    await asyncio.sleep(0.2)
    assert ht.holders[1].released and 1 in table.bots
    table.close()
    hub.close()

    again = Hub(pace=0.0, records=records)
    again.restore()
    back = again.tables[ht.id]
    assert back.holders[1].released and 1 in table_of(back).bots and 0 not in table_of(back).bots
    assert again.find("bruno", None) is None  # the seat is the bot's now
    table_of(back).close()
    again.close()


async def test_a_seat_kept_from_before_reconnect_codes_goes_by_the_name():
    records = MemoryRecords()
    hub, ht, table = await _playing_table(records)
    table.close()
    hub.close()
    # A table imported from a file written before codes existed has seats without one.
    kept = records.tables_in_play()[0]
    records.table_started(
        dataclasses.replace(kept, seats=[dataclasses.replace(s, code=None) for s in kept.seats])
    )
    again = Hub(pace=0.0, records=records)
    assert again.restore() == []
    back = again.tables[ht.id]
    # Its keyless seat has no code: it goes by the name, as it did when the table was kept.
    assert back.holders[1].code is None and not again.holds_keyless_seat("bruno")
    assert again.find("bruno", None) == (back, 1)
    table_of(back).close()
    again.close()


async def test_a_finished_game_goes_to_the_history_and_rates_its_players_with_a_key():
    records = MemoryRecords()
    hub, ht, table = annas_table(records, 3)
    while not table.game.over:
        pd = pending_decision(table.game)
        if pd[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])
        await asyncio.sleep(0)
    await until_in_loop(lambda: records.tables_in_play() == [], "the table left the tables in play")
    [summary] = await records.games()
    assert summary.id == ht.id and not summary.abandoned and summary.moves == len(table.record.actions)
    anna, bot = summary.seats
    assert (anna.name, anna.key, anna.bot, bot.bot) == ("anna", "SHA256:anna", None, "random")
    assert {anna.rank, bot.rank} <= {1, 2} and 1 in (anna.rank, bot.rank)
    assert anna.score == game_result(table.game)["scores"][0]["total"]
    kept = there(await records.game(ht.id), "the game kept")
    assert kept.record.actions == table.record.actions
    [standing] = await records.leaderboard()
    assert standing.name == "anna" and standing.rating.games == 1
    # Won against the random bot (rated 15), the rating rises from the start; lost, it falls.
    assert (standing.rating.mu > 25) == (anna.rank == 1)
    assert await records.games("bruno") == [] and len(await records.games("ANNA")) == 1
    table.close()
    hub.close()


async def test_a_game_left_by_every_human_is_kept_as_abandoned_and_rates_nobody():
    records = MemoryRecords()
    hub, ht, table = await _playing_table(records, seat_hold=0.05)
    hub.depart(ht, 0)
    hub.depart(ht, 1)
    await until_in_loop(lambda: ht.id not in hub.tables, "the table closed")
    [summary] = await records.games()
    assert summary.abandoned and summary.id == ht.id and records.tables_in_play() == []
    assert await records.leaderboard() == []
    hub.close()


class SlowJournal(MemoryRecords):
    """Records whose journal writes finish only when the test says (or fail, when it says so)."""

    def __init__(self):
        super().__init__()
        self.writes = []

    def append_actions(self, tid, start, moves):
        super().append_actions(tid, start, moves)
        self.writes.append(asyncio.get_running_loop().create_future())
        return self.writes[-1]


async def test_an_action_is_shown_to_nobody_before_the_journal_has_kept_it():
    records = SlowJournal()
    hub, ht, table = annas_table(records, 5)
    told = []
    table.subscribe(lambda: told.append(len(table.record.actions)))
    await until_in_loop(
        lambda: pending_decision(table.game)[0] == 0 or records.writes, "anna decides or a bot moved"
    )
    while pending_decision(table.game)[0] != 0:  # let the bot's moves be kept until anna decides
        for w in records.writes:
            if not w.done():
                w.set_result(None)
        await asyncio.sleep(0.005)
    for w in records.writes:
        if not w.done():
            w.set_result(None)
    await asyncio.sleep(0.01)
    told.clear()
    table.submit(0, [table.game.legal_actions()[0]])
    assert table.unjournalled == 1 and told == []  # applied, journalled, not yet kept: nobody told
    records.writes[-1].set_result(None)
    await asyncio.sleep(0)
    assert table.unjournalled == 0 and told and told[0] == len(table.record.actions)
    table.close()
    hub.close()


async def test_an_action_the_journal_cannot_keep_is_undone_and_the_player_told():
    records = SlowJournal()
    hub, ht, table = annas_table(records, 5)
    for _ in range(2000):
        for w in records.writes:
            if not w.done():
                w.set_result(None)
        if pending_decision(table.game)[0] == 0 and not table.unjournalled:
            break
        await asyncio.sleep(0.005)
    before, digest = len(table.record.actions), state_digest(table.game)
    table.submit(0, [table.game.legal_actions()[0]])
    records.writes[-1].set_exception(OSError("disk full"))
    await asyncio.sleep(0)
    assert len(table.record.actions) == before and state_digest(table.game) == digest
    assert "could not be saved" in str(table.save_error)
    assert len(records.tables_in_play()[0].record.actions) == before  # the records forgot it too
    table.close()
    hub.close()


def _human_moves(table, since: int = 0) -> list[int]:
    return [p for p, _ in table.record.actions[since:] if p in (0, 1)]


async def test_after_a_restart_nobody_plays_for_a_human_seat_until_its_hold_runs_out():
    records = MemoryRecords()
    hub, ht, table = await _playing_table(records)
    table.close()
    hub.close()
    kept = len(table.record.actions)

    again = Hub(seat_hold=2.0, pace=0.0, records=records)
    again.restore()
    back = again.tables[ht.id]
    loop = asyncio.get_running_loop()
    # Each seat is held the whole seat_hold from the restore on, and the table says so where it waits.
    assert table_of(back).away == {0, 1} and all(
        u - loop.time() > 1.5 for u in table_of(back).away_until.values()
    )
    await until_in_loop(lambda: any("waits for" in str(line) for line in back.chat), "the table waits")
    waiting = pending_decision(table_of(back).game)[0]
    assert waiting in (0, 1) and _human_moves(back.table, kept) == []
    assert (
        str(back.chat[-1])
        == f"The table waits for {back.holders[waiting].name} to come back (up to 2 seconds)."
    )
    # The other player comes back; the waited-for one does not: when the hold runs out a bot plays their
    # seat from then on, and says so.
    other = 1 - waiting
    mate = back.holders[other]
    assert again.join(back, mate.name, mate.key, mate.code) == other
    again.arrive(back, other)
    await until_in_loop(lambda: back.holders[waiting].released, "the hold ran out")
    await until_in_loop(lambda: _human_moves(back.table, kept), "the bot played the seat")
    assert _human_moves(back.table, kept)[0] == waiting and waiting in table_of(back).bots
    assert (
        str(back.chat[-1])
        == f"{back.holders[waiting].name} did not come back: a bot plays their seat to the end."
    )
    table_of(back).close()
    again.close()


async def test_a_player_who_drops_mid_decision_is_waited_for_and_decides_on_return():
    hub = Hub(seat_hold=60.0, pace=0.0, seed=40)
    ht = hub.create("anna", None, 3, bots="random")
    hub.join(ht, "bruno", None)
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    hub.arrive(ht, 1)
    try:
        await until_in_loop(lambda: pending_decision(table.game)[0] in (0, 1), "a human decides")
        player = pending_decision(table.game)[0]
        name = ht.holders[player].name
        moves = len(table.record.actions)
        hub.depart(ht, player)
        await until_in_loop(lambda: any("waits for" in str(line) for line in ht.chat), "the table waits")
        assert [str(line) for line in ht.chat[-2:]] == [
            f"{name} left; their seat is kept for 60 seconds.",
            f"The table waits for {name} to come back (up to 60 seconds).",
        ]
        await asyncio.sleep(0.05)
        assert len(table.record.actions) == moves and pending_decision(table.game)[0] == player
        hub.arrive(ht, player)
        assert str(ht.chat[-1]) == f"{name} is back."
        await asyncio.sleep(0.05)
        assert len(table.record.actions) == moves  # theirs to decide, still
        table.submit(player, [table.game.legal_actions()[0]])
        assert table.record.actions[moves][0] == player
    finally:
        table.close()
