"""A hosted table's extensions of Table: stand-in bots for players who are away or too slow."""

import asyncio

from citadels_core import GameConfig
from citadels_tui.table import Table


async def _until(cond, limit: int = 2000) -> None:
    # Yield to the table's task until `cond` holds; a bounded number of turns, not a timed assertion.
    for _ in range(limit):
        if cond():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the table never got there")


def _two_humans() -> Table:
    return Table.new(GameConfig.create(3, names=["anna", "bruno", "Clara (bot)"]), seed=4, bots={2: "heuristic"})


async def test_a_slow_player_gets_a_stand_in_for_that_decision_only():
    table = _two_humans()
    said: list[str] = []
    table.announce = lambda text: said.append(str(text))
    table.turn_timer = 0.05
    task = asyncio.create_task(table.run())
    try:
        await _until(lambda: said)
        assert said[0] == "anna took too long: a bot plays for them."
        assert table.record.actions[0][0] == 0  # anna's first choice, made for her
        assert 0 not in table.bots  # the seat stays hers
    finally:
        table.close()
        await task


async def test_an_away_player_is_played_by_a_bot_until_back_and_it_is_said_once():
    table = _two_humans()
    said: list[str] = []
    table.announce = lambda text: said.append(str(text))
    task = asyncio.create_task(table.run())
    try:
        table.set_away(0, True)
        table.set_away(1, True)
        await _until(lambda: table.game.round >= 2)
        assert said.count("anna is away: a bot plays for them.") == 1
        assert said.count("bruno is away: a bot plays for them.") == 1
        table.set_away(0, False)
        table.set_away(1, False)
        await _until(lambda: table.game.pending() is not None and table.game.pending()[0] in (0, 1)
                     and table.version == len(table.record.actions))
        moves = len(table.record.actions)
        for _ in range(20):
            await asyncio.sleep(0)
        assert len(table.record.actions) == moves  # back: nobody plays for them any more
        assert not table.game.over
    finally:
        table.close()
        await task


async def test_a_seat_given_to_a_bot_is_the_bots_for_good():
    table = _two_humans()
    table.give_to_bot(0, "random")
    assert table.bot_kinds[0] == "random" and 0 not in table.away
