"""Playing over SSH: what each client's screen shows, and that nothing one client does stops the others."""

from __future__ import annotations

import asyncio
import random

import pytest
from ssh_helpers import connect, open_game, running_server
from textual.app import App

from citadels_server.demo import DemoApp
from citadels_server.game_session import GameSession
from citadels_server.session import SessionInfo
from citadels_server.terminal_link import EVENTS_HIGH, SLICE


def player(session: GameSession) -> str:
    """Whose session of the demo app it is."""
    assert isinstance(session.app, DemoApp)
    return session.app.info.name


async def test_two_clients_each_see_their_own_name(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await open_game(a), await open_game(b)
            ta, tb = await sa.wait_for("Welcome anna"), await sb.wait_for("Welcome bruno")
            assert "bruno" not in ta and "anna" not in tb
            sa.process.stdin.write(b"hi")
            await sa.wait_for("Keys: hi")
            await asyncio.sleep(0.1)
            assert "Keys: hi" not in sb.text  # keys reach only their own session


async def test_resize_relays_out_the_app(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Size: 100x30")
            s.resize(120, 40)
            await s.wait_for("Size: 120x40")


async def test_resize_storm_ends_at_the_last_size(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            for i in range(300):
                s.process.change_terminal_size(70 + i % 50, 20 + i % 15)
            s.resize(111, 33)
            await s.wait_for("Size: 111x33")
            s.process.stdin.write(b"k")
            await s.wait_for("Keys: k")


async def test_small_terminal_shows_a_notice_until_enlarged(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.resize(40, 10)
            text = await s.wait_for("Terminal too small")
            assert "40x10, need 60x20" in text and "Welcome" not in text
            s.process.stdin.write(b"q")  # the app still runs and takes keys
            s.resize(1, 1)
            await asyncio.sleep(0.2)
            s.resize(100, 30)
            text = await s.wait_for("Keys: q")
            assert "too small" not in text and "Welcome anna" in text


@pytest.mark.slow
async def test_absurd_sizes_are_clamped(tmp_path):
    async with running_server(tmp_path, max_width=200, max_height=60) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn, 1000, 500)
            await s.wait_for("Size: 200x60")
        async with connect(server, "anna") as conn:
            s = await open_game(conn, 1, 1)
            # One cell shows the first letter of the notice; the app is laid out at the minimum.
            await s.wait_for("T")
            s.resize(80, 24)
            await s.wait_for("Size: 80x24")


@pytest.mark.slow
async def test_garbage_input_leaves_the_session_working(tmp_path):
    # Garbage at the byte level: invalid UTF-8 and broken escape sequences. (Control keys are left out:
    # they are real keystrokes, and random ones quit the app or drive Textual's command palette.)
    rng = random.Random(7)
    alphabet = bytes(range(0x80, 0x100)) + b"\x1b[;0123456789<>?M~Ou"
    junk = bytes(rng.choice(alphabet) for _ in range(4_000))
    sequences = b"\x1b[" + b"9" * 100 + b"\x1b[<999;-5;99999M\x1b]52;c;!!\x07\xff\xfe\xc3\x1b[200~abc"
    # Thousands of junk keys are a flood by the default budget (test_key_flood_is_slowed_...): here the
    # budget is wide, so that only the parsing is tested.
    async with running_server(tmp_path, input_share=1.0, input_share_burst=30.0) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(junk + sequences + b"\x1b[201~")
            await asyncio.sleep(0.3)
            s.process.stdin.write(b"ok")
            # The session took every key after the garbage. (Read from the app: pyte, the test's terminal,
            # mis-measures some wide and zero-width characters the garbage echoes and shows stale cells.)
            await s.wait_for(lambda _: server_app(server).keys[-2:] == ["o", "k"])
            shown = len(s.raw)
            s.process.stdin.write(b"!")
            await s.wait_for(lambda _: len(s.raw) > shown)  # and still draws
            assert len(server.sessions) == 1


async def test_lone_escape_key_arrives(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(b"\x1b")
            await s.wait_for("Keys: <escape>")


def server_app(server):
    return next(iter(server.sessions)).app


def _keys_line(text: str) -> str:
    return text.split("Keys:")[1].splitlines()[0].split("│")[0].strip()


async def test_paste_arrives_whole_even_split_across_packets(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(b"\x1b[200~" + b"p" * 30_000 + b"\x1b[201~")
            await s.wait_for("<paste 30000>")
            for part in (b"\x1b", b"[20", b"0~abc", b"def\x1b[2", b"01~"):
                s.process.stdin.write(part)
                await asyncio.sleep(0.02)
            text = await s.wait_for("<paste 6>")
            assert "abc" not in _keys_line(text)


async def test_huge_paste_is_dropped_whole_and_typing_goes_on(tmp_path):
    async with running_server(tmp_path, input_rate=16_384, input_burst=65_536) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(b"\x1b[200~" + b"x" * 2_000_000 + b"\x1b[201~")
            # A slow paste that never ends must not grow without bound either.
            s.process.stdin.write(b"\x1b[200~")
            link = next(iter(server.sessions)).link
            assert link is not None
            largest = 0
            for _ in range(40):
                s.process.stdin.write(b"y" * 20_000)
                await asyncio.sleep(0.01)
                largest = max(largest, len(link._paste or b""))
            await asyncio.sleep(0.2)
            assert link._paste_discarded and largest <= 65_536 + 40_000
            s.process.stdin.write(b"\x1b[201~after")
            text = await s.wait_for("Keys: after")
            assert "x" not in _keys_line(text) and "y" not in _keys_line(text) and "paste" not in text
            assert len(server.sessions) == 1


@pytest.mark.slow
async def test_key_flood_is_slowed_then_told_then_disconnected_and_others_type_on(tmp_path):
    async with running_server(tmp_path, input_notice_after=1, input_disconnect_after=4) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await open_game(a), await open_game(b)
            await sa.wait_for("Welcome anna")
            await sb.wait_for("Welcome bruno")
            flooder = next(s for s in server.sessions if player(s) == "anna")
            assert flooder.link is not None
            sa.process.stdin.write(b"\x1b[A" * 100_000)
            await sa.wait_for("input is slowed down", timeout=10)
            # Slowed, not dropped: the keys wait (bounded) while bruno's arrive at once.
            assert 0 < flooder.link.events_delivered < 100_000
            assert len(flooder.link.pending) < 64 * 1024 and flooder.link.queued <= EVENTS_HIGH + SLICE
            sb.process.stdin.write(b"still here")
            await sb.wait_for("Keys: still here", timeout=5)
            await sa.closed(timeout=15)
            assert b"Disconnected: you kept sending more input than this server takes." in sa.raw
            assert [player(s) for s in server.sessions] == ["bruno"]


async def test_client_vanishing_ends_only_its_session(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "bruno") as b:
            sb = await open_game(b)
            await sb.wait_for("Welcome bruno")
            a = await connect(server, "anna")
            sa = await open_game(a)
            await sa.wait_for("Welcome anna")
            assert len(server.sessions) == 2
            a.abort()  # no goodbye: the TCP connection just drops
            for _ in range(100):
                if len(server.sessions) == 1:
                    break
                await asyncio.sleep(0.05)
            assert len(server.sessions) == 1
            sb.process.stdin.write(b"still")
            await sb.wait_for("Keys: still")
            async with connect(server, "carla") as c:
                sc = await open_game(c)
                await sc.wait_for("Welcome carla")


async def test_quitting_restores_the_client_terminal(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(b"\x11")  # Ctrl+Q
            await s.closed()
            await s.process.wait_closed()
            assert s.process.exit_status == 0
            tail = bytes(s.raw[-200:])
            for restore in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?2004l", b"\x1b[?1000l", b"\x1b[<u"):
                assert restore in tail
            assert not s.screen.cursor.hidden


class _Exploding(DemoApp):
    def on_key(self, event) -> None:
        raise RuntimeError("boom in the app")


@pytest.mark.parametrize("where", ["factory", "app"])
async def test_failure_in_one_session_is_logged_and_others_go_on(tmp_path, caplog, where):
    def factory(info: SessionInfo) -> App[None]:
        if info.name == "crash":
            if where == "factory":
                raise RuntimeError("boom in the factory")
            return _Exploding(info)
        return DemoApp(info)

    async with running_server(tmp_path, factory=factory) as server:
        async with connect(server, "bruno") as b:
            sb = await open_game(b)
            await sb.wait_for("Welcome bruno")
            async with connect(server, "crash") as c:
                sc = await open_game(c)
                if where == "app":
                    await sc.wait_for("Welcome crash")
                    sc.process.stdin.write(b"x")
                await sc.closed()
                assert "the game stopped on an error" in bytes(sc.raw).decode(errors="replace")
            assert "boom in the" in caplog.text
            sb.process.stdin.write(b"y")
            await sb.wait_for("Keys: y")


async def _first_frame(conn, term_type: str, env: dict[str, str] | None = None) -> bytes:
    p = await conn.create_process(term_type=term_type, term_size=(80, 24), encoding=None, env=env)
    raw = b""
    while b"Presses: 0" not in raw:
        raw += await asyncio.wait_for(p.stdout.read(65536), 5)
    return raw


async def test_colour_depth_follows_the_client_terminal(tmp_path):
    """Sessions of different depths share one process and Textual's render caches, yet each client
    gets escapes its terminal understands (the 256-colour session renders first and warms the caches)."""
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b, connect(server, "carla") as c:
            eight_bit = await _first_frame(a, "xterm-256color")
            standard = await _first_frame(b, "vt100")
            truecolor = await _first_frame(c, "xterm-256color", env={"COLORTERM": "truecolor"})
    assert b"48;5;" in eight_bit and b"48;2;" not in eight_bit
    assert b"48;5;" not in standard and b"48;2;" not in standard and b"38;5;" not in standard
    assert b"48;2;" in truecolor and b"48;5;" not in truecolor


class _Snapper(DemoApp):
    BINDINGS = [("f5", "screenshot")]


async def test_screenshots_are_refused_not_saved_on_the_server(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    apps: list[App[None]] = []

    def factory(info: SessionInfo) -> App[None]:
        apps.append(_Snapper(info))
        return apps[-1]

    async with running_server(tmp_path / "data", factory=factory) as server:
        async with connect(server, "anna") as conn:
            s = await open_game(conn)
            await s.wait_for("Welcome anna")
            s.process.stdin.write(b"\x1b[15~")  # F5
            await s.wait_for("Screenshots cannot be saved over SSH")
            titles = [c.title for c in apps[0].get_system_commands(apps[0].screen)]
            assert "Quit" in titles and "Screenshot" not in titles
    assert not list(tmp_path.rglob("*.svg"))
