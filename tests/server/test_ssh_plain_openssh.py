"""Plain mode with the real OpenSSH client against a real `citadels serve` process: `ssh -T` (no PTY) plays a
whole game against a bot, reading nothing but lines, and `ssh -T … plain` with LANG=ru gets the lobby in
Russian."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from plain_sessions import keyfile, start, whole_game
from served import served

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


@pytest.fixture
def key(tmp_path: Path) -> Path:
    return keyfile(tmp_path / "key")


async def test_openssh_plays_a_whole_game_in_plain_mode_reading_only_lines(tmp_path, key):
    async with served(tmp_path / "home", "--bot-pace", "0") as server:
        p = await start(key, server.port, "anna")  # a shell without a PTY: plain mode
        await whole_game(p)
    text = p.text
    assert "\r" not in text
    assert not sorted({c for c in text if not (c.isprintable() or c == "\n")})
    assert "(only you) Your starting hand:" in text and "wins" in text


async def test_openssh_plain_in_russian_from_the_clients_lang(tmp_path, key):
    async with served(tmp_path / "home") as server:
        env = dict(os.environ, LANG="ru_RU.UTF-8")
        p = await start(key, server.port, "anna", "plain", env=env)
        await p.wait_for("Добро пожаловать")
        await p.enter("who", "Сейчас здесь: anna.")
        assert await p.quit() == 0
