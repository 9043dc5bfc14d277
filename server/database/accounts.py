"""The players' names and keys, and the bans (`Accounts`, a part of `Database`): what a login asks is
answered from memory (`PlayerNames`, the bans), loaded at open and written behind."""

from __future__ import annotations

import time

from citadels_core.text import name_key
from citadels_tui.records import Ban, BanKind

from ..auth import MemoryNames
from .cluster import Cluster
from .engines import Tx
from .worker import Worker


class PlayerNames(MemoryNames):
    """The login rules' names (auth.Names), answered from memory and kept in the database behind; shared
    by several processes, also the names logged in on any of them (auth.SharedLiveNames)."""

    def __init__(self, accounts: Accounts, owners: dict[str, set[str]]) -> None:
        super().__init__(owners, claimed_hook=accounts.key_added, seen_hook=accounts.player_seen)
        self._accounts = accounts

    @property
    def shared(self) -> bool:
        return self._accounts.shared

    async def take_live(self, name: str, seconds: float) -> bool:
        return await self._accounts.take_live_name(name_key(name), seconds)

    def give_back_live(self, name: str) -> None:
        self._accounts.give_back_live_name(name_key(name))


class Accounts(Cluster):
    """Names, keys and bans, on the database's worker; `Cluster` for the names logged in on the other
    processes sharing it."""

    def __init__(self, worker: Worker) -> None:
        super().__init__(worker)
        self._bans: list[tuple[Ban, str]] = []
        self._bots: set[str] = set()  # folded names of the bots' accounts
        self.players = PlayerNames(self, {})

    def load_accounts(self, tx: Tx) -> None:
        """At open: the names' keys and the bans."""
        self.players = PlayerNames(self, owners_in(tx))
        self._bans = bans_in(tx)
        self._bots = bots_in(tx)

    def key_added(self, name: str, fingerprint: str) -> None:
        now = time.time()

        def add(tx: Tx) -> None:
            add_key(tx, name, fingerprint, now)
            self._worker.notify(tx, "players")

        self._worker.submit(add)

    def player_seen(self, name: str) -> None:
        now = time.time()
        self._worker.submit(
            lambda tx: tx.run("UPDATE players SET last_seen = ? WHERE folded = ?", (now, name.casefold()))
        )

    async def last_seen(self, name: str) -> float | None:
        found = await self._worker.later(
            lambda tx: tx.one("SELECT last_seen FROM players WHERE folded = ?", (name.casefold(),))
        )
        return None if found is None or found[0] is None else float(found[0])

    def mark_bot(self, name: str) -> None:
        folded = name.casefold()
        if folded in self._bots:
            return
        self._bots.add(folded)
        now = time.time()
        self._worker.submit(
            lambda tx: tx.run(
                "INSERT INTO players (folded, name, created, last_seen, bot) VALUES (?, ?, ?, NULL, 1) "
                "ON CONFLICT (folded) DO UPDATE SET bot = 1",
                (folded, name, now),
            )
        )

    def is_bot(self, name: str) -> bool:
        return name.casefold() in self._bots

    def ban(self, ban: Ban) -> None:
        folded = ban.value.casefold() if ban.kind == "name" else ban.value
        self._bans.append((ban, folded))

        def add(tx: Tx) -> None:
            tx.run(
                "INSERT INTO bans (kind, value, folded, reason, by_admin, since, until_time) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (ban.kind, ban.value, folded, ban.reason, ban.by, ban.since, ban.until),
            )
            self._worker.notify(tx, "bans")

        self._worker.submit(add)

    def unban(self, kind: BanKind, value: str) -> bool:
        before = len(self._bans)
        self._bans = [
            (b, f) for b, f in self._bans if not (b.kind == kind and b.matches(value, value, value))
        ]
        if len(self._bans) == before:
            return False
        folded = value.casefold() if kind == "name" else value

        def lift(tx: Tx) -> None:
            tx.run("DELETE FROM bans WHERE kind = ? AND folded = ?", (kind, folded))
            self._worker.notify(tx, "bans")

        self._worker.submit(lift)
        return True

    def bans(self) -> list[Ban]:
        now = time.time()
        return [b for b, _ in self._bans if b.active(now)]

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None:
        now = time.time()
        return next((b for b, _ in self._bans if b.active(now) and b.matches(name, key, address)), None)

    async def refresh_logins(self) -> None:
        """Read the bans and the names' keys again (another process changed them): what a login is asked
        is answered from memory."""
        owners, self._bans, self._bots = await self._worker.later(
            lambda tx: (owners_in(tx), bans_in(tx), bots_in(tx))
        )
        self.players.reload(owners)


def add_key(tx: Tx, name: str, fp: str, now: float) -> None:
    folded = name.casefold()
    tx.run(
        "INSERT INTO players (folded, name, created, last_seen) VALUES (?, ?, ?, NULL) "
        "ON CONFLICT (folded) DO NOTHING",
        (folded, name, now),
    )
    tx.run(
        "INSERT INTO player_keys (folded, fingerprint, added) VALUES (?, ?, ?) "
        "ON CONFLICT (folded, fingerprint) DO NOTHING",
        (folded, fp, now),
    )


def owners_in(tx: Tx) -> dict[str, set[str]]:
    """Each claimed name (folded) and the keys that own it."""
    owners: dict[str, set[str]] = {}
    for folded, fp in tx.rows("SELECT folded, fingerprint FROM player_keys"):
        owners.setdefault(folded, set()).add(fp)
    return owners


def bots_in(tx: Tx) -> set[str]:
    """The folded names of the bots' accounts."""
    return {folded for (folded,) in tx.rows("SELECT folded FROM players WHERE bot = 1")}


def bans_in(tx: Tx) -> list[tuple[Ban, str]]:
    """Every ban, with the value it matches (`bans.folded`), oldest first."""
    return [
        (Ban(kind, value, reason, by, since, until), folded)
        for kind, value, folded, reason, by, since, until in tx.rows(
            "SELECT kind, value, folded, reason, by_admin, since, until_time FROM bans ORDER BY id"
        )
    ]
