"""Edge cases of the new characters: two markers on one character, School of Magic as either resource, the
Emperor's crown with three players, what a spectator sees, replays, an empty tax token."""

import pytest
from chars_table import act, legal, table, turn_of
from helpers import build

from citadels_core import Game, GameConfig, IllegalAction, get_edition
from citadels_core.bots import make_bot
from citadels_core.record import GameRecord, state_digest
from citadels_core.view import view

DEVIOUS = ["magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator", "marshal"]


def test_a_character_may_carry_both_a_warrant_and_a_threat():
    """The threat is resolved right after gathering; the warrant when he pays to build (R17, R18)."""
    g = table(
        DEVIOUS, 4, {"magistrate": 0, "blackmailer": 1, "king": 2}, gold=[0, 0, 6, 0], hands={2: ["palace"]}
    )
    act(g, 0, "warrants", "king", "abbot", "alchemist")
    act(g, 0, "gather", "gold")
    act(g, 0, "end")
    act(g, 1, "threaten", "king", "abbot")
    act(g, 1, "gather", "gold")
    act(g, 1, "end")
    assert turn_of(g) == (2, "king")
    act(g, 2, "gather", "gold")  # 8
    act(g, 2, "bribe")  # 4 to the Blackmailer
    assert g.gold[1:3] == [2 + 4, 4]
    with pytest.raises(IllegalAction):
        act(g, 2, "build", "palace")  # 5 > 4
    act(g, 2, "income")
    assert legal(g, "build") == []
    v = view(g, 3)
    assert "king" in v.warrants and v.signed_warrant is None
    assert v.threats == ("abbot",)  # the bribe took the King's threat away unseen


def test_abbot_counts_the_school_of_magic_as_one_resource_of_either_kind():
    g = table(DEVIOUS, 4, {"abbot": 0}, gold=[0, 2, 2, 2], cities={0: ["school_of_magic", "temple"]})
    act(g, 0, "income")
    assert sorted(legal(g, "abbot_income")) == [(0,), (1,), (2,)]


def test_emperor_holding_the_crown_gives_it_to_either_other_player_in_a_three_player_game():
    cast = [
        "assassin",
        "thief",
        "magician",
        "emperor",
        "bishop",
        "merchant",
        "architect",
        "warlord",
        "artist",
    ]
    g = table(cast, 3, {"emperor": 0, "bishop": 0}, crown=0)
    assert {a[0] for a in legal(g, "emperor")} == {1, 2}


def test_spectator_sees_which_characters_carry_markers_but_not_which_is_signed():
    g = table(DEVIOUS, 4, {"magistrate": 0, "king": 1})
    act(g, 0, "warrants", "king", "abbot", "alchemist")
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
        p = g.current_player()
        a = bots[p].choose(view(g, p))
        rec.actions.append((p, a))
        g.apply(p, a)
    again = GameRecord.loads(rec.dumps()).replay()
    assert state_digest(again) == state_digest(g) and again.result == g.result


def test_blackmailer_cannot_threaten_the_killed_character():
    """RULINGS R18."""
    cast = ["assassin", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    g = table(cast, 4, {"assassin": 0, "blackmailer": 1})
    act(g, 0, "kill", "merchant")
    act(g, 0, "gather", "gold")
    act(g, 0, "end")
    targets = {k for a in legal(g, "threaten") for k in a}
    assert targets == {"magician", "king", "bishop", "architect", "warlord"}


def test_witch_resumed_as_tax_collector_takes_the_token_and_pays_no_tax():
    cast = [
        "witch",
        "thief",
        "magician",
        "king",
        "bishop",
        "merchant",
        "architect",
        "warlord",
        "tax_collector",
    ]
    g = table(cast, 4, {"witch": 0, "tax_collector": 1}, gold=[1, 0, 2, 2], hands={0: ["tavern"]})
    g = build(g, tax=3)
    act(g, 0, "gather", "gold")
    act(g, 0, "bewitch", "tax_collector")
    act(g, 1, "gather", "gold")
    assert turn_of(g) == (0, "tax_collector")
    act(g, 0, "build", "tavern")
    assert g.gold[0] == 2 and g.tax == 3
    act(g, 0, "collect_tax")
    assert g.gold[0] == 5 and g.tax == 0 and legal(g, "collect_tax") == []


def test_tax_collector_is_not_offered_an_empty_token():
    cast = [
        "assassin",
        "thief",
        "magician",
        "king",
        "bishop",
        "merchant",
        "architect",
        "warlord",
        "tax_collector",
    ]
    g = table(cast, 4, {"tax_collector": 1})
    assert g.tax == 0 and legal(g, "collect_tax") == []
