"""Text from one player to another against a real `citadels serve`: what a guest pastes into `say`, and
what the database replays after a restart, reach the other players' terminals without a control or format
character (citadels_core.text), whatever the bytes were."""

from __future__ import annotations

import json
import sqlite3

import pytest
from attacks import CLEAN, DIRTY, ESCAPES, PASTE_END, PASTE_START, received_none_of_it
from served import Typist, served


@pytest.mark.slow
async def test_a_pasted_control_sequence_in_say_reaches_nobody_raw(tmp_path):
    async with served(tmp_path) as server:
        anna, mallory = await Typist.login(server.port, "anna"), await Typist.login(server.port, "mallory")
        await anna.shows("lobby")
        await mallory.shows("lobby")
        mallory.type(b"say look " + PASTE_START + DIRTY.encode() + PASTE_END + b"\r")
        await anna.shows(f"mallory: look {CLEAN}")
        await mallory.shows(f"mallory: look {CLEAN}")
        # ESC sequences in a paste: the terminal's parser takes them apart; none of them is sent on whole.
        mallory.type(b"say title " + PASTE_START + ESCAPES.encode() + PASTE_END + b"\r")
        await anna.shows("mallory: title")
        await anna.shows("owned")
        # Typed rather than pasted, the same bytes are keys: nothing of them is said either.
        mallory.type(b"say typed " + DIRTY.encode() + b" end\r")
        await anna.shows("mallory: typed")
        await mallory.shows("mallory: typed")
        received_none_of_it(anna)
        received_none_of_it(mallory)
        anna.close()
        mallory.close()


@pytest.mark.slow
async def test_a_dirty_line_kept_in_the_database_is_replayed_clean_after_a_restart(tmp_path):
    async with served(tmp_path) as server:
        anna = await Typist.in_lobby(server.port, "anna")
        await anna.enter("say before the restart", "anna: before the restart")
        anna.close()
        await server.stop()
    # Written past the server, as an older version, another program or a hand could have kept it.
    with sqlite3.connect(tmp_path / "citadels.db") as db:
        db.execute(
            "INSERT INTO chat (table_id, line) VALUES (NULL, ?)",
            (json.dumps(f"mallory: kept {DIRTY} {ESCAPES}", ensure_ascii=False),),
        )
    db.close()
    async with served(tmp_path) as server:
        bruno = await Typist.login(server.port, "bruno")
        await bruno.shows(f"mallory: kept {CLEAN}")
        await bruno.shows("anna: before the restart")
        received_none_of_it(bruno)
        bruno.close()
