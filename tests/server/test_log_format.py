"""`citadels serve --log-format json` on a real process through a whole game: every line of the log is one
JSON object with its fields, the session's lines name it, every line about the table names it (made,
sat at, stood up from, a start refused, started, kept in the history), and nothing secret is in any line: not the server's
password, not a player's reconnect code, not a card left in a hand at the end."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import asyncssh
import pytest
from plain_sessions import plain, plain_server
from served import Guest, Ran, Typist, served, take_first_options
from ssh_helpers import connect, open_game

from citadels_core.gameline import read
from citadels_core.terms import CARD
from citadels_server.hub import Hub
from citadels_server.log_format import JsonFormatter, about, at_table, in_session

PASSWORD = "correct-horse-battery"


class Knows(Guest):
    """A keyless player who types the server's password."""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str]:
        return [PASSWORD for _ in prompts]


async def login(port: int, name: str) -> Typist:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        client_factory=Knows,
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(120, 40), encoding=None)
    return Typist(conn, process, 120, 40)


@pytest.mark.slow
async def test_a_whole_games_json_log_parses_line_by_line_and_holds_no_secret(tmp_path, monkeypatch):
    monkeypatch.setenv("CITADELS_PASSWORD", PASSWORD)
    async with served(tmp_path, "--log-format", "json", "--bot-pace", "0") as server:
        anna = await login(server.port, "anna")
        await anna.shows("lobby")
        await anna.enter("new 2 seed=7 bots=random", "give the code")
        code = re.search(r"give the code ([0-9A-Z]{6})", " ".join(anna.text.split()))
        assert code is not None, anna.text
        # bruno sits down and stands up again: his seat had a reconnect code of its own.
        bruno = await login(server.port, "bruno")
        await bruno.shows("lobby")
        await bruno.enter("join 1", "give the code")
        bruno_code = re.search(r"give the code ([0-9A-Z]{6})", " ".join(bruno.text.split()))
        assert bruno_code is not None, bruno.text
        bruno.type("start\r")  # refused: anna made the table
        bruno.type("leave\r")
        await bruno.enter("say standing", "bruno: standing")  # once it shows, the leave before it was handled
        bruno.close()
        await anna.enter("start", "Your hand")
        await take_first_options(
            [anna], lambda: "Play again" in anna.text or "The game is over." in anna.text, timeout=240
        )
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="bruno", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=Knows,
        )  # fmt: skip
        async with conn:
            games = json.loads(Ran.of(await conn.run("games --json", check=True)).stdout)
        anna.close()
        # In plain mode, pat makes table 2 and drops while waiting there.
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="pat", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=Knows,
        )  # fmt: skip
        async with conn:
            pat = await conn.create_process(encoding=None)
            pat.stdin.write(b"new 2\n")
            seen = b""
            while b"Table 2 is yours" not in seen:
                seen += await asyncio.wait_for(pat.stdout.read(4096), 30)
        await server.stop()

    lines = server.output.decode().splitlines()
    banner = [i for i, line in enumerate(lines) if line.startswith("Players connect with")]
    logged = [json.loads(line) for line in lines if line.startswith("{")]  # the rest: the banner, for people
    assert len(logged) + len(banner) <= len(lines) and len(logged) > 10
    for entry in logged:
        assert set(entry) >= {
            "time",
            "level",
            "logger",
            "event",
            "session",
            "name",
            "key",
            "address",
            "table",
        }
    assert any(e["name"] == "anna" and e["address"] == "127.0.0.1" and e["session"] for e in logged)
    # Every line about the table names it: its own, and those that say "table 1".
    about = [e for e in logged if re.search(r"\btable 1\b", e["event"], re.IGNORECASE)]
    about += [e for e in logged if e["logger"] == "citadels_tui.table"]
    assert about and all(e["table"] == 1 for e in about), [e for e in about if e["table"] != 1]
    at_table = " | ".join(e["event"] for e in logged if e["table"] == 1)
    for happened in (
        "created by anna",
        "bruno sat down",
        "bruno stood up",
        "bruno was refused the start",
        "started by anna",
        "kept in",
    ):
        assert happened in at_table, (happened, at_table)
    assert all(e["table"] is None for e in logged if "listening on" in e["event"])  # no table: none named
    # A session's end names the table it was at: anna's game, pat's table; bruno had stood up, and his
    # command sat nowhere.
    ended = [(e["name"], e["table"]) for e in logged if re.match(r"session \d+ closed", e["event"])]
    assert ("anna", 1) in ended and ("bruno", None) in ended and ("pat", 2) in ended, ended
    assert all(table is None for name, table in ended if name == "bruno"), ended
    text = "\n".join(lines)
    assert PASSWORD not in text and code.group(1) not in text and bruno_code.group(1) not in text

    record, _ = read(games[0]["line"])
    game = record.replay(record_events=False)
    assert game.over
    districts = game.rules.edition.districts
    built = {districts[c & CARD].key for city in game.cities for c in city}
    held = {districts[c & CARD] for hand in game.hands for c in hand}
    for card in held:
        if card.key not in built:
            for word in (card.key, card.name):
                assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), word


class Collected(logging.Handler):
    """The server's log lines as `--log-format json` writes them, parsed."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.setFormatter(JsonFormatter())
        self.lines: list[dict[str, object]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


@pytest.fixture
def collected():
    handler, server_log = Collected(), logging.getLogger("citadels_server")
    level = server_log.level
    server_log.addHandler(handler)
    server_log.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        server_log.removeHandler(handler)
        server_log.setLevel(level)


def said(collected: Collected, event: str) -> dict[str, object]:
    return next(line for line in collected.lines if line["event"] == event)


async def test_a_sessions_lines_name_the_table_it_is_at_and_so_does_its_end_logged_outside_it(collected):
    hub = Hub(pace=0)
    log = logging.getLogger("citadels_server.ssh")

    async def session(number: int, name: str, work: Callable[[], None]) -> dict[str, Any]:
        """A session's work in its own context, as the server runs each (GameSession)."""
        fields = in_session(number, name, None, "10.0.0.1")
        work()
        log.info("session %d did its work", number)
        return fields

    def anna_makes_and_plays() -> None:
        hub.create("anna", None, players=2)
        log.info("anna made a table")
        hub.start(hub.get(1), "anna")  # a bot takes the other seat
        hub.arrive(hub.get(1), 0)

    anna = await asyncio.create_task(session(1, "anna", anna_makes_and_plays))
    assert said(collected, "anna made a table")["table"] == 1  # no "table 1" in it: the session's
    assert said(collected, "session 1 did its work")["table"] == 1
    # The channel closed: SSH's callback, outside the session's context, gives the session's fields.
    log.info("session %d closed", 1, extra=about(anna))
    closed = said(collected, "session 1 closed")
    assert (closed["table"], closed["name"], closed["address"]) == (1, "anna", "10.0.0.1")

    def bruno_watches_then_leaves() -> None:
        hub.watch(hub.get(1))
        log.info("bruno watches")
        hub.unwatch(hub.get(1))

    bruno = await asyncio.create_task(session(2, "bruno", bruno_watches_then_leaves))
    assert said(collected, "bruno watches")["table"] == 1
    assert said(collected, "session 2 did its work")["table"] is None  # back in the lobby
    assert about(bruno)["table"] is None and about(bruno)["player"] == "bruno"

    def carla_sits_and_stands_up() -> None:
        ht = hub.create("carla", None, players=3, code="C4RL4X")
        log.info("carla waits")
        hub.leave(hub.get(ht.id), "carla", None, "C4RL4X")

    await asyncio.create_task(session(3, "carla", carla_sits_and_stands_up))
    assert said(collected, "carla waits")["table"] == 2
    assert said(collected, "session 3 did its work")["table"] is None
    # Outside any session the hub's calls name no table but their own lines' ("table N ...").
    at_table(1)
    log.info("no session here")
    assert said(collected, "no session here")["table"] is None and about(None) == {}
    hub.close_table(hub.get(1))


async def test_a_deliberate_quit_s_close_line_names_the_table_it_was_at(tmp_path, collected):
    """The app (or plain mode) leaves its table on the way out, before the channel closes: the session's
    end still names the table, as a dropped connection's does."""
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as conn:
            anna = await open_game(conn, 120, 40)
            await anna.wait_for("lobby")
            anna.process.stdin.write(b"new 2 seed=7 bots=random\r")
            await anna.wait_for("Table 1")
            anna.process.stdin.write(b"start\r")
            await anna.wait_for("Your hand", timeout=20)
            anna.process.stdin.write(b"\x11")  # Ctrl+Q: she quits
            await anna.closed()
        async with connect(server, "pat") as conn:
            pat = await plain(conn)
            await pat.enter("new 2", "Table 2 is yours")
            await pat.quit()
        while sum(bool(re.match(r"session \d+ closed", str(e["event"]))) for e in collected.lines) < 2:
            await asyncio.sleep(0.01)
    ended = [
        (e["name"], e["table"]) for e in collected.lines if re.match(r"session \d+ closed", str(e["event"]))
    ]
    assert ended == [("anna", 1), ("pat", 2)], ended
