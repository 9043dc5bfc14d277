"""Bots seated over SSH (`ssh NAME@HOST bot [N]`, server/bot_seat.py) against a real server: a scripted
asyncssh bot plays a whole game with a human at a table of the hub, every message it is sent fits the
schema and holds exactly its seat's view, the same whatever is dealt again of what the seat cannot see; what it cannot use is told back with a code; a bot that keeps
sending garbage is slowed, told and cut off, and the game goes on."""

from __future__ import annotations

import asyncio
import functools
import json
import random

import asyncssh
import pytest
from bot_clients import VALIDATOR
from ssh_helpers import connect, running_server
from waits import until

from citadels_core import GameConfig, protocol
from citadels_core.record import GameRecord
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view
from citadels_server.bot_seat import CUT_AFTER, SLOWS_AFTER
from citadels_server.database import open_database
from citadels_server.hub import Hub
from citadels_server.settings import Settings
from citadels_tui.lobby import HostedTable
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.ratings import Place
from citadels_tui.records import FinishedGame, Finisher, GameSummary

BOT_KEY = asyncssh.generate_private_key("ssh-ed25519")


def bot_server(tmp_path, hub: Hub, **changes):
    return running_server(
        tmp_path, functools.partial(ssh_app_factory, hub=hub), seats=hub, hub=hub, allow_bots=True, **changes
    )


class Bot:
    """A bot over asyncssh: each message it reads is checked against the schema and kept."""

    def __init__(self, process: asyncssh.SSHClientProcess[str]) -> None:
        self.process = process
        self.messages: list[dict] = []

    async def read(self, timeout: float = 20) -> dict | None:
        text = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not text:
            return None
        message = json.loads(text)
        VALIDATOR.validate(message)
        self.messages.append(message)
        return message

    async def next(self, timeout: float = 20) -> dict:
        """The next message, which comes (the session goes on)."""
        message = await self.read(timeout)
        assert message is not None, "the bot's session ended"
        return message

    def send(self, text: str) -> None:
        self.process.stdin.write(text + "\n")


async def sit(server, name: str, command: str) -> tuple[asyncssh.SSHClientConnection, Bot]:
    conn = await connect(server, name, client_keys=[BOT_KEY])
    return conn, Bot(await conn.create_process(command))


async def human_plays(ht: HostedTable, seat: int, done: asyncio.Event) -> None:
    """The human at `seat` takes their first legal action whenever the decision is theirs."""
    while not done.is_set():
        table = ht.table
        if table is not None and not table.game.over:
            pending = table.game.pending()
            if pending is not None and pending[0] == seat:
                table.submit(seat, [view(table.game, seat).legal[0]])
        await asyncio.sleep(0.01)


@pytest.mark.slow
async def test_a_bot_plays_a_whole_game_with_a_human_and_sees_only_its_seat(tmp_path):
    hub = Hub(seed=7, pace=0)
    async with bot_server(tmp_path, hub) as server:
        ht = hub.create("anna", "anna-key", players=2)
        conn, bot = await sit(server, "robo", "bot 1")
        async with conn:
            await until(lambda: len(ht.holders) == 2, "both seated")
            assert ht.holders[1].name == "robo" and hub.records.is_bot("robo")
            hub.start(ht, "anna")
            done = asyncio.Event()
            human = asyncio.ensure_future(human_plays(ht, 0, done))
            rng, deal, decisions = random.Random(1), Rng(3), 0
            hello = await bot.read()
            assert hello is not None and hello["type"] == "hello" and hello["seat"] == 1
            while (m := await bot.read()) is not None and m["type"] != "over":
                if m["type"] == "decide":
                    # Exactly what the seat's own view holds at that moment, and nothing it cannot see:
                    # the same message whatever is dealt again of what is hidden from it (the re-deal).
                    table = ht.table
                    assert table is not None
                    assert m["view"]["seat"] == 1
                    for g in (table.game, redeal(table.game, 1, deal), redeal(table.game, 1, deal)):
                        told = json.loads(protocol.line(protocol.decide(view(g, 1), [])))
                        assert (told["view"], told["actions"]) == (m["view"], m["actions"])
                    decisions += 1
                    bot.send(json.dumps({"action": rng.choice(m["actions"])["id"]}))
            done.set()
            await human
            assert m is not None and m["type"] == "over" and m["result"]["winners"]
            assert ht.table is not None and ht.table.game.over and decisions > 10
            assert not any(x["type"] == "error" for x in bot.messages)
            await asyncio.wait_for(bot.process.wait_closed(), 10)
            assert bot.process.exit_status == 0
        # Rated like anyone, marked, and left out on asking.
        board = await hub.records.leaderboard()
        assert {s.name: s.bot for s in board}["robo"] is True
        assert "robo" not in {s.name for s in await hub.records.leaderboard(bots=False)}


@pytest.mark.slow
async def test_what_a_bot_cannot_use_is_told_with_a_code_and_garbage_cuts_it_off(tmp_path):
    hub = Hub(seed=3, pace=0, seat_hold=1)
    async with bot_server(tmp_path, hub) as server:
        ht = hub.create("anna", "anna-key", players=2)
        conn, bot = await sit(server, "robo", "bot")  # the first table with a free seat
        async with conn:
            await until(lambda: len(ht.holders) == 2, "both seated")
            bot.send('{"action": 0}')  # before the game: no decision is its own
            assert (await bot.next())["code"] == "not_your_turn"
            hub.start(ht, "anna")
            done = asyncio.Event()
            human = asyncio.ensure_future(human_plays(ht, 0, done))
            while (await bot.next())["type"] != "decide":
                pass
            codes = []
            for text in ["hello", "[1]", '{"action": "x"}']:
                bot.send(text)
                codes.append((await bot.next())["code"])
            assert codes == ["not_json", "no_action", "not_an_id"]
            # Three answers that cannot be used: the stand-in makes that decision, and the bot is told.
            assert (await bot.next())["code"] == "stand_in"
            while (await bot.next())["type"] != "decide":
                pass
            bot.send('{"action": 999}')
            assert (await bot.next())["code"] == "unknown_id"
            for _ in range(CUT_AFTER):
                bot.send("garbage")
            told = []
            while (message := await bot.read()) is not None:
                told.append(message["code"] if message["type"] == "error" else message["type"])
            assert "slowed" in told and told[-1] == "cut_off"
            assert told.index("slowed") < told.index("cut_off")
            assert told.count("not_json") >= SLOWS_AFTER
            await asyncio.wait_for(bot.process.wait_closed(), 10)
            assert bot.process.exit_status == 1
            # The table goes on: the seat is held, then played by a bot to the end.
            await until(lambda: ht.table is not None and ht.table.game.over, "the game over", within=60)
            done.set()
            await human


async def test_a_bot_is_told_when_there_is_no_such_table(tmp_path):
    hub = Hub(seed=1, pace=0)
    async with bot_server(tmp_path, hub) as server:
        async with connect(server, "robo", client_keys=[BOT_KEY]) as conn:
            r = await conn.run("bot 9", check=False)
            assert r.exit_status == 1 and "no table 9" in r.stderr and r.stdout == ""
            r = await conn.run("bot nine", check=False)
            assert r.exit_status == 2 and "Say which table by its number" in r.stderr


async def test_a_bot_account_stays_marked_in_the_database(tmp_path):
    settings = Settings(data_dir=str(tmp_path), database=str(tmp_path / "db" / "citadels.db"))
    db = open_database(settings)
    db.players.claim("robo", "SHA256:r")
    db.players.claim("anna", "SHA256:a")
    db.mark_bot("Robo")
    assert db.is_bot("robo") and not db.is_bot("anna")
    finished = FinishedGame(
        GameSummary(
            1,
            1.0,
            "2016",
            (Finisher("robo", "SHA256:r", None, 30, 1), Finisher("anna", "SHA256:a", None, 20, 2)),
            0,
        ),
        GameRecord(GameConfig.create(2, names=["robo", "anna"]), 1, []),
    )
    db.table_finished(1, finished, [Place(1, rated="robo"), Place(2, rated="anna")])
    db.close()
    db = open_database(settings)  # what was kept, read again
    try:
        assert db.is_bot("ROBO") and not db.is_bot("anna")
        assert [(s.name, s.bot) for s in await db.leaderboard()] == [("robo", True), ("anna", False)]
        assert [s.name for s in await db.leaderboard(bots=False)] == ["anna"]
    finally:
        db.close()
