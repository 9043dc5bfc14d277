"""`citadels serve --log-format json` on a real process through a whole game: every line of the log is one
JSON object with its fields, the session's lines name it, every line about the table names it (made,
sat at, stood up from, a start refused, started, kept in the history), and nothing secret is in any line: not the server's
password, not a player's reconnect code, not a card left in a hand at the end."""

from __future__ import annotations

import json
import re

import asyncssh
import pytest
from served import Guest, Typist, served, take_first_options

from citadels_core.gameline import read
from citadels_core.terms import CARD

PASSWORD = "correct-horse-battery"


class Knows(Guest):
    """A keyless player who types the server's password."""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: list) -> list[str]:
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
        anna.type("new 2 seed=7 bots=random\r")
        await anna.shows("give the code")
        code = re.search(r"give the code ([0-9A-Z]{6})", " ".join(anna.text.split()))
        assert code is not None, anna.text
        # bruno sits down and stands up again: his seat had a reconnect code of its own.
        bruno = await login(server.port, "bruno")
        await bruno.shows("lobby")
        bruno.type("join 1\r")
        await bruno.shows("give the code")
        bruno_code = re.search(r"give the code ([0-9A-Z]{6})", " ".join(bruno.text.split()))
        assert bruno_code is not None, bruno.text
        bruno.type("start\r")  # refused: anna made the table
        bruno.type("leave\r")
        bruno.type("say standing\r")  # once it shows, the leave before it was handled
        await bruno.shows("bruno: standing")
        bruno.close()
        anna.type("start\r")
        await anna.shows("Your hand")
        await take_first_options(
            [anna], lambda: "Play again" in anna.text or "The game is over." in anna.text, timeout=240
        )
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="bruno", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=Knows,
        )  # fmt: skip
        async with conn:
            games = json.loads((await conn.run("games --json", check=True)).stdout)
        anna.close()
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
