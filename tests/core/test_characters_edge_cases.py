"""Edge cases of the new characters: two markers on one character, School of Magic as either resource, the
Emperor's crown with three players, what a spectator sees, replays, an empty tax token."""

import pytest
from helpers import act, build, first_game_cast, legal, mid_game, pending_seat, turn_of

from citadels_core import Game, GameConfig, IllegalAction, get_edition
from citadels_core.bots import make_bot
from citadels_core.record import GameRecord, state_digest
from citadels_core.view import view

DEVIOUS = ["magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator", "marshal"]


def test_a_character_may_carry_both_a_warrant_and_a_threat():
    """The threat is resolved right after gathering; the warrant when he pays to build (R17, R18)."""
    g = mid_game(
        players=4,
        cast=DEVIOUS,
        characters={0: "magistrate", 1: "blackmailer", 2: "king"},
        gold=[0, 0, 6, 0],
        hands={2: ["palace"]},
    )
    act(g, "warrants", "king", "abbot", "alchemist", seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    act(g, "threaten", "king", "abbot", seat=1)
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert turn_of(g) == (2, "king")
    act(g, "gather", "gold", seat=2)  # 8
    act(g, "bribe", seat=2)  # 4 to the Blackmailer
    assert g.gold[1:3] == [2 + 4, 4]
    with pytest.raises(IllegalAction):
        act(g, "build", "palace", seat=2)  # 5 > 4
    act(g, "income", seat=2)
    assert legal(g, "build") == []
    v = view(g, 3)
    assert "king" in v.warrants and v.signed_warrant is None
    assert v.threats == ("abbot",)  # the bribe took the King's threat away unseen


def test_abbot_counts_the_school_of_magic_as_one_resource_of_either_kind():
    g = mid_game(
        players=4,
        cast=DEVIOUS,
        characters={0: "abbot"},
        gold=[0, 2, 2, 2],
        cities={0: ["school_of_magic", "temple"]},
    )
    act(g, "income", seat=0)
    assert sorted(legal(g, "abbot_income")) == [(0,), (1,), (2,)]


def test_emperor_holding_the_crown_gives_it_to_either_other_player_in_a_three_player_game():
    cast = first_game_cast("emperor", rank9="artist")
    g = mid_game(players=3, cast=cast, characters={0: ["emperor", "bishop"]}, crown=0)
    assert {a[0] for a in legal(g, "emperor")} == {1, 2}


def test_spectator_sees_which_characters_carry_markers_but_not_which_is_signed():
    g = mid_game(players=4, cast=DEVIOUS, characters={0: "magistrate", 1: "king"})
    act(g, "warrants", "king", "abbot", "alchemist", seat=0)
    spectator = view(g, None)
    assert spectator.warrants == ("king", "abbot", "alchemist") and spectator.signed_warrant is None
    assert view(g, 0).signed_warrant == "king"


@pytest.mark.parametrize("preset", [p.key for p in get_edition("2016").presets])
def test_a_recorded_game_replays_to_the_same_state(preset):
    cfg = GameConfig.create(5, cast=preset, districts="first_game", rank9=True)
    g = Game(cfg, 21)
    rec = GameRecord(cfg, 21)
    bots = [make_bot("heuristic" if p % 2 else "random", p) for p in range(5)]
    while not g.over:
        p = pending_seat(g)
        a = bots[p].choose(view(g, p))
        rec.actions.append((p, a))
        g.apply(p, a)
    again = GameRecord.loads(rec.dumps()).replay()
    assert state_digest(again) == state_digest(g) and again.result == g.result


def test_blackmailer_cannot_threaten_the_killed_character():
    """RULINGS R18."""
    cast = ["assassin", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    g = mid_game(players=4, cast=cast, characters={0: "assassin", 1: "blackmailer"})
    act(g, "kill", "merchant", seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    targets = {k for a in legal(g, "threaten") for k in a}
    assert targets == {"magician", "king", "bishop", "architect", "warlord"}


def test_witch_resumed_as_tax_collector_takes_the_token_and_pays_no_tax():
    cast = first_game_cast("witch", rank9="tax_collector")
    g = mid_game(
        players=4,
        cast=cast,
        characters={0: "witch", 1: "tax_collector"},
        gold=[1, 0, 2, 2],
        hands={0: ["tavern"]},
    )
    g = build(g, tax=3)
    act(g, "gather", "gold", seat=0)
    act(g, "bewitch", "tax_collector", seat=0)
    act(g, "gather", "gold", seat=1)
    assert turn_of(g) == (0, "tax_collector")
    act(g, "build", "tavern", seat=0)
    assert g.gold[0] == 2 and g.tax == 3
    act(g, "collect_tax", seat=0)
    assert g.gold[0] == 5 and g.tax == 0 and legal(g, "collect_tax") == []


def test_tax_collector_is_not_offered_an_empty_token():
    cast = first_game_cast(rank9="tax_collector")
    g = mid_game(players=4, cast=cast, characters={1: "tax_collector"})
    assert g.tax == 0 and legal(g, "collect_tax") == []
