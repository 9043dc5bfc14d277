"""The game served over SSH: one hub of tables for the whole server, built from the server's settings."""

from __future__ import annotations

import functools
from typing import Any

from citadels_tui.records import Records

from .hub import Hub
from .replication import SharedHub
from .settings import Settings
from .shared_records import is_shared, keeps_waiting
from .turn_hub import TurnHub
from .webhooks import Webhooks


def make_hub(settings: Settings, records: Records | None = None) -> Hub:
    """The server's hub; what it keeps across restarts goes to `records` (the server's database;
    None: memory only). Records that other server processes share (PostgreSQL, docs/scaling.md) make it a
    `SharedHub`."""
    hub: Hub
    if records is not None and is_shared(records):
        hub = SharedHub(settings.seat_hold, settings.bot_pace, records=records, lease=settings.lease)
    elif records is not None and keeps_waiting(records):
        hub = TurnHub(settings.seat_hold, settings.bot_pace, records=records)
    else:
        hub = Hub(seat_hold=settings.seat_hold, pace=settings.bot_pace, records=records)
    hub.order.renew(
        settings.admins, settings.motd
    )  # who may use the admins' lobby commands; the lobby's message
    if settings.allow_webhooks:
        hub.webhooks = Webhooks(settings.home() / "webhooks.json")
    return hub


def game_app_factory(factory: Any, settings: Settings, hub: Hub | None = None) -> Any:
    """`factory` (the app's `ssh_app_factory(info, hub=…)`) bound to one hub made from `settings`."""
    hub = hub or make_hub(settings)
    return functools.partial(factory, hub=hub)
