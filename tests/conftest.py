import os

import pytest

from citadels_core import Game, GameConfig

for var in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_COLOR_SYSTEM", "TEXTUAL_ANIMATIONS"):
    os.environ.pop(var, None)
# The app follows the locale when no language is set: tests run in English unless they choose.
for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(var, None)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # The process default language (code outside an app): a test that switches it to Russian must not leak it.
    yield
    from citadels_tui import i18n

    i18n.set_language("en")


@pytest.fixture
def game4() -> Game:
    return Game(GameConfig.create(4), seed=7)
