"""Characters meeting unique districts: the interactions people get wrong (2016 rulebook "District
Clarifications"; RULINGS R14, R17, R21, R23, R24, R32)."""

import pytest
from district_helpers import districts
from helpers import (
    MAGISTRATE_CAST,
    act,
    all_cards,
    build,
    deck_top,
    keys,
    legal,
    mid_game,
    warrants_then_build,
)

from citadels_core import Action, IllegalAction

EMISSARIES = ["witch", "spy", "seer", "emperor", "bishop", "merchant", "scholar", "diplomat"]
AGENTS = ["magistrate", "thief", "wizard", "patrician", "bishop", "trader", "architect", "marshal"]


def test_magistrate_cannot_confiscate_a_district_built_by_destroying_the_framework():
    """Clarification (Framework); RULINGS R17: the next paid build can be confiscated."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("framework"),
        characters={0: "magistrate", 1: "king"},
        gold=[0, 3, 2, 2],
        hands={1: ["palace", "manor"]},
        cities={1: ["framework"]},
    )
    warrants_then_build(g, ("king", "bishop", "architect"), "palace", "destroy", "framework")
    assert g.pending() == (1, "turn")  # no warrant decision for an unpaid build
    assert "palace" in keys(g, g.cities[1])


def test_magistrate_can_confiscate_the_next_paid_build_after_a_framework_build():
    """Clarification (Framework)."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("framework"),
        characters={0: "magistrate", 1: "architect"},
        gold=[0, 3, 2, 2],
        hands={1: ["palace", "manor"]},
        cities={1: ["framework"]},
    )
    warrants_then_build(g, ("architect", "king", "bishop"), "palace", "destroy", "framework")
    act(g, "build", "manor", seat=1)
    assert g.pending() == (0, "warrant")
    act(g, "confiscate", seat=0)
    assert keys(g, g.cities[0]) == ["manor"] and g.gold[1] == 4  # 5, less the tax on the Palace


def test_magistrate_cannot_confiscate_a_necropolis_built_without_paying():
    """Clarification (Necropolis)."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("necropolis"),
        characters={0: "magistrate", 1: "king"},
        gold=[0, 0, 2, 2],
        hands={1: ["necropolis"]},
        cities={1: ["temple"]},
    )
    warrants_then_build(g, ("king", "bishop", "architect"), "necropolis", "destroy", "temple")
    assert g.pending() == (1, "turn")
    assert keys(g, g.cities[1]) == ["necropolis"]


def test_confiscated_stables_still_leave_the_builder_another_build():
    """Clarification (Stables)."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("stables"),
        characters={0: "magistrate", 1: "king"},
        gold=[0, 2, 2, 2],
        hands={1: ["stables", "manor"]},
    )
    warrants_then_build(g, ("king", "bishop", "architect"), "stables")  # the King has 4 gold to build with
    act(g, "confiscate", seat=0)
    assert keys(g, g.cities[0]) == ["stables"] and g.gold[1] == 4
    act(g, "build", "manor", seat=1)
    assert keys(g, g.cities[1]) == ["manor"]


def test_a_framework_build_still_pays_the_tax_collectors_tax():
    """RULINGS R21: even a district not paid for is taxed."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("framework"),
        characters={1: "king"},
        gold=[2, 2, 2, 2],
        hands={1: ["palace"]},
        cities={1: ["framework"]},
    )
    act(g, "gather", "gold", seat=1)
    act(g, "build", "palace", "destroy", "framework", seat=1)
    assert g.gold[1] == 3 and g.tax == 1


def test_diplomat_pays_one_more_for_a_district_behind_the_great_wall_but_not_for_what_he_gives():
    """RULINGS R14."""
    g = mid_game(
        players=4,
        cast=EMISSARIES,
        districts=districts("great_wall"),
        characters={0: "diplomat"},
        gold=[5, 2, 2, 2],
        cities={0: ["tavern"], 1: ["great_wall", "castle"]},
    )
    # Tavern (1) for Castle (4): 3 difference + 1 for the Great Wall guarding the Castle, none for the
    # Tavern going behind it.
    assert (1, "castle", "tavern") in legal(g, "exchange")
    act(g, "exchange", 1, "castle", "tavern", seat=0)
    assert g.gold[0] == 1 and g.gold[1] == 6


def test_museum_cards_stay_with_the_museum_when_the_diplomat_exchanges_it():
    """RULINGS R24."""
    g = mid_game(
        players=4,
        cast=EMISSARIES,
        districts=districts("museum"),
        characters={0: "diplomat"},
        gold=[5, 2, 2, 2],
        cities={0: ["castle"], 1: ["museum"]},
    )
    top, rest = deck_top(g, 2)
    g = build(g, museum=top, deck=rest)
    before = all_cards(g)
    act(g, "exchange", 1, "museum", "castle", seat=0)
    assert keys(g, g.cities[0]) == ["museum"] and len(g.museum) == 2
    assert all_cards(g) == before
    from citadels_core.scoring import score_breakdown

    assert score_breakdown(g, 0)["uniques"]["museum"] == 2


def test_marshal_cannot_seize_from_a_city_completed_with_the_monument():
    """RULINGS R10, R14: the Monument counts as two."""
    g = mid_game(
        players=4,
        cast=AGENTS,
        districts=districts("monument"),
        characters={0: "marshal"},
        gold=[9, 2, 2, 2],
        cities={1: ["monument", "tavern", "temple", "manor", "market", "church"]},
    )
    assert g.is_complete(1)
    assert all(a[0] != 1 for a in legal(g, "seize"))


def test_wizard_may_take_the_secret_vault_but_never_build_it():
    """RULINGS R23."""
    g = mid_game(
        players=4,
        cast=MAGISTRATE_CAST,
        districts=districts("secret_vault"),
        characters={0: "wizard"},
        gold=[9, 2, 2, 2],
        hands={1: ["secret_vault"]},
    )
    act(g, "wizard", 1, seat=0)
    assert ("secret_vault",) in legal(g, "wizard_take")
    assert ("secret_vault",) not in legal(g, "wizard_build")
    with pytest.raises(IllegalAction):
        g.apply(0, Action("wizard_build", ("secret_vault",)))
    act(g, "wizard_take", "secret_vault", seat=0)
    assert "secret_vault" in keys(g, g.hands[0])
