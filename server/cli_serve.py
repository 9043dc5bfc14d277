"""`citadels serve`: host games over SSH (docs/hosting.md), from the settings to a clean stop; and
`serve --check`, which says what the server would start with."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from citadels_server.database import DatabaseError, check_database, open_database
from citadels_server.drain import begin_drain
from citadels_server.game import game_app_factory, make_hub
from citadels_server.hostkey import HOST_KEY_FILE
from citadels_server.log_format import use_format
from citadels_server.metrics import Monitor
from citadels_server.order import reread_settings
from citadels_server.replication import SharedHub
from citadels_server.settings import SettingsError, load_settings, setting_sources, shown_value
from citadels_server.ssh import serve_app
from citadels_tui import thinking

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see cli.BARE_START)


# The game app's SSH entry point (SessionInfo -> App); where it cannot be imported, `citadels serve` serves
# the placeholder demo, so that the server's own parts can be tried alone.
GAME_APP_FACTORY = "citadels_tui.lobby_app:ssh_app_factory"
DEMO_APP_FACTORY = "citadels_server.demo:demo_app_factory"


def load_app_factory(spec: str | None) -> tuple[Any, str]:
    """The factory named `MODULE:NAME`; with no spec, the game app's, or the demo while it is missing."""
    target = spec or GAME_APP_FACTORY
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr), target
    except (ModuleNotFoundError, AttributeError) as e:
        missing_game = spec is None and (not isinstance(e, ModuleNotFoundError) or e.name == module_name)
        if not missing_game:
            raise
    return load_app_factory(DEMO_APP_FACTORY)


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # Textual points sys.stderr at the running app's capture, so warnings would vanish into a session.
    logging.captureWarnings(True)
    if args.log_level.upper() != "DEBUG":
        logging.getLogger("asyncssh").setLevel(logging.WARNING)  # it logs every packet exchange at INFO
    try:
        overrides = dict(
            host=args.host,
            port=args.port,
            data_dir=args.data_dir,
            database=args.database,
            require_keys=args.require_keys,
            open_registration=args.open_registration,
            max_connections=args.max_connections,
            max_per_address=args.max_per_address,
            login_timeout=args.login_timeout,
            idle_timeout=args.idle_timeout,
            max_authenticating=args.max_authenticating,
            max_authenticating_per_address=args.max_authenticating_per_address,
            auth_start_timeout=args.auth_start_timeout,
            seat_hold=args.seat_hold,
            bot_pace=args.bot_pace,
            drain_timeout=args.drain_timeout,
            metrics=args.metrics,
            log_format=args.log_format,
            # The password comes only from a file or CITADELS_PASSWORD: on the command line it shows in `ps`.
        )
        settings = load_settings(args.settings, **overrides)
    except SettingsError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 1 if args.check else 2
    use_format(settings.log_format)
    if args.check:
        sources = setting_sources(args.settings, **overrides)
        width = max(map(len, sources))
        for name, source in sources.items():
            print(f"{name:<{width}} = {shown_value(name, getattr(settings, name))}  # {source}")
        return check_serve(settings)
    try:
        factory, factory_name = load_app_factory(args.app)
    except (ImportError, AttributeError, ValueError) as e:
        print(f"citadels: cannot load the app factory {args.app!r}: {e}", file=sys.stderr)
        return 2

    try:
        # Opened before anything listens: a database the server cannot use stops it here, untouched.
        db = open_database(settings)
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    hub = None
    if factory_name == GAME_APP_FACTORY:
        hub = make_hub(settings, db)  # the hub keeps its tables, games and ratings in the database
        factory = game_app_factory(factory, settings, hub)  # every session shares one hub of tables
    stdout = sys.stdout

    def say(line: str) -> None:
        try:
            print(line, file=stdout, flush=True)
        except OSError:
            pass  # stdout was a pipe whose reader died with the same Ctrl+C (e.g. `| tee`)

    def end_now(*_: object) -> None:
        """End the process without waiting for anything more: a Ctrl+C or SIGTERM after the event loop
        closed, or a third one while it closes."""
        logging.shutdown()
        with contextlib.suppress(OSError, ValueError):
            if sys.__stdout__ is not None:
                sys.__stdout__.flush()
        os._exit(0)

    def out_of_time() -> None:
        logging.getLogger("citadels_server").warning(
            "still stopping after drain_timeout = %g s: ending the process now", settings.drain_timeout
        )
        end_now()

    def stop_workers() -> None:
        """The bots' searches are of no more use: end their processes rather than wait for them at exit."""
        if hub is not None:
            thinking.shutdown(now=True)

    async def serve() -> None:
        monitor = None
        if settings.metrics is not None:
            # Bound first: a port it cannot have stops the server before anything else is shared or listens.
            try:
                monitor = Monitor(settings.metrics, settings.health_max_lag, hub, db.probe)
            except OSError as e:
                raise SystemExit(
                    f"citadels: cannot serve the metrics on {settings.metrics}: {e.strerror}"
                ) from e
        try:
            await serving(monitor)
        finally:
            if monitor is not None:
                monitor.close()

    async def serving(monitor: Monitor | None) -> None:
        # Tables kept from the last run are back before the first player can look at the lobby.
        problems = hub.restore() if hub is not None else []
        if isinstance(hub, SharedHub):
            # PostgreSQL: other processes may share the tables (docs/scaling.md). Listening to them, and
            # taking the tables nobody runs, before the first player can look at the lobby.
            await hub.share()
        if hub is not None:
            thinking.warm_up()  # the bots' worker processes, up before anyone plays
        try:
            # The hub tells the server which names hold a seat taken without a key (their logins are asked
            # for the seat's reconnect code).
            server = await serve_app(
                factory,
                settings,
                seats=hub,
                names=db.players,
                bans=hub.records if hub is not None else None,
                hub=hub,
            )
        except OSError as e:
            raise SystemExit(
                f"citadels: cannot listen on {settings.host} port {settings.port}: {e.strerror}"
            ) from e
        port = server.port
        # Before the banner: a SIGTERM sent as soon as it is read (a service manager, a test) must stop
        # the server cleanly, not kill it with the default handler.
        stop, hurry = asyncio.Event(), asyncio.Event()
        server.on_drain = stop.set  # an admin's `drain` (drain.py) ends as a SIGTERM does, once drained
        if isinstance(hub, SharedHub):
            shared = hub
            shared.on_drain_everywhere(lambda: begin_drain(shared, server, announce=False))  # `drain --all`
        loop = asyncio.get_running_loop()

        def stop_or_hurry() -> None:
            if hurry.is_set():
                end_now()  # a third: even the loop's clean-up is taking too long
            (hurry if stop.is_set() else stop).set()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop_or_hurry)
        print(f"Citadels server listening on {settings.host} port {port}", file=stdout)
        print(f"Host key fingerprint: {server.fingerprint} (ED25519)", file=stdout)
        print(f"Host key: {settings.home() / HOST_KEY_FILE}", file=stdout)
        print(f"Database: {db.where}", file=stdout)
        if db.shared:
            print("Tables shared with every server on this database (docs/scaling.md)", file=stdout)
        print(f"Serving: {factory_name}", file=stdout)
        if monitor is not None:
            monitor.start(server)
            print(f"Metrics on http://{monitor.host}:{monitor.port}/metrics, health on /healthz", file=stdout)
        print(f"Players connect with: ssh -p {port} NAME@{settings.host}", file=stdout, flush=True)
        for problem in problems:
            print(problem, file=stdout)
        if hub is not None and hub.tables:
            print(f"Resumed {len(hub.tables)} table(s) in play", file=stdout, flush=True)

        def reread() -> None:
            server.settings = reread_settings(
                args.settings, server.settings, hub.order if hub is not None else None
            )

        loop.add_signal_handler(signal.SIGHUP, reread)
        await stop.wait()
        say("Stopping: saying goodbye to connected players... (Ctrl+C again to stop at once)")
        # However the goodbyes go (a client that reads nothing, a stuck session), the process ends within
        # drain_timeout: a thread, since the event loop itself may be what is stuck.
        watchdog = threading.Timer(settings.drain_timeout, out_of_time)
        watchdog.daemon = True
        watchdog.start()
        server.close()  # no new connections from here; every player is told the server is stopping
        # A second signal while the goodbyes are said ends the wait at once: the sessions are cancelled
        # without their goodbyes when the loop closes.
        hurried = loop.create_task(hurry.wait())
        goodbyes = loop.create_task(server.wait_closed(timeout=settings.drain_timeout / 2))
        await asyncio.wait(
            [goodbyes, hurried], timeout=settings.drain_timeout * 0.8, return_when=asyncio.FIRST_COMPLETED
        )
        if hub is not None:
            hub.close()  # the last moves reach the disk before the process ends
        if hurry.is_set():
            say("Stopped at once.")
        hurried.cancel()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        return 130  # a Ctrl+C while starting, before the server listened: nothing to say goodbye to
    finally:
        # The loop is closed and its signal handlers with it: from here a Ctrl+C would interrupt the
        # interpreter's exit with a traceback; it ends the process instead.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, end_now)
        db.close()  # every write made is committed before the process ends
        # Textual swaps sys.stdout per running app; with many apps the last swap back may be stale.
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        stop_workers()
    return 0


def check_serve(settings: Any) -> int:
    """`citadels serve --check`: each check of what the server would start with says what it found, in a
    sentence; 0 if every one passed, else 1. Nothing listens and nothing is written. A check is a function
    of the settings that returns its sentence, or raises one of `problems` with it."""
    checks: list[Callable[[], str]] = [lambda: check_database(settings, full=True)]
    problems: tuple[type[Exception], ...] = (DatabaseError,)
    failed = 0
    for check in checks:
        try:
            print(check(), flush=True)
        except problems as e:
            print(f"citadels: {e}", file=sys.stderr, flush=True)
            failed += 1
    return 1 if failed else 0
