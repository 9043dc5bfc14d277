"""The seam between the app and the SSH session it runs in, both ways.

`SessionFacts`: what the app reads of its session. The server's `SessionInfo` (`citadels_server.session`)
satisfies it structurally: the app may not import the server, so it names here only the facts it reads,
and mypy checks the server's class against them (`server/session.py`). Read-only properties, so a frozen
dataclass fits.

`SaysFarewell`: what the session reads of an app that has ended. The server hosts any Textual App (its
demo one too); an app that satisfies this (`LobbyApp`, checked by mypy in lobby_app.py) has its farewell
written on the player's restored terminal."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class SaysFarewell(Protocol):
    @property
    def session_farewell(self) -> str | None:
        """What the server writes on the player's restored terminal once the app has ended (an admin's kick
        or ban says who and why, in the player's language); None: the server's own goodbye, if any."""
        ...


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
