"""What the lobby's screens see of a server's hosted tables: the `Lobby` interface, its tables and seats.

The app's screens (the lobby, a hosted game, the admins' commands) talk to a `Lobby`; the server's hub of
tables (`citadels_server.hub`) is one, and a server whose processes share their tables extends it
(`citadels_server.replication`), so the app never imports the server that hosts it.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .i18n import Lazy
from .records import KeptSeat, Records

if TYPE_CHECKING:
    from .order import Order
    from .table import Table

HubListener = Callable[[], None]
# Reconnect codes: letters and digits nobody misreads or mistypes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
CODE_LENGTH = 6  # 23**6 ≈ 148 million: a guess costs a whole SSH login, and a seat is held for minutes


def new_seat_code() -> str:
    """A fresh reconnect code for a player without a key, e.g. "K7M9QD"."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def same_code(given: str | None, code: str) -> bool:
    """Does `given` (as a player typed it: any case, spaces) match `code`? Compared in constant time."""
    if given is None:
        return False
    typed = "".join(given.split()).upper()
    return hmac.compare_digest(typed.encode(), code.encode())


class HubError(Exception):
    """A request the hub refuses; the message is a sentence for the player."""


@dataclass(slots=True)
class Holder:
    """Who holds a human seat: the name, the key it was taken with (or the reconnect code of a player who
    came without one), how many of their sessions show it."""

    name: str
    key: str | None
    present: int = 0
    released: bool = False  # the hold ran out: a bot plays the seat for the rest of the game
    hold: asyncio.TimerHandle | None = None
    code: str | None = None  # the reconnect code of a seat taken without a key
    # Shared tables (docs/scaling.md): until when (seconds since the epoch) the seat of a player who left
    # is held, as every process sharing the table knows it; None: not held.
    away_until: float | None = None
    # Turn-based tables (citadels_tui/turns.py): whether a stand-in made a late move for this seat, and since
    # when (seconds since the epoch) the table awaits this seat's move (None: not this seat's).
    late: bool = False
    since: float | None = None

    def owns(self, name: str, key: str | None, code: str | None = None) -> bool:
        # The name, and what only its player has: the key the seat was taken with, else its code.
        if self.name.casefold() != name.casefold():
            return False
        if self.key is not None:
            return self.key == key
        # A seat kept from before codes existed (an older table file) goes by the name, as it did then.
        return self.code is None or same_code(code, self.code)

    @property
    def keyless(self) -> bool:
        """Taken without a key: only its reconnect code retakes it."""
        return self.key is None and self.code is not None


@dataclass(slots=True)
class HostedTable:
    id: int
    creator: str
    players: int
    cast: str
    districts: str
    bot_level: str
    turn_timer: float | None
    seed: int
    holders: list[Holder] = field(default_factory=list)  # human seats, in join order: seats 0, 1, …
    table: Table | None = None
    edition: str = "2016"
    shorter: bool = False  # the classic shorter game
    rank9: bool | None = None  # a rank 9 character with 4–7 players (None: the edition's default)
    chat: list[str | Lazy] = field(default_factory=list)  # said lines; announcements (Lazy)
    spectators: int = 0  # watching it, on every process sharing it
    watching_here: int = 0  # of whom on this process (shared tables: the others say theirs, `Hub._saw`)
    task: asyncio.Task[None] | None = None
    kept: bool = False  # its game is in the history (finished or abandoned)
    # A clock of hours or days per move (citadels_tui/turns.py): seats kept to the end of the game, and
    # whether a game in which a stand-in made a late move for a player counts for their rating.
    turn_based: bool = False
    late_rated: bool = False
    # Whether a program may take a seat (`ssh HOST bot`, docs/bot-protocol.md): the maker's choice.
    outside_bots: bool = True

    @property
    def status(self) -> str:
        if self.table is None:
            return "waiting"
        return "over" if self.table.game.over else "playing"

    @property
    def free(self) -> int:
        return self.players - len(self.holders) if self.table is None else 0

    def names(self) -> list[str]:
        if self.table is not None:
            return list(self.table.config.names)
        return [h.name for h in self.holders]

    def seat_of(self, name: str, key: str | None, code: str | None = None) -> int | None:
        for i, h in enumerate(self.holders):
            if h.owns(name, key, code) and not h.released:
                return i
        return None


@runtime_checkable
class Lobby(Protocol):
    """What the app's screens ask of the tables of a server (every call on the server's event loop)."""

    tables: dict[int, HostedTable]
    chat: list[str | Lazy]  # the lobby's chat: said lines and announcements (Lazy)
    records: Records  # what outlives the process: the history, ratings, bans
    order: Order  # the admins, the message of the day and who is connected
    pace: float  # seconds each bot move stays on screen
    clock: Callable[[], float]  # the server's time, seconds since the epoch: the daily puzzle's day

    def subscribe(self, fn: HubListener) -> None: ...
    def unsubscribe(self, fn: HubListener) -> None: ...
    def say_lobby(self, name: str, text: str) -> None: ...
    def say_table(self, ht: HostedTable, name: str, text: str) -> None: ...
    def announce_everywhere(self, text: Lazy) -> None: ...
    def create(
        self,
        name: str,
        key: str | None,
        players: int = 4,
        cast: str = "first_game",
        districts: str = "first_game",
        bots: str = "normal",
        timer: float | None = None,
        seed: int | None = None,
        edition: str = "2016",
        shorter: bool = False,
        rank9: bool | None = None,
        code: str | None = None,
        turn_based: bool = False,
        late_rated: bool = False,
        outside_bots: bool = True,
    ) -> HostedTable: ...
    def get(self, tid: int) -> HostedTable: ...
    def find(self, name: str, key: str | None, code: str | None = None) -> tuple[HostedTable, int] | None: ...
    def join(self, ht: HostedTable, name: str, key: str | None, code: str | None = None) -> int: ...
    def leave(self, ht: HostedTable, name: str, key: str | None, code: str | None = None) -> None: ...
    def start(self, ht: HostedTable, name: str) -> Table: ...
    def arrive(self, ht: HostedTable, seat: int) -> None: ...
    def depart(self, ht: HostedTable, seat: int) -> None: ...
    def watch(self, ht: HostedTable) -> None: ...
    def unwatch(self, ht: HostedTable) -> None: ...
    def close_table(self, ht: HostedTable) -> None: ...
    def sessions_elsewhere(self, name: str) -> int: ...
    def kick_elsewhere(self, name: str, farewell: Lazy) -> None: ...


# What a hosted table keeps of its settings (records.py's `KeptTable.settings`).
KEPT_SETTINGS = (
    "creator",
    "players",
    "cast",
    "districts",
    "bot_level",
    "turn_timer",
    "seed",
    "edition",
    "shorter",
    "rank9",
    "turn_based",
    "late_rated",
    "outside_bots",
)


def kept_settings(ht: HostedTable) -> dict[str, object]:
    return {name: getattr(ht, name) for name in KEPT_SETTINGS}


def kept_seats(ht: HostedTable) -> list[KeptSeat]:
    return [kept_seat(h) for h in ht.holders]


def kept_seat(h: Holder) -> KeptSeat:
    return KeptSeat(h.name, h.key, h.released, h.code, h.away_until, h.late, h.since)


def holder_of(s: KeptSeat) -> Holder:
    """The seat as kept, as a holder again (`kept_seat`'s inverse)."""
    return Holder(
        s.name, s.key, released=s.released, code=s.code, away_until=s.away, late=s.late, since=s.since
    )


def merge_seats(ht: HostedTable, seats: list[KeptSeat]) -> None:
    """`ht`'s seats are `seats` (as a shared database has them): a player of this process keeps their
    presence."""
    mine = {h.name.casefold(): h for h in ht.holders}
    holders = []
    for s in seats:
        h = mine.get(s.name.casefold()) or holder_of(s)
        h.key, h.released, h.code, h.away_until = s.key, s.released, s.code, s.away
        h.late, h.since = s.late, s.since
        holders.append(h)
    ht.holders = holders


def hosted_table(tid: int, settings: dict[str, object]) -> HostedTable:
    """A HostedTable from its kept settings (those this code knows)."""
    known = {f.name for f in fields(HostedTable)}
    kept = {k: v for k, v in settings.items() if k in known and k != "id"}
    return HostedTable(**kept, id=tid)  # type: ignore[arg-type]  # the kept values are the fields' own types
