"""Every story template as events: one event per template and per way of filling it in.

Counted fields take 1, 2 and 5 (each independently); each player in the event (the actor, a target, a
thief, a victim, the crowned) is in turn the viewer, and also no one is. Used by the grammar tests."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from citadels_core import GameConfig
from citadels_core.events import Event
from citadels_core.narrate import TEMPLATES

COUNTS = (1, 2, 5)
N = object()  # a counted field: filled with each of COUNTS

CFG = GameConfig.create(5)
CARD, CARD2 = "castle", "market"
CHAR, CHAR2 = "king", "thief"

# template id -> (event kind, data). Players: 0 acts, 1 is the target (or victim), 2 the crowned.
SPECS: dict[str, tuple[str, dict[str, Any]]] = {
    "setup": ("setup", {"players": list(CFG.names), "crown": 0}),
    "deal": ("deal", {"player": 0, "cards": [CARD, CARD2]}),
    "round": ("round", {"round": N, "crown": 0, "faceup": [CHAR2]}),
    "discard_random": ("discard_random", {"player": 0}),
    "choose": ("choose", {"player": 0}),
    "choose_private": ("choose_private", {"player": 0, "character": CHAR}),
    "discard_character": ("discard_character", {"player": 0}),
    "discard_character_private": ("discard_character_private", {"player": 0, "character": CHAR}),
    "turn_phase": ("turn_phase", {"round": N}),
    "call.none": ("call", {"character": CHAR, "answer": "none"}),
    "call.killed": ("call", {"character": CHAR, "answer": "killed"}),
    "call": ("call", {"character": CHAR, "answer": "revealed", "player": 0}),
    "robbed": ("robbed", {"thief": 0, "victim": 1, "character": CHAR, "amount": N}),
    "gather.gold": ("gather", {"player": 0, "resource": "gold", "amount": N}),
    "gather.cards": ("gather", {"player": 0, "resource": "cards", "drawn": N, "kept": N}),
    "drawn_private": ("drawn_private", {"player": 0, "cards": [CARD, CARD2]}),
    "gather_private": ("gather_private", {"player": 0, "kept": [CARD]}),
    "keep_private": ("keep_private", {"player": 0, "card": CARD, "discarded": [CARD2]}),
    "gain_gold": ("gain_gold", {"player": 0, "amount": N, "why": "income"}),
    "gain_cards": ("gain_cards", {"player": 0, "count": N, "why": "spy"}),
    "gain_cards_private": ("gain_cards_private", {"player": 0, "cards": [CARD], "why": "spy"}),
    "build": ("build", {"player": 0, "card": CARD, "how": "build"}),
    "complete": ("complete", {"player": 0, "first": True}),
    "crown.heir": ("crown", {"player": 0, "why": "heir"}),
    "crown.given": ("crown", {"player": 0, "why": "emperor"}),
    "crown.kept": ("crown", {"player": 0, "why": "king", "kept": True}),
    "crown": ("crown", {"player": 0, "why": "king"}),
    "heir": ("heir", {"player": 0, "character": CHAR}),
    "kill": ("kill", {"player": 0, "character": CHAR}),
    "rob": ("rob", {"player": 0, "character": CHAR}),
    "swap_hands": ("swap_hands", {"player": 0, "target": 1, "gave": N, "took": N}),
    "swap_hands_private": ("swap_hands_private", {"player": 0, "target": 1, "gave": [CARD], "took": [CARD2]}),
    "redraw": ("redraw", {"player": 0, "count": N, "drawn": N}),
    "redraw_private": ("redraw_private", {"player": 0, "discarded": [CARD], "drawn": [CARD2]}),
    "destroy": ("destroy", {"player": 0, "target": 1, "card": CARD, "paid": N}),
    "museum_lost": ("museum_lost", {"player": 0, "count": N}),
    "beautify": ("beautify", {"player": 0, "card": CARD}),
    "laboratory": ("laboratory", {"player": 0, "amount": N}),
    "laboratory_private": ("laboratory_private", {"player": 0, "card": CARD}),
    "smithy": ("smithy", {"player": 0}),
    "pay_with_cards": ("pay_with_cards", {"player": 0, "count": N}),
    "pay_with_cards_private": ("pay_with_cards_private", {"player": 0, "cards": [CARD]}),
    "tax": ("tax", {"player": 0, "token": N}),
    "collect_tax": ("collect_tax", {"player": 0, "amount": N}),
    "alms": ("alms", {"player": 0, "target": 1}),
    "cardinal": ("cardinal", {"player": 0, "target": 1, "gold": N, "card": CARD}),
    "cardinal_give_private": ("cardinal_give_private", {"player": 0, "target": 1, "card": CARD}),
    "emperor_take.gold": ("emperor_take", {"player": 0, "target": 1, "what": "gold"}),
    "emperor_take.card": ("emperor_take", {"player": 0, "target": 1, "what": "card"}),
    "emperor_take.nothing": ("emperor_take", {"player": 0, "target": 1, "what": "nothing"}),
    "emperor_take_private": ("emperor_take_private", {"player": 0, "target": 1, "card": CARD}),
    "advisor": ("advisor", {"player": 0, "character": "emperor"}),
    "study": ("study", {"player": 0, "drawn": N}),
    "study_private": ("study_private", {"player": 0, "cards": [CARD, CARD2]}),
    "scholar_keep_private": ("scholar_keep_private", {"player": 0, "card": CARD}),
    "spy": ("spy", {"player": 0, "target": 1, "type": "noble", "matches": N, "gold": N}),
    "spy_private": ("spy_private", {"player": 0, "target": 1, "cards": [CARD, CARD2]}),
    "foresee": ("foresee", {"player": 0, "from": [1]}),
    "seer_take_private": ("seer_take_private", {"player": 0, "target": 1, "card": CARD}),
    "seer_give": ("seer_give", {"player": 0, "target": 1}),
    "seer_give_private": ("seer_give_private", {"player": 0, "target": 1, "card": CARD}),
    "wizard": ("wizard", {"player": 0, "target": 1}),
    "wizard_private": ("wizard_private", {"player": 0, "target": 1, "cards": [CARD, CARD2]}),
    "wizard_take_private": ("wizard_take_private", {"player": 0, "target": 1, "card": CARD}),
    "wizard_takes": ("wizard_takes", {"player": 0, "target": 1}),
    "wizard_builds": ("wizard_builds", {"player": 0, "target": 1, "card": CARD}),
    "exchange": ("exchange", {"player": 0, "target": 1, "took": CARD, "gave": CARD2, "paid": N}),
    "seize": ("seize", {"player": 0, "target": 1, "card": CARD, "paid": N}),
    "warrants": ("warrants", {"player": 0, "characters": [CHAR, CHAR2, "bishop"]}),
    "warrants_private": ("warrants_private", {"player": 0, "signed": CHAR}),
    "confiscate": ("confiscate", {"player": 0, "target": 1, "card": CARD, "refund": N}),
    "threats": ("threats", {"player": 0, "characters": [CHAR, CHAR2]}),
    "threats_private": ("threats_private", {"player": 0, "flower": CHAR}),
    "bribe": ("bribe", {"player": 1, "target": 0, "amount": N, "character": CHAR}),
    "refuse_bribe": ("refuse_bribe", {"player": 0, "character": CHAR}),
    "spare": ("spare", {"player": 0, "target": 1}),
    "reveal_threat.flower": (
        "reveal_threat",
        {"player": 0, "target": 1, "character": CHAR, "flower": True, "amount": N},
    ),
    "reveal_threat": ("reveal_threat", {"player": 0, "target": 1, "character": CHAR, "flower": False}),
    "bewitch": ("bewitch", {"player": 0, "character": CHAR}),
    "witch_pause": ("witch_pause", {"player": 0}),
    "witch_resume": ("witch_resume", {"player": 0, "character": CHAR}),
    "armory": ("armory", {"player": 0, "target": 1, "card": CARD}),
    "sacrifice": ("sacrifice", {"player": 0, "card": CARD, "for": CARD2}),
    "museum": ("museum", {"player": 0, "count": N}),
    "museum_private": ("museum_private", {"player": 0, "card": CARD}),
    "theater": ("theater", {"player": 0, "target": 1}),
    "theater_private.mine": ("theater_private", {"player": 0, "target": 1, "gave": CHAR, "took": CHAR2}),
    "theater_private": ("theater_private", {"player": 0, "target": 1, "gave": CHAR, "took": CHAR2}),
    "theater_pass": ("theater_pass", {"player": 0}),
    "pay_tax": ("pay_tax", {"player": 0, "target": 1}),
    "hospital": ("hospital", {"player": 0}),
    "thank": ("thank", {"player": 0, "crown": 2}),
    "forgot_thanks": ("forgot_thanks", {"player": 0, "crown": 2}),
    "graveyard": ("graveyard", {"player": 0, "card": CARD}),
    "lighthouse.took": ("lighthouse", {"player": 0, "took": True}),
    "lighthouse": ("lighthouse", {"player": 0, "took": False}),
    "lighthouse_private": ("lighthouse_private", {"player": 0, "card": CARD}),
    "bell_tower": ("bell_tower", {"player": 0, "complete_at": N}),
    "bell_tower_silenced": ("bell_tower_silenced", {"complete_at": N}),
    "end_turn.bewitched": ("end_turn", {"player": 0, "character": CHAR, "bewitched": True}),
    "end_turn": ("end_turn", {"player": 0, "character": CHAR}),
    "end_round": ("end_round", {"round": N}),
    "game_over": ("game_over", {"winners": [0]}),
    "unknown": ("something_new", {"x": N}),
}

PLAYER_KEYS = ("player", "target", "thief", "victim", "crown")


def viewers(tid: str, data: dict[str, Any]) -> list[int | None]:
    """Who may read the event: no one in it, and each player in it."""
    seen = sorted({v for k, v in data.items() if k in PLAYER_KEYS and isinstance(v, int)})
    if tid == "theater_private.mine":
        return [0]
    if tid == "theater_private":
        return [1, None]
    return [None, *seen]


def samples(tid: str) -> Iterator[tuple[Event, int | None, dict[str, int]]]:
    """(event, viewer, counts) for template `tid`: every combination of 1, 2, 5 for its counted fields."""
    kind, spec = SPECS[tid]
    counted = [k for k, v in spec.items() if v is N]
    for values in itertools.product(COUNTS, repeat=len(counted)):
        counts = dict(zip(counted, values, strict=True))
        data = {k: counts.get(k, v) for k, v in spec.items()}
        for me in viewers(tid, data):
            yield Event(kind, data), me, counts
    if tid == "game_over":  # the count here is the number of winners
        for winners in ([0], [0, 1], [0, 1, 2, 3, 4]):
            for me in (None, 0, 4):
                yield Event(kind, {"winners": winners}), me, {"count": len(winners)}


def all_samples() -> Iterator[tuple[str, Event, int | None, dict[str, int]]]:
    for tid in TEMPLATES:
        for e, me, counts in samples(tid):
            yield tid, e, me, counts
