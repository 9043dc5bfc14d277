"""docs/examples/random_bot.py over the real ssh binary against a real server: a server that admits no bots
refuses it with one sentence, which the example passes on, ending with ssh's status; one that admits them
seats it at a human's table, where it plays whole games, every message it reads fitting the schema; and
hostile bots at the table beside it (garbage, a flood, a silent one) are told and cut off while its game
goes on to the end. docs/examples/normal_bot.py plays a whole game there the same way."""

from __future__ import annotations

import asyncio
import functools
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest
from bot_clients import (
    EXAMPLE,
    NORMAL_EXAMPLE,
    Hostile,
    example_bot,
    example_command,
    schema_checked,
)
from plain_sessions import keyfile
from served import served
from ssh_helpers import connect, lobby, running_server, type_line
from waits import until

from citadels_core.view import view
from citadels_server.hub import Hub
from citadels_tui.lobby import HostedTable
from citadels_tui.lobby_app import ssh_app_factory

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


async def test_the_example_bot_over_ssh_is_refused_by_a_server_without_bots(tmp_path):
    key = keyfile(tmp_path / "key")
    async with served(tmp_path / "home") as server:
        bot = await asyncio.create_subprocess_exec(
            *example_command(EXAMPLE, server.port, key),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(bot.communicate(), 30)
    assert bot.returncode == 1
    assert "This server does not admit bots" in err.decode()
    assert out == b""


def bot_server(tmp_path: Path, hub: Hub):
    return running_server(
        tmp_path,
        functools.partial(ssh_app_factory, hub=hub),
        seats=hub,
        hub=hub,
        allow_bots=True,
        idle_timeout=600,
    )


async def humans_play(seats: Mapping[int, tuple[HostedTable, int, object]], until) -> None:
    """Each human (who made and started their table in the app) takes their first legal action whenever
    the decision at their table is theirs, through their seat of the hub's table."""
    for _ in range(20_000):
        if until():
            return
        for ht, seat, _screen in seats.values():
            table = ht.table
            if table is None or table.game.over:
                continue
            pending = table.game.pending()
            if pending is not None and pending[0] == seat and seat not in table.bot_kinds:
                table.seat(seat).submit([view(table.game, seat).legal[0]])
        await asyncio.sleep(0.02)
    raise AssertionError("the games never ended")


async def test_the_example_bot_plays_whole_games_with_a_human(tmp_path):
    key = keyfile(tmp_path / "key")
    hub = Hub(seed=11, pace=0)
    async with bot_server(tmp_path / "home", hub) as server, await connect(server, "anna") as anna:
        sa = await lobby(anna)
        for game in (1, 2):
            await sa.enter(f"new 2 seed={game}", f"Table {game} is yours")
            ht = hub.tables[game]
            over = functools.partial(lambda t: t.table is not None and t.table.game.over, ht)
            log = tmp_path / f"bot-{game}.jsonl"
            bot = await example_bot(server.port, key, log, str(game))
            await until(
                functools.partial(lambda t: len(t.holders) == 2, ht), "the bot seated"
            )  # the first free seat
            await sa.wait_for("robo sat down at your table")
            await sa.enter("start", "Your hand")
            await humans_play({0: (ht, 0, sa)}, over)
            out, err = await asyncio.wait_for(bot.communicate(), 60)
            assert bot.returncode == 0, err.decode()
            messages = schema_checked(log)
            kinds = [m["type"] for m in messages]
            assert kinds[0] == "hello" and kinds[-1] == "over" and "error" not in kinds
            assert kinds.count("decide") >= 10
            assert messages[-1]["result"]["winners"]
            await sa.enter("lobby", "Citadels lobby")  # back to the lobby for the next table


async def test_the_normal_example_plays_a_whole_game_with_a_human(tmp_path):
    key = keyfile(tmp_path / "key")
    hub = Hub(seed=12, pace=0)
    async with bot_server(tmp_path / "home", hub) as server, await connect(server, "anna") as anna:
        sa = await lobby(anna)
        await sa.enter("new 3 seed=5", "Table 1 is yours")
        ht = hub.tables[1]
        log = tmp_path / "normal.jsonl"
        bot = await example_bot(server.port, key, log, "3", example=NORMAL_EXAMPLE)
        await until(lambda: len(ht.holders) == 2, "the bot seated")
        await sa.wait_for("robo sat down at your table")
        await sa.enter("start", "Your hand")
        await humans_play({0: (ht, 0, sa)}, lambda: ht.table is not None and ht.table.game.over)
        out, err = await asyncio.wait_for(bot.communicate(), 60)
        assert bot.returncode == 0, err.decode()
        messages = schema_checked(log)
        kinds = [m["type"] for m in messages]
        # No error: no answer was refused and the stand-in made none of its decisions (it is told so).
        assert kinds[0] == "hello" and kinds[-1] == "over" and "error" not in kinds
        assert kinds.count("decide") >= 10 and messages[-1]["result"]["winners"]


async def test_hostile_bots_are_cut_off_and_the_honest_table_beside_them_finishes(tmp_path):
    key = keyfile(tmp_path / "key")
    hub = Hub(seed=5, pace=0, seat_hold=2)
    async with (
        bot_server(tmp_path / "home", hub) as server,
        await connect(server, "anna") as anna,
        await connect(server, "carla") as carla,
    ):
        sa, sc = await lobby(anna), await lobby(carla)
        await sa.enter("new 2 seed=4", "Table 1 is yours")
        honest_log = tmp_path / "honest.jsonl"
        honest = await example_bot(server.port, key, honest_log, "1")
        await until(lambda: len(hub.tables[1].holders) == 2, "table 1 full")
        await sc.enter("new 4 timer=10 seed=8", "Table 2 is yours")
        hostile = [Hostile("gabble", "garbage"), Hostile("torrent", "flood"), Hostile("mute", "silent")]
        runs = [asyncio.ensure_future(h.run(server.port, 2)) for h in hostile]
        await until(lambda: len(hub.tables[2].holders) == 4, "table 2 full")
        ha, hc = hub.tables[1], hub.tables[2]
        await type_line(sc, "start")
        await sa.enter("start", "Your hand")
        await sc.wait_for("Your hand")
        players = {0: (ha, 0, sa), 1: (hc, 0, sc)}
        await humans_play(
            players, lambda: ha.table is not None and ha.table.game.over and all(r.done() for r in runs)
        )
        out, err = await asyncio.wait_for(honest.communicate(), 60)
        assert honest.returncode == 0, err.decode()
        kinds = [m["type"] for m in schema_checked(honest_log)]
        assert kinds[-1] == "over" and "error" not in kinds
        for h in hostile:
            await asyncio.wait_for(asyncio.shield(runs[hostile.index(h)]), 1)
            assert h.status == 1 and h.told[-1] == "cut_off", (h.name, h.told)
        garbage, flood, silent = hostile
        assert "slowed" in garbage.told and garbage.told.index("slowed") < garbage.told.index("cut_off")
        assert "not_your_turn" in flood.told
        assert silent.told.count("stand_in") == 3
