"""The SSH input pipeline (server/terminal_link.py `TerminalLink`) on its own: whatever bytes arrive, every key
comes out once, in order, and what waits stays bounded. Fuzzed with hypothesis."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events

from citadels_server.settings import Settings
from citadels_server.terminal_link import (
    BATCH,
    EVENTS_HIGH,
    PENDING_HIGH,
    RESIZE_COALESCE,
    SLICE,
    TerminalLink,
)


class FakeChannel:
    def __init__(self) -> None:
        self.paused = False
        self.pauses = 0

    def write(self, data: bytes) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        self.paused = True
        self.pauses += 1

    def resume_reading(self) -> None:
        self.paused = False


class FakeDriver:
    """Takes events like an App would: a batch at a time, taken on the next loop turn (or, `slow`, once
    `take()` is called)."""

    def __init__(self, link: TerminalLink, takes_text: bool, slow: bool = False) -> None:
        self.accepting_input = True
        self.takes_text = takes_text
        self.slow = slow
        self.received: list[object] = []
        self.largest_batch = 0
        self.asked = 0  # how often the link asked to be told when a batch was taken
        self._batch = 0  # events handed over and not yet taken
        self._told: list = []
        self.left_over = (-1, -1, -1)  # bytes, events and keys still waiting when the feeding ended
        self.sizes: list[tuple[int, int]] = []  # the sizes the App was given
        self.link = link
        link.driver = self  # type: ignore[assignment]  # a stand-in for Textual's driver: the link calls only what it defines

    def process_message(self, message: object) -> None:
        self.received.append(message)
        self._batch += 1
        self.largest_batch = max(self.largest_batch, self._batch)
        if self._batch == 1 and not self.slow:
            asyncio.get_running_loop().call_soon(self.take)

    def take(self) -> None:
        self._batch = 0
        told, self._told = self._told, []
        for callback in told:
            callback()

    def focus_takes_text(self) -> bool:
        return self.takes_text

    def client_resized(self) -> None:
        self.sizes.append((self.link.width, self.link.height))

    def input_taken(self) -> bool:
        return self._batch == 0

    def after_input_processed(self, callback) -> None:
        self.asked += 1
        if self._batch == 0:
            asyncio.get_running_loop().call_soon(callback)
        else:
            self._told.append(callback)

    def typed(self) -> str:
        """What the events would type into a text field: pastes and printable keys, Enter as a newline."""
        out = []
        for m in self.received:
            if isinstance(m, events.Paste):
                out.append(m.text)
            elif isinstance(m, events.Key):
                out.append(
                    "\n"
                    if m.key == "enter"
                    else m.character
                    if m.character and m.is_printable
                    else f"<{m.key}>"
                )
        return "".join(out)


def link_for(settings: Settings, channel: FakeChannel | None = None, **callbacks: Any) -> TerminalLink:
    """A 100x30 session's link on `channel` whose input budget is `settings`' (1 MB of output at most)."""
    return TerminalLink(
        channel or FakeChannel(),
        100,
        30,
        settings,
        budget=settings,
        output_buffer_limit=1 << 20,
        on_overflow=lambda: None,
        **callbacks,
    )


async def _settle(link: TerminalLink) -> None:
    for _ in range(100_000):
        await asyncio.sleep(0)
        if not link.pending and not link.events and not link._in_flight:
            break
    await asyncio.sleep(0.16)  # the parser's lone-ESC timeout and the held paste-marker prefix
    await asyncio.sleep(0)


async def _feed(
    chunks: list[bytes], *, takes_text: bool = True, then: bytes = b"", **budget: float
) -> tuple[TerminalLink, FakeDriver]:
    s = Settings().replace(**({"input_share": 1.0, "input_share_burst": 60.0} | budget))
    channel = FakeChannel()
    link = link_for(s, channel)
    driver = FakeDriver(link, takes_text)
    for chunk in chunks:
        link.feed(chunk)
    await _settle(link)
    if then:
        link.feed(then)
        await _settle(link)
    driver.left_over = (len(link.pending), len(link.events), link.queued)  # before close() clears them
    link.close()
    return link, driver


def test_keys_in_one_burst_arrive_in_order_each_enter_apart():
    _, driver = asyncio.run(_feed([b"say alpha\rsay beta\r"]))
    assert driver.typed() == "say alpha\nsay beta\n"
    # Runs of letters come as one insertion; digits and Enter stay keys.
    assert [type(m).__name__ for m in driver.received].count("Paste") == 2


def test_a_hundred_commands_in_one_write_arrive_as_a_hundred():
    burst = b"".join(b"say %d\r" % i for i in range(100))
    link, driver = asyncio.run(_feed([burst]))
    assert driver.typed() == "".join(f"say {i}\n" for i in range(100))
    assert driver.largest_batch <= BATCH


def test_keys_typed_one_at_a_time_go_straight_in_once_the_app_took_the_last():
    async def run() -> FakeDriver:
        s = Settings().replace(input_share=1.0, input_share_burst=60.0)
        link = link_for(s)
        driver = FakeDriver(link, True)
        for key in b"say hi":
            link.feed(bytes([key]))
            await _settle(link)
        link.close()
        return driver

    driver = asyncio.run(run())
    assert driver.typed() == "say hi"
    # Each key found the App's queues empty: nobody had to ask the App (two messages through its queues).
    assert driver.asked == 0


def test_a_key_typed_while_the_app_still_holds_the_last_waits_until_it_is_taken():
    async def run() -> None:
        s = Settings().replace(input_share=1.0, input_share_burst=60.0)
        link = link_for(s)
        driver = FakeDriver(link, False, slow=True)
        link.feed(b"a")
        for _ in range(20):
            await asyncio.sleep(0)
        assert driver.typed() == "a"
        link.feed(b"b")
        for _ in range(20):
            await asyncio.sleep(0)
        assert driver.typed() == "a" and driver.asked == 1  # held back, and the App asked to say when
        driver.take()
        for _ in range(20):
            await asyncio.sleep(0)
        assert driver.typed() == "ab"
        assert driver.largest_batch == 1
        link.close()

    asyncio.run(run())


def test_runs_go_key_by_key_when_no_text_field_has_the_focus():
    _, driver = asyncio.run(_feed([b"nq"], takes_text=False))
    keys = [m for m in driver.received if isinstance(m, events.Key)]
    assert keys == driver.received and [m.key for m in keys] == ["n", "q"]


def test_a_flood_pauses_the_channel_and_waits_bounded():
    async def run() -> None:
        s = Settings().replace(input_share=0.01, input_share_burst=0.001)
        channel = FakeChannel()
        link = link_for(s, channel)
        driver = FakeDriver(link, True)
        for _ in range(100):
            if not channel.paused:
                link.feed(b"\x1b[A" * 1_000)
            await asyncio.sleep(0)
        assert channel.paused and len(link.pending) < PENDING_HIGH + 3_000
        assert link.queued <= EVENTS_HIGH + SLICE
        assert len(driver.received) < 1_000
        link.close()

    asyncio.run(run())


def test_moments_of_being_slowed_apart_do_not_add_up_to_a_flood():
    # A player whose screen is redrawn at a busy table spends their budget without typing; a key typed
    # then waits a moment. Two such moments, with all input taken between them, are two episodes: the
    # second must not count the first's time and disconnect the player as a flood.
    async def run() -> tuple[str, int]:
        s = Settings().replace(input_share=1.0, input_share_burst=0.3, input_disconnect_after=0.6)
        floods: list[None] = []
        link = link_for(s, on_flood=lambda: floods.append(None))
        driver = FakeDriver(link, False)
        for key in b"abc":
            link.meter.wait()  # the budget refilled while idle (to its burst, no more)...
            link.meter.charge(1.0)  # ...then spent on redrawing the screen: 0.3 s to wait
            link.feed(bytes([key]))
            for _ in range(60):  # until the key is taken, then idle: 0.6 s
                await asyncio.sleep(0.01)
        link.close()
        return driver.typed(), len(floods)

    assert asyncio.run(run()) == ("abc", 0)


def test_window_changes_in_a_burst_become_the_last_size_asked_for():
    async def run() -> tuple[list[tuple[int, int]], list[tuple[int, int]], int]:
        s = Settings().replace(input_share=1.0, input_share_burst=60.0)
        link = link_for(s)
        driver = FakeDriver(link, False)
        link.resize(101, 31)  # a lone change goes in at once
        for _ in range(5):
            await asyncio.sleep(0)
        first = list(driver.sizes)
        for i in range(500):  # then a burst: one more size within the frame, the last one
            link.resize(70 + i % 50, 20 + i % 15)
        link.resize(111, 33)
        await asyncio.sleep(RESIZE_COALESCE * 3)
        link.close()
        return first, driver.sizes, link.window_changes

    first, sizes, changes = asyncio.run(run())
    assert first == [(101, 31)] and sizes == [(101, 31), (111, 33)] and changes == 502


def test_a_resize_storm_is_slowed_told_and_disconnected_like_a_key_flood():
    # Each request costs the budget as it arrives, drawn or not: a storm spends it, its sizes wait, and the
    # session is told, then disconnected, by the same clock as a key flood.
    async def run() -> tuple[int, int, int, int]:
        s = Settings().replace(
            input_share=0.01, input_share_burst=0.01, input_notice_after=0.2, input_disconnect_after=0.6
        )
        told: list[None] = []
        floods: list[None] = []
        link = link_for(s, on_slowed=lambda: told.append(None), on_flood=lambda: floods.append(None))
        driver = FakeDriver(link, False)
        for i in range(400):  # 20 every 5 ms (4,000 a second) for two seconds
            if link.closed:
                break
            for _ in range(20):
                link.resize(60 + i % 90, 20 + i % 40)
            await asyncio.sleep(0.005)
        return len(told), len(floods), link.window_changes, len(driver.sizes)

    told, floods, changes, drawn = asyncio.run(run())
    assert (told, floods) == (1, 1)
    assert drawn < changes / 50


# Bytes a terminal (or an attacker) may send: escape sequences of every shape, broken ones, UTF-8 and not.
_PIECES = st.one_of(
    st.binary(max_size=40),
    st.sampled_from(
        [
            b"\x1b",
            b"\x1b[",
            b"\x1b[200~",
            b"\x1b[201~",
            b"\x1bO",
            b"\x1b]",
            b"\x07",
            b"\x1b\\",
            b"\x1bP",
            b"\r",
            b"\x7f",
            b"\t",
            b"\x1b[<",
            b"M",
            b"~",
            b";",
            b"\xc3",
            b"\xff",
        ]
    ),
    st.builds(
        lambda a, b, c: b"\x1b[<%d;%d;%dM" % (a, b, c),
        st.integers(-5, 300),
        st.integers(-5, 9999),
        st.integers(-5, 9999),
    ),
    st.builds(
        lambda n, f: b"\x1b[" + b";".join(b"%d" % x for x in n) + f,
        st.lists(st.integers(0, 99999), max_size=6),
        st.sampled_from([b"A", b"~", b"u", b"R", b"$y", b"q"]),
    ),
    st.text(max_size=20).map(str.encode),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(garbage=st.lists(_PIECES, max_size=30), split=st.integers(1, 64))
def test_any_bytes_leave_the_pipeline_empty_and_the_next_keys_typed(garbage, split):
    data = b"".join(garbage)
    chunks = [data[i : i + split] for i in range(0, len(data), split)]
    # After any garbage (a paste it opened closed, a half sequence timed out), typing works again.
    link, driver = asyncio.run(_feed(chunks + [b"\x1b[201~"], then=b"zz"))
    assert driver.typed().endswith("zz")
    assert driver.left_over == (0, 0, 0)
