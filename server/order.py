"""Keeping order at the SSH level: bans checked at login with a sentence the client sees, the message of
the day as the login banner, and the settings read again on SIGHUP (admins and message of the day).

The admins' commands themselves are the lobby's (citadels_tui/admin.py); bans are kept in the hub's
records (citadels_tui/records.py: the server's database), which answer `banned` from memory so that a
login never waits for a disk.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from citadels_core.text import clean_text
from citadels_tui.order import Order
from citadels_tui.records import Ban

from .settings import Settings, SettingsError, load_settings

log = logging.getLogger(__name__)


class BanList(Protocol):
    """What the server asks before letting anyone in (the hub's records answer it)."""

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None: ...


def plain_address(address: str) -> str:
    """One spelling per address: an IPv4 client of a dual-stack listener ("::ffff:1.2.3.4") is 1.2.3.4, as
    an admin would type it in `ban address`."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def ban_sentence(ban: Ban) -> str:
    """What a banned client reads at login: for how long, and why."""
    how_long = (
        "for good"
        if ban.until is None
        else "until " + datetime.fromtimestamp(ban.until, UTC).strftime("%Y-%m-%d %H:%M UTC")
    )
    what = {"name": "The name " + ban.value, "key": "Your SSH key", "address": "Your address"}[ban.kind]
    reason = clean_text(ban.reason)  # an admin's words, read on the banned player's terminal
    return f"{what} is banned from this Citadels server {how_long}" + (f": {reason}" if reason else ".")


def login_banner(motd: str) -> str:
    """The message of the day as an SSH login banner (clients print it before any prompt)."""
    return "\r\n".join(motd.strip("\n").split("\n")) + "\r\n" if motd.strip() else ""


def reread_settings(path: str | None, current: Settings, order: Order | None) -> Settings:
    """The settings with `admins` and `motd` read again from the file at `path` (SIGHUP); the other settings
    stay as the server started with them. A file that cannot be used changes nothing, and the log says why."""
    if path is None:
        log.warning("SIGHUP: the server was started without --settings; there is no file to read again")
        return current
    try:
        fresh = load_settings(Path(path))
    except SettingsError as e:
        log.error("SIGHUP: %s; keeping the settings in force", e)
        return current
    renewed = dataclasses.replace(current, admins=fresh.admins, motd=fresh.motd)
    if order is not None:
        order.renew(renewed.admins, renewed.motd)
    log.info(
        "SIGHUP: settings read again from %s: %d admin(s), message of the day %s",
        path,
        len(renewed.admins),
        "changed" if fresh.motd != current.motd else "unchanged",
    )
    return renewed
