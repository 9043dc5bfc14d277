"""Errors the engine raises with a sentence a player can read."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The game state is unchanged."""


class ConfigError(ValueError):
    """A game configuration that breaks a rule (cast, districts, player count)."""


class SaveFileError(ValueError):
    """A save or replay file that cannot be read."""
