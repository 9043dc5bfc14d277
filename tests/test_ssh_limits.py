"""The protections asyncssh leaves to us: connection caps, login and idle timeouts, output backlog."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest
from ssh_helpers import connect, open_game, running_server


async def _until(predicate, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition never became true"
        await asyncio.sleep(0.02)


async def test_total_cap_refuses_with_a_message_and_frees_slots(tmp_path):
    async with running_server(tmp_path, max_connections=2) as server:
        a = await connect(server, "anna", local_addr=("127.0.0.1", 0))
        b = await connect(server, "bruno", local_addr=("127.0.0.2", 0))
        with pytest.raises(asyncssh.DisconnectError) as err:
            await connect(server, "carla", local_addr=("127.0.0.3", 0))
        assert "server is full" in str(err.value)
        a.close()
        await a.wait_closed()
        await _until(lambda: server.limiter.total == 1)
        async with connect(server, "carla") as c:
            s = await open_game(c)
            await s.wait_for("Welcome carla")
        b.close()
        await b.wait_closed()
        await _until(lambda: server.limiter.total == 0)


async def test_per_address_cap_spares_other_addresses(tmp_path):
    async with running_server(tmp_path, max_per_address=1) as server:
        async with connect(server, "anna", local_addr=("127.0.0.1", 0)):
            with pytest.raises(asyncssh.DisconnectError) as err:
                await connect(server, "anna2", local_addr=("127.0.0.1", 0))
            assert "Too many connections from your address" in str(err.value)
            async with connect(server, "bruno", local_addr=("127.0.0.2", 0)) as b:
                s = await open_game(b)
                await s.wait_for("Welcome bruno")


async def test_login_timeout_drops_a_silent_connection(tmp_path):
    async with running_server(tmp_path, login_timeout=0.5) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        banner = await asyncio.wait_for(reader.readline(), 5)
        assert banner.startswith(b"SSH-2.0-Citadels")
        assert server.limiter.total == 1
        start = time.monotonic()
        # Say nothing: the server must hang up by itself, and give the slot back.
        while await asyncio.wait_for(reader.read(4096), 5):
            pass
        assert time.monotonic() - start < 3
        writer.close()
        await _until(lambda: server.limiter.total == 0)


async def test_idle_timeout_says_goodbye_and_input_keeps_a_session_alive(tmp_path):
    async with running_server(tmp_path, idle_timeout=0.6) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            for _ in range(5):  # 1 s of activity outlives a 0.6 s idle timeout
                s.process.stdin.write(b"a")
                await asyncio.sleep(0.2)
            assert len(server.sessions) == 1
            await s.closed(timeout=5)
            tail = bytes(s.raw[-300:]).decode(errors="replace")
            assert "Disconnected after 0.6 seconds without input" in tail
            assert b"\x1b[?1049l" in s.raw  # the terminal was restored before the goodbye
        await _until(lambda: not server.sessions)


async def test_client_that_stops_reading_is_disconnected(tmp_path, caplog):
    async with running_server(tmp_path, output_buffer_limit=16_384) as server:
        async with connect(server, "bruno") as other:
            so = await open_game(other)
            await so.wait_for("Welcome bruno")
            conn = await connect(server, "anna")
            # A tiny receive window, then stop reading: the server's output has nowhere to go.
            chan, _session = await conn.create_session(
                asyncssh.SSHClientSession,
                term_type="xterm-256color",
                term_size=(100, 30),
                encoding=None,
                window=4096,
                max_pktsize=4096,
            )
            chan.pause_reading()
            await _until(lambda: len(server.sessions) == 2)
            for i in range(200):  # each resize repaints the whole screen
                if len(server.sessions) < 2:
                    break
                chan.change_terminal_size(100 + i % 2, 30)
                await asyncio.sleep(0.05)
            await _until(lambda: len(server.sessions) == 1)
            await asyncio.wait_for(conn.wait_closed(), 5)
            assert "client stopped reading" in caplog.text
            so.process.stdin.write(b"z")
            await so.wait_for("Keys: z")


async def test_logged_in_connection_without_a_game_is_dropped(tmp_path):
    async with running_server(tmp_path, login_timeout=0.5) as server:
        conn = await connect(server, "anna")  # like `ssh -N`: logged in, no session
        assert server.limiter.total == 1
        await asyncio.wait_for(conn.wait_closed(), 5)
        await _until(lambda: server.limiter.total == 0)


async def test_server_shutdown_says_goodbye_on_a_restored_terminal(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            idle = await connect(server, "bruno")  # logged in, no game yet
            server.close()
            await asyncio.wait_for(server.wait_closed(), 10)
            await s.closed()
            raw = bytes(s.raw)
            assert raw.index(b"\x1b[?1049l") < raw.index(b"The server is shutting down")
            await asyncio.wait_for(idle.wait_closed(), 5)
