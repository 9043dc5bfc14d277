"""A real `citadels serve` process for tests and benchmarks, and players who type into it over SSH.

`served(home, *options)` starts the server (its own process, a fresh data dir, loopback, a free port) and
stops it with SIGTERM; `Typist` is one logged-in player with a pyte screen who can measure how long a
keystroke takes to show. The hostile-client tests and bench/bench_ssh_flood.py share these. Also a server's
metrics port and a GET of it, and `citadels_serve(home)` for the seat tests."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from asyncssh.misc import _ACMWrapper
from helpers import group_of

ROOT = Path(__file__).resolve().parents[2]

# What asyncssh.connect returns: a connection to await, or to enter with `async with`.
Connecting = _ACMWrapper[asyncssh.SSHClientConnection]


def process_cpu(pid: int) -> float:
    """CPU seconds of `pid`'s threads alive now, to the nanosecond (the scheduler's count in each thread's
    schedstat), where /proc's stat counts 10 ms ticks: a benchmark's phase of keys costs a second or so. A
    server's threads (its loop, its database's worker) live as long as it does."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


@dataclass
class Served:
    process: asyncio.subprocess.Process
    port: int
    home: Path
    output: bytearray  # what the server printed (stdout and stderr), for the log lines

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_mib(self) -> float:
        with open(f"/proc/{self.pid}/status") as f:
            return int(group_of(r"VmRSS:\s+(\d+)", f.read())) / 1024

    def cpu_seconds(self) -> float:
        return process_cpu(self.pid)

    async def stop(self, timeout: float = 30) -> float:
        """SIGTERM; seconds until the process was gone."""
        start = time.perf_counter()
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.process.wait(), timeout)
        return time.perf_counter() - start


def serve_command(*options: str) -> list[str]:
    """`citadels serve` on a free loopback port, with `options`, as this interpreter runs it."""
    return [sys.executable, "-m", "citadels_server.cli", "serve", "--port", "0", *options]


async def start_serve(home: Path, *options: str, **kwargs: Any) -> asyncio.subprocess.Process:
    """serve_command's process with `home` as its data dir (CITADELS_HOME), from the project's root;
    `kwargs` as asyncio.create_subprocess_exec takes them (the pipes)."""
    return await asyncio.create_subprocess_exec(
        *serve_command(*options), env=dict(os.environ, CITADELS_HOME=str(home)), cwd=ROOT, **kwargs
    )


def guest(
    port: int,
    name: str,
    client_factory: Callable[[], asyncssh.SSHClient] | None = None,
    key: asyncssh.SSHKey | None = None,
) -> Connecting:
    """A connection to the loopback server at `port` as `name` without a key (`key` alone if given; no
    agent either), as a person pressing Enter at every prompt would (`Guest`, unless another client is
    given): awaited, or entered with `async with`."""
    return asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=None if key is None else [key],
        agent_path=None,
        client_factory=client_factory or Guest,
    )


@contextlib.asynccontextmanager
async def served(home: Path, *options: str, log_level: str = "INFO") -> AsyncIterator[Served]:
    process = await start_serve(
        home,
        "--log-level",
        log_level,
        *options,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    stdout = process.stdout
    assert stdout is not None
    output = bytearray()
    port = 0
    while not port:
        line = await asyncio.wait_for(stdout.readline(), 60)
        if not line:
            raise RuntimeError("citadels serve ended before listening:\n" + output.decode(errors="replace"))
        output += line
        if m := re.search(rb"listening on \S+ port (\d+)", line):
            port = int(m.group(1))

    async def drain() -> None:
        while chunk := await stdout.read(65536):
            output.extend(chunk)

    reader = asyncio.get_running_loop().create_task(drain())
    server = Served(process, port, home, output)
    try:
        yield server
    finally:
        if process.returncode is None:
            process.kill()
        # Python 3.11's wait() also waits for the output pipe to close: a process the server started and
        # left behind would hold it open and hang the test; fail with the server's output instead.
        try:
            await asyncio.wait_for(process.wait(), 60)
        except TimeoutError:
            raise AssertionError(
                "citadels serve left a process holding its output:\n" + output.decode(errors="replace")
            ) from None
        finally:
            reader.cancel()


@dataclass(frozen=True)
class Ran:
    """A command run over SSH: its exit status and what it printed, as text."""

    exit_status: int | None
    stdout: str
    stderr: str

    @classmethod
    def of(cls, done: asyncssh.SSHCompletedProcess) -> Ran:
        return cls(done.exit_status, as_text(done.stdout), as_text(done.stderr))


def as_text(out: bytes | str | None) -> str:
    """One stream of a command's output as text (asyncssh's is a str at its default encoding)."""
    return "" if out is None else out if isinstance(out, str) else out.decode()


async def exec_as(port: int, name: str, key: asyncssh.SSHKey, command: str, typed: str | None = None) -> Ran:
    """`ssh NAME@HOST COMMAND` with NAME's key alone (no agent, no password), `typed` sent as its input: what
    the command printed and its exit status."""
    async with asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=[key],
        agent_path=None,
        preferred_auth="publickey",
    ) as conn:
        return Ran.of(await conn.run(command, check=False, input=typed))


# One of the choices `ssh HOST play N` lists: "  3. Build the Keep".
PLAY_OPTION = re.compile(r"^  (\d+)\. (.*)$", re.MULTILINE)


def play_choice(out: str, rng: random.Random) -> int | None:
    """A number from the choices `play` listed (a build when there is one, so that the game ends), or None:
    none listed, not this seat's move."""
    if "You can:" not in out:
        return None
    options = [(int(n), what) for n, what in PLAY_OPTION.findall(out.split("You can:")[-1])]
    builds = [n for n, what in options if what.startswith("Build")]
    return rng.choice(builds or [n for n, _ in options])


class Guest(asyncssh.SSHClient):
    """Logs in without a key, as a person pressing Enter at every prompt would."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str]:
        return ["" for _ in prompts]


class Typist:
    """One player: an SSH session with a pyte screen, who types and reads the screen."""

    def __init__(
        self,
        conn: asyncssh.SSHClientConnection,
        process: asyncssh.SSHClientProcess[bytes],
        width: int,
        height: int,
    ) -> None:
        self.conn = conn
        self.process = process
        self.width, self.height = width, height
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.changed = asyncio.Event()
        self.typed = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def login(
        cls, port: int, name: str, width: int = 100, height: int = 30, key: asyncssh.SSHKey | None = None
    ) -> Typist:
        conn = await guest(port, name, key=key)
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(width, height), encoding=None
        )
        return cls(conn, process, width, height)

    @classmethod
    async def in_lobby(
        cls, port: int, name: str, width: int = 100, height: int = 30, key: asyncssh.SSHKey | None = None
    ) -> Typist:
        """Logged in (login's), once the screen shows the lobby."""
        t = await cls.login(port, name, width, height, key)
        await t.shows("lobby")
        return t

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.raw += data
                self.stream.feed(data)
                self.changed.set()
        except (asyncssh.Error, OSError):
            pass  # the connection dropped: `gone` says so
        self.changed.set()

    @property
    def gone(self) -> bool:
        return self.reader.done()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def row(self, y: int) -> str:
        line = self.screen.buffer[y]  # one row: much cheaper than pyte's whole display
        return "".join(line[x].data for x in range(self.screen.columns))

    async def until(self, check: Callable[[], bool], timeout: float = 30.0) -> None:
        deadline = time.perf_counter() + timeout
        while not check():
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0 or self.gone:
                raise AssertionError("the screen never showed it:\n" + self.text)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def shows(self, text: str, timeout: float = 30.0) -> None:
        await self.until(lambda: text in self.text, timeout)

    async def enter(self, line: str, shown: str, timeout: float = 30.0) -> None:
        """`line` typed and Enter pressed, then until the screen shows `shown`."""
        self.type(line + "\r")
        await self.shows(shown, timeout)

    def type(self, text: str | bytes) -> None:
        try:
            self.process.stdin.write(text.encode() if isinstance(text, str) else text)
        except OSError:
            pass  # the server hung up on this player (a flooder is disconnected in the end)

    async def press(self, timeout: float = 30.0) -> float:
        """Type `z` into the empty command line (bottom row), or erase it: seconds until the screen shows it."""
        start = time.perf_counter()
        bottom = self.height - 1
        if self.typed:
            self.type("\x7f")
            await self.until(lambda: not self.row(bottom).startswith("z"), timeout)
        else:
            self.type("z")
            await self.until(lambda: self.row(bottom).startswith("z"), timeout)
        self.typed = not self.typed
        return time.perf_counter() - start

    def close(self) -> None:
        self.conn.close()


# -- honest players ------------------------------------------------------------------------------------


async def table_of_two(port: int) -> tuple[Typist, Typist]:
    """anna and bruno at a table of four (two bots), their game started."""
    anna, bruno = await Typist.in_lobby(port, "anna"), await Typist.in_lobby(port, "bruno")
    await anna.enter("new 4 seed=3", "Table 1 is yours")
    await bruno.enter("join 1", "You sit at table")
    await anna.enter("start", "Your hand")
    await bruno.shows("Your hand")
    return anna, bruno


async def keep_typing(players: list[Typist], seconds: float) -> list[float]:
    """Each player presses a key, waits for it on screen, pauses a little; latencies in seconds."""

    async def one(p: Typist) -> list[float]:
        out, end = [], time.perf_counter() + seconds
        while time.perf_counter() < end:
            out.append(await p.press(timeout=20))
            await asyncio.sleep(0.05)
        if p.typed:
            await p.press(timeout=20)  # leave the command line empty
        return out

    return [x for xs in await asyncio.gather(*(one(p) for p in players)) for x in xs]


async def take_first_options(players: list[Typist], done: Callable[[], bool], timeout: float) -> None:
    """Each player takes their first option whenever it is theirs to decide, until `done()`.

    As a person would, a player types once and then waits for the screen to answer before typing again.
    Typing at every glance at a screen that has not caught up yet queues keys ahead of the server: while a
    busy table holds a session's input back for a moment (docs/hosting.md, "Limits, and what a player
    sees"), each of those keys is one more option taken, or refused, once it is let through."""
    end = time.monotonic() + timeout
    typed_at: dict[int, str] = {}  # each player's screen when they last typed
    while not done():
        assert time.monotonic() < end, "the game did not go on:\n" + "\n---\n".join(p.text for p in players)
        for i, p in enumerate(players):
            if "your" in p.row(0) and (screen := p.text) != typed_at.get(i):
                typed_at[i] = screen
                p.type("1\r")
        await asyncio.sleep(0.3)


async def play_until_round(players: list[Typist], round_no: int, timeout: float = 90) -> None:
    """Both take their first option whenever it is theirs to decide, until the game reaches `round_no`."""
    await take_first_options(
        players, lambda: all(f"Round {round_no}" in p.row(0) or "Final" in p.text for p in players), timeout
    )


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of `samples`, in milliseconds."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))] * 1000


# -- what a hostile client sends ----------------------------------------------------------------------
#
# Each flood writes for about `seconds` (a paste is one write; the client's ssh then sends it as fast as
# the server reads). Random floods are seeded, so a run can be repeated.

_TEXT = (
    b"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt\n"
    b"ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco\n"
)


def unbracketed_paste(size: int) -> Callable[[Typist, float], Coroutine[Any, Any, None]]:
    """Text with line breaks, pasted without bracketed-paste mode: it arrives as typing, Enter included."""

    async def flood(t: Typist, seconds: float) -> None:
        t.type((_TEXT * (size // len(_TEXT) + 1))[:size])
        await asyncio.sleep(seconds)

    return flood


async def key_flood(t: Typist, seconds: float, per_second: int = 10_000) -> None:
    """Keys a person could press, `per_second` of them: letters, arrows, Tab, Backspace, Enter."""
    rng = random.Random(1)
    keys = [b"a", b"b", b"k", b" ", b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\t", b"\x7f", b"\r", b"7"]
    tick = 0.1
    for _ in range(int(seconds / tick)):
        t.type(b"".join(rng.choice(keys) for _ in range(int(per_second * tick))))
        await asyncio.sleep(tick)


async def random_bytes(t: Typist, seconds: float, per_second: int = 16_384) -> None:
    """Any bytes at all, except Ctrl+Q (which would just end the flooder's own session)."""
    rng = random.Random(2)
    tick = 0.1
    for _ in range(int(seconds / tick)):
        t.type(bytes(rng.randrange(256) for _ in range(int(per_second * tick))).replace(b"\x11", b""))
        await asyncio.sleep(tick)


def escape_sequence(r: random.Random) -> bytes:
    """One escape sequence, well formed or not: CSI with odd parameters, SGR mouse reports, OSC, DCS, SS3."""
    kind = r.randrange(6)

    def n() -> int:
        return r.randrange(-3, 100_000)

    if kind == 0:
        return (
            b"\x1b["
            + b";".join(b"%d" % n() for _ in range(r.randrange(8)))
            + bytes([r.randrange(0x40, 0x7F)])
        )
    if kind == 1:
        return b"\x1b[<%d;%d;%d%s" % (n() % 128, n(), n(), r.choice([b"M", b"m", b""]))
    if kind == 2:
        return (
            b"\x1b]"
            + bytes(r.randrange(32, 127) for _ in range(r.randrange(40)))
            + r.choice([b"\x07", b"\x1b\\", b""])
        )
    if kind == 3:
        return b"\x1bP" + bytes(r.randrange(256) for _ in range(r.randrange(20)))
    if kind == 4:
        return b"\x1bO" + bytes([r.randrange(0x20, 0x7F)])
    return r.choice([b"\x1b", b"\x1b[", b"\x1b[200~", b"\x1b[201~", b"\x1b[?2026;2$y", b"\x1b[I", b"\x1b[O"])


async def escape_fuzz(t: Typist, seconds: float, per_second: int = 16_384) -> None:
    rng = random.Random(3)
    tick = 0.1
    for _ in range(int(seconds / tick)):
        chunk = bytearray()
        while len(chunk) < per_second * tick:
            chunk += escape_sequence(rng)
        t.type(bytes(chunk))
        await asyncio.sleep(tick)


FLOODS: dict[str, Callable[[Typist, float], Coroutine[Any, Any, None]]] = {
    "unbracketed paste 4 KB": unbracketed_paste(4 * 1024),
    "unbracketed paste 64 KB": unbracketed_paste(64 * 1024),
    "unbracketed paste 1 MB": unbracketed_paste(1024 * 1024),
    "10,000 keys/s": key_flood,
    "random bytes 16 KB/s": random_bytes,
    "escape-sequence fuzz 16 KB/s": escape_fuzz,
}


# -- window changes ------------------------------------------------------------------------------------


async def resize_storm(t: Typist, seconds: float, per_second: int = 3_000) -> int:
    """Window-change requests, `per_second` of them, each a different size, until `seconds` are over or
    the server hangs up; how many were sent."""
    tick, sent = 0.01, 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not t.gone:
        for _ in range(int(per_second * tick)):
            sent += 1
            t.process.change_terminal_size(60 + sent * 7919 % 240, 20 + sent * 104729 % 80)
        await asyncio.sleep(tick)
    return sent


async def window_drag(t: Typist, seconds: float, to: tuple[int, int], per_second: int = 30) -> None:
    """A window edge dragged for `seconds`, `per_second` changes a second, ending at `to` (its screen too)."""
    steps = max(1, int(seconds * per_second))
    width, height = to
    for i in range(steps):
        t.process.change_terminal_size(width - (steps - i) % 25, height - (steps - i) % 7)
        await asyncio.sleep(1 / per_second)
    t.width, t.height = width, height
    t.screen.resize(height, width)
    t.process.change_terminal_size(width, height)


async def metrics_port(server: Served, timeout: float = 30) -> int:
    for _ in range(int(timeout / 0.05)):
        if m := re.search(rb"Metrics on http://127\.0\.0\.1:(\d+)/metrics", server.output):
            return int(m.group(1))
        await asyncio.sleep(0.05)
    raise AssertionError("no metrics line:\n" + server.output.decode(errors="replace"))


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@contextlib.asynccontextmanager
async def citadels_serve(home: Path) -> AsyncIterator[tuple[int, Path]]:
    """`citadels serve` in its own process with `home` as its data dir: (port, its log file)."""
    log = home / "server.log"
    with open(log, "ab") as err:
        proc = await start_serve(
            home,
            *("--seat-hold", "600", "--bot-pace", "0.3", "--log-level", "INFO"),
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
        )
    try:
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        port = int(first.split("port")[1])
        while b"Players connect with" not in await asyncio.wait_for(proc.stdout.readline(), 30):
            pass
        yield port, log
    finally:
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
