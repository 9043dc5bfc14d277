"""Who a connecting player is: the SSH user name is the player name, bound to the first key that claims it.

Rules (docs/hosting.md tells players the same):
- A key logging in as an unclaimed name claims it for good (kept in the server's database, database.py).
- The same key later gets the same name (a name may have more than one key; each owns it); a different key asking for a claimed name is turned down at the
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
import re
import secrets
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from citadels_core.text import name_key

from .session import NAME_HAS_KEY, NAME_HOLDS_SEAT, NAME_IN_USE

log = logging.getLogger(__name__)

PLAYERS_FILE = "players.toml"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,19}")


def is_player_name(name: str) -> bool:
    # Refused, not cleaned (citadels_core.text): ASCII letters, digits and ._- only, so that no name can
    # look like another's.
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


class LiveNames:
    """The names of the players logged in right now, each counted once per connection, compared by
    `name_key` (without case or format characters). A name is taken when its login is decided and given
    back when its connection closes: a second login under it meanwhile, session or none, finds it taken.
    Several connections hold one name only when they came with keys that own it (one player, two
    terminals); the name stays taken until the last of them closes."""

    def __init__(self) -> None:
        self._held: dict[str, int] = {}

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name_key(name) in self._held

    def __len__(self) -> int:
        return len(self._held)

    def add(self, name: str) -> None:
        key = name_key(name)
        self._held[key] = self._held.get(key, 0) + 1

    def discard(self, name: str) -> bool:
        """One connection holding `name` closed; True if none holds it any more."""
        key = name_key(name)
        left = self._held.get(key, 0) - 1
        if left > 0:
            self._held[key] = left
            return False
        self._held.pop(key, None)
        return True


class SharedLiveNames(Protocol):
    """The names logged in on any of the processes sharing one database (the database's `players`
    answer): a login under a name another process has is a guest there, as under a name in `LiveNames`."""

    @property
    def shared(self) -> bool:
        """Whether other processes share the names (else `take_live` is never asked)."""
        ...

    async def take_live(self, name: str, seconds: float) -> bool:
        """Take `name` for this process for `seconds` (renewed while it lives); False: another has it."""
        ...

    def give_back_live(self, name: str) -> None:
        """This process's last connection under `name` closed."""
        ...


class KeylessSeats(Protocol):
    """What the server asks the game about seats held by players who came without a key (the hub answers)."""

    def holds_keyless_seat(self, name: str) -> bool: ...

    def seat_code_matches(self, name: str, code: str) -> bool: ...


class Names(Protocol):
    """The claimed names and the keys that own them (the server's database answers, from memory: the
    login rules run on the event loop and cannot wait for a disk). Names compare without case."""

    def claimed(self, name: str) -> bool: ...

    def owns(self, name: str, fingerprint: str) -> bool: ...

    def claim(self, name: str, fingerprint: str) -> bool:
        """Bind an unclaimed `name` to `fingerprint`; True if `fingerprint` owns the name now."""
        ...

    def seen(self, name: str) -> None:
        """The name's player logged in now."""
        ...


class MemoryNames:
    """Names -> their keys' fingerprints, in memory; `claimed_hook(name, fingerprint)` keeps a new claim
    (the database writes it behind). A name may have more than one key."""

    def __init__(
        self,
        owners: dict[str, set[str]] | None = None,
        claimed_hook: Callable[[str, str], None] | None = None,
        seen_hook: Callable[[str], None] | None = None,
    ) -> None:
        self._owners: dict[str, set[str]] = {k.casefold(): set(v) for k, v in (owners or {}).items()}
        self._claimed_hook = claimed_hook
        self._seen_hook = seen_hook

    def claimed(self, name: str) -> bool:
        return bool(self._owners.get(name.casefold()))

    def reload(self, owners: dict[str, set[str]]) -> None:
        """Every name's keys as the database has them now (another process claimed a name, or added a key)."""
        self._owners = {k.casefold(): set(v) for k, v in owners.items()}

    def owns(self, name: str, fingerprint: str) -> bool:
        return fingerprint in self._owners.get(name.casefold(), ())

    def keys(self, name: str) -> frozenset[str]:
        return frozenset(self._owners.get(name.casefold(), ()))

    def claim(self, name: str, fingerprint: str) -> bool:
        keys = self._owners.get(name.casefold())
        if keys:
            return fingerprint in keys
        self.add_key(name, fingerprint)
        log.info("name %r claimed by key %s", name, fingerprint)
        return True

    def add_key(self, name: str, fingerprint: str) -> None:
        """One more key for `name` (claimed or not): each of them owns it."""
        keys = self._owners.setdefault(name.casefold(), set())
        if fingerprint not in keys:
            keys.add(fingerprint)
            if self._claimed_hook is not None:
                self._claimed_hook(name, fingerprint)

    def seen(self, name: str) -> None:
        if self._seen_hook is not None and self.claimed(name):
            self._seen_hook(name)


def read_players_file(path: Path) -> dict[str, str]:
    """The names and keys of an old `players.toml` (name -> key fingerprint), which the database imports
    once; {} when there is none. OSError or tomllib.TOMLDecodeError when it cannot be read."""
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        data = tomllib.load(f)
    players = data.get("players", {})
    return (
        {str(k): str(v) for k, v in players.items() if isinstance(v, str)}
        if isinstance(players, dict)
        else {}
    )


class AuthPolicy:
    """The server's auth decisions, separate from asyncssh so the rules read (and test) on their own."""

    def __init__(
        self,
        registry: Names,
        *,
        require_keys: bool,
        password: str | None,
        open_registration: bool,
        seats: KeylessSeats | None = None,
    ) -> None:
        self.registry = registry
        self.require_keys = require_keys
        self.password = password
        self.open_registration = open_registration
        self.seats = seats  # None: the app keeps no seats (the demo), so no name is held by one
        self.live_names = LiveNames()  # the players logged in right now (taken in `take_name`)

    def guest_name(self) -> str:
        """A guest name nobody logged in here has."""
        while (name := guest_name()) in self.live_names:
            pass
        return name

    @property
    def keyless_allowed(self) -> bool:
        return not self.require_keys

    def holds_seat(self, username: str) -> bool:
        """Does a keyless player hold a seat under this name (only its reconnect code gives the name)?"""
        return self.seats is not None and is_player_name(username) and self.seats.holds_keyless_seat(username)

    def asks_seat_code(self, username: str) -> bool:
        """Ask a keyless login for the reconnect code? Only when the code could give it the name."""
        return (
            not self.registry.claimed(username)
            and username not in self.live_names
            and self.holds_seat(username)
        )

    def _keyless_hold(self, username: str) -> str | None:
        """Why a key cannot claim this unowned name now (a keyless player has it), or None."""
        if username in self.live_names:
            return NAME_IN_USE
        if self.holds_seat(username):
            return NAME_HOLDS_SEAT
        return None

    def key_verdict(self, username: str, fingerprint: str) -> tuple[bool, str]:
        """May this key log in as `username`, and why (for the log)? It may still end up a guest."""
        if not is_player_name(username):
            return (
                self.open_registration,
                "not a player name: a guest name"
                if self.open_registration
                else "not a player name, and registration is closed",
            )
        if self.registry.owns(username, fingerprint):
            return True, "the name's own key"
        if not self.registry.claimed(username):
            held = self._keyless_hold(username)
            if held is None:
                return (
                    self.open_registration,
                    "the name is free"
                    if self.open_registration
                    else "the name is free, but registration is closed",
                )
            why = (
                "a player without a key is using the name"
                if held == NAME_IN_USE
                else "a player without a key holds a seat with the name"
            )
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
            return Identity(self.guest_name(), fingerprint, guest=True)
        if not self.registry.claimed(username):
            held = self._keyless_hold(username)
            if held is not None:
                return Identity(self.guest_name(), fingerprint, guest=True, notice=held, asked_name=username)
        if self.registry.claim(username, fingerprint):
            return Identity(username, fingerprint, guest=False)
        return Identity(self.guest_name(), fingerprint, guest=True, notice=NAME_HAS_KEY, asked_name=username)

    def check_password(self, password: str) -> bool:
        if self.password is None:
            return False
        return hmac.compare_digest(password.encode(), self.password.encode())

    def identify_keyless(self, username: str, seat_code: str | None = None) -> Identity:
        """Who a keyless login is; `seat_code` is what they answered to the reconnect-code prompt, if asked."""
        if not is_player_name(username):
            return Identity(self.guest_name(), None, guest=True)
        notice = None
        if self.registry.claimed(username):
            notice = NAME_HAS_KEY
        elif username in self.live_names:
            notice = NAME_IN_USE
        elif self.holds_seat(username):
            assert self.seats is not None
            if seat_code and self.seats.seat_code_matches(username, seat_code):
                return Identity(username, None, guest=True, seat_code=seat_code)
            notice = NAME_HOLDS_SEAT
        if notice is None:
            return Identity(username, None, guest=True)
        return Identity(self.guest_name(), None, guest=True, notice=notice, asked_name=username)
