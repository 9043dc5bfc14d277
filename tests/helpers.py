"""Scenario builders for rule tests: put a game straight into the turn phase with chosen characters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import RandomBot, decide, make_bot
from citadels_core.terms import CARD, TURN
from citadels_core.view import view


def new_game(players: int = 4, seed: int = 1, **kw) -> Game:
    return Game(GameConfig.create(players, **kw), seed)


def start_turns(g: Game, picks: dict[int, str | Sequence[str]], faceup: Sequence[str] = ()) -> Game:
    """Skip the selection phase: give each player the named character(s), then start calling."""
    assert g.phase == "select" and not g.follow_up
    g.owner = [-1] * g.cast_size
    g.characters = [[] for _ in range(g.players)]
    for p, keys in picks.items():
        for k in [keys] if isinstance(keys, str) else keys:
            i = g.cast_index(k)
            assert i >= 0, k
            g.owner[i] = p
            g.characters[p].append(i)
    g.faceup = [g.cast_index(k) for k in faceup]
    g.facedown = [i for i in range(g.cast_size) if g.owner[i] < 0 and i not in g.faceup]
    g.draft = []
    g.selection_step = len(g.selection_order)
    g.begin_turn_phase()
    assert g.phase == TURN
    return g


def cards(g: Game, *keys: str) -> list[int]:
    return [g.card_id(k) for k in keys]


def act(g: Game, kind: str, *args: str | int) -> None:
    """Apply an action for whoever must decide now."""
    pd = g.pending()
    assert pd is not None
    g.apply(pd[0], Action(kind, tuple(args)))


def legal_kinds(g: Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def finish_turn(g: Game) -> None:
    """Gather gold if needed, then end the current turn."""
    if not g.gathered:
        act(g, "gather", "gold")
    act(g, "end")


def play_random(g: Game, steps: int, seed: int = 0) -> list[tuple[int, Action]]:
    """Up to `steps` decisions by random bots seeing their own views; returns the (seat, action) log."""
    bot = RandomBot(seed)
    log = []
    for _ in range(steps):
        if g.over:
            break
        p = g.pending()[0]
        a = bot.choose(view(g, p))
        g.apply(p, a)
        log.append((p, a))
    return log


def all_cards(g: Game) -> Counter:
    """The multiset of district cards in the deck, hands, cities and under the Museum."""
    c = Counter(g.deck)
    for h in g.hands:
        c.update(h)
    for city in g.cities:
        c.update(e & CARD for e in city)
    c.update(g.museum)
    return c


def finished_by_bots(
    players: int, seed: int, kinds: Sequence[str] = ("normal",), bot_seeds: Sequence[int] | None = None
) -> tuple[GameConfig, list]:
    """A first-game config and the (player, action) record of a whole game its bots played, seat i a
    `kinds[i % len(kinds)]` bot seeded `bot_seeds[i]` (default `seed * 10 + i`)."""
    cfg = GameConfig.create(players)
    g = Game(cfg, seed, record_events=False)
    seeds = bot_seeds if bot_seeds is not None else [seed * 10 + i for i in range(players)]
    bots = [make_bot(kinds[i % len(kinds)], seeds[i]) for i in range(players)]
    actions = []
    while not g.over:
        p = g.pending()[0]
        a = decide(bots[p], g, p)
        g.apply(p, a)
        actions.append((p, a))
    return cfg, actions


# A hosted table's settings as the records keep them (HostedTable's simple fields): for database tests and
# benches that need a table in play.
TABLE_SETTINGS = {
    "creator": "anna",
    "players": 4,
    "cast": "first_game",
    "districts": "first_game",
    "bot_level": "normal",
    "turn_timer": None,
    "seed": 3,
    "edition": "2016",
    "shorter": False,
    "rank9": None,
}
