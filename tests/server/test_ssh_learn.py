"""`learn` in a real server's lobby, in plain mode over SSH: the lesson is the session's own (no table is
made; another player in the lobby sees none), a wrong step and a garbled line are each told in one sentence
and lose nothing, and the lesson ends back in the lobby."""

from __future__ import annotations

import asyncio
import re
import time

from plain_sessions import only_lines, plain, plain_server
from ssh_helpers import connect

from citadels_server.hub import Hub
from citadels_tui import learn

ASKED = re.compile(r"^Type (\d+):", re.MULTILINE)


async def test_learn_in_the_lobby_over_ssh(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a, b = await plain(ca), await plain(cb)
            await a.enter("learn", "Type 1:")
            assert not hub.tables  # the lesson is Anna's own: no table in the lobby
            await a.enter("2", "not this lesson's move")  # a legal choice, not the lesson's
            # Garbage: one sentence, and the step waits.
            await a.enter("frobnicate \x1b[2J", "I don't understand “frobnicate")
            assert not a.text.count("(only you) You choose")  # neither line played a step
            deadline = time.monotonic() + 240
            while "You are in the lobby." not in a.text:
                assert time.monotonic() < deadline and not a.task.done(), a.text[-3000:]
                if a.my_turn():
                    a.answered = a.text.count("You can:")
                    a.type(ASKED.findall(a.text)[-1])
                await asyncio.sleep(0.005)
            await b.enter("tables", "No tables yet")
            a.type("quit")
            b.type("quit")
            await asyncio.wait_for(a.task, 10)
    only_lines(bytes(a.raw), crlf=False)
    assert str(learn.WELCOME) in a.text and "You win!" in a.text
    assert a.text.count("You can:") >= len(learn.STEPS)
