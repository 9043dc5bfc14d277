"""A game as `(config, seed, actions)`: the save file, the journal entry and the bug report."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .config import GameConfig
from .errors import ConfigError, IllegalAction, SaveFileError
from .game import Game

FORMAT = "citadels-game"
VERSION = 1


def state_digest(g: Game) -> str:
    """A short fingerprint of the whole state, to check that a replay reaches the same place."""
    import hashlib

    data: list[object] = [
        g.round,
        g.phase,
        g.crown,
        g.gold,
        g.hands,
        g.cities,
        g.deck,
        g.museum,
        g.tax,
        g.characters,
        g.current_character,
        g.decision.kind,
        g.first_complete,
        g.rng.state,
    ]
    if g.config.edition != "2016":
        # Classic state (Bell Tower, dues, Hospital turn …); left out for 2016 so its saved digests still match.
        data.append([g.complete_at, sorted(g.edition_state.items())])
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()[:16]


@dataclass
class GameRecord:
    """A game: its config, seed and actions, and its final state's digest when saved. Compared by value, and
    so unhashable (its action list grows as the game is played)."""

    config: GameConfig
    seed: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    final: str | None = None  # state digest after the last action, when saved

    def copy(self) -> GameRecord:
        """Another record of the same game whose action list is its own (actions are immutable)."""
        return GameRecord(self.config, self.seed, list(self.actions), self.final)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [[p, a.to_json()] for p, a in self.actions],
            "final": self.final,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @staticmethod
    def loads(text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise SaveFileError(f"not a JSON file ({e})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveFileError("not a Citadels game file (its 'format' is not 'citadels-game')")
        if data.get("version") != VERSION:
            raise SaveFileError(f"unsupported game file version {data.get('version')!r}")
        try:
            config = GameConfig.from_json(data.get("config"))
        except ConfigError as e:
            raise SaveFileError(f"bad configuration: {e}") from None
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFileError("the seed must be an integer")
        raw = data.get("actions")
        if not isinstance(raw, list):
            raise SaveFileError("'actions' must be a list")
        actions = []
        for i, item in enumerate(raw):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise SaveFileError(f"action {i + 1} must be [player, [kind, args...]]")
            actions.append((item[0], Action.from_json(item[1])))
        final = data.get("final")
        if final is not None and not isinstance(final, str):
            raise SaveFileError("'final' must be a string")
        return GameRecord(config, seed, actions, final)

    def replay(self, record_events: bool = True) -> Game:
        """Rebuild the game by applying every action; SaveFileError names the first one that fails."""
        g = Game(self.config, self.seed, record_events=record_events)
        for i, (p, a) in enumerate(self.actions):
            try:
                g.apply(p, a)
            except IllegalAction as e:
                raise SaveFileError(f"action {i + 1} ({a}) by player {p} is illegal: {e}") from None
        return g
