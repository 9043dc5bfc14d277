"""Same seeds, same games: plays seeded bot games of every edition, cast, district set and player count
and stores what happened, so that a change meant only to make the engine or the bots faster can be
checked to play exactly the same games.

Run:  python bench/replay_check.py --write /tmp/replays.json   (before the change)
      python bench/replay_check.py --check /tmp/replays.json   (after it: exits 1 on the first difference)

For every game it keeps the action list, the final state digest (`record.state_digest`), a digest of the
legal actions offered at every decision and a digest of the event log. The bots decide through
`bots.decide` (a `View` per decision, worlds re-dealt for `hard`), as `citadels simulate` does, so the
check covers the views and the bots too. `hard` runs on a fixed playout budget (reproducible).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator

from citadels_core import Game, GameConfig, get_edition
from citadels_core.bots import decide, make_bot
from citadels_core.editions.classic import BASE_CAST, BASE_PURPLE_KEYS
from citadels_core.record import state_digest

# Bots per seat, rotated with the seed: every bot plays every edition.
LINEUPS = (("random",), ("easy", "random"), ("normal", "random", "easy"), ("normal",))
HARD = "hard:6"  # 2016 games only (see games()); a few playouts: enough to exercise the search and the re-deal, cheap enough to run often

# Classic configurations with the bonus characters and districts (as the classic sweep tests play them).
CLASSIC_BONUS = (
    (("witch", "tax_collector"), ("lighthouse", "armory", "museum", "imperial_treasury")),
    (("wizard", "emperor"), ("map_room", "wishing_well", "quarry", "poor_house", "bell_tower")),
    (("abbot", "alchemist"), ("factory", "park", "hospital")),
    (("navigator", "diplomat"), ("throne_room", "ball_room")),
)
SWAP_OUT = ("smithy", "school_of_magic")


def _classic_bonus(i: int, players: int) -> GameConfig:
    ed = get_edition("classic")
    chars, bonus = CLASSIC_BONUS[i]
    cast = list(BASE_CAST)
    for k in chars:
        cast[ed.characters[ed.character_by_key[k]].rank - 1] = k
    if players >= 4 and (players == 8 or i % 2 == 0):
        cast.append("queen" if players >= 5 and i == 1 else "artist")
    base = [k for k in BASE_PURPLE_KEYS if k not in SWAP_OUT[: max(0, len(bonus) - 3)]]
    return GameConfig.create(
        players, cast, base + list(bonus), edition="classic", shorter=(i == 3 and players == 5)
    )


def configs() -> Iterator[tuple[str, GameConfig]]:
    """(label, config): every preset cast of both editions at 2 to 8 players, with and without rank 9."""
    ed16 = [p.key for p in get_edition("2016").presets]
    for i, cast in enumerate(ed16):
        for players in range(2, 9):
            for rank9 in (None, True) if 4 <= players <= 7 else (None,):
                districts = ed16[(i + players) % len(ed16)]
                label = f"2016 {cast}/{districts} {players}p rank9={rank9}"
                yield label, GameConfig.create(players, cast=cast, districts=districts, rank9=rank9)
    for preset in (p.key for p in get_edition("classic").presets):
        for players in range(2, 9):
            for rank9 in (None, True) if 4 <= players <= 7 else (None,):
                label = f"classic {preset} {players}p rank9={rank9}"
                yield (
                    label,
                    GameConfig.create(players, cast=preset, districts=preset, rank9=rank9, edition="classic"),
                )
    for i in range(len(CLASSIC_BONUS)):
        for players in range(2, 9):
            yield f"classic bonus{i} {players}p", _classic_bonus(i, players)


def _h(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj, separators=(",", ":"), default=str).encode()).hexdigest()[:16]


def play(cfg: GameConfig, seed: int, bots: list[str]) -> dict[str, object]:
    g = Game(cfg, seed, record_events=True)
    seats = [make_bot(b, seed * 31 + i) for i, b in enumerate(bots)]
    actions: list[list[object]] = []
    legal = hashlib.sha256()
    while not g.over:
        p = g.pending()[0]  # type: ignore[index]
        legal.update(repr(g.legal_actions()).encode())
        a = decide(seats[p], g, p)
        g.apply(p, a)
        actions.append([p, *a.to_json()])
    events = _h([(e.kind, e.data, e.audience) for e in g.events or ()])
    return {"actions": actions, "final": state_digest(g), "legal": legal.hexdigest()[:16], "events": events}


def games(per_config: int) -> Iterator[tuple[str, dict[str, object]]]:
    k = 0
    for label, cfg in configs():
        for j in range(per_config):
            seed = 7919 * k + j
            lineup = LINEUPS[(k + j) % len(LINEUPS)]
            bots = [lineup[i % len(lineup)] for i in range(cfg.players)]
            if (k + j) % 9 == 0 and cfg.edition == "2016":
                # Only 2016: in some classic 2-player worlds a rollout meets a decision with no legal
                # action (a known fault of `hard` in classic games, outside what this check is for).
                bots[(k + j) % cfg.players] = HARD
            yield f"{label} seed={seed} bots={','.join(bots)}", play(cfg, seed, bots)
        k += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="FILE", help="play the games and store them")
    group.add_argument("--check", metavar="FILE", help="play the games and compare with the stored ones")
    ap.add_argument("--games", type=int, default=3, help="games per configuration (default 3)")
    args = ap.parse_args()
    t0 = time.process_time()
    if args.write:
        out = dict(games(args.games))
        with open(args.write, "w") as f:
            json.dump({"games_per_config": args.games, "games": out}, f)
        print(f"{len(out)} games written to {args.write} ({time.process_time() - t0:.0f} s CPU)")
        return
    with open(args.check) as f:
        stored = json.load(f)
    want = stored["games"]
    n = 0
    for key, got in games(stored["games_per_config"]):
        old = want.get(key)
        if old != got:
            print(f"DIFFERENT: {key}")
            if old is None:
                print("  not in the stored file")
            else:
                for field in ("final", "legal", "events"):
                    if old[field] != got[field]:
                        print(f"  {field}: {old[field]} -> {got[field]}")
                moves = next(
                    (
                        i
                        for i, (a, b) in enumerate(zip(old["actions"], got["actions"], strict=False))
                        if a != b
                    ),
                    min(len(old["actions"]), len(got["actions"])),
                )
                print(f"  first different action: #{moves}")
            sys.exit(1)
        n += 1
    if n != len(want):
        print(f"DIFFERENT: {len(want)} games stored, {n} played")
        sys.exit(1)
    print(
        f"{n} games identical: actions, legal actions, events and final digests "
        f"({time.process_time() - t0:.0f} s CPU)"
    )


if __name__ == "__main__":
    main()
