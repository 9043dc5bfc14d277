"""A real PostgreSQL server for the tests (and the database bench), started in a temporary directory.

`postgres_server` is a session-wide pytest fixture: `initdb` and `postgres` from PATH or
/usr/lib/postgresql/*/bin, listening only on a unix socket in that directory, stopped at the end. Run as
root (CI), the server runs as the `postgres` user. `postgres_url` gives each test a database of its own.
Without the binaries the tests fail with a sentence saying what to install: a database suite that
quietly skips one of its two databases would prove nothing about it.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

PORT = 5432  # only names the socket file: the server listens on no TCP port


def binaries() -> Path:
    """The folder holding initdb and postgres; RuntimeError with what to install when there is none."""
    found = shutil.which("initdb")
    if found and shutil.which("postgres"):
        return Path(found).resolve().parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(d) / "initdb").exists() and (Path(d) / "postgres").exists():
            return Path(d)
    raise RuntimeError(
        "PostgreSQL's server is not installed (no initdb or postgres on PATH or in "
        "/usr/lib/postgresql/*/bin): install the `postgresql` package (apt-get install postgresql); "
        "CI does so in .ci/run"
    )


class PostgresServer:
    def __init__(self, home: Path) -> None:
        self.home = home
        self.socket_dir = home
        self._names = itertools.count(1)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql:///{dbname}?host={self.socket_dir}&port={PORT}&user=postgres"

    def new_database(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def running_postgres(fsync: bool = False) -> Iterator[PostgresServer]:
    """A PostgreSQL server of its own in a temporary directory; `fsync` off for the tests (a crash of the
    machine is not what they test), on for the bench's figures."""
    bindir = binaries()
    home = Path(tempfile.mkdtemp(prefix="citadels-pg-"))
    as_user: dict[str, object] = {}
    if os.geteuid() == 0:
        # PostgreSQL refuses to run as root: its processes run as the `postgres` user (as `runuser -u
        # postgres` would, but signals reach the server itself, not a runuser in between).
        shutil.chown(home, "postgres", "postgres")
        as_user = {"user": "postgres", "group": "postgres", "extra_groups": []}
    data = home / "data"
    server = PostgresServer(home)
    proc = None
    try:
        subprocess.run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            cwd=home,
            **as_user,
        )  # type: ignore[call-overload]  # **as_user (a user and group, or nothing): more than the overloads tell
        options = [
            "-c",
            "listen_addresses=",
            "-c",
            f"unix_socket_directories={home}",
            "-p",
            str(PORT),
            "-c",
            f"fsync={'on' if fsync else 'off'}",
            "-c",
            "max_connections=100",
        ]
        if not fsync:
            options += ["-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        log = open(home / "server.log", "wb")  # noqa: SIM115 - open for the server's whole life
        proc = subprocess.Popen(
            [str(bindir / "postgres"), "-D", str(data), *options],
            cwd=home,
            stdout=log,
            stderr=subprocess.STDOUT,
            **as_user,
        )  # type: ignore[call-overload]  # **as_user (a user and group, or nothing): more than the overloads tell
        deadline = time.monotonic() + 30
        while not (home / f".s.PGSQL.{PORT}").exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start: {(home / 'server.log').read_text()[-2000:]}")
            time.sleep(0.05)
        _wait_accepting(server, deadline)
        yield server
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGINT)  # postgres: SIGINT is its "fast" shutdown
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        remove_in_background(home)


def remove_in_background(home: Path) -> None:
    """Delete the server's directory without waiting for it. Its tens of thousands of files (a database per
    test) were written with fsync off, so the kernel is often still writing them out, and unlinking a file
    waits for that: under load, deleting them at the end of the test run took 15-60 s of nothing."""
    try:
        subprocess.Popen(
            ["rm", "-rf", str(home)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # outlives the test run, and no Ctrl-C of ours reaches it
        )
    except OSError:
        shutil.rmtree(home, ignore_errors=True)


def _wait_accepting(server: PostgresServer, deadline: float) -> None:
    import psycopg

    while True:
        try:
            with psycopg.connect(server.url(), connect_timeout=5):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        bins = binaries()
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)
    assert bins
    with running_postgres() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """A fresh, empty database on the session's PostgreSQL server."""
    return postgres_server.new_database()


@pytest.fixture(params=["sqlite", "postgresql"], name="url")
def either_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A test's database on each of the two kinds, in turn: an SQLite file (not there yet), then a fresh
    database on the session's PostgreSQL server (the module takes postgres_url too)."""
    if request.param == "sqlite":
        return str(tmp_path / "db" / "citadels.db")
    url: str = request.getfixturevalue("postgres_url")
    return url
