"""What a host watches: Prometheus metrics and a health check, on a listener of their own (`citadels serve
--metrics HOST:PORT`, docs/hosting.md "Metrics and health").

The metrics live in this module's own registry (`REGISTRY`, not prometheus_client's global one, which
would mix in whatever else the process imports): counters and histograms that the server's parts bump as
things happen (a flood slowed, a login refused, a database write, a frame after a keystroke), and gauges
that a `Monitor` samples on the event loop every `TICK` seconds (sessions by kind, tables by state, the
database's queue, the bans in force) while it measures how late the loop runs its tick.

The listener is a thread of its own, so that `/metrics` and `/healthz` still answer when the event loop is
stuck; `/healthz` says 200 while the database answers and the loop's lag is under `health_max_lag`, else
503 with the reason, and a loop that has not ticked for that long is itself the reason."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterable, Set
from dataclasses import dataclass
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any, Protocol
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, make_wsgi_app

if TYPE_CHECKING:
    from citadels_tui.lobby import Lobby


log = logging.getLogger(__name__)

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # process_cpu_seconds_total, process_resident_memory_bytes, …

SESSIONS = Gauge("citadels_sessions", "Sessions connected now, by kind", ["kind"], registry=REGISTRY)
SESSION_KINDS = ("player", "spectator", "plain", "bot", "command")
TABLES = Gauge("citadels_tables", "Tables of this process, by state", ["state"], registry=REGISTRY)
TABLE_STATES = ("waiting", "playing", "over")
GAMES = Counter(
    "citadels_games", "Games kept in the history, finished or abandoned", ["end"], registry=REGISTRY
)
KEYSTROKE = Histogram(
    "citadels_keystroke_to_screen_seconds",
    "From a session's input arriving to the next frame written to it",
    buckets=(0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
    registry=REGISTRY,
)
LOOP_LAG = Gauge(
    "citadels_event_loop_lag_seconds",
    "How late the event loop ran the monitor's last tick",
    registry=REGISTRY,
)
LOOP_LAG_SEEN = Histogram(
    "citadels_event_loop_lag_observed_seconds",
    "How late the event loop ran each of the monitor's ticks",
    buckets=(0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0),
    registry=REGISTRY,
)
DB_WRITE = Histogram(
    "citadels_database_write_seconds",
    "A write transaction on the database's thread, from its start to its commit",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
    registry=REGISTRY,
)
DB_QUEUE = Gauge("citadels_database_queue_depth", "Jobs waiting for the database's thread", registry=REGISTRY)
FLOODS = Counter(
    "citadels_input_floods",
    "Sessions slowed, told and disconnected for flooding the server with input",
    ["outcome"],
    registry=REGISTRY,
)
REFUSALS = Counter(
    "citadels_refusals",
    "Connections, logins, requests and lobby commands refused, by reason",
    ["reason"],
    registry=REGISTRY,
)
# The reasons that are not a cap's name (limits.py) nor a ban's kind (`banned_name`, …), nor a request's
# (`request_exec`, …): what each face of the lobby (the full screen, plain mode, a command) is refused
# that a host would want to know of, counted where the server refuses it.
REFUSAL_REASONS = (
    "closing",  # the server is shutting down
    "wrong_passwords",  # too many wrong server passwords: the login is ended
    "wrong_codes",  # too many wrong reconnect codes from one address for one name
    "no_login",  # no login began within auth_start_timeout
    "no_game",  # logged in, but no game opened within login_timeout
    "second_game",  # a second session on one connection (one game at a time per connection)
    "forwarding",  # port forwarding asked for
    "draining",  # an admin's drain: no new table, no new game
    "table_full",  # a seat asked at a table whose seats are all taken
    "chat_flood",  # a chat line said too fast (the chat's rate), not sent
    "not_admin",  # an admin's command from a key that is not an admin's
)
BANS = Gauge("citadels_bans_in_force", "Bans in force, by kind", ["kind"], registry=REGISTRY)
HEALTHY = Gauge("citadels_healthy", "1 while /healthz answers 200, else 0", registry=REGISTRY)

for _kind in SESSION_KINDS:  # every series from the first scrape, at 0: a rate needs its start
    SESSIONS.labels(_kind)
for _state in TABLE_STATES:
    TABLES.labels(_state)
for _end in ("finished", "abandoned"):
    GAMES.labels(_end)
for _outcome in ("slowed", "told", "disconnected"):
    FLOODS.labels(_outcome)
for _reason in REFUSAL_REASONS:
    REFUSALS.labels(_reason)
for _ban in ("name", "key", "address"):
    BANS.labels(_ban)

TICK = 0.5  # seconds between the monitor's samples
PROBE_EVERY = 2.0  # seconds between two questions to the database
PROBE_TIMEOUT = 5.0  # an answer later than this is no answer


class _Session(Protocol):
    @property
    def link(self) -> object | None:
        """A session with a screen has its terminal's link; a plain one has none."""


class Sessions(Protocol):
    """What the monitor counts of the SSH server (`CitadelsServer`): its sessions. A Protocol, so that the
    server's modules and this one import no cycle."""

    @property
    def sessions(self) -> Set[_Session]: ...


_database_queues: list[Callable[[], int]] = []


def refused(reason: str) -> None:
    """One more refusal for `reason` (REFUSAL_REASONS, a cap's name, `banned_KIND`, `request_KIND`)."""
    REFUSALS.labels(reason).inc()


def watch_database_queue(depth: Callable[[], int]) -> None:
    """A database's worker says how to read its queue (server/database/worker.py)."""
    _database_queues.append(depth)


def unwatch_database_queue(depth: Callable[[], int]) -> None:
    with contextlib.suppress(ValueError):
        _database_queues.remove(depth)


def session_kind(command: str) -> str:
    """The kind an exec session counts as: a bot, a plain-text game, or a one-shot command."""
    return command if command in ("bot", "plain") else "command"


@dataclass
class Health:
    """What /healthz answers from, written on the event loop and read by the listener's thread."""

    max_lag: float
    ticked: float = 0.0  # time.monotonic() of the loop's last tick
    lag: float = 0.0
    database: str | None = "the database has not answered yet"  # None: it answered the last question
    asked: float | None = None  # time.monotonic() of a question still unanswered

    def problem(self, now: float) -> str | None:
        """Why the server is not healthy now, in a sentence; None if it is."""
        if self.ticked and now - self.ticked > self.max_lag + TICK:
            return f"the event loop has not run for {now - self.ticked:.1f} s (limit {self.max_lag:g} s)"
        if self.lag > self.max_lag:
            return f"the event loop runs {self.lag:.2f} s late (limit {self.max_lag:g} s)"
        if self.asked is not None and now - self.asked > PROBE_TIMEOUT:
            return f"the database has not answered for {now - self.asked:.0f} s"
        if self.database is not None:
            return self.database
        return None


def listen_address(listen: str) -> tuple[socket.AddressFamily, str, int]:
    """`HOST:PORT` (an IPv4 address, `[IPv6]`, or a host name, which is looked up: its first address is
    taken) as the family, address and port to bind; OSError (`socket.gaierror`) for a name not found."""
    host, _, port = listen.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    found = socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, address = found[0]
    return family, str(address[0]), int(port)


class Monitor:
    """The samples taken on the event loop, and the HTTP listener serving them. The listener is bound when
    the monitor is made, so that a port it cannot have stops the server before its SSH port listens;
    `start` serves it, once the SSH server whose sessions it counts exists."""

    def __init__(
        self,
        listen: str,
        max_lag: float,
        hub: Lobby | None,
        probe: Callable[[], asyncio.Future[Any]] | None,
    ) -> None:
        family, address, port = listen_address(listen)
        self.server: Sessions | None = None
        self.hub, self.probe = hub, probe
        self.health = Health(max_lag)
        if probe is None:
            self.health.database = None  # nothing to ask: a server without a database of its own
        metrics_app = make_wsgi_app(REGISTRY)

        def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
            if environ.get("PATH_INFO") == "/healthz":
                problem = self.health.problem(time.monotonic())
                status = "200 OK" if problem is None else "503 Service Unavailable"
                start_response(status, [("Content-Type", "text/plain; charset=utf-8")])
                return [(f"unhealthy: {problem}\n" if problem else "ok\n").encode()]
            body: Iterable[bytes] = metrics_app(environ, start_response)  # a WSGI app's body
            return body

        listener = _Listener6 if family == socket.AF_INET6 else _Listener
        self.http = make_server(address, port, app, listener, _Quiet)
        self.port = self.http.server_port
        self.host = f"[{address}]" if family == socket.AF_INET6 else address  # as a URL writes it
        self._thread = threading.Thread(target=self.http.serve_forever, name="citadels-metrics", daemon=True)
        self._task: asyncio.Task[None] | None = None

    def start(self, server: Sessions) -> None:
        self.server = server
        self._thread.start()
        self._task = asyncio.get_running_loop().create_task(self._sample(), name="citadels-monitor")

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._thread.is_alive():
            self.http.shutdown()  # waits for serve_forever, which only a started monitor runs
        self.http.server_close()

    async def _sample(self) -> None:
        loop = asyncio.get_running_loop()
        asked_at = -PROBE_EVERY
        pending: asyncio.Future[Any] | None = None
        while True:
            due = loop.time() + TICK
            await asyncio.sleep(TICK)
            lag = max(0.0, loop.time() - due)
            now = time.monotonic()
            self.health.lag, self.health.ticked = lag, now
            LOOP_LAG.set(lag)
            LOOP_LAG_SEEN.observe(lag)
            self._count()
            if self.probe is not None and pending is None and now - asked_at >= PROBE_EVERY:
                asked_at, self.health.asked = now, now
                pending = self.probe()
                pending.add_done_callback(self._answered)
            if pending is not None and pending.done():
                pending = None
            HEALTHY.set(0 if self.health.problem(now) else 1)

    def _answered(self, answer: asyncio.Future[Any]) -> None:
        self.health.asked = None
        error = None if answer.cancelled() else answer.exception()
        self.health.database = None if error is None else f"the database cannot be reached: {error}"

    def _count(self) -> None:
        DB_QUEUE.set(sum(depth() for depth in _database_queues))
        # The sessions with a screen (in the lobby, seated or watching); a plain session is in
        # `server.sessions` too, to be told of a shutdown, but counts as plain.
        sessions = self.server.sessions if self.server is not None else ()
        apps = sum(1 for session in sessions if session.link is not None)
        watching = 0
        if self.hub is not None:
            states = dict.fromkeys(TABLE_STATES, 0)
            for ht in self.hub.tables.values():
                states[ht.status] += 1
                watching += ht.watching_here
            for state, n in states.items():
                TABLES.labels(state).set(n)
            kinds = dict.fromkeys(("name", "key", "address"), 0)
            for ban in self.hub.records.bans():
                kinds[ban.kind] += 1
            for kind, n in kinds.items():
                BANS.labels(kind).set(n)
        SESSIONS.labels("spectator").set(watching)
        SESSIONS.labels("player").set(max(0, apps - watching))


class _Listener(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a slow scraper never holds up the process's exit
    allow_reuse_address = True


class _Listener6(_Listener):
    address_family = socket.AF_INET6


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Every scrape is not worth a line in the log."""
