"""`SessionFacts`: what the app reads of the SSH session it runs in.

The server's `SessionInfo` (`citadels_server.session`) satisfies it structurally: the app may not import
the server, so it names here only the facts it reads, and mypy checks the server's class against them
(`server/session.py`). Read-only properties, so a frozen dataclass fits."""

from __future__ import annotations

from typing import Protocol


class SessionFacts(Protocol):
    @property
    def name(self) -> str:
        """The player's name (their SSH user name, or a guest name)."""
        ...

    @property
    def key_fingerprint(self) -> str | None:
        """The SHA256 fingerprint of the key they logged in with; None without a key."""
        ...

    @property
    def peer(self) -> tuple[str, int]:
        """The client's address and port."""
        ...

    @property
    def term_type(self) -> str:
        """The client's TERM (a tmux pane's says so)."""
        ...

    @property
    def locale(self) -> tuple[tuple[str, str], ...]:
        """The client's locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) its ssh sent, if any."""
        ...

    @property
    def seat_code(self) -> str | None:
        """A keyless player's reconnect code, checked at login against the seat they hold."""
        ...

    @property
    def notice(self) -> str | None:
        """Why `name` is a guest name and not the name asked for."""
        ...

    @property
    def asked_name(self) -> str | None:
        """The name asked for, when `notice` says why it was not given."""
        ...
