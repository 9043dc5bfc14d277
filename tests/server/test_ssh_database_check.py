"""The database a real `citadels serve` starts on is checked first, and a server that cannot use it says
why in one sentence before it writes anything.

A SQLite file with a table in play and its last page overwritten (as a bad disk or a half-copied file
leaves it) stops the server: the sentence says what is wrong, where the last backup `citadels backup`
made is and how to put it back; the file's bytes are the same afterwards. Put back as the sentence says,
the server resumes the table. `citadels serve --check` runs the full integrity_check and exits 0 or 1
without serving. A data directory the server may not write to (a read-only mount, or a directory of
another user's) is named as such, with how to choose another. PostgreSQL: `--check` only connects."""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import postgres
import pytest
from attacks import overwrite_last_page
from served import ROOT, Typist, served

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url


def citadels(home: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`citadels ARGS` in its own process, on the data dir `home`; a server that would serve is a failure
    of the test, caught by the timeout."""
    env = dict(os.environ, CITADELS_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=timeout,
    )


def serve_once(home: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return citadels(home, "serve", "--port", "0", "--bot-pace", "0", *options)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def a_table_in_play(home: Path) -> None:
    """anna starts a game against three bots; the server is stopped with SIGTERM, its table kept."""
    async with served(home, "--bot-pace", "0") as server:
        anna = await Typist.in_lobby(server.port, "anna")
        await anna.enter("new 4 seed=3", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        anna.close()
        assert await server.stop() < 10


@pytest.mark.slow
def test_a_damaged_database_stops_the_server_untouched_and_says_how_to_restore(tmp_path):
    home = tmp_path / "data"
    asyncio.run(a_table_in_play(home))
    db = home / "citadels.db"
    # A healthy database passes the full check, and is backed up (the copy noted beside it).
    checked = citadels(home, "serve", "--check")
    assert checked.returncode == 0, checked.stderr
    assert "passes SQLite's integrity_check" in checked.stdout
    copy = tmp_path / "backups" / "citadels-1.db"
    copy.parent.mkdir()
    made = citadels(home, "backup", str(copy))
    assert made.returncode == 0, made.stderr

    overwrite_last_page(db)
    before = digest(db)
    refused = serve_once(home)
    assert refused.returncode != 0
    assert "listening" not in refused.stdout
    said = refused.stderr.strip()
    assert said.count("\n") == 0, said  # one sentence, on one line
    assert f"The database {db} is damaged" in said
    assert "quick_check" in said and "wrote nothing to it" in said
    assert f"the last backup `citadels backup` made is {copy}" in said
    assert f"copy {copy} to {db}" in said
    assert digest(db) == before  # nothing was written to the damaged file
    # The full check says the same and exits 1; a backup of the damaged file is refused, and keeps nothing.
    checked = citadels(home, "serve", "--check")
    assert checked.returncode == 1 and "integrity_check" in checked.stderr and "is damaged" in checked.stderr
    second = tmp_path / "backups" / "citadels-2.db"
    assert citadels(home, "backup", str(second)).returncode == 2
    assert not second.exists() and not list(copy.parent.glob("*.part*"))
    assert digest(db) == before

    # Restored as the sentence says, the server starts and resumes anna's table.
    aside = tmp_path / "damaged"
    aside.mkdir()
    for f in home.glob("citadels.db*"):
        if not f.name.endswith(".last-backup"):
            shutil.move(f, aside / f.name)
    shutil.copy(copy, db)

    async def resumed() -> None:
        async with served(home, "--bot-pace", "0") as server:
            while b"Resumed 1 table(s) in play" not in server.output:
                assert server.process.returncode is None, server.output.decode()
                await asyncio.sleep(0.05)
            assert await server.stop() < 10

    asyncio.run(resumed())


def test_a_database_that_is_not_one_is_refused_the_same_way(tmp_path):
    (tmp_path / "citadels.db").write_bytes(b"not a database at all, " * 400)
    before = digest(tmp_path / "citadels.db")
    refused = serve_once(tmp_path)
    assert refused.returncode == 2
    assert f"The file {tmp_path / 'citadels.db'} is not a SQLite database" in refused.stderr
    assert "no backup of it is known" in refused.stderr
    assert "`citadels backup FILE` makes one" in refused.stderr
    assert digest(tmp_path / "citadels.db") == before


def read_only(directory: Path) -> list[str]:
    """A command prefix under which `directory` cannot be written to, by a mechanism that really refuses:
    for a user other than root, its mode; root passes any mode, so a read-only bind mount of it in a mount
    namespace of the command's own (`unshare -m`), as a container's `-v …:ro` volume is. Proved with a
    probe file before it is used; skipped, saying why, where neither works."""
    if os.geteuid() != 0:
        directory.chmod(0o555)
        prefix: list[str] = []
    else:
        prefix = [
            "unshare",
            "-m",
            "sh",
            "-c",
            'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
            str(directory),
        ]
    probe = subprocess.run([*prefix, "touch", str(directory / "probe")], capture_output=True, text=True)
    if probe.returncode == 0 or (directory / "probe").exists():
        pytest.skip(f"cannot make {directory} read-only here (as root, `unshare -m` and mount are needed)")
    return prefix


@pytest.mark.parametrize("kept", [False, True], ids=["first start", "database kept there"])
@pytest.mark.slow
def test_a_read_only_data_directory_is_said_plainly(tmp_path, kept):
    home = tmp_path / "data"
    home.mkdir()
    if kept:
        asyncio.run(a_table_in_play(home))
        for f in home.glob("citadels.db-*"):
            f.unlink()  # as after a clean stop: SQLite removes them
        before = digest(home / "citadels.db")
    prefix = read_only(home)
    try:
        env = dict(os.environ, CITADELS_HOME=str(home))
        serve = [sys.executable, "-m", "citadels_server.cli", "serve", "--port", "0"]
        for extra in ([], ["--check"]):
            done = subprocess.run(
                [*prefix, *serve, *extra], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60
            )
            assert done.returncode == (1 if extra else 2), done.stderr
            said = done.stderr.strip()
            assert f"The directory {home} is not writable" in said, said
            assert "--data-dir or --database" in said and "unable to open" not in said
    finally:
        home.chmod(0o755)
    if kept:
        assert digest(home / "citadels.db") == before


def test_check_on_postgresql_connects_and_starts_nothing(tmp_path, postgres_url):
    done = citadels(tmp_path, "serve", "--check", "--database", postgres_url)
    assert done.returncode == 0, done.stderr
    assert "answers" in done.stdout and "listening" not in done.stdout
    wrong = citadels(tmp_path, "serve", "--check", "--database", postgres_url.replace("?", "_missing?", 1))
    assert wrong.returncode == 1 and "Cannot use the database" in wrong.stderr


def test_check_of_a_new_data_directory_passes(tmp_path):
    done = citadels(tmp_path, "serve", "--check")
    assert done.returncode == 0, done.stderr
    assert "There is no database at" in done.stdout
    assert not (tmp_path / "citadels.db").exists()  # --check makes nothing
