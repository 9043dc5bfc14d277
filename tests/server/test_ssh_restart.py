"""Restarts and drops never play for a human seat: a real `citadels serve` process, stopped with SIGTERM and
started again on the same data directory, with asyncssh clients and their pyte screens.

While a seat is held (`--seat-hold`) the table waits at that player's decision and says so; the player
who comes back decides for themselves; a seat whose hold runs out goes to a bot. The game as kept in the
server's database (<data dir>/citadels.db, read by a connection of the test's own) shows what was played,
and by whom."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
from served import Connecting, start_serve
from ssh_helpers import open_game, type_line

from citadels_server.database import DatabaseError, open_database
from citadels_server.settings import Settings

pytestmark = pytest.mark.slow

W, H = 120, 40
KEYS = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno", "carla")}
NAMES = ("anna", "bruno")  # the human seats 0 and 1; two bots take seats 2 and 3


class Server:
    """`citadels serve` in its own process on `home`, bots at pace 0."""

    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process = process
        self.port = port

    async def stop(self) -> int:
        """SIGTERM, as a host's service manager stops it; the exit status."""
        self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), 30)


@contextlib.asynccontextmanager
async def serving(home: Path, seat_hold: float) -> AsyncIterator[Server]:
    process = await start_serve(
        home,
        *("--log-level", "WARNING", "--bot-pace", "0", "--seat-hold", str(seat_hold)),
        stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    try:
        first = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        port = int(first.split("port")[1])
        for _ in range(4):  # the rest of the banner, so that the host's part is done before anyone connects
            await asyncio.wait_for(process.stdout.readline(), 30)
        yield Server(process, port)
    finally:
        if process.returncode is None:
            process.kill()
            await asyncio.wait_for(process.wait(), 60)  # 3.11: also waits for its output pipe


def connect(server: Server, name: str) -> Connecting:
    # Keyed players: a key is what brings a player back to their seat, on any server.
    return asyncssh.connect(
        "127.0.0.1",
        server.port,
        username=name,
        client_keys=[KEYS[name]],
        known_hosts=None,
        agent_path=None,
        preferred_auth="publickey",
    )


def kept(home: Path) -> tuple[list[int], int | None]:
    """Who played each action of table 1 so far, and whose decision is pending, as kept in the database."""
    db = open_database(Settings(data_dir=str(home)))
    try:
        (stored,) = [t for t in db.tables_in_play() if t.id == 1]
    finally:
        db.close()
    pending = stored.record.replay().pending()
    return [p for p, _ in stored.record.actions], (pending[0] if pending else None)


async def until_kept(home: Path, cond, what: str, timeout: float = 20) -> tuple[list[int], int | None]:
    for _ in range(int(timeout / 0.05)):
        try:
            state = kept(home)
        except (OSError, ValueError, DatabaseError):
            state = None  # not written yet
        if state is not None and cond(*state):
            return state
        await asyncio.sleep(0.05)
    raise AssertionError(f"the database never showed {what}; it shows {state}")


async def test_a_restart_or_a_drop_never_plays_for_a_human_and_a_hold_that_runs_out_goes_to_a_bot(tmp_path):
    home = tmp_path / "home"
    # ---- the first run: a game for anna, bruno and two bots; the first human to decide drops and comes back
    async with serving(home, seat_hold=60) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await open_game(a, W, H), await open_game(b, W, H)
            await sa.wait_for("Citadels lobby")
            await sa.enter("new 4 seed=3", "Table 1 is yours")
            await sb.wait_for("Citadels lobby")
            await sb.enter("join 1", "You sit at table 1")
            await type_line(sa, "start")
            screens = {0: sa, 1: sb}
            # The bots play up to the first human decision; the game kept in the database shows it.
            before, x = await until_kept(home, lambda _a, p: p in (0, 1), "a human's decision")
            assert x is not None  # a human seat's, as waited for
            y = 1 - x
            await screens[x].wait_for("your move: choose a character")
            (a if x == 0 else b).close()
            await screens[y].wait_for(f"{NAMES[x]} left; their seat is kept for 60 seconds.")
            await screens[y].wait_for(f"The table waits for {NAMES[x]} to come back (up to ")
            assert kept(home) == (before, x)  # nobody played for the player who dropped
            async with connect(server, NAMES[x]) as back:
                sx = await open_game(back, W, H)
                await sx.wait_for("your move: choose a character")  # the same decision, still theirs
                await screens[y].wait_for(f"{NAMES[x]} is back.")
                assert kept(home) == (before, x)
        # Both leave without deciding; the host stops the server (SIGTERM) with the game kept in the database.
        assert await server.stop() == 0
    assert kept(home) == (before, x)

    # ---- the second run: every human seat is held; carla watches; x comes back and decides, y never does
    async with serving(home, seat_hold=10) as server:
        async with connect(server, "carla") as c:
            sc = await open_game(c, W, H)
            await sc.wait_for("Citadels lobby")
            await sc.enter("watch 1", "The server restarted; the game goes on where it was.")
            await sc.wait_for(f"The table waits for {NAMES[x]} to come back (up to ")
            assert kept(home) == (before, x)  # a restart plays nothing for anyone
            async with connect(server, NAMES[x]) as back:
                sx = await open_game(back, W, H)
                await sx.wait_for("your move: choose a character")
                await sx.wait_for(f"The table waits for {NAMES[x]} to come back")  # the story they missed
                assert kept(home) == (before, x)
                sx.process.stdin.write(b"1")  # they decide for themselves
                played, _ = await until_kept(home, lambda acts, _p: len(acts) > len(before), "x's choice")
                assert played[len(before)] == x
                # y's choice comes later in this round: the table waits for them until their hold runs out,
                # then a bot plays their seat.
                await sc.wait_for(f"The table waits for {NAMES[y]} to come back (up to ")
                assert y not in kept(home)[0][len(before) :]
                await sc.wait_for(
                    f"{NAMES[y]} did not come back: a bot plays their seat to the end.", timeout=30
                )
                await until_kept(home, lambda acts, _p: y in acts[len(before) :], "a bot's move for y")
        assert await server.stop() == 0
