"""A server killed with SIGKILL loses no action a player saw: a real `citadels serve` process, a real SSH
client, killed at random moments of a game twenty times, started again each time on the same database.

An action counts as seen (acknowledged) once the player's screen changed after their key: the table shows
an action to nobody before the journal has committed it (citadels_tui/table.py). After each kill the
journal must hold every action seen so far, unchanged, and the game must go on from exactly there."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncssh
import pytest
from served import Typist, served

from citadels_server.database import open_database
from citadels_server.settings import Settings

pytestmark = pytest.mark.slow

KEY = asyncssh.generate_private_key("ssh-ed25519")
KILLS = 20


def journal(home: Path) -> list[tuple[int, object]]:
    """Table 1's actions as the database keeps them (the server is dead: nothing else writes)."""
    db = open_database(Settings(data_dir=str(home)))
    try:
        (kept,) = [t for t in db.tables_in_play() if t.id == 1]
        return list(kept.record.actions)
    finally:
        db.close()


async def anna_logs_in(port: int) -> Typist:
    # With her key: after a restart it is what gives her seat back.
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username="anna",
        client_keys=[KEY],
        known_hosts=None,
        agent_path=None,
        preferred_auth="publickey",
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    return Typist(conn, process, 100, 30)


async def settled(anna: Typist, quiet: float = 0.2) -> str:
    """The screen once nothing has arrived for `quiet` seconds (a screen being drawn is not an answer)."""
    while True:
        anna.changed.clear()
        try:
            await asyncio.wait_for(anna.changed.wait(), quiet)
        except TimeoutError:
            return anna.text


async def her_move(anna: Typist) -> None:
    await anna.until(lambda: "your" in anna.row(0), timeout=30)


async def decide(anna: Typist) -> None:
    """Anna takes her first option and waits until her screen shows it done."""
    await her_move(anna)
    before = await settled(anna)
    anna.type("1")
    await anna.until(lambda: anna.text != before)
    if "Type yes to do it" in anna.text:  # option 1 would destroy a district of her own: she confirms
        before = anna.text
        anna.type("yes\r")
        await anna.until(lambda: anna.text != before and "Type yes" not in anna.row(anna.height - 1))


async def test_sigkill_at_random_moments_loses_no_action_a_player_saw(tmp_path):
    rng = random.Random(2026)
    home = tmp_path / "home"
    kept: list[tuple[int, object]] = []
    seen = 0  # anna's decisions whose result her screen showed, over every run
    for kill in range(KILLS):
        async with served(home, "--bot-pace", "0", "--seat-hold", "600", log_level="WARNING") as server:
            anna = await anna_logs_in(server.port)
            if kill == 0:
                await anna.shows("lobby")
                await anna.enter("new 2 seed=11", "Table 1 is yours")
                anna.type("start\r")
            # After a restart she is back at her seat at once, and the game is where the journal has it.
            await anna.shows("Your hand")
            for _ in range(rng.randrange(3)):
                await decide(anna)
                seen += 1
            if rng.random() < 0.6:
                # Killed while a decision is on its way: typed, maybe received, maybe kept, not yet seen.
                await her_move(anna)
                anna.type("1")
                await asyncio.sleep(rng.uniform(0, 0.05))
            server.process.kill()  # SIGKILL: no goodbye, no flush
            await asyncio.wait_for(server.process.wait(), 60)  # 3.11: also waits for its output pipe
            anna.close()
        now = journal(home)
        assert now[: len(kept)] == kept, f"kill {kill}: the journal lost or changed a kept action"
        mine = sum(1 for p, _ in now if p == 0)
        assert mine >= seen, f"kill {kill}: anna saw {seen} of her decisions done, the journal has {mine}"
        kept, seen = now, mine  # a decision on its way when the server died may have been kept: it counts
    assert len(kept) > KILLS  # the game went on across the kills
