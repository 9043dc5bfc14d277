"""Turn-based tables on two real `citadels serve` processes sharing one real PostgreSQL database
(docs/scaling.md), played through `ssh HOST table|status|play …` alone: a table made and started on one
process is joined and played on the other, each move made on either; `status` on both processes lists the
same tables, with the same mover and the same clock."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import postgres
import pytest
from served import Ran, Served, exec_as, served
from served import play_choice as choose

from citadels_server.database import open_database
from citadels_server.hostkey import HOST_KEY_FILE
from citadels_server.settings import Settings

pytestmark = pytest.mark.slow

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures

KEYS = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno", "dora", "boss")}


@contextlib.asynccontextmanager
async def two_processes(tmp_path: Path, url: str, more: str = "") -> AsyncIterator[tuple[Served, Served]]:
    """Two servers on one database, with one host key (as a host would run them); `more`: settings."""
    key = asyncssh.generate_private_key("ssh-ed25519").export_private_key("openssh")
    settings = tmp_path / "settings.toml"
    settings.write_text("lease = 1.5\n" + more)
    async with contextlib.AsyncExitStack() as stack:
        servers = []
        for i in range(2):
            home = tmp_path / f"server{i}"
            home.mkdir(mode=0o700)
            (home / HOST_KEY_FILE).write_bytes(key)
            (home / HOST_KEY_FILE).chmod(0o600)
            options = ("--database", url, "--bot-pace", "0", "--settings", str(settings))
            # INFO: the log says when a process takes a table over.
            servers.append(await stack.enter_async_context(served(home, *options, log_level="INFO")))
        yield servers[0], servers[1]


Row = dict[str, object]  # one table of `status --json`


async def run(server: Served, name: str, command: str, typed: str | None = None) -> Ran:
    return await exec_as(server.port, name, KEYS[name], command, typed)


async def status(server: Served, name: str) -> list[Row]:
    r = await run(server, name, "status --json")
    assert r.exit_status == 0, r.stderr
    rows = json.loads(r.stdout)
    for row in rows:  # seconds counted at the moment of asking, not what the table is
        row.pop("waiting")
        row.pop("left")
        row.pop("text")
    return list(rows)


async def agreed(one: Served, two: Served, name: str) -> tuple[list[Row], list[Row]]:
    """`name`'s status on each process, asked again while they differ (the process that did not run the
    move hears of it through the database's notices, a moment later), up to a few seconds."""
    for _ in range(50):
        here, there = await status(one, name), await status(two, name)
        if here == there:
            break
        await asyncio.sleep(0.1)
    return here, there


async def test_a_turn_based_table_is_made_joined_and_played_over_exec_on_two_processes(
    postgres_url, tmp_path
):
    rng = random.Random(5)
    async with two_processes(tmp_path, postgres_url) as (one, two):
        r = await run(one, "anna", "table new 2 timer=1d")
        assert r.exit_status == 0 and "1d per move" in r.stdout, r.stderr
        r = await run(two, "bruno", "table join 1")  # on the other process
        assert (r.exit_status, r.stderr) == (0, ""), r.stderr
        for seat, name in enumerate(("anna", "bruno")):  # both processes list the table, not started
            here, there = await agreed(one, two, name)
            assert here == there and [(row["table"], row["seat"]) for row in here] == [(1, seat)], here
        r = await run(one, "anna", "table start 1")  # process one runs its bots and its clock
        assert (r.exit_status, r.stdout) == (0, "Table 1 started: anna, bruno.\n"), r.stderr

        made = {one.port: 0, two.port: 0}
        for turn in range(24):
            # Each process lists the same tables, the same mover, the same clock, for each player.
            for name in ("anna", "bruno"):
                here, there = await agreed(one, two, name)
                assert here == there and len(here) == 1, (here, there)
            mover = str(here[0]["to_move"])
            # The other is refused on either process, with the mover's name.
            for s in (one, two):
                refused = await run(s, "bruno" if mover == "anna" else "anna", "play 1 1")
                assert (refused.exit_status, refused.stderr) == (
                    1,
                    f"It is not your move at table 1; it is {mover}'s.\n",
                )
            server = two if turn % 3 else one  # most moves on the process that does not run the table
            out = await run(server, mover, "play 1")
            assert out.exit_status == 0, out.stderr
            n = choose(out.stdout, rng)
            assert n is not None, out.stdout
            r = await run(server, mover, f"play 1 {n}")
            assert r.exit_status == 0, (server.port, mover, n, out.stdout, r.stderr)
            assert r.stdout.strip(), "a move made tells what happened"
            made[server.port] += 1
        assert made[two.port] > made[one.port] > 0

        # The process running the table dies: the other takes it over, with the clock where it was.
        before, _ = await agreed(one, two, "anna")
        taken = b"table 1: this process runs its bots and timer"
        taken_before = two.output.count(taken)  # a loaded process may have had it for a moment already
        one.process.send_signal(signal.SIGKILL)
        await one.process.wait()
        for _ in range(300):
            if two.output.count(taken) > taken_before:
                break
            await asyncio.sleep(0.1)
        assert two.output.count(taken) > taken_before, "the survivor never took the table over"
        assert await status(two, "anna") == before
        mover = str(before[0]["to_move"])
        after = before
        while after[0]["to_move"] == mover:  # the mover's turn to its end (its clock runs across it)
            out = await run(two, mover, "play 1")
            r = await run(two, mover, f"play 1 {choose(out.stdout, rng)}")
            assert r.exit_status == 0 and r.stdout.strip(), r.stderr
            after = await status(two, "anna")
        assert after[0]["since"] != before[0]["since"]  # the next move's clock, kept by the survivor now
    db = open_database(Settings(data_dir=str(tmp_path / "reader"), database=postgres_url), import_files=False)
    try:
        (kept,) = db.tables_in_play()
        assert [x.since for x in kept.seats if x.since is not None] == [after[0]["since"]]
    finally:
        db.close()


async def test_a_waiting_tables_seats_and_chat_outlive_every_process(postgres_url, tmp_path):
    admins = f'admins = ["{KEYS["boss"].get_fingerprint("sha256")}"]\n'
    async with two_processes(tmp_path, postgres_url, admins) as (one, two):
        r = await run(one, "anna", "table new 2 timer=1d")
        assert r.exit_status == 0, r.stderr
        r = await run(two, "bruno", "table join 1")  # on the other process
        assert r.exit_status == 0, r.stderr
        r = await run(one, "boss", "announce 'Back at noon'")  # said at every table, kept once
        assert r.exit_status == 0, r.stderr
        # A write this process waits for, after the line: the line is in the database before it.
        r = await run(one, "dora", "table new 2 timer=5h")
        assert r.exit_status == 0, r.stderr
        for server in (one, two):  # both die: nothing is written on the way out
            server.process.send_signal(signal.SIGKILL)
            await server.process.wait()

    options = ("--database", postgres_url, "--bot-pace", "0", "--settings", str(tmp_path / "settings.toml"))
    async with served(tmp_path / "server0", *options, log_level="WARNING") as again:
        r = await run(again, "bruno", "status")
        assert r.stdout == "Table 1 (1d): not started: 2 of 2 seats taken, anna starts it.\n", r.stderr
        r = await run(again, "anna", "table start 1")
        assert (r.exit_status, r.stdout) == (0, "Table 1 started: anna, bruno.\n"), r.stderr
        out = (await run(again, "bruno", "plain", "join 1\nquit\n")).stdout.splitlines()
        at = next(i for i, line in enumerate(out) if line.startswith("> Table 1. "))
        chat = [line.removeprefix("> ") for line in out[at + 1 :] if line.removeprefix("> ").startswith("* ")]
        assert chat == ["* Announcement from boss: Back at noon"], out
        await again.stop()


async def test_a_move_awaited_at_a_table_run_by_the_other_process_rings_the_lobby_session_here(
    postgres_url, tmp_path
):
    """Bruno sits in the lobby of process two; the table runs on process one, where anna moves. When the
    table comes to await his move, his session on two rings (a line, and the bell he asked for), once."""
    rng = random.Random(3)
    async with two_processes(tmp_path, postgres_url) as (one, two):
        assert (await run(one, "anna", "table new 2 timer=1d")).exit_status == 0
        assert (await run(two, "bruno", "table join 1")).exit_status == 0
        assert (await run(one, "anna", "table start 1")).exit_status == 0

        async def to_move() -> str:
            for _ in range(10):  # the two processes agree on the mover, a moment after the move
                here, there = await agreed(one, two, "anna")
                if here == there and here:
                    return str(here[0]["to_move"])
            raise AssertionError((here, there))

        async def moves(server: Served, name: str) -> None:
            """`name` moves on `server` until the table awaits the other's move."""
            while await to_move() == name:
                out = await run(server, name, "play 1")
                r = await run(server, name, f"play 1 {choose(out.stdout, rng)}")
                assert r.exit_status == 0, r.stderr

        await moves(two, "bruno")  # if his move came first: it is anna's before he looks in
        login = functools.partial(
            asyncssh.connect, "127.0.0.1", two.port, username="bruno", known_hosts=None,
            client_keys=[KEYS["bruno"]], agent_path=None, preferred_auth="publickey",
        )  # fmt: skip
        async with login() as conn, login() as other:  # his plain session, and his full screen
            process = await conn.create_process("plain", encoding=None)
            screen = await other.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            raw, drawn = bytearray(), bytearray()

            async def received(
                what: bytes, out: bytearray = raw, proc: asyncssh.SSHClientProcess = process
            ) -> None:
                with contextlib.suppress(TimeoutError):
                    while what not in out and (data := await asyncio.wait_for(proc.stdout.read(65536), 30)):
                        out.extend(data)
                    if what in out:
                        return
                raise AssertionError(f"never received {what!r}: {out.decode(errors='replace')}")

            process.stdin.write(b"notify bell on\n")
            await received(b"with a line and the terminal bell")
            await received(b"lobby", drawn, screen)  # his full-screen session, in its lobby too
            told, shown = len(raw), len(drawn)
            await moves(one, "anna")  # on the process that runs the table
            ring = "\x07Your turn at table 1: “join 1” takes you there.\n".encode()
            await received(ring)
            rung = b"\x1b]9;Citadels: Your turn at table 1\x07"  # the full screen's desktop notification
            await received(rung, drawn, screen)
            assert drawn[shown:].count(rung) == 1
            screen.stdin.write(b"\x11")  # Ctrl+Q
            process.stdin.write(b"say still here\n")  # once said, every news before it was told
            await received(b"bruno: still here")
            assert raw[told:].count(ring) == 1 and b"Your move" not in raw[:told], raw.decode()
            process.stdin.write(b"quit\n")
            await process.wait_closed()
