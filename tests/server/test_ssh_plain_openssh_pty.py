"""Plain mode with the real OpenSSH client asking for a terminal (`ssh -tt HOST plain`, as `ssh -t` does from
a terminal) against a real `citadels serve` process: a whole game against a bot, typed with Enter, reading
nothing but printable text and CR LF (the terminal's echo of what was typed among it), and the game's end
with the final scores of every player."""

from __future__ import annotations

import re
import shutil

import pytest
from plain_sessions import keyfile, start, whole_game
from served import served

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


async def test_openssh_with_a_terminal_plays_a_whole_game_in_plain_mode(tmp_path):
    key = keyfile(tmp_path / "key")
    async with served(tmp_path / "home", "--bot-pace", "0") as server:
        p = await start(key, server.port, "anna", "plain", terminal=True)
        await whole_game(p)
    raw = p.raw.decode()
    assert "\n" not in raw.replace("\r\n", "") and "\r" not in raw.replace("\r\n", "")
    assert not sorted({c for c in raw if not (c.isprintable() or c in "\r\n")})
    text = p.text
    assert "(only you) Your starting hand:" in text
    assert re.search(r"^(> )?start$", text, re.MULTILINE) and "> quit\n" in text  # what was typed, echoed
    final = text[text.index("The final scores:") :]
    assert re.search(r"1\. \S.*: \d+ points?\.", final) and "anna (you):" in final
