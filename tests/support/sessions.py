"""The server's `SessionInfo` for the app's tests: a real one, with the facts a test does not name filled in."""

from __future__ import annotations

from typing import Any

from citadels_server.session import SessionInfo


def session_info(name: str = "anna", key_fingerprint: str | None = None, **facts: Any) -> SessionInfo:
    """A session of `name` (keyless unless `key_fingerprint` is given, so a guest) from 127.0.0.1 in an
    80x24 xterm; `facts` sets any other field (locale, seat_code, notice, asked_name, ...)."""
    fields: dict[str, Any] = {
        "guest": key_fingerprint is None,
        "peer": ("127.0.0.1", 50022),
        "term_type": "xterm-256color",
        "term_size": (80, 24),
    }
    return SessionInfo(name=name, key_fingerprint=key_fingerprint, **(fields | facts))
