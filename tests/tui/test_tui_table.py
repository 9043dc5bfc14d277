"""The Table/Seat seam: one game, its record, its bots, and what each seat sees and may do."""

import asyncio

import pytest

from citadels_core import Action, GameConfig, IllegalAction
from citadels_core.bots.ismcts import ISMCTSBot
from citadels_core.bots.search import SearchBot
from citadels_core.record import GameRecord
from citadels_tui.journal import SaveFile
from citadels_tui.table import Table


def _table(**kw) -> Table:
    return Table.new(GameConfig.create(4), seed=11, bots={1: "heuristic", 2: "heuristic", 3: "random"}, **kw)


def test_a_seat_submits_its_players_action_and_the_record_keeps_it():
    table = _table()
    seat = table.seat(0)
    first = seat.view().legal[0]
    seat.submit([first])
    assert table.record.actions == [(0, first)]
    assert seat.view().my_characters == (first.args[0],)


def test_an_illegal_action_changes_nothing_and_says_why():
    table = _table()
    with pytest.raises(IllegalAction, match="choose a character"):
        table.seat(0).submit([Action("gather", ("gold",))])
    assert table.record.actions == []


def test_a_sequence_is_applied_all_or_none():
    table = _table()
    seat = table.seat(0)
    first = seat.view().legal[0]
    with pytest.raises(IllegalAction):
        seat.submit([first, Action("gather", ("gold",))])  # the second is not Anna's to make
    assert table.record.actions == []
    assert seat.view().pending_player == 0


def test_a_human_cannot_act_for_a_bot_seat():
    table = _table()
    table.play_bots_now()
    with pytest.raises(IllegalAction, match="bot"):
        table.seat(1).submit([Action("choose", ("king",))])


def test_listeners_hear_every_change_and_the_save_file_gets_the_record():
    saved: list[int] = []
    table = _table(journal=SaveFile(lambda rec: saved.append(len(rec.actions))))
    heard: list[int] = []
    table.subscribe(lambda: heard.append(table.version))
    table.seat(0).submit([table.seat(0).view().legal[0]])
    table.play_bots_now()
    assert heard == list(range(1, len(table.record.actions) + 1))
    assert saved[-1] == len(table.record.actions)


def test_a_seat_sees_its_private_events_marked_and_not_the_others():
    table = _table()
    seat0, seat1 = table.seat(0), table.seat(1)
    lines0, _ = seat0.lines()
    lines1, _ = seat1.lines()
    assert [line.text for line in lines0 if line.private] == [lines0[0].text]
    assert lines0[0].text.startswith("Your starting hand")
    assert lines0[0].text != lines1[0].text
    _, cursor = seat0.lines()
    assert seat0.lines(cursor) == ([], cursor)


def test_the_record_replays_to_the_same_game():
    table = _table()
    for _ in range(30):
        if table.game.over:
            break
        v = table.seat(0).view()
        if v.legal:
            table.seat(0).submit([v.legal[0]])
        table.play_bots_now()
    again = GameRecord.loads(table.record.dumps()).replay()
    from citadels_core.record import state_digest

    assert state_digest(again) == state_digest(table.game) == table.record.final


async def test_bots_play_off_the_loop_until_the_human_must_decide():
    table = _table(pace=0)
    seat = table.seat(0)
    seat.submit([seat.view().legal[0]])
    task = asyncio.create_task(table.run())
    for _ in range(200):
        await asyncio.sleep(0.01)
        if seat.my_turn() or table.game.over:
            break
    assert seat.my_turn() or table.game.over
    assert len(table.record.actions) > 1
    table.close()
    await asyncio.wait_for(task, 2)


async def test_a_paced_bot_waits_and_skip_hurries_it():
    table = _table(pace=5.0)
    seat = table.seat(0)
    seat.submit([seat.view().legal[0]])
    task = asyncio.create_task(table.run())
    await asyncio.sleep(0.2)
    assert len(table.record.actions) == 1  # the first bot is still "thinking" for 5 seconds
    table.skip()
    for _ in range(200):
        await asyncio.sleep(0.01)
        if seat.my_turn() or table.game.over:
            break
    assert len(table.record.actions) > 1
    table.close()
    await asyncio.wait_for(task, 2)


async def _first_move_then_back_to_seat_0(table: Table) -> None:
    """Seat 0 plays its first option, the table runs until seat 0 is to decide again (or 2 s), then closes."""
    seat = table.seat(0)
    seat.submit([seat.view().legal[0]])
    task = asyncio.create_task(table.run())
    for _ in range(200):
        await asyncio.sleep(0.01)
        if seat.my_turn():
            break
    table.close()
    await asyncio.wait_for(task, 2)


async def test_listeners_are_called_on_the_loops_thread_while_bots_think_elsewhere(monkeypatch):
    import threading

    table = _table(pace=0)
    threads: set[str] = set()
    table.subscribe(lambda: threads.add(threading.current_thread().name))
    chose_in: set[str] = set()
    bot = table.bots[1]
    original = bot.choose

    def spy(v):
        chose_in.add(threading.current_thread().name)
        return original(v)

    monkeypatch.setattr(bot, "choose", spy)
    await _first_move_then_back_to_seat_0(table)
    assert threads == {threading.current_thread().name}
    assert chose_in and threading.current_thread().name not in chose_in


async def test_a_broken_bot_plays_a_legal_move_instead_of_stopping_the_table(monkeypatch):
    table = _table(pace=0)

    def broken(v):
        raise RuntimeError("bug")

    monkeypatch.setattr(table.bots[1], "choose", broken)
    await _first_move_then_back_to_seat_0(table)
    assert [p for p, _ in table.record.actions[:2]] == [0, 1]


async def test_a_hard_bot_at_a_table_searches_worlds_dealt_from_its_own_seat():
    """The `hard` level chosen for a seat must search (not fall back on its prior for want of worlds),
    both when the table runs its bots (in a worker process: the bot comes back with what it did) and when
    they are played at once. A hard bot given no worlds searches no playouts."""
    table = Table.new(GameConfig.create(3), seed=5, bots={1: "hard:8", 2: "hard:8"}, pace=0.0)
    before = dict(table.bots)
    table.seat(0).submit([table.seat(0).view().legal[0]])
    task = asyncio.get_running_loop().create_task(table.run())
    for _ in range(3000):  # the first use starts the worker processes
        await asyncio.sleep(0.01)
        if len(table.record.actions) >= 3:
            break
    table.close()
    await task
    assert len(table.record.actions) >= 3
    thought = [table.bots[p] for p in (1, 2)]
    assert all(b is not before[p] for p, b in zip((1, 2), thought, strict=True))  # they came back
    assert any(isinstance(b, SearchBot) and b.last_iterations >= 8 for b in thought)
    played = Table.new(GameConfig.create(3), seed=6, bots={1: "hard:8", 2: "hard:8"})
    played.seat(0).submit([played.seat(0).view().legal[0]])
    played.play_bots_now()
    assert any(isinstance(b, SearchBot) and b.last_iterations >= 8 for b in (played.bots[1], played.bots[2]))


async def test_an_expert_bot_at_a_table_carries_its_tree_over_between_decisions():
    """`expert` thinks in a worker process on a copy of the game that keeps the moves made, so it comes
    back able to follow its tree at its next decision of the round."""
    table = Table.new(
        GameConfig.create(3), seed=5, bots={0: "expert:24", 1: "expert:24", 2: "normal"}, pace=0.0
    )
    carried: list[int] = []
    table.subscribe(
        lambda: carried.extend(b.carried for b in (table.bots[0], table.bots[1]) if isinstance(b, ISMCTSBot))
    )
    task = asyncio.get_running_loop().create_task(table.run())
    for _ in range(6000):  # the first use starts the worker processes
        await asyncio.sleep(0.01)
        if any(carried) or table.game.over:
            break
    table.close()
    await task
    assert any(carried)
    assert table.game.moves is not None and table.game.moves == table.record.actions[-len(table.game.moves) :]
