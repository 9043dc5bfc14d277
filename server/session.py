"""What the SSH layer tells the app about one player's session (the seam the app factory receives)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from citadels_tui.session_facts import SessionFacts

# Why a login did not get the name it asked for (SessionInfo.notice); the app tells the player in their
# language. The strings are the seam: the app layer compares against the same literals.
NAME_HAS_KEY = "name-has-key"  # another player's SSH key owns the name
NAME_IN_USE = "name-in-use"  # a player is connected under the name right now
NAME_HOLDS_SEAT = "name-holds-seat"  # a player without a key holds a seat with it; its code was not given


@dataclass(frozen=True, slots=True)
class SessionInfo:
    name: str  # the player name (their SSH user name, or a guest name; see auth.py)
    key_fingerprint: str | None  # SHA256 fingerprint of the key they logged in with, None if keyless
    guest: bool  # True when the name is not bound to their key (guest name, or keyless player)
    peer: tuple[str, int]  # the client's address and port
    term_type: str  # the client's TERM, e.g. "xterm-256color"
    term_size: tuple[int, int]  # (width, height) when the session started
    colorterm: str | None = None  # the client's COLORTERM if its ssh sends it (SendEnv COLORTERM)
    session_id: int = 0  # unique per server run, for logs
    # The client's locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) when its ssh sends them (many
    # systems' ssh_config has "SendEnv LANG LC_*"): the player's language before they choose one.
    locale: tuple[tuple[str, str], ...] = ()
    # A keyless player's reconnect code, checked at login against the seat they hold: the app hands it to
    # the hub, which gives the seat back only with it. None: no code was asked or given.
    seat_code: str | None = None
    notice: str | None = None  # why `name` is a guest name and not the name asked for (NAME_HAS_KEY, …)
    asked_name: str | None = None  # the name asked for, when `notice` says why it was not given

    @property
    def key_authenticated(self) -> bool:
        return self.key_fingerprint is not None


if TYPE_CHECKING:

    def _as_the_app_reads_it(info: SessionInfo) -> SessionFacts:
        """The app reads a session through its own Protocol (it may not import this module): this has mypy
        check that SessionInfo satisfies it."""
        return info
