"""Every action of the game screen that has a key or F-key also has a command word, in English and in
Russian: the plain mode has no keys, only words."""

from __future__ import annotations

import re

from citadels_tui.command_words import APP_WORDS
from citadels_tui.components.game_screen import GameScreen

# What each of the game screen's key actions is as a command: an app command asked for by name
# ("request('help')"), or the command that shows what a pane's scrolling keys move through.
BY_ACTION = {
    "skip": "skip",
    "hint": "hint",
    "story": "story",
    "leave": "quit",
    "scroll_cities": "cities",
    "story_page": "story",
    "story_first": "story",
    "story_latest": "story",
}

CYRILLIC = re.compile("[а-яё]")


def _command(action: str) -> str:
    asked = re.fullmatch(r"request\('(\w+)'\)", action)
    if asked:
        return asked.group(1)
    name = action.split("(")[0]
    assert name in BY_ACTION, f"the key action {action!r} is not known to this test as a command"
    return BY_ACTION[name]


def test_every_key_of_the_game_screen_has_a_word_in_both_languages() -> None:
    missing = []
    for binding in GameScreen.BINDINGS:
        action = binding.action if hasattr(binding, "action") else binding[1]
        command = _command(str(action))
        words = [word for word, name in APP_WORDS.items() if name == command]
        english = [word for word in words if not CYRILLIC.search(word)]
        russian = [word for word in words if CYRILLIC.search(word)]
        if not english:
            missing.append(f"{command}: no English word")
        if not russian:
            missing.append(f"{command}: no Russian word")
    assert not missing, missing
