"""The bot protocol's proof against a real `citadels serve` process, every player a real SSH client: anna
logs in with the OpenSSH client in plain mode (`ssh -T`), makes a table and starts it once
docs/examples/random_bot.py (itself through `ssh -T … bot`) sat down, and plays her seat by reading lines
and typing numbers while the bot plays its own; every message the bot read fits the schema, the game
ends for both with the same scores, twice, and the bot's account is on the leaderboard, marked. Beside such a table, a second one, carla's (plain mode too), seats three hostile bots
(garbage, a flood of answers, a silent one): each is told and cut off while both humans' games go on to
their ends and the honest bot hears no error."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from pathlib import Path

import pytest
from bot_clients import Hostile, example_bot, schema_checked
from plain_sessions import Player, keyfile, start
from served import Served, served

from citadels_tui.plain import PROMPT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


def bots_admitted(tmp_path: Path) -> list[str]:
    """The options of a server that admits bots, with no pause between bot moves, and a cut-off bot's seat
    held for 3 seconds (not the 2 minutes a person gets by default) before a bot of the table takes it."""
    settings = tmp_path / "settings.toml"
    settings.write_text("allow_bots = true\n")
    return ["--settings", str(settings), "--bot-pace", "0", "--seat-hold", "3"]


async def play_lines(players: list[Player], until, timeout: float = 300) -> None:
    """Each human answers "1" to every list of options she is shown, reading nothing but her lines."""
    answered = [0] * len(players)
    deadline = time.monotonic() + timeout
    while not until():
        for i, p in enumerate(players):
            assert time.monotonic() < deadline and not p.task.done(), p.text[-3000:]
            text = p.text
            if text.count("You can:") > answered[i] and text.endswith(PROMPT):
                answered[i] = text.count("You can:")
                p.type("1")
        await asyncio.sleep(0.005)


def only_lines(p: Player) -> None:
    text = p.text
    assert "\r" not in text
    assert not sorted({c for c in text if not (c.isprintable() or c == "\n")})


async def table_with_a_bot(server: Served, human: Player, key: Path, log: Path, seed: int, table: int = 1):
    """`human` makes table `table` for two; the example bot takes its free seat; she starts the game."""
    await human.enter(f"new 2 seed={seed}", f"Table {table} is yours")
    seated = human.text.count("robo sat down at your table")
    bot = await example_bot(server.port, key, log, "-o", "LogLevel=ERROR", str(seed))
    while human.text.count("robo sat down at your table") == seated:
        assert not human.task.done(), human.text[-3000:]
        await asyncio.sleep(0.01)
    started = human.text.count("(only you) Your starting hand:")
    human.type("start")
    while human.text.count("(only you) Your starting hand:") == started:
        assert not human.task.done(), human.text[-3000:]
        await asyncio.sleep(0.01)
    return bot


async def test_the_example_bot_plays_whole_games_with_a_human_over_openssh(tmp_path):
    key, bot_key = keyfile(tmp_path / "key"), keyfile(tmp_path / "bot_key")
    logs = [tmp_path / "bot-1.jsonl", tmp_path / "bot-2.jsonl"]
    async with served(tmp_path / "home", *bots_admitted(tmp_path)) as server:
        anna = await start(key, server.port, "anna")  # no PTY: plain mode
        await anna.wait_for("Welcome, anna.")
        ends = []
        for game, log in enumerate(logs, 1):
            bot = await table_with_a_bot(server, anna, bot_key, log, seed=game + 1, table=game)
            await play_lines([anna], lambda n=game: anna.text.count("The game is over.") >= 2 * n)
            _, err = await asyncio.wait_for(bot.communicate(), 60)
            assert bot.returncode == 0, err.decode()
            while anna.text.count("You are in the lobby.") < game:
                assert not anna.task.done(), anna.text[-3000:]
                await asyncio.sleep(0.01)
            ends.append(anna.text[anna.text.rindex("The final scores:") :])
        await anna.enter("leaderboard", "robo (bot): rating")
        assert await anna.quit() == 0
    only_lines(anna)
    assert re.search(r"robo \(bot\): rating -?[\d.]+ after 2 games\.", anna.text)  # rated like anyone
    for log, end in zip(logs, ends, strict=True):
        messages = schema_checked(log)
        kinds = [m["type"] for m in messages]
        assert kinds[0] == "hello" and kinds[-1] == "over" and "error" not in kinds
        assert kinds.count("decide") >= 10
        # The bot was told the end anna was: each player's final score in the results she read.
        names = messages[0]["players"]
        for score in messages[-1]["result"]["scores"]:
            name = names[score["player"]] + (" (you)" if names[score["player"]] == "anna" else "")
            assert f"{name}: {score['total']} point" in end, (name, score, end)


async def test_hostile_bots_do_not_disturb_the_honest_table_beside_them(tmp_path):
    key, bot_key = keyfile(tmp_path / "key"), keyfile(tmp_path / "bot_key")
    log = tmp_path / "honest.jsonl"
    async with served(tmp_path / "home", *bots_admitted(tmp_path)) as server:
        anna = await start(key, server.port, "anna")
        carla = await start(key, server.port, "carla")
        await anna.wait_for("Welcome, anna.")
        await carla.wait_for("Welcome, carla.")
        honest = await table_with_a_bot(server, anna, bot_key, log, seed=4)
        await carla.enter("new 4 timer=10 seed=8", "Table 2 is yours")
        hostile = [Hostile("gabble", "garbage"), Hostile("torrent", "flood"), Hostile("mute", "silent")]
        runs = [asyncio.ensure_future(h.run(server.port, 2)) for h in hostile]
        await carla.wait_for("4 of 4 seats taken")
        await carla.enter("start", "(only you) Your starting hand:")
        await play_lines(
            [anna, carla],
            lambda: all("The game is over." in p.text for p in (anna, carla)) and all(r.done() for r in runs),
            timeout=600,
        )
        _, err = await asyncio.wait_for(honest.communicate(), 60)
        assert honest.returncode == 0, err.decode()
        for p in (anna, carla):
            assert await p.quit() == 0
    for p in (anna, carla):
        only_lines(p)
    kinds = [m["type"] for m in schema_checked(log)]
    assert kinds[0] == "hello" and kinds[-1] == "over" and "error" not in kinds
    for h, run in zip(hostile, runs, strict=True):
        run.result()
        assert h.status == 1 and h.told[-1] == "cut_off", (h.name, h.told)
    garbage, flood, silent = hostile
    assert "slowed" in garbage.told and garbage.told.index("slowed") < garbage.told.index("cut_off")
    assert "not_your_turn" in flood.told and flood.told.index("slowed") < flood.told.index("cut_off")
    assert silent.told.count("stand_in") == 3
    # carla's table was told of the silent bot's lateness, and her game went on without it.
    assert "mute took too long" in carla.text
