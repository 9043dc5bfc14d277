"""Everything that is not a game in a terminal is refused with a sentence the person can read."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from ssh_helpers import connect, open_game, running_server


async def test_exec_is_refused_with_a_message(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            r = await conn.run("cat /etc/passwd", check=False)
            assert r.exit_status == 1
            assert "has no command 'cat'" in r.stderr and "runs only these: help" in r.stderr
            assert r.stdout == ""
            assert not server.sessions


async def test_session_without_a_terminal_is_refused_with_a_message(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            p = await conn.create_process(encoding=None)  # a shell request with no PTY (ssh -T)
            await p.wait_closed()
            assert p.exit_status == 1
            assert "needs a terminal" in (await p.stderr.read()).decode()
            assert not server.sessions


async def test_sftp_is_refused(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            with pytest.raises((asyncssh.Error, OSError)):
                await asyncio.wait_for(conn.start_sftp_client(), 5)
        async with connect(server, "anna") as conn:
            r = await conn.run(subsystem="sftp", check=False)
            assert r.exit_status == 1
            assert "no file transfer" in r.stderr


async def test_port_forwarding_is_refused(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            with pytest.raises(asyncssh.ChannelOpenError) as err:
                await conn.open_connection("127.0.0.1", server.port)
            assert "Forwarding is disabled" in err.value.reason
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
            # The connection is still good for a game afterwards.
            s = await open_game(conn)
            await s.wait_for("Welcome anna")


async def test_agent_forwarding_is_not_offered(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            session = next(iter(server.sessions))
            assert session.chan is not None and session.chan.get_agent_path() is None


async def test_one_game_at_a_time_per_connection(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            with pytest.raises(asyncssh.ChannelOpenError) as err:
                await conn.create_process(term_type="xterm", encoding=None)
            assert "one game at a time" in err.value.reason.lower()
            s.process.stdin.write(b"\x11")
            await s.closed()
            s2 = await open_game(conn)  # once the first game is over, the same connection may start another
            await s2.wait_for("Welcome anna")
