"""Who a player is: names bound to the first key that claims them, guests, keys required, a password."""

from __future__ import annotations

import asyncssh
import pytest
from ssh_helpers import connect, open_game, running_server

from citadels_server.auth import is_player_name
from citadels_server.database import open_database
from citadels_server.settings import Settings

KEY_A = asyncssh.generate_private_key("ssh-ed25519")
KEY_B = asyncssh.generate_private_key("ssh-ed25519")


async def welcome(server, username: str, **kwargs) -> str:
    async with connect(server, username, **kwargs) as conn:
        s = await open_game(conn)
        return await s.wait_for("Presses: 0")


def claimed(home, name: str) -> bool:
    """Is the name claimed in the server's database (read by a connection of its own)?"""
    db = open_database(Settings(data_dir=str(home)))
    try:
        return db.players.claimed(name)
    finally:
        db.close()


def welcomed_name(text: str) -> str:
    return text.split("Welcome ")[1].split()[0]


async def test_a_key_claims_its_name_and_keeps_it(tmp_path):
    async with running_server(tmp_path) as server:
        text = await welcome(server, "anna", client_keys=[KEY_A])
        assert "Welcome anna" in text and "known (with a key)" in text
        assert server.policy.registry.owns("ANNA", KEY_A.get_fingerprint("sha256"))
        assert "Welcome anna" in await welcome(server, "anna", client_keys=[KEY_A])


async def test_another_key_asking_for_a_claimed_name_gets_a_guest_name(tmp_path):
    async with running_server(tmp_path) as server:
        await welcome(server, "anna", client_keys=[KEY_A])
        text = await welcome(server, "anna", client_keys=[KEY_B])
        assert welcomed_name(text).startswith("guest-") and "a guest" in text
        # A client holding both keys is recognised whichever it offers first.
        assert "Welcome anna" in await welcome(server, "anna", client_keys=[KEY_B, KEY_A])


async def test_keyless_players_come_in_as_guests_without_a_prompt(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "bruno") as b:
            sb = await open_game(b)
            text = await sb.wait_for("Presses: 0")
            assert "Welcome bruno" in text and "a guest (without a key)" in text
            # The same keyless name twice at once would be two players in one name: the second is a guest.
            text2 = await welcome(server, "bruno")
            assert welcomed_name(text2).startswith("guest-")
        await welcome(server, "anna", client_keys=[KEY_A])
        # A keyless player cannot take a name a key owns.
        assert welcomed_name(await welcome(server, "anna")).startswith("guest-")


@pytest.mark.parametrize("username", ["guest-1234", "Robert'); DROP", "x" * 40, "-dash"])
async def test_implausible_names_become_guest_names(tmp_path, username):
    assert not is_player_name(username)
    async with running_server(tmp_path) as server:
        assert welcomed_name(await welcome(server, username, client_keys=[KEY_A])).startswith("guest-")
    assert not claimed(tmp_path, username)


async def test_require_keys_refuses_keyless_players(tmp_path):
    async with running_server(tmp_path, require_keys=True) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await welcome(server, "bruno")
        assert "Welcome bruno" in await welcome(server, "bruno", client_keys=[KEY_A])
        # With keys required there is no keyless fallback: another key still gets in, as a guest.
        assert welcomed_name(await welcome(server, "bruno", client_keys=[KEY_B])).startswith("guest-")


async def test_server_password_gates_keyless_players(tmp_path):
    async with running_server(tmp_path, password="sesame") as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await welcome(server, "bruno")  # no answer to the prompt
        with pytest.raises(asyncssh.PermissionDenied):
            await welcome(server, "bruno", answer="open")
        assert "Welcome bruno" in await welcome(server, "bruno", answer="sesame")
        assert "Welcome carla" in await welcome(server, "carla", password="sesame", preferred_auth="password")


async def test_closed_registration_admits_only_known_keys(tmp_path):
    async with running_server(tmp_path) as server:
        await welcome(server, "anna", client_keys=[KEY_A])
    async with running_server(tmp_path, open_registration=False, password="sesame") as server:
        assert "Welcome anna" in await welcome(server, "anna", client_keys=[KEY_A])
        with pytest.raises(asyncssh.PermissionDenied):
            await welcome(server, "bruno", client_keys=[KEY_B])
        assert not claimed(tmp_path, "bruno")


async def test_password_guessing_is_cut_off(tmp_path):
    async with running_server(tmp_path, password="sesame") as server:
        with pytest.raises(asyncssh.DisconnectError) as err:
            await welcome(server, "bruno", answer="guess", attempts=100)
        assert "Too many wrong passwords" in str(err.value)
