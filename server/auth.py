"""Who a connecting player is: the SSH user name is the player name, bound to the first key that claims it.

Rules (docs/hosting.md tells players the same):
- A key logging in as an unclaimed name claims it for good (kept in players.toml in the data dir).
- The same key later gets the same name; a different key asking for a claimed name is turned down at the
  key stage, so the client tries its other keys and then falls back to keyless login as a guest.
- Keyless players (keyboard-interactive with no prompt, or the server password when one is set) play
  under their user name if no key owns it and nobody is using it right now, else as "guest-3f2a".
- A name that is not a plausible player name (or starts with "guest") always becomes a guest name.
"""

from __future__ import annotations

import hmac
import logging
import os
import re
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

log = logging.getLogger(__name__)

PLAYERS_FILE = "players.toml"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,19}")


def is_player_name(name: str) -> bool:
    return bool(_NAME.fullmatch(name)) and not name.lower().startswith("guest")


def guest_name() -> str:
    return f"guest-{secrets.token_hex(2)}"


@dataclass(frozen=True, slots=True)
class Identity:
    name: str
    key_fingerprint: str | None  # None: the player logged in without a key
    guest: bool  # True: the name is not theirs to keep (a guest name, or a keyless player's name)


class NameRegistry:
    """Name -> key fingerprint, persisted as TOML; names compare case-insensitively."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._owners: dict[str, str] = {}
        if path.exists():
            with open(path, "rb") as f:
                data = tomllib.load(f)
            players = data.get("players", {})
            self._owners = {str(k).lower(): str(v) for k, v in players.items() if isinstance(v, str)}

    def owner(self, name: str) -> str | None:
        return self._owners.get(name.lower())

    def claim(self, name: str, fingerprint: str) -> bool:
        """Bind `name` to `fingerprint` unless another key has it; True if `fingerprint` owns it now."""
        current = self._owners.get(name.lower())
        if current is not None:
            return current == fingerprint
        self._owners[name.lower()] = fingerprint
        self._save()
        log.info("name %r claimed by key %s", name, fingerprint)
        return True

    def _save(self) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        # Write-then-rename: a crash mid-write never leaves a half file that would free every name.
        with open(tmp, "wb") as f:
            tomli_w.dump({"players": dict(sorted(self._owners.items()))}, f)
        os.replace(tmp, self.path)


class AuthPolicy:
    """The server's auth decisions, separate from asyncssh so the rules read (and test) on their own."""

    def __init__(self, registry: NameRegistry, *, require_keys: bool, password: str | None,
                 open_registration: bool) -> None:
        self.registry = registry
        self.require_keys = require_keys
        self.password = password
        self.open_registration = open_registration
        self.live_names: set[str] = set()  # lower-cased names of players connected right now

    @property
    def keyless_allowed(self) -> bool:
        return not self.require_keys

    def accept_key(self, username: str, fingerprint: str) -> bool:
        """May this key log in as `username`? (It may still end up a guest; see `identify_key`.)"""
        if not is_player_name(username):
            return self.open_registration
        owner = self.registry.owner(username)
        if owner == fingerprint:
            return True
        if owner is None:
            return self.open_registration
        # Claimed by another key: refuse this key so the client offers its next one; if no key fits
        # the client falls back to keyless login and plays as a guest. With keys required there is no
        # fallback, so accept the key and make its holder a guest.
        return self.require_keys and self.open_registration

    def identify_key(self, username: str, fingerprint: str) -> Identity:
        if is_player_name(username) and self.registry.claim(username, fingerprint):
            return Identity(username, fingerprint, guest=False)
        return Identity(guest_name(), fingerprint, guest=True)

    def check_password(self, password: str) -> bool:
        if self.password is None:
            return False
        return hmac.compare_digest(password.encode(), self.password.encode())

    def identify_keyless(self, username: str) -> Identity:
        if (is_player_name(username) and self.registry.owner(username) is None
                and username.lower() not in self.live_names):
            return Identity(username, None, guest=True)
        return Identity(guest_name(), None, guest=True)
