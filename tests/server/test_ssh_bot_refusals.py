"""`ssh NAME@HOST bot` is refused with one sentence when the host admits no bots, the login had no key, or
the server hosts no tables (tests/server/test_ssh_bot_seats.py seats the bots it admits); a table whose
maker refused programs (`new … programs=no`) refuses a bot with the protocol's `error`, and its line says
so."""

from __future__ import annotations

import asyncio
import functools
import json

import asyncssh
import pytest
from bot_clients import VALIDATOR
from plain_sessions import plain
from ssh_helpers import connect, running_server

from citadels_server.hub import Hub
from citadels_tui.lobby import HubError
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.turns import create_from_words

BOT_KEY = asyncssh.generate_private_key("ssh-ed25519")


async def test_bot_is_refused_when_bots_are_off(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            r = await conn.run("bot", check=False)
            assert r.exit_status == 1
            assert "does not admit bots" in r.stderr
            assert r.stdout == ""


async def test_bot_without_a_key_is_refused(tmp_path):
    async with running_server(tmp_path, allow_bots=True) as server:
        async with connect(server, "robo") as conn:
            r = await conn.run("bot", check=False)
            assert r.exit_status == 1
            assert "must log in with an SSH key" in r.stderr


async def test_other_commands_are_still_refused_as_commands(tmp_path):
    async with running_server(tmp_path, allow_bots=True) as server:
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            r = await conn.run("botany", check=False)
            assert "has no command 'botany'" in r.stderr


async def test_a_bot_at_a_server_without_tables_is_refused(tmp_path):
    async with running_server(tmp_path, allow_bots=True) as server:  # a bare server: no hub of tables
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            r = await conn.run("bot", check=False)
            assert r.exit_status == 1
            assert "hosts no tables" in r.stderr and r.stdout == ""


def bot_server(tmp_path, hub: Hub):
    return running_server(
        tmp_path, functools.partial(ssh_app_factory, hub=hub), seats=hub, hub=hub, allow_bots=True
    )


async def test_a_table_made_without_programs_refuses_a_bot_with_the_protocols_error(tmp_path):
    hub = Hub(seed=3, pace=0)
    async with bot_server(tmp_path, hub) as server, connect(server, "anna") as human:
        s = await plain(human, "plain")
        await s.enter("new 2 programs=no", "No bot program may take a seat here.")
        await s.enter("tables", "timer none. No bot programs.")
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            r = await conn.run("bot 1", check=False)
        assert r.exit_status == 1 and r.stderr == ""
        (text,) = r.stdout.splitlines()
        message = json.loads(text)
        VALIDATOR.validate(message)
        assert message["type"] == "error" and message["code"] == "no_programs"
        assert "table 1" in message["reason"]
        assert [h.name for h in hub.tables[1].holders] == ["anna"]  # the seat stayed free
        # Asked for no table, a bot passes that one by and takes the next that admits programs.
        ht = hub.create("carla", "carla-key", players=2)
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            process = await conn.create_process("bot")
            for _ in range(500):
                if len(ht.holders) == 2:
                    break
                await asyncio.sleep(0.02)
            assert [h.name for h in ht.holders] == ["carla", "robo"]
            assert [h.name for h in hub.tables[1].holders] == ["anna"]
            process.close()


def test_the_words_of_new_take_programs_yes_or_no():
    hub = Hub(seed=1, pace=0)
    assert create_from_words(hub, "anna", None, None, ["2"]).outside_bots is True
    assert create_from_words(hub, "bea", None, None, ["2", "programs=yes"]).outside_bots is True
    assert create_from_words(hub, "cid", None, None, ["programs=NO"]).outside_bots is False
    with pytest.raises(HubError, match="programs= is yes or no"):
        create_from_words(hub, "dan", None, None, ["programs=maybe"])
