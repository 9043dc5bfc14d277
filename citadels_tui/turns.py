"""Turn-based tables: a clock of hours or days per move, seats kept for the whole game, and what a player is
told of the tables where their move is awaited.

A table's clock is said as `30` or `90s` (seconds), `5m`, `5h` or `1d`. A clock of minutes or seconds makes
a fast table (its player thinks while the others wait); one of hours or days makes a turn-based table:
its players come and go, their seats are theirs to the end, and a move is awaited for the whole clock from
the moment it became the seat's (`Table.awaited`). A move not made in time is played by a stand-in bot;
whether such a game counts for the rating of the player it played for is the table's rule (`late_rated`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from citadels_core import get_edition
from citadels_core.edition import EDITIONS

from .i18n import t
from .lobby import HostedTable, HubError, Lobby, kept_seats

if TYPE_CHECKING:
    from .records import Records
    from .table import Table

FAST = (10.0, 3600.0)  # seconds a fast table's player may think: 10 s to an hour
TURN_BASED = (3600.0, 30 * 86400.0)  # a turn-based table's clock: an hour to thirty days
_UNITS = {"": 1, "s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}
_CLOCK = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d)?\s*$", re.IGNORECASE)


def parse_clock(text: str) -> tuple[float | None, bool]:
    """A clock as typed ("0", "60", "90s", "5m", "5h", "1d") as (seconds or None for none, turn-based);
    HubError with one sentence when it is not one."""
    m = _CLOCK.match(text)
    if m is None:
        raise HubError(
            t("A clock is seconds (60), minutes (5m), hours (5h) or days (1d), not “{x}”.", x=text.strip())
        )
    unit = (m.group(2) or "").lower()
    seconds = float(m.group(1)) * _UNITS[unit]
    if seconds == 0:
        return None, False
    turn_based = unit in ("h", "d")
    low, high = TURN_BASED if turn_based else FAST
    if not low <= seconds <= high:
        raise HubError(
            t("A turn-based clock is 1h to 30d per move.")
            if turn_based
            else t("The turn timer is 10 to 3600 seconds (or 0 for none).")
        )
    return seconds, turn_based


def clock_text(seconds: float | None, turn_based: bool) -> str:
    """A table's clock as the lobby lists it: "60s", "5h", "1d", "—"."""
    if not seconds:
        return "—"
    if not turn_based:
        return f"{seconds:g}s"
    return f"{seconds / 86400:g}d" if seconds % 86400 == 0 else f"{seconds / 3600:g}h"


def span(seconds: float) -> str:
    """A stretch of time in its largest whole unit: "40 s", "12 min", "5 h", "2 d"."""
    s = max(0, int(seconds))
    if s >= 2 * 86400:
        return t("{n} d", n=s // 86400)
    if s >= 3600:
        return t("{n} h", n=s // 3600)
    if s >= 60:
        return t("{n} min", n=s // 60)
    return t("{n} s", n=s)


def keys_only() -> str:
    """Why a player without a key may not sit at a turn-based table."""
    return t("A turn-based table keeps its seats by SSH key: log in with a key to sit there.")


def create_from_words(
    lobby: Lobby, name: str, key: str | None, code: str | None, args: list[str]
) -> HostedTable:
    """The lobby's `new 3 bots=hard timer=1d …` (and `ssh HOST table new …`): the table made, with `name`
    in its first seat; HubError with one sentence when the words do not make one."""
    opts: dict[str, str] = {}
    for a in args:
        if a.isdigit():
            opts["players"] = a
        elif a.lower() == "shorter":
            opts["shorter"] = "yes"
        elif "=" in a:
            k, _, v = a.partition("=")
            opts[k.lower()] = v
        else:
            raise HubError(t("I do not understand {a!r}: “help new” lists the options.", a=a))
    known = {
        "players",
        "cast",
        "districts",
        "bots",
        "timer",
        "seed",
        "edition",
        "shorter",
        "late",
        "programs",
    }
    unknown = set(opts) - known
    if unknown:
        raise HubError(t("Unknown option {o}: “help new” lists the options.", o=", ".join(sorted(unknown))))
    try:
        players = int(opts.get("players", "4"))
        seed = int(opts["seed"]) if "seed" in opts else None
    except ValueError:
        raise HubError(t("Players, timer and seed are numbers, not “{a}”.", a=" ".join(args))) from None
    timer, turn_based = parse_clock(opts.get("timer", "0"))
    late = opts.get("late", "unrated").lower()
    if late not in ("rated", "unrated"):
        raise HubError(t("late= is rated or unrated, not “{x}”.", x=late))
    programs = opts.get("programs", "yes").lower()
    if programs not in ("yes", "no"):
        raise HubError(t("programs= is yes or no, not “{x}”.", x=programs))
    edition = opts.get("edition", "2016").lower()
    first = get_edition(edition).presets[0].key if edition in EDITIONS else "first_game"
    return lobby.create(
        name,
        key,
        players,
        cast=opts.get("cast", first),
        districts=opts.get("districts", first),
        bots=opts.get("bots", "normal"),
        timer=timer,
        seed=seed,
        edition=edition,
        shorter="shorter" in opts,
        code=code,
        turn_based=turn_based,
        late_rated=late == "rated",
        outside_bots=programs == "yes",
    )


def made_sentence(ht: HostedTable) -> str:
    """What the maker of `ht` is told: how to start it, and at a turn-based table its clock and its rule."""
    made = t(
        "Table {n} is yours ({p} players). When the others have joined, type “start”; bots take the empty seats.",
        n=ht.id,
        p=ht.players,
    )
    if not ht.outside_bots:
        made = " ".join((made, t("No bot program may take a seat here.")))
    if not ht.turn_based or ht.turn_timer is None:
        return made
    clock = t(
        "It is turn-based: {c} per move, and every seat is its player's to the end of the game.",
        c=clock_text(ht.turn_timer, True),
    )
    return " ".join((made, clock, late_rule(ht)))


def late_rule(ht: HostedTable) -> str:
    """The table's rule for a game in which a stand-in played a late move, as said when it is made."""
    if ht.late_rated:
        return t("A game in which a bot made a late move for you still counts for your rating.")
    return t("A game in which a bot made a late move for you does not count for your rating.")


def turn_seats(lobby: Lobby, name: str, key: str | None) -> list[tuple[HostedTable, int]]:
    """The turn-based tables in play where `name` with `key` holds a seat, and the seat, by table number."""
    if key is None:
        return []  # a turn-based seat is kept by its key
    found = []
    for ht in sorted(lobby.tables.values(), key=lambda x: x.id):
        if ht.turn_based and ht.status == "playing":
            seat = ht.seat_of(name, key)
            if seat is not None:
                found.append((ht, seat))
    return found


def awaiting(lobby: Lobby, name: str, key: str | None) -> set[int]:
    """The numbers of the turn-based tables in play that await the move of `name` with `key` now."""
    return {
        ht.id
        for ht, seat in turn_seats(lobby, name, key)
        if ht.table is not None and ht.table.awaited is not None and ht.table.awaited[0] == seat
    }


def waited(ht: HostedTable, seat: int, now: float) -> tuple[float, float] | None:
    """(seconds the table has awaited `seat`'s move, seconds left on its clock), or None when the move is
    not that seat's."""
    if ht.table is None or ht.turn_timer is None:
        return None
    awaited = ht.table.awaited
    if awaited is None or awaited[0] != seat:
        return None
    since = awaited[1]
    return max(0.0, now - since), max(0.0, since + ht.turn_timer - now)


def your_move_line(lobby: Lobby, name: str, key: str | None, now: float) -> str | None:
    """ "Your move: table 3 (waiting 5 h), table 7 (2 d left)", or None when no table awaits this player.
    Each table says what is the more pressing: how long it has waited, or how little time is left once
    less is left than has gone by."""
    parts = []
    for ht, seat in turn_seats(lobby, name, key):
        w = waited(ht, seat, now)
        if w is None:
            continue
        gone, left = w
        parts.append(
            t("table {n} ({s} left)", n=ht.id, s=span(left))
            if left < gone
            else t("table {n} (waiting {s})", n=ht.id, s=span(gone))
        )
    if not parts:
        return None
    return t("Your move: {tables}.", tables=", ".join(parts))


def rated(ht: HostedTable, seat: int) -> bool:
    """Whether the game at `ht` may count for the rating of `seat`'s player, by the table's rule."""
    return not ht.turn_based or ht.late_rated or ht.table is None or seat not in ht.table.late


def keep_clock(
    records: Records, ht: HostedTable, table: Table, awaited_now: Callable[[int], None]
) -> Callable[[], None]:
    """A listener of turn-based `table` that keeps, with its seats, since when the seat to move has been
    awaited and which seats a stand-in played for, whenever either changes: the journal keeps the moves,
    not when each was awaited, and a restart must find the clock where it was. `awaited_now(seat)` is
    called when a human seat's move becomes awaited (not when a restart finds it awaited already)."""

    def keep() -> None:
        changed = False
        awaited = table.awaited
        for i, h in enumerate(ht.holders):
            since = awaited[1] if awaited is not None and awaited[0] == i else None
            late = i in table.late
            if (h.since, h.late) != (since, late):
                if since is not None and h.since != since and not h.released:
                    awaited_now(i)
                h.since, h.late, changed = since, late, True
        if changed and not table.game.over:
            records.seats_changed(ht.id, kept_seats(ht), dict(table.bot_kinds))

    table.note_awaited()
    keep()
    return keep
