"""A name is taken at login, against a real `citadels serve`: a second login under it (any case) finds it in
use even before the first has opened a game, a key cannot claim it meanwhile, and it stays taken until the
connection that has it closes, whoever else came and went under it."""

from __future__ import annotations

import asyncio

import asyncssh
from served import Guest, Typist, served

KEY = asyncssh.generate_private_key("ssh-ed25519")
IN_USE = "is in use by a player connected now"


async def logged_in(
    port: int, name: str, keys: list[asyncssh.SSHKey] | None = None
) -> asyncssh.SSHClientConnection:
    """A login that opens no game yet (as `ssh -N`, or a client slow to ask for its terminal)."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=keys,
        agent_path=None,
        client_factory=Guest,
    )


async def game(conn: asyncssh.SSHClientConnection) -> Typist:
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    player = Typist(conn, process, 100, 30)
    await player.shows("lobby")
    return player


async def test_a_second_login_under_a_name_before_either_opens_a_game_is_a_guest(tmp_path):
    async with served(tmp_path) as server:
        first = await logged_in(server.port, "anna")
        second = await logged_in(server.port, "ANNA")  # any case is the same name
        impostor = await game(second)
        await impostor.shows(f"The name ANNA {IN_USE}; you are guest-")
        anna = await game(first)
        await anna.shows("Welcome, anna.")
        assert IN_USE not in anna.text
        anna.close()
        impostor.close()


async def test_a_key_cannot_claim_a_name_taken_by_a_login_without_one(tmp_path):
    async with served(tmp_path) as server:
        first = await logged_in(server.port, "anna")
        keyed = await game(await logged_in(server.port, "anna", [KEY]))
        await keyed.shows(f"The name anna {IN_USE}; you are guest-")
        anna = await game(first)
        await anna.shows("Welcome, anna.")
        anna.close()
        keyed.close()
    assert b"name 'anna' claimed by key" not in server.output


async def test_the_name_stays_taken_while_its_player_is_here_whoever_else_quits(tmp_path):
    async with served(tmp_path) as server:
        first = await logged_in(server.port, "anna")
        second = await logged_in(server.port, "anna")
        anna = await game(first)
        await anna.shows("Welcome, anna.")
        impostor = await game(second)
        await impostor.shows(IN_USE)
        impostor.close()
        await second.wait_closed()
        await server_saw_close(server, 1)
        third = await game(await logged_in(server.port, "anna"))
        await third.shows(f"The name anna {IN_USE}")
        third.close()
        anna.close()
        await first.wait_closed()
        await server_saw_close(server, 3)  # the impostor's, the third's and hers
        # Gone, the name is free again.
        back = await game(await logged_in(server.port, "anna"))
        await back.shows("Welcome, anna.")
        back.close()


async def server_saw_close(server, connections: int) -> None:
    """Until the server's log says that `connections` logged-in connections have closed (it hears of a
    client's close a moment after the client)."""
    for _ in range(600):
        if server.output.count(b"'s connection from") >= connections:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the server never logged the close:\n" + server.output.decode(errors="replace"))
