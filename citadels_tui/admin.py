"""The admins' lobby commands: `kick NAME [reason]`, `ban name|key|address VALUE [for DURATION] [reason]`,
`unban KIND VALUE`, `bans`, `close N` and `announce TEXT` (docs/hosting.md, "Keeping order").

An admin is a session whose SSH key fingerprint is in the server's `admins` setting (`hub.order`). Each
command returns the sentences for the admin, or raises a HubError whose message says what is wrong. What
reaches other players is made `Lazy`, so that each reads it in their own language.
"""

from __future__ import annotations

import ipaddress
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import get_args

from citadels_core.text import clean_text

from .i18n import Lazy, lazy_t, t, tn
from .lobby import HubError, Lobby
from .records import Ban, BanKind

ADMIN_WORDS = ("kick", "ban", "unban", "bans", "close", "announce")
BAN_KINDS: tuple[str, ...] = get_args(BanKind)

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])")
MAX_REASON = 200  # characters: a reason is read in a login banner and a farewell, not an essay
MAX_BAN = 10 * 365 * 86400.0  # longer than this is "for good", said so


def parse_duration(text: str) -> float:
    """Seconds in a duration like 45s, 30m, 2h, 7d or 1w; a HubError says what one looks like."""
    m = _DURATION.fullmatch(text.strip().lower())
    seconds = float(m.group(1)) * _UNITS[m.group(2)] if m else 0.0
    if not m or seconds <= 0 or seconds > MAX_BAN:
        raise HubError(
            t(
                "A duration is a number and a unit, like 30m, 2h or 7d (s, m, h, d, w), at most ten "
                "years; not “{x}”.",
                x=text,
            )
        )
    return seconds


def when(moment: float) -> str:
    """A moment as every player reads it alike: the UTC date and time to the minute."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M UTC")


def ban_length(ban: Ban) -> Lazy:
    """“for good” or “until 2026-11-24 18:00 UTC”, in the reader's language."""
    return lazy_t("for good") if ban.until is None else lazy_t("until {w}", w=when(ban.until))


@dataclass(frozen=True, slots=True)
class Admin:
    """The session giving the command: its player's name, key and address (an admin never bans themself)."""

    name: str
    key: str | None
    address: str


def run_admin_command(hub: Lobby, admin: Admin, word: str, rest: str) -> list[str]:
    """Carry out an admin's command `word` with its arguments `rest`; the sentences for the admin."""
    if not hub.order.is_admin(admin.key):
        hub.order.refused("not_admin")
        raise HubError(
            t(
                "Only this server's admins can use “{w}”; they are named by their SSH key in the "
                "server's settings.",
                w=word,
            )
        )
    args = rest.split()
    if word == "kick":
        return [_kick(hub, admin, args)]
    if word == "ban":
        return [_ban(hub, admin, args)]
    if word == "unban":
        return [_unban(hub, args)]
    if word == "bans":
        return _bans(hub)
    if word == "close":
        return [_close(hub, admin, args)]
    if word == "announce":
        return [_announce(hub, admin, rest)]
    raise HubError(t("Unknown command {w!r}.", w=word))


def _reason(words: list[str]) -> str:
    return clean_text(" ".join(words)).strip()[:MAX_REASON]  # read on others' screens: the one gate


def _kick(hub: Lobby, admin: Admin, args: list[str]) -> str:
    if not args:
        raise HubError(t("Whom? “kick NAME [reason]”."))
    name, reason = args[0], _reason(args[1:])
    if name.casefold() == admin.name.casefold():
        raise HubError(t("You cannot kick yourself; “quit” leaves."))
    sessions = hub.order.sessions_of(name=name)
    # Other server processes sharing the tables (docs/scaling.md): their sessions as they last said.
    elsewhere = hub.sessions_elsewhere(name)
    if not sessions and not elsewhere:
        raise HubError(t("Nobody called {p} is connected.", p=name))
    farewell = (
        lazy_t("{a} kicked you from this server: {r}", a=admin.name, r=reason)
        if reason
        else lazy_t("{a} kicked you from this server.", a=admin.name)
    )
    for who in sessions:
        who.dismiss(farewell)
    if elsewhere:
        hub.kick_elsewhere(name, farewell)  # the process their sessions are on ends them
    n = len(sessions) + elsewhere
    return tn("{p} is kicked ({n} session).", "{p} is kicked ({n} sessions).", n, p=name)


def _ban_value(kind: str, value: str) -> str:
    if kind == "address":
        try:
            return str(ipaddress.ip_address(value))  # one spelling: the one the server sees
        except ValueError:
            raise HubError(t("{x} is not an IP address.", x=value)) from None
    if kind == "key" and not value.startswith("SHA256:"):
        raise HubError(
            t(
                "A key is banned by its fingerprint, like SHA256:…, as “ssh-keygen -lf” or the "
                "server's log shows it; not {x}.",
                x=value,
            )
        )
    return value


def _ban(hub: Lobby, admin: Admin, args: list[str]) -> str:
    if len(args) < 2 or args[0].lower() not in BAN_KINDS:
        raise HubError(
            t(
                "“ban name|key|address VALUE [for DURATION] [reason]”, e.g. “ban name mallory for 2h "
                "spamming the lobby”."
            )
        )
    kind, value = args[0].lower(), _ban_value(args[0].lower(), args[1])
    rest = args[2:]
    now = time.time()
    until = None
    if len(rest) >= 2 and rest[0].lower() == "for":
        until = now + parse_duration(rest[1])
        rest = rest[2:]
    ban = Ban(kind, value, reason=_reason(rest), by=admin.name, since=now, until=until)  # type: ignore[arg-type]  # `kind` was checked against the ban kinds above
    if ban.matches(admin.name, admin.key, admin.address):
        raise HubError(t("That ban would shut you out too."))
    hub.records.ban(ban)
    n = end_banned_sessions(hub, ban)  # the other processes end theirs when they hear of the ban
    u = str(ban_length(ban))
    # One whole sentence per kind: a name, a key and an address do not agree alike in every language.
    if kind == "name":
        return tn(
            "The name {v} is banned {u}; {n} session ended.",
            "The name {v} is banned {u}; {n} sessions ended.",
            n,
            v=value,
            u=u,
        )
    if kind == "key":
        return tn(
            "The key {v} is banned {u}; {n} session ended.",
            "The key {v} is banned {u}; {n} sessions ended.",
            n,
            v=value,
            u=u,
        )
    return tn(
        "The address {v} is banned {u}; {n} session ended.",
        "The address {v} is banned {u}; {n} sessions ended.",
        n,
        v=value,
        u=u,
    )


def end_banned_sessions(hub: Lobby, ban: Ban) -> int:
    """End this process's sessions that `ban` shuts out, each told who banned them, for how long and why;
    how many ended."""
    farewell = (
        lazy_t("{a} banned you from this server {u}: {r}", a=ban.by, u=ban_length(ban), r=ban.reason)
        if ban.reason
        else lazy_t("{a} banned you from this server {u}.", a=ban.by, u=ban_length(ban))
    )
    ended = [who for who in list(hub.order.attendees) if ban.matches(who.name, who.key, who.address)]
    for who in ended:
        who.dismiss(farewell)
    return len(ended)


def _unban(hub: Lobby, args: list[str]) -> str:
    if len(args) != 2 or args[0].lower() not in BAN_KINDS:
        raise HubError(t("“unban name|key|address VALUE”; “bans” lists them."))
    kind = args[0].lower()
    value = _ban_value(kind, args[1])
    lifted = hub.records.unban(kind, value)  # type: ignore[arg-type]  # `kind` was checked against the ban kinds above
    if kind == "name":
        sentence = (
            t("The name {v} is no longer banned.", v=value)
            if lifted
            else t("The name {v} is not banned; “bans” lists the bans.", v=value)
        )
    elif kind == "key":
        sentence = (
            t("The key {v} is no longer banned.", v=value)
            if lifted
            else t("The key {v} is not banned; “bans” lists the bans.", v=value)
        )
    else:
        sentence = (
            t("The address {v} is no longer banned.", v=value)
            if lifted
            else t("The address {v} is not banned; “bans” lists the bans.", v=value)
        )
    if not lifted:
        raise HubError(sentence)
    return sentence


def _bans(hub: Lobby) -> list[str]:
    bans = hub.records.bans()
    if not bans:
        return [t("Nobody is banned.")]
    lines = [tn("{n} ban in force:", "{n} bans in force:", len(bans))]
    for b in bans:
        kind = {"name": t("name"), "key": t("key"), "address": t("address")}[b.kind]
        line = t("{k} {v}, {u}, by {a}", k=kind, v=b.value, u=str(ban_length(b)), a=b.by or "?")
        lines.append(f"  {line}" + (f": {b.reason}" if b.reason else ""))
    return lines


def _close(hub: Lobby, admin: Admin, args: list[str]) -> str:
    try:
        tid = int(args[0].lstrip("#")) if len(args) == 1 else None
    except ValueError:
        tid = None
    if tid is None:
        raise HubError(t("Which table? Give its number, e.g. “close 1”."))
    ht = hub.get(tid)
    playing = ht.table is not None and not ht.table.game.over
    sentence = (
        lazy_t("{a} closed table {n}; its game is kept in the history.", a=admin.name, n=tid)
        if playing
        else lazy_t("{a} closed table {n}.", a=admin.name, n=tid)
    )
    hub.close_table(ht)
    # Told after the table is gone: a session that goes back to the lobby then has no seat to give up.
    for who in list(hub.order.attendees):
        who.table_closed(tid, sentence)
    return (
        t("Table {n} is closed; its game is kept in the history as abandoned.", n=tid)
        if playing
        else t("Table {n} is closed.", n=tid)
    )


def _announce(hub: Lobby, admin: Admin, text: str) -> str:
    text = clean_text(text).strip()
    if not text:
        raise HubError(t("Announce what? “announce TEXT”."))
    hub.announce_everywhere(lazy_t("Announcement from {a}: {x}", a=admin.name, x=text[: MAX_REASON * 2]))
    return t("Announced in the lobby and at every table.")
