"""The protections asyncssh leaves to us: connection caps, login and idle timeouts, output backlog."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest
from ssh_helpers import KeylessClient, connect, open_game, running_server
from waits import until


async def test_total_cap_refuses_with_a_message_and_frees_slots(tmp_path):
    async with running_server(tmp_path, max_connections=2) as server:
        a = await connect(server, "anna", local_addr=("127.0.0.1", 0))
        b = await connect(server, "bruno", local_addr=("127.0.0.2", 0))
        with pytest.raises(asyncssh.DisconnectError) as err:
            await connect(server, "carla", local_addr=("127.0.0.3", 0))
        assert "server is full" in str(err.value)
        a.close()
        await a.wait_closed()
        await until(lambda: server.limiter.total == 1)
        async with connect(server, "carla") as c:
            s = await open_game(c)
            await s.wait_for("Welcome carla")
        b.close()
        await b.wait_closed()
        await until(lambda: server.limiter.total == 0)


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
        await until(lambda: server.limiter.total == 0)


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
        await until(lambda: not server.sessions)


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
            await until(lambda: len(server.sessions) == 2)
            for i in range(200):  # each resize repaints the whole screen
                if len(server.sessions) < 2:
                    break
                chan.change_terminal_size(100 + i % 2, 30)
                await asyncio.sleep(0.05)
            await until(lambda: len(server.sessions) == 1)
            await asyncio.wait_for(conn.wait_closed(), 5)
            assert "client stopped reading" in caplog.text
            so.process.stdin.write(b"z")
            await so.wait_for("Keys: z")


async def test_logged_in_connection_without_a_game_is_dropped(tmp_path):
    async with running_server(tmp_path, login_timeout=0.5) as server:
        conn = await connect(server, "anna")  # like `ssh -N`: logged in, no session
        assert server.limiter.total == 1
        await asyncio.wait_for(conn.wait_closed(), 5)
        await until(lambda: server.limiter.total == 0)


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


class FreezingProxy:
    """A TCP relay between one client and the server that can freeze: from then on it forwards nothing
    either way, as a laptop lid closed or a cable pulled would, and counts what the server still sends."""

    def __init__(self, server_port: int) -> None:
        self.server_port = server_port
        self.frozen = False
        self.sent_while_frozen = 0  # reads from the server once frozen (each keepalive is one)
        self.server_hung_up = asyncio.Event()
        self.port = 0

    async def start(self) -> None:
        self._listener = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._listener.sockets[0].getsockname()[1]

    async def _relay(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", self.server_port)

        async def upstream() -> None:
            while data := await client_r.read(65536):
                if not self.frozen:
                    server_w.write(data)

        async def downstream() -> None:
            while data := await server_r.read(65536):
                if self.frozen:
                    self.sent_while_frozen += 1
                else:
                    client_w.write(data)
            self.server_hung_up.set()

        up = asyncio.get_running_loop().create_task(upstream())
        await downstream()
        up.cancel()
        client_w.close()
        server_w.close()

    def close(self) -> None:
        self._listener.close()


@pytest.mark.slow
async def test_a_frozen_client_is_dropped_after_two_unanswered_keepalives(tmp_path):
    # The server sends a keepalive each interval that the client is silent; a client that answers none is
    # dropped when the third would be due: three intervals after it last sent anything (90 s by default).
    async with running_server(tmp_path, keepalive_interval=0.4, idle_timeout=600) as server:
        proxy = FreezingProxy(server.port)
        await proxy.start()
        conn = await asyncssh.connect(
            "127.0.0.1",
            proxy.port,
            username="anna",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            client_factory=lambda: KeylessClient(),
            keepalive_interval=0,
        )
        s = await open_game(conn)
        await s.wait_for("Welcome anna")
        await asyncio.sleep(1.0)  # answered keepalives keep a quiet client connected
        assert len(server.sessions) == 1
        proxy.frozen = True
        await asyncio.wait_for(proxy.server_hung_up.wait(), 10)
        await until(lambda: not server.sessions)
        assert proxy.sent_while_frozen == 2, f"{proxy.sent_while_frozen} keepalives went unanswered"
        await until(s.task.done)
        assert s.task.exception() is not None  # the client saw its connection go
        conn.abort()
        proxy.close()
