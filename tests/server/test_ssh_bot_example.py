"""docs/examples/random_bot.py over the real ssh binary against a real `citadels serve`: a server that
admits no bots refuses it with one sentence, which the example passes on, ending with ssh's status."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from served import served

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "random_bot.py"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the ssh binary"),
]


async def test_the_example_bot_over_ssh_is_refused_by_a_server_without_bots(tmp_path):
    key = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    async with served(tmp_path / "home") as server:
        bot = await asyncio.create_subprocess_exec(
            sys.executable,
            str(EXAMPLE),
            "--ssh",
            "robo@127.0.0.1",
            "--port",
            str(server.port),
            "-i",
            str(key),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(bot.communicate(), 30)
    assert bot.returncode == 1
    assert "This server does not admit bots" in err.decode()
    assert out == b""
