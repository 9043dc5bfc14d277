"""The server's database (server/database/) on SQLite and on a real PostgreSQL server (tests/support/postgres.py):
every Records call behaves as MemoryRecords's, what it keeps outlives the process, migrations, the import
of the old files, databases it must refuse, and the `backup` and `leaderboard` commands."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import postgres
import pytest
from helpers import TABLE_SETTINGS as SETTINGS
from helpers import new_game, play_random
from served import serve_command

from citadels_core import Action
from citadels_core.record import GameRecord
from citadels_server.cli import main
from citadels_server.database import Database, DatabaseError, Tx, open_database, schema
from citadels_server.database.engines import DIALECTS
from citadels_server.settings import Settings
from citadels_tui.i18n import Lazy, lazy_t, lazy_tn
from citadels_tui.ratings import Place
from citadels_tui.records import Ban, FinishedGame, Finisher, GameSummary, KeptSeat, KeptTable, MemoryRecords

ROOT = Path(__file__).resolve().parents[2]
postgres_server, postgres_url, url = (
    postgres.postgres_server,
    postgres.postgres_url,
    postgres.either_url,
)  # the fixtures, for these tests


def opened(url: str, home: Path) -> Database:
    return open_database(Settings(data_dir=str(home), database=url))


def record(actions: int = 0, seed: int = 3) -> GameRecord:
    g = new_game(4, seed)
    return GameRecord(g.config, seed, play_random(g, actions, seed=seed))


def summary(gid: int, ended: float, names: list[str], abandoned: bool = False) -> GameSummary:
    seats = tuple(
        Finisher(
            n,
            f"SHA256:{n}" if not n.startswith("bot") else None,
            "normal" if n.startswith("bot") else None,
            20 - i,
            i + 1,
        )
        for i, n in enumerate(names)
    )
    return GameSummary(gid, ended, "2016", seats, 40, abandoned)


def seen(line: Any) -> Any:
    return (line.text, line.kw, line.plural, line.n) if isinstance(line, Lazy) else line


def table_facts(tables: list[KeptTable]) -> list[Any]:
    return [
        (t.id, t.settings, t.seats, t.record.to_json(), t.bots, [seen(x) for x in t.chat]) for t in tables
    ]


async def play_scenario(r: Any, now: float) -> dict[str, Any]:
    """Every Records call once or more; what the records answer while it runs."""
    out: dict[str, Any] = {"ids": [r.next_table_id() for _ in range(5)]}
    one = record(6)
    r.table_started(
        KeptTable(
            1,
            dict(SETTINGS),
            [KeptSeat("anna", "SHA256:anna"), KeptSeat("bob", None, code="K7M9QD")],
            GameRecord(one.config, one.seed, one.actions[:2]),
            {2: "normal", 3: "easy"},
            ["anna: hi", lazy_t("{name} sat down.", name="bob")],
        )
    )
    r.table_started(
        KeptTable(2, dict(SETTINGS, creator="bob"), [KeptSeat("bob", "SHA256:bob")], record(0), {1: "hard"})
    )
    await r.append_actions(1, 2, one.actions[2:5])
    await r.append_actions(1, 4, one.actions[4:6])  # from 4 on again: a decision taken back, then made anew
    await r.truncate_actions(1, 5)
    await r.append_actions(99, 0, one.actions[:1])  # no such table: nothing
    r.seats_changed(
        1,
        [KeptSeat("anna", "SHA256:anna"), KeptSeat("bob", None, released=True, code="K7M9QD")],
        {1: "normal", 2: "normal", 3: "easy"},
    )
    r.chat_line(None, "anna: hello lobby")
    r.chat_line(None, lazy_tn("{n} table is open.", "{n} tables are open.", 2, n=2))
    r.chat_line(1, "bob: gg")
    r.chat_line(99, "nobody: lost")  # no such table: nothing
    # Three finished games: two rated, one abandoned (no rating moves).
    r.table_started(KeptTable(3, dict(SETTINGS), [KeptSeat("Carla", "SHA256:carla")], record(0), {1: "easy"}))
    r.table_finished(
        3,
        FinishedGame(summary(3, 1000.0, ["Carla", "anna", "bot1", "bot2"]), record(10)),
        [Place(1, rated="Carla"), Place(2, rated="anna"), Place(3, bot="normal"), Place(4, bot="easy")],
    )
    r.table_finished(
        2,
        FinishedGame(summary(2, 2000.0, ["bob", "ANNA", "guest-1a2b"]), record(8)),
        [Place(1, rated="bob"), Place(2, rated="ANNA"), Place(3)],
    )
    r.table_finished(
        4,
        FinishedGame(summary(4, 3000.0, ["anna", "bob"], abandoned=True), record(4)),
        [Place(1, rated="anna"), Place(1, rated="bob")],
    )
    r.table_started(KeptTable(5, dict(SETTINGS), [], record(0), {}))
    r.table_closed(5)
    out["games"] = await r.games()
    out["anna's games"] = await r.games("Anna")
    out["one game"] = await r.games(limit=1)
    out["carla's"] = await r.games("carla", limit=5)
    g = await r.game(3)
    out["game 3"] = (g.summary, g.record.to_json())
    out["no game"] = await r.game(999)
    out["leaderboard"] = await r.leaderboard()
    out["top 1"] = await r.leaderboard(1)
    out["anna"] = await r.rating("ANNA")
    out["nobody"] = await r.rating("nobody")
    r.ban(Ban("name", "Mallory", "spam", "admin", now))
    r.ban(Ban("key", "SHA256:evil", "", "admin", now, now + 3600))
    r.ban(Ban("address", "10.0.0.9", "", "admin", now - 100, now - 10))  # over already
    out["bans"] = r.bans()
    out["banned"] = [
        r.banned("mallory", None, None),
        r.banned("x", "SHA256:evil", "1.2.3.4"),
        r.banned("x", None, "10.0.0.9"),
        r.banned("anna", "SHA256:anna", "1.2.3.4"),
    ]
    out["unban"] = [r.unban("name", "MALLORY"), r.unban("name", "mallory"), r.unban("address", "10.0.0.9")]
    out["bans after"] = r.bans()
    return out


async def kept_facts(r: Any) -> dict[str, Any]:
    return {
        "tables": table_facts(r.tables_in_play()),
        "lobby": [seen(x) for x in r.lobby_chat()],
        "next id": r.next_table_id(),
        "bans": r.bans(),
        "games": await r.games(),
        "leaderboard": await r.leaderboard(),
    }


async def test_every_records_call_behaves_as_in_memory(url, tmp_path):
    memory = MemoryRecords()
    now = time.time()
    expected = await play_scenario(memory, now)
    db = opened(url, tmp_path)
    try:
        assert await play_scenario(db, now) == expected
    finally:
        db.close()
    # What it kept, read back by a new Database (tables and the lobby's chat are read at start), is what
    # the memory has now.
    db = opened(url, tmp_path)
    try:
        assert await kept_facts(db) == await kept_facts(memory)
        assert db.problems == []
    finally:
        db.close()


async def test_the_journal_is_committed_when_its_future_is_done(url, tmp_path):
    """Durability: once the future is done the rows are in the database, seen by another connection at
    once (nothing waits in this process's memory); the Database is not even closed."""
    one = record(12)
    db = opened(url, tmp_path)
    db.table_started(KeptTable(7, dict(SETTINGS), [KeptSeat("anna", "SHA256:anna")], record(0), {1: "easy"}))
    for n, move in enumerate(one.actions):
        await db.append_actions(7, n, [move])
    other = opened(url, tmp_path)
    try:
        (kept,) = other.tables_in_play()
        assert kept.record.actions == one.actions and kept.id == 7
        await db.truncate_actions(7, 5)
        (kept,) = other.tables_in_play()  # read again, not what was read at open
        assert kept.record.actions == one.actions[:5]
    finally:
        other.close()
        db.close()


async def test_a_table_that_cannot_be_read_is_said_and_left(url, tmp_path):
    db = opened(url, tmp_path)
    db.table_started(KeptTable(1, dict(SETTINGS), [], record(4), {1: "easy"}))
    db.table_started(KeptTable(2, dict(SETTINGS), [], record(4), {1: "easy"}))
    db.close()
    conn, _ = raw_connection(url)
    conn.execute('UPDATE tables_in_play SET config = \'{"players": "many"}\' WHERE id = 1')
    conn.close()
    for run in range(2):  # left as it is: the same again on the next start
        db = opened(url, tmp_path)
        try:
            assert [t.id for t in db.tables_in_play()] == [2]
            (problem,) = db.problems
            assert (
                problem.startswith("Table 1 in the database cannot be resumed (")
                and "left as it is" in problem
            )
            assert db.next_table_id() == 3 + run  # ids given out are never given again
        finally:
            db.close()


async def test_players_and_their_keys(url, tmp_path):
    db = opened(url, tmp_path)
    names = db.players
    assert not names.claimed("anna")
    assert names.claim("Anna", "SHA256:a") and not names.claim("anna", "SHA256:b")
    names.add_key("ANNA", "SHA256:b")  # a second key for the same name
    names.seen("anna")
    names.seen("nobody")  # not a claimed name: nothing
    db.close()
    db = opened(url, tmp_path)
    try:
        assert db.players.owns("anna", "SHA256:a") and db.players.owns("anna", "SHA256:b")
        assert db.players.claim("anna", "SHA256:b") and not db.players.owns("anna", "SHA256:c")
        assert time.time() - 60 < (await db.last_seen("Anna") or 0) <= time.time()
        assert await db.last_seen("nobody") is None
    finally:
        db.close()


async def test_chats_keep_their_last_lines(url, tmp_path):
    db = opened(url, tmp_path)
    db.table_started(KeptTable(1, dict(SETTINGS), [], record(0), {}))
    for i in range(230):
        db.chat_line(None, f"anna: {i}")
        db.chat_line(1, f"bob: {i}")
    db.close()
    for _ in range(2):
        db = opened(url, tmp_path)
        try:
            assert db.lobby_chat() == [f"anna: {i}" for i in range(30, 230)]
            assert db.tables_in_play()[0].chat == [f"bob: {i}" for i in range(30, 230)]
        finally:
            db.close()


def raw_connection(url: str) -> tuple[Any, str]:
    if url.startswith("postgresql://"):
        import psycopg

        return psycopg.connect(url, autocommit=True), "postgresql"
    Path(url).parent.mkdir(parents=True, exist_ok=True)
    return sqlite3.connect(url, isolation_level=None), "sqlite"


async def test_an_older_schema_is_brought_up_to_date(url, tmp_path):
    conn, engine = raw_connection(url)
    tx = Tx(conn, DIALECTS[engine])
    schema.version_of(tx)
    schema.apply(tx, 1)  # a database as version 1 left it, with a finished game in it
    game = FinishedGame(summary(9, 50.0, ["Anna", "bot1"]), record(5))
    tx.run(
        "INSERT INTO games (id, ended, edition, abandoned, summary, record) VALUES (?, ?, ?, ?, ?, ?)",
        (
            9,
            50.0,
            "2016",
            0,
            json.dumps(
                {
                    "id": 9,
                    "ended": 50.0,
                    "edition": "2016",
                    "moves": 40,
                    "abandoned": False,
                    "seats": [
                        {"name": f.name, "key": f.key, "bot": f.bot, "score": f.score, "rank": f.rank}
                        for f in game.summary.seats
                    ],
                }
            ),
            json.dumps(game.record.to_json()),
        ),
    )
    conn.close()
    db = opened(url, tmp_path)
    try:
        assert await db.games("anna") == [game.summary]  # found by the new table of who played what
        found = await db.game(9)
        assert found is not None and found.record.actions == game.record.actions
        assert db.next_table_id() == 10
    finally:
        db.close()
    conn, _ = raw_connection(url)
    versions = [
        v for (v,) in conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    ]
    conn.close()
    assert versions == list(range(1, schema.LATEST + 1))


async def test_a_newer_database_is_refused_with_a_sentence(url, tmp_path):
    opened(url, tmp_path).close()
    conn, _ = raw_connection(url)
    conn.execute(f"INSERT INTO schema_migrations (version, applied) VALUES ({schema.LATEST + 1}, 0)")
    conn.close()
    for _ in range(2):  # refused, and left as it was: refused again
        with pytest.raises(
            DatabaseError,
            match=rf"^This database was written by a newer citadels \(schema "
            rf"{schema.LATEST + 1}; this one knows up to {schema.LATEST}\): ",
        ):
            opened(url, tmp_path)


def old_table_file(tid: int, rec: GameRecord) -> str:
    """A table file as the server before the database wrote it (hosted_store.dump_table's format)."""
    game = rec.to_json()
    game["bots"] = {"1": "normal", "2": "normal", "3": "easy"}
    return json.dumps(
        {
            "format": "citadels-hosted-table",
            "version": 1,
            "table": dict(SETTINGS, id=tid),
            "holders": [{"name": "anna", "key": "SHA256:anna", "released": False, "code": None}],
            "chat": ["anna: still here?", {"message": "{name} sat down.", "values": {"name": "anna"}}],
            "game": game,
        },
        indent=1,
    )


async def test_the_old_files_are_imported_once_and_left_on_disk(url, tmp_path):
    (tmp_path / "players.toml").write_text('[players]\nanna = "SHA256:anna"\nBob = "SHA256:bob"\n')
    store = tmp_path / "tables"
    store.mkdir()
    rec = record(9)
    (store / "table-3.json").write_text(old_table_file(3, rec))
    (store / "table-8.json").write_text("{ not json")
    before = {p.name: p.read_bytes() for p in [tmp_path / "players.toml", *store.iterdir()]}
    db = opened(url, tmp_path)
    try:
        assert db.players.owns("anna", "SHA256:anna") and db.players.owns("bob", "SHA256:bob")
        (kept,) = db.tables_in_play()
        assert (kept.id, kept.settings, kept.seats, kept.bots) == (
            3,
            SETTINGS,
            [KeptSeat("anna", "SHA256:anna")],
            {1: "normal", 2: "normal", 3: "easy"},
        )
        assert kept.record.actions == rec.actions and kept.record.seed == rec.seed
        assert [seen(x) for x in kept.chat] == [
            "anna: still here?",
            ("{name} sat down.", (("name", "anna"),), None, 0),
        ]
        (problem,) = db.problems
        assert "table-8.json cannot be imported" in problem and "left as it is" in problem
        assert db.next_table_id() == 9  # never an id a file has, readable or not
    finally:
        db.close()
    assert {p.name: p.read_bytes() for p in [tmp_path / "players.toml", *store.iterdir()]} == before
    # Once only: what the files say later is not read again.
    (tmp_path / "players.toml").write_text('[players]\ncarla = "SHA256:carla"\n')
    db = opened(url, tmp_path)
    try:
        assert not db.players.claimed("carla") and db.problems == [] and len(db.tables_in_play()) == 1
    finally:
        db.close()


def test_a_file_that_is_not_a_database_is_refused_and_left(tmp_path):
    path = tmp_path / "citadels.db"
    path.write_bytes(b"these are somebody's notes, not a database\n" * 100)
    before = path.read_bytes()
    with pytest.raises(
        DatabaseError, match="^The file .*citadels.db is not a SQLite database .*wrote nothing"
    ):
        opened(str(path), tmp_path)
    assert path.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["citadels.db"]


def test_a_postgresql_server_that_is_not_there_is_one_sentence(tmp_path, postgres_server):
    with pytest.raises(
        DatabaseError, match=r"^Cannot use the database postgresql://.*(No such file|Connection refused)"
    ):
        opened(f"postgresql:///x?host={tmp_path}&port=1", tmp_path)
    with pytest.raises(DatabaseError, match='database "nothere" does not exist'):
        opened(postgres_server.url("nothere"), tmp_path)


def serve_exits(tmp_path: Path, database: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        serve_command("--data-dir", str(tmp_path), "--database", database),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_the_server_will_not_start_on_a_database_it_cannot_use(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("not a database")
    done = serve_exits(tmp_path, str(path))
    assert done.returncode == 2 and path.read_text() == "not a database"
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"citadels: The file {path} is not a SQLite database")


async def test_backup_copies_a_database_in_use(tmp_path, capsys):
    db = open_database(Settings(data_dir=str(tmp_path)))  # the default: citadels.db in the data dir
    try:
        db.table_started(KeptTable(1, dict(SETTINGS), [], record(0), {}))
        await db.append_actions(1, 0, record(7).actions)
        copy = tmp_path / "copy.db"
        assert main(["backup", str(copy), "--data-dir", str(tmp_path)]) == 0  # while the server has it open
        assert str(copy) in capsys.readouterr().out
        assert main(["backup", str(copy), "--data-dir", str(tmp_path)]) == 2  # never over a file
        assert "already exists" in capsys.readouterr().err
    finally:
        db.close()
    restored = opened(str(copy), tmp_path / "elsewhere")
    try:
        assert restored.tables_in_play()[0].record.actions == record(7).actions
    finally:
        restored.close()


def test_backup_of_postgresql_points_to_pg_dump(tmp_path, capsys):
    assert main(["backup", str(tmp_path / "x.db"), "--database", "postgresql://localhost/citadels"]) == 2
    assert "pg_dump" in capsys.readouterr().err


def test_the_leaderboard_command(url, tmp_path, capsys):
    async def two_games() -> list[Any]:
        db = opened(url, tmp_path)
        db.table_finished(
            1,
            FinishedGame(summary(1, 10.0, ["anna", "bob"]), record(3)),
            [Place(1, rated="anna"), Place(2, rated="bob")],
        )
        db.table_finished(
            2,
            FinishedGame(summary(2, 20.0, ["anna", "carla"]), record(3)),
            [Place(1, rated="anna"), Place(2, rated="Carla")],
        )
        try:
            return await db.leaderboard()
        finally:
            db.close()

    board = asyncio.run(two_games())
    assert main(["leaderboard", "--database", url, "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split() == ["rank", "name", "rating", "games"]
    assert [line.split() for line in lines[1:]] == [
        [str(i), s.name, f"{s.rating.shown:.1f}", str(s.rating.games)] for i, s in enumerate(board, 1)
    ]
    assert (
        board[0].name == "anna"
        and board[0].rating.games == 2
        and {s.name for s in board} == {"anna", "bob", "Carla"}
    )
    assert main(["leaderboard", "--limit", "1", "--database", url, "--data-dir", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 2


async def test_an_action_in_the_journal_is_a_row(tmp_path):
    """One row per action, keyed (table, number): what a host sees with the sqlite3 tool."""
    db = open_database(Settings(data_dir=str(tmp_path)))
    db.table_started(KeptTable(4, dict(SETTINGS), [], record(0), {}))
    await db.append_actions(4, 0, [(0, Action("take_gold"))])
    conn = sqlite3.connect(tmp_path / "citadels.db")
    assert conn.execute("SELECT table_id, n, seat, action FROM journal").fetchall() == [
        (4, 0, 0, '["take_gold"]')
    ]
    conn.close()
    db.close()


async def test_a_write_after_close_is_refused_without_raising(tmp_path):
    db = open_database(Settings(data_dir=str(tmp_path)))
    db.table_started(KeptTable(1, dict(SETTINGS), [], record(0), {}))
    db.close()
    db.chat_line(None, "anna: too late")  # a session ending as the server stops: logged, not raised
    with pytest.raises(DatabaseError, match="is closed"):
        await db.append_actions(1, 0, record(1).actions)
    db.close()  # twice is fine


WRITER = """
import asyncio, sys
from citadels_core import Action, GameConfig
from citadels_core.record import GameRecord
from citadels_server.database import open_database
from citadels_server.settings import Settings
from citadels_tui.records import KeptTable

async def main():
    db = open_database(Settings(data_dir=sys.argv[1], database=sys.argv[2]))
    kept = db.tables_in_play()
    if not kept:
        db.table_started(KeptTable(1, {}, [], GameRecord(GameConfig.create(4), 1), {}))
        n = 0
    else:
        n = len(kept[0].record.actions)
    while True:
        await db.append_actions(1, n, [(n % 4, Action("move", (n,)))])
        print(n, flush=True)  # acknowledged: the action would be shown now
        n += 1

asyncio.run(main())
"""


@pytest.mark.slow
def test_every_acknowledged_action_survives_sigkill(url, tmp_path):
    """A process journals actions one by one and says each one once its future is done; SIGKILL at a
    random moment, ten times: every action it said is there, in order, and the next run goes on from
    exactly there."""
    import random

    rng = random.Random(16)
    said = -1
    for _ in range(10):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), url], stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert proc.stdout is not None
        for _ in range(rng.randint(1, 40)):
            said = int(proc.stdout.readline())
        proc.kill()
        proc.wait(30)
        db = opened(url, tmp_path)
        try:
            (kept,) = db.tables_in_play()
        finally:
            db.close()
        actions = [a.args[0] for _, a in kept.record.actions]
        assert actions == list(range(len(actions))) and len(actions) > said
    assert said >= 10


def test_citadels_serve_on_postgresql(tmp_path, postgres_url):
    proc = subprocess.Popen(
        serve_command("--data-dir", str(tmp_path), "--database", postgres_url, "--log-level", "WARNING"),
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    banner: list[str] = []
    while not banner or "Players connect with" not in banner[-1]:
        banner.append(proc.stdout.readline())
        assert banner[-1], "the server ended before it listened"
    proc.terminate()
    assert proc.wait(30) == 0
    assert f"Database: {postgres_url}\n" in banner
    db = opened(postgres_url, tmp_path)
    db.close()
