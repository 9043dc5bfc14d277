"""An admin's drain on real `citadels serve` processes sharing one real PostgreSQL database
(docs/hosting.md, "Commands over SSH"): `drain` drains only the process it is sent to, which waits for
the game one of its players is seated at although the other process runs it; `drain --all` reaches the
other process through the database's notices, and a process started while the drain is under way from
the database itself; each stops, with exit code 0, once its games are over, and not before; a process
started once they all stopped begins as any other. Below the processes: the database keeps the drain
while a process told runs, and a hub whose notices were lost hears it when it reads the tables again."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import postgres
import psycopg
import pytest
from clusters import LEASE, cluster, opened, player, table_across, two_hubs
from served import Served, Typist, served, take_first_options
from ssh_helpers import BOSS, BOSS_KEY, run
from waits import until

from citadels_server.database import Database
from citadels_server.replication import SharedHub

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures


async def tables(server: Served) -> list[dict[str, object]]:
    r = await run(server, "boss", "tables --json", BOSS_KEY)
    assert r.exit_status == 0, r.stderr
    return json.loads(r.stdout)


async def until_said(server: Served, line: bytes, timeout: float = 30) -> None:
    for _ in range(int(timeout / 0.05)):
        if line in server.output:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{line!r} never in the log:\n" + server.output.decode(errors="replace"))


async def typed_then_seen(who: Typist, line: str, mark: str) -> None:
    """`who` types `line`, then says `mark` in the chat: once the mark shows, `line` was handled (a
    session's input is handled in order)."""
    who.type(line + "\r")
    who.type(f"say {mark}\r")
    await who.shows(mark)


@pytest.mark.slow
async def test_drain_drains_one_process_and_drain_all_every_one_each_after_its_game(postgres_url, tmp_path):
    db = opened(postgres_url, tmp_path / "reader")
    async with cluster(tmp_path, postgres_url, 2, more=f'admins = ["{BOSS}"]\n') as (one, two):
        anna, bruno = await player(one, "anna"), await player(two, "bruno")
        await table_across(anna, bruno, players=2)  # table 1, started on one: one runs its bots and timer

        # `drain` on two: two waits for table 1, where bruno (connected to two) is seated.
        r = await run(two, "boss", "drain --json", BOSS_KEY)
        assert r.exit_status == 0, r.stderr  # the first command of that key on two: an admin's there
        assert json.loads(r.stdout) == {"draining": True, "in_play": [1]}
        # One still begins games: carla makes a table there. On two, dave cannot, nor sit at hers.
        carla, dave = await Typist.login(one.port, "carla"), await Typist.login(two.port, "dave")
        await carla.shows("lobby")
        await dave.shows("lobby")
        await carla.enter("new 2", "Table 2 is yours")
        await dave.until(lambda: "carla" in dave.text)  # two's lobby lists her table
        await typed_then_seen(dave, "new 2", "after new")
        await typed_then_seen(dave, "join 2", "after join")
        assert [(t["id"], t["names"]) for t in await tables(two)] == [(1, ["anna", "bruno"]), (2, ["carla"])]

        # `drain --all` on two reaches one: carla's table may not start now.
        r = await run(two, "boss", "drain --all --json", BOSS_KEY)
        assert r.exit_status == 0, r.stderr
        assert json.loads(r.stdout) == {"draining": True, "in_play": [1], "others_told": 1}
        await until_said(one, b"an admin on another process drains every server on the database")
        await typed_then_seen(carla, "start", "after start")
        assert [t["status"] for t in await tables(one)] == ["playing", "waiting"]
        assert one.process.returncode is None and two.process.returncode is None  # table 1 is in play

        # A process started now did not hear the notice: the database tells it that the drain is under
        # way. Nothing of its own is in play, so it stops at once, while table 1's game goes on.
        async with another(tmp_path, "three", postgres_url) as three:
            await until_said(three, b"this server drains too")
            assert await three.process.wait() == 0
        assert not await over(db)
        assert one.process.returncode is None and two.process.returncode is None

        # Each process ends once table 1's game is over: when each ended, its last move was kept (the
        # history may be a moment behind on the process that did not run it).
        async def ends(server: Served) -> tuple[int, bool]:
            code = await server.process.wait()
            return code, await over(db)

        endings = [asyncio.get_running_loop().create_task(ends(s)) for s in (one, two)]
        await take_first_options([anna, bruno], lambda: all(e.done() for e in endings), timeout=240)
        assert [e.result() for e in endings] == [(0, True), (0, True)]
        for p in (anna, bruno, carla, dave):
            p.close()
    games = await db.games()
    assert [g.id for g in games] == [1] and not games[0].abandoned

    # Every process told has stopped: the drain is over, and a server started now begins new games.
    async with another(tmp_path, "four", postgres_url) as four:
        erin = await Typist.in_lobby(four.port, "erin")
        await erin.enter("new 2", "is yours")
        assert four.process.returncode is None
        assert b"this server drains too" not in four.output
        erin.close()
    db.close()


async def over(db: Database) -> bool:
    """Whether table 1's game is over, as the database has it."""
    if any(g.id == 1 for g in await db.games()):
        return True
    kept = await db.table_in_play(1)
    return kept is not None and kept.record.replay(record_events=False).over


def another(tmp_path: Path, name: str, url: str) -> contextlib.AbstractAsyncContextManager[Served]:
    """One more server on the cluster's database and settings (`cluster`), with a data dir of its own."""
    home = tmp_path / name
    home.mkdir(mode=0o700)
    settings = str(tmp_path / "settings.toml")
    return served(home, "--database", url, "--bot-pace", "0", "--settings", settings, log_level="WARNING")


async def test_the_database_keeps_a_drain_while_a_process_told_runs_then_forgets_it(postgres_url, tmp_path):
    a, b, c = (opened(postgres_url, tmp_path / n) for n in "abc")
    try:
        for db in (a, b):
            await db.presence(60, {})  # a and b are running
        assert not await c.drain_under_way()
        a.drain_everywhere()  # an admin's `drain --all` on a
        a.flush()
        # b was running: it drains even if it never heard the notice; c, which starts while a and b run,
        # drains too.
        assert await b.drain_under_way() and await c.drain_under_way()
        a.release_leases()  # a stops
        a.flush()
        assert await c.drain_under_way()  # b, told, still runs
        b.release_leases()
        b.flush()
        # Nobody told runs: the drain is over and forgotten; c, started meanwhile, is not one of those told.
        assert not await c.drain_under_way()
        assert not await b.drain_under_way()
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT value FROM meta WHERE key = 'drain_all'").fetchall() == []
    finally:
        for db in (a, b, c):
            db.close()


async def test_a_hub_whose_notices_were_lost_and_one_started_later_hear_a_drain_all(postgres_url, tmp_path):
    ha, hb, a, b = await two_hubs(postgres_url, tmp_path)
    hc = None
    try:
        drains: list[str] = []
        hb.on_drain_everywhere(lambda: drains.append("b"))
        while not any(holder == b.holder for holder, _, _ in await a.presence(LEASE, None)):
            await asyncio.sleep(0.05)  # b is running, as the database knows
        # b's listener loses its connection (a restart of PostgreSQL, a network cut) just as the admin
        # drains every server on a: b reads the tables again once it listens again, and drains.
        tag = b.holder.rsplit("/", 1)[-1]
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            ended = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE %s",
                (f"citadels notices % {tag}",),
            ).fetchall()
        assert ended == [(True,)]
        ha.drain_everywhere()
        await until(lambda: drains == ["b"], "b drains")
        # A hub that starts now drains as soon as it is told what a drain starts.
        hc = SharedHub(
            seat_hold=60, pace=0, seed=100, records=opened(postgres_url, tmp_path / "c"), lease=LEASE
        )
        hc.restore()
        await hc.share()
        hc.on_drain_everywhere(lambda: drains.append("c"))
        assert drains == ["b", "c"]
    finally:
        for hub in (ha, hb, hc):
            if hub is not None:
                hub.close()
