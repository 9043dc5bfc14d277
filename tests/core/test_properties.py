"""Properties over many seeds and player counts (hypothesis)."""

import pytest
from helpers import all_cards, pending_seat, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from citadels_core import Game, GameConfig
from citadels_core.bots import RandomBot
from citadels_core.record import GameRecord, state_digest
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view

GAMES = st.tuples(st.integers(2, 8), st.integers(0, 2**32), st.booleans())


def config(players: int, rank9: bool) -> GameConfig:
    return GameConfig.create(players, rank9=rank9 if 4 <= players <= 7 else None)


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_every_game_ends_with_cards_conserved_and_no_negative_stash(params):
    players, seed, rank9 = params
    g = Game(config(players, rank9), seed, record_events=False)
    start = all_cards(g)
    bot = RandomBot(seed)
    steps = 0
    while not g.over:
        p = pending_seat(g)
        g.apply(p, bot.choose(view(g, p)))
        steps += 1
        assert steps < 20000
        assert min(g.gold) >= 0
        if not g.decision.kind:
            assert all_cards(g) == start
    assert g.result is not None and g.result["winners"]


@settings(max_examples=40, deadline=None)
@given(GAMES, st.integers(0, 400))
def test_a_view_does_not_change_when_hidden_cards_are_redealt(params, steps):
    players, seed, rank9 = params
    g = Game(config(players, rank9), seed, record_events=False)
    bot = RandomBot(seed + 1)
    for _ in range(steps):
        if g.over:
            break
        p = pending_seat(g)
        g.apply(p, bot.choose(view(g, p)))
    rng = Rng(seed)
    for p in [*range(players), None]:
        v = view(g, p)
        if p is None:
            continue
        for _ in range(3):
            h = redeal(g, p, rng)
            assert view(h, p) == v
            if not g.decision.kind:  # cards drawn or being paid are in nobody's hand for a moment
                assert all_cards(h) == all_cards(g)


@settings(max_examples=25, deadline=None)
@given(GAMES, st.integers(1, 600))
def test_a_replay_reproduces_the_game(params, steps):
    players, seed, rank9 = params
    cfg = config(players, rank9)
    g = Game(cfg, seed)
    log = play_random(g, steps, seed)
    rec = GameRecord.loads(GameRecord(cfg, seed, log, state_digest(g)).dumps())
    assert state_digest(rec.replay()) == rec.final


def test_redeal_really_changes_hidden_cards():
    """The view test above is only meaningful if re-dealing moves the hidden cards."""
    g = Game(GameConfig.create(4), 1)
    h = redeal(g, 0, Rng(5))
    assert h.hands[0] == g.hands[0]
    assert h.hands[1:] != g.hands[1:] or h.deck != g.deck


@settings(max_examples=20, deadline=None)
@given(GAMES, st.integers(0, 300))
def test_redeal_depends_only_on_what_the_player_knows(params, steps):
    players, seed, rank9 = params
    g = Game(config(players, rank9), seed, record_events=False)
    bot = RandomBot(seed)
    for _ in range(steps):
        if g.over:
            break
        p = pending_seat(g)
        g.apply(p, bot.choose(view(g, p)))
    from citadels_core.record import state_digest

    for p in range(players):
        other = redeal(g, p, Rng(seed + 1))
        assert state_digest(redeal(other, p, Rng(7))) == state_digest(redeal(g, p, Rng(7)))


NAMING_CASTS = [  # casts whose characters name others: kill, rob, bewitch, warrants, threats
    ("2016", "witch,thief,magician,king,bishop,merchant,architect,warlord"),
    ("2016", "magistrate,blackmailer,wizard,king,abbot,alchemist,navigator,diplomat"),
    ("2016", "assassin,blackmailer,seer,patrician,cardinal,trader,scholar,marshal"),
    ("classic", "classic_intrigue"),
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NAMING_CASTS), st.integers(2, 3), st.integers(0, 2**32), st.integers(0, 200))
@pytest.mark.slow
def test_a_redealt_world_never_gives_a_player_a_character_they_named(cast, players, seed, steps):
    """Nobody names their own character (RULINGS R26), and who named which is public: a world where the
    Witch's player holds the character she bewitched could not be played (it has no legal action)."""
    edition, characters = cast
    if "," in characters:  # a 3-player game adds a rank 9 character
        cfg = GameConfig.create(players, cast=characters.split(",") + ["artist"] * (players == 3))
    else:
        cfg = GameConfig.create(players, cast=characters, districts=characters, edition=edition)
    g = Game(cfg, seed, record_events=False)
    play_random(g, steps, seed)
    rng = Rng(seed)
    for p in range(players):
        for _ in range(3):
            h = redeal(g, p, rng)
            named = [(h.killed, "assassin"), (h.bewitched, "witch")]
            keys = [r.key for r in h.rules.character_rules]
            for i, namer in named:
                if i >= 0 and namer in keys:
                    assert h.owner[i] != h.owner[keys.index(namer)]
            if h.robbed >= 0:
                assert h.owner[h.robbed] != h.robber
            play_random(h, 400, seed + 1)  # and the world plays on: a legal action at every decision
