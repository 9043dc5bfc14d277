"""The Citadels rules engine: pure Python, no I/O."""

from .actions import Action
from .cards import CharacterCard, DistrictCard, DistrictType
from .config import GameConfig
from .edition import EDITIONS, Edition, get_edition
from .errors import ConfigError, IllegalAction, SaveFileError
from .events import Event
from .game import Game

__all__ = [
    "Action",
    "CharacterCard",
    "ConfigError",
    "DistrictCard",
    "DistrictType",
    "EDITIONS",
    "Edition",
    "Event",
    "Game",
    "GameConfig",
    "IllegalAction",
    "SaveFileError",
    "get_edition",
]
