"""The story speaks to you in the second person, from the narrator's own templates (core/narrate.py
YOU_TEMPLATES, and each catalog's `event:<id>:you`), with nothing mended afterwards."""

import re

import pytest
from helpers import pending_decision, recorded_events
from i18n_ids import you_template_ids

from citadels_core import Event, Game, GameConfig
from citadels_core.narrate import PLURALS, YOU_PLURALS, YOU_TEMPLATES, narrate
from citadels_core.rng import Rng

CFG = GameConfig.create(4)  # Anna, Bruno, Clara, David: the viewer is Anna (seat 0)


@pytest.mark.parametrize(
    ("kind", "data", "want"),
    [
        ("choose", {"player": 0}, "You choose a character."),
        (
            "call",
            {"player": 0, "character": "king", "answer": "revealed"},
            "The King is called: you reveal it.",
        ),
        ("gather", {"player": 0, "resource": "cards", "drawn": 2, "kept": 1}, "You draw 2 cards and keep 1."),
        ("beautify", {"player": 0, "card": "castle"}, "You beautify the Castle."),
        (
            "seize",
            {"player": 0, "target": 1, "card": "castle", "paid": 2},
            "You seize Bruno's Castle for 2 gold.",
        ),
        (
            "emperor_take",
            {"player": 0, "target": 1, "what": "nothing"},
            "You find neither gold nor cards to take from Bruno.",
        ),
        ("crown", {"player": 0, "why": "emperor"}, "You are given the crown."),
        (
            "robbed",
            {"thief": 0, "victim": 1, "character": "merchant", "amount": 3},
            "You rob the Merchant: 3 gold from Bruno.",
        ),
        (
            "robbed",
            {"thief": 1, "victim": 0, "character": "merchant", "amount": 3},
            "Bruno robs the Merchant: 3 gold from you.",
        ),
        (
            "confiscate",
            {"player": 1, "target": 0, "card": "castle", "refund": 3},
            "Bruno reveals the signed warrant and confiscates the Castle; 3 gold goes back to you.",
        ),
        ("build", {"player": 1, "card": "castle", "how": "paid"}, "Bruno builds the Castle."),
    ],
)
def test_you_take_the_plain_verb(kind, data, want):
    assert narrate(CFG, Event(kind, data), 0) == want


def test_every_template_naming_the_actor_has_its_second_person():
    assert set(YOU_TEMPLATES) == set(you_template_ids())
    assert set(YOU_PLURALS) == {tid for tid in YOU_TEMPLATES if tid in PLURALS}


# "you" then a word ending in s that is no verb of the viewer's
NOT_VERBS = {"this", "his", "its", "cards", "gold"}


def test_a_whole_game_told_to_each_seat_never_says_you_with_a_third_person_verb():
    for seed in range(6):
        g = Game(GameConfig.create(2 + seed, rank9=True if 4 <= 2 + seed <= 7 else None), seed)
        rng = Rng(seed)
        while not g.over:
            acts = g.legal_actions()
            g.apply(pending_decision(g)[0], acts[rng.below(len(acts))])
        for me in range(g.players):
            for e in recorded_events(g):
                if not e.visible_to(me):
                    continue
                told = narrate(g.config, e, me)
                for verb in re.findall(r"(?:^|[:.;,] )[Yy]ou ([a-z]+s)\b", told):
                    assert verb in NOT_VERBS, told
