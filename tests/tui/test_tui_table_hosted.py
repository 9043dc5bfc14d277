"""A hosted table's extensions of Table: it waits for players who are away; a stand-in bot plays one
decision for a present player who is too slow."""

import asyncio

from helpers import pending_decision
from pilots import until_in_loop

from citadels_core import GameConfig
from citadels_tui.i18n import Lazy
from citadels_tui.journal import Unkept
from citadels_tui.table import Table


class Told(Unkept):
    """A journal that keeps nothing and writes down what the table says."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: Lazy) -> None:
        self.said.append(str(text))


def _said(table: Table) -> list[str]:
    """What the table said, written down by its journal (a Told)."""
    assert isinstance(table.journal, Told), table.journal
    return table.journal.said


def _two_humans() -> Table:
    return Table.new(
        GameConfig.create(3, names=["anna", "bruno", "Clara (bot)"]),
        seed=4,
        bots={2: "heuristic"},
        journal=Told(),
    )


async def test_a_slow_player_gets_a_stand_in_for_that_decision_only():
    table = _two_humans()
    said = _said(table)
    table.turn_timer = 0.05
    task = asyncio.create_task(table.run())
    try:
        await until_in_loop(lambda: said, "the table got there")
        assert said[0] == "anna took too long: a bot plays for them."
        assert table.record.actions[0][0] == 0  # anna's first choice, made for her
        assert 0 not in table.bots  # the seat stays hers
    finally:
        table.close()
        await task


def _human_moves(table: Table) -> int:
    return sum(1 for p, _ in table.record.actions if p in (0, 1))


async def test_the_table_waits_for_an_away_player_and_says_so_once():
    table = _two_humans()
    said = _said(table)
    table.turn_timer = 0.05  # a present player's timer: it must not hand an away player's decision to a bot
    loop = asyncio.get_running_loop()
    table.set_away(0, True, until=loop.time() + 60)
    table.set_away(1, True, until=loop.time() + 600)
    task = asyncio.create_task(table.run())
    try:
        await until_in_loop(lambda: any("waits" in line for line in said), "the table got there")
        first = pending_decision(table.game)[0]
        assert first in (0, 1) and _human_moves(table) == 0  # the bot played up to a human's decision only
        name = table.config.names[first]
        assert said == [
            f"The table waits for {name} to come back (up to "
            + ("60 seconds)." if first == 0 else "10 minutes).")
        ]
        before = len(table.record.actions)
        for _ in range(3):
            table.wake()  # woken for other reasons (another seat's news): still nobody plays, nothing said again
        await asyncio.sleep(0.3)  # six times the turn timer
        assert len(table.record.actions) == before and len(said) == 1
        # Back: the decision is still theirs to make, and they make it.
        table.set_away(first, False)
        await asyncio.sleep(0.01)
        assert len(table.record.actions) == before
        table.submit(first, [table.game.legal_actions()[0]])
        assert table.record.actions[-1][0] == first
    finally:
        table.close()
        await task


async def test_a_player_who_leaves_mid_decision_is_waited_for_not_timed_out():
    # The turn timer runs while they decide; they leave: no stand-in when it runs out, the table waits.
    table = _two_humans()
    table.turn_timer = 0.05
    said = _said(table)
    task = asyncio.create_task(table.run())
    try:
        await until_in_loop(lambda: pending_decision(table.game)[0] in (0, 1), "the table got there")
        player = pending_decision(table.game)[0]
        table.set_away(player, True)
        await until_in_loop(lambda: any("waits" in line for line in said), "the table got there")
        assert said[-1] == f"The table waits for {table.config.names[player]} to come back."
        await asyncio.sleep(0.3)  # six times the turn timer
        assert _human_moves(table) == 0 and not any("took too long" in line for line in said)
    finally:
        table.close()
        await task


async def test_an_away_seat_given_to_a_bot_is_played_at_once():
    table = _two_humans()
    table.set_away(0, True)
    table.set_away(1, True)
    task = asyncio.create_task(table.run())
    try:
        await until_in_loop(lambda: pending_decision(table.game)[0] in (0, 1), "the table got there")
        await asyncio.sleep(0.05)
        assert _human_moves(table) == 0
        table.give_to_bot(0, "random")  # the hold ran out (the hub decides when)
        table.give_to_bot(1, "random")
        await until_in_loop(lambda: _human_moves(table) >= 2, "the table got there")
    finally:
        table.close()
        await task


async def test_a_seat_given_to_a_bot_is_the_bots_for_good():
    table = _two_humans()
    table.give_to_bot(0, "random")
    assert table.bot_kinds[0] == "random" and 0 not in table.away
