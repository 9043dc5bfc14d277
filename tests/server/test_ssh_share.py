"""`share` at a table hosted by a real `citadels serve` process: before the end of the game it shows no line
(the line holds the seed, and with it every hidden card) and copies nothing (no OSC 52 sequence is sent)."""

import pytest
from served import Typist, served


@pytest.mark.slow
async def test_share_at_a_hosted_table_waits_for_the_end_of_the_game(tmp_path):
    async with served(tmp_path) as server:
        anna = await Typist.login(server.port, "anna")
        try:
            await anna.shows("lobby")
            await anna.enter("new 3 seed=3", "Table 1 is yours")
            await anna.enter("start", "Your hand")
            await anna.enter("share", "At a hosted table the game")
            assert "citadels:1:" not in anna.text and b"\x1b]52;" not in anna.raw
        finally:
            anna.close()
        await server.stop()
