"""Positions as text (core/position.py, docs/position.md): for random states of both editions and every
player count, `from_position(position(g))` has the same legal actions, the same view for every seat and for
a spectator, and the same future under the same actions; a damaged or impossible position is refused with
a sentence."""

import json
import re

import pytest
from helpers import EVERY_SETUPS, pending_seat, play_random, random_states

from citadels_core import Game, GameConfig
from citadels_core.bots import RandomBot
from citadels_core.position import PositionError, from_position, position
from citadels_core.record import state_digest
from citadels_core.view import view


def _same(a: Game, b: Game) -> None:
    assert a.pending() == b.pending()
    assert a.legal_actions() == b.legal_actions()
    for seat in [*range(a.players), None]:
        assert view(a, seat) == view(b, seat)
    assert state_digest(a) == state_digest(b)


@pytest.mark.parametrize("edition,players,kw", EVERY_SETUPS)
def test_a_position_read_back_is_the_same_game_now_and_after(edition, players, kw):
    for seed in (1, 2):
        for g in random_states(edition, players, kw, seed):
            text = position(g)
            h = from_position(text)
            _same(g, h)
            assert position(h) == text
            # The same future under the same actions (chosen on the original, played on both).
            a, b = g.clone(), h.clone()
            bot = RandomBot(seed)
            for _ in range(30):
                if a.over:
                    break
                p = pending_seat(a)
                act = bot.choose(view(a, p))
                a.apply(p, act)
                b.apply(p, act)
            _same(a, b)
            assert a.result == b.result


def _text(seed: int = 3, steps: int = 40) -> str:
    g = Game(GameConfig.create(4), seed, record_events=False)
    play_random(g, steps, seed)
    return position(g)


def _replace(text: str, name: str, value: str) -> str:
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(name + ":"))
    lines[i] = f"{name}: {value}"
    return "\n".join(lines)


def _refusal(text: str) -> str:
    with pytest.raises(PositionError) as err:
        from_position(text)
    return str(err.value)


def test_a_damaged_or_impossible_position_is_refused_with_a_sentence():
    text = _text()
    assert (
        _refusal("hello")
        == "This is not a Citadels position: one starts with the line 'citadels-position: 1'."
    )
    assert _refusal(text.replace("citadels-position: 1", "citadels-position: 7")).startswith(
        "This position is written in another version (7)"
    )
    assert _refusal(text + "weather: 3\n").startswith("Line 44 of the position names nothing")
    assert (
        _refusal(_replace(text, "gold", "[1,2]"))
        == "The position's 'gold' must list one entry for each of the 4 players."
    )
    assert (
        _refusal(_replace(text, "gold", "[1,2,-3,0]"))
        == "The position's 'gold' must be a whole number of at least 0."
    )
    assert _refusal(_replace(text, "deck", "[]")).endswith(
        "district cards of this game are nowhere in the position."
    )
    assert re.fullmatch(
        r"The position has [23] Dragon Gate cards; this game has 1\.",
        _refusal(_replace(text, "museum", '["dragon_gate","dragon_gate"]')),
    )
    assert (
        _refusal(_replace(text, "museum", '["unicorn"]'))
        == "The position's 'museum' names a district this game has not: 'unicorn'."
    )
    assert (
        _refusal(_replace(text, "faceup", '["king","king"]'))
        == "The king is in two places at once in the position."
    )
    assert (
        _refusal("\n".join(ln for ln in text.splitlines() if not ln.startswith("tax:")))
        == "The position has no 'tax'."
    )
    assert (
        _refusal(_replace(text, "crown", "9")) == "The position's 'crown' must be a whole number from 0 to 3."
    )
    assert (
        _refusal(
            _replace(text, "known", '[[[],["unicorn"],[],[]],[[],[],[],[]],[[],[],[],[]],[[],[],[],[]]]')
        )
        == "The position's 'known' names a district this game has not: 'unicorn'."
    )
    hands = json.loads(next(ln for ln in text.splitlines() if ln.startswith("hands:")).split(":", 1)[1])
    absent = next(k for k in ("temple", "castle", "manor", "tavern", "market") if k not in hands[1])
    known: list[list[list[str]]] = [[[] for _ in range(4)] for _ in range(4)]
    known[0][1] = [absent]
    assert _refusal(_replace(text, "known", json.dumps(known))).startswith(
        "Seat 0 is said to know a "
    ) and _refusal(_replace(text, "known", json.dumps(known))).endswith(
        " in the hand of seat 1, who holds none."
    )


def test_the_refusal_leaves_nothing_half_built():
    good = _text()
    from_position(good)
    with pytest.raises(PositionError):
        from_position(_replace(good, "deck", "[]"))
    assert position(from_position(good)) == good


def test_the_game_writes_and_reads_its_position_through_its_own_methods():
    g = Game(GameConfig.create(5, cast="tenacious_delegates"), 9)
    play_random(g, 23, seed=2)
    text = g.position()
    assert text == position(g)
    h = Game.from_position(text)
    assert isinstance(h, Game) and h.position() == text and h.legal_actions() == g.legal_actions()
    assert Game.from_position(text, record_events=False).events is None
    with pytest.raises(PositionError, match="is not a readable value"):
        Game.from_position(text.replace("gold: [", "gold: [[", 1))
