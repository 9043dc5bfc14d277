"""An admin's drain on two real `citadels serve` processes sharing one real PostgreSQL database
(docs/hosting.md, "Commands over SSH"): `drain` drains only the process it is sent to, which waits for
the game one of its players is seated at although the other process runs it; `drain --all` reaches the
other process through the database's notices; each stops, with exit code 0, once the game is over, and
not before."""

from __future__ import annotations

import asyncio
import json

import postgres
import pytest
from served import Served, Typist, take_first_options
from test_ssh_cluster import cluster, opened, player, table_across
from test_ssh_exec_ops import BOSS, BOSS_KEY, run

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures


async def tables(server: Served) -> list[dict[str, object]]:
    r = await run(server, "boss", "tables --json", BOSS_KEY)  # type: ignore[arg-type]
    assert r.exit_status == 0, r.stderr
    return json.loads(r.stdout)  # type: ignore[no-any-return]


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
        r = await run(two, "boss", "drain --json", BOSS_KEY)  # type: ignore[arg-type]
        assert r.exit_status == 0, r.stderr  # the first command of that key on two: an admin's there
        assert json.loads(r.stdout) == {"draining": True, "in_play": [1]}
        # One still begins games: carla makes a table there. On two, dave cannot, nor sit at hers.
        carla, dave = await Typist.login(one.port, "carla"), await Typist.login(two.port, "dave")
        await carla.shows("lobby")
        await dave.shows("lobby")
        carla.type("new 2\r")
        await carla.shows("Table 2 is yours")
        await dave.until(lambda: "carla" in dave.text)  # two's lobby lists her table
        await typed_then_seen(dave, "new 2", "after new")
        await typed_then_seen(dave, "join 2", "after join")
        assert [(t["id"], t["names"]) for t in await tables(two)] == [(1, ["anna", "bruno"]), (2, ["carla"])]

        # `drain --all` on two reaches one: carla's table may not start now.
        r = await run(two, "boss", "drain --all --json", BOSS_KEY)  # type: ignore[arg-type]
        assert r.exit_status == 0, r.stderr
        assert json.loads(r.stdout) == {"draining": True, "in_play": [1], "others_told": 1}
        await until_said(one, b"an admin on another process drains every server on the database")
        await typed_then_seen(carla, "start", "after start")
        assert [t["status"] for t in await tables(one)] == ["playing", "waiting"]
        assert one.process.returncode is None and two.process.returncode is None  # table 1 is in play

        # Each process ends once table 1's game is over: when each ended, its last move was kept (the
        # history may be a moment behind on the process that did not run it).
        async def over() -> bool:
            if any(g.id == 1 for g in await db.games()):
                return True
            kept = await db.table_in_play(1)
            return kept is not None and kept.record.replay(record_events=False).over

        async def ends(server: Served) -> tuple[int, bool]:
            code = await server.process.wait()
            return code, await over()

        endings = [asyncio.get_running_loop().create_task(ends(s)) for s in (one, two)]
        await take_first_options([anna, bruno], lambda: all(e.done() for e in endings), timeout=240)
        assert [e.result() for e in endings] == [(0, True), (0, True)]
        for p in (anna, bruno, carla, dave):
            p.close()
    games = await db.games()
    assert [g.id for g in games] == [1] and not games[0].abandoned
    db.close()
