"""The lobby's history over SSH, against a real `citadels serve` process: a player with a key starts a
game against a bot and leaves it (kept as abandoned once their seat's hold runs out); then `games` lists
it, `replay 1` steps it, and `leaderboard` answers, to them and to a guest, who is told guests are not
rated. A whole game played to its end over SSH takes about a minute on a small machine, too long here: a
finished game's listing, replay and rating are tested in-process (tests/tui/test_tui_history.py)."""

from __future__ import annotations

import re

import asyncssh
import pytest
from served import Typist, served

KEY = asyncssh.generate_private_key("ssh-ed25519")


@pytest.mark.slow
async def test_games_replay_and_leaderboard_answer_over_ssh(tmp_path):
    async with served(tmp_path, "--bot-pace", "0", "--seat-hold", "0.5") as server:
        anna = await Typist.in_lobby(server.port, "anna", key=KEY)
        await anna.enter("games", "You have no finished game here yet.")
        await anna.enter("leaderboard", "Nobody is rated yet")
        await anna.shows("You are not rated yet")
        await anna.enter("new 2 seed=3 bots=random", "Table 1 is yours")
        await anna.enter("start", "Your hand")
        await anna.until(lambda: "your" in anna.row(0))
        await anna.enter("1", "You choose")  # one decision of hers, then she goes
        await anna.enter("lobby", "Citadels lobby")
        # Her seat's hold runs out, a bot plays it, nobody is left: the game goes to the history.
        await anna.until(lambda: "No tables yet" in anna.text)
        await anna.enter("games", "shows game N again")
        assert re.search(r"1 +\d{4}-\d\d-\d\d \d\d:\d\d +2016 +anna .*abandoned", anna.text), anna.text
        await anna.enter("replay 1", "Replay as a spectator saw it")
        anna.type("\x1b[C")  # →: the first move
        await anna.shows("move 1 of")
        anna.type("\x1b[F")  # End: the last move kept
        await anna.until(lambda: re.search(r"move (\d+) of \1", anna.text) is not None)
        anna.type("q")
        await anna.shows("Citadels lobby")

        guest = await Typist.in_lobby(server.port, "bruno")
        await guest.enter("leaderboard", "Guests (no key) are not rated")
        await guest.enter("games all", "shows game N again")
        assert "abandoned" in guest.text
        anna.close()
        guest.close()
