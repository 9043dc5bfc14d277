"""Bots against a real server: docs/examples/random_bot.py (or another example) run through the real `ssh`
binary with what it read copied to a log, that log's messages checked against the bot protocol's schema, and
`Hostile`, a bot over asyncssh that misbehaves one way once its game begins."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh
import jsonschema
from plain_sessions import unknown_host

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "random_bot.py"
NORMAL_EXAMPLE = ROOT / "docs" / "examples" / "normal_bot.py"
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((ROOT / "docs" / "bot-protocol.schema.json").read_text())
)
HOSTILE_KEY = asyncssh.generate_private_key("ssh-ed25519")


def example_command(example: Path, port: int, key: Path, *options: str) -> list[str]:
    """The example bot's command line, as robo on the loopback server at `port` with `key` and no known
    hosts; `options` after them (ssh options, the seed)."""
    return [
        sys.executable,
        str(example),
        "--ssh",
        "robo@127.0.0.1",
        "--port",
        str(port),
        *unknown_host(key),
        *options,
    ]


async def example_bot(
    port: int, key: Path, log: Path, *options: str, example: Path = EXAMPLE
) -> asyncio.subprocess.Process:
    """The example (random_bot.py unless told), through an `ssh` on its PATH that is the real one with its
    output copied to `log`; `options` as example_command takes them."""
    bin_dir = log.parent / "bin"
    bin_dir.mkdir(exist_ok=True)
    wrapper = bin_dir / "ssh"
    wrapper.write_text(f'#!/bin/bash\nset -o pipefail\n{shutil.which("ssh")} "$@" | tee -a {log}\n')
    wrapper.chmod(0o755)
    return await asyncio.create_subprocess_exec(
        *example_command(example, port, key, *options),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}"),
    )


def schema_checked(log: Path) -> list[dict[str, Any]]:
    """The messages a bot read (one JSON object a line in `log`), each checked against the schema."""
    messages: list[dict[str, Any]] = [json.loads(text) for text in log.read_text().splitlines()]
    for m in messages:
        VALIDATOR.validate(m)
    return messages


class Hostile:
    """A bot over asyncssh that misbehaves one way once its game begins: "garbage" (lines that are not
    JSON), "flood" (a torrent of answers) or "silent" (reads every message and answers none)."""

    def __init__(self, name: str, behaviour: str) -> None:
        self.name, self.behaviour = name, behaviour
        self.told: list[str] = []  # the error codes it was sent, in order
        self.status: int | None = None

    async def run(self, port: int, table: int) -> None:
        async with asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            known_hosts=None,
            client_keys=[HOSTILE_KEY],
            agent_path=None,
        ) as conn:
            process = await conn.create_process(f"bot {table}")
            while text := await process.stdout.readline():
                message = json.loads(text)
                VALIDATOR.validate(message)
                if message["type"] == "error":
                    self.told.append(message["code"])
                elif message["type"] == "decide" and self.behaviour == "garbage":
                    for _ in range(100):
                        process.stdin.write("this is not JSON\n")
                elif message["type"] == "hello" and self.behaviour == "flood":
                    process.stdin.write('{"action": 0}\n' * 200_000)
            await process.wait_closed()
            self.status = process.exit_status
