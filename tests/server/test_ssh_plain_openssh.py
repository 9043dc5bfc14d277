"""Plain mode with the real OpenSSH client against a real `citadels serve` process: `ssh -T` (no PTY) plays a
whole game against a bot, reading nothing but lines, and `ssh -T … plain` with LANG=ru gets the lobby in
Russian."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from plain_sessions import start
from served import served

from citadels_tui.plain import PROMPT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


@pytest.fixture
def key(tmp_path: Path) -> Path:
    path = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


async def test_openssh_plays_a_whole_game_in_plain_mode_reading_only_lines(tmp_path, key):
    async with served(tmp_path / "home", "--bot-pace", "0") as server:
        p = await start(key, server.port, "anna")  # a shell without a PTY: plain mode
        await p.wait_for("Welcome, anna.")
        p.type("new 2 seed=11")
        await p.wait_for("Table 1 is yours")
        p.type("start")
        answered = 0
        deadline = time.monotonic() + 300
        while "The game is over." not in p.text:
            assert time.monotonic() < deadline and not p.task.done(), p.text[-3000:]
            if p.text.count("You can:") > answered and p.text.endswith(PROMPT):
                answered = p.text.count("You can:")
                p.type("1")
            await asyncio.sleep(0.005)
        await p.wait_for("You are in the lobby.")
        p.type("quit")
        assert await asyncio.wait_for(p.process.wait(), 30) == 0
        await p.task
    text = p.text
    assert "\r" not in text
    assert not sorted({c for c in text if not (c.isprintable() or c == "\n")})
    assert "(only you) Your starting hand:" in text and "wins" in text


async def test_openssh_plain_in_russian_from_the_clients_lang(tmp_path, key):
    async with served(tmp_path / "home") as server:
        env = dict(os.environ, LANG="ru_RU.UTF-8")
        p = await start(key, server.port, "anna", "plain", env=env)
        await p.wait_for("Добро пожаловать")
        p.type("who")
        await p.wait_for("Сейчас здесь: anna.")
        p.type("quit")
        assert await asyncio.wait_for(p.process.wait(), 30) == 0
