"""Whole games with every district preset and every player count: no error, every card conserved
(RULINGS R1, R24), and the new districts' effects really happen in bot play."""

from collections import Counter

import pytest
from helpers import pending_decision, recorded_events, total_cards

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.edition import get_edition
from citadels_core.view import view

PRESETS = [p.key for p in get_edition("2016").presets]
CARDS = 54 + 14


def play(players: int, preset: str, seed: int, bots: list[str], seen: Counter) -> Game:
    g = Game(GameConfig.create(players, cast="first_game", districts=preset), seed)
    seats = [make_bot(bots[i % len(bots)], seed * 7 + i) for i in range(players)]
    for _ in range(20000):
        if g.over:
            break
        p, kind = pending_decision(g)
        a = seats[p].choose(view(g, p))
        g.apply(p, a)  # checked: a bot's action must be legal
        seen[a.kind] += 1
        if a.kind == "build" and len(a.args) > 1:
            seen["build_unpaid"] += 1
        assert total_cards(g) == CARDS, (preset, players, seed, a)
    assert g.over, "the game did not end"
    for e in recorded_events(g):
        if e.kind in ("gain_cards", "gain_gold") and e.data["why"] in ("park", "poor_house"):
            seen[e.data["why"]] += 1
    return g


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_to_the_end_with_2_to_8_players_and_conserves_every_card(preset):
    seen: Counter = Counter()
    for players in range(2, 9):
        for bots in (["random"], ["heuristic", "random"], ["heuristic"]):
            play(players, preset, seed=players * 13 + len(bots), bots=bots, seen=seen)


def test_bots_use_the_new_districts_in_whole_games():
    seen: Counter = Counter()
    for preset in ("cunning_agents", "devious_dignitaries", "illustrious_emissaries", "vicious_nobles"):
        for seed in range(6):
            play(4, preset, seed, ["heuristic", "random"], seen)
    for kind in ("armory", "museum", "build_unpaid", "park", "poor_house"):
        assert seen[kind] > 0, kind
    assert seen["theater"] + seen["theater_pass"] > 0  # the exchange itself: test_districts_bots.py


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_many_games_with_every_preset_and_player_count(preset):
    seen: Counter = Counter()
    for players in range(2, 9):
        for seed in range(10):
            play(players, preset, seed=1000 + seed, bots=["heuristic", "random"], seen=seen)


def test_every_event_of_the_new_districts_is_told_as_a_sentence_to_every_player():
    from citadels_core.narrate import narrate

    kinds = set()
    for preset in ("cunning_agents", "devious_dignitaries"):
        for seed in range(10):
            g = play(4, preset, seed, ["random"], Counter())
            for e in recorded_events(g):
                kinds.add(e.kind)
                for me in (None, *range(g.players)):
                    if e.visible_to(me):
                        text = narrate(g.config, e, me)
                        assert not text.startswith(e.kind.replace("_", " ") + ":"), (e.kind, text)
    assert {"armory", "museum", "museum_private", "sacrifice"} <= kinds
    assert kinds & {"theater", "theater_pass"}


def test_a_saved_game_with_the_new_districts_replays_to_the_same_state():
    from citadels_core.record import GameRecord, state_digest

    cfg = GameConfig.create(3, cast="first_game", districts="devious_dignitaries")
    g = Game(cfg, 5)
    rec = GameRecord(cfg, 5)
    bots = [make_bot("random", i) for i in range(3)]
    while not g.over:
        p, _ = pending_decision(g)
        a = bots[p].choose(view(g, p))
        g.apply(p, a)
        rec.actions.append((p, a))
    again = GameRecord.loads(rec.dumps()).replay()
    assert state_digest(again) == state_digest(g) and again.result == g.result
