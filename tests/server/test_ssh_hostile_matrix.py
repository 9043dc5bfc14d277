"""The hostile matrix: every attack a guest (or a bad disk) can make, each against its own real `citadels
serve` while two honest players, anna and bruno, play a game at a table with two bots.

`ATTACKS` is the table: one entry per attack, one test each. Every entry is held to the same four limits:
1. the honest players are answered throughout: every key they press while it runs reaches their screen;
2. the server's memory (RSS) comes back within 20% of what it was before;
3. their game goes on: both keep deciding until the next round;
4. SIGTERM, sent while the attack is made again, stops the server within its drain time.

How fast they are answered is a figure, not a limit: each test prints the honest players' keystroke p95
under the attack beside the same players' with none, and `bench/bench_hostile_matrix.py` runs the matrix
and prints every attack's p95 against the 150 ms the host's promise names (docs/hosting.md).

An attack is a coroutine `attack(match, seconds)` that attacks `match.server` for about `seconds` and
ends; entries whose attack ends the server the players were on (the damaged database: the host restores
it and the players come back) say `alongside=False`, and their players are measured afterwards on the
server they came back to. A new attack is one more `Attack(...)` in the table. The floods' senders are
tests/support/served.py's (bench/bench_ssh_flood.py measures the same ones); the half-open connections are
tests/server/test_ssh_connections.py's; the damaged page is tests/server/test_ssh_database_check.py's.

Run with `pytest -m slow tests/server/test_ssh_hostile_matrix.py` (about 30 s an attack on two cores)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from attacks import (
    DIRTY,
    IN_USE,
    PASTE_END,
    PASTE_START,
    game,
    logged_in,
    overwrite_last_page,
    received_none_of_it,
    silent_connections,
)
from served import (
    FLOODS,
    ROOT,
    Served,
    Typist,
    guest,
    keep_typing,
    percentile,
    play_until_round,
    resize_storm,
    served,
    table_of_two,
)
from ssh_helpers import KeylessClient

from citadels_tui.chat import CHAT_EVERY

pytestmark = pytest.mark.slow

RSS_BACK_WITHIN = 0.20  # of the RSS before the attack, once it is over
RSS_SETTLE_SECONDS = 20.0  # how long the server has to give memory back (a flooder's buffers, its session)
ATTACK_SECONDS = 5.0
# The longest a stalled reader keeps at it before the test gives up on the server cutting it off.
STALL_LIMIT = 40.0
DRAIN_SECONDS = 10.0  # --drain-timeout, the default
W, H = 100, 30


@dataclass
class Match:
    """anna and bruno at their game on a real `citadels serve` (data dir `home`), for an attack."""

    home: Path
    server: Served
    honest: list[Typist]  # anna and bruno
    stack: contextlib.AsyncExitStack
    guests: int = 0
    notes: list[str] = field(default_factory=list)  # an attack's own figures, printed with the limits'

    def guest_name(self) -> str:
        self.guests += 1
        return f"guest{self.guests}"

    async def serve(self) -> Served:
        """A `citadels serve` on `home`: the first, or the one a host starts again."""
        self.server = await self.stack.enter_async_context(served(self.home, *SERVE_OPTIONS))
        return self.server


SERVE_OPTIONS = ("--bot-pace", "0", "--seat-hold", "600", "--drain-timeout", str(DRAIN_SECONDS))


@dataclass(frozen=True)
class Attack:
    name: str
    attack: Callable[[Match, float], Coroutine[Any, Any, None]]
    alongside: bool = True  # made while the players type; False: they type once it is over
    logged: str | None = None  # what the server's log says once it met the attack: proof it was made


# -- the attacks -------------------------------------------------------------------------------------


def flood(kind: str) -> Callable[[Match, float], Coroutine[Any, Any, None]]:
    """A guest in the lobby sends `served.FLOODS[kind]`, then hangs up."""

    async def attack(match: Match, seconds: float) -> None:
        guest = await Typist.login(match.server.port, match.guest_name())
        try:
            await guest.shows("lobby")
            await FLOODS[kind](guest, seconds)
        finally:
            guest.close()

    return attack


async def stalled_reader(match: Match, seconds: float) -> None:
    """A guest with a big terminal (200x60) and a small receive window who stops reading and keeps typing
    `help` and Esc, which answer with screenfuls: the server's output to it has nowhere to go,
    and once the default `output_buffer_limit` (1 MB) waits unsent, the server cuts it off."""
    conn = await guest(match.server.port, match.guest_name())
    try:
        chan, _ = await conn.create_session(
            asyncssh.SSHClientSession,
            term_type="xterm-256color",
            term_size=(200, 60),
            encoding=None,
            window=4096,
            max_pktsize=4096,
        )
        chan.pause_reading()
        # On until the server cuts it off: how soon its unsent output reaches the limit depends on how fast
        # a loaded machine draws the screens, so the attack is not cut short at `seconds` (STALL_LIMIT).
        end = time.monotonic() + max(seconds, STALL_LIMIT)
        with contextlib.suppress(BrokenPipeError):  # cut off between two keys
            while time.monotonic() < end and not chan.is_closing():
                chan.write(b"help\r")
                await asyncio.sleep(0.05)
                chan.write(b"\x1b")  # Esc: the help closes, and the next one is drawn whole again
                await asyncio.sleep(0.05)
    finally:
        conn.close()


async def half_open_connections(match: Match, seconds: float) -> None:
    """25 TCP connections that begin no login (20 say nothing, 5 only the SSH version line), held open."""
    held = await silent_connections(match.server.port, 20)
    held += await silent_connections(match.server.port, 5, b"SSH-2.0-Flood\r\n")
    try:
        await asyncio.sleep(seconds)
    finally:
        for _, writer in held:
            writer.close()


async def connection_flood(match: Match, seconds: float, per_second: int = 500) -> None:
    """New TCP connections at `per_second`, each sending the SSH version line and hanging up a second
    later: the login caps evict and refuse them while the logged-in players play on."""
    tick, open_, made = 0.02, [], 0
    began = time.monotonic()
    end = began + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        for _ in range(int(per_second * tick)):
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", match.server.port)
                writer.write(b"SSH-2.0-Flood\r\n")
                open_.append((started, writer))
                made += 1
        while open_ and open_[0][0] < started - 1.0:
            open_.pop(0)[1].close()
        await asyncio.sleep(max(0.0, tick - (time.monotonic() - started)))
    for _, writer in open_:
        writer.close()
    match.notes.append(f"{made} connections in {time.monotonic() - began:.1f} s")


CODE = re.compile(rb"give\s+the\s+code\s+([0-9A-Z]{6})\s+when\s+asked")
ESCAPE = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]")


def reconnect_code(player: Typist) -> str:
    """The code the lobby showed this player when they sat down (the sentence may wrap across rows)."""
    found = CODE.findall(ESCAPE.sub(b" ", bytes(player.raw)))
    assert found, "the player was shown no reconnect code"
    return found[-1].decode()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def citadels(home: Path, *args: str) -> tuple[int, str]:
    """`citadels ARGS` on the data dir `home`, in its own process: exit status and what it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "citadels_server.cli",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=dict(os.environ, CITADELS_HOME=str(home)),
        cwd=ROOT,
    )
    try:
        out, _ = await asyncio.wait_for(process.communicate(), 60)
    except TimeoutError:
        process.kill()  # a server that should have refused to start, serving
        out, _ = await process.communicate()
        raise AssertionError(
            f"citadels {' '.join(args)} did not end:\n{out.decode(errors='replace')}"
        ) from None
    return process.returncode or 0, out.decode(errors="replace")


async def damaged_database(match: Match, seconds: float) -> None:
    """The host backs the database up; later the server is stopped and the database's last page is
    overwritten (a bad sector, a torn write). The next start is refused, the file untouched; the host
    restores the backup as the refusal says, starts the server again, and anna and bruno log in again with
    the reconnect codes their screens showed them, back at their game."""
    codes = [reconnect_code(p) for p in match.honest]
    copy = match.home.parent / "backups" / "citadels-last.db"
    copy.parent.mkdir(exist_ok=True)
    status, said = await citadels(match.home, "backup", str(copy))
    assert status == 0, said
    await asyncio.sleep(seconds / 2)  # they play on after the backup
    for p in match.honest:
        p.close()
    took = await match.server.stop(timeout=DRAIN_SECONDS + 20)
    assert took < DRAIN_SECONDS and match.server.process.returncode == 0

    db = match.home / "citadels.db"
    overwrite_last_page(db)
    before = digest(db)
    status, said = await citadels(match.home, "serve", "--port", "0", *SERVE_OPTIONS)
    assert status == 2 and "listening" not in said, said
    assert f"The database {db} is damaged" in said and f"copy {copy} to {db}" in said, said
    assert digest(db) == before, "the server wrote to a damaged database"

    # As the sentence says: the damaged files aside, the backup in their place.
    aside = match.home.parent / "damaged"
    aside.mkdir()
    for f in match.home.glob("citadels.db*"):
        if not f.name.endswith(".last-backup"):
            shutil.move(f, aside / f.name)
    shutil.copy(copy, db)
    server = await match.serve()
    back = []
    for name, code in zip(("anna", "bruno"), codes, strict=True):
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username=name,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            client_factory=lambda code=code: KeylessClient(code),
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(W, H), encoding=None)
        typist = Typist(conn, process, W, H)
        await typist.shows("Your hand")
        back.append(typist)
    match.honest[:] = back


async def window_storm(match: Match, seconds: float) -> None:
    """A guest in the lobby sends window-change requests, about 3,000 a second, each another size: they
    count in its input budget like keys, and a storm's sizes are drawn at most once a second. (Kept up
    for longer than this, it is slowed, told and disconnected: tests/server/test_ssh_resize.py.)"""
    guest = await Typist.login(match.server.port, match.guest_name())
    try:
        await guest.shows("lobby")
        match.notes.append(f"{await resize_storm(guest, seconds)} window changes sent")
    finally:
        guest.close()


async def controls_in_chat(match: Match, seconds: float) -> None:
    """mallory pastes lines of C1 controls (CSIs that clear the screen and home the cursor), a bidi
    override and a zero-width joiner into `say`, again and again, while a watcher reads the lobby: the
    lines reach the watcher cleaned, and none of those characters does. (ESC sequences in a paste are
    the terminal parser's, taken apart before any text is said: tests/server/test_ssh_text.py.)"""
    mallory = await Typist.login(match.server.port, match.guest_name())
    watcher = await Typist.login(match.server.port, match.guest_name())
    try:
        await mallory.shows("lobby")
        await watcher.shows("lobby")
        end, said = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            said += 1
            dirty = f"{said} {DIRTY}".encode()
            mallory.type(b"say " + PASTE_START + dirty + PASTE_END + b"\r")
            await mallory.shows(f"{said} 2J1;1H evil!")
            await asyncio.sleep(CHAT_EVERY)  # as fast as the lobby lets anyone talk
        await watcher.shows(f"{said} 2J1;1H evil!")
        received_none_of_it(watcher)
        match.notes.append(f"{said} dirty lines said")
    finally:
        mallory.close()
        watcher.close()


async def doubled_name(match: Match, seconds: float) -> None:
    """Logins under anna's name while she plays, in other cases and disguised by a zero-width space, each
    opening a game as soon as it is in, two a second: none becomes a second anna, each is a guest told
    why. (Logins as fast as they go are the connection flood's entry; each ended session here waits for
    the server's next long collection, `server/memory.py`, so their pace sets the memory this leaves.)"""
    disguises, tried = ["anna", "ANNA", "Anna", "an\u200bna"], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        name = disguises[tried % len(disguises)]
        tried += 1
        impostor = await game(await logged_in(match.server.port, name))
        try:
            await impostor.shows("you are guest-")
            assert "Welcome, anna." not in impostor.text, impostor.text
            if name.isascii():
                assert IN_USE in impostor.text, impostor.text
        finally:
            impostor.close()
        await asyncio.sleep(0.5)
    match.notes.append(f"{tried} logins as anna refused")


ATTACKS = [
    *(Attack(kind, flood(kind)) for kind in FLOODS),
    Attack("stalled reader", stalled_reader, logged="client stopped reading"),
    Attack(
        "half-open connections", half_open_connections, logged="max_authenticating_per_address = 4 is full"
    ),
    Attack(
        "connection flood, 500 a second",
        connection_flood,
        logged="max_authenticating_per_address = 4 is full",
    ),
    Attack("resize storm", window_storm),
    Attack("control characters in chat", controls_in_chat),
    Attack("a doubled name", doubled_name),
    Attack("damaged database", damaged_database, alongside=False),
]


# -- the limits --------------------------------------------------------------------------------------


async def rss_settled(server: Served, limit: float) -> float:
    """The server's RSS once within `limit` MiB, or the last seen after RSS_SETTLE_SECONDS."""
    deadline = time.monotonic() + RSS_SETTLE_SECONDS
    while (rss := server.rss_mib()) > limit and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    return rss


@pytest.mark.parametrize("entry", ATTACKS, ids=[a.name for a in ATTACKS])
async def test_honest_players_play_on_through(entry: Attack, tmp_path: Path) -> None:
    home = tmp_path / "data"
    async with contextlib.AsyncExitStack() as stack:
        match = Match(home, None, [], stack)  # type: ignore[arg-type]  # no server yet: serve() starts it next
        await match.serve()
        match.honest[:] = await table_of_two(match.server.port)
        await keep_typing(match.honest, 1.0)  # first renders, caches: not the attack's memory
        quiet = await keep_typing(match.honest, 2.0)
        rss_before = match.server.rss_mib()

        if entry.alongside:
            attacking = asyncio.get_running_loop().create_task(entry.attack(match, ATTACK_SECONDS))
            latencies = await keep_typing(match.honest, ATTACK_SECONDS)
            await attacking
        else:
            await entry.attack(match, ATTACK_SECONDS)
            latencies = await keep_typing(match.honest, ATTACK_SECONDS)
        p95 = percentile(latencies, 95)
        rss = await rss_settled(match.server, rss_before * (1 + RSS_BACK_WITHIN))
        figures = (
            f"{entry.name}: honest p95 {p95:.0f} ms over {len(latencies)} keys (no attack: "
            f"{percentile(quiet, 95):.0f} ms); RSS {rss_before:.0f} MiB before, {rss:.0f} MiB after"
            + "".join(f"; {note}" for note in match.notes)
        )
        print(figures)
        if entry.logged is not None:
            assert entry.logged in match.server.output.decode(errors="replace"), f"{entry.name}: not made"
        # Every key pressed reached its screen (`press` waits up to 20 s for each, a liveness bound, far
        # above any latency: a key the server dropped or never answered fails there).
        assert len(latencies) >= len(match.honest), figures
        assert rss <= rss_before * (1 + RSS_BACK_WITHIN), figures

        await play_until_round(match.honest, 2)  # their game goes on

        # SIGTERM while the attack is made again (for the damaged database, on the restored server).
        again = None
        if entry.alongside:
            again = asyncio.get_running_loop().create_task(entry.attack(match, 30))
            await asyncio.sleep(1.5)
        took = await match.server.stop(timeout=DRAIN_SECONDS + 20)
        if again is not None:
            again.cancel()
            with contextlib.suppress(asyncio.CancelledError, OSError, asyncssh.Error, AssertionError):
                await again
        for p in match.honest:
            p.close()
        console = match.server.output.decode(errors="replace")
        assert took < DRAIN_SECONDS, f"SIGTERM took {took:.1f} s: {figures}"
        assert match.server.process.returncode == 0, console
        assert "Traceback" not in console, console
