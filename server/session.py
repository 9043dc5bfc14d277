"""What the SSH layer tells the app about one player's session (the seam the app factory receives)."""

from __future__ import annotations

from dataclasses import dataclass


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

    @property
    def key_authenticated(self) -> bool:
        return self.key_fingerprint is not None
