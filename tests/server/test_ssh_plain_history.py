"""Plain mode's history (`games [all]`, `replay N [ROUND]`, `leaderboard [humans]`: citadels_tui/history_words.py,
said by plain_history.py) against a real server, reading the raw bytes a session receives: a player with a
key plays a game to its end in plain mode, then lists it, replays it round by round and finds herself
rated, in English and in Russian, every byte printable text or a newline; a guest is told guests are not
rated, and words that cannot be read get one sentence."""

from __future__ import annotations

import re

import asyncssh
from plain_sessions import Lines, only_lines, plain, plain_server
from ssh_helpers import connect

from citadels_server.hub import Hub

KEY = asyncssh.generate_private_key("ssh-ed25519")


async def asked(s: Lines, line: str, until: str) -> str:
    """What the session said after `line` was typed, up to and including the line with `until`."""
    start = len(s.text)
    s.type(line)
    await s.wait_for(until, after=start)
    return s.text[start:]


async def test_games_replay_and_leaderboard_in_plain_mode_are_sentences(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna", client_keys=[KEY]) as conn:
            s = await plain(conn)
            said = await asked(s, "games", "listed here")
            assert "You have no finished game here yet." in said
            await s.enter("new 2 seed=3 bots=random", "Table 1 is yours")
            s.type("start")
            await s.play()
            await s.wait_for("You are in the lobby.")

            said = await asked(s, "games", "a round at a time")
            assert "Your finished games, the latest first:" in said
            game = re.search(r"Game 1, ended \d{4}-\d\d-\d\d \d\d:\d\d UTC, edition 2016: (.*)\.\n", said)
            assert game is not None, said
            assert "anna (you) " in game[1] and "Bruno (bot) " in game[1] and ", won" in game[1]

            said = await asked(s, "replay 1", "tells round 2")
            told = re.search(r"Game 1, round 1 of (\d+):", said)
            assert told is not None, said
            rounds = int(told[1])
            assert rounds > 2 and "“replay 1 2” tells round 2." in said
            said = await asked(s, f"replay 1 {rounds}", "That was the last round.")
            assert f"Game 1, round {rounds} of {rounds}:" in said and "Game 1, ended" in said
            said = await asked(s, f"replay 1 {rounds + 1}", "give one")
            assert f"That game had rounds 1 to {rounds}" in said
            said = await asked(s, "replay 9", "lists them")
            assert "There is no finished game 9" in said

            said = await asked(s, "leaderboard", " game.\n")
            assert re.search(r"\n1\. anna \(you\): rating -?\d+\.\d after 1 game\.\n", said), said
            said = await asked(s, "leaderboard robots", "leaves the bots out")
            assert "“leaderboard” lists everyone rated" in said

            await s.enter("lang ru", "Язык")
            said = await asked(s, "games", "по раунду")
            assert "Ваши сыгранные партии" in said and "anna (вы) " in said, said
            said = await asked(s, "leaderboard", "после 1 партии.\n")
            assert re.search(r"\n1\. anna \(вы\): рейтинг -?\d+\.\d после 1 партии\.\n", said), said
            await s.quit()
        only_lines(bytes(s.raw), crlf=False)

        async with connect(server, "bruno") as conn:
            g = await plain(conn)
            said = await asked(g, "leaderboard", "Guests (no key) are not rated")
            assert "1. anna: rating" in said  # not "(you)": the guest is another player
            said = await asked(g, "games all", "a round at a time")
            assert "Finished games on this server, the latest first:" in said and "(you)" not in said
            await g.quit()
        only_lines(bytes(g.raw), crlf=False)
