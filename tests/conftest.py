import os

import pytest

from citadels_core import Game, GameConfig

for var in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_COLOR_SYSTEM", "TEXTUAL_ANIMATIONS"):
    os.environ.pop(var, None)


@pytest.fixture
def game4() -> Game:
    return Game(GameConfig.create(4), seed=7)
