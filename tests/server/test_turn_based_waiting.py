"""A turn-based table made and not yet started outlives its server: made with `ssh HOST table new`, joined
by one player, the real `citadels serve` process killed with SIGKILL and started again on the same data
directory, the table is there with its seats and what was said there, the third player joins it and its
maker starts it; its players read that chat at the game, once each line."""

from __future__ import annotations

import json

import asyncssh
import pytest
from served import Ran, exec_as, served

pytestmark = pytest.mark.slow  # three starts of a real server

KEYS = {
    name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno", "carla", "dora", "boss")
}
NOT_RATED = "A game in which a bot made a late move for you does not count for your rating.\n"


async def run(port: int, name: str, command: str, typed: str | None = None) -> Ran:
    return await exec_as(port, name, KEYS[name], command, typed)


async def table_chat(port: int, name: str) -> list[str]:
    """The chat of table 1 as `name` reads it on sitting down there in plain mode (an announcement is told
    with a star; before, the lobby's chat is told)."""
    out = (await run(port, name, "plain", "join 1\nquit\n")).stdout.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("> Table 1. "))
    lines = [line.removeprefix("> ") for line in out[at + 1 :]]  # a prompt may come before a line
    return [line for line in lines if line.startswith("* ")]


async def test_a_turn_based_table_not_started_is_there_after_a_kill_with_its_seats_and_starts(tmp_path):
    settings = tmp_path / "settings.toml"
    settings.write_text(f'admins = ["{KEYS["boss"].get_fingerprint("sha256")}"]\n')
    options = ("--bot-pace", "0", "--settings", str(settings))
    async with served(tmp_path, *options, log_level="WARNING") as server:
        r = await run(server.port, "anna", "table new 3 timer=1d")
        assert r.exit_status == 0 and r.stdout.startswith("Table 1 is yours"), r.stderr
        # Said at every table; kept before the seat bruno takes next (the database's writes are in order).
        r = await run(server.port, "boss", "announce 'Back at noon'")
        assert r.exit_status == 0, r.stderr
        r = await run(server.port, "bruno", "table join 1")
        assert (r.exit_status, r.stdout) == (
            0,
            "You sit at table 1 (seat 2); anna starts the game.\n" + NOT_RATED,
        )
        before = {name: (await run(server.port, name, "status")).stdout for name in ("anna", "bruno")}
        assert before["bruno"] == "Table 1 (1d): not started: 2 of 3 seats taken, anna starts it.\n"
        server.process.kill()  # SIGKILL: nothing is written on the way out
        await server.process.wait()

    async with served(tmp_path, *options, log_level="WARNING") as server:
        for name in ("anna", "bruno"):
            assert (await run(server.port, name, "status")).stdout == before[name]
        # Its seats are its players': bruno cannot sit twice, nor anyone start it but its maker.
        r = await run(server.port, "bruno", "table start 1")
        assert (r.exit_status, r.stderr) == (1, "Only anna, who made the table, can start it.\n")
        r = await run(server.port, "boss", "announce 'Tea is served'")
        assert r.exit_status == 0, r.stderr
        r = await run(server.port, "carla", "table join 1")
        assert (r.exit_status, r.stdout) == (
            0,
            "You sit at table 1 (seat 3); anna starts the game.\n" + NOT_RATED,
        )
        r = await run(server.port, "dora", "table new 2 timer=5h")  # a new table's number is a new one
        assert r.exit_status == 0 and r.stdout.startswith("Table 2 is yours"), r.stderr
        r = await run(server.port, "anna", "table start 1")
        assert (r.exit_status, r.stdout) == (0, "Table 1 started: anna, bruno, carla.\n"), r.stderr
        rows = json.loads((await run(server.port, "carla", "status --json")).stdout)
        assert [(row["table"], row["seat"], row["clock"]) for row in rows] == [(1, 2, "1d")]
        assert rows[0]["to_move"] in ("anna", "bruno", "carla")
        # At the game, what was said while the table waited, before and after the kill, once each.
        chat = ["* Announcement from boss: Back at noon", "* Announcement from boss: Tea is served"]
        assert await table_chat(server.port, "carla") == chat
        await server.stop()

    async with served(tmp_path, *options, log_level="WARNING") as server:
        # Started, it is a table in play, no longer one waiting; dora's, not started, waits still.
        rows = json.loads((await run(server.port, "bruno", "status --json")).stdout)
        assert [(row["table"], row["seat"]) for row in rows] == [(1, 1)] and rows[0]["to_move"] is not None
        r = await run(server.port, "dora", "status")
        assert r.stdout == "Table 2 (5h): not started: 1 of 2 seats taken, dora starts it.\n"
        left = "* carla left; their seat is theirs to the end of the game."
        back = "* The server restarted; the game goes on where it was."
        assert await table_chat(server.port, "anna") == [*chat, left, back]
        await server.stop()
