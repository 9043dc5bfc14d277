"""Choosing the 14 unique districts of a game: the rulebook's presets, a list, or a random draw
(2016 rulebook "Customization Rules"; RULINGS R25)."""

from collections import Counter

import pytest

from citadels_core import ConfigError, Game, GameConfig
from citadels_core.config import random_districts
from citadels_core.districts import RULES
from citadels_core.edition import get_edition

ED = get_edition("2016")
PRESETS = [p.key for p in ED.presets]


def test_every_unique_district_of_the_2016_edition_is_playable():
    assert set(ED.unique_keys) <= set(RULES) and len(ED.unique_keys) == 30


@pytest.mark.parametrize("preset", PRESETS)
def test_a_district_preset_puts_its_14_uniques_with_the_54_basic_districts_in_the_deck(preset):
    cfg = GameConfig.create(4, cast="first_game", districts=preset)
    assert cfg.districts == ED.preset_by_key[preset].districts
    g = Game(cfg, seed=3)
    cards = Counter(g.deck + [c for h in g.hands for c in h])
    assert sum(cards.values()) == 54 + 14
    uniques = {ED.districts[c].key for c in cards if ED.districts[c].unique}
    assert uniques == set(cfg.districts)
    assert all(cards[g.card_id(k)] == 1 for k in uniques)


def test_a_list_of_districts_is_accepted_by_name_in_any_spelling():
    keys = ["Thieves' Den", "secret vault", "Great-Wall", *ED.preset_by_key["first_game"].districts[:11]]
    cfg = GameConfig.create(4, districts=keys)
    assert cfg.districts[:3] == ("thieves_den", "secret_vault", "great_wall")


def test_a_game_needs_14_unique_districts():
    with pytest.raises(ConfigError, match="A game uses 14 different unique districts, not 13."):
        GameConfig.create(4, districts=list(ED.unique_keys[:13]))
    with pytest.raises(ConfigError, match="not 15"):
        GameConfig.create(4, districts=list(ED.unique_keys[:15]))


def test_the_unique_districts_of_a_game_must_all_be_different():
    keys = list(ED.unique_keys[:13]) + [ED.unique_keys[0]]
    with pytest.raises(ConfigError, match="The unique districts of a game must all be different."):
        GameConfig.create(4, districts=keys)


def test_a_basic_district_is_not_a_unique_district():
    keys = list(ED.unique_keys[:13]) + ["castle"]
    with pytest.raises(ConfigError, match="There is no unique district called 'castle'."):
        GameConfig.create(4, districts=keys)


def test_an_unknown_district_preset_is_refused_with_the_known_ones():
    with pytest.raises(ConfigError, match="There is no preset called 'nope'; known: first_game"):
        GameConfig.create(4, districts="nope")


def test_random_districts_draws_14_different_uniques_the_same_for_the_same_seed():
    a = random_districts(ED, 7)
    assert len(a) == len(set(a)) == 14 and set(a) <= set(ED.unique_keys)
    assert a == random_districts(ED, 7)
    assert any(random_districts(ED, s) != a for s in range(8, 12))
    cfg = GameConfig.create(5, districts="random:7")
    assert list(cfg.districts) == a
    Game(cfg, seed=1)


def test_random_districts_need_a_seed():
    with pytest.raises(ConfigError, match="Random districts need a seed"):
        GameConfig.create(4, districts="random")


def test_a_configuration_with_chosen_districts_survives_its_json_round_trip():
    cfg = GameConfig.create(4, districts="cunning_agents")
    assert GameConfig.from_json(cfg.to_json()) == cfg
