"""Webhooks (server/webhooks.py): a local HTTP receiver gets exactly one notice each time a turn-based
table comes to await a player's move, in the form of the service its address tells (Discord, Slack,
ntfy), read by a receiver that takes each as its service would; an address that does not
answer is tried a bounded number of times and then logged; a server whose host did not allow them refuses."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from ssh_helpers import KEYS, a_day_table, serving, to_move

from citadels_server.hub import Hub
from citadels_server.webhooks import Webhooks, form_of, notice, usable_url

NTFY_TOPIC = re.compile(r"^[-_A-Za-z0-9]{1,64}$")  # ntfy's topic names (its docs, "Picking a topic")
DISCORD_FIELDS = {"content", "username", "avatar_url", "tts", "embeds", "allowed_mentions", "components"}
NTFY_FIELDS = {"topic", "message", "title", "tags", "priority", "actions", "click", "attach", "markdown"}


class Receiver:
    """A local HTTP server standing for the three services, at their paths: Discord's webhooks
    (/api/webhooks/ID/TOKEN), Slack's (/services/…) and ntfy's root (/, its JSON publishing). Each body is
    read as that service reads it, and refused (400, kept in `refused`) where the service would refuse it;
    `got` keeps (service, path, the fields it shows) of each one taken."""

    def __init__(self) -> None:
        got: list[tuple[str, str, dict[str, object]]] = []
        refused: list[tuple[str, str]] = []

        def read(path: str, content_type: str, body: bytes) -> tuple[str, dict[str, object]]:
            if not content_type.startswith("application/json"):
                raise ValueError("not JSON")
            fields = json.loads(body)
            if not isinstance(fields, dict):
                raise ValueError("not an object")
            if path.startswith("/api/webhooks/"):
                # Discord: a message needs its content (or embeds), up to 2000 characters.
                content = fields.get("content")
                if (
                    not isinstance(content, str)
                    or not 0 < len(content) <= 2000
                    or set(fields) - DISCORD_FIELDS
                ):
                    raise ValueError(f"Discord cannot post {fields}")
                return "discord", fields
            if path.startswith("/services/"):
                if not isinstance(fields.get("text"), str) or not fields["text"]:  # Slack: "no_text"
                    raise ValueError(f"Slack cannot post {fields}")
                return "slack", fields
            if path == "/":
                # ntfy's JSON publishing: topic is the one field required; the rest are named fields.
                topic, message = fields.get("topic"), fields.get("message", "")
                if not isinstance(topic, str) or not NTFY_TOPIC.match(topic) or set(fields) - NTFY_FIELDS:
                    raise ValueError(f"ntfy cannot publish {fields}")
                if not isinstance(message, str) or len(message.encode()) > 4096:
                    raise ValueError("ntfy's message is text up to 4096 bytes")
                return "ntfy", fields
            raise ValueError(f"no service at {path}")

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    service, fields = read(self.path, self.headers.get("Content-Type", ""), body)
                except ValueError as e:
                    refused.append((self.path, str(e)))
                    self.send_response(400)
                else:
                    got.append((service, self.path, fields))
                    self.send_response(204 if service == "discord" else 200)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                return None

        self.got, self.refused = got, refused
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


def test_a_notice_takes_the_form_its_address_tells():
    url, body = notice("https://ntfy.sh/mytopic", "Citadels", "Your move at table 3.")
    assert (url, json.loads(body)) == (
        "https://ntfy.sh/",
        {"topic": "mytopic", "title": "Citadels", "message": "Your move at table 3."},
    )
    url, body = notice("https://discord.com/api/webhooks/1/abc", "Citadels", "Your move at table 3.")
    assert (url, json.loads(body)) == (
        "https://discord.com/api/webhooks/1/abc",
        {"content": "Citadels: Your move at table 3."},
    )
    url, body = notice("https://hooks.slack.com/services/T0/B0/xyz", "Citadels", "Your move at table 3.")
    assert (url, json.loads(body)) == (
        "https://hooks.slack.com/services/T0/B0/xyz",
        {"text": "Citadels: Your move at table 3."},
    )
    # A form named after an address that does not tell it: a Slack-compatible service, ntfy under a path.
    url, body = notice("https://chat.example.org/hooks/abc", "Citadels", "x", "slack")
    assert (url, json.loads(body)) == ("https://chat.example.org/hooks/abc", {"text": "Citadels: x"})
    url, body = notice("https://example.org/ntfy/anna", "Citadels", "x", "ntfy")
    assert (url, json.loads(body)) == (
        "https://example.org/ntfy/",
        {"topic": "anna", "title": "Citadels", "message": "x"},
    )
    assert form_of("https://chat.example.org/hooks/abc") is None
    assert usable_url("https://chat.example.org/hooks/abc") == (
        "That address does not say which service it is: give a Discord, Slack or ntfy topic address, "
        "or name its form after it (webhook URL slack)."
    )
    assert usable_url("https://chat.example.org/hooks/abc", "teams") == (
        "A webhook's form is discord, slack or ntfy, not 'teams'."
    )
    # ntfy refuses a topic of other characters, or longer: the address is refused when it is given.
    for topic in ("my.topic", "a" * 65):
        assert usable_url(f"https://ntfy.sh/{topic}") == (
            "An ntfy webhook is the topic's address, https://ntfy.sh/mytopic, its topic made of letters, "
            "digits, _ and - (at most 64)."
        )
    assert (
        usable_url("https://ntfy.sh/" + "a" * 64) is None and usable_url("https://ntfy.sh/my_topic-2") is None
    )
    # A Discord message is at most 2000 characters.
    assert (
        len(json.loads(notice("https://discord.com/api/webhooks/1/abc", "C", "x" * 3000)[1])["content"])
        == 2000
    )


async def test_each_form_is_taken_by_a_receiver_that_reads_it_as_its_service_does(tmp_path):
    receiver = Receiver()
    base = f"http://127.0.0.1:{receiver.port}"
    hooks = Webhooks(tmp_path / "webhooks.json", first_wait=0.01)
    try:
        for url in (f"{base}/api/webhooks/1/abc", f"{base}/services/T0/B0/xyz", f"{base}/mytopic"):
            assert await hooks.post(url, "Citadels", "Your move at table 3 (1d per move).")
        assert await hooks.post(f"{base}/services/T0/B0/xyz slack", "Citadels", "x")  # a form named
        assert receiver.refused == []
        assert receiver.got == [
            ("discord", "/api/webhooks/1/abc", {"content": "Citadels: Your move at table 3 (1d per move)."}),
            ("slack", "/services/T0/B0/xyz", {"text": "Citadels: Your move at table 3 (1d per move)."}),
            (
                "ntfy",
                "/",
                {"topic": "mytopic", "title": "Citadels", "message": "Your move at table 3 (1d per move)."},
            ),
            ("slack", "/services/T0/B0/xyz", {"text": "Citadels: x"}),
        ]
        # The receiver is the services' judge: a notice in another's form is refused, as they would.
        assert not await hooks.post(f"{base}/api/webhooks/1/abc slack", "Citadels", "x")
        assert receiver.refused and receiver.refused[0][0] == "/api/webhooks/1/abc"
    finally:
        receiver.close()


@pytest.mark.slow
async def test_each_move_awaited_is_posted_once_to_its_players_webhook(tmp_path):
    receiver = Receiver()
    hub = Hub(pace=0.0, seed=5)
    hub.webhooks = Webhooks(tmp_path / "webhooks.json", first_wait=0.05)
    s = await serving(tmp_path, hub)
    try:
        base = f"http://127.0.0.1:{receiver.port}"
        r = await s.run("anna", f"webhook {base}/api/webhooks/1/anna")
        assert (r.exit_status, r.stdout) == (
            0,
            "When a turn-based table awaits your move, this server posts a notice there (discord).\n",
        )
        assert (await s.run("bruno", f"webhook {base}/brunotopic")).exit_status == 0
        r = await s.run("mallory", "webhook ftp://example.org/x")
        assert (r.exit_status, r.stderr) == (1, "A webhook is an http:// or https:// address.\n")
        r = await s.run("mallory", f"webhook {base}/hooks/x")
        assert r.exit_status == 1 and r.stderr.startswith("That address does not say which service it is")
        assert (await s.run("mallory", f"webhook {base}/hooks/x slack")).exit_status == 0
        assert (await s.run("mallory", "webhook")).stdout == f"Your webhook: {base}/hooks/x (slack).\n"
        assert (
            await s.run("anna", "webhook")
        ).stdout == f"Your webhook: {base}/api/webhooks/1/anna (discord).\n"
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
        text = "Your move at table 1 (1d per move)."
        anna = ("discord", "/api/webhooks/1/anna", {"content": f"Citadels: {text}"})
        bruno = ("ntfy", "/", {"topic": "brunotopic", "title": "Citadels", "message": text})
        assert receiver.got == [anna if name == "anna" else bruno for name in expected]
        assert receiver.refused == []
        # Kept: a restart reads them again.
        assert (
            Webhooks(tmp_path / "webhooks.json").urls[KEYS["anna"].get_fingerprint()]
            == f"{base}/api/webhooks/1/anna"
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
