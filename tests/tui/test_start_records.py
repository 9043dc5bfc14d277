"""The app's small immutable records are named tuples (a data class compiles its methods at every start):
they keep what the code relies on — equality by value, no attribute set after creation, pickling (a view
and a hint request go to the thinking processes), a theme read back from the cache folder whole."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from citadels_core import Game, GameConfig
from citadels_core.view import CityDistrict, PlayerInfo, view
from citadels_themes.model import builtin_themes
from citadels_tui.changes import NOTHING, Changes, since, snapshot
from citadels_tui.components.messages import SeenOptions
from citadels_tui.game_setup import NewGame
from citadels_tui.i18n import Lazy
from citadels_tui.recap import Deed, Note, Revealed
from citadels_tui.table import LogLine


def a_view():
    g = Game(GameConfig.create(4), 7, record_events=False)
    return view(g, 0)


def records():
    v = a_view()
    return [
        v.players[0],
        CityDistrict("temple", 1, "religious", False),
        LogLine("Anna takes 2 gold.", False, "income"),
        Lazy("Round {n}", (("n", 3),)),
        NewGame(GameConfig.create(4), ("normal", "easy", "hard"), 5),
        SeenOptions(tuple(v.legal), ("1", "2")),
        Note(True, ()),
        Changes(Counter({"temple": 1}), (Counter(),), ()),
    ]


@pytest.mark.parametrize("record", records(), ids=lambda r: type(r).__name__)
def test_a_record_equals_its_copy_and_pickles_whole(record):
    copy = pickle.loads(pickle.dumps(record))
    assert copy == record
    assert type(copy) is type(record)
    if type(record) is not Changes:  # its counters are not hashable, as in the data class it was
        assert hash(copy) == hash(record)


@pytest.mark.parametrize("record", records(), ids=lambda r: type(r).__name__)
def test_a_record_cannot_be_changed(record):
    name = type(record)._fields[0]
    with pytest.raises(AttributeError):
        setattr(record, name, None)
    with pytest.raises(AttributeError):
        record.something_else = 1


def test_records_with_different_values_differ():
    assert LogLine("a", False) != LogLine("a", True)
    assert LogLine("a", False) == LogLine("a", False, "", False)  # the defaults are the data class's
    assert Lazy("x") == Lazy("x", (), None, 0)
    assert str(Lazy("Round {n}", (("n", 3),))) == "Round 3"


def test_a_view_pickles_with_its_players_and_cities():
    v = a_view()
    copy = pickle.loads(pickle.dumps(v))
    assert copy == v
    assert all(isinstance(p, PlayerInfo) for p in copy.players)


def test_the_changes_start_from_nothing_and_each_revealed_character_has_its_own_deeds():
    v = a_view()
    assert since(None, v) is NOTHING and not NOTHING.new_cards
    assert since(snapshot(v), v).new_cards == Counter()
    one, two = Revealed("king", 0, []), Revealed("thief", 1, [])
    one.deeds.append("x")
    assert two.deeds == []
    assert Deed(None, 1, "king").detail is None


def test_the_shipped_themes_are_read_as_before():
    themes = builtin_themes()
    assert themes and all(th.variables and th.colours for th in themes)
    assert all(not th.ansi or th.name for th in themes)
    assert {th.name for th in themes} == {th.to_textual_theme().name for th in themes}
