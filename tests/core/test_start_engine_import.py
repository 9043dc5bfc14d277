"""What importing the engine costs a start (issue 19): a character's rules are imported when a game casts
it, and the classic edition's variants for a classic game only; each key still has its rules. A lazy
view (what a bot decides from) reads its fields from the game only when asked for."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from citadels_core import Game, GameConfig
from citadels_core.characters import CLASS_NAMES, EDITION_RULES, RULES, rules_for
from citadels_core.view import LazyView, view

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_game_imports_only_the_characters_it_casts():
    code = (
        "import sys\n"
        "from citadels_core import Game, GameConfig\n"
        "g = Game(GameConfig.create(4), 3)\n"
        "loaded = {m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('citadels_core.characters.')}\n"
        "print((sorted(loaded & set(g.config.cast)), sorted(loaded - {'base', '_targets', 'classic'})))\n"
        "print('citadels_core.characters.classic' in sys.modules, 'citadels_core.position' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    cast_line, flags = out.stdout.splitlines()
    cast, loaded = eval(cast_line)  # noqa: S307 (two lists printed by the code above)
    # The cast's modules, and those that view.py and the cast's modules import for their helpers.
    assert len(cast) == 8 and len(loaded) < len(CLASS_NAMES)
    assert flags == "False False"


def test_every_character_has_its_rules_and_the_classic_edition_its_variants():
    assert list(RULES) == list(CLASS_NAMES)
    for key, cls in RULES.items():
        assert cls.key == key and type(rules_for(key)) is cls
    classic = EDITION_RULES["classic"]
    assert {"tax_collector", "warlord", "emperor"} <= set(classic)
    for key, cls in classic.items():
        assert type(rules_for(key, "classic")) is cls and cls is not RULES[key]
    assert type(rules_for("king", "classic")) is RULES["king"]


def test_a_new_game_imports_only_the_districts_it_deals():
    code = (
        "import sys\n"
        "from citadels_core import Game, GameConfig\n"
        "g = Game(GameConfig.create(4), 3)\n"
        "print(sorted(m for m in sys.modules if m.startswith('citadels_core.districts.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    # The first game deals no destroying, passive or Museum district, nor the Theater.
    assert eval(out.stdout) == [  # noqa: S307 (a list printed by the code above)
        f"citadels_core.districts.{m}" for m in ("active", "base", "scoring_districts", "thieves_den")
    ]


def test_every_unique_district_has_its_rules_by_key_and_by_name():
    from citadels_core import districts
    from citadels_core.districts import CLASSES
    from citadels_core.districts import RULES as DISTRICT_RULES
    from citadels_core.districts.base import DistrictRules

    assert list(DISTRICT_RULES) == sorted(CLASSES) and len(CLASSES) == 30
    for key, cls in DISTRICT_RULES.items():
        assert issubclass(cls, DistrictRules) and cls.key == key
        assert getattr(districts, cls.__name__) is cls and cls.__module__.endswith(CLASSES[key][0])
    # Every unique district of both editions' decks has its rules (or, in the classic deck, its variant).
    from citadels_core.cards import DistrictType
    from citadels_core.edition import get_edition

    no_variants: dict[str, type[DistrictRules]] = {}
    for edition, own in (("2016", no_variants), ("classic", districts.EDITION_RULES["classic"])):
        ed = get_edition(edition)
        ids = tuple(i for i, d in enumerate(ed.districts) if d.type is DistrictType.UNIQUE)
        ruled = districts.district_rules_for(ed, ids)
        assert len(ruled) == len(ids) > 10
        assert all(type(r) is (own.get(k) or DISTRICT_RULES[k]) for k, r in ruled.items())
    with pytest.raises(AttributeError):
        districts.NoSuchDistrict  # noqa: B018


def test_an_unknown_character_is_refused_as_before():
    from citadels_core import ConfigError

    with pytest.raises(ConfigError, match="The Jester cannot be played yet in this version."):
        rules_for("jester")


def test_a_lazy_view_is_never_equal_to_a_full_one_and_reads_what_it_is_asked():
    g = Game(GameConfig.create(4), 7, record_events=False)
    full, lazy, other = view(g, 0), LazyView(g, 0), LazyView(g, 0)
    assert lazy != full and full != lazy
    assert lazy == other and hash(lazy) == hash(other)
    assert repr(lazy) == "Lazy" + repr(full)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.legal = ()  # type: ignore[misc]  # assigning is the test: the view refuses it
    lazy.close()
    assert lazy.legal == full.legal


def test_a_cards_defaults():
    from citadels_core.cards import CharacterCard, DistrictCard, DistrictType, Preset

    d = DistrictCard("tavern", "Tavern", DistrictType.TRADE, 1)
    assert (d.copies, d.text, d.origin, d.buildable) == (1, "", "base", True)
    c = CharacterCard("king", "King", 4)
    assert (c.text, c.income, c.income_resource, c.origin) == ("", None, "", "base")
    a, b = Preset("p", "P", (), ()), Preset("q", "Q", (), ())
    assert a.substitutions == {} and a.substitutions is not b.substitutions


def test_a_view_replaced_is_the_view_with_those_fields_changed_and_refuses_unknown_ones():
    v = view(Game(GameConfig.create(4), 3), 0)
    changed = v.replace(round=7, killed="thief")
    assert (changed.round, changed.killed) == (7, "thief")
    assert changed.replace(round=v.round, killed=v.killed) == v
    with pytest.raises(TypeError):
        v.replace(colour="red")
