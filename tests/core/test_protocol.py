"""The bot protocol (core/protocol.py, docs/bot-protocol.md): every message fits its schema, a seat's
messages hold nothing it may not know (the re-deal property), a `decide` reads back into the seat's view,
answers that cannot be used are told back with a reason, and another program plays whole games through a
pipe (bots/outside.py), the example that plays as `normal` making the built-in bot's every move."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from helpers import pending_seat, recorded_events

from citadels_core import Game, GameConfig
from citadels_core.bots import NormalBot, decide, game_over, make_bot
from citadels_core.bots.outside import GIVE_UP_AFTER, BotFailed, OutsideBot
from citadels_core.protocol import ProtocolError, error, hello, line, over, read_answer, read_view
from citadels_core.protocol import decide as decide_message
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.simulate import play_game
from citadels_core.view import events_for, view

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "bot-protocol.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
EXAMPLE = ROOT / "docs" / "examples" / "random_bot.py"
NORMAL_EXAMPLE = ROOT / "docs" / "examples" / "normal_bot.py"
CONFIGS = [
    GameConfig.create(4),
    GameConfig.create(2),
    GameConfig.create(7),
    GameConfig.create(5, cast="classic_dark_city", districts="classic_dark_city", edition="classic"),
    GameConfig.create(3, cast="classic_basic", districts="classic_basic", edition="classic"),
]


def checked(message: dict) -> dict:
    """The message, once it is shown to fit the schema and to travel as one ASCII line."""
    VALIDATOR.validate(message)
    text = line(message)
    assert text.endswith("\n") and "\n" not in text[:-1] and text.isascii()
    assert json.loads(text) == message
    return message


def messages_of_a_game(cfg: GameConfig, seed: int):
    """Every (game, seat, message) of a random game, as a seat of each player would be told."""
    g = Game(cfg, seed)
    rng = Rng(seed)
    seen = [0] * cfg.players
    while not g.over:
        p = pending_seat(g)
        v = view(g, p)
        yield g, p, decide_message(v, events_for(g, p, seen[p]), 12.5)
        seen[p] = len(recorded_events(g))
        legal = g.legal_actions()
        g.apply(p, legal[rng.below(len(legal))])
    for p in range(cfg.players):
        yield g, p, over(events_for(g, p, seen[p]), g.result)


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}")
@pytest.mark.slow
def test_every_message_of_a_game_fits_the_schema(cfg):
    kinds = set()
    for _g, _p, message in messages_of_a_game(cfg, 11):
        checked(message)
        kinds.add(message["type"])
    checked(hello(view(Game(cfg, 3), 0)))
    for code, text in (("not_json", "x"), ("unknown_id", '{"action": 99}')):
        with pytest.raises(ProtocolError) as caught:
            read_answer(text, 3)
        assert checked(error(caught.value))["code"] == code
    assert kinds == {"decide", "over"}


def test_an_action_offered_states_what_the_engine_says_it_does():
    g = Game(GameConfig.create(4), 5)
    p = pending_seat(g)
    v = view(g, p)
    message = decide_message(v, [])
    assert [a["action"] for a in message["actions"]] == [a.to_json() for a in v.legal]
    assert [a["id"] for a in message["actions"]] == list(range(len(v.legal)))
    for offered, effect in zip(message["actions"], v.effects, strict=True):
        assert offered["effect"]["gold_paid"] == effect.gold_paid
        assert offered["effect"]["cards_gained"] == effect.cards_gained


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}")
def test_a_seats_messages_do_not_change_when_what_it_cannot_see_is_dealt_again(cfg):
    rng = Rng(7)
    compared = 0
    for k, (g, p, message) in enumerate(messages_of_a_game(cfg, 23)):
        if message["type"] != "decide" or k % 5:
            continue
        for _ in range(2):
            h = redeal(g, p, rng)
            again = decide_message(view(h, p), [], 12.5)
            assert again["view"] == message["view"] and again["actions"] == message["actions"]
        compared += 1
    assert compared > 10


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}")
def test_a_decide_message_reads_back_into_the_seats_view(cfg):
    decisions = 0
    for g, p, message in messages_of_a_game(cfg, 17):
        if message["type"] == "decide":
            assert read_view(json.loads(line(message))) == view(g, p)
            decisions += 1
    assert decisions > 20


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("take gold", "not_json"),
        ("[1]", "no_action"),
        ('{"id": 1}', "no_action"),
        ('{"action": "1"}', "not_an_id"),
        ('{"action": true}', "not_an_id"),
        ('{"action": 1.0}', "not_an_id"),
        ('{"action": -1}', "unknown_id"),
        ('{"action": 3}', "unknown_id"),
        ('{"action": 1, "pad": "' + "x" * 2000 + '"}', "too_long"),
    ],
)
def test_an_answer_that_cannot_be_used_is_refused_with_its_reason(text, code):
    with pytest.raises(ProtocolError) as caught:
        read_answer(text, 3)
    assert caught.value.code == code and str(caught.value)


def test_an_answer_names_one_of_the_actions_offered():
    assert read_answer('{"action": 2}', 3) == 2
    assert read_answer(' {"action": 0} ', 1) == 0


def program(tmp_path: Path, body: str) -> str:
    """A bot program written for the test: `cmd:` runs it with this interpreter."""
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return f"{sys.executable} {path}"


def test_the_example_bot_plays_whole_games_through_a_pipe():
    bots = [f"cmd:{sys.executable} {EXAMPLE} 4", "normal", "easy", "random"]
    outcome = play_game(GameConfig.create(4), 9, bots)
    assert len(outcome.scores) == 4 and outcome.rounds > 3
    # The same game again, watching the program's seat: it chose every move, and it ended.
    g = Game(GameConfig.create(4), 9)
    players = [make_bot(b, 9 * 31 + i) for i, b in enumerate(bots)]
    while not g.over:
        p = pending_seat(g)
        g.apply(p, decide(players[p], g, p))
    outside = players[0]
    assert isinstance(outside, OutsideBot) and outside.failures == 0 and outside.proc is not None
    proc = outside.proc
    game_over(outside, g, 0)
    assert proc.wait(timeout=10) == 0 and outside.proc is None


@pytest.mark.parametrize(
    "cfg", [CONFIGS[0], CONFIGS[1], CONFIGS[4]], ids=lambda c: f"{c.edition}-{c.players}"
)
def test_the_normal_example_makes_every_move_the_built_in_normal_bot_makes(cfg):
    # Two games side by side from one seed: the example at seat 0 of one, NormalBot with the seed a local
    # game gives seat 0 at the other; every move of that seat must be the same.
    seed = 6
    others = ["easy", "normal", "random", "normal", "easy", "normal"][: cfg.players - 1]
    outside = make_bot(f"cmd:{sys.executable} {NORMAL_EXAMPLE} {seed * 31}", seed * 31)
    assert isinstance(outside, OutsideBot)
    ours: list = [NormalBot(seed * 31)]
    theirs: list = [outside]
    for i, kind in enumerate(others, start=1):
        ours.append(make_bot(kind, seed * 31 + i))
        theirs.append(make_bot(kind, seed * 31 + i))
    a, b = Game(cfg, seed, record_events=True), Game(cfg, seed)
    moves = 0
    while not a.over:
        p = pending_seat(a)
        chosen = decide(theirs[p], a, p)
        assert chosen == decide(ours[p], b, p), (moves, p)
        a.apply(p, chosen)
        b.apply(p, chosen)
        moves += p == 0
    game_over(outside, a, 0)
    assert b.over and a.result == b.result and outside.failures == 0 and moves > 10


def test_a_program_told_its_mistakes_may_answer_again(tmp_path):
    # It answers each decision wrongly first, then with the first action; it writes what it was told.
    told = tmp_path / "told.txt"
    cmd = program(
        tmp_path,
        f"out = open({str(told)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'decide':\n"
        "        print('take gold', flush=True)\n"
        "    elif m['type'] == 'error':\n"
        "        out.write(m['code'] + '\\n'); out.flush()\n"
        "        print(json.dumps({'action': 0}), flush=True)\n",
    )
    bot = OutsideBot(cmd, timeout=10)
    g = Game(GameConfig.create(4), 2)
    for _ in range(3):
        p = pending_seat(g)
        chosen = decide(bot, g, p)
        assert chosen == g.legal_actions()[0]
        g.apply(p, chosen)
        while not g.over and pending_seat(g) != p:
            q = pending_seat(g)
            g.apply(q, g.legal_actions()[0])
    bot.close()
    assert told.read_text().split() == ["not_json"] * 3 and bot.failures == 0


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("time.sleep(30)\n", "said nothing within 0.5 s"),
        ("for line in sys.stdin:\n    print('garbage', flush=True)\n", "(not_json:"),
        ("for line in sys.stdin:\n    sys.stdout.write('x' * 5000)\n    sys.stdout.flush()\n", "(too_long:"),
    ],
    ids=["silent", "garbage", "endless"],
)
@pytest.mark.slow
def test_a_program_that_cannot_answer_loses_its_decisions_then_the_game_fails_saying_why(tmp_path, body, why):
    bot = OutsideBot(program(tmp_path, body), seed=1, timeout=0.5)
    g = Game(GameConfig.create(3), 4)
    decided = 0
    with pytest.raises(BotFailed) as failed:
        while not g.over:
            p = pending_seat(g)
            a = decide(bot, g, p) if p == 0 else g.legal_actions()[0]
            decided += p == 0
            assert a in g.legal_actions()
            g.apply(p, a)
    # The stand-in made two decisions; the third in a row gave the program up, and it was stopped.
    assert bot.failures == decided == GIVE_UP_AFTER - 1 and bot.proc is None
    assert f"lost {GIVE_UP_AFTER} decisions in a row" in str(failed.value) and why in str(failed.value)
    # Given up, it is not started again: the stand-in plays its seat, at once.
    assert decide(bot, g, 0) in g.legal_actions() and bot.proc is None and bot.failures == decided + 1


def test_a_program_that_ends_fails_the_game_at_once_with_its_exit_status(tmp_path):
    bot = OutsideBot(program(tmp_path, "sys.stdin.readline()\nsys.exit(3)\n"), timeout=10)
    g = Game(GameConfig.create(3), 4)
    with pytest.raises(BotFailed, match=r"closed its output \(exit status 3\) before the game ended"):
        decide(bot, g, pending_seat(g))
    assert bot.failures == 0 and bot.proc is None


def test_a_tournament_reports_each_game_a_broken_program_failed_and_exits_1(tmp_path, capsys):
    from citadels_server.cli import main

    bot = "cmd:" + program(tmp_path, "for line in sys.stdin:\n    print('garbage', flush=True)\n")
    argv = ["tournament", "--players", "3", "--games", "3", "--workers", "1"]
    assert main([*argv, "--bots", f"{bot},normal,random"]) == 1
    err = capsys.readouterr().err
    assert err.count("BotFailed: the bot") == 3 and "lost 3 decisions in a row to the stand-in" in err


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_bot_timeout_says_how_long_a_program_may_take_over_a_decision(tmp_path, capsys, command):
    from citadels_server.cli import main

    silent = "cmd:" + program(tmp_path, "time.sleep(30)\n")
    argv = [command, "--players", "3", "--games", "1", "--bots", f"{silent},normal,random"]
    workers = ["--workers", "1"] if command == "tournament" else []
    assert main([*argv, *workers, "--bot-timeout", "0.2"]) == 1
    err = capsys.readouterr().err
    assert "lost 3 decisions in a row to the stand-in: it said nothing within 0.2 s" in err
    for wrong in ("0", "-1", "soon", "inf"):
        with pytest.raises(SystemExit) as usage:
            main([*argv, "--bot-timeout", wrong])
        assert usage.value.code == 2 and "--bot-timeout" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["tournament", "simulate", "play"])
def test_a_bot_program_that_is_not_there_is_refused_before_any_game(command, capsys):
    from citadels_server.cli import main

    bots = ["--bots", "cmd:/no/such/program --fast"]
    if command == "play":
        argv = ["play", "--plain", "--players", "2", *bots]
    else:
        argv = [command, "--players", "2", "--games", "2", "--bots", "cmd:/no/such/program --fast,normal"]
    assert main(argv) == 2
    assert "there is no program '/no/such/program' to run" in capsys.readouterr().err


def test_a_bot_command_must_name_a_program():
    with pytest.raises(ValueError, match="cmd: names the program"):
        make_bot("cmd:  ")
    g = Game(GameConfig.create(4), 1)
    with pytest.raises(ValueError, match="cannot start the bot"):
        decide(make_bot("cmd:/no/such/program"), g, pending_seat(g))
