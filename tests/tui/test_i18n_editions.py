"""Card names by edition in Russian: the classic rulebook names the Wizard «Волшебник» and the Artist
«Художник» where the 2016 edition has «Колдун» and «Художница»; each game uses its edition's names, on
screen, in the story and on the command line."""

from __future__ import annotations

import pytest
from helpers import recorded_events

from citadels_core import Action, Game, GameConfig, IllegalAction
from citadels_core.narrate import narrate
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.commands import parse
from citadels_tui.errors import error_text
from citadels_tui.names import char_name

CLASSIC_CAST = ["assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord", "artist"]
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина"]


@pytest.fixture(autouse=True)
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def classic_selection() -> tuple[Game, int]:
    """A classic 5-player game whose first chooser is offered both the Wizard and the Artist."""
    cfg = GameConfig.create(5, cast=CLASSIC_CAST, districts="classic_basic", names=NAMES, edition="classic")
    for seed in range(200):
        g = Game(cfg, seed)
        pd = g.pending()
        assert pd is not None
        offered = {a.args[0] for a in g.legal_actions() if a.kind == "choose"}
        if {"wizard", "artist"} <= offered:
            return g, pd[0]
    raise AssertionError("no seed offers both")


def test_names_follow_the_edition():
    classic = GameConfig.create(
        5, cast=CLASSIC_CAST, districts="classic_basic", names=NAMES, edition="classic"
    )
    modern = GameConfig.create(5, cast="cunning_agents", names=NAMES)
    assert char_name(classic, "wizard") == "Волшебник" and char_name(classic, "artist") == "Художник"
    assert char_name(modern, "wizard") == "Колдун"
    assert char_name(GameConfig.create(4, cast="illustrious_emissaries"), "artist") == "Художница"
    # Names the two books share come from the shared context.
    assert char_name(classic, "king") == char_name(modern, "king") == "Король"
    i18n.set_language("en")
    assert char_name(classic, "wizard") == "Wizard"


def test_the_story_and_the_errors_use_the_classic_names():
    g, p = classic_selection()
    g.apply(p, Action("choose", ("wizard",)))
    told = [
        narrate(g.config, e, p, i18n.translator()) for e in recorded_events(g) if e.kind == "choose_private"
    ]
    assert told == ["Вы выбираете персонажа «Волшебник»."]
    wizard = IllegalAction("only_character", character="Wizard")
    said = error_text(wizard, "classic")
    assert "Волшебник" in said and "Колдун" in error_text(wizard)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("выбрать волшебника", "wizard"),
        ("волшебник", "wizard"),
        ("выбрать художника", "artist"),
        ("choose wizard", "wizard"),
        ("выбрать колдуна", "wizard"),
    ],
)  # the 2016 name is still understood
def test_the_command_line_takes_the_classic_names(text, key):
    g, p = classic_selection()
    assert parse(text, view(g, p), g.config).actions == (Action("choose", (key,)),), text


def test_labels_in_a_classic_game_use_the_classic_names():
    from citadels_tui.names import describe

    g, p = classic_selection()
    v = view(g, p)
    labels = [describe(g.config, v, a) for a in v.legal]
    assert "Выбрать: Волшебник (3)" in labels and "Выбрать: Художник (9)" in labels, labels


def test_the_help_page_tells_the_classic_rules_of_this_game():
    from citadels_tui.components.help_screen import edition_note

    shorter = GameConfig.create(
        4, cast="classic_basic", districts="classic_basic", edition="classic", shorter=True
    )
    assert "город завершён на 7-м квартале" in edition_note(shorter)
    assert edition_note(GameConfig.create(4)) == ""
