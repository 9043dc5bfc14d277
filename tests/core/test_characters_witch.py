"""Witch: the paused turn and the resumed turn as the bewitched character (2016 rulebook; R13, R16, R29)."""

import pytest
from helpers import act, held_by, keys, legal, mid_game, turn_of

from citadels_core import IllegalAction
from citadels_core.districts.base import DistrictRules
from citadels_core.terms import END, GATHER_CARDS, GATHER_GOLD
from citadels_core.view import view

CAST = ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def witch_table(holders, cast=CAST, **kw):
    characters = held_by({"witch": 0, **holders})
    return mid_game(players=kw.pop("players", 4), cast=cast, characters=characters, **kw)


def bewitch(g, target, resource="gold"):
    act(g, "gather", resource, seat=0)
    if g.decision.kind == "keep":
        act(g, "keep", g.card_keys(g.turn.drawn)[0], seat=0)
    act(g, "bewitch", target, seat=0)


def test_witch_must_gather_then_bewitch_and_cannot_build_first():
    g = witch_table({"merchant": 1}, gold=[9, 2, 2, 2], hands={0: ["tavern"]}, cities={0: ["smithy"]})
    assert set(g.legal_actions()) == {GATHER_GOLD, GATHER_CARDS}
    act(g, "gather", "gold", seat=0)
    assert g.pending() == (0, "bewitch")
    assert {a.args[0] for a in g.legal_actions()} == set(CAST[1:])
    with pytest.raises(IllegalAction):
        act(g, "build", "tavern", seat=0)
    act(g, "bewitch", "merchant", seat=0)
    assert turn_of(g) == (1, "merchant")
    assert view(g, 2).bewitched == "merchant"


def test_bewitched_player_only_gathers_resources_and_his_turn_ends():
    g = witch_table({"merchant": 1}, gold=[2, 2, 2, 2], cities={1: ["tavern", "market"]})
    bewitch(g, "merchant")
    assert set(g.legal_actions()) == {GATHER_GOLD, GATHER_CARDS}
    act(g, "gather", "gold", seat=1)
    assert g.gold[1] == 4  # no income, no extra gold
    assert turn_of(g) == (0, "merchant")


def test_witch_resumes_as_the_bewitched_character_with_her_own_hand_gold_and_city():
    g = witch_table(
        {"merchant": 1},
        gold=[0, 2, 2, 2],
        cities={0: ["tavern", "harbor"], 1: ["market"]},
        hands={0: ["docks"], 1: ["manor"]},
    )
    bewitch(g, "merchant")  # the Witch has 2 gold
    act(g, "gather", "gold", seat=1)
    assert turn_of(g) == (0, "merchant")
    assert GATHER_GOLD not in g.legal_actions()  # she already gathered in the first part
    act(g, "bonus", seat=0)
    act(g, "income", seat=0)
    assert g.gold[0] == 2 + 1 + 2
    act(g, "build", "docks", seat=0)
    assert keys(g, g.cities[0]) == ["docks", "harbor", "tavern"]
    act(g, "end", seat=0)
    assert g.turn.player == -1 or turn_of(g)[1] != "merchant"


def test_witch_resumed_as_architect_has_the_building_limit_of_three():
    g = witch_table({"architect": 1}, gold=[20, 2, 2, 2], hands={0: ["tavern", "temple", "manor", "castle"]})
    bewitch(g, "architect")
    act(g, "gather", "gold", seat=1)
    for k in ("tavern", "temple", "manor"):
        act(g, "build", k, seat=0)
    assert legal(g, "build") == []


def test_witch_resumed_as_navigator_cannot_build():
    cast = ["witch", "thief", "magician", "king", "bishop", "merchant", "navigator", "warlord"]
    g = witch_table({"navigator": 1}, cast=cast, gold=[20, 2, 2, 2], hands={0: ["tavern"]})
    bewitch(g, "navigator")
    act(g, "gather", "gold", seat=1)
    assert turn_of(g) == (0, "navigator")
    assert legal(g, "build") == [] and len(legal(g, "navigate")) == 2


def test_bewitched_king_still_takes_the_crown_and_the_witch_does_not():
    g = witch_table({"king": 2}, crown=1)
    bewitch(g, "king")
    act(g, "gather", "gold", seat=2)
    assert g.crown == 2 and turn_of(g) == (0, "king")
    act(g, "end", seat=0)
    assert g.crown == 2


def test_bewitched_patrician_still_takes_the_crown():
    cast = ["witch", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord"]
    g = witch_table({"patrician": 3}, cast=cast, crown=1, cities={0: ["manor"]})
    bewitch(g, "patrician")
    act(g, "gather", "gold", seat=3)
    assert g.crown == 3
    hand = len(g.hands[0])
    act(g, "income", seat=0)  # the Witch gains cards for her own noble district
    assert len(g.hands[0]) == hand + 1 and g.crown == 3


def test_witch_as_emperor_gives_the_crown_to_neither_its_holder_nor_herself_and_takes_the_resource():
    """RULINGS R29."""
    cast = ["witch", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord"]
    g = witch_table({"emperor": 2}, cast=cast, crown=1, gold=[0, 2, 2, 3])
    bewitch(g, "emperor")
    act(g, "gather", "gold", seat=2)
    assert g.crown == 1 and turn_of(g) == (0, "emperor")
    assert {a[0] for a in legal(g, "emperor")} == {2, 3}
    assert END not in g.legal_actions()
    act(g, "emperor", 3, "gold", seat=0)
    assert g.crown == 3 and g.gold[0] == 3 and g.gold[3] == 2


def test_bewitched_bishop_protects_the_witchs_city_not_the_bishops():
    """RULINGS R13."""
    g = witch_table(
        {"bishop": 1, "warlord": 2}, gold=[2, 2, 9, 2], cities={0: ["temple"], 1: ["church"], 3: ["tavern"]}
    )
    bewitch(g, "bishop")
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=0)
    assert turn_of(g) == (2, "warlord")
    targets = {a[0] for a in legal(g, "destroy")}
    assert 0 not in targets and 1 in targets and 3 in targets


def test_witch_whose_target_is_not_in_play_does_not_resume():
    """RULINGS R16."""
    g = witch_table({"king": 1}, hands={0: ["tavern"]}, gold=[9, 2, 2, 2])
    bewitch(g, "architect")
    assert turn_of(g) == (1, "king")
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert g.round == 2 and g.cities[0] == []


def test_witch_as_blackmailer_places_threats_and_receives_the_bribe():
    cast = ["witch", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    g = witch_table({"blackmailer": 1, "merchant": 2}, cast=cast, gold=[0, 2, 8, 2])
    bewitch(g, "blackmailer")
    act(g, "gather", "gold", seat=1)
    assert turn_of(g) == (0, "blackmailer")
    act(g, "threaten", "merchant", "architect", seat=0)
    assert view(g, 0).flowered_threat == "merchant" and view(g, 1).flowered_threat is None
    act(g, "end", seat=0)
    act(g, "gather", "gold", seat=2)
    act(g, "bribe", seat=2)
    assert g.gold[0] == 2 + 5 and g.gold[1] == 4


def test_witch_end_of_turn_comes_after_her_resumed_turn():
    """RULINGS R16: the Alchemist's refund (an end-of-turn effect) is hers when she resumes."""
    cast = ["witch", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord"]
    g = witch_table({"alchemist": 1}, cast=cast, gold=[3, 2, 2, 2], hands={0: ["palace"]})
    bewitch(g, "alchemist")  # 5 gold
    act(g, "gather", "gold", seat=1)
    act(g, "build", "palace", seat=0)
    assert g.gold[0] == 0
    act(g, "end", seat=0)
    assert g.gold[0] == 5 and g.gold[1] == 4


def test_witch_cannot_bewitch_a_face_up_character():
    """RULINGS R26."""
    g = witch_table({"king": 1}, faceup=["merchant"])
    act(g, "gather", "gold", seat=0)
    assert "merchant" not in {a.args[0] for a in g.legal_actions()}


class _EndOfTurnProbe(DistrictRules):
    """A stand-in end-of-turn district (like the Park or the Poor House) that counts when it resolves."""

    key = "dragon_gate"
    has_end_turn = True
    calls: list[int] = []

    def on_end_turn(self, g, p):
        self.calls.append(p)


def _probe(seats=(0,)):
    """The Witch's table with a stand-in end-of-turn district in each of `seats`' cities (the Dragon Gate's,
    then the Statue's place: the game has one of each), and the probe counting for both."""
    places = dict(zip(seats, ("dragon_gate", "statue"), strict=False))
    g = witch_table({"king": 1}, cities={p: [k] for p, k in places.items()})
    calls: list[int] = []
    probes = {}
    for k in places.values():
        probes[k] = _EndOfTurnProbe(g.card_id(k))
        probes[k].key, probes[k].calls = k, calls
    # The stand-ins replace the districts' rules objects (not a position: the rules the game was made with).
    g.set_district_rules({**g.rules.district_rules, **probes})
    return g, probes["dragon_gate"]


def test_witch_who_does_not_resume_never_resolves_end_of_turn_districts():
    """RULINGS R16."""
    g, probe = _probe()
    bewitch(g, "architect")
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert g.round == 2 and probe.calls == []


def test_witch_end_of_turn_districts_resolve_once_after_her_resumed_turn():
    """RULINGS R16; the bewitched player uses only gathering effects, so his do not resolve either."""
    g, probe = _probe(seats=(0, 1))
    bewitch(g, "king")
    assert probe.calls == []
    act(g, "gather", "gold", seat=1)
    assert probe.calls == []
    act(g, "end", seat=0)
    assert probe.calls == [0]
