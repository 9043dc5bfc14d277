"""The game as lines (citadels_tui/plain.py): a whole game played by typing, nothing on the output but
printable text and newlines, the panes as sentences in both languages (`who` with what the seat can tell
of the others' characters, as `think` says it), and no more than the seat may know."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from helpers import play_random
from plain_sessions import only_text
from typists import Typist

from citadels_core import GameConfig
from citadels_core.bots.outside import OutsideBot
from citadels_core.think import think
from citadels_tui import i18n, sentences
from citadels_tui.names import card_name
from citadels_tui.plain import PROMPT, PlainSeat, play
from citadels_tui.table import Table
from citadels_tui.why import guess_line, guesses

BOTS = {1: "random", 2: "random", 3: "random"}


def a_seat(seed: int = 5):
    table = Table.new(GameConfig.create(4), seed, dict(BOTS))
    lines: list[str] = []
    face = PlainSeat(table.seat(0), lines.append)
    face.update()
    return table, face, lines


def test_a_whole_game_is_played_by_typing_numbers():
    table = Table.new(GameConfig.create(4), 3, dict(BOTS))
    typist = Typist()
    asyncio.run(asyncio.wait_for(play(table, 0, typist, typist), 300))
    text = typist.out.getvalue()
    only_text(text)
    assert table.game.over
    assert text.rstrip().endswith("The game is over.")
    assert text.count("You can:") > 10 and "Round 3" in text
    assert "not yours" not in text  # nothing typed out of turn


def test_the_options_are_listed_once_per_decision_with_a_prompt():
    table, face, lines = a_seat()
    text = "".join(lines)
    assert text.count("You can:") == 1 and text.endswith(PROMPT)
    listed = [line for line in text.splitlines() if line.startswith("  1. ")]
    assert listed == ["  1. Choose the Assassin (1)"]
    face.update()  # nothing new: nothing said
    assert "".join(lines) == text
    face.command("")  # an empty line: the options again
    assert "".join(lines).count("You can:") == 2


def test_the_panes_are_words():
    table, face, lines = a_seat()
    v, cfg = table.seat(0).view(), table.config

    def said(text: str) -> str:
        lines.clear()
        face.command(text)
        return "".join(lines)

    hand = said("hand")
    assert all(card_name(cfg, k) in hand for k in v.hand) and "You have 2 gold" in hand
    cities = said("cities").splitlines()
    assert cities[0].startswith("Your city: no districts yet; 0 of 7 districts")
    assert cities[1].startswith("Bruno's city:")
    assert said("city clara").startswith("Clara's city:")
    assert said("who").splitlines()[0] == "Seat 1: you, has the crown, is deciding."
    characters = said("characters")
    assert "1 Assassin." in characters and "character is face down" in characters
    assert said("look bruno").startswith("Bruno: 2 gold, 4 cards")
    assert said("score").count("points so far") == 4
    assert "look, hand, cities" in said("help")
    assert "belongs to the full screen" in said("theme night")
    assert said("quit") == "Goodbye.\n"
    only_text("".join(lines))


def test_the_panes_are_words_in_russian_too():
    i18n.set_language("ru")
    table, face, lines = a_seat()
    lines.clear()
    face.command("рука")
    assert "Ваши карты:" in "".join(lines)
    lines.clear()
    face.command("города")
    assert "".join(lines).startswith("Ваш город:")
    lines.clear()
    face.command("кто")
    assert "".join(lines).startswith("Место 1: вы")


def test_a_move_is_made_by_its_words_and_a_refusal_is_a_sentence():
    table, face, lines = a_seat()
    face.command("king")
    assert table.game.characters[0] and table.config.cast[table.game.characters[0][0]] == "king"
    lines.clear()
    face.command("build castle")
    assert "".join(lines).strip()  # a sentence, not silence


CITADELS = Path(sys.executable).parent / "citadels"


def play_the_command(tmp_path: Path, args: list[str], env: dict[str, str]) -> bytes:
    """`citadels ARGS` through pipes (no terminal), typing "1" at every prompt; every byte it wrote."""
    proc = subprocess.Popen(
        [str(CITADELS), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "CITADELS_HOME": str(tmp_path), **env},
    )
    assert proc.stdin is not None and proc.stdout is not None
    out = b""
    while not out.rstrip().endswith(b"The game is over."):
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        out += chunk
        if out.endswith(PROMPT.encode()):
            proc.stdin.write(b"1\n")
            proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    return out


def test_citadels_plain_plays_a_whole_game_through_pipes_in_text_alone(tmp_path):
    out = play_the_command(tmp_path, ["--plain", "--seed", "4", "--players", "3", "--bots", "random"], {})
    assert not [b for b in out if b < 32 and b != 10], "a control byte (colour, cursor, bell) in the output"
    text = out.decode("utf-8")
    assert text.startswith("(only you) Your starting hand:") and text.rstrip().endswith("The game is over.")
    assert "\x1b" not in text and "│" not in text and "╭" not in text


def test_a_dumb_terminal_gets_the_plain_game(tmp_path):
    out = play_the_command(tmp_path, ["--seed", "4", "--players", "3", "--bots", "random"], {"TERM": "dumb"})
    assert b"You can:" in out and b"\x1b" not in out


def a_seat_told_of_a_declined_character():
    """A seat of a 5-player table whose next chooser is known to have turned down what it passed."""
    for seed in range(40):
        table = Table.new(GameConfig.create(5), seed, {q: "random" for q in range(1, 5)})
        play_random(table.game, 12, seed)  # past the draft, into the turns
        found = think(table.game, 0)
        if any(x.declined for x in found):
            lines: list[str] = []
            return table, PlainSeat(table.seat(0), lines.append), lines, found
    raise AssertionError("no seed gave a declined character")


def test_who_tells_what_the_seat_can_tell_of_the_others_characters():
    table, face, lines = a_seat_told_of_a_declined_character()[:3]
    found = think(table.game, 0)
    face.command("who")
    said = "".join(lines).splitlines()
    assert said[: table.config.players] == sentences.who(table.seat(0).view(), table.config)
    told = said[table.config.players :]
    # The full screen's `think` sentences, but for a revealed character `who` names already.
    assert told == [guess_line(table.config, x) for x in found if not x.revealed or x.declined]
    assert any(" was offered the " in line for line in told)
    assert "Seat 1: you" in said[0]
    only_text("".join(lines))


def test_who_tells_what_is_known_in_russian_too():
    i18n.set_language("ru")
    try:
        table, face, lines, found = a_seat_told_of_a_declined_character()
        face.command("кто")
        text = "".join(lines)
    finally:
        i18n.set_language("en")
    assert ": предложен" in text and "Место 1: вы" in text


def test_think_tells_every_other_player_as_the_full_screen_does():
    table, face, lines, found = a_seat_told_of_a_declined_character()
    face.command("think")
    assert "".join(lines).splitlines() == guesses(table.config, found)


def test_a_spectator_is_told_the_seats_only():
    table = Table.new(GameConfig.create(4), 2, dict(BOTS))
    play_random(table.game, 8, 2)
    lines: list[str] = []
    spectator = PlainSeat(table.seat(None), lines.append)
    spectator.command("who")
    assert "".join(lines).splitlines() == sentences.who(table.seat(None).view(), table.config)
    lines.clear()
    spectator.command("think")
    assert "".join(lines) == "think tells what a player can infer: you are watching.\n"


def test_a_bot_program_that_stops_leaves_its_seat_to_its_stand_in_and_the_game_goes_on(tmp_path, caplog):
    program = tmp_path / "gone.py"
    program.write_text("import sys\nsys.stdin.readline()\nsys.exit(1)\n")
    bots = {0: "random", 1: f"cmd:{sys.executable} {program}", 2: "random"}
    table = Table.new(GameConfig.create(3), 5, bots)
    asyncio.run(asyncio.wait_for(table.run(), 120))
    gone = table.bots[1]
    assert isinstance(gone, OutsideBot)
    assert table.game.over and gone.failed is not None and gone.proc is None
    # Said once, with why, among the table's log lines; not once a decision.
    said = [r.getMessage() + str(r.exc_info[1] if r.exc_info else "") for r in caplog.records]
    assert sum("closed its output (exit status 1)" in m for m in said) == 1


def test_citadels_play_seats_the_example_bot_through_a_pipe(tmp_path):
    # `--bots cmd:…` runs docs/examples/random_bot.py's own `play` in each bot seat, every line it reads
    # copied to a log: both programs hear the whole game, from hello to over, and the game ends.
    log = tmp_path / "heard.jsonl"
    bot = tmp_path / "heard_bot.py"
    bot.write_text(
        "import random, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[2] / 'docs' / 'examples')!r})\n"
        "from random_bot import play\n"
        f"log = open({str(log)!r}, 'a')\n"
        "def heard():\n"
        "    for line in sys.stdin:\n"
        "        log.write(line)\n"
        "        log.flush()\n"
        "        yield line\n"
        "play(heard(), sys.stdout, random.Random(1))\n"
    )
    args = ["play", "--plain", "--seed", "4", "--players", "3", "--bots", f"cmd:{sys.executable} {bot}"]
    out = play_the_command(tmp_path, args, {})
    assert out.decode().rstrip().endswith("The game is over.")
    heard = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in heard]
    assert kinds.count("hello") == 2 and kinds.count("over") == 2 and "error" not in kinds
    assert sorted(m["seat"] for m in heard if m["type"] == "hello") == [1, 2]
    assert kinds.count("decide") > 20


def test_news_after_a_waiting_prompt_starts_its_own_line_and_the_prompt_follows_with_what_was_typed():
    from citadels_tui.plain import Prompter

    out: list[str] = []
    typed = ""
    lines = Prompter(out.append, lambda: typed)
    lines.write("You can:\n")
    lines.write(PROMPT)
    lines.write("bruno: hello\n")
    lines.write("bruno named you in the chat.\n")
    lines.again()
    assert "".join(out) == "You can:\n> \nbruno: hello\nbruno named you in the chat.\n> "
    out.clear()
    typed = "bui"  # half a line in the line editor
    lines.write("carla: hi\n")
    lines.again()
    assert "".join(out) == "\ncarla: hi\n> bui"
    out.clear()
    typed = ""
    lines.answered()  # the line was sent: what follows is an answer, on the line after it
    lines.write("Unknown command 'bui'.\n")
    lines.again()
    assert "".join(out) == "Unknown command 'bui'.\n"
    out.clear()
    lines.write(PROMPT)
    lines.write("A stand-in bot played for you.\n")
    lines.again(prompt=False)  # the decision is no longer the player's: no prompt, and none waits
    lines.write("Round 2.\n")
    lines.again()
    assert "".join(out) == "> \nA stand-in bot played for you.\nRound 2.\n"
