"""Games driven by bots to a chosen decision, for the app's tests."""

from __future__ import annotations

from collections.abc import Callable

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.view import View, view


def drive(
    pred: Callable[[Game], bool], players: int = 4, seeds: range = range(1, 400), bot: str = "random"
) -> Game:
    """The first game state (over the seeds) where `pred` holds, reached by bots' moves."""
    for seed in seeds:
        g = Game(GameConfig.create(players), seed)
        bots = [make_bot(bot, seed * 10 + p) for p in range(players)]
        for _ in range(2000):
            if pred(g):
                return g
            pd = g.pending()
            if pd is None:
                break
            g.apply(pd[0], bots[pd[0]].choose(view(g, pd[0])))
    raise AssertionError("no seed reaches the wanted state")


def legal_has(*kinds: str) -> Callable[[Game], bool]:
    return lambda g: (
        g.pending() is not None and all(any(a.kind == k for a in g.legal_actions()) for k in kinds)
    )


def me_view(g: Game) -> View:
    pd = g.pending()
    assert pd is not None
    return view(g, pd[0])


def action(kind: str, *args: str | int) -> Action:
    """The action of that kind with those arguments (as a parse should give it)."""
    return Action(kind, tuple(args))
