"""Whole classic games: every classic character and purple district in some configuration, 2 to 8 players,
random and heuristic bots; no error, every action legal, every card conserved, every event told as a
sentence, and the classic cards really used in bot play."""

from collections import Counter

import pytest
from classic_helpers import CASTS, config
from helpers import pending_decision, recorded_events, total_cards

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.narrate import narrate
from citadels_core.view import view


def play(cfg: GameConfig, seed: int, bots: list[str], seen: Counter) -> Game:
    g = Game(cfg, seed)
    cards = total_cards(g)
    seats = [make_bot(bots[i % len(bots)], seed * 7 + i) for i in range(cfg.players)]
    for _ in range(20000):
        if g.over:
            break
        p, _kind = pending_decision(g)
        a = seats[p].choose(view(g, p))
        g.apply(p, a)  # checked: a bot's action must be legal
        seen[a.kind] += 1
        assert total_cards(g) == cards, (cfg, seed, a)
    assert g.over, "the game did not end"
    for e in recorded_events(g):
        seen["event:" + e.kind] += 1
        text = narrate(cfg, e, 0)
        assert ": {" not in text, (e.kind, text)
    return g


@pytest.mark.parametrize("i", range(len(CASTS)))
def test_classic_configurations_play_to_the_end_with_2_to_8_players(i):
    seen: Counter = Counter()
    for players in range(2, 9):
        cfg = config(i, players)
        for seed, bots in (
            (players, ["random"]),
            (players + 50, ["heuristic", "random"]),
            (players + 90, ["heuristic"]),
        ):
            play(cfg, seed, bots, seen)
    assert seen["build"] > 0


@pytest.mark.parametrize("preset", ["classic_basic", "classic_dark_city", "classic_intrigue"])
def test_named_classic_setups_play_to_the_end_with_2_to_8_players(preset):
    seen: Counter = Counter()
    for players in range(2, 9):
        cfg = GameConfig.create(players, preset, preset, edition="classic")
        play(cfg, players * 3, ["heuristic", "random"], seen)
    assert seen["gather"] > 0


@pytest.mark.slow
def test_the_classic_cards_are_used_in_bot_play():
    seen: Counter = Counter()
    wanted = (
        "destroy",
        "exchange",
        "emperor",
        "emperor_give",
        "alms",
        "bewitch",
        "navigate",
        "wizard",
        "thank",
        "bell_tower",
        "lighthouse",
        "armory",
        "museum",
        "beautify",
        "event:pay_tax",
        "event:hospital",
        "event:gain_gold",
    )
    # Rare situations (a killed Hospital owner) need more games with some seeds: play on, boundedly,
    # until every card has been used.
    for rounds in range(6):
        for i in range(len(CASTS)):
            for players in (4, 5, 6):
                for seed in range(4 * rounds, 4 * rounds + 4):
                    play(config(i, players), seed, ["heuristic", "random"], seen)
        if all(seen[k] > 0 for k in wanted):
            break
    for k in wanted:
        assert seen[k] > 0, k
    assert seen["event:forgot_thanks"] == 0  # RULINGS R44: bots never forget


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_many_classic_games_per_player_count(players):
    seen: Counter = Counter()
    for i in range(len(CASTS)):
        for seed in range(12):
            play(config(i, players), 1000 + seed, ["heuristic", "random", "random"], seen)


def test_the_heuristic_bot_beats_random_bots_in_classic_games():
    from citadels_core.simulate import simulate

    cfg = GameConfig.create(4, "classic_intrigue", "classic_intrigue", edition="classic", rank9=True)
    s = simulate(cfg, 12, 5, ["heuristic", "random", "random", "random"])
    assert s.errors == 0 and s.wins_by_bot["heuristic"] >= 9
