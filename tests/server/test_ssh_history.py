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
        anna = await Typist.login(server.port, "anna", key=KEY)
        await anna.shows("lobby")
        anna.type("games\r")
        await anna.shows("You have no finished game here yet.")
        anna.type("leaderboard\r")
        await anna.shows("Nobody is rated yet")
        await anna.shows("You are not rated yet")
        anna.type("new 2 seed=3 bots=random\r")
        await anna.shows("Table 1 is yours")
        anna.type("start\r")
        await anna.shows("Your hand")
        await anna.until(lambda: "your" in anna.row(0))
        anna.type("1\r")  # one decision of hers, then she goes
        await anna.shows("You choose")
        anna.type("lobby\r")
        await anna.shows("Citadels lobby")
        # Her seat's hold runs out, a bot plays it, nobody is left: the game goes to the history.
        await anna.until(lambda: "No tables yet" in anna.text)
        anna.type("games\r")
        await anna.shows("shows game N again")
        assert re.search(r"1 +\d{4}-\d\d-\d\d \d\d:\d\d +2016 +anna .*abandoned", anna.text), anna.text
        anna.type("replay 1\r")
        await anna.shows("Replay as a spectator saw it")
        anna.type("\x1b[C")  # →: the first move
        await anna.shows("move 1 of")
        anna.type("\x1b[F")  # End: the last move kept
        await anna.until(lambda: re.search(r"move (\d+) of \1", anna.text) is not None)
        anna.type("q")
        await anna.shows("Citadels lobby")

        guest = await Typist.login(server.port, "bruno")
        await guest.shows("lobby")
        guest.type("leaderboard\r")
        await guest.shows("Guests (no key) are not rated")
        guest.type("games all\r")
        await guest.shows("shows game N again")
        assert "abandoned" in guest.text
        anna.close()
        guest.close()
