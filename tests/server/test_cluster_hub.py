"""Two hubs, as two `citadels serve` processes keep them, on one real PostgreSQL database (tests/support/postgres.py):
the lobby and its chat agree, a player of each hub sits at one table, they play it to the end on their own
replicas while the process holding the table's lease runs the bots, and another takes the bots over when
the lease holder stops renewing (docs/scaling.md)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import postgres
import pytest
from clusters import LEASE, hubs_open, opened
from ssh_helpers import started
from waits import until

from citadels_server.database import Database
from citadels_server.hub import Hub
from citadels_server.replication import SharedHub
from citadels_tui.admin import Admin
from citadels_tui.lobby import HostedTable, HubError
from citadels_tui.records import Ban

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures


def play_mine(hub: Hub, tid: int, name: str) -> bool:
    """`name` takes the first legal action if it is theirs to decide on `hub`'s replica; whether they did."""
    ht = hub.tables.get(tid)
    if ht is None:  # over, and nobody here looks at it: it left this hub's lobby
        return False
    table = ht.table
    assert table is not None
    pending = table.game.pending()
    if pending is None or table.unjournalled:
        return False
    seat = pending[0]
    if table.config.names[seat] != name:
        return False
    table.submit(seat, [table.game.legal_actions()[0]])
    return True


async def play_until(
    tid: int, done: Callable[[], object], *players: tuple[Hub, str], what: str, timeout: float = 60
) -> None:
    """Until `done`, each of `players` (a hub and a name) plays their seat of table `tid` on that hub."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, what
        for hub, name in players:
            play_mine(hub, tid, name)
        await asyncio.sleep(0.01)


async def test_two_hubs_share_the_lobby_a_table_its_chat_and_play_it_to_the_end(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=4)
        await until(lambda: ht.id in hb.tables, "the table made on a in b's lobby")
        other = hb.tables[ht.id]
        assert other.names() == ["anna"] and other.status == "waiting"
        assert hb.join(other, "bruno", "SHA256:bruno") == 1
        await until(lambda: ht.names() == ["anna", "bruno"], "bruno's seat seen on a")
        ha.say_lobby("anna", "hello from a")
        await until(lambda: "anna: hello from a" in hb.chat, "a's lobby line on b")
        ha.start(ht, "anna")
        await until(lambda: other.table is not None, "the game started on b")
        await until(lambda: ha.runs(ht.id), "a, where it started, runs the bots")
        assert not hb.runs(ht.id)
        # Each plays their own seat on their own hub; the bots play where the lease is held.
        await play_until(
            ht.id,
            lambda: started(ht).game.over and started(other).game.over,
            (ha, "anna"),
            (hb, "bruno"),
            what="the game did not end",
            timeout=120,
        )
        assert started(ht).record.actions == started(other).record.actions
        # Kept in the history once, by the process that ran the table.
        await until(lambda: ht.kept and other.kept, "the game kept")
        a.flush()
        games = await b.games()
        assert [g.id for g in games] == [ht.id]
        finished, rating = await b.game(ht.id), await b.rating("anna")
        assert finished is not None and finished.record.actions == started(ht).record.actions
        assert rating is not None and rating.games == 1


async def test_two_hubs_cannot_give_one_seat_twice(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=2)
        await until(lambda: ht.id in hb.tables)
        # carla on b and dora on a want the last seat at the same moment (b has not heard of dora yet).
        assert ha.join(ht, "dora", "SHA256:dora") == 1
        with pytest.raises(HubError, match="That table is full"):
            hb.join(hb.tables[ht.id], "carla", "SHA256:carla")  # b read the seats again: full
        await until(lambda: hb.tables[ht.id].names() == ["anna", "dora"])
        # bruno sits down on b and anna starts on a before a heard of him: the game is the seats' as they
        # are now (his included), not as a knew them.
        t3 = ha.create("gus", "SHA256:gus", players=3)
        await until(lambda: t3.id in hb.tables)
        hb.join(hb.tables[t3.id], "bruno", "SHA256:bruno")
        assert ha.start(t3, "gus").config.names[:2] == ("gus", "bruno")
        await until(lambda: hb.tables[t3.id].table is not None)
        assert started(hb.tables[t3.id]).config.names == started(t3).config.names
        # Ids come from the database: a table made on each hub at once gets two ids.
        t1, t2 = ha.create("erik", "SHA256:erik"), hb.create("fay", "SHA256:fay")
        assert len({ht.id, t1.id, t2.id}) == 3


@pytest.mark.slow
async def test_when_the_lease_holder_stops_renewing_another_hub_runs_the_bots(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=4)
        await until(lambda: ht.id in hb.tables)
        hb.join(hb.tables[ht.id], "bruno", "SHA256:bruno")
        await until(lambda: len(ht.holders) == 2)
        ha.start(ht, "anna")
        await until(lambda: ha.runs(ht.id) and hb.tables[ht.id].table is not None)
        other = hb.tables[ht.id]
        # a dies as `kill -9` would leave it: its renewals and bots stop, its lease is not given up.
        ha.stop_sharing(release=False)
        stopped = time.monotonic()
        await until(lambda: hb.runs(ht.id), "b took the table over")
        took = time.monotonic() - stopped
        assert took < LEASE * 3 + 5  # within the lease and a renewal, plus a loaded machine's slack
        # b's bots play on, and bruno with them; anna plays on b's replica now (she reconnected there).
        start = len(started(other).record.actions)
        await play_until(
            ht.id,
            lambda: len(started(other).record.actions) >= start + 8 or started(other).game.over,
            (hb, "bruno"),
            (hb, "anna"),
            what="the game did not go on",
        )
        assert started(other).record.actions == await b.actions_from(ht.id, 0)


@pytest.mark.slow
async def test_a_hub_that_stops_gives_its_tables_up_at_once(postgres_url, tmp_path):
    lease = 9.0  # long: a takeover sooner than this is the release's doing, not the lease's expiry
    async with hubs_open(postgres_url, tmp_path, lease) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=3)
        await until(lambda: ht.id in hb.tables)
        hb.join(hb.tables[ht.id], "bruno", "SHA256:bruno")
        await until(lambda: len(ht.holders) == 2)
        ha.start(ht, "anna")
        await until(lambda: ha.runs(ht.id) and hb.tables[ht.id].table is not None)
        stopped = time.monotonic()
        ha.close()  # SIGTERM's drain: its leases are given up, then its database closed
        await until(lambda: hb.runs(ht.id), "b took the table over")
        assert time.monotonic() - stopped < lease


async def started_across(ha: SharedHub, hb: SharedHub) -> tuple[HostedTable, HostedTable]:
    """anna's table on a (a runs it), bruno seated from b, the game started; each hub's HostedTable."""
    ht = ha.create("anna", "SHA256:anna", players=3)
    await until(lambda: ht.id in hb.tables)
    hb.join(hb.tables[ht.id], "bruno", "SHA256:bruno")
    await until(lambda: len(ht.holders) == 2)
    ha.start(ht, "anna")
    await until(lambda: ha.runs(ht.id) and hb.tables[ht.id].table is not None)
    other = hb.tables[ht.id]
    ha.arrive(ht, 0)
    hb.arrive(other, 1)
    return ht, other


@pytest.mark.slow
async def test_a_seat_left_on_one_process_is_held_by_the_process_running_the_table(postgres_url, tmp_path):
    # A hold long enough to see the wait on a loaded machine.
    async with hubs_open(postgres_url, tmp_path, seat_hold=6.0) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        # bruno leaves b: a, which runs the table, waits for him (his seat is held), then gives it to a bot.
        hb.depart(other, 1)
        await until(lambda: 1 in started(ht).away, "a waits for bruno")
        assert 1 not in started(ht).bots
        await until(lambda: 1 in started(ht).bots and 1 in started(other).bots, "his seat went to a bot")
        assert ht.holders[1].released and other.holders[1].released
        # Said on a, heard on b: the replica's chat follows its table's notice.
        gone = "bruno did not come back: a bot plays their seat to the end."
        await until(lambda: gone in [str(x) for x in other.chat], "b told that a bot took his seat")


@pytest.mark.slow
async def test_a_player_who_left_one_process_and_came_back_on_another_keeps_the_seat(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path, seat_hold=4.0) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        hb.depart(other, 1)
        await until(lambda: 1 in started(ht).away, "a waits for bruno")
        ha.arrive(ht, 1)  # back, on a
        await until(lambda: 1 not in started(other).away and other.holders[1].away_until is None)
        assert 1 not in started(ht).away
        await asyncio.sleep(5.0)  # past the hold b started: nobody gives his seat away
        assert 1 not in started(ht).bots and 1 not in started(other).bots and not ht.holders[1].released


async def test_a_ban_or_a_name_claimed_on_one_process_holds_at_every_login_of_the_other(
    postgres_url, tmp_path
):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        assert b.banned("mallory", None, None) is None and not b.players.claimed("carla")
        a.ban(Ban("name", "Mallory", "spam", "admin", time.time()))
        a.players.claim("Carla", "SHA256:carla")
        await until(lambda: b.banned("mallory", None, None) is not None, "the ban heard on b")
        await until(lambda: b.players.owns("carla", "SHA256:carla"), "carla's key heard on b")
        assert a.unban("name", "mallory")
        await until(lambda: b.banned("mallory", None, None) is None, "the ban lifted on b")


class Session:
    """A connected session as an admin's word reaches it (citadels_tui/order.py's Attendee)."""

    key: str | None  # as Attendee has it: None for a session without a key

    def __init__(self, name: str) -> None:
        self.name, self.key, self.address = name, f"SHA256:{name}", "127.0.0.1"
        self.farewells: list[str] = []

    def admin(self) -> Admin:
        """The session as the command it gives names it (as the lobby's words give it)."""
        return Admin(self.name, self.key, self.address)

    def dismiss(self, farewell: object) -> None:
        self.farewells.append(str(farewell))

    def table_closed(self, tid: int, sentence: object) -> None:
        pass

    def motd_changed(self, motd: str) -> None:
        pass


def connect(hub: Hub, name: str) -> Session:
    who = Session(name)
    hub.order.arrive(who)
    hub.subscribe(lambda: None)  # as a session's app does: the process says who is connected
    return who


def admin_on(hub: Hub) -> Session:
    """An admin's session on `hub`."""
    boss = connect(hub, "boss")
    assert boss.key is not None
    hub.order.admins = frozenset({boss.key})
    return boss


async def seen_sitting(db: Database, tid: int, name: str) -> None:
    """Until another process's presence says that `name` sits at table `tid` there."""

    async def sitting() -> bool:
        return any([tid, name] in here.get("seats", []) for _, _, here in await db.presence(LEASE, None))

    await until(sitting, f"{name} at {tid} in a presence", pause=0.05)


def dies(hub: SharedHub) -> None:
    """The hub's process is killed (`kill -9`): it renews nothing (leases, presence) and gives nothing up;
    its connections to the database close."""
    hub.stop_sharing(release=False)
    hub.records.close()


@pytest.mark.slow
async def test_the_seat_of_a_player_whose_process_died_is_held_then_retaken_on_another(
    postgres_url, tmp_path
):
    async with hubs_open(postgres_url, tmp_path, seat_hold=60) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        await seen_sitting(a, ht.id, "bruno")
        dies(hb)  # bruno was on b; a runs the table
        await until(lambda: 1 in started(ht).away, "a holds bruno's seat")
        assert ht.holders[1].away_until is not None and 1 not in started(ht).bots
        assert "bruno left; their seat is kept for 60 seconds." in [str(x) for x in ht.chat]
        ha.arrive(ht, 1)  # bruno reconnects, to a
        assert 1 not in started(ht).away and ht.holders[1].away_until is None
        assert "bruno is back." in [str(x) for x in ht.chat]
        await asyncio.sleep(LEASE * 2)  # renewals later: b's dead row still names him, and changes nothing
        assert 1 not in ht.table.away and not ht.holders[1].released


@pytest.mark.slow
async def test_the_seat_of_a_player_whose_process_died_goes_to_a_bot_when_the_hold_runs_out(
    postgres_url, tmp_path
):
    async with hubs_open(postgres_url, tmp_path, seat_hold=2.0) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        await seen_sitting(a, ht.id, "bruno")
        dies(hb)
        await until(lambda: 1 in started(ht).away, "a holds bruno's seat")
        await until(lambda: 1 in started(ht).bots, "his seat went to a bot")
        assert ht.holders[1].released
        # The game goes on: anna plays, the bots (bruno's seat's too) play on a.
        start = len(started(ht).record.actions)
        await play_until(
            ht.id,
            lambda: len(started(ht).record.actions) >= start + 8 or started(ht).game.over,
            (ha, "anna"),
            what="the game did not go on",
        )


@pytest.mark.slow
async def test_players_of_a_process_that_died_stand_up_from_tables_not_yet_started(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        connect(ha, "anna"), connect(hb, "bruno"), connect(hb, "carla")
        ht = ha.create("anna", "SHA256:anna", players=4)
        await until(lambda: ht.id in hb.tables)
        hb.join(hb.tables[ht.id], "bruno", "SHA256:bruno")
        lonely = hb.create("carla", "SHA256:carla", players=3)  # only players of b sit there
        await until(lambda: len(ht.holders) == 2 and lonely.id in ha.tables)
        await seen_sitting(a, ht.id, "bruno")
        await seen_sitting(a, lonely.id, "carla")
        await asyncio.sleep(LEASE)  # renewals: both alive, nobody stands up
        assert ht.names() == ["anna", "bruno"] and lonely.id in ha.tables
        dies(hb)
        await until(lambda: ht.names() == ["anna"], "bruno stood up on a")
        await until(lambda: lonely.id not in ha.tables, "carla's table left a's lobby")
        a.flush()
        assert await a.table_state(lonely.id) is None
        state = await a.table_state(ht.id)
        assert isinstance(state, tuple) and state[1][0].name == "anna"  # not started: its settings and seats


async def test_spectators_are_counted_on_every_process(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        hb.watch(other)
        hb.watch(other)
        ha.watch(ht)
        await until(lambda: ht.spectators == 3 and other.spectators == 3, "three watching, on both")
        hb.unwatch(other)
        await until(lambda: ht.spectators == 2 and other.spectators == 2, "two watching, on both")


@pytest.mark.slow
async def test_spectators_of_a_process_that_died_are_counted_no_more(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht, other = await started_across(ha, hb)
        hb.watch(other)
        await until(lambda: ht.spectators == 1, "b's spectator counted on a")
        await seen_sitting(a, ht.id, "bruno")  # b's presence written with its spectator
        dies(hb)
        await until(lambda: ht.spectators == 0, "no longer")


async def test_an_admins_kick_reaches_the_process_the_player_is_on(postgres_url, tmp_path):
    from citadels_tui.admin import run_admin_command

    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        boss = admin_on(ha)
        mallory = connect(hb, "mallory")
        await until(lambda: ha.sessions_elsewhere("mallory") == 1, "a knows mallory is on b")
        said = run_admin_command(ha, boss.admin(), "kick", "Mallory spamming")
        assert said == ["Mallory is kicked (1 session)."]
        await until(lambda: mallory.farewells, "mallory's session ended on b")
        assert mallory.farewells == ["boss kicked you from this server: spamming"]
        with pytest.raises(HubError, match="Nobody called nemo is connected"):
            run_admin_command(ha, boss.admin(), "kick", "nemo")


async def test_an_admins_ban_ends_the_banned_sessions_on_the_other_process(postgres_url, tmp_path):
    from citadels_tui.admin import run_admin_command

    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        boss = admin_on(ha)
        mallory, carla = connect(hb, "mallory"), connect(hb, "carla")
        said = run_admin_command(ha, boss.admin(), "ban", "name Mallory for 2h spamming")
        assert said[0].startswith("The name Mallory is banned until ")
        assert said[0].endswith("; 0 sessions ended.")  # none on a: hers is on b
        await until(lambda: mallory.farewells, "mallory's session ended on b")
        (farewell,) = mallory.farewells
        assert farewell.startswith("boss banned you from this server until ") and farewell.endswith(
            ": spamming"
        )
        assert b.banned("mallory", None, None) is not None
        assert not carla.farewells  # nobody else's


async def test_a_waiting_tables_chat_is_shared_and_kept_when_it_starts(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=3)
        ha.say_table(ht, "anna", "who plays?")
        await until(lambda: ht.id in hb.tables and "anna: who plays?" in hb.tables[ht.id].chat, "on b")
        other = hb.tables[ht.id]
        hb.join(other, "bruno", "SHA256:bruno")
        hb.say_table(other, "bruno", "me")
        await until(lambda: "bruno: me" in ht.chat, "bruno's line on a")
        # A process started (or started again) now reads it from the database with the table.
        b.flush()
        c = opened(postgres_url, tmp_path / "c")
        hc = SharedHub(pace=0, seed=100, records=c, lease=LEASE)
        try:
            hc.restore()
            await hc.share()
            assert [str(x) for x in hc.tables[ht.id].chat] == ["anna: who plays?", "bruno: me"]
        finally:
            hc.close()
            c.close()
        ha.start(ht, "anna")
        await until(lambda: other.table is not None, "started on b")
        assert [str(x) for x in other.chat] == ["anna: who plays?", "bruno: me"]
        a.flush()
        kept = await b.table_in_play(ht.id)
        assert kept is not None and [str(x) for x in kept.chat] == ["anna: who plays?", "bruno: me"]


async def test_a_table_made_on_one_process_can_be_joined_on_the_other_before_its_notice_is_heard(
    postgres_url, tmp_path
):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        ht = ha.create("anna", "SHA256:anna", players=3)
        ha.say_table(ht, "anna", "who plays?")
        a.flush()  # committed, as `ssh HOST table new` waits for before it answers
        # b has not heard of it yet (its notice is read on the loop, which has not run since), and a player
        # there asks for it by number.
        assert ht.id not in hb.tables
        other = hb.get(ht.id)
        assert other.names() == ["anna"] and other.creator == "anna"
        assert hb.join(other, "bruno", "SHA256:bruno") == 1
        await until(lambda: ht.names() == ["anna", "bruno"], "bruno's seat seen on a")
        await until(lambda: "anna: who plays?" in [str(x) for x in other.chat], "its chat read on b")
        with pytest.raises(HubError, match="There is no table 999"):
            hb.get(999)


@pytest.mark.slow
async def test_a_turn_based_seat_outlives_the_process_its_player_was_on(postgres_url, tmp_path):
    async with hubs_open(postgres_url, tmp_path) as (ha, hb, a, b):
        fast = ha.create("anna", "SHA256:anna", players=3)
        slow = ha.create("carla", "SHA256:carla", players=3, timer=86400, turn_based=True)
        await until(lambda: fast.id in hb.tables and slow.id in hb.tables, "both tables on b")
        connect(hb, "bruno")
        connect(hb, "dora")
        hb.join(hb.tables[fast.id], "bruno", "SHA256:bruno")
        hb.join(hb.tables[slow.id], "dora", "SHA256:dora")
        await seen_sitting(a, slow.id, "dora")
        await seen_sitting(a, fast.id, "bruno")
        dies(hb)
        # A fast table's players are its connected ones: bruno, on the dead process, stands up from it.
        await until(lambda: [h.name for h in fast.holders] == ["anna"], "bruno stood up")
        # A turn-based seat is its player's, connected or not: dora still sits at carla's table.
        await asyncio.sleep(LEASE * 4)  # renewals later: b's dead row still names her, and changes nothing
        assert [h.name for h in slow.holders] == ["carla", "dora"]
