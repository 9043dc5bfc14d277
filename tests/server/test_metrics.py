"""Metrics and health on a real `citadels serve --metrics` process: a scrape during a game shows the
sessions, the tables and the counters moving; a refusal counts by its reason, whichever face it was made
on (the full screen, plain mode, a command); `/healthz` answers 200; the listener is off unless asked
for, and an address it cannot use is refused with the setting's sentence."""

from __future__ import annotations

import asyncio
import contextlib

import asyncssh
import pytest
from prometheus_client.parser import text_string_to_metric_families
from served import (
    Typist,
    get,
    guest,
    key_flood,
    metrics_port,
    served,
    table_of_two,
    take_first_options,
)
from ssh_helpers import BOSS, BOSS_KEY, run

from citadels_server.settings import SettingsError, load_settings

BOT_KEY = asyncssh.generate_private_key("ssh-ed25519")


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by name and labels."""
    status, text = await asyncio.to_thread(get, port, "/metrics")
    assert status == 200
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


async def until(port: int, check, timeout: float = 30):  # noqa: ANN001, ANN201 - a test's loop
    for _ in range(int(timeout / 0.2)):
        samples = await scrape(port)
        if check(samples):
            return samples
        await asyncio.sleep(0.2)
    raise AssertionError(f"the metrics never matched; last scrape: {samples}")


def one(samples, name: str, **labels: str) -> float:  # noqa: ANN001 - the scrape above
    return samples[(name, tuple(sorted(labels.items())))]


@pytest.mark.slow
async def test_a_scrape_during_a_game_shows_the_counters_moving(tmp_path):
    async with served(tmp_path, "--metrics", "127.0.0.1:0", "--bot-pace", "0") as server:
        port = await metrics_port(server)
        before = await scrape(port)
        assert one(before, "citadels_sessions", kind="player") == 0
        assert one(before, "citadels_tables", state="playing") == 0
        assert ("process_resident_memory_bytes", ()) in before and ("process_cpu_seconds_total", ()) in before

        anna, bruno = await table_of_two(server.port)
        during = await until(
            port,
            lambda s: (
                one(s, "citadels_sessions", kind="player") == 2
                and one(s, "citadels_tables", state="playing") == 1
            ),
        )
        keys = one(during, "citadels_keystroke_to_screen_seconds_count")
        writes = one(during, "citadels_database_write_seconds_count")
        assert keys > one(before, "citadels_keystroke_to_screen_seconds_count")
        assert writes > one(before, "citadels_database_write_seconds_count")  # the table, kept as it started
        for _ in range(5):
            await anna.press()
        # The loop's lag is sampled every half second: five keys may all come within one sample.
        lags = one(during, "citadels_event_loop_lag_observed_seconds_count")
        after = await until(
            port,
            lambda s: (
                one(s, "citadels_keystroke_to_screen_seconds_count") >= keys + 5
                and one(s, "citadels_event_loop_lag_observed_seconds_count") > lags
            ),
        )
        assert ("citadels_database_queue_depth", ()) in after and one(after, "citadels_healthy") == 1
        status, body = await asyncio.to_thread(get, port, "/healthz")
        assert (status, body) == (200, "ok\n")
        # A session without a terminal plays in plain mode: it counts as plain, not as a third player.
        async with guest(server.port, "clara") as conn:
            plain = await conn.create_process(encoding=None)
            seen = await until(port, lambda s: one(s, "citadels_sessions", kind="plain") == 1)
            # The players are counted at each of the loop's samples: two samples later, to be sure.
            lags = one(seen, "citadels_event_loop_lag_observed_seconds_count")
            counted = await until(
                port, lambda s: one(s, "citadels_event_loop_lag_observed_seconds_count") > lags + 1
            )
            assert one(counted, "citadels_sessions", kind="player") == 2
            plain.close()
        anna.close()
        bruno.close()
        await until(port, lambda s: one(s, "citadels_sessions", kind="player") == 0)


async def test_a_refusal_counts_by_its_reason_on_the_full_screen_in_plain_mode_and_over_exec(tmp_path):
    async with served(tmp_path, "--metrics", "127.0.0.1:0", "--bot-pace", "0") as server:
        port = await metrics_port(server)

        def refusals(s, reason: str) -> float:  # noqa: ANN001 - a scrape
            return one(s, "citadels_refusals_total", reason=reason)

        before = await scrape(port)
        assert refusals(before, "table_full") == refusals(before, "not_admin") == 0  # at 0 from the start
        anna, bruno = await Typist.in_lobby(server.port, "anna"), await Typist.in_lobby(server.port, "bruno")
        await anna.enter("new 2", "Table 1 is yours")
        await bruno.enter("join 1", "You sit at table")
        # On the full screen: a seat at a full table, an admin's command from a key that is no admin's.
        carla = await Typist.in_lobby(server.port, "carla")
        await carla.enter("join 1", "That table is full")
        await until(port, lambda s: refusals(s, "table_full") == 1)
        await carla.enter("kick anna", "Only this server")
        await until(port, lambda s: refusals(s, "not_admin") == 1)
        # The same refusals in plain mode, and over exec, count the same.
        async with guest(server.port, "dave") as conn:
            plain = await conn.create_process(encoding=None)
            plain.stdin.write(b"join 1\n")
            seen = b""
            while b"That table is full" not in seen:
                chunk = await asyncio.wait_for(plain.stdout.read(4096), 30)
                assert chunk, seen.decode()  # the session ended without saying it
                seen += chunk
            await until(port, lambda s: refusals(s, "table_full") == 2)
            plain.close()
        told = await run(server, "dave", "drain")
        assert told.exit_status == 1 and "Only the server's admins" in str(told.stderr)
        after = await until(port, lambda s: refusals(s, "not_admin") == 2)
        assert refusals(after, "draining") == 0  # nothing drained: nothing refused for it
        for p in (anna, bruno, carla):
            p.close()


@pytest.mark.slow
async def test_spectators_bots_bans_a_finished_game_and_floods_on_both_faces_show_in_a_scrape(tmp_path):
    settings = tmp_path / "settings.toml"
    settings.write_text(f'admins = ["{BOSS}"]\nallow_bots = true\n')
    async with served(
        tmp_path, "--metrics", "127.0.0.1:0", "--bot-pace", "0", "--settings", str(settings)
    ) as server:
        port = await metrics_port(server)

        def kind(s, k: str) -> float:  # noqa: ANN001 - a scrape
            return one(s, "citadels_sessions", kind=k)

        before = await scrape(port)
        assert one(before, "citadels_games_total", end="finished") == 0
        assert one(before, "citadels_bans_in_force", kind="name") == 0
        # anna plays a table of two against a bot to its end; carla watches it, and a bot program waits for
        # a table meanwhile.
        anna = await Typist.in_lobby(server.port, "anna")
        await anna.enter("new 2 bots=random", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        carla = await Typist.in_lobby(server.port, "carla")
        carla.type("watch 1\r")
        async with asyncssh.connect(
            "127.0.0.1", server.port, username="robot", known_hosts=None, client_keys=[BOT_KEY], agent_path=None,
        ) as robot:  # fmt: skip
            waiting = await robot.create_process("bot", encoding=None)  # waits for a table with a free seat
            await until(
                port, lambda s: kind(s, "spectator") == 1 and kind(s, "player") == 1 and kind(s, "bot") == 1
            )
            waiting.close()
        await take_first_options(
            [anna], lambda: "Play again" in anna.text or "The game is over." in anna.text, timeout=240
        )
        await until(port, lambda s: one(s, "citadels_games_total", end="finished") == 1)
        anna.close()
        carla.close()

        # A ban is in force, and the banned name's login is refused for it.
        told = await run(server, "boss", "ban name mallory for 1h", BOSS_KEY)
        assert told.exit_status == 0, told.stderr
        await until(port, lambda s: one(s, "citadels_bans_in_force", kind="name") == 1)
        with pytest.raises(asyncssh.DisconnectError):
            await guest(server.port, "mallory")
        await until(port, lambda s: one(s, "citadels_refusals_total", reason="banned_name") == 1)

    # A key flood on the full screen, then a line flood in plain mode, on a server whose budget a flood
    # spends at once: each is slowed, told after a moment and cut soon after.
    budget = "input_share = 0.01\ninput_share_burst = 0.01\ninput_notice_after = 0.3\ninput_disconnect_after = 1.0\n"
    (tmp_path / "floods.toml").write_text(budget)
    (tmp_path / "floods").mkdir()
    async with served(
        tmp_path / "floods", "--metrics", "127.0.0.1:0", "--settings", str(tmp_path / "floods.toml")
    ) as server:
        port = await metrics_port(server)
        flooder = await Typist.in_lobby(server.port, "flooder")
        with contextlib.suppress(Exception):
            while not flooder.process.is_closing():
                await key_flood(flooder, 0.5)
        await until(port, lambda s: one(s, "citadels_input_floods_total", outcome="disconnected") == 1)
        async with guest(server.port, "liner") as conn:
            plain = await conn.create_process(encoding=None)
            with contextlib.suppress(Exception):
                while not plain.is_closing():
                    plain.stdin.write(b"tables\n" * 2000)
                    await asyncio.sleep(0.01)
        floods = await until(
            port, lambda s: one(s, "citadels_input_floods_total", outcome="disconnected") == 2
        )
        assert one(floods, "citadels_input_floods_total", outcome="slowed") >= 2
        assert one(floods, "citadels_input_floods_total", outcome="told") == 2


async def test_metrics_are_off_unless_asked_for_and_a_bad_address_is_refused(tmp_path):
    async with served(tmp_path) as server:
        await asyncio.sleep(0.5)
        assert b"Metrics on" not in server.output
    assert load_settings(environ={"CITADELS_METRICS": "0.0.0.0:9222"}).metrics == "0.0.0.0:9222"
    try:
        load_settings(environ={"CITADELS_METRICS": "9222"})
    except SettingsError as e:
        assert str(e) == "metrics is HOST:PORT to listen on, like 127.0.0.1:9222 or [::1]:9222, not '9222'"
    else:
        raise AssertionError("a port without a host was taken")
