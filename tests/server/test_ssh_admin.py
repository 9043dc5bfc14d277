"""Keeping order on a real `citadels serve` process, with real SSH clients: the admins' lobby commands
(kick, ban, unban, bans, close, announce), bans refused at login with their sentence, the message of the
day at login and after SIGHUP, and the drain on SIGTERM (docs/hosting.md, "Keeping order").

The admin logs in with a key named in the settings; players log in without one; a player "from elsewhere"
connects from another loopback address (127.0.0.2), so that an address ban reaches them and not the admin."""

from __future__ import annotations

import asyncio
import re
import signal
import time
from pathlib import Path

import asyncssh
import pytest
import tomli_w
from served import Guest, Typist, served

W, H = 120, 40
BOSS_KEY = asyncssh.generate_private_key("ssh-ed25519")
BOSS = BOSS_KEY.get_fingerprint("sha256")
MALLORY_KEY = asyncssh.generate_private_key("ssh-ed25519")
ELSEWHERE = "127.0.0.2"


class Client(Guest):
    """A keyless (or keyed) client that keeps the login banner its server sends."""

    def __init__(self) -> None:
        self.banner = ""

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banner += msg


def connect(
    port: int,
    name: str,
    key: asyncssh.SSHKey | None = None,
    address: str = "127.0.0.1",
    client: Client | None = None,
):  # noqa: ANN201 - asyncssh's connect context
    client = client or Client()
    return asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        agent_path=None,
        client_keys=[key] if key else None,
        client_factory=lambda: client,
        local_addr=(address, 0),
    )


class Greeted(Typist):
    """A player's screen, with the login banner the server sent before it."""

    banner = ""


async def login(
    port: int, name: str, key: asyncssh.SSHKey | None = None, address: str = "127.0.0.1"
) -> Greeted:
    client = Client()
    conn = await connect(port, name, key, address, client)
    process = await conn.create_process(term_type="xterm-256color", term_size=(W, H), encoding=None)
    typist = Greeted(conn, process, W, H)
    typist.banner = client.banner
    await typist.shows("lobby")
    return typist


async def refusal(
    port: int, name: str, key: asyncssh.SSHKey | None = None, address: str = "127.0.0.1"
) -> str:
    """The login is refused: the sentence the client was told (the banner and the disconnect reason)."""
    client = Client()
    with pytest.raises(asyncssh.DisconnectError) as refused:
        conn = await connect(port, name, key, address, client)
        conn.close()
    return client.banner + " | " + refused.value.reason


def read(typist: Typist) -> str:
    """Everything the session printed, as plain text (what a farewell on the restored terminal says)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]", "", typist.raw.decode(errors="replace"))


async def ended(typist: Typist, timeout: float = 30) -> str:
    await asyncio.wait_for(asyncio.shield(typist.reader), timeout)
    return read(typist)


def settings_file(home: Path, motd: str, admins: tuple[str, ...] = (BOSS,)) -> Path:
    path = home / "settings.toml"
    path.write_text(tomli_w.dumps({"admins": list(admins), "motd": motd}))
    return path


@pytest.mark.slow
async def test_admin_commands_reach_the_players_and_others_are_refused(tmp_path):
    conf = settings_file(tmp_path, "Welcome to the test server.\nBe kind.")
    async with served(tmp_path / "home", "--settings", str(conf), "--bot-pace", "0") as server:
        boss = await login(server.port, "boss", BOSS_KEY)
        anna = await login(server.port, "anna")
        bruno = await login(server.port, "bruno", address=ELSEWHERE)
        # The message of the day: the login banner and the top of the lobby.
        assert "Welcome to the test server." in anna.banner and "Be kind." in anna.banner
        await anna.shows("Be kind.")

        await boss.enter("help", "For admins:")
        await boss.shows("kick NAME [reason]")
        # Not an admin: a sentence, not "unknown command", and nobody is kicked.
        await anna.enter("kick bruno", "Only this server's admins can use")
        assert not bruno.gone

        # A game in play at table 1, bruno in the lobby: an announcement reaches both.
        await anna.enter("new 4 seed=3", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        await boss.enter("announce The server restarts at noon", "Announced in the lobby and at every table")
        await bruno.shows("Announcement from boss: The server restarts at noon")
        await anna.shows("Announcement from boss: The server restarts at noon")

        # close: the game leaves the lobby, its player is back there and told who closed it.
        await boss.enter("close 1", "Table 1 is closed; its game is kept in the history as abandoned.")
        await anna.shows("boss closed table 1; its game is kept in the history.")
        await anna.shows("Citadels lobby")
        await boss.enter("close 1", "There is no table 1.")

        # kick: the player's session ends with who and why.
        await boss.enter("kick anna being rude", "anna is kicked (1 session).")
        assert "boss kicked you from this server: being rude" in await ended(anna)

        # ban by address, for two seconds: bruno's session ends; a login from there is refused, then the
        # ban runs out.
        boss.type(f"ban address {ELSEWHERE} for 2s flooding the lobby\r")
        await boss.shows(f"The address {ELSEWHERE} is banned until")
        farewell = await ended(bruno)
        assert "boss banned you from this server until" in farewell and "flooding the lobby" in farewell
        told = await refusal(server.port, "carla", address=ELSEWHERE)
        assert (
            "Your address is banned from this Citadels server until" in told and "flooding the lobby" in told
        )
        await asyncio.sleep(2.5)
        (await login(server.port, "carla", address=ELSEWHERE)).close()
        assert not boss.gone
        assert b"Traceback" not in server.output, server.output.decode(errors="replace")


@pytest.mark.slow
async def test_bans_by_name_and_key_are_refused_at_login_until_lifted(tmp_path):
    conf = settings_file(tmp_path, "")
    async with served(tmp_path / "home", "--settings", str(conf)) as server:
        boss = await login(server.port, "boss", BOSS_KEY)
        await boss.enter("ban name Dave for 1h cheating", "The name Dave is banned until")
        told = await refusal(server.port, "dave")
        assert "The name Dave is banned from this Citadels server until" in told and "cheating" in told

        mallory = MALLORY_KEY.get_fingerprint("sha256")
        boss.type(f"ban key {mallory} spam\r")
        await boss.shows("is banned for good")
        told = await refusal(server.port, "mallory", MALLORY_KEY)
        assert "Your SSH key is banned from this Citadels server for good: spam" in told

        await boss.enter("bans", "2 bans in force:")
        await boss.shows("for good, by boss")
        await boss.enter("ban name boss", "That ban would shut you out too.")

        await boss.enter("unban name dave", "The name dave is no longer banned.")
        boss.type(f"unban key {mallory}\r")
        await boss.shows("is no longer banned.")
        (await login(server.port, "dave")).close()
        (await login(server.port, "mallory", MALLORY_KEY)).close()
        await boss.enter("unban name dave", "The name dave is not banned")


@pytest.mark.slow
async def test_motd_is_shown_again_when_sighup_changes_it_and_a_broken_file_keeps_it(tmp_path):
    conf = settings_file(tmp_path, "Old news.")
    async with served(tmp_path / "home", "--settings", str(conf)) as server:
        anna = await login(server.port, "anna")
        await anna.shows("Old news.")
        settings_file(tmp_path, "Tournament tonight at eight.")
        server.process.send_signal(signal.SIGHUP)
        await anna.shows("Tournament tonight at eight.")
        bruno = await login(server.port, "bruno")
        assert "Tournament tonight at eight." in bruno.banner

        conf.write_text("motd = 'unterminated\n")
        server.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 20
        while b"keeping the settings in force" not in server.output:
            assert time.monotonic() < deadline, server.output.decode(errors="replace")
            await asyncio.sleep(0.1)
        carla = await login(server.port, "carla")
        assert "Tournament tonight at eight." in carla.banner
        for p in (anna, bruno, carla):
            p.close()


@pytest.mark.slow
async def test_sigterm_tells_every_player_and_exits_within_the_drain_timeout(tmp_path):
    async with served(tmp_path, "--bot-pace", "0", "--drain-timeout", "6") as server:
        anna = await login(server.port, "anna")
        bruno = await login(server.port, "bruno")
        await anna.enter("new 4 seed=3", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        # A client that stops reading: its session's goodbye can never be delivered.
        stuck = await connect(server.port, "stuck")
        chan, _ = await stuck.create_session(
            asyncssh.SSHClientSession, term_type="xterm", term_size=(W, H), encoding=None, window=1024
        )
        chan.pause_reading()
        await asyncio.sleep(1)

        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        while b"Stopping" not in server.output:
            await asyncio.sleep(0.05)
        # No new connections once stopping.
        with pytest.raises((OSError, asyncssh.Error)):
            async with connect(server.port, "late"):
                pass
        for p in (anna, bruno):
            assert "The server is shutting down" in await ended(p, timeout=10)
        code = await asyncio.wait_for(server.process.wait(), 15)
        took = time.monotonic() - start
        assert code == 0 and b"Traceback" not in server.output, server.output.decode(errors="replace")
        assert took < 6 + 1, f"the drain took {took:.1f} s"  # the deadline, plus a process's exit
        stuck.close()


async def test_a_drain_timeout_shorter_than_the_goodbyes_still_ends_the_process_in_time(tmp_path):
    async with served(tmp_path, "--bot-pace", "0", "--drain-timeout", "0.5") as server:
        anna = await login(server.port, "anna")
        await anna.enter("new 4 seed=3", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(server.process.wait(), 15)
        took = time.monotonic() - start
        assert code == 0 and b"Traceback" not in server.output, server.output.decode(errors="replace")
        assert took < 0.5 + 2, f"the drain took {took:.1f} s"
        anna.close()
