"""Taking back a decision ("undo") in a local game, by Board Game Arena's rule: a player may take back their
last decision while no other player has acted since and that decision showed them nothing that was hidden.

"Showed nothing hidden" is decided from the player's own information, not from a list of event kinds: the
decision is played again in worlds re-dealt from what the player knew just before it (`redeal`: every card
and character hidden from them dealt again), and it revealed nothing exactly when what they see afterwards
(their `View`) is the same in every such world as in the real game. Drawing cards, a Magician's swap, the
call of the next character after ending a turn (who holds it, or that nobody does) all differ from world to
world; taking gold, building, keeping one of the cards already drawn, choosing a character do not.
The check plays `WORLDS` re-dealt worlds (a fixed seed: the answer is the same every time); a decision
whose outcome depends on hidden cards shows a different view in almost every one of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .config import GameConfig
from .game import Game
from .redeal import redeal
from .rng import Rng
from .view import view

WORLDS = 16

# Why a decision cannot be taken back (None: it can).
NOTHING = "nothing"  # the player has made no decision in this game
GAME_OVER = "over"  # the final scores are out: everything is revealed
OTHER_ACTED = "other"  # another player acted after it
REVEALED = "revealed"  # the decision showed the player something hidden


def revealed_something(before: Game, player: int, action: Action, after: Game) -> bool:
    """Whether `action` (by `player`, turning `before` into `after`) showed `player` anything hidden."""
    seen = view(after, player)
    rng = Rng(0x7A4E_BAC4)
    for _ in range(WORLDS):
        world = redeal(before, player, rng)
        world.apply_unchecked(player, action)
        if view(world, player) != seen:
            return True
    return False


def take_back_refusal(
    config: GameConfig,
    seed: int,
    actions: Sequence[tuple[int, Action]],
    player: int,
    after: Game | None = None,
    start: Game | None = None,
) -> str | None:
    """Why `player` cannot take back their last decision of the game `(config, seed, actions)` now, as one
    of the codes above, or None when they can. `after`: the game as it stands, if at hand (saves a replay).
    `start`: where the actions start from when not a new game's deal (a game set up from a position)."""
    if not actions or all(p != player for p, _ in actions):
        return NOTHING

    def fresh() -> Game:
        return start.clone() if start is not None else Game(config, seed, record_events=False)

    if after is None:
        after = fresh()
        for p, a in actions:
            after.apply(p, a)
    if after.over:
        return GAME_OVER
    last_player, last = actions[-1]
    if last_player != player:
        return OTHER_ACTED
    before = fresh()
    for p, a in actions[:-1]:
        before.apply(p, a)
    return REVEALED if revealed_something(before, player, last, after) else None
