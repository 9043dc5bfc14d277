"""Who keeps order on a hosted server, and who is connected: the admins (by SSH key fingerprint), the
message of the day, and every session in the lobby or at a table, so that an admin's word reaches them.

One `Order` lives in the hub (`hub.order`); the server fills it from its settings and again on SIGHUP
(`renew`). It never touches an app: each session registers an `Attendee` whose methods only post a
message into its own app, which is safe across the apps sharing the server's event loop (as for hub news).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Protocol

from .i18n import Lazy

log = logging.getLogger(__name__)


class Attendee(Protocol):
    """One connected session as the admins' commands reach it."""

    name: str
    key: str | None  # the SSH key fingerprint it logged in with, None without a key
    address: str  # the client's address

    def dismiss(self, farewell: Lazy) -> None:
        """End the session; `farewell` is the last thing its player reads."""
        ...

    def table_closed(self, tid: int, sentence: Lazy) -> None:
        """Table `tid` is gone: a player at it goes back to the lobby and reads `sentence`."""
        ...

    def motd_changed(self, motd: str) -> None:
        """The message of the day is now `motd` (maybe empty)."""
        ...


class Order:
    """The admins, the message of the day, and the sessions connected now."""

    def __init__(self, admins: Iterable[str] = (), motd: str = "") -> None:
        self.admins: frozenset[str] = frozenset(admins)
        self.motd = motd
        self.attendees: set[Attendee] = set()
        # The host's count of what the lobby refuses, by reason (the server's metrics); None: not counted.
        self.on_refused: Callable[[str], object] | None = None
        # Called as a session leaves, in its own context, before it stands up from its table (the host's
        # log of its end names that table); None: nothing to do.
        self.on_leave: Callable[[], object] | None = None

    def refused(self, reason: str) -> None:
        """The lobby refused a session something a host would want to know of (`reason`: a short word)."""
        if self.on_refused is not None:
            self.on_refused(reason)

    def is_admin(self, key: str | None) -> bool:
        return key is not None and key in self.admins

    def arrive(self, who: Attendee) -> None:
        self.attendees.add(who)

    def leave(self, who: Attendee) -> None:
        self.attendees.discard(who)
        if self.on_leave is not None:
            self.on_leave()

    def renew(self, admins: Iterable[str], motd: str) -> None:
        """The host's settings were read again: new admins take effect at once, and a new message of the
        day is shown to everyone connected."""
        self.admins = frozenset(admins)
        if motd != self.motd:
            self.motd = motd
            log.info("message of the day changed; telling %d session(s)", len(self.attendees))
            for who in list(self.attendees):
                who.motd_changed(motd)

    def sessions_of(
        self, name: str | None = None, key: str | None = None, address: str | None = None
    ) -> list[Attendee]:
        """The sessions with this name (any case), this key or from this address."""
        return [
            a
            for a in self.attendees
            if (name is not None and a.name.casefold() == name.casefold())
            or (key is not None and a.key == key)
            or (address is not None and a.address == address)
        ]
