"""Window changes against a real `citadels serve`: they count in the session's input budget like keys.

A client sending thousands of window-change requests a second is slowed, told and disconnected as a key
flood is, while an honest player at a game keeps playing, and the server's memory comes back down after
it. A window edge dragged for a few seconds is not a flood: the last size asked for is the one drawn."""

from __future__ import annotations

import asyncio

import pytest
from served import (
    Typist,
    keep_typing,
    percentile,
    play_until_round,
    resize_storm,
    served,
    table_of_two,
    window_drag,
)

pytestmark = pytest.mark.slow

# Short enough for a test; the mechanism is the one of the defaults (3 s, 30 s).
SETTINGS = "input_notice_after = 1.0\ninput_disconnect_after = 4.0\n"


def _settings(tmp_path) -> str:
    path = tmp_path / "settings.toml"
    path.write_text(SETTINGS)
    return str(path)


async def test_a_resize_storm_is_slowed_told_and_disconnected_while_a_player_plays(tmp_path):
    async with served(tmp_path / "home", "--settings", _settings(tmp_path), "--bot-pace", "0") as server:
        anna, bruno = await table_of_two(server.port)
        await keep_typing([anna], 2.0)  # first renders, caches
        rss_before = server.rss_mib()
        guest = await Typist.in_lobby(server.port, "guest1")
        storm = asyncio.get_running_loop().create_task(resize_storm(guest, 30.0))
        typed = await keep_typing([anna], 6.0)  # every key she typed reached her screen meanwhile
        sent = await storm
        assert guest.gone, f"the storm's sender is still connected after {sent} window changes"
        assert b"slowed down" in guest.raw
        assert b"Disconnected: you kept sending more input than this server takes." in guest.raw
        assert b"input flood" in server.output
        print(f"{sent} window changes; anna's p95 {percentile(typed, 95):.0f} ms over {len(typed)} keys")
        # Her game goes on, and what the storm cost in memory is given back.
        await play_until_round([anna, bruno], 2)
        await keep_typing([anna], 2.0)
        rss_after = server.rss_mib()
        assert rss_after < rss_before * 1.2, f"{rss_before:.0f} MiB before the storm, {rss_after:.0f} after"
        assert b"Traceback" not in server.output, server.output.decode(errors="replace")


async def test_a_window_dragged_for_seconds_is_not_a_flood_and_ends_at_its_last_size(tmp_path):
    async with served(tmp_path / "home", "--settings", _settings(tmp_path)) as server:
        guest = await Typist.in_lobby(server.port, "guest1")
        await window_drag(guest, 6.0, to=(111, 33))
        # Drawn at 111x33: the tables' rule runs to the last column, the command hints sit on the last row.
        await guest.until(lambda: guest.row(1).startswith("─Tables") and guest.row(1).endswith("─"))
        await guest.until(lambda: guest.row(32).startswith("new · join N"))
        await asyncio.sleep(1.0)
        assert not guest.gone
        await guest.enter("say still here", "still here")
        # Its layouts may have spent the budget by the end (and a long drag be told so), but the drag was
        # no flood to disconnect.
        assert b"disconnecting" not in server.output
