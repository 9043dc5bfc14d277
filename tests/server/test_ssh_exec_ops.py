"""The commands over SSH exec against a real server with its hub and its database (SQLite in the test's
directory): the read-only ones for anyone admitted, the admins' for an admin's key only (refused for any
other key, and for a guest, without running), `--json` parsing as JSON, and `drain` waiting for the game in
play before it stops the server."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncssh
from served import served
from ssh_helpers import BOSS, BOSS_KEY, deciding, run, settings

from citadels_core.bots import decide, make_bot
from citadels_core.gameline import read
from citadels_server.database import open_database
from citadels_server.game import game_app_factory, make_hub
from citadels_server.hub import Hub
from citadels_server.ssh import CitadelsServer, serve_app
from citadels_tui.lobby_app import ssh_app_factory

HOST_KEY = asyncssh.generate_private_key("ssh-ed25519")
ANNA_KEY = asyncssh.generate_private_key("ssh-ed25519")
ANNA = ANNA_KEY.get_fingerprint("sha256")
ADMIN_COMMANDS = ("tables", "kick anna", "ban name mallory for 2h", "unban name mallory", "bans",
                  "announce hello", "motd", "drain")  # fmt: skip


@contextlib.asynccontextmanager
async def hosting(tmp_path: Path, **changes: Any) -> AsyncIterator[tuple[CitadelsServer, Hub]]:
    """A server as `citadels serve` makes one: the game app, one hub, the database behind both."""
    s = settings(tmp_path, admins=(BOSS,), bot_pace=0, **changes)
    db = open_database(s)
    hub = make_hub(s, db)
    server = await serve_app(
        game_app_factory(ssh_app_factory, s, hub),
        s,
        host_key=HOST_KEY,
        seats=hub,
        names=db.players,
        bans=hub.records,
        hub=hub,
    )
    try:
        yield server, hub
    finally:
        server.close()
        await server.wait_closed()
        hub.close()
        db.close()


async def play_to_the_end(hub: Hub, seed: int = 3) -> int:
    """Anna (with her key) plays a 2-player table against a random bot to its end, her decisions made by
    a random bot of her own: the hub keeps the game in the history and rates her. The table's id."""
    ht = hub.create("anna", ANNA, players=2, bots="random", seed=seed)
    table = hub.start(ht, "anna")
    hub.arrive(ht, 0)
    mine = make_bot("random", seed)
    while not table.game.over:
        if deciding(table) == 0:
            table.submit(0, [decide(mine, table.game, 0)])
        await asyncio.sleep(0.005)
    hub.depart(ht, 0)
    for _ in range(200):  # the hub keeps it once the table's listeners heard of the end
        if await hub.records.game(ht.id) is not None:
            return ht.id
        await asyncio.sleep(0.02)
    raise AssertionError("the finished game never reached the history")


async def test_the_history_reads_alike_for_anyone_in_text_and_json(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        r = await run(server, "anna", "games", ANNA_KEY)
        assert (r.exit_status, r.stdout) == (0, "No game has finished on this server yet.\n")
        gid = await play_to_the_end(hub)

        for who, key in (("anna", ANNA_KEY), ("bruno", None)):  # her, and a guest without a key
            r = await run(server, who, "games --json", key)
            assert r.exit_status == 0, r.stderr
            games = json.loads(r.stdout)
            assert [g["id"] for g in games] == [gid]
            seats = games[0]["seats"]
            assert (
                [s["name"] for s in seats][0] == "anna" and seats[0]["rated"] and seats[1]["bot"] == "random"
            )
            record, bots = read(games[0]["line"])  # the line replays the game the history keeps
            assert record.replay(record_events=False).over and bots == {1: "random"}
            assert len(record.actions) == games[0]["moves"]

        r = await run(server, "bruno", "games")
        head, line = r.stdout.splitlines()
        assert head.startswith(f"#{gid}  ") and "anna" in head and "(bot)" in head
        assert line.strip() == games[0]["line"]

        r = await run(server, "bruno", f"game {gid} --json")
        assert json.loads(r.stdout) == games[0]
        r = await run(server, "bruno", "game 99")
        assert (r.exit_status, r.stderr) == (1, "There is no finished game 99: “games” lists them.\n")
        r = await run(server, "bruno", "game x")
        assert r.exit_status == 2 and "Usage: game ID" in r.stderr

        r = await run(server, "bruno", "leaderboard --json")
        board = json.loads(r.stdout)
        assert [s["name"] for s in board] == ["anna"] and board[0]["games"] == 1
        r = await run(server, "bruno", "leaderboard 5")
        assert r.stdout.split()[:2] == ["1", "anna"]
        r = await run(server, "bruno", "leaderboard 1000")
        assert r.exit_status == 2 and "N is a number from 1 to 100" in r.stderr

        me = json.loads((await run(server, "anna", "whoami --json", ANNA_KEY)).stdout)
        assert me["name"] == "anna" and me["key"] == ANNA and me["address"] == "127.0.0.1"
        assert me["admin"] is False and me["games"] == 1 and me["rating"] == board[0]["rating"]
        guest = json.loads((await run(server, "bruno", "whoami --json")).stdout)
        assert guest["key"] is None and guest["rating"] is None and guest["admin"] is False
        boss = await run(server, "boss", "whoami", BOSS_KEY)
        assert f"with the key {BOSS}" in boss.stdout and "An admin of this server." in boss.stdout


async def test_every_admin_command_is_refused_to_another_key_and_to_a_guest_without_running(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        for command in ADMIN_COMMANDS:
            for who, key in (("anna", ANNA_KEY), ("bruno", None)):
                r = await run(server, who, command + " --json", key)
                word = command.split()[0]
                assert (r.exit_status, r.stdout) == (1, ""), command
                assert r.stderr == f"Only the server's admins may run {word!r}.\n"
        assert not hub.draining and hub.records.bans() == [] and hub.order.motd == ""
        # Nor do they show in the help of someone who may not run them.
        lines = (await run(server, "anna", "help", ANNA_KEY)).stdout
        assert "leaderboard" in lines and "drain" not in lines
        assert "drain" in (await run(server, "boss", "help", BOSS_KEY)).stdout


async def test_the_admins_commands_are_the_lobbys_own(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        r = await run(server, "boss", "tables --json", BOSS_KEY)
        assert (r.exit_status, json.loads(r.stdout)) == (0, [])
        hub.create("anna", ANNA, players=3)
        r = await run(server, "boss", "tables --json", BOSS_KEY)
        [table] = json.loads(r.stdout)
        assert (table["status"], table["names"], table["free"]) == ("waiting", ["anna"], 2)
        r = await run(server, "boss", "tables", BOSS_KEY)
        assert r.stdout.split()[:3] == ["1", "waiting", "2016"]

        r = await run(server, "boss", "ban name mallory for 2h spamming --json", BOSS_KEY)
        assert r.exit_status == 0, r.stderr
        said = json.loads(r.stdout)
        assert said["command"] == "ban" and said["said"][0].startswith("The name mallory is banned until")
        [ban] = hub.records.bans()
        assert (ban.kind, ban.value, ban.by, ban.reason) == ("name", "mallory", "boss", "spamming")
        bans = json.loads((await run(server, "boss", "bans --json", BOSS_KEY)).stdout)
        assert [(b["kind"], b["value"]) for b in bans["bans"]] == [("name", "mallory")]
        # Banned: mallory is refused at login, as after the lobby's own `ban`.
        try:
            await run(server, "mallory", "whoami")
        except asyncssh.DisconnectError as e:
            assert "banned" in e.reason
        else:
            raise AssertionError("a banned name logged in")
        r = await run(server, "boss", "ban name mallory for ever", BOSS_KEY)
        assert r.exit_status == 1 and "A duration is a number and a unit" in r.stderr
        r = await run(server, "boss", "unban name mallory", BOSS_KEY)
        assert r.stdout == "The name mallory is no longer banned.\n" and hub.records.bans() == []
        r = await run(server, "boss", "unban name mallory", BOSS_KEY)
        assert r.exit_status == 1 and "is not banned" in r.stderr
        r = await run(server, "boss", "kick nobody", BOSS_KEY)
        assert (r.exit_status, r.stderr) == (1, "Nobody called nobody is connected.\n")

        r = await run(server, "boss", "announce 'Back in five minutes'", BOSS_KEY)
        assert r.stdout == "Announced in the lobby and at every table.\n"
        assert any("Back in five minutes" in str(line) for line in hub.chat)

        r = await run(server, "boss", "motd 'Be kind.' --json", BOSS_KEY)
        assert json.loads(r.stdout) == {"motd": "Be kind."}
        assert hub.order.motd == server.settings.motd == "Be kind."
        r = await run(server, "boss", "motd", BOSS_KEY)
        assert r.stdout == "Be kind.\n"
        r = await run(server, "boss", "motd 'a\x1b[2Jb'", BOSS_KEY)
        assert r.exit_status == 1 and "motd must be plain text" in r.stderr and hub.order.motd == "Be kind."


async def test_kick_over_exec_ends_the_players_session_with_who_and_why(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        async with asyncssh.connect(
            "127.0.0.1", server.port, username="anna", known_hosts=None, agent_path=None,
            client_keys=[ANNA_KEY],
        ) as conn:  # fmt: skip
            anna = await conn.create_process(encoding=None)  # plain mode: a session in the lobby
            seen = b""
            while b"Welcome, anna" not in seen:
                seen += await asyncio.wait_for(anna.stdout.read(4096), 30)
            r = await run(server, "boss", "kick anna being rude --json", BOSS_KEY)
            assert r.exit_status == 0, r.stderr
            assert json.loads(r.stdout) == {"command": "kick", "said": ["anna is kicked (1 session)."]}
            while chunk := await asyncio.wait_for(anna.stdout.read(4096), 30):
                seen += chunk  # to the end of her session
        assert b"boss kicked you from this server: being rude" in seen
        assert hub.order.sessions_of(name="anna") == []


async def test_drain_finishes_the_game_in_play_begins_none_then_stops(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        stopped = asyncio.Event()
        server.on_drain = stopped.set
        ht = hub.create("anna", ANNA, players=2, bots="random", seed=5)
        table = hub.start(ht, "anna")
        hub.arrive(ht, 0)
        r = await run(server, "boss", "drain --json", BOSS_KEY)
        assert json.loads(r.stdout) == {"draining": True, "in_play": [ht.id]}
        # No new table meanwhile, and the players are told why.
        try:
            hub.create("bruno", None)
        except Exception as e:  # noqa: BLE001 - the sentence is what is checked
            assert str(e) == "The server stops once the games in play end: no new game begins until then."
        else:
            raise AssertionError("a table was made while draining")
        assert "no new game begins" in str(hub.chat[-1])
        await asyncio.sleep(0.2)
        assert not stopped.is_set()  # the game is still in play
        mine = make_bot("random", 5)
        while not table.game.over:
            if deciding(table) == 0:
                table.submit(0, [decide(mine, table.game, 0)])
            await asyncio.sleep(0.005)
        await asyncio.wait_for(stopped.wait(), 10)


async def test_drain_waits_for_no_turn_based_game_which_a_restart_keeps(tmp_path):
    async with hosting(tmp_path) as (server, hub):
        stopped = asyncio.Event()
        server.on_drain = stopped.set
        ht = hub.create("anna", ANNA, players=2, bots="random", seed=5, timer=3600, turn_based=True)
        hub.start(ht, "anna")
        assert ht.status == "playing"
        r = await run(server, "boss", "drain --json", BOSS_KEY)
        assert json.loads(r.stdout) == {"draining": True, "in_play": []}
        await asyncio.wait_for(stopped.wait(), 10)
        r = await run(server, "boss", "drain --all", BOSS_KEY)  # one process alone: it says so
        assert r.stdout.splitlines()[0] == "This server shares its tables with no other: it alone drains."
        r = await run(server, "boss", "drain now", BOSS_KEY)
        assert r.exit_status == 2 and "--all" in r.stderr


async def test_drain_stops_a_real_citadels_serve_process(tmp_path):
    conf = tmp_path / "settings.toml"
    conf.write_text(f'admins = ["{BOSS}"]\n')
    async with served(tmp_path / "home", "--settings", str(conf)) as process:
        server = SimpleNamespace(port=process.port)
        r = await run(server, "anna", "drain", ANNA_KEY)
        assert (r.exit_status, r.stderr) == (1, "Only the server's admins may run 'drain'.\n")
        r = await run(server, "boss", "drain", BOSS_KEY)
        assert r.stdout == "Draining: no game is in play, so the server stops now.\n"
        assert await asyncio.wait_for(process.process.wait(), 30) == 0
