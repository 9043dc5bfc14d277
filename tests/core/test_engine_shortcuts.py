"""The engine's shortcuts keep its contract: `apply` checks against the actions just listed but still refuses
what is illegal and accepts what is legal; games of one configuration share only what never changes."""

import dataclasses

import pytest
from helpers import pending_decision, pending_seat

from citadels_core import Action, ConfigError, Game, GameConfig, IllegalAction
from citadels_core.record import state_digest


def turn_of_first_player(seed: int = 3) -> Game:
    g = Game(GameConfig.create(4), seed, record_events=False)
    while pending_decision(g)[1] != "turn":
        p = pending_seat(g)
        g.apply(p, g.legal_actions()[0])
    return g


def test_an_action_not_listed_is_refused_and_changes_nothing_right_after_a_listing():
    g = turn_of_first_player()
    p = pending_seat(g)
    g.legal_actions()
    before = state_digest(g)
    with pytest.raises(IllegalAction, match="gather resources"):
        g.apply(p, Action("end"))
    with pytest.raises(IllegalAction):
        g.apply(p, Action("build", ("castle",)))
    assert state_digest(g) == before


def test_a_listed_action_is_no_longer_accepted_once_the_state_moved_on():
    g = turn_of_first_player()
    p = pending_seat(g)
    acts = g.legal_actions()
    gold = next(a for a in acts if a.kind == "gather" and a.args == ("gold",))
    g.apply(p, gold)
    with pytest.raises(IllegalAction, match="already gathered"):
        g.apply(p, gold)  # listed before the first gathering, illegal now


def test_an_action_equal_to_a_listed_one_is_accepted():
    g = turn_of_first_player()
    p = pending_seat(g)
    g.legal_actions()
    g.apply(p, Action.from_json(["gather", "gold"]))  # a new object, as parsed from a player's command
    assert g.turn.gathered


def test_a_listed_action_is_refused_to_a_seat_that_does_not_decide():
    # The very objects listed, applied by another seat: `apply` finds them among those listed by identity
    # and must still ask whose decision it is (in the selection, and in a turn).
    g = Game(GameConfig.create(4), 3, record_events=False)
    for _ in range(2):
        p = pending_seat(g)
        acts = g.legal_actions()
        before = state_digest(g)
        with pytest.raises(IllegalAction, match="turn to decide"):
            g.apply((p + 1) % 4, acts[0])
        assert state_digest(g) == before
        g = turn_of_first_player()


def test_apply_without_a_listing_checks_against_a_fresh_one():
    g = turn_of_first_player()
    p = pending_seat(g)
    g.apply(p, Action("gather", ("gold",)))  # nothing listed since the last action
    with pytest.raises(IllegalAction):
        g.apply(p, Action("gather", ("gold",)))


def test_games_of_one_configuration_share_rules_but_never_state():
    cfg = GameConfig.create(5)
    a, b = Game(cfg, 1), Game(cfg, 1)
    assert a.rules is b.rules and a.rules.character_rules is b.rules.character_rules
    assert a.deck is not b.deck and a.hands is not b.hands and a.deck == b.deck
    p = pending_seat(a)
    a.apply(p, a.legal_actions()[0])
    assert state_digest(a) != state_digest(b) and b.deck == Game(cfg, 1).deck


def test_an_invalid_configuration_is_refused_every_time():
    bad = dataclasses.replace(GameConfig.create(4), cast=("assassin",))
    for _ in range(2):
        with pytest.raises(ConfigError):
            Game(bad, 1)


def test_a_configuration_made_by_hand_with_lists_still_makes_a_game():
    cfg = GameConfig.create(4)
    # A list where a tuple belongs, on purpose: unhashable, so not cached, and still played.
    listed = dataclasses.replace(cfg, names=list(cfg.names))  # type: ignore[arg-type]  # a list on purpose
    assert state_digest(Game(listed, 7)) == state_digest(Game(cfg, 7))
