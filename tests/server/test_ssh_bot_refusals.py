"""`ssh NAME@HOST bot` is refused with one sentence when the host admits no bots, the login had no key, or
the server hosts no tables (tests/server/test_ssh_bot_seats.py seats the bots it admits)."""

from __future__ import annotations

import asyncssh
from ssh_helpers import connect, running_server

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
