"""Several hubs or `citadels serve` processes on one real PostgreSQL database (docs/scaling.md): the lease
a takeover waits for, two hubs sharing one database, a cluster of served processes with one host key, a
player logged in with their key, a table made on one process and joined from another."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
from helpers import new_game, play_random
from served import Served, Typist, served

from citadels_core.record import GameRecord
from citadels_server.database import Database, open_database
from citadels_server.hostkey import HOST_KEY_FILE
from citadels_server.replication import SharedHub
from citadels_server.settings import Settings

LEASE = 1.5  # seconds: short, so that a takeover is quick to see


def opened(url: str, home: Path) -> Database:
    return open_database(Settings(data_dir=str(home), database=url), import_files=False)


async def two_hubs(
    url: str, tmp_path: Path, lease: float = LEASE, seat_hold: float = 60
) -> tuple[SharedHub, SharedHub, Database, Database]:
    a, b = opened(url, tmp_path / "a"), opened(url, tmp_path / "b")
    hubs = []
    for db in (a, b):
        hub = SharedHub(seat_hold=seat_hold, pace=0, seed=100, records=db, lease=lease)
        assert hub.shared
        hub.restore()
        await hub.share()
        hubs.append(hub)
    return hubs[0], hubs[1], a, b


@contextlib.asynccontextmanager
async def hubs_open(
    url: str, tmp_path: Path, lease: float = LEASE, seat_hold: float = 60
) -> AsyncIterator[tuple[SharedHub, SharedHub, Database, Database]]:
    """two_hubs', each hub closed at the end (as a process's SIGTERM would: its leases given up)."""
    ha, hb, a, b = await two_hubs(url, tmp_path, lease, seat_hold)
    try:
        yield ha, hb, a, b
    finally:
        ha.close()
        hb.close()


KEYS = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno")}


@contextlib.asynccontextmanager
async def cluster(tmp_path: Path, url: str, count: int, more: str = "") -> AsyncIterator[list[Served]]:
    """`count` servers on one database, with one host key (copied into each data dir, as a host would);
    `more`: lines of their settings file."""
    key = asyncssh.generate_private_key("ssh-ed25519").export_private_key("openssh")
    settings = tmp_path / "settings.toml"
    settings.write_text(f"lease = {LEASE}\n{more}")
    async with contextlib.AsyncExitStack() as stack:
        servers = []
        for i in range(count):
            home = tmp_path / f"server{i}"
            home.mkdir(mode=0o700)
            (home / HOST_KEY_FILE).write_bytes(key)
            (home / HOST_KEY_FILE).chmod(0o600)
            servers.append(
                await stack.enter_async_context(
                    served(
                        home,
                        "--database",
                        url,
                        "--bot-pace",
                        "0",
                        "--settings",
                        str(settings),
                        log_level="WARNING",
                    )
                )
            )
        yield servers


async def player(server: Served, name: str, lands_on: tuple[str, ...] = ("lobby",)) -> Typist:
    """`name` logged in with their key (so that they may retake their seat on any process), once their
    screen shows one of `lands_on`."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username=name,
        known_hosts=None,
        client_keys=[KEYS[name]],
        agent_path=None,
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(120, 40), encoding=None)
    typist = Typist(conn, process, 120, 40)
    await typist.until(lambda: any(text in typist.text for text in lands_on))
    return typist


async def table_across(a: Typist, b: Typist, players: int = 4) -> None:
    """a makes table 1 on their process, b joins it from theirs, a starts it."""
    a.type(f"new {players} seed=3\r")
    await a.shows("Table 1 is yours")
    await b.until(lambda: "anna" in b.text and "waiting" in b.text)  # b's lobby lists it, live
    b.type("join 1\r")
    await b.shows("You sit at table")
    await a.until(lambda: "anna, bruno" in a.text)
    a.type("start\r")
    await a.shows("Your hand")
    await b.shows("Your hand")


def game(moves: int, seed: int = 3) -> GameRecord:
    g = new_game(4, seed)
    return GameRecord(g.config, seed, play_random(g, moves, seed=seed))
