"""Garbage collection where it costs nothing (issue 19): off for the app's start, and on a server only when
sessions have ended (server/memory.py)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from citadels_server import memory
from citadels_tui.app import CitadelsApp

SIZE = (100, 30)


@pytest.fixture
def collector_state() -> Iterator[None]:
    """Whatever a test does to the process's collector is undone after it."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


async def test_the_collector_goes_back_on_with_the_first_screen(tmp_path: Path, collector_state: None):
    gc.disable()  # as `citadels` does before it imports the app
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    app.collector_paused = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.game_screen is not None
        assert gc.isenabled() and not app.collector_paused
        assert gc.get_freeze_count() > 0  # the start's objects are out of the collections' way


async def test_an_app_that_did_not_pause_it_leaves_the_collector_alone(tmp_path: Path, collector_state: None):
    # An SSH session's app shares the server's process: it must never turn the collector on or off.
    gc.disable()
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.game_screen is not None
        assert not gc.isenabled()


async def test_a_server_collects_in_full_once_enough_sessions_came_or_went_and_nobody_types(
    monkeypatch: pytest.MonkeyPatch, collector_state: None
):
    monkeypatch.setattr(memory, "SWEEP_AFTER", 3)
    monkeypatch.setattr(memory, "QUIET", 0.2)
    collector = memory.Collector()
    collector.server_started()
    assert gc.get_threshold()[2] == memory.NEVER  # Python itself starts no full collection
    assert gc.get_freeze_count() > 0
    collector.session_started()
    collector.session_ended()
    await asyncio.sleep(0.3)
    assert collector.sweeps == 0
    # Due now, but someone is typing: it waits for a quiet moment.
    collector.input_seen()
    collector.session_started()
    for _ in range(3):
        await asyncio.sleep(0.1)
        collector.input_seen()
        assert collector.sweeps == 0
    await asyncio.sleep(0.4)
    assert collector.sweeps == 1 and collector.events == 0
    assert collector.thaws == 0  # one session ended: what it left waits for a long collection
    assert gc.get_freeze_count() > 0  # what survived is out of the next collections' way
    collector.session_started()  # counting starts again
    await asyncio.sleep(0.3)
    assert collector.sweeps == 1


async def test_what_ended_sessions_left_is_freed_by_a_long_collection(
    monkeypatch: pytest.MonkeyPatch, collector_state: None
):
    monkeypatch.setattr(memory, "SWEEP_AFTER", 1)
    monkeypatch.setattr(memory, "THAW_AFTER", 2)
    monkeypatch.setattr(memory, "QUIET", 0.0)
    collector = memory.Collector()
    collector.server_started()

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    gone = Cycle()
    ref = weakref.ref(gone)
    collector.session_ended()
    await asyncio.sleep(0.05)
    assert collector.sweeps == 1  # `gone` survived it (still referenced): frozen with the rest
    del gone
    collector.session_ended()
    await asyncio.sleep(0.05)
    assert collector.thaws == 1 and ref() is None


async def test_a_due_collection_waits_for_quiet_only_so_long(
    monkeypatch: pytest.MonkeyPatch, collector_state: None
):
    monkeypatch.setattr(memory, "SWEEP_AFTER", 1)
    monkeypatch.setattr(memory, "QUIET", 10.0)
    monkeypatch.setattr(memory, "MAX_WAIT", 0.3)
    collector = memory.Collector()
    collector.server_started()
    collector.input_seen()
    collector.session_started()
    for _ in range(10):
        await asyncio.sleep(0.1)
        collector.input_seen()
    assert collector.sweeps == 1


async def test_once_no_server_runs_python_collects_as_before(collector_state: None):
    # Tests start and stop servers in one process: what follows them must get Python's own collections.
    collector = memory.Collector()
    before = gc.get_threshold()
    collector.server_started()
    collector.server_started()
    collector.server_stopped()
    assert gc.get_threshold()[2] == memory.NEVER  # one still runs
    collector.server_stopped()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


async def test_sessions_arriving_while_players_type_are_collected_a_few_at_a_time(
    monkeypatch: pytest.MonkeyPatch, collector_state: None
):
    # A collection scans what every session since the last one made: waiting for a quiet moment through
    # many arrivals would make it long. After SWEEP_NOW_AFTER of them it runs at once.
    monkeypatch.setattr(memory, "SWEEP_AFTER", 2)
    monkeypatch.setattr(memory, "SWEEP_NOW_AFTER", 4)
    monkeypatch.setattr(memory, "QUIET", 10.0)
    monkeypatch.setattr(memory, "MAX_WAIT", 60.0)
    collector = memory.Collector()
    collector.server_started()
    for _ in range(3):
        collector.input_seen()
        collector.session_started()
        await asyncio.sleep(0.05)
    assert collector.sweeps == 0  # due, but players type
    collector.input_seen()
    collector.session_started()
    await asyncio.sleep(0.05)
    assert collector.sweeps == 1 and collector.events == 0
    for _ in range(4):
        collector.input_seen()
        collector.session_started()
    await asyncio.sleep(0.05)
    assert collector.sweeps == 2
