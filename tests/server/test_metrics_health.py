"""`/healthz` of a real `citadels serve --metrics` process on a real PostgreSQL: 200 while the database
answers, 503 with the reason once PostgreSQL is stopped, 200 again once it is back (the server connects
again by itself)."""

from __future__ import annotations

import asyncio
import os
import subprocess
from typing import Any

import pytest
from postgres import PORT, PostgresServer, binaries, running_postgres
from served import get, metrics_port, served


def pg_ctl(server: PostgresServer, *words: str) -> None:
    as_user: dict[str, Any] = {"user": "postgres", "group": "postgres"} if os.geteuid() == 0 else {}
    subprocess.run(
        [str(binaries() / "pg_ctl"), "-D", str(server.home / "data"), "-w", "-t", "60", *words],
        check=True,
        capture_output=True,
        **as_user,
    )


def start(server: PostgresServer) -> None:
    """Start it again as `running_postgres` did: on its socket only, no TCP port."""
    options = f"-c listen_addresses= -c unix_socket_directories={server.home} -p {PORT} -c fsync=off"
    pg_ctl(server, "-o", options, "-l", str(server.home / "server-again.log"), "start")


async def health(port: int, status: int, timeout: float = 60) -> str:
    body = ""
    for _ in range(int(timeout / 0.25)):
        got, body = await asyncio.to_thread(get, port, "/healthz")
        if got == status:
            return body
        await asyncio.sleep(0.25)
    raise AssertionError(f"/healthz never answered {status}; it said {body!r}")


@pytest.mark.slow
async def test_healthz_turns_503_while_postgresql_is_stopped_and_200_once_it_is_back(tmp_path):
    with running_postgres() as pg:
        url = pg.new_database()
        restarted = False
        try:
            async with served(tmp_path, "--database", url, "--metrics", "127.0.0.1:0") as server:
                port = await metrics_port(server)
                assert await health(port, 200) == "ok\n"
                pg_ctl(pg, "-m", "fast", "stop")
                body = await health(port, 503)
                assert body.startswith("unhealthy: the database cannot be reached"), body
                start(pg)
                restarted = True
                assert await health(port, 200) == "ok\n"
                await server.stop()
        finally:
            if restarted:  # pg_ctl's server is not the one `running_postgres` stops
                pg_ctl(pg, "-m", "fast", "stop")
