"""The tests' scenario builders (tests/support/helpers.py) write positions; here they are checked against the engine.

`mid_game` writes the first call of the turn phase as a position instead of letting the engine make the
call. For random picks (partial ones too: a seat holding nothing), crowns, face-up discards, hands and
cities, in both editions and every player count, its game must be the one the engine's own
`begin_turn_phase` reaches from the same fields. That reference writes the game's fields by hand, the one
place in the tests allowed to (tests/core/test_layers.py): it is what the builder replaced."""

import random
from collections import Counter

import pytest
from classic_helpers import purple_with
from helpers import EVERY_SETUPS, build, mid_game, new_game, position_lines

from citadels_core import Game, GameConfig
from citadels_core.terms import CARD


def _by_hand(g: Game, picks: dict[int, list[str]], faceup: list[str], crown: int) -> Game:
    """The old way: the fields written, then the engine calls the first character."""
    g.crown = crown
    g.owner = [-1] * g.cast_size
    g.characters = [[] for _ in range(g.players)]
    for p, keys in picks.items():
        for k in keys:
            i = g.cast_index(k)
            g.owner[i] = p
            g.characters[p].append(i)
    g.faceup = [g.cast_index(k) for k in faceup]
    g.facedown = [i for i in range(g.cast_size) if g.owner[i] < 0 and i not in g.faceup]
    g.round_state.draft = []
    g.round_state.step = len(g.round_state.order)
    g.begin_turn_phase()
    return g


def _scenario(g: Game, rng: random.Random) -> tuple[dict[int, list[str]], list[str], int]:
    keys = [g.character_key(i) for i in range(g.cast_size)]
    rng.shuffle(keys)
    faceup = keys[: rng.randrange(3)]
    picks: dict[int, list[str]] = {}
    for k in keys[len(faceup) :]:
        if rng.random() < 0.6:
            picks.setdefault(rng.randrange(g.players), []).append(k)
    if not picks:
        picks[0] = [keys[-1]]
    return picks, faceup, rng.randrange(g.players)


@pytest.mark.parametrize("edition,players,kw", EVERY_SETUPS)
def test_mid_game_writes_the_game_the_engine_reaches_by_calling(edition, players, kw):
    rng = random.Random(players)
    for seed in range(6):
        config = GameConfig.create(players, edition=edition, **kw)
        picks, faceup, crown = _scenario(Game(config, seed), rng)
        # Some cities first (two seats each get the deck's top cards), so the districts' hooks have work.
        fresh = Game(config, seed)
        lines = position_lines(fresh)
        cities = {q: lines["deck"][-3 * q - 3 : len(lines["deck"]) - 3 * q] for q in range(min(2, players))}
        base = build(fresh, cities=cities)
        reference = _by_hand(Game.from_position(base.position()), picks, faceup, crown)
        try:
            built = mid_game(base, characters=picks, faceup=faceup, crown=crown)
        except AssertionError as e:  # the builder refuses what it cannot write (the Throne Room's gold)
            assert "Throne Room" in str(e)
            continue
        assert built.position() == reference.position()
        assert built.legal_actions() == reference.legal_actions()


def test_build_keeps_every_card_once_and_the_order_of_the_deck():
    g = Game(GameConfig.create(4), 5)
    old = position_lines(g)
    h = build(g, hands={0: ["tavern", "palace"]}, cities={1: ["castle+", "temple"]}, gold={2: 9})
    new = position_lines(h)
    assert new["hands"][0] == ["tavern", "palace"] and new["cities"][1] == ["castle+", "temple"]
    assert new["gold"][2] == 9 and new["hands"][1:] == old["hands"][1:]
    assert sorted(c & CARD for c in h.cities[1]) == sorted(h.card_id(k) for k in ("castle", "temple"))

    # The cards no longer in a hand or city go under the deck; those newly placed leave it from the bottom.
    def placed(lines):
        return Counter(k.rstrip("+") for row in (*lines["hands"], *lines["cities"]) for k in row)

    freed, taken = placed(old) - placed(new), placed(new) - placed(old)
    assert Counter(new["deck"][: freed.total()]) == freed
    deck = list(old["deck"])
    for k in taken.elements():
        deck.remove(k)
    assert new["deck"][freed.total() :] == deck


@pytest.mark.parametrize("owner", range(4))
def test_mid_game_writes_the_ball_rooms_thanks_and_refuses_the_throne_rooms_gold(owner):
    """The classic Ball Room (RULINGS R44): the first player called thanks its crowned owner, as the
    engine's call asks; the Throne Room's gold when the King takes the crown is not written: refused."""

    picks = {0: ["assassin"], 1: ["king"], 2: ["merchant"]}
    for crown in range(4):
        g = build(
            new_game(4, edition="classic", districts=purple_with("ball_room", "throne_room")),
            cities={owner: ["ball_room"]},
        )
        reference = _by_hand(Game.from_position(g.position()), picks, [], crown)
        assert mid_game(g, characters=picks, crown=crown).position() == reference.position()
    g = build(
        new_game(4, edition="classic", districts=purple_with("ball_room", "throne_room")),
        cities={owner: ["throne_room"]},
    )
    with pytest.raises(AssertionError, match="Throne Room"):
        mid_game(g, characters={owner: ["king"]}, crown=(owner + 1) % 4)
    assert mid_game(g, characters={owner: ["king"]}, crown=owner).crown == owner
