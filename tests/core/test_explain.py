"""`why`: the rule the engine names for each outcome a rule changed (core/explain.py), one test for each
kind. Played games check each kind both ways against the engine's own state at the moment it acted (a
reason for every time the rule acted, and only then); positions check the refusals of a rank 8 target."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

import pytest
from classic_helpers import ASSASSIN_CAST, CAST, UNIQUES
from helpers import act, held_by, mid_game, pending_seat

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import RandomBot
from citadels_core.explain import Reason, Rule, last_reason, reasons, refused
from citadels_core.terms import TURN
from citadels_core.view import view


class Step:
    """One action of a played game: the state just before it (what the rules read when they acted) and
    the events it added, with their indexes; `reasons` are each seat's at the game's end."""

    def __init__(self, g: Game, before: Game, action: Action, start: int, end: int) -> None:
        self.g, self.before, self.action = g, before, action
        self.told = list(enumerate(g.events or []))[start:end]
        self.reasons: list[list[Reason]] = []


def played(cast: list[str], seeds: range) -> Iterator[Step]:
    """Every action of random games with the unique districts above, each with the state before it."""
    return iter(_played(tuple(cast), seeds))


@functools.cache
def _played(cast: tuple[str, ...], seeds: range, players: int = 4) -> list[Step]:
    out = []
    for seed in seeds:
        g = Game(GameConfig.create(players, cast=cast, districts=UNIQUES), seed)
        bot = RandomBot(seed)
        steps = []
        while not g.over:
            p = pending_seat(g)
            a = bot.choose(view(g, p))
            before, start = g.clone(), len(g.events or [])
            g.apply(p, a)
            steps.append(Step(g, before, a, start, len(g.events or [])))
        every = [reasons(g, p) for p in range(players)]
        for step in steps:
            step.reasons = every
        out.extend(steps)
    return out


def found(steps: Iterator[Step], rule: Rule, acted: Callable[[Step, int, dict], int | None]) -> int:
    """Check `rule` both ways over the steps: a reason at an event exactly when `acted(step, index,
    data)` names the seat it acted on there (None: the rule did not act). Returns how many times it did."""
    times = 0
    for step in steps:
        for n, e in step.told:
            seat = acted(step, n, {"kind": e.kind, **e.data})
            for p in range(step.g.players):
                at = [r for r in step.reasons[p] if r.event == n and r.rule == rule]
                if seat is None or not e.visible_to(p):
                    assert not at, (rule, e, p)
                    continue
                if rule in (Rule.KILLED, Rule.HOSPITAL, Rule.ROBBED, Rule.BEWITCHED, Rule.PROTECTED):
                    want = p == seat  # told to the seat it acted on only
                else:
                    want = True  # a district's rule is anyone's to see
                assert bool(at) == want, (rule, e, p, at)
                if at:
                    assert at[0].seat == seat
                    times += 1
    return times


def _holder(step: Step, key: str) -> int:
    return step.before.owner[step.before.cast_index(key)]


def test_a_killed_character_is_explained_to_its_player():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] == "call" and d["answer"] == "killed" and step.before.phase == TURN:
            nxt = next((e for _, e in step.told if _ > n), None)
            if nxt is None or nxt.kind != "hospital":
                assert step.before.killed == step.before.cast_index(d["character"])
                return _holder(step, d["character"])
        return None

    assert found(played(ASSASSIN_CAST, range(12)), Rule.KILLED, acted) > 0


@pytest.mark.slow
def test_a_robbed_character_is_explained_to_its_player():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] == "robbed":
            assert step.before.robbed == step.before.cast_index(d["character"])
            return d["victim"]
        return None

    assert found(played(CAST, range(30)), Rule.ROBBED, acted) > 0


def test_a_bewitched_turn_is_explained_to_its_player():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] == "end_turn" and d.get("bewitched"):
            assert step.before.bewitched == step.before.cast_index(d["character"])
            return d["player"]
        return None

    assert found(played(CAST, range(30)), Rule.BEWITCHED, acted) > 0


def _gathered_with(key: str, rule: Rule) -> Callable[[Step, int, dict], int | None]:
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] != "gather" or d["resource"] != "cards" or not step.before.has(d["player"], key):
            return None
        other = step.before.has(d["player"], "library" if key == "observatory" else "observatory")
        if rule is Rule.OBSERVATORY and (other or d["drawn"] < 3):
            return None  # the Library decides what is kept; a short deck draws fewer
        if rule is Rule.LIBRARY and d["drawn"] < 2:
            return None  # one card left: nothing to keep or not
        return d["player"]

    return acted


def test_the_observatory_is_named_for_three_cards_drawn():
    steps = (s for s in played(CAST, range(30)) if s.action.kind == "gather")
    assert found(steps, Rule.OBSERVATORY, _gathered_with("observatory", Rule.OBSERVATORY)) > 0


def test_the_library_is_named_for_every_card_kept():
    steps = (s for s in played(CAST, range(30)) if s.action.kind == "gather")
    assert found(steps, Rule.LIBRARY, _gathered_with("library", Rule.LIBRARY)) > 0


def test_the_gold_mine_is_named_for_three_gold():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] == "gather" and d["resource"] == "gold" and step.before.has(d["player"], "gold_mine"):
            return d["player"]
        return None

    steps = (s for s in played(CAST, range(30)) if s.action.kind == "gather")
    assert found(steps, Rule.GOLD_MINE, acted) > 0


def test_the_great_wall_is_named_for_the_gold_it_added():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if (
            d["kind"] == "destroy"
            and d["card"] != "great_wall"
            and step.before.has(d["target"], "great_wall")
        ):
            return d["target"]
        return None

    assert found(played(CAST, range(30)), Rule.GREAT_WALL, acted) > 0


def test_the_bishop_is_named_when_a_warlord_turn_ends_without_reaching_his_city():
    def acted(step: Step, n: int, d: dict) -> int | None:
        if d["kind"] != "end_turn" or d["character"] != "warlord" or d.get("bewitched"):
            return None
        reached = {e.data.get("target") for _, e in step.told if e.kind == "destroy"}
        seats = [q for q in step.before.protected_seats() if q != d["player"]]
        assert len(seats) <= 1
        return seats[0] if seats and seats[0] not in reached else None

    assert found(played(CAST, range(30)), Rule.PROTECTED, acted) > 0


def test_the_hospital_is_named_for_a_killed_character_that_still_plays():
    from classic_helpers import purple_with
    from helpers import build

    characters = {0: "assassin", 1: "merchant"}
    g = mid_game(edition="classic", districts=purple_with("hospital"), characters=characters, crown=0)
    g = build(g, hands={1: []}, cities={1: ["hospital", "market"]}, gold={1: 5})
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    reason = last_reason(g, 1)
    assert reason is not None and reason.rule is Rule.HOSPITAL
    assert (reason.character, reason.by, reason.by_character) == ("merchant", 0, "assassin")


def test_the_classic_library_and_observatory_draw_three_and_keep_two():
    from classic_helpers import purple_with
    from helpers import build

    districts = purple_with(keep=("library", "observatory"))
    g = mid_game(edition="classic", districts=districts, characters={0: "king"}, crown=0)
    g = build(g, hands={0: []}, cities={0: ["library", "observatory"]}, gold={0: 0})
    g.apply(0, Action("gather", ("cards",)))
    reason = last_reason(g, 0)
    assert reason is not None and reason.rule is Rule.LIBRARY_OBSERVATORY
    assert (reason.amount, reason.kept) == (3, 2)


# ------------------------------------------------------------ refusals of a rank 8 target


def _warlord(cities: dict[int, list[str]], gold: int = 9, **holders: int) -> Game:
    g = mid_game(
        players=4,
        cast=CAST,
        characters=held_by({"warlord": 0, **holders}),
        crown=0,
        districts=UNIQUES,
        cities=cities,
        gold=[gold, 2, 2, 2],
    )
    act(g, "gather", "gold", seat=0)
    return g


def _refused(g: Game, seat: int, key: str) -> Reason | None:
    a = Action("destroy", (seat, key))
    assert a not in g.legal_actions()
    return refused(g, 0, a)


def test_the_bishop_protects_his_city_from_the_warlord():
    g = mid_game(
        players=4,
        cast=CAST,
        characters=held_by({"bishop": 1, "warlord": 0}),
        crown=0,
        districts=UNIQUES,
        cities={1: ["castle"]},
    )
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    act(g, "gather", "gold", seat=0)
    reason = _refused(g, 1, "castle")
    assert reason == Reason(
        Rule.PROTECTED, 1, card="castle", character="bishop", by=0, by_character="warlord"
    )


def test_the_keep_cannot_be_destroyed():
    reason = _refused(_warlord({2: ["keep", "tavern"]}), 2, "keep")
    assert reason is not None and (reason.rule, reason.seat, reason.card) == (Rule.KEEP, 2, "keep")


def test_a_completed_city_is_out_of_reach():
    city = ["tavern", "market", "temple", "church", "manor", "castle", "palace"]
    reason = _refused(_warlord({3: city}), 3, "tavern")
    assert reason is not None and reason.rule is Rule.COMPLETE


@pytest.mark.parametrize(("wall", "price"), [(False, 4), (True, 5)])
def test_a_district_too_dear_to_destroy_names_its_price_and_the_great_wall(wall: bool, price: int):
    city = ["palace", "great_wall"] if wall else ["palace"]
    g = _warlord({2: city}, gold=1)  # 1 gold, and 2 more gathered
    reason = _refused(g, 2, "palace")
    assert reason is not None and reason.rule is Rule.TOO_DEAR
    assert (reason.amount, reason.kept, reason.wall) == (price, 3, wall)


def test_a_refusal_no_rule_of_reach_makes_names_nothing():
    g = _warlord({2: ["tavern"]})
    assert refused(g, 0, Action("destroy", (2, "palace"))) is None  # no Palace in that city
    assert refused(g, 0, Action("kill", ("king",))) is None


def test_a_named_card_or_character_finds_the_latest_reason_about_it_whoever_it_concerns():
    g = next(s.g for s in played(CAST, range(1)) if s.g.over)
    mine = reasons(g, 0)
    assert mine
    for key in set().union(*(r.names() for r in mine)):
        assert last_reason(g, 0, key) == [r for r in mine if key in r.names()][-1]
    assert last_reason(g, 0) == next(r for r in reversed(mine) if 0 in (r.seat, r.by))
    assert last_reason(g, 0, "no_such_card") is None
