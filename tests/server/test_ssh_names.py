"""A name is taken at login, against a real `citadels serve`: a second login under it (any case) finds it in
use even before the first has opened a game, a key cannot claim it meanwhile, and it stays taken until the
connection that has it closes, whoever else came and went under it. Two processes sharing one PostgreSQL
database agree through it: a name logged in on one is in use on the other."""

from __future__ import annotations

import asyncio
import functools
import os
import signal

import asyncssh
import postgres
import pytest
from attacks import IN_USE, game, logged_in
from clusters import cluster, opened
from served import Typist, served

from citadels_server.auth import AuthPolicy, LiveNames, MemoryNames
from citadels_server.session import NAME_IN_USE

postgres_server, postgres_url = postgres.postgres_server, postgres.postgres_url  # the fixtures

KEY = asyncssh.generate_private_key("ssh-ed25519")


def answered(p: Typist) -> bool:
    """anna's login answered: welcomed as anna, or told the name is in use."""
    return "Welcome, anna." in p.text or IN_USE in p.text


def test_a_name_is_held_once_per_connection_in_any_case_or_disguise():
    live = LiveNames()
    live.add("anna")
    live.add("Anna")  # the same player's second terminal (a key that owns the name)
    assert "ANNA" in live and "an\u200bna" in live and "\u202eanna" in live and "bruno" not in live
    assert not live.discard("anna")  # one connection left: still hers
    assert "anna" in live
    assert live.discard("ANNA")
    assert "anna" not in live and len(live) == 0


def test_a_login_under_a_name_in_use_is_a_guest_told_why():
    policy = AuthPolicy(MemoryNames(), require_keys=False, password=None, open_registration=True)
    policy.live_names.add("anna")
    other = policy.identify_keyless("Anna")
    assert other.name.startswith("guest-") and (other.notice, other.asked_name) == (NAME_IN_USE, "Anna")
    assert not policy.accept_key("ANNA", "SHA256:k")  # a key cannot claim it meanwhile


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
async def test_two_processes_on_one_database_never_give_one_name_twice(tmp_path, postgres_url):
    async with cluster(tmp_path, postgres_url, 2) as (one, two):
        # Both log in before either opens a game, each on a process of its own: one of them is anna.
        first, second = await logged_in(one.port, "anna"), await logged_in(two.port, "Anna")
        players = [await game(first), await game(second)]
        await asyncio.gather(*(p.until(functools.partial(answered, p)) for p in players))
        annas = [p for p in players if "Welcome, anna." in p.text]
        assert len(annas) == 1, [p.text for p in players]
        anna, impostor = annas[0], next(p for p in players if p is not annas[0])
        # The other quits; a third, on either process, still finds the name in use.
        impostor.close()
        await impostor.conn.wait_closed()
        for server in (one, two):
            third = await game(await logged_in(server.port, "anna"))
            await third.shows(IN_USE)
            third.close()
        # A key cannot claim it from the other process either.
        keyed = await game(await logged_in(two.port if anna.conn is first else one.port, "anna", [KEY]))
        await keyed.shows(IN_USE)
        keyed.close()
        anna.close()
    db = opened(postgres_url, tmp_path)
    try:
        assert not db.players.claimed("anna")
    finally:
        db.close()


@pytest.mark.slow
async def test_a_name_taken_on_a_process_that_dies_is_free_again_once_its_presence_lapses(
    tmp_path, postgres_url
):
    async with cluster(tmp_path, postgres_url, 2) as (one, two):
        anna = await game(await logged_in(one.port, "anna"))
        await anna.shows("Welcome, anna.")
        guest = await game(await logged_in(two.port, "anna"))
        await guest.shows(IN_USE)
        guest.close()
        os.kill(one.pid, signal.SIGKILL)  # no goodbye: its name is given back by nobody
        # Its claim lapses with its presence (twice the lease); until then a login is a guest, told why.
        for _ in range(100):
            again = await game(await logged_in(two.port, "anna"))
            await again.until(functools.partial(answered, again))
            welcomed = "Welcome, anna." in again.text
            again.close()
            if welcomed:
                return
            await asyncio.sleep(0.2)
        raise AssertionError("the name of a dead process was never free again")
