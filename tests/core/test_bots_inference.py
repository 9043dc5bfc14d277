"""Draft inference (core/bots/inference.py): sound on real games, informative where the draft tells."""

import pytest
from helpers import pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.bots.inference import infer
from citadels_core.bots.normal import NormalBot
from citadels_core.edition import get_edition
from citadels_core.view import view

CASTS = [p.key for p in get_edition("2016").presets]


def check_game(players: int, cast: str, seed: int) -> int:
    """Play a game of normal bots; at every decision check that each seat's beliefs give every opponent's
    real, unrevealed character a chance. Returns how many checks ruled something out (informative)."""
    g = Game(GameConfig.create(players, cast=cast), seed, record_events=False)
    bots = [NormalBot(seed + i) for i in range(players)]
    informative = 0
    while not g.over:
        p = pending_seat(g)
        for q in range(players):
            b = bots[q].beliefs(view(g, q)) if g.phase == "turn" or g.characters[q] else None
            if b is None:
                continue
            for r in range(players):
                for i in g.characters[r]:
                    if r != q and not g.revealed[i]:
                        assert b.prob(r, g.character_key(i)) > 0, (
                            cast,
                            players,
                            seed,
                            q,
                            r,
                            g.character_key(i),
                            b,
                        )
                        if len(b.candidates[r]) < len(g.rules.cast) - len(g.faceup) - len(g.characters[q]):
                            informative += 1
        g.apply(p, bots[p].choose(view(g, p)))
    return informative


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_beliefs_never_rule_out_a_players_real_character(players):
    informative = check_game(players, CASTS[players % len(CASTS)], 40 + players)
    assert informative > 0  # the draft really narrowed something down


@pytest.mark.slow
@pytest.mark.parametrize("cast", CASTS)
def test_beliefs_are_sound_with_every_cast(cast):
    for players in (4, 6, 7, 8):  # 7 and 8: the last picker may take the face-down card
        check_game(players, cast, 7)


def test_a_player_after_me_holds_one_of_the_characters_i_passed():
    g = Game(GameConfig.create(4), 3, record_events=False)
    crown = g.crown
    assert pending_seat(g) == crown
    offered = [str(a.args[0]) for a in g.legal_actions()]
    g.apply(crown, make_bot("normal", 1).choose(view(g, crown)))
    b = infer(view(g, crown), crown)
    mine = g.character_key(g.characters[crown][0])
    nxt = (crown + 1) % 4
    assert b.candidates[nxt] == frozenset(offered) - {mine}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_at_two_players_the_opponent_holds_exactly_one_of_each_draft_segment(seed):
    """Each seat remembers its own offers and discards: the opponent's real characters meet every
    segment exactly once, and after the draft both segments are known (each of two or three cards)."""
    g = Game(GameConfig.create(2), seed, record_events=False)
    bots = [NormalBot(seed + i) for i in range(2)]
    full = 0
    while not g.over:
        p = pending_seat(g)
        for q in range(2):
            segs = bots[q].segments(view(g, q))
            held = {g.character_key(i) for i in g.characters[1 - q]}
            if g.phase == "turn":
                assert all(len(held & s) == 1 and 2 <= len(s) <= 3 for s in segs), (q, segs, held)
                full += len(segs) == 2
        g.apply(p, bots[p].choose(view(g, p)))
    assert full > 0
