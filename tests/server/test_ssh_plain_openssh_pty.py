"""Plain mode with the real OpenSSH client asking for a terminal (`ssh -tt HOST plain`, as `ssh -t` does from
a terminal) against a real `citadels serve` process: a whole game against a bot, typed with Enter, reading
nothing but printable text and CR LF (the terminal's echo of what was typed among it), and the game's end
with the final scores of every player."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import time

import pytest
from plain_sessions import Player, ssh_command
from served import served

from citadels_tui.plain import PROMPT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


class Terminal(Player):
    """The ssh process with a terminal at the server's end: lines end in CR LF, typed lines end in CR."""

    @property
    def text(self) -> str:
        return self.raw.decode().replace("\r\n", "\n")

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\r")


async def test_openssh_with_a_terminal_plays_a_whole_game_in_plain_mode(tmp_path):
    key = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    async with served(tmp_path / "home", "--bot-pace", "0") as server:
        command = ssh_command(key, server.port, "anna", "plain")
        command[command.index("-T")] = "-tt"  # a terminal at the server's end, though none is here
        process = await asyncio.create_subprocess_exec(
            *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        p = Terminal(process)
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
    raw = p.raw.decode()
    assert "\n" not in raw.replace("\r\n", "") and "\r" not in raw.replace("\r\n", "")
    assert not sorted({c for c in raw if not (c.isprintable() or c in "\r\n")})
    text = p.text
    assert "(only you) Your starting hand:" in text
    assert re.search(r"^(> )?start$", text, re.MULTILINE) and "> quit\n" in text  # what was typed, echoed
    final = text[text.index("The final scores:") :]
    assert re.search(r"1\. \S.*: \d+ points?\.", final) and "anna (you):" in final
