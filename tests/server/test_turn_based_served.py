"""A whole turn-based game played through `ssh HOST play …` alone, by two players with their keys, against a
real `citadels serve` process that is stopped with SIGTERM in the middle and started again on the same data
directory: the game, the seats and the clock are as they were left."""

from __future__ import annotations

import json
import random
import re

import asyncssh
import pytest
from served import Ran, exec_as, served
from served import play_choice as choose

from citadels_server.database import open_database
from citadels_server.settings import Settings

pytestmark = pytest.mark.slow

KEYS = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno", "mallory")}


async def run(port: int, name: str, command: str) -> Ran:
    return await exec_as(port, name, KEYS[name], command)


def whose(out: str) -> str | None:
    m = re.search(r"It is (\w+)'s move\.\n$", out)
    return m.group(1) if m else None


async def play_until(port: int, mover: str, out: str, rng: random.Random, moves: int) -> tuple[str, str, int]:
    """Make up to `moves` moves, each by whoever the last answer said is to move; (mover, its `play 1`, made)."""
    made = 0
    while made < moves and "The game is over." not in out:
        n = choose(out, rng)
        if n is None:
            nxt = whose(out)
            assert nxt in ("anna", "bruno"), out
            mover = nxt
            r = await run(port, mover, "play 1")
            assert r.exit_status == 0, r.stderr
            out = r.stdout
            continue
        r = await run(port, mover, f"play 1 {n}")
        assert r.exit_status == 0, (n, out, r.stderr)
        out, made = r.stdout, made + 1
    return mover, out, made


async def test_two_players_play_a_day_table_to_the_end_over_exec_across_a_restart(tmp_path):
    rng = random.Random(7)
    async with served(tmp_path, "--bot-pace", "0", log_level="WARNING") as server:
        r = await run(server.port, "anna", "table new 2 timer=1d")
        assert r.exit_status == 0 and "1d per move" in r.stdout, r.stderr
        assert (await run(server.port, "bruno", "table join 1")).exit_status == 0
        assert (await run(server.port, "anna", "table start 1")).exit_status == 0
        mover = next(
            x["to_move"] for x in json.loads((await run(server.port, "anna", "status --json")).stdout)
        )
        out = (await run(server.port, mover, "play 1")).stdout
        mover, out, made = await play_until(server.port, mover, out, rng, 40)
        assert made == 40 and "The game is over." not in out
        if choose(out, rng) is None:  # the other's move: ask them, so that the choices are theirs
            mover = whose(out)
        out = (await run(server.port, mover, "play 1")).stdout  # the story since their last move, the choices
        assert "You can:" in out
        status = (await run(server.port, mover, "status --json")).stdout
        # Refused: another key's player at this table, and a move out of turn.
        r = await run(server.port, "mallory", "play 1")
        assert (r.exit_status, r.stdout, r.stderr) == (1, "", "You have no seat at table 1.\n")
        other = "bruno" if mover == "anna" else "anna"
        r = await run(server.port, other, "play 1 1")
        assert (r.exit_status, r.stderr) == (1, f"It is not your move at table 1; it is {mover}'s.\n")
        await server.stop()
    # The clock as the database keeps it, with the seats: since when the mover's move is awaited.
    db = open_database(Settings(data_dir=str(tmp_path)))
    try:
        (kept,) = db.tables_in_play()
        assert [x.since for x in kept.seats if x.since is not None] == [json.loads(status)[0]["since"]]
    finally:
        db.close()

    async with served(tmp_path, "--bot-pace", "0", log_level="WARNING") as server:
        again = await run(server.port, mover, "play 1")
        assert again.exit_status == 0
        assert again.stdout == out  # the same story since the last move, the same choices
        back = (await run(server.port, mover, "status --json")).stdout
        before, after = json.loads(status)[0], json.loads(back)[0]
        assert after["since"] == before["since"] and after["yours"] and after["to_move"] == mover
        mover, out, made = await play_until(server.port, mover, out, rng, 2000)
        assert "The game is over." in out, out
        for name in ("anna", "bruno"):
            r = await run(server.port, name, "status")
            assert (r.exit_status, r.stdout) == (0, "You have no seat at a turn-based table.\n")
        await server.stop()
    db = open_database(Settings(data_dir=str(tmp_path)))
    try:
        (game,) = await db.games()
        assert not game.abandoned and [x.name for x in game.seats] == ["anna", "bruno"]
        # No stand-in played for either: the game counts for both ratings.
        assert await db.rating("anna") is not None and await db.rating("bruno") is not None
    finally:
        db.close()
