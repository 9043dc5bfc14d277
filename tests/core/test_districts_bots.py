"""The heuristic bot uses unique districts sensibly (core/bots/heuristic_districts.py)."""

from district_helpers import game, setup, start_turn
from helpers import build

from citadels_core.actions import Action
from citadels_core.bots import HeuristicBot
from citadels_core.terms import BONUS, GATHER_GOLD, INCOME, SELECT
from citadels_core.view import view


def ready(g):
    """Anna's Merchant turn, resources gathered and its extra gold and income taken (the bot's first
    moves), so that what it does next is about the districts."""
    g = start_turn(g, 0)
    for a in (GATHER_GOLD, BONUS, INCOME):
        g.apply(0, a)
    return g


def choose(g, p=0):
    return HeuristicBot(1).choose(view(g, p))


def test_heuristic_puts_its_last_card_under_the_museum_when_the_park_refills_the_hand():
    g = game("museum", "park")
    g = setup(g, 0, hand=("palace",), city=("museum", "park"), gold=0)
    g = ready(g)
    assert choose(g) == Action("museum", ("palace",))


def test_heuristic_keeps_a_buildable_card_out_of_the_museum():
    g = game("museum")
    g = setup(g, 0, hand=("manor",), city=("museum",), gold=0)
    g = ready(g)
    g = build(g, gold={0: 1})  # cannot build the Manor this turn, may next turn
    assert choose(g).kind == "end"


def test_heuristic_never_gives_the_secret_vault_to_the_laboratory_or_the_museum():
    g = game("secret_vault", "laboratory", "museum")
    g = setup(
        g, 0, hand=("secret_vault", "palace", "cathedral", "town_hall"), city=("laboratory", "museum"), gold=0
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
    g = game("framework")
    g = setup(g, 0, hand=("temple",), city=("framework",), gold=0)
    g = ready(g)
    assert choose(g) == Action("build", ("temple",))


def test_heuristic_destroys_its_framework_for_a_district_it_cannot_afford():
    g = game("framework")
    g = setup(g, 0, hand=("palace",), city=("framework",), gold=0)
    g = ready(g)
    assert choose(g) == Action("build", ("palace", "destroy", "framework"))


def test_heuristic_builds_the_necropolis_on_its_cheapest_district():
    g = game("necropolis")
    g = setup(g, 0, hand=("necropolis",), city=("castle", "temple", "market"), gold=0)
    g = ready(g)
    assert choose(g) == Action("build", ("necropolis", "destroy", "temple"))


def test_heuristic_uses_the_armory_on_a_leader_about_to_complete_his_city():
    g = game("armory")
    g = setup(g, 0, hand=("temple",), city=("armory",), gold=0)
    g = setup(g, 1, city=("temple", "church", "manor", "tavern", "palace"))
    g = ready(g)
    assert choose(g) == Action("armory", (1, "palace"))


def test_heuristic_keeps_the_armory_when_nobody_threatens_to_finish():
    g = game("armory")
    g = setup(g, 0, city=("armory",), gold=0)
    g = setup(g, 1, city=("temple", "manor"))
    g = ready(g)
    assert choose(g).kind == "end"


def theater_decision(char: str, hand: int):
    """A 4-player game stopped at Anna's Theater decision, Anna holding `char`."""
    seed = 1
    while Action("choose", (char,)) not in (g := game("theater", seed=seed)).legal_actions():
        seed += 1  # a deal where Anna, first to choose, is offered `char`
    g = build(g, cities={0: ["theater"]})
    while g.phase == SELECT and not g.follow_up:
        p, _ = g.pending()
        legal = g.legal_actions()
        want = Action("choose", (char,))
        g.apply(p, want if p == 0 and want in legal else next(a for a in legal if a.args[0] != char))
    assert g.pending() == (0, "theater") and g.characters[0] == [g.cast_index(char)]
    g = setup(g, 0, hand=("castle", "manor", "palace", "temple")[:hand], city=("theater",), gold=2)
    return g


def test_heuristic_gives_away_a_weak_character_at_the_theater():
    g = theater_decision("magician", hand=3)
    assert choose(g).kind == "theater"


def test_heuristic_keeps_a_strong_character_at_the_theater():
    g = theater_decision("merchant", hand=3)
    assert choose(g) == Action("theater_pass")
