"""Several real `citadels serve` processes on one real PostgreSQL database (docs/scaling.md), players
connected to different processes over SSH with pyte screens: one game played to the end across two
processes, each player seeing only their own secrets; the lobby and its chat alike everywhere; the process
running the bots killed with `kill -9` mid-game and another taking over; two processes racing to keep
one player's decision."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import postgres
import psycopg
import pytest
from clusters import cluster, opened, player, table_across
from served import take_first_options

from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_tui.names import card_name

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures

WAIT = 60.0


def secret_names(db_record: GameRecord, seat: int, other: int) -> set[str]:
    """The names of the cards in `seat`'s hand that are in no city and not in `other`'s hand."""
    game = db_record.replay()
    mine, theirs = view(game, seat), view(game, other)
    shown = set(theirs.hand) | {d for p in theirs.players for d in p.city}
    return {card_name(game.config, k) for k in mine.hand if k not in shown}


@pytest.mark.slow
async def test_two_players_on_two_processes_play_to_the_end_and_see_only_their_own_hands(
    postgres_url, tmp_path
):
    db = opened(postgres_url, tmp_path / "reader")
    async with cluster(tmp_path, postgres_url, 2) as (one, two):
        anna, bruno = await player(one, "anna"), await player(two, "bruno")
        # The lobby and its chat agree across the processes.
        anna.type("say hello from the first process\r")
        await bruno.shows("anna: hello from the first process")
        bruno.type("say and hello from the second\r")
        await anna.shows("bruno: and hello from the second")
        await table_across(anna, bruno)
        # Each sees their own hand, never the other's.
        kept = await db.table_in_play(1)
        assert kept is not None
        for me, other, seat in ((anna, bruno, 0), (bruno, anna, 1)):
            names = secret_names(kept.record, seat, 1 - seat)
            assert names and all(n not in other.text for n in names), (names, other.text)
            assert any(n in me.text for n in names), (names, me.text)
        await take_first_options(
            [anna, bruno], lambda: "wins" in anna.text and "wins" in bruno.text, timeout=150
        )
        anna.close()
        bruno.close()
    # One game in the history, played by both, with every action the screens showed.
    games = await db.games()
    assert [g.id for g in games] == [1] and games[0].has("anna") and games[0].has("bruno")
    assert not games[0].abandoned
    db.close()


@pytest.mark.slow
async def test_kill_9_of_the_process_running_the_bots_another_takes_over(postgres_url, tmp_path):
    db = opened(postgres_url, tmp_path / "reader")
    async with cluster(tmp_path, postgres_url, 3) as (one, two, three):
        anna, bruno = await player(two, "anna"), await player(three, "bruno")
        await table_across(anna, bruno)  # started on two: two runs the bots
        moves = len(await db.actions_from(1, 0))
        deadline = time.monotonic() + WAIT
        while len(await db.actions_from(1, 0)) < moves + 6:  # a few decisions in, bots included
            assert time.monotonic() < deadline, anna.text
            for p in (anna, bruno):
                if "your" in p.row(0):
                    p.type("1\r")
            await asyncio.sleep(0.3)
        before = await db.actions_from(1, 0)
        os.kill(two.pid, signal.SIGKILL)
        killed = time.monotonic()

        async def taken_over() -> float:
            """Seconds from the kill until a survivor holds the table's lease."""
            while True:
                lease = await db.lease_of(1)
                if lease is not None and any(f"/{s.pid}/" in lease.holder for s in (one, three)):
                    return time.monotonic() - killed
                await asyncio.sleep(0.05)

        took = asyncio.get_running_loop().create_task(taken_over())
        await asyncio.wait_for(two.process.wait(), 60)  # 3.11: also waits for its output pipe
        # bruno, on a surviving process, goes on without reconnecting; anna comes back on another process
        # and retakes her seat. The bots play again once one of the survivors took the table over.
        # Whether she lands in the lobby first or straight at her seat depends on whether the survivors
        # already know that her process died (it is dead once its presence row expired): both are right.
        anna = await player(one, "anna", lands_on=("lobby", "Your hand"))
        await anna.shows("Your hand")
        deadline = time.monotonic() + WAIT
        while True:
            now = await db.actions_from(1, 0)
            if len(now) >= len(before) + 10 and took.done():
                break
            assert time.monotonic() < deadline, (took, len(now), bruno.text)
            for p in (anna, bruno):
                if "your" in p.row(0):
                    p.type("1\r")
            await asyncio.sleep(0.3)
        assert not bruno.gone
        # Every action kept before the kill is still there, in order; nothing was applied twice.
        assert now[: len(before)] == before
        # How soon is a figure (bench/bench_cluster.py measures it), not an assertion: that a survivor took
        # the table over and its bots play on is what this test checks.
        print(f"takeover after kill -9: {took.result():.2f} s")
        anna.close()
        bruno.close()
    db.close()


@pytest.mark.slow
async def test_kill_9_of_the_process_a_player_is_on_holds_their_seat_until_they_come_back(
    postgres_url, tmp_path
):
    db = opened(postgres_url, tmp_path / "reader")
    async with cluster(tmp_path, postgres_url, 2, "seat_hold = 60\n") as (one, two):
        anna, bruno = await player(one, "anna"), await player(two, "bruno")
        await table_across(anna, bruno)  # started on one: one runs the bots, not the process bruno is on
        os.kill(two.pid, signal.SIGKILL)
        await asyncio.wait_for(two.process.wait(), 60)  # 3.11: also waits for its output pipe
        # The survivor learns that two is gone (its presence expired) and holds bruno's seat, as for a
        # player who disconnected: the table says so, and waits at his decisions.
        await anna.shows("bruno left; their seat is kept for 60 seconds", WAIT)
        kept = await db.table_in_play(1)
        assert kept is not None and kept.seats[1].away is not None and 1 not in kept.bots
        # He reconnects, to the survivor: his seat is his again, and the game goes on with him.
        bruno = await player(one, "bruno")
        await bruno.shows("Your hand")
        await anna.shows("bruno is back.")
        kept = await db.table_in_play(1)
        assert kept is not None and kept.seats[1].away is None
        n = len(kept.record.actions)
        deadline = time.monotonic() + WAIT
        while len(now := await db.actions_from(1, 0)) < n + 8 or not any(seat == 1 for seat, _ in now[n:]):
            assert time.monotonic() < deadline, (anna.text, bruno.text)
            for p in (anna, bruno):
                if "your" in p.row(0):
                    p.type("1\r")
            await asyncio.sleep(0.3)
        kept = await db.table_in_play(1)
        assert kept is not None and 1 not in kept.bots  # he decided for himself: no bot took his seat
        anna.close()
        bruno.close()
    db.close()


@pytest.mark.slow
async def test_two_processes_racing_to_keep_one_decision_exactly_one_wins(postgres_url, tmp_path):
    db = opened(postgres_url, tmp_path / "reader")
    async with cluster(tmp_path, postgres_url, 2) as (one, two):
        anna, bruno = await player(one, "anna"), await player(two, "bruno")
        await table_across(anna, bruno)
        # anna on a second process too (her key): both her sessions show her seat.
        twin = await player(two, "anna")
        await twin.shows("Your hand")
        await anna.until(lambda: "your" in anna.row(0), WAIT)
        await twin.until(lambda: "your" in twin.row(0), WAIT)
        n = len(await db.actions_from(1, 0))
        # The second process stops hearing the first for a moment (its notice connection cut: it listens
        # again a second later): meanwhile anna decides on the first, then otherwise on the second.
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            cut = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE %s",
                (f"citadels notices {two.pid} %",),
            ).fetchall()
        assert cut == [(True,)]
        anna.type("1\r")
        deadline = time.monotonic() + WAIT
        while len(await db.actions_from(1, 0)) == n:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        await twin.enter("2", "Another move was made first", WAIT)
        # Exactly one decision was kept at that place (the first process's): the second's was not kept
        # there nor anywhere after it (nobody else decides for anna's seat). Both sessions show the game
        # as it is.
        kept = (await db.actions_from(1, 0))[n]
        assert kept[0] == 0
        await twin.until(lambda: twin.row(0) == anna.row(0), WAIT)
        journal = await db.actions_from(1, 0)
        assert journal[n] == kept and all(seat != 0 for seat, _ in journal[n + 1 :]), journal[n:]
        anna.close()
        twin.close()
        bruno.close()
    db.close()
