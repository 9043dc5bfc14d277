"""Guessing reconnect codes, against a real `citadels serve`: a few wrong codes from one address, then
its next guesses are refused for a while with a sentence saying so; the seat's player still gets back
in with her code. The counting itself (per address, per name, doubling waits) is unit-tested below."""

from __future__ import annotations

import asyncssh
import pytest
from helpers import group_of
from served import citadels_serve
from ssh_helpers import CODE, CodeClient, H, Screen, W, flat, login, login_after_drop, type_line

from citadels_server.limits import CodeGuesses


async def _guess(port: int, code: str, address: str) -> Screen:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username="anna",
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        client_factory=lambda: CodeClient(code),
        local_addr=(address, 0),
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(W, H), encoding=None)
    screen = Screen(process, W, H)
    await screen.wait_for(lambda t: "holds a seat kept" in flat(t) or "connected now" in flat(t), timeout=20)
    conn.close()
    return screen


@pytest.mark.slow
async def test_a_code_guesser_is_stopped_and_the_seat_player_gets_back_in(tmp_path):
    async with citadels_serve(tmp_path) as (port, log):
        a, sa, _ = await login(port, "anna")
        await type_line(sa, "new 2 seed=3")
        code = group_of(CODE, flat(await sa.wait_for(lambda s: CODE.search(flat(s)) is not None)))
        await type_line(sa, "start")
        await sa.wait_for("Your hand")
        a.close()
        await a.wait_closed()
        (conn, _, _) = await login_after_drop(
            port, "anna"
        )  # her session is gone: her name holds the seat, asking for codes
        conn.close()
        # Three wrong codes from one address: each a guest, as before.
        for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
            screen = await _guess(port, guess, "127.0.0.2")
            assert "holds a seat kept for its player" in flat(screen.text)
        # The fourth is refused before it is checked, with a sentence saying why and for how long.
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await _guess(port, "DDDDDD", "127.0.0.2")
        assert "Too many wrong reconnect codes for anna's seat" in str(refused.value)
        assert "Please wait 10 seconds" in str(refused.value)
        # Even the right code waits, from that address; anna, from hers, goes straight back to her game.
        with pytest.raises(asyncssh.DisconnectError):
            await _guess(port, code, "127.0.0.2")
        a, sa, _ = await login(port, "anna", code=code)
        await sa.wait_for("Your hand")
        a.close()
    assert "refusing a reconnect code for 'anna' from 127.0.0.2: too many wrong ones" in log.read_text()


def test_wrong_codes_wait_longer_each_time_per_address_and_per_name():
    g = CodeGuesses(free_per_address=3, free_per_name=5, first_wait=10, longest_wait=600)
    for i in range(3):
        assert g.wait("10.0.0.1", "anna", now=i) == 0
        g.wrong("10.0.0.1", "anna", now=i)
    assert g.wait("10.0.0.1", "anna", now=2) == 10  # 10 s after the third
    assert g.wait("10.0.0.1", "bruno", now=2) == 10  # the address waits, whatever the name
    assert g.wait("10.0.0.2", "anna", now=2) == 0  # another address may still try anna
    g.wrong("10.0.0.1", "anna", now=12)
    assert g.wait("10.0.0.1", "anna", now=12) == 20  # doubled
    # Spread over addresses, the name's own count stops the guessing too.
    g.wrong("10.0.1.1", "anna", now=13)  # the name's fifth
    assert g.wait("10.0.9.9", "anna", now=13) == 10
    assert g.wait("10.0.9.9", "bruno", now=13) == 0
    # Forgotten after the longest wait without a wrong code; the right code forgets at once.
    assert g.wait("10.0.0.1", "anna", now=13 + 600) == 0
    g.right("10.0.0.1", "anna")
    assert g.wait("10.0.0.1", "anna", now=14) == 0
