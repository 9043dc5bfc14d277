"""The server's log as JSON, one object a line (`citadels serve --log-format json`), for a log collector.

Each line has `time` (UTC, ISO 8601), `level`, `logger`, `event` (the sentence the text log prints) and
the fields a host filters by: `session`, `name`, `key` (the fingerprint), `address` and `table`, null
when the line is about none. A session's fields come from the context its work runs in (`in_session`,
set once when its app or its command starts: asyncio copies the context into every task and callback made
from there); a line that says "session N …" or "table N …" names that session or table; a call may also
give any of them with `extra=` (the name as `player`): a hosted table's own lines (citadels_tui/table.py:
its bots, stand-ins and journal) carry its `log_fields`, which the hub sets to its id. A session's lines
name the table it is at (`at_table`: the hub says so when the session sits, comes back or watches), and
those SSH logs about it outside its context, its end among them, carry its fields (`about`); a session
that ends (`session_ends`: it leaves the lobby's order, before it stands up on its way out) keeps naming its
table, so that a deliberate quit's end names it as a dropped connection's does. The log
never holds a secret (a hand, a reconnect code, a password): the server's lines say who did what to
which table, never what a player holds or typed."""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FIELDS = ("session", "name", "key", "address", "table")
# A call's `extra=` names them so, since a log record's own `name` is its logger's.
EXTRA = {"session": "session", "name": "player", "key": "key", "address": "address", "table": "table"}
_session: ContextVar[dict[str, Any] | None] = ContextVar("citadels_log_session", default=None)


def in_session(session: int, name: str | None, key: str | None, address: str) -> dict[str, Any]:
    """What the current context's log lines are about: this session (call in the session's context). The
    fields returned are the session's for as long as it lasts (`at_table` changes them; `about` gives
    them to a line logged outside its context)."""
    fields: dict[str, Any] = {"session": session, "name": name, "key": key, "address": address, "table": None}
    _session.set(fields)
    return fields


def at_table(tid: int) -> None:
    """The session whose work runs in the current context is at table `tid` now (sat down, came back to
    its seat, or watches): its lines name the table until it leaves it. Outside a session, nothing."""
    if (fields := _session.get()) is not None:
        fields["table"] = tid  # the one dict every task of the session shares (asyncio copies the context)


def left_table(tid: int) -> None:
    """The session in the current context left table `tid` (it may be at another already). A session that
    is ending (`session_ends`) stands up on its way out: its lines, its end's among them, still name the
    table."""
    if (fields := _session.get()) is not None and fields.get("table") == tid and not fields.get("ending"):
        fields["table"] = None


def session_ends() -> None:
    """The session in the current context is ending (its player quit, its input ended or it was cut):
    the table it is at is the one its end's lines name."""
    if (fields := _session.get()) is not None:
        fields["ending"] = True


def about(fields: dict[str, Any] | None) -> dict[str, Any]:
    """A session's fields (`in_session`) as a log call's `extra=`, for a line about the session logged
    outside its context (SSH's callbacks: the channel closed, the idle timeout)."""
    return {EXTRA[field]: value for field, value in (fields or {}).items() if field in EXTRA}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = dict.fromkeys(FIELDS)
        fields.update((k, v) for k, v in (_session.get() or {}).items() if k in FIELDS)
        args = record.args if isinstance(record.args, tuple) else ()
        if args and isinstance(args[0], int) and isinstance(record.msg, str):
            for word in ("session", "table"):
                if record.msg.startswith(f"{word} %d"):
                    fields[word] = args[0]
        for field, attribute in EXTRA.items():
            if attribute in record.__dict__:
                fields[field] = record.__dict__[attribute]
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
            **fields,
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def use_format(log_format: str) -> None:
    """Every handler of the root logger writes `log_format` ("text" leaves them as they are)."""
    if log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
