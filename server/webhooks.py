"""Webhooks: a player's URL the server posts a short notice to when their move is awaited at a turn-based
table (`ssh HOST webhook URL`). Off unless the host allows it (`allow_webhooks`).

The URLs are kept by key fingerprint in `<data dir>/webhooks.json`. A notice is JSON in the form of the
service the URL is for, told by the URL (`form_of`), or named by the player after it (`webhook URL slack`)
for a service of one of these forms at another address:

- Discord (a path `/api/webhooks/ID/TOKEN`): `{"content": …}`, POSTed to the URL (Discord's "execute
  webhook" takes a JSON body whose `content` is the message, up to 2000 characters);
- Slack (`hooks.slack.com`, or a path `/services/…`; Mattermost reads it too): `{"text": …}`, to the URL
  (a Slack incoming webhook takes a JSON body POSTed to its own URL, with the message in `text`);
- ntfy (a URL of one path segment, the topic's: https://ntfy.sh/mytopic): its JSON publishing,
  `{"topic": "mytopic", "title": …, "message": …}`, POSTed to the server's root (https://ntfy.sh/):
  ntfy takes a JSON body only at its root URL, with `topic` the one field required (posted to the topic's
  URL, the JSON would be the message's text). A topic is letters, digits, `_` and `-`, up to 64.

Every form is POSTed with `Content-Type: application/json`.

Posting runs in a thread, never on the loop; a URL that does not answer is tried `ATTEMPTS` times in all,
the waits between growing, and then the failure is logged."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

log = logging.getLogger(__name__)

ATTEMPTS = 3
FIRST_WAIT = 2.0  # seconds before the second attempt; doubled before each next
TIMEOUT = 10.0  # seconds one attempt may take


FORMS = ("discord", "slack", "ntfy")
NTFY_TOPIC = re.compile(r"[-_A-Za-z0-9]{1,64}")
MAX_CONTENT = 2000  # characters of a Discord message


def form_of(url: str) -> str | None:
    """The form of notice `url`'s service reads, as its address tells it (None: it does not)."""
    parts = urlsplit(url)
    path = parts.path
    if path.startswith("/api/webhooks/"):
        return "discord"
    if parts.hostname == "hooks.slack.com" or path.startswith("/services/"):
        return "slack"
    if len([s for s in path.split("/") if s]) == 1 and not parts.query:
        return "ntfy"
    return None


def usable_url(url: str, form: str | None = None) -> str | None:
    """Why `url` (with the form `form` named after it, if any) cannot be a webhook (one sentence), or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "A webhook is an http:// or https:// address."
    if len(url) > 2000:
        return "That address is too long for a webhook."
    if form is not None and form not in FORMS:
        return f"A webhook's form is discord, slack or ntfy, not {form[:20]!r}."
    if form is None and form_of(url) is None:
        return (
            "That address does not say which service it is: give a Discord, Slack or ntfy topic address, "
            "or name its form after it (webhook URL slack)."
        )
    segments = [s for s in parts.path.split("/") if s]
    if (form or form_of(url)) == "ntfy" and (not segments or not NTFY_TOPIC.fullmatch(segments[-1])):
        return (
            "An ntfy webhook is the topic's address, https://ntfy.sh/mytopic, its topic made of letters, "
            "digits, _ and - (at most 64)."
        )
    return None


def notice(url: str, title: str, text: str, form: str | None = None) -> tuple[str, bytes]:
    """Where a notice to `url` is posted, and its JSON body, in `form` (None: the one the URL tells)."""
    form = form or form_of(url) or "slack"
    body: dict[str, str]
    if form == "ntfy":
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        root = "/" + "".join(s + "/" for s in segments[:-1])  # ntfy served under a path keeps it
        url = urlunsplit((parts.scheme, parts.netloc, root, "", ""))
        body = {"topic": segments[-1], "title": title, "message": text}
    elif form == "discord":
        body = {"content": f"{title}: {text}"[:MAX_CONTENT]}
    else:
        body = {"text": f"{title}: {text}"}
    return url, json.dumps(body, ensure_ascii=False).encode()


def _post(url: str, body: bytes) -> None:
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json", "User-Agent": "citadels"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # noqa: S310 - http(s) only: usable_url
        answer.read(1024)


class Webhooks:
    """The players' webhook URLs (kept in `path`), and the notices posted to them."""

    def __init__(self, path: Path, first_wait: float = FIRST_WAIT) -> None:
        self.path = path
        self.first_wait = first_wait
        self.urls: dict[str, str] = {}
        self._tasks: set[asyncio.Task[bool]] = set()
        try:
            self.urls = {str(k): str(v) for k, v in json.loads(path.read_text()).items()}
        except FileNotFoundError:
            pass
        except (OSError, ValueError, AttributeError) as e:
            log.warning("the webhooks in %s cannot be read (%s): none are posted to", path, e)

    def set(self, key: str, url: str | None) -> None:
        """`key`'s webhook is `url` from now ("URL FORM" when its form was named; None: none), kept at
        once."""
        if url is None:
            self.urls.pop(key, None)
        else:
            self.urls[key] = url
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.urls, indent=1))
        temporary.replace(self.path)

    def send(self, key: str | None, title: str, text: str) -> None:
        """Post a notice to `key`'s webhook, if it has one, without waiting for it."""
        url = self.urls.get(key) if key is not None else None
        if url is None:
            return
        task = asyncio.get_running_loop().create_task(self.post(url, title, text))
        self._tasks.add(task)  # kept until done: the loop holds only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    async def post(self, url: str, title: str, text: str) -> bool:
        """Post one notice, trying again after growing waits; whether it was taken."""
        address, _, form = url.partition(" ")
        target, body = notice(address, title, text, form or None)
        wait = self.first_wait
        for attempt in range(1, ATTEMPTS + 1):
            try:
                await asyncio.to_thread(_post, target, body)
                return True
            except Exception as e:  # noqa: BLE001 - any failure of someone else's server is only logged
                if attempt == ATTEMPTS:
                    log.warning("webhook %s: not delivered after %d attempts (%s)", target, attempt, e)
                    return False
                await asyncio.sleep(wait)
                wait *= 2
        return False

    async def drain(self) -> None:
        """Wait for the notices being posted (tests; a server stopping)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks))
