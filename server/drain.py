"""An admin's drain (docs/hosting.md, "Commands over SSH"): the games in play here finish, no new game
begins, then the process stops as on SIGTERM.

A process drains until no game it plays is in play: the tables whose bots and timer it runs, and, where
several processes share the tables (server/replication.py), those at which a player connected here is
seated, so that no player's game is cut short by their own process stopping. A turn-based game is no
reason to wait: it is kept between moves, and its players come back to it after the restart. `drain
--all` asks every process sharing the database to do the same, through the database's notices; the
database keeps it for a process that starts while it is under way (`SharedHub.on_drain_everywhere`)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from citadels_tui.i18n import lazy_t

if TYPE_CHECKING:
    from .hub import Hub
    from .ssh import CitadelsServer

log = logging.getLogger("citadels_server.ssh")

DRAINING = "The server stops once the games in play end: no new game begins until then."

_drains: set[asyncio.Task[None]] = set()  # kept referenced until they end


def in_play(hub: Hub) -> list[int]:
    """The tables whose games keep this process from stopping now."""
    return sorted(
        ht.id
        for ht in hub.tables.values()
        if ht.status == "playing"
        and not ht.turn_based
        and (hub.runs(ht.id) or any(h.present for h in ht.holders))
    )


async def drained(hub: Hub, server: CitadelsServer) -> None:
    """Wait until no game is in play here, then stop the server (`server.on_drain`, set by `citadels
    serve`; else close it)."""
    changed = asyncio.Event()
    hub.subscribe(changed.set)
    try:
        while in_play(hub):
            changed.clear()
            await changed.wait()
    finally:
        hub.unsubscribe(changed.set)
    log.warning("drained: no game in play; stopping")
    if server.on_drain is not None:
        server.on_drain()
    else:
        server.close()


def begin_drain(hub: Hub, server: CitadelsServer, announce: bool = True) -> bool:
    """Drain this process: begin no new game, and stop once `in_play` is empty. `announce`: tell the lobby
    and every table why (a drain asked by another process sharing the tables was told by that one). False
    if it was draining already."""
    if hub.draining:
        return False
    hub.draining = True
    if announce:
        hub.announce_everywhere(lazy_t(DRAINING))
    task = asyncio.get_running_loop().create_task(drained(hub, server), name="citadels-drain")
    _drains.add(task)
    task.add_done_callback(_drains.discard)
    return True
