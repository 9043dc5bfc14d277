"""Long thinking (the `hard` bot's searches, hints) in worker processes, away from the event loop.

A search holds the CPU for up to a second. In a thread it would still share the interpreter lock with the
event loop that every session of a server runs on, and typing would stall while bots think. So searches
run in a small pool of worker processes (one per core), started on first use and lowered in priority
(`nice`), so that the loop's own work always comes first. What is sent there must pickle: a module-level
function and plain data (a copy of the game, a bot, a view).

Workers ignore Ctrl-C: a terminal sends SIGINT to its whole foreground process group, and the server
ends its workers itself; left to Python's default they would each print a KeyboardInterrupt traceback.

When processes cannot be used (the platform forbids them, a worker died, or the work does not pickle, as
a test's closure), the work runs in a thread instead, which is slower for everyone but still correct.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import citadels_tui.searches  # noqa: F401 - a worker, importing this module, imports the functions sent to it

# The process pool's modules are imported when a search first needs them: the app's start (the first
# frame) does not wait for them.
if TYPE_CHECKING:
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor

log = logging.getLogger(__name__)

T = TypeVar("T")
NICENESS = 10  # how much lower the workers' priority is than the server's
PARENT_CHECK = 1.0  # seconds between a worker's checks that the process that started it still runs

# What starting a worker process may raise where processes are not to be had.
_CANNOT_START = (OSError, ValueError, NotImplementedError, RuntimeError)

_pool: ProcessPoolExecutor | None = None
_workers: set[multiprocessing.process.BaseProcess] = set()  # the pool's processes, to end them at once
_use_processes = True


def use_processes(on: bool) -> None:
    """Run thinking in worker processes (the default) or in threads of this process."""
    global _use_processes
    _use_processes = on
    if not on:
        shutdown()


def _start_worker(parent: int) -> None:
    """In each new worker: no Ctrl-C, a lower priority, and a watch on the parent. A worker holds both ends
    of its task queue's pipe, so it would never notice a server that was killed and would wait forever.

    `parent` is the pid of the process that made the pool, passed in rather than read here: a worker may
    start after a `kill -9` of its parent, and would then read init's pid as its parent's and wait for
    ever (holding the server's output pipe, so whoever waits for that to close waits too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # usually inherited already (_sigint_ignored_meanwhile)
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):
        pass  # not everywhere: the work still runs, only at the usual priority

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)  # the parent is gone (this process was handed to init or a subreaper)

    threading.Thread(target=watch, name="citadels-parent-watch", daemon=True).start()


@contextlib.contextmanager
def _real_std_streams() -> Iterator[None]:
    """Starting a process passes on the file descriptor of sys.stderr; a running Textual app has replaced
    it with a capture whose descriptor is not valid. The process's own streams stand in meanwhile."""
    saved = sys.stdout, sys.stderr
    if sys.__stdout__ is not None and sys.__stderr__ is not None:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def _sigint_ignored_meanwhile() -> Iterator[None]:
    """A process started meanwhile inherits SIGINT ignored, and Python leaves it so: a Ctrl-C while a worker
    is still starting, before `_start_worker` runs in it, would otherwise end it with a traceback. (A Ctrl-C
    within these few milliseconds is lost to this process too; the host presses it again.)"""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may change a handler; _start_worker still ignores it soon after
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        # None: a handler not set from Python; the default is the closest this process can put back.
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)


def _submit(fn: Callable[..., T], *args: Any) -> Future[T]:
    """`fn(*args)` queued for the pool (which may start a worker process now)."""
    import multiprocessing

    before = set(multiprocessing.active_children())
    with _real_std_streams(), _sigint_ignored_meanwhile():
        future = _get_pool().submit(fn, *args)
    _workers.update(set(multiprocessing.active_children()) - before)
    return future


def _get_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        import multiprocessing
        from concurrent.futures.process import ProcessPoolExecutor

        # "spawn": a fresh interpreter, never a fork of a process that runs an event loop and threads.
        if not _exit_registered:
            _register_exit()
        _pool = ProcessPoolExecutor(
            max_workers=max(1, os.cpu_count() or 1),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
    return _pool


_exit_registered = False


def _register_exit() -> None:
    """Stop the pool when the interpreter ends normally. Left to the interpreter's teardown, the pool's
    manager thread is woken after the modules it calls are gone and prints a traceback on the way out."""
    global _exit_registered

    atexit.register(shutdown, True)
    _exit_registered = True


def _ready() -> None:
    """A first task for a new worker: it starts, and imports this module and the searches', before the
    first search arrives."""


def warm_up() -> None:
    """Start the worker processes now rather than at the first search: starting one takes a fraction of a
    second of CPU, which players would otherwise feel as a stall the first time a bot thinks."""
    if not _use_processes:
        return
    try:
        for _ in range(max(1, os.cpu_count() or 1)):
            _submit(_ready)
    except _CANNOT_START as e:
        log.warning("worker processes cannot be started (%s); bots will think in threads", e)
        shutdown()


def shutdown(now: bool = False) -> None:
    """Stop the worker processes (they start again on the next use): once their searches in progress end,
    or, `now`, at once. `now` is for a process that is ending (its event loop closed): a search that is
    awaited meets a dead worker and is run again in a thread."""
    global _pool
    pool, _pool = _pool, None
    workers = [w for w in _workers if w.is_alive()]
    _workers.clear()
    if now:
        for worker in workers:
            worker.terminate()  # SIGTERM: a search holds nothing worth saving
        for worker in workers:
            worker.join(timeout=5)
    if pool is not None:
        # Waiting is quick once the workers are gone, and it frees the pool's semaphores now (else a
        # process that then ends abruptly has a warning about them printed on its console).
        pool.shutdown(wait=now, cancel_futures=True)


async def think(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` in a worker process (a thread when that is not possible); the event loop goes on."""
    if _use_processes:
        try:
            pickle.dumps((fn, args))
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            log.debug("thinking in a thread: %s does not pickle (%s)", getattr(fn, "__name__", fn), e)
        else:
            try:
                future = asyncio.wrap_future(_submit(fn, *args))
            except _CANNOT_START as e:
                log.warning("worker processes cannot be started (%s); thinking in a thread", e)
                shutdown()
            else:
                from concurrent.futures.process import BrokenProcessPool

                try:
                    return await future
                except BrokenProcessPool as e:
                    # A worker was killed (out of memory, a signal): this call runs in a thread instead,
                    # and the next one starts a fresh pool.
                    log.warning("a worker process died (%s); thinking in a thread", e)
                    shutdown()
    return await asyncio.to_thread(fn, *args)
