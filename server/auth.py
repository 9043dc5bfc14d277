"""Who a connecting player is: the SSH user name is the player name, bound to the first key that claims it.

Rules (docs/hosting.md tells players the same):
- A key logging in as an unclaimed name claims it for good (kept in players.toml in the data dir).
- The same key later gets the same name; a different key asking for a claimed name is turned down at the
  key stage, so the client tries its other keys and then falls back to keyless login as a guest.
- A key cannot claim a name a player without a key is using right now or holds a seat with: it is turned
  down the same way (the client falls back to keyless login, where it meets the reconnect-code prompt),
  or, with keys required, its holder plays as a guest.
- Keyless players (keyboard-interactive with no prompt, or the server password when one is set) play
  under their user name if no key owns it and nobody is using it right now, else as "guest-3f2a".
- A keyless player who sat at a table was shown a reconnect code; while that seat is held, a keyless
  login under that name is asked for the code, and only the right code gives the name (the game checks
  it again before handing over the seat). No code or a wrong one: a guest name.
- A name that is not a plausible player name (or starts with "guest") always becomes a guest name.
- Whoever asked for a name and got a guest name instead is told why (`Identity.notice`, see session.py).
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
from typing import Protocol

import tomli_w

from .session import NAME_HAS_KEY, NAME_HOLDS_SEAT, NAME_IN_USE

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
    seat_code: str | None = None  # the reconnect code a keyless player gave, checked: their seat's proof
    notice: str | None = None  # why the name asked for was not given (NAME_HAS_KEY, … in session.py)
    asked_name: str | None = None  # the name asked for, when a notice says why it was not given


class KeylessSeats(Protocol):
    """What the server asks the game about seats held by players who came without a key (the hub answers)."""

    def holds_keyless_seat(self, name: str) -> bool: ...

    def seat_code_matches(self, name: str, code: str) -> bool: ...


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
                 open_registration: bool, seats: KeylessSeats | None = None) -> None:
        self.registry = registry
        self.require_keys = require_keys
        self.password = password
        self.open_registration = open_registration
        self.seats = seats  # None: the app keeps no seats (the demo), so no name is held by one
        self.live_names: set[str] = set()  # lower-cased names of players connected right now

    @property
    def keyless_allowed(self) -> bool:
        return not self.require_keys

    def holds_seat(self, username: str) -> bool:
        """Does a keyless player hold a seat under this name (only its reconnect code gives the name)?"""
        return self.seats is not None and is_player_name(username) and self.seats.holds_keyless_seat(username)

    def asks_seat_code(self, username: str) -> bool:
        """Ask a keyless login for the reconnect code? Only when the code could give it the name."""
        return (self.registry.owner(username) is None and username.lower() not in self.live_names
                and self.holds_seat(username))

    def _keyless_hold(self, username: str) -> str | None:
        """Why a key cannot claim this unowned name now (a keyless player has it), or None."""
        if username.lower() in self.live_names:
            return NAME_IN_USE
        if self.holds_seat(username):
            return NAME_HOLDS_SEAT
        return None

    def key_verdict(self, username: str, fingerprint: str) -> tuple[bool, str]:
        """May this key log in as `username`, and why (for the log)? It may still end up a guest."""
        if not is_player_name(username):
            return self.open_registration, "not a player name: a guest name" if self.open_registration \
                else "not a player name, and registration is closed"
        owner = self.registry.owner(username)
        if owner == fingerprint:
            return True, "the name's own key"
        if owner is None:
            held = self._keyless_hold(username)
            if held is None:
                return self.open_registration, "the name is free" if self.open_registration \
                    else "the name is free, but registration is closed"
            why = "a player without a key is using the name" if held == NAME_IN_USE \
                else "a player without a key holds a seat with the name"
        else:
            why = "the name belongs to another key"
        # Refuse this key so the client offers its next one; if no key fits the client falls back to
        # keyless login (where a seat held with the name asks for its code) and plays as a guest. With
        # keys required there is no fallback, so accept the key and make its holder a guest.
        if self.require_keys and self.open_registration:
            return True, why + ": a guest name"
        return False, why

    def accept_key(self, username: str, fingerprint: str) -> bool:
        """May this key log in as `username`? (It may still end up a guest; see `identify_key`.)"""
        return self.key_verdict(username, fingerprint)[0]

    def identify_key(self, username: str, fingerprint: str) -> Identity:
        if not is_player_name(username):
            return Identity(guest_name(), fingerprint, guest=True)
        if self.registry.owner(username) is None:
            held = self._keyless_hold(username)
            if held is not None:
                return Identity(guest_name(), fingerprint, guest=True, notice=held, asked_name=username)
        if self.registry.claim(username, fingerprint):
            return Identity(username, fingerprint, guest=False)
        return Identity(guest_name(), fingerprint, guest=True, notice=NAME_HAS_KEY, asked_name=username)

    def check_password(self, password: str) -> bool:
        if self.password is None:
            return False
        return hmac.compare_digest(password.encode(), self.password.encode())

    def identify_keyless(self, username: str, seat_code: str | None = None) -> Identity:
        """Who a keyless login is; `seat_code` is what they answered to the reconnect-code prompt, if asked."""
        if not is_player_name(username):
            return Identity(guest_name(), None, guest=True)
        notice = None
        if self.registry.owner(username) is not None:
            notice = NAME_HAS_KEY
        elif username.lower() in self.live_names:
            notice = NAME_IN_USE
        elif self.holds_seat(username):
            assert self.seats is not None
            if seat_code and self.seats.seat_code_matches(username, seat_code):
                return Identity(username, None, guest=True, seat_code=seat_code)
            notice = NAME_HOLDS_SEAT
        if notice is None:
            return Identity(username, None, guest=True)
        return Identity(guest_name(), None, guest=True, notice=notice, asked_name=username)
