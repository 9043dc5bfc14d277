"""Webhooks (server/webhooks.py): a local HTTP receiver gets exactly one notice each time a turn-based
table comes to await a player's move, in the JSON ntfy, Discord and Slack read; an address that does not
answer is tried a bounded number of times and then logged; a server whose host did not allow them refuses."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from test_turn_based import KEYS, a_day_table, serving, to_move

from citadels_server.hub import Hub
from citadels_server.webhooks import Webhooks, notice


class Receiver:
    """A local HTTP server that keeps each POST's path and JSON body."""

    def __init__(self) -> None:
        got: list[tuple[str, dict[str, str]]] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                got.append((self.path, json.loads(body)))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                return None

        self.got = got
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


def test_a_notice_reads_as_slack_discord_and_ntfy_want_it():
    url, body = notice("https://ntfy.sh/mytopic", "Citadels", "Your move at table 3.")
    assert url == "https://ntfy.sh/"
    assert json.loads(body) == {
        "text": "Your move at table 3.",
        "content": "Your move at table 3.",
        "title": "Citadels",
        "message": "Your move at table 3.",
        "topic": "mytopic",
    }
    url, body = notice("https://discord.com/api/webhooks/1/abc", "Citadels", "x")
    assert url == "https://discord.com/api/webhooks/1/abc" and "topic" not in json.loads(body)


@pytest.mark.slow
async def test_each_move_awaited_is_posted_once_to_its_players_webhook(tmp_path):
    receiver = Receiver()
    hub = Hub(pace=0.0, seed=5)
    hub.webhooks = Webhooks(tmp_path / "webhooks.json", first_wait=0.05)
    s = await serving(tmp_path, hub)
    try:
        base = f"http://127.0.0.1:{receiver.port}"
        r = await s.run("anna", f"webhook {base}/hooks/anna")
        assert r.exit_status == 0, r.stderr
        assert (await s.run("bruno", f"webhook {base}/brunotopic")).exit_status == 0
        r = await s.run("mallory", "webhook ftp://example.org/x")
        assert (r.exit_status, r.stderr) == (1, "A webhook is an http:// or https:// address.\n")
        assert (await s.run("anna", "webhook")).stdout == f"Your webhook: {base}/hooks/anna.\n"
        await a_day_table(s)
        expected = [to_move(s.hub)]
        for _ in range(30):
            r = await s.run(to_move(s.hub), "play 1 1")
            assert r.exit_status == 0, r.stderr
            if to_move(s.hub) != expected[-1]:
                expected.append(to_move(s.hub))
        await hub.webhooks.drain()
        for _ in range(100):  # the receiver's thread may still be reading the last one
            if len(receiver.got) >= len(expected):
                break
            await asyncio.sleep(0.02)
        assert len(expected) > 2
        want = [("/hooks/anna", None) if name == "anna" else ("/", "brunotopic") for name in expected]
        assert [(path, body.get("topic")) for path, body in receiver.got] == want
        assert {body["text"] for _, body in receiver.got} == {"Your move at table 1 (1d per move)."}
        # Kept: a restart reads them again.
        assert (
            Webhooks(tmp_path / "webhooks.json").urls[KEYS["anna"].get_fingerprint()] == f"{base}/hooks/anna"
        )
        assert (await s.run("anna", "webhook off")).stdout == "Your webhook is off.\n"
    finally:
        receiver.close()
        s.server.close()
        await s.server.wait_closed()


async def test_an_address_that_does_not_answer_is_tried_three_times_then_logged(tmp_path, caplog):
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    hooks = Webhooks(tmp_path / "webhooks.json", first_wait=0.01)
    hooks.set("SHA256:x", f"http://127.0.0.1:{port}/hooks/x")
    ticks = 0

    async def tick() -> None:  # the loop goes on meanwhile: posting runs in a thread
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.get_running_loop().create_task(tick())
    with caplog.at_level(logging.WARNING, logger="citadels_server.webhooks"):
        hooks.send("SHA256:x", "Citadels", "Your move.")
        hooks.send("SHA256:nobody", "Citadels", "Your move.")  # no webhook: nothing is posted
        await hooks.drain()
    ticker.cancel()
    assert ticks > 0
    warnings = [r.getMessage() for r in caplog.records if r.name == "citadels_server.webhooks"]
    assert len(warnings) == 1 and "not delivered after 3 attempts" in warnings[0]


async def test_a_server_that_does_not_allow_webhooks_refuses_one(tmp_path):
    s = await serving(tmp_path, Hub(pace=0.0))
    try:
        r = await s.run("anna", "webhook https://ntfy.sh/anna")
        assert (r.exit_status, r.stderr) == (
            1,
            "This server posts no webhooks (its host has not set allow_webhooks).\n",
        )
    finally:
        s.server.close()
        await s.server.wait_closed()
