"""Seats and names nobody can steal, against a real `citadels serve` process: a player without a key is
shown a reconnect code when she sits down; a namesake without it comes in as a guest, is told why and
cannot take her seat; she retakes it with the code, also after a restart; a key cannot claim her name
while she holds the seat; the server log names the keys offered. Unit tests of the auth rules follow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncssh
import pytest
from helpers import group_of
from served import citadels_serve
from ssh_helpers import (
    CODE,
    CodeClient,
    flat,
    login,
    login_after_drop,
    open_game,
    running_server,
    type_line,
)

from citadels_server.auth import AuthPolicy, MemoryNames
from citadels_server.database import open_database
from citadels_server.session import NAME_HAS_KEY, NAME_HOLDS_SEAT, NAME_IN_USE
from citadels_server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
KEY = asyncssh.generate_private_key("ssh-ed25519")


def guest_in(text: str) -> str:
    return group_of(r"you are (guest-[0-9a-f]{4})", text)


@pytest.mark.slow
async def test_a_seat_without_a_key_is_retaken_only_with_its_code_even_after_a_restart(tmp_path):
    fp = KEY.get_fingerprint("sha256")
    async with citadels_serve(tmp_path) as (port, log):
        # anna, without a key, makes a table and is shown her code; in her game too.
        a, sa, _ = await login(port, "anna")
        assert "log in with a key to keep it for good" in flat(sa.text)  # how to protect a name
        await type_line(sa, "new 2 seed=3")
        text = flat(await sa.wait_for(lambda s: CODE.search(flat(s)) is not None))
        code = group_of(CODE, text)
        assert "log in again as anna" in text
        await type_line(sa, "start")
        await sa.wait_for(lambda s: "Your hand" in s and code in s)

        # While she plays, a key cannot claim her name: refused, it falls back to keyless, a guest.
        k, sk, kc = await login(port, "anna", keys=[KEY])
        assert "The name anna is in use by a player connected now; you are guest-" in flat(sk.text)
        assert kc.prompts == []  # no code is asked while she is here
        k.close()

        a.close()
        await a.wait_closed()

        # A stranger without the code: asked for it, a guest, told why, and the seat stays anna's.
        s, ss, sc = await login_after_drop(port, "anna")
        assert sc.prompts == ["Reconnect code for anna's seat (Enter to play as a guest): "]
        lobby = flat(ss.text)
        assert (
            "The name anna holds a seat kept for its player" in lobby
            and "Citadels lobby · you are guest-" in lobby
        )
        guest = guest_in(lobby)
        await type_line(ss, "join 1")
        await ss.wait_for("That game has started; you can watch it.")
        s.close()

        # A wrong code is no better; nor is a key (refused for the name, then the code prompt).
        s, ss, _ = await login(port, "anna", code="AAAAAA")
        assert "The name anna holds a seat kept for its player" in flat(ss.text)
        s.close()
        k, sk, kc = await login(port, "anna", keys=[KEY])
        assert "The name anna holds a seat kept for its player" in flat(sk.text) and kc.prompts
        k.close()
        db = open_database(Settings(data_dir=str(tmp_path)))  # the server's database, read beside it
        assert not db.players.claimed("anna")
        db.close()

        # anna with her code goes straight back to her game.
        a, sa, _ = await login(port, "anna", code=code.lower())
        await sa.wait_for(lambda s: "Your hand" in s and code in s)
        a.close()
        await a.wait_closed()

    # The server stopped (SIGTERM) and starts again on the same data dir: her code still holds the seat.
    async with citadels_serve(tmp_path) as (port, log2):
        s, ss, sc = await login(port, "anna")
        assert sc.prompts and "The name anna holds a seat kept for its player" in flat(ss.text)
        s.close()
        a, sa, _ = await login(port, "anna", code=code)
        await sa.wait_for("Your hand")
        a.close()

    logged = log.read_text(encoding="utf-8")
    assert f"key {fp} offered for 'anna'" in logged
    assert "refused (a player without a key is using the name)" in logged
    assert "refused (a player without a key holds a seat with the name)" in logged
    assert (
        f"logged in from 127.0.0.1 as {guest} (keyless, reconnect code not given, {NAME_HOLDS_SEAT})"
        in logged
    )
    assert "as anna (keyless, reconnect code right)" in logged


@pytest.mark.slow
async def test_a_key_refused_for_a_taken_name_is_told_why_and_the_log_names_it(tmp_path):
    """A key asking for a name another key owns is refused (the client falls back to keyless login) and
    plays as a guest; the lobby says why, and the log names both keys."""
    other = asyncssh.generate_private_key("ssh-ed25519")
    async with citadels_serve(tmp_path) as (port, log):
        a, sa, _ = await login(port, "anna", keys=[KEY])
        assert "Citadels lobby · you are anna" in sa.text
        a.close()
        b, sb, _ = await login(port, "anna", keys=[other])
        text = flat(sb.text)
        assert "The name anna belongs to another player's key; you are guest-" in text
        assert "Use your own key to keep a name." in text
        b.close()
    logged = log.read_text(encoding="utf-8")
    assert (
        f"key {other.get_fingerprint('sha256')} offered for 'anna' from 127.0.0.1: refused "
        "(the name belongs to another key)" in logged
    )
    assert f"key {KEY.get_fingerprint('sha256')} offered for 'anna' from 127.0.0.1: accepted" in logged


# ---------------------------------------------------------------- the rules on their own (auth.py)


class Seats:
    """What the hub answers: anna holds a seat without a key, with code K7M9QD."""

    def __init__(self) -> None:
        self.held = {"anna": "K7M9QD"}

    def holds_keyless_seat(self, name: str) -> bool:
        return name.lower() in self.held

    def seat_code_matches(self, name: str, code: str) -> bool:
        return self.held.get(name.lower()) == code.strip().upper()


def policy(tmp_path: Path, **kw: Any) -> AuthPolicy:
    kw.setdefault("require_keys", False)
    return AuthPolicy(MemoryNames(), password=None, open_registration=True, seats=Seats(), **kw)


def test_a_name_holding_a_seat_without_a_key_needs_its_code(tmp_path):
    p = policy(tmp_path)
    assert p.asks_seat_code("anna") and p.asks_seat_code("ANNA") and not p.asks_seat_code("bruno")
    me = p.identify_keyless("anna", "K7M9QD")
    assert (me.name, me.seat_code, me.notice) == ("anna", "K7M9QD", None)
    for given in (None, "", "WRONG1"):
        other = p.identify_keyless("anna", given)
        assert other.name.startswith("guest-") and other.seat_code is None
        assert (other.notice, other.asked_name) == (NAME_HOLDS_SEAT, "anna")
    assert p.identify_keyless("bruno").name == "bruno"  # a free name needs nothing
    p.live_names.add("anna")  # she is here: nobody is asked, everybody else is a guest
    assert not p.asks_seat_code("anna")
    assert p.identify_keyless("anna", "K7M9QD").notice == NAME_IN_USE


def test_a_key_cannot_claim_a_name_a_player_without_a_key_has(tmp_path):
    p = policy(tmp_path)
    assert not p.accept_key("anna", "SHA256:k")  # she holds a seat with it
    p.live_names.add("bruno")
    assert not p.accept_key("bruno", "SHA256:k")  # he is using it now
    assert p.accept_key("carla", "SHA256:k")
    # With keys required there is no keyless fallback: the key comes in, as a guest told why.
    keys = policy(tmp_path, require_keys=True)
    assert keys.accept_key("anna", "SHA256:k")
    who = keys.identify_key("anna", "SHA256:k")
    assert who.guest and who.name.startswith("guest-") and who.notice == NAME_HOLDS_SEAT
    assert not keys.registry.claimed("anna")
    assert keys.identify_key("carla", "SHA256:k").name == "carla"
    other = keys.identify_key("carla", "SHA256:x")
    assert (other.notice, other.asked_name) == (NAME_HAS_KEY, "carla")


async def test_with_a_server_password_one_challenge_asks_for_both(tmp_path):
    async def who(server: Any, **answers: str) -> tuple[str, list[str]]:
        client = CodeClient(**answers)
        async with asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="anna",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            client_factory=lambda: client,
        ) as conn:
            text = await (await open_game(conn)).wait_for("Presses: 0")
            return text.split("Welcome ")[1].split()[0], client.prompts

    async with running_server(tmp_path, seats=Seats(), password="sesame") as server:
        name, prompts = await who(server, password="sesame", code="k7m9qd")
        assert name == "anna"
        assert prompts == ["Server password: ", "Reconnect code for anna's seat (Enter to play as a guest): "]
        name, _ = await who(server, password="sesame", code="WRONG1")
        assert name.startswith("guest-")
        with pytest.raises(asyncssh.PermissionDenied):
            await who(server, password="open", code="K7M9QD")  # the right code is no way past the password
