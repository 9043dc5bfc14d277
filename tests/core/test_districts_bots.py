"""The heuristic bot uses unique districts sensibly (core/bots/heuristic_districts.py)."""

from district_helpers import districts
from helpers import build, mid_game, new_game, pending_decision

from citadels_core.actions import Action
from citadels_core.bots import HeuristicBot
from citadels_core.terms import BONUS, GATHER_GOLD, INCOME, SELECT
from citadels_core.view import view


def ready(g):
    """Anna's Merchant turn, resources gathered and its extra gold and income taken (the bot's first
    moves), so that what it does next is about the districts."""
    g = mid_game(g, characters={0: "merchant"})
    for a in (GATHER_GOLD, BONUS, INCOME):
        g.apply(0, a)
    return g


def choose(g, p=0):
    return HeuristicBot(1).choose(view(g, p))


def test_heuristic_puts_its_last_card_under_the_museum_when_the_park_refills_the_hand():
    g = new_game(districts=districts("museum", "park"))
    g = build(g, hands={0: ["palace"]}, cities={0: ["museum", "park"]}, gold={0: 0})
    g = ready(g)
    assert choose(g) == Action("museum", ("palace",))


def test_heuristic_keeps_a_buildable_card_out_of_the_museum():
    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: ["manor"]}, cities={0: ["museum"]}, gold={0: 0})
    g = ready(g)
    g = build(g, gold={0: 1})  # cannot build the Manor this turn, may next turn
    assert choose(g).kind == "end"


def test_heuristic_never_gives_the_secret_vault_to_the_laboratory_or_the_museum():
    g = new_game(districts=districts("secret_vault", "laboratory", "museum"))
    g = build(
        g,
        hands={0: ["secret_vault", "palace", "cathedral", "town_hall"]},
        cities={0: ["laboratory", "museum"]},
        gold={0: 0},
    )
    g = ready(g)
    for _ in range(4):
        a = choose(g)
        assert "secret_vault" not in a.args
        if a.kind == "end":
            break
        g.apply(0, a)
    assert g.card_id("secret_vault") in g.hands[0]


def test_heuristic_pays_rather_than_destroying_its_framework_for_a_cheap_district():
    g = new_game(districts=districts("framework"))
    g = build(g, hands={0: ["temple"]}, cities={0: ["framework"]}, gold={0: 0})
    g = ready(g)
    assert choose(g) == Action("build", ("temple",))


def test_heuristic_destroys_its_framework_for_a_district_it_cannot_afford():
    g = new_game(districts=districts("framework"))
    g = build(g, hands={0: ["palace"]}, cities={0: ["framework"]}, gold={0: 0})
    g = ready(g)
    assert choose(g) == Action("build", ("palace", "destroy", "framework"))


def test_heuristic_builds_the_necropolis_on_its_cheapest_district():
    g = new_game(districts=districts("necropolis"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: ["castle", "temple", "market"]}, gold={0: 0})
    g = ready(g)
    assert choose(g) == Action("build", ("necropolis", "destroy", "temple"))


def test_heuristic_uses_the_armory_on_a_leader_about_to_complete_his_city():
    g = new_game(districts=districts("armory"))
    g = build(g, hands={0: ["temple"]}, cities={0: ["armory"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["temple", "church", "manor", "tavern", "palace"]}, gold={1: 0})
    g = ready(g)
    assert choose(g) == Action("armory", (1, "palace"))


def test_heuristic_keeps_the_armory_when_nobody_threatens_to_finish():
    g = new_game(districts=districts("armory"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["temple", "manor"]}, gold={1: 0})
    g = ready(g)
    assert choose(g).kind == "end"


def theater_decision(char: str, hand: int):
    """A 4-player game stopped at Anna's Theater decision, Anna holding `char`."""
    seed = 1
    while (
        Action("choose", (char,))
        not in (g := new_game(seed=seed, districts=districts("theater"))).legal_actions()
    ):
        seed += 1  # a deal where Anna, first to choose, is offered `char`
    g = build(g, cities={0: ["theater"]})
    while g.phase == SELECT and not g.decision.kind:
        p, _ = pending_decision(g)
        legal = g.legal_actions()
        want = Action("choose", (char,))
        g.apply(p, want if p == 0 and want in legal else next(a for a in legal if a.args[0] != char))
    assert g.pending() == (0, "theater") and g.characters[0] == [g.cast_index(char)]
    g = build(
        g,
        hands={0: list(("castle", "manor", "palace", "temple")[:hand])},
        cities={0: ["theater"]},
        gold={0: 2},
    )
    return g


def test_heuristic_gives_away_a_weak_character_at_the_theater():
    g = theater_decision("magician", hand=3)
    assert choose(g).kind == "theater"


def test_heuristic_keeps_a_strong_character_at_the_theater():
    g = theater_decision("merchant", hand=3)
    assert choose(g) == Action("theater_pass")
