"""Setup and the selection phase for every player count (2016 rulebook, RULINGS R6, R25)."""

import pytest
from helpers import act, build, first_game_cast, pending_decision, pending_seat

from citadels_core import ConfigError, Game, GameConfig, IllegalAction
from citadels_core.view import view


@pytest.mark.parametrize("players", range(2, 9))
def test_each_player_starts_with_four_cards_and_two_gold(players):
    g = Game(GameConfig.create(players), seed=3)
    assert all(len(h) == 4 for h in g.hands)
    assert g.gold == [2] * players
    assert len(g.deck) == 54 + 14 - 4 * players
    assert g.crown == 0


def test_the_first_game_uses_54_basic_and_the_14_first_game_unique_districts():
    g = Game(GameConfig.create(4), seed=1)
    everything = sorted(g.deck + [c for h in g.hands for c in h])
    assert len(everything) == 68
    names = {g.rules.edition.districts[c].key for c in everything if g.rules.edition.districts[c].unique}
    assert names == set(GameConfig.create(4).districts)
    assert sum(1 for c in everything if g.rules.edition.districts[c].key == "manor") == 5


@pytest.mark.parametrize(
    ("players", "rank9", "faceup"),
    [
        (4, False, 2),
        (5, False, 1),
        (6, False, 0),
        (7, False, 0),
        (4, True, 3),
        (5, True, 2),
        (6, True, 1),
        (7, True, 0),
        (8, True, 0),
    ],
)
def test_faceup_discards_follow_the_rulebook_table(players, rank9, faceup):
    for seed in range(20):
        g = Game(GameConfig.create(players, rank9=rank9), seed)
        assert len(g.faceup) == faceup
        assert len(g.facedown) == 1


@pytest.mark.parametrize("players", [4, 5])
def test_rank_4_is_never_discarded_face_up(players):
    """RULINGS R6."""
    for seed in range(300):
        g = Game(GameConfig.create(players, rank9=True), seed)
        assert all(g.rules.character_rules[i].rank != 4 for i in g.faceup)


def _choose_first(g):
    pd = g.pending()
    act(g, g.legal_actions()[0].kind, g.legal_actions()[0].args[0])
    return pd


@pytest.mark.parametrize("players", range(4, 8))
def test_players_choose_in_turn_starting_with_the_crowned_player(players):
    g = Game(GameConfig.create(players), seed=5)
    g = build(g, crown=2)
    g.start_round()
    order = []
    while g.phase == "select":
        order.append(_choose_first(g)[0])
    assert order == [(2 + i) % players for i in range(players)]
    assert all(len(c) == 1 for c in g.characters)


@pytest.mark.parametrize(("players", "rank9"), [(7, False), (8, True)])
def test_last_player_also_takes_the_facedown_card_and_discards_one(players, rank9):
    g = Game(GameConfig.create(players, rank9=rank9), seed=11)
    hidden = g.facedown[0]
    for _ in range(players - 1):
        _choose_first(g)
    opts = g.selection_options()
    assert len(opts) == 2 and hidden in opts
    assert set(view(g, pending_seat(g)).options) == {g.character_key(c) for c in opts}
    act(g, "choose", g.character_key(hidden))
    assert g.owner[hidden] == (g.crown + players - 1) % players
    assert len(g.facedown) == 1 and g.facedown[0] != hidden


def test_four_players_leave_one_card_which_is_discarded_face_down():
    g = Game(GameConfig.create(4), seed=2)
    for _ in range(4):
        _choose_first(g)
    assert len(g.facedown) == 2  # the first face-down card and the unchosen one
    assert g.phase == "turn"


def test_two_player_draft_each_keeps_two_and_discards_face_down():
    g = Game(GameConfig.create(2), seed=4)
    assert g.cast_size == 8 and not g.faceup and len(g.facedown) == 1
    seq = []
    while g.phase == "select":
        p, kind = pending_decision(g)
        seq.append((p, kind, len(g.selection_options())))
        a = g.legal_actions()[0]
        g.apply(p, a)
    assert seq == [
        (0, "choose_character", 7),
        (1, "choose_character", 6),
        (1, "discard_character", 5),
        (0, "choose_character", 4),
        (0, "discard_character", 3),
        (1, "choose_character", 2),
        (1, "discard_character", 1),
    ]
    assert [len(c) for c in g.characters] == [2, 2]
    assert len(g.facedown) == 4


def test_three_player_draft_discards_one_at_random_then_each_picks_a_second():
    g = Game(GameConfig.create(3), seed=4)
    assert g.cast_size == 9 and not g.faceup
    seq = []
    while g.phase == "select":
        p, kind = pending_decision(g)
        seq.append((p, len(g.selection_options())))
        g.apply(p, g.legal_actions()[0])
    assert seq == [(0, 8), (1, 7), (2, 6), (0, 4), (1, 3), (2, 2)]
    assert [len(c) for c in g.characters] == [2, 2, 2]
    assert len(g.facedown) == 3  # the first, the random one, the last unchosen


def test_choosing_a_character_you_do_not_hold_is_refused_and_changes_nothing():
    g = Game(GameConfig.create(4), seed=9)
    p, _ = pending_decision(g)
    missing = next(g.character_key(i) for i in range(g.cast_size) if i not in g.selection_options())
    before = (list(g.round_state.draft), [list(c) for c in g.characters])
    with pytest.raises(IllegalAction, match="not among the characters you hold"):
        act(g, "choose", missing)
    assert (list(g.round_state.draft), [list(c) for c in g.characters]) == before


def test_a_player_cannot_act_out_of_turn():
    g = Game(GameConfig.create(4), seed=9)
    p, _ = pending_decision(g)
    a = g.legal_actions()[0]
    with pytest.raises(IllegalAction, match="turn to decide"):
        g.apply((p + 1) % 4, a)


@pytest.mark.parametrize(
    ("players", "kw", "message"),
    [
        (1, {}, "2 to 8 players"),
        (9, {}, "2 to 8 players"),
        (
            2,
            {"cast": first_game_cast("emperor")},
            "Emperor cannot be used in a 2-player game",
        ),
        (
            4,
            {"cast": first_game_cast(rank9="queen")},
            "Queen cannot be used with fewer than 5",
        ),
        (
            4,
            {"cast": ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect"]},
            "one character for each rank",
        ),
        (
            4,
            {"cast": ["assassin", "witch", "magician", "king", "bishop", "merchant", "architect", "warlord"]},
            "one character for each rank",
        ),
        (4, {"districts": ["keep"] * 14}, "must all be different"),
        (4, {"districts": ["keep", "smithy"]}, "14 different unique districts"),
        (4, {"districts": ["castle"] * 14}, "no unique district called 'castle'"),
        (4, {"cast": "no_such_preset"}, "no preset called"),
    ],
)
def test_a_cast_or_district_list_that_breaks_a_rule_is_refused_with_the_rule(players, kw, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig.create(players, **kw)


def test_rank_9_is_required_with_3_and_8_players_and_never_with_2():
    assert len(GameConfig.create(3).cast) == 9
    assert len(GameConfig.create(8).cast) == 9
    assert len(GameConfig.create(2).cast) == 8
    assert len(GameConfig.create(5).cast) == 8
    assert GameConfig.create(5, rank9=True).cast[-1] == "artist"
    with pytest.raises(ConfigError, match="needs a rank 9"):
        four = GameConfig.create(4)
        GameConfig(3, four.cast, four.districts, ("a", "b", "c")).validate()
