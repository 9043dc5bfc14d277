"""Searches run in worker processes (thinking.py), and fall back to a thread when they cannot."""

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

from citadels_tui import thinking


def _die_in_a_worker(main_pid: int) -> str:
    if os.getpid() != main_pid:
        os._exit(3)  # a worker killed mid-search (out of memory, a signal)
    return "ran here"


async def test_picklable_work_runs_in_another_process_and_a_closure_in_this_one():
    me = os.getpid()
    assert await thinking.think(os.getpid) != me
    assert await thinking.think(lambda: os.getpid()) == me


async def test_a_worker_that_dies_costs_one_search_a_thread_and_the_next_gets_a_new_pool():
    me = os.getpid()
    assert await thinking.think(_die_in_a_worker, me) == "ran here"  # the work ran again, in a thread
    assert await thinking.think(os.getpid) != me  # and processes are back


def test_workers_start_while_an_app_has_replaced_stderr():
    """A running Textual app replaces sys.stderr with a capture whose descriptor is not valid; starting a
    process passes stderr's descriptor on, which failed ("bad value(s) in fds_to_keep") and lost the hint."""
    script = textwrap.dedent("""
        import asyncio, os, sys
        from citadels_tui import thinking

        class Capture:  # what an app's capture looks like to a process being started
            def write(self, s): return len(s)
            def flush(self): pass
            def fileno(self): return -1

        async def main():
            sys.stdout = sys.stderr = Capture()
            pid = await thinking.think(os.getpid)
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            print("worker" if pid != os.getpid() else "thread")

        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "worker", out.stderr


def test_workers_end_when_the_process_that_started_them_is_killed():
    """A server killed outright (no shutdown) must not leave its workers behind forever."""
    script = textwrap.dedent("""
        import asyncio, os
        from citadels_tui import thinking

        async def main():
            print(await thinking.think(os.getpid), flush=True)
            os._exit(9)  # as if killed: no clean shutdown of the pool

        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    worker = int(out.stdout.split()[0])
    for _ in range(100):  # the worker checks on its parent every second
        if not _alive(worker):
            break
        time.sleep(0.1)
    assert not _alive(worker)


def test_a_worker_that_starts_after_its_parent_was_killed_ends_too():
    """Killed while its pool was starting a worker: the worker's own start comes after the kill, when its
    parent is already init. It once took init for its parent and waited for ever, holding the server's
    output pipe (a test waiting for that pipe to close hung with it)."""
    script = textwrap.dedent("""
        import asyncio, multiprocessing, os
        from citadels_tui import thinking

        async def main():
            asyncio.ensure_future(thinking.think(os.getpid))
            await asyncio.sleep(0)  # the pool starts its worker process now; it needs far longer to boot
            print(*(p.pid for p in multiprocessing.active_children()), flush=True)
            os._exit(9)  # as if killed, before the worker ran a line of its own

        asyncio.run(main())
    """)
    # A worker left behind holds the output pipe open: the run then ends by its timeout, and fails.
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    workers = [int(pid) for pid in out.stdout.split()]
    assert workers, out.stderr
    try:
        for _ in range(150):  # booting takes a moment under load; then the check is at once
            if not any(_alive(w) for w in workers):
                break
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers)
    finally:
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


async def test_workers_ignore_ctrl_c_and_end_at_once_when_told():
    """A terminal's Ctrl-C reaches the whole process group: the workers leave it to the server, which
    ends them itself (each would otherwise print a KeyboardInterrupt traceback on the host's console)."""
    ours = signal.getsignal(signal.SIGINT)  # SIG_IGN already if pytest was started in the background
    assert await thinking.think(signal.getsignal, signal.SIGINT) == signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is ours  # this process hears Ctrl-C as it did before
    workers = [p for p in multiprocessing.active_children() if p.pid is not None and _alive(p.pid)]
    assert workers
    thinking.shutdown(now=True)
    assert not any(p.pid is not None and _alive(p.pid) for p in workers)
    assert await thinking.think(os.getpid) != os.getpid()  # and the next search starts a new pool
