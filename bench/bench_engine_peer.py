"""Engine and bot-layer speed, side by side with the fastest public Python Citadels engine we know.

Run:  python bench/bench_engine_peer.py [PEER_CHECKOUT] [--games N] [--rounds K]

Figures (games per CPU second of this process, time.process_time, the median of K rounds; the rounds
alternate between the engines so that load on a shared machine falls on both alike):
- ours: random 6-player games through the public API (`legal_actions` + `apply`), with the event log
  (the default of `Game`) and without it (as `citadels simulate` and the bots' searches play);
- the bot layer: the same games through `random` bots (`citadels simulate`: a View per decision, the
  bot picks from it), compared with our engine without the event log (target: >= 60%);
- the peer: random 6-player games of davpat108/CITADELS_self_play (its own loop:
  `get_options_from_state()`, a uniformly random option, `carry_out`), compared with ours (target: >= 10x).

The peer is not part of this repository. Get it with
    git clone https://github.com/davpat108/CITADELS_self_play /tmp/peer
and pass its path. It needs numpy; its modules also import torch for their neural-network encoders, which a
random game never calls: without torch installed, a stand-in module is put in its place (any use of it
would fail loudly) so that the game code loads. Without a peer path only our figures are printed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
import types
from collections.abc import Callable

from citadels_core import Game, GameConfig
from citadels_core.rng import Rng
from citadels_core.simulate import play_game

PLAYERS = 6


def ours(games: int, events: bool, seed0: int) -> float:
    cfg = GameConfig.create(PLAYERS)
    t0 = time.process_time()
    for seed in range(seed0, seed0 + games):
        g = Game(cfg, seed, record_events=events)
        rng = Rng(seed)
        while not g.over:
            acts = g.legal_actions()
            g.apply(g.pending()[0], acts[rng.below(len(acts))])  # type: ignore[index]
    return games / (time.process_time() - t0)


def bot_layer(games: int, seed0: int) -> float:
    cfg = GameConfig.create(PLAYERS)
    t0 = time.process_time()
    for seed in range(seed0, seed0 + games):
        play_game(cfg, seed, ["random"] * PLAYERS)
    return games / (time.process_time() - t0)


def _stand_in_torch() -> None:
    """A module named torch whose every attribute use fails: enough for the peer's imports."""

    class _Absent(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise RuntimeError(f"torch.{name} was used, but torch is not installed")

    torch = _Absent("torch")
    nn = _Absent("torch.nn")
    functional = _Absent("torch.nn.functional")
    object.__setattr__(torch, "nn", nn)
    object.__setattr__(nn, "functional", functional)
    sys.modules.update({"torch": torch, "torch.nn": nn, "torch.nn.functional": functional})


def load_peer(path: str) -> Callable[[int, int], float]:
    """The peer's random-game loop, timed like ours."""
    if not os.path.isfile(os.path.join(path, "game", "game.py")):
        sys.exit(f"{path} does not look like a CITADELS_self_play checkout (no game/game.py)")
    try:
        importlib.import_module("torch")
    except ImportError:
        _stand_in_torch()
        print("(torch is not installed: a stand-in module lets the peer's game code load)")
    sys.path.insert(0, path)
    peer_game = importlib.import_module("game.game")

    def run(games: int, seed0: int) -> float:
        t0 = time.process_time()
        for seed in range(seed0, seed0 + games):
            random.seed(seed)  # the peer draws from Python's global generator
            g = peer_game.Game()
            g.setup_round()
            winner = False
            while not winner:
                options = g.get_options_from_state()
                winner = random.choice(options).carry_out(g)
        return games / (time.process_time() - t0)

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("peer", nargs="?", help="path of a CITADELS_self_play checkout (see above)")
    ap.add_argument("--games", type=int, default=200, help="our games per round (default 200)")
    ap.add_argument("--peer-games", type=int, default=20, help="the peer's games per round (default 20)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    args = ap.parse_args()
    peer = load_peer(args.peer) if args.peer else None
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    figures: dict[str, list[float]] = {"events": [], "engine": [], "bots": [], "peer": []}
    for k in range(args.rounds):
        seed0 = 1000 * k
        figures["events"].append(ours(args.games, True, seed0))
        figures["engine"].append(ours(args.games, False, seed0))
        figures["bots"].append(bot_layer(args.games // 2, seed0))
        if peer is not None:
            figures["peer"].append(peer(args.peer_games, seed0))
    med = {k: statistics.median(v) for k, v in figures.items() if v}
    print(f"random {PLAYERS}-player games per CPU second, median of {args.rounds} rounds:")
    print(f"  ours, public API with the event log:    {med['events']:8.1f}")
    print(f"  ours, public API without the event log: {med['engine']:8.1f}")
    print(
        f"  ours, through `random` bots (simulate): {med['bots']:8.1f}  "
        f"= {med['bots'] / med['engine']:.0%} of the engine without the log (target >= 60%)"
    )
    if peer is not None:
        print(f"  peer (CITADELS_self_play):              {med['peer']:8.1f}")
        print(
            f"  ours / peer: {med['events'] / med['peer']:.1f}x with the event log, "
            f"{med['engine'] / med['peer']:.1f}x without (target >= 10x)"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
