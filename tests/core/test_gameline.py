"""A whole game as one line (core/gameline.py, docs/save-format.md "Game lines"): random games of both
editions go round the line unchanged, and every kind of damage gets its own sentence."""

import base64
import json
import random
import subprocess
import sys
import zlib
from typing import Any

import pytest
from helpers import pending_seat, play_random

from citadels_core import Action, Game, GameConfig, SaveFileError
from citadels_core.gameline import checksum, decode, encode, read
from citadels_core.record import GameRecord, state_digest

CONFIGS = [
    ("2016", 4, {}),
    ("2016", 7, {"cast": "first_game"}),
    ("2016", 2, {}),
    ("classic", 4, {"cast": "classic_dark_city", "districts": "classic_dark_city"}),
    ("classic", 5, {"cast": "classic_intrigue", "districts": "classic_intrigue"}),
    ("classic", 3, {}),
]


def _random_record(edition: str, players: int, seed: int, steps: int, **kw) -> GameRecord:
    if edition == "classic":
        kw.setdefault("cast", "classic_basic")
        kw.setdefault("districts", "classic_basic")
    cfg = GameConfig.create(players, edition=edition, **kw)
    g = Game(cfg, seed, record_events=False)
    actions = play_random(g, steps, seed)
    return GameRecord(cfg, seed, actions, state_digest(g))


@pytest.mark.parametrize("edition,players,kw", CONFIGS)
def test_a_random_game_goes_round_its_line_unchanged(edition, players, kw):
    for seed in (3, 11):
        rec = _random_record(edition, players, seed, 2000 if seed == 3 else 150, **kw)
        line = encode(rec)
        assert line.startswith("citadels:1:") and "\n" not in line and " " not in line
        back = decode(line)
        assert back.config == rec.config and back.seed == rec.seed and back.final == rec.final
        assert back.actions == rec.actions
        assert state_digest(back.replay(record_events=False)) == rec.final


def test_the_bots_levels_travel_with_the_line():
    rec = _random_record("2016", 4, 5, 40)
    record, bots = read(encode(rec, {1: "normal", 2: "hard:800", 3: "easy"}))
    assert bots == {1: "normal", 2: "hard:800", 3: "easy"} and record.actions == rec.actions
    assert read(encode(rec))[1] == {}


def test_a_line_wrapped_by_a_terminal_still_reads():
    rec = _random_record("classic", 4, 2, 300)
    line = encode(rec)
    wrapped = "  " + "\n".join(line[i : i + 80] for i in range(0, len(line), 80)) + "\n"
    assert decode(wrapped).actions == rec.actions


def _line(body: object) -> str:
    data = base64.urlsafe_b64encode(zlib.compress(json.dumps(body).encode())).decode().rstrip("=")
    return f"citadels:1:{data}:{checksum(data)}"


GOOD = _random_record("2016", 4, 9, 60)
GOOD_BODY: dict[str, Any] = {
    "config": GOOD.config.to_json(),
    "seed": GOOD.seed,
    "actions": [[p, *a.to_json()] for p, a in GOOD.actions],
}


def _refusal(line: str) -> str:
    with pytest.raises(SaveFileError) as err:
        decode(line)
    return str(err.value)


def test_a_line_with_another_prefix_is_not_a_game_line():
    assert (
        _refusal("chess:1:abc:12345678") == "This is not a Citadels game line: one starts with 'citadels:1:'."
    )
    assert _refusal("") == "This is not a Citadels game line: one starts with 'citadels:1:'."


def test_a_line_of_an_unknown_version_says_which_version_it_is():
    line = encode(GOOD).replace("citadels:1:", "citadels:2:", 1)
    assert _refusal(line) == "This game line is of version '2'; this Citadels reads version 1."


def test_a_line_cut_short_says_so():
    line = encode(GOOD)
    assert _refusal(line.rsplit(":", 1)[0]).startswith("The game line is cut or damaged")


def test_a_line_whose_data_is_not_base64url_says_so():
    line = encode(GOOD)
    head, data, check = line.rsplit(":", 2)
    bad = data[:10] + "+/" + data[12:]
    assert _refusal(f"{head}:{bad}:{check}").startswith("The game line is damaged: its data is not base64url")


def test_a_line_with_one_character_changed_fails_its_checksum():
    line = encode(GOOD)
    head, data, check = line.rsplit(":", 2)
    i = len(data) // 2
    changed = data[:i] + ("A" if data[i] != "A" else "B") + data[i + 1 :]
    assert (
        _refusal(f"{head}:{changed}:{check}")
        == "The game line is damaged: its checksum does not match its data. Copy it again, whole."
    )


def test_data_that_does_not_unpack_to_a_game_says_so():
    data = base64.urlsafe_b64encode(b"not zlib at all").decode().rstrip("=")
    assert (
        _refusal(f"citadels:1:{data}:{checksum(data)}")
        == "The game line's data is not a game (it does not unpack to one)."
    )
    assert _refusal(_line([1, 2, 3])) == "The game line's data is not a game (it does not unpack to one)."


def test_a_line_whose_data_unpacks_too_large_is_refused_without_reading_it_all():
    raw = zlib.compress(b" " * (5 * 1024 * 1024), 9)
    data = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert (
        _refusal(f"citadels:1:{data}:{checksum(data)}")
        == "The game line's data is too large or incomplete to be a game."
    )


def test_a_line_with_a_bad_configuration_or_seed_names_it():
    assert _refusal(_line({**GOOD_BODY, "config": {**GOOD_BODY["config"], "players": 9}})).startswith(
        "The game line's configuration is not a game: Citadels is played by 2 to 8 players"
    )
    assert _refusal(_line({**GOOD_BODY, "seed": "x"})) == "The game line has no seed (a whole number)."
    assert _refusal(_line({**GOOD_BODY, "actions": 3})) == "The game line has no list of actions."
    assert (
        _refusal(_line({**GOOD_BODY, "actions": [["x"]]}))
        == "Action 1 of the game line is not [seat, kind, arguments…]."
    )
    assert _refusal(_line({**GOOD_BODY, "bots": {"1": "grandmaster"}})).startswith(
        "The game line's bot of seat 2 is not one this Citadels has"
    )


def test_a_line_that_does_not_replay_names_the_first_illegal_action():
    actions = [*GOOD_BODY["actions"][:5], [0, "build", "castle"]]
    p = None
    g = Game(GOOD.config, GOOD.seed, record_events=False)
    for q, a in GOOD.actions[:5]:
        g.apply(q, a)
    p = pending_seat(g)
    actions[-1][0] = p
    message = _refusal(_line({**GOOD_BODY, "actions": actions}))
    assert message.startswith(
        f"The game line does not replay: action 6 (build castle) by seat {p + 1} is illegal:"
    )


def test_a_random_damage_never_passes_unnoticed():
    line = encode(GOOD)
    rng = random.Random(4)
    for _ in range(200):
        i = rng.randrange(len("citadels:1:"), len(line))
        c = rng.choice("AZaz09-_:")
        if line[i] == c or (i > line.rindex(":") and line[i] == c.lower()):
            continue  # the same line (the checksum's hex digits are read in either case)
        with pytest.raises(SaveFileError):
            decode(line[:i] + c + line[i + 1 :])


def test_an_action_in_a_line_is_the_engine_action():
    rec = GameRecord(
        GOOD.config, GOOD.seed, [(GOOD.actions[0][0], Action("choose", (GOOD.actions[0][1].args[0],)))]
    )
    assert decode(encode(rec)).actions == rec.actions


# ---------------------------------------------------------------- citadels replay LINE


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_citadels_replay_reads_a_game_line_and_checks_its_final_state():
    rec = _random_record("classic", 5, 6, 5000, cast="classic_intrigue", districts="classic_intrigue")
    r = _cli("replay", encode(rec))
    assert r.returncode == 0, r.stderr
    assert "the game is finished" in r.stdout and "reaches the recorded final state" in r.stdout
    wrong = GameRecord(rec.config, rec.seed, rec.actions, "0" * 16)
    r = _cli("replay", encode(wrong))
    assert r.returncode == 1 and "does NOT reach the recorded final state" in r.stdout


def test_citadels_replay_of_a_damaged_line_says_what_is_wrong():
    line = encode(GOOD)
    r = _cli("replay", line[:-1] + ("0" if line[-1] != "0" else "1"))
    assert r.returncode == 2
    assert (
        r.stderr.strip()
        == "citadels: The game line is damaged: its checksum does not match its data. Copy it again, whole."
    )
