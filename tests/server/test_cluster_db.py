"""What several server processes sharing one database need of it (docs/scaling.md), on a real PostgreSQL
server (tests/support/postgres.py) and, where it applies, SQLite: a journal append that fails cleanly when another
action took its place (two Database objects racing: exactly one wins), notifications across Database
objects and across processes, and table leases that expire and are taken over."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import postgres
import pytest
from clusters import game, opened
from helpers import TABLE_SETTINGS as SETTINGS

from citadels_core.record import GameRecord
from citadels_core.takeback import take_back_refusal
from citadels_server.database import Database, DatabaseError, Notice
from citadels_tui.journal import Unkept
from citadels_tui.records import KeptSeat, KeptTable, MemoryRecords, PlaceTaken, TableGone
from citadels_tui.table import Table

ROOT = Path(__file__).resolve().parents[2]
postgres_server, postgres_url = (
    postgres.postgres_server,
    postgres.postgres_url,
)  # the fixtures, for these tests

WAIT = 20.0  # seconds: generous, for a loaded machine; the tests pass in far less


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "db" / "citadels.db")
    return request.getfixturevalue("postgres_url")


def start_table(db: Database | MemoryRecords, tid: int, rec: GameRecord) -> None:
    db.table_started(
        KeptTable(
            tid,
            dict(SETTINGS),
            [KeptSeat("anna", "SHA256:anna"), KeptSeat("bob", "SHA256:bob")],
            GameRecord(rec.config, rec.seed, []),
            {2: "normal", 3: "normal"},
        )
    )
    if isinstance(db, Database):
        db.flush()


# --------------------------------------------------------------------------- appends that take a place


async def test_two_databases_racing_for_each_place_exactly_one_wins(url, tmp_path):
    a, b = opened(url, tmp_path / "a"), opened(url, tmp_path / "b")
    try:
        rec = game(40)
        start_table(a, 1, rec)
        # At each place both claim at once, each its own move (a's is the game's, b's another seat's): each
        # Database writes on its own thread and connection, so the two transactions truly race.
        wins = {"a": 0, "b": 0}
        for n, move in enumerate(rec.actions):
            rival = ((move[0] + 1) % 4, move[1])
            got = await asyncio.gather(
                a.claim_actions(1, n, [move]), b.claim_actions(1, n, [rival]), return_exceptions=True
            )
            lost = [x for x in got if isinstance(x, BaseException)]
            assert len(lost) == 1 and isinstance(lost[0], PlaceTaken), got
            winner = move if got[0] is None else rival
            wins["a" if got[0] is None else "b"] += 1
            # The loser learns what is there now: the winner's move, and nothing of its own was kept.
            assert (lost[0].table, lost[0].start) == (1, n)
            assert [(s, x.to_json()) for s, x in lost[0].there] == [(winner[0], winner[1].to_json())]
            if got[1] is None:  # let a's game go on from the game's move, as its replica would
                await a.truncate_actions(1, n)
                await a.claim_actions(1, n, [move])
        assert [(s, x.to_json()) for s, x in await b.actions_from(1, 0)] == [
            (s, x.to_json()) for s, x in rec.actions
        ]
        assert wins["a"] + wins["b"] == len(rec.actions)
    finally:
        a.close()
        b.close()


async def test_a_claim_of_several_actions_is_all_or_nothing(url, tmp_path):
    a, b = opened(url, tmp_path / "a"), opened(url, tmp_path / "b")
    try:
        rec = game(6)
        start_table(a, 1, rec)
        await a.claim_actions(1, 0, rec.actions[:3])
        await b.claim_actions(1, 3, rec.actions[3:4])
        # a's replica did not see b's action 3 yet: its claim of 3, 4, 5 keeps nothing.
        with pytest.raises(PlaceTaken) as taken:
            await a.claim_actions(1, 3, rec.actions[3:6])
        assert [x.to_json() for _, x in taken.value.there] == [rec.actions[3][1].to_json()]
        assert len(await a.actions_from(1, 0)) == 4
        await a.claim_actions(1, 4, rec.actions[4:6])  # re-read, re-validated, claimed again
        assert [x.to_json() for _, x in await b.actions_from(1, 0)] == [x.to_json() for _, x in rec.actions]
    finally:
        a.close()
        b.close()


async def test_a_claim_at_a_table_no_longer_in_play_or_past_the_journal_keeps_nothing(url, tmp_path):
    a = opened(url, tmp_path / "a")
    try:
        rec = game(4)
        start_table(a, 1, rec)
        with pytest.raises(PlaceTaken) as taken:  # the journal ends before: nothing is there from its end
            await a.claim_actions(1, 2, rec.actions[2:3])
        assert (taken.value.start, taken.value.there) == (0, [])
        a.table_closed(1)
        with pytest.raises(TableGone):
            await a.claim_actions(1, 0, rec.actions[:1])
        assert await a.actions_from(1, 0) == []
    finally:
        a.close()


async def test_in_memory_a_claim_behaves_as_in_the_database():
    r = MemoryRecords()
    rec = game(4)
    start_table(r, 1, rec)
    await r.claim_actions(1, 0, rec.actions[:2])
    with pytest.raises(PlaceTaken) as taken:
        await r.claim_actions(1, 1, rec.actions[1:3])
    assert (taken.value.start, taken.value.there) == (1, rec.actions[1:2])
    with pytest.raises(PlaceTaken) as past:
        await r.claim_actions(1, 3, rec.actions[3:4])
    assert (past.value.start, past.value.there) == (2, [])
    await r.claim_actions(1, 2, rec.actions[2:4])
    assert r.tables_in_play()[0].record.actions == rec.actions[:4]
    with pytest.raises(PlaceTaken) as followed:
        await r.unclaim_action(1, 2, rec.actions[2])
    assert followed.value.there == rec.actions[2:4]
    await r.unclaim_action(1, 3, rec.actions[3])
    assert r.tables_in_play()[0].record.actions == rec.actions[:3]
    r.table_closed(1)
    with pytest.raises(TableGone):
        await r.claim_actions(1, 4, rec.actions[4:])
    with pytest.raises(TableGone):
        await r.unclaim_action(1, 2, rec.actions[2])


async def test_a_decision_is_taken_back_only_while_it_is_the_journals_last(url, tmp_path):
    a, b = opened(url, tmp_path / "a"), opened(url, tmp_path / "b")
    try:
        rec = game(6)
        start_table(a, 1, rec)
        await a.claim_actions(1, 0, rec.actions[:3])
        await a.unclaim_action(1, 2, rec.actions[2])
        assert await b.actions_from(1, 0) == rec.actions[:2]
        with pytest.raises(PlaceTaken) as other:  # not that action
            await a.unclaim_action(1, 1, rec.actions[0])
        assert (other.value.start, other.value.there) == (1, rec.actions[1:2])
        await b.claim_actions(1, 2, rec.actions[2:3])  # another process's action follows action 1
        with pytest.raises(PlaceTaken) as followed:
            await a.unclaim_action(1, 1, rec.actions[1])
        assert (followed.value.start, followed.value.there) == (1, rec.actions[1:3])
        assert await b.actions_from(1, 0) == rec.actions[:3]
    finally:
        a.close()
        b.close()


async def test_taking_back_and_claiming_the_next_place_at_once_never_leave_a_gap(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    try:
        rec = game(40)
        start_table(a, 1, rec)
        outcomes = set()
        for n in range(1, 30):
            await a.truncate_actions(1, 0)
            await a.claim_actions(1, 0, rec.actions[:n])
            # a takes back action n - 1 while b claims action n on top of it: exactly one of them happens.
            got = await asyncio.gather(
                a.unclaim_action(1, n - 1, rec.actions[n - 1]),
                b.claim_actions(1, n, rec.actions[n : n + 1], after=rec.actions[n - 1]),
                return_exceptions=True,
            )
            assert sum(isinstance(x, PlaceTaken) for x in got) == 1, got
            outcomes.add("taken back" if got[0] is None else "claimed")
            journal = await a.actions_from(1, 0)
            assert journal == rec.actions[: n - 1 if got[0] is None else n + 1]
        assert outcomes  # which one wins each round is the race's
    finally:
        a.close()
        b.close()


# ---------------------------------------------------------------------------------------- notices


class Inbox:
    """What a listener was told, awaited with a generous timeout."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.changed = asyncio.Event()

    def __call__(self, notice: Notice) -> None:
        asyncio.get_running_loop()  # delivered on the event loop, not on the listener's thread
        self.notices.append(notice)
        self.changed.set()

    async def until(self, count: int) -> list[Notice]:
        deadline = time.monotonic() + WAIT
        while len(self.notices) < count:
            self.changed.clear()
            assert time.monotonic() < deadline, f"only {self.notices}"
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.monotonic())
            except TimeoutError:
                pass
        return self.notices


async def test_what_one_database_writes_is_told_to_another(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    inbox = Inbox()
    listener = await b.listen(inbox)
    try:
        rec = game(5)
        start_table(a, 7, rec)
        await a.claim_actions(7, 0, rec.actions[:2])
        await a.append_actions(7, 2, rec.actions[2:3])
        await a.truncate_actions(7, 2)
        a.chat_line(None, "anna: hello lobby")
        a.chat_line(7, "anna: gg")
        a.seats_changed(7, [KeptSeat("anna", "SHA256:anna")], {1: "easy", 2: "normal", 3: "normal"})
        a.key_added("Carla", "SHA256:carla")
        a.table_closed(7)
        got = await inbox.until(9)
        assert {n.origin for n in got} == {a.holder} and a.holder != b.holder
        assert [(n.kind, n.table, n.n if n.kind != "chat" else "id", n.count) for n in got] == [
            ("table", 7, 0, 0),
            ("actions", 7, 0, 2),
            ("actions", 7, 2, 1),
            ("truncated", 7, 2, 0),
            ("chat", None, "id", 0),
            ("chat", 7, "id", 0),
            ("table", 7, 0, 0),
            ("players", None, 0, 0),
            ("table", 7, 0, 0),
        ]
        # A chat notice's number is the line's: the other process reads it from there.
        lobby = got[4]
        assert await b.chat_after(None, lobby.n - 1) == [(lobby.n, "anna: hello lobby")]
        assert listener.listening
    finally:
        a.close()
        b.close()  # its listeners with it
        assert not listener.listening


@pytest.mark.slow
async def test_a_second_process_is_heard_and_a_lost_connection_is_made_again(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    inbox = Inbox()
    listener = await b.listen(inbox)
    try:
        rec = game(3)
        start_table(a, 3, rec)
        await inbox.until(1)
        # Another process, as another `citadels serve` would be: it appends action 0 of table 3.
        script = textwrap.dedent(f"""
            import asyncio, sys
            sys.path[:0] = [{str(ROOT / "tests" / "support")!r}]
            from clusters import game, opened
            from pathlib import Path
            async def main():
                db = opened({postgres_url!r}, Path({str(tmp_path / "c")!r}))
                await db.claim_actions(3, 0, game(3).actions[:1])
                print(db.holder)
                db.close()
            asyncio.run(main())
        """)
        out = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-c", script],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        got = await inbox.until(2)
        assert (got[1].kind, got[1].table, got[1].n, got[1].count, got[1].origin) == (
            "actions",
            3,
            0,
            1,
            out.stdout.strip(),
        )
        # PostgreSQL ends the listener's connection (a restart, a network cut): it listens again and says
        # that notices may have been lost meanwhile, then hears the next ones.
        import psycopg

        with psycopg.connect(postgres_url, autocommit=True) as conn:
            ended = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query = 'LISTEN citadels' AND pid <> pg_backend_pid()"
            ).fetchall()
        assert ended == [(True,)]
        assert (await inbox.until(3))[2].kind == "lost"
        await a.claim_actions(3, 1, rec.actions[1:2])
        assert [(n.kind, n.n) for n in await inbox.until(4)][3] == ("actions", 1)
    finally:
        listener.close()
        a.close()
        b.close()


async def test_sqlite_has_nothing_to_listen_to(tmp_path):
    db = opened(str(tmp_path / "citadels.db"), tmp_path)
    try:
        with pytest.raises(DatabaseError, match="is SQLite: only one process uses it"):
            await db.listen(lambda notice: None)
    finally:
        db.close()


# ----------------------------------------------------------------------------------------- leases


async def test_a_lease_is_held_renewed_and_taken_over_once_expired(url, tmp_path):
    a, b = opened(url, tmp_path / "a"), opened(url, tmp_path / "b")
    try:
        rec = game(0)
        start_table(a, 1, rec)
        start_table(a, 2, rec)
        assert await a.tables_without_runner() == [1, 2]
        first = await a.take_lease(1, 1.5)
        assert (first.holder, first.term, first.mine) == (a.holder, 1, True)
        held = await b.take_lease(1, 1.5)  # a holds it: b does not get it
        assert (held.holder, held.term, held.mine) == (a.holder, 1, False)
        renewed = await a.take_lease(1, 1.5)
        assert (renewed.term, renewed.mine) == (1, True) and renewed.expires >= first.expires
        assert await a.renew_leases(1.5) == [1] and await b.renew_leases(1.5) == []  # all of one's at once
        kept = await a.lease_of(1)
        assert kept is not None and kept.expires >= first.expires
        assert await b.tables_without_runner() == [2]
        # a stops renewing (a process killed): once expired, b takes it, one term later.
        await asyncio.sleep(kept.expires - time.time() + 0.3)
        assert await b.tables_without_runner() == [1, 2]
        taken = await b.take_lease(1, 1.5)
        assert (taken.holder, taken.term, taken.mine) == (b.holder, 2, True)
        late = await a.take_lease(1, 1.5)  # a wakes up: the table is b's now, and a can tell
        assert (late.holder, late.term, late.mine) == (b.holder, 2, False)
        await a.release_lease(1)  # not a's to give
        now = await b.lease_of(1)
        assert now is not None and now.holder == b.holder
        await b.release_lease(1)  # a process that stops gives its tables up at once
        again = await a.take_lease(1, 1.5)
        assert (again.holder, again.term, again.mine) == (a.holder, 3, True)
        a.table_closed(1)  # a table that ended has no lease
        a.flush()
        assert await b.lease_of(1) is None
    finally:
        a.close()
        b.close()


async def test_two_databases_racing_for_a_free_lease_one_gets_it(postgres_url, tmp_path):
    dbs = [opened(postgres_url, tmp_path / str(i)) for i in range(3)]
    try:
        start_table(dbs[0], 1, game(0))
        got = await asyncio.gather(*(db.take_lease(1, 30) for db in dbs))
        assert sum(lease.mine for lease in got) == 1
        assert len({(lease.holder, lease.term) for lease in got}) == 1
    finally:
        for db in dbs:
            db.close()


# --------------------------------------------------------------------------------------- replicas


def replica(db: Database, tid: int, rec: GameRecord) -> Table:
    """A table as a process sharing the journal keeps it: its own seats' moves claimed (after the action
    its game follows), the other processes' applied as their notices come."""
    loop = asyncio.get_running_loop()

    class Claims(Unkept):
        def keep(self, start, moves, after):
            return db.claim_actions(tid, start, moves, after=after)

        def forget(self, length, taken):
            return db.unclaim_action(tid, length, taken)

        def read_from(self, length):
            loop.create_task(read(length))
            return True

    async def read(start: int) -> None:
        table.receive(start, await db.actions_from(tid, start), ends=True)

    table = Table(GameRecord(rec.config, rec.seed, []), {}, journal=Claims())
    return table


async def route(db: Database, tid: int, table: Table) -> Any:
    """The notices of the other processes' actions, to the replica (as the hub will route them)."""
    loop = asyncio.get_running_loop()

    async def read(start: int) -> None:
        # Only what follows: a read that comes late (the journal has moved on since, this replica's own
        # claim among it) must not cut the replica back; a decision taken back comes as `truncated`.
        table.receive(start, await db.actions_from(tid, start))

    def told(notice: Notice) -> None:
        if notice.table != tid or notice.origin == db.holder:
            return
        if notice.kind == "actions":
            loop.create_task(read(notice.n))
        elif notice.kind == "truncated":
            table.receive(notice.n, [], ends=True)

    return await db.listen(told)


async def settled(tables: list[Table], length: int) -> None:
    deadline = time.monotonic() + WAIT
    while not all(len(t.record.actions) == length and t.unjournalled == 0 for t in tables):
        assert time.monotonic() < deadline, [len(t.record.actions) for t in tables]
        await asyncio.sleep(0.01)


def legal(t: Table) -> tuple[int, list[Any]]:
    pending = t.game.pending()
    assert pending is not None
    return pending[0], t.game.legal_actions()


async def test_two_replicas_play_in_step_and_a_race_leaves_both_with_the_winners_move(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    rec = game(0)
    start_table(a, 1, rec)
    ta, tb = replica(a, 1, rec), replica(b, 1, rec)
    listeners = [await route(a, 1, ta), await route(b, 1, tb)]
    try:
        # In turn, one replica or the other plays the decision; the other follows through the notices.
        for n in range(24):
            t = (ta, tb)[n % 2]
            player, actions = legal(t)
            t.submit(player, [actions[0]])
            await settled([ta, tb], n + 1)
        assert ta.record.actions == tb.record.actions == await a.actions_from(1, 0)
        # Both decide the same place at once, differently where they can: one move is kept, both replicas
        # show it, and the other's player is told; nothing else changes.
        races = 0
        for n in range(24, 40):
            (player, actions), _ = legal(ta), legal(tb)
            ta.submit(player, [actions[0]])
            tb.submit(player, [actions[-1]])
            await settled([ta, tb], n + 1)
            journal = await a.actions_from(1, 0)
            assert ta.record.actions == tb.record.actions == journal and len(journal) == n + 1
            if actions[0] != actions[-1]:
                races += 1
                told = [str(t.save_error) for t in (ta, tb) if t.save_error is not None]
                assert told == ["Another move was made first: the game is shown as it is now."]
                assert journal[n] in ((player, actions[0]), (player, actions[-1]))
        assert races >= 3
    finally:
        for listener in listeners:
            listener.close()
        a.close()
        b.close()


async def test_a_move_decided_on_a_move_that_lost_its_place_is_not_kept(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    rec = game(0)
    start_table(a, 1, rec)
    ta, tb = replica(a, 1, rec), replica(b, 1, rec)
    listener = await route(b, 1, tb)  # a hears nothing: b's move will reach it only through its failed claim
    try:
        n = 0
        while len(legal(ta)[1]) < 2:  # up to a decision with a choice
            player, actions = legal(ta)
            ta.submit(player, [actions[0]])
            n += 1
            await settled([ta, tb], n)
        player, actions = legal(tb)
        tb.submit(player, [actions[0]])
        await settled([tb], n + 1)
        # a has not heard of b's move: its player decides otherwise, then decides the next decision on top
        # of that: two claims in flight. The first loses its place; the second must not land after b's.
        ta.submit(player, [actions[-1]])
        nxt, more = legal(ta)
        ta.submit(nxt, [more[0]])
        await settled([ta, tb], n + 1)
        assert await a.actions_from(1, 0) == ta.record.actions == tb.record.actions
        assert ta.record.actions[n] == (player, actions[0])
        assert str(ta.save_error) == "Another move was made first: the game is shown as it is now."
    finally:
        listener.close()
        a.close()
        b.close()


# ------------------------------------------------------------------------ a real `citadels serve`


@pytest.mark.slow
async def test_what_a_real_server_writes_is_told_to_another_process(postgres_url, tmp_path):
    """`citadels serve` on PostgreSQL, a player in its lobby: another process listening to the database
    hears the lobby's chat line, the table made and started, and the game's actions as they are kept."""
    from served import Typist, served

    watcher = opened(postgres_url, tmp_path / "watcher")
    inbox = Inbox()
    listener = await watcher.listen(inbox)
    try:
        async with served(
            tmp_path / "server", "--database", postgres_url, "--bot-pace", "0", log_level="WARNING"
        ) as server:
            anna = await Typist.in_lobby(server.port, "anna")
            await anna.enter("say hello from the first process", "hello from the first process")
            await anna.enter("new 4 seed=3", "Table 1 is yours")
            await anna.enter("start", "Your hand")
            deadline = time.monotonic() + WAIT
            while not any(n.kind == "actions" and n.table == 1 for n in inbox.notices):
                assert time.monotonic() < deadline, inbox.notices
                if "your" in anna.row(0):
                    anna.type("1\r")  # her decision (the bots play theirs): the game's actions are kept
                await asyncio.sleep(0.2)
            anna.close()
        chat = next(n for n in inbox.notices if n.kind == "chat" and n.table is None)
        assert await watcher.chat_after(None, chat.n - 1) == [(chat.n, "anna: hello from the first process")]
        assert any(n.kind == "table" and n.table == 1 for n in inbox.notices)
        assert {n.origin for n in inbox.notices} == {chat.origin} and chat.origin != watcher.holder
        # What the notices said was kept, the other process reads: the game's journal, in order.
        told = [n for n in inbox.notices if n.kind == "actions" and n.table == 1]
        kept = 0
        for notice in told:  # in commit order, each following the one before: no gap, nothing twice
            assert notice.n == kept
            kept += notice.count
        assert len(await watcher.actions_from(1, 0)) >= kept > 0
    finally:
        listener.close()
        watcher.close()


async def test_a_decision_taken_back_after_another_process_acted_on_it_stands(postgres_url, tmp_path):
    a, b = opened(postgres_url, tmp_path / "a"), opened(postgres_url, tmp_path / "b")
    rec = game(0)
    start_table(a, 1, rec)
    ta, tb = replica(a, 1, rec), replica(b, 1, rec)
    listener = await route(b, 1, tb)  # a hears nothing: b's move reaches it only through its take-back
    try:
        n = 0
        while True:  # up to a decision of a's that may be taken back (it revealed nothing)
            player, actions = legal(ta)
            ta.submit(player, [actions[0]])
            n += 1
            await settled([ta, tb], n)
            if take_back_refusal(ta.config, ta.record.seed, ta.record.actions, player, ta.game) is None:
                break
        # Taken back while nobody acted on it: gone from the journal, and from the other replica.
        assert ta.take_back(player)[0] is None
        await settled([ta, tb], n - 1)
        assert await a.actions_from(1, 0) == ta.record.actions == tb.record.actions and ta.save_error is None
        ta.submit(player, [actions[0]])
        await settled([ta, tb], n)
        # b acts on it, a has not heard yet and takes it back: it stands, with b's move after it.
        nxt, more = legal(tb)
        tb.submit(nxt, [more[0]])
        await settled([tb], n + 1)
        assert ta.take_back(player)[0] is None
        await settled([ta], n + 1)
        assert await a.actions_from(1, 0) == ta.record.actions == tb.record.actions
        assert str(ta.save_error) == "Another move was made first, so that decision could not be taken back."
    finally:
        listener.close()
        a.close()
        b.close()
