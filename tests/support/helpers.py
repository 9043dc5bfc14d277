"""Scenario builders for rule tests: a game at a chosen moment, written as a position (docs/position.md),
and random states of one game."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from citadels_core import Action, Game, GameConfig
from citadels_core.bots import Bot, RandomBot, decide, make_bot
from citadels_core.characters.base import CharacterRules
from citadels_core.characters.classic import ClassicTaxCollector
from citadels_core.characters.king import King
from citadels_core.edition import get_edition
from citadels_core.events import Event
from citadels_core.position import HEADER, VERSION
from citadels_core.record import GameRecord
from citadels_core.terms import CARD, SELECT, TURN, Decision
from citadels_core.view import view


def new_game(
    players: int = 4,
    seed: int = 1,
    *,
    edition: str = "2016",
    cast: str | Sequence[str] | None = None,
    districts: str | Sequence[str] | None = None,
    **kw: Any,
) -> Game:
    """A game at its first selection; the cast and districts default to the edition's basic ones (the first
    game's in 2016, the classic base game's in the classic edition)."""
    basic = "classic_basic" if edition == "classic" else "first_game"
    config = GameConfig.create(
        players, cast=cast or basic, districts=districts or basic, edition=edition, **kw
    )
    return Game(config, seed)


def first_game_cast(*keys: str, rank9: str | None = None) -> list[str]:
    """The first game's characters of ranks 1 to 8 with the named ones in their ranks, plus an optional
    rank 9."""
    ed = get_edition("2016")
    out = list(ed.preset_by_key["first_game"].characters[:8])
    for k in keys:
        out[ed.characters[ed.character_by_key[k]].rank - 1] = k
    if rank9:
        out.append(rank9)
    return out


# The Magistrate's tests' cast: the Magistrate, the Wizard, the Alchemist and the Tax Collector.
MAGISTRATE_CAST = first_game_cast("magistrate", "wizard", "alchemist", rank9="tax_collector")

# ---------------------------------------------------------------- scenarios as positions
#
# A test reaches the moment it needs by writing it as a position (docs/position.md) and reading it with
# `Game.from_position`, which checks it by the rules: the tests never write a game's fields. `mid_game` is
# the one builder of a game in play; `build` changes named lines of a game already made.

PER_SEAT = ("gold", "hands", "cities", "known", "characters", "seen")


def position_lines(g: Game) -> dict[str, Any]:
    """The lines of g's position, name -> value (cards and characters by key, seats by number)."""
    lines = g.position().splitlines()[1:]
    return {name: json.loads(raw) for name, _, raw in (ln.partition(": ") for ln in lines)}


def position_text(lines: dict[str, Any]) -> str:
    """A position's text from its lines (in the order of docs/position.md, as `position_lines` gives them)."""
    body = [f"{k}: {json.dumps(v, separators=(',', ':'))}" for k, v in lines.items()]
    return "\n".join([f"{HEADER}: {VERSION}", *body]) + "\n"


def build(g: Game, **changes: Any) -> Game:
    """The game at g's position with the named lines replaced, read back with `Game.from_position`.

    Values are written as the position writes them: cards and characters by key ("castle+" a beautified
    district), seats by number. A per-seat line (gold, hands, cities, known, characters, seen) may be given
    as {seat: value} to change only those seats. Unless `deck` is given, every card stays in the game once:
    a card put into a hand, a city, the Museum or the drawn cards is taken out of the deck (the copy nearest
    its bottom, so the top cards stay the same) or, when the deck has none, out of a hand not named here;
    the cards a change removes go under the deck."""
    old = position_lines(g)
    new = dict(old, **changes)
    named: set[int] = set()
    for name in PER_SEAT:
        if isinstance(changes.get(name), dict):
            row = list(old[name])
            for p, value in changes[name].items():
                row[p] = value
            new[name] = row
            if name == "hands":
                named |= set(changes[name])
        elif name == "hands" and name in changes:
            named = set(range(g.players))
    if "deck" not in changes:
        _keep_every_card_once(old, new, named)
    return Game.from_position(position_text(new))


def deck_top(g: Game, n: int) -> tuple[list[str], list[str]]:
    """The top n cards of g's deck (the next drawn first) and the deck without them, by key: for
    `build(g, museum=top, deck=rest)`."""
    deck = position_lines(g)["deck"]
    return deck[: -n - 1 : -1], deck[:-n]


def _placed(lines: dict[str, Any]) -> Counter[str]:
    c: Counter[str] = Counter(lines["museum"]) + Counter(lines["drawn"])
    for h in lines["hands"]:
        c.update(h)
    for city in lines["cities"]:
        c.update(k.rstrip("+") for k in city)
    return c


def _keep_every_card_once(old: dict[str, Any], new: dict[str, Any], named: set[int]) -> None:
    before, after = _placed(old), _placed(new)
    deck = list(new["deck"])
    hands = [list(h) for h in new["hands"]]
    for key, n in (after - before).items():
        for _ in range(n):
            if key in deck:
                deck.remove(key)
                continue
            holder = next((q for q, h in enumerate(hands) if q not in named and key in h), None)
            assert holder is not None, f"no free copy of {key}: the game has none, or each is placed"
            hands[holder].remove(key)
    freed = [k for k, n in (before - after).items() for _ in range(n)]
    new["deck"] = freed + deck
    new["hands"] = hands


def mid_game(
    base: Game | None = None,
    /,
    *,
    edition: str = "2016",
    players: int = 4,
    seed: int = 1,
    cast: str | Sequence[str] | None = None,
    districts: str | Sequence[str] | None = None,
    characters: Mapping[int, str | Sequence[str]] | None = None,
    faceup: Sequence[str] = (),
    crown: int | None = None,
    gold: Sequence[int] | Mapping[int, int] | None = None,
    hands: Sequence[Sequence[str]] | Mapping[int, Sequence[str]] | None = None,
    cities: Sequence[Sequence[str]] | Mapping[int, Sequence[str]] | None = None,
    phase: str = TURN,
    **lines: Any,
) -> Game:
    """A game in play: `new_game(players, seed, edition=, cast=, districts=)`, or `base` when given, with
    the gold, hands and cities given (a whole line, or {seat: value} for some seats, as `build`) and any
    other lines of the position named.

    In the turn phase (the default) the selection is skipped: `characters` says which character(s) each
    seat holds (seat -> key or keys; a seat may hold none), the others are discarded (`faceup` face up, the
    rest face down), and the first character held is called and its turn begun. With `phase="select"` the
    game stays at its selection and only the lines change."""
    if base is None:
        g = new_game(players, seed, edition=edition, cast=cast, districts=districts)
    else:
        assert (edition, players, seed, cast, districts) == ("2016", 4, 1, None, None), (
            "a base game already has its setup"
        )
        g = base
    given = {"gold": gold, "hands": hands, "cities": cities}
    changes = {k: _line(v) for k, v in given.items() if v is not None} | lines
    if phase == SELECT:
        assert characters is None and not faceup and crown is None, "characters are held from the turn phase"
        return build(g, **changes)
    assert phase == TURN, f"mid_game builds a game at its selection or its turns, not {phase!r}"
    assert characters is not None, "the turn phase needs someone holding a character"
    return _start_turns(g, characters, faceup, crown, **changes)


def held_by(holders: Mapping[str, int]) -> dict[int, list[str]]:
    """`mid_game`'s characters (seat -> keys) from who holds each character (key -> seat)."""
    seats: dict[int, list[str]] = {}
    for key, p in holders.items():
        seats.setdefault(p, []).append(key)
    return seats


def _line(value: Any) -> Any:
    """A per-seat line as `build` takes it: {seat: value} as given, a whole line as a list."""
    if isinstance(value, Mapping):
        return {p: list(v) if isinstance(v, (list, tuple)) else v for p, v in value.items()}
    return [list(v) if isinstance(v, (list, tuple)) else v for v in value]


def _start_turns(
    g: Game,
    picks: Mapping[int, str | Sequence[str]],
    faceup: Sequence[str] = (),
    crown: int | None = None,
    **changes: Any,
) -> Game:
    assert g.phase == "select" and not g.decision.kind
    held: dict[int, int] = {}
    characters: list[list[str]] = [[] for _ in range(g.players)]
    for p, keys in picks.items():
        for k in [keys] if isinstance(keys, str) else keys:
            i = g.cast_index(k)
            assert i >= 0, f"{k} is not in the cast"
            held[i] = p
            characters[p].append(k)
    assert held, "someone must hold a character"
    down = [
        g.character_key(i) for i in range(g.cast_size) if i not in held and g.character_key(i) not in faceup
    ]
    first = min(held)
    p, key = held[first], g.character_key(first)
    crown = before = g.crown if crown is None else crown
    rules = g.rules.character_rules[first]
    edition_state = dict(changes.pop("edition_state", g.edition_state))
    # The call reveals the character (docs/position.md: revealed, called_by) and begins its turn; what the
    # character does on being revealed is written here: the King takes the crown, and the classic Tax
    # Collector finds nothing to collect before anyone played this round (his note of earlier dues goes).
    reveal = type(rules).on_reveal
    if reveal is King.on_reveal:
        crown = p
    elif reveal is ClassicTaxCollector.on_reveal:
        due = edition_state.pop("tax_pre", (0, 0))
        assert due[0] != g.round, "mid_game does not write the Tax Collector's dues: play his call"
    else:
        assert reveal is CharacterRules.on_reveal, f"mid_game does not know what the {key} does when revealed"
    turn = {
        "phase": TURN,
        "crown": crown,
        "characters": characters,
        "faceup": list(faceup),
        "facedown": down,
        "draft": [],
        "selection_step": len(g.round_state.order),
        "revealed": [key],
        "called_by": {key: p},
        "calling": key,
        "turn_player": p,
        "gathered": False,
        "builds": 0,
        "build_limit": rules.build_limit,
        "used": 0,
        "beautified": 0,
        "spent": 0,
        "decision": None,
        "decision_player": None,
        "decision_data": [],
        "edition_state": edition_state,
    }
    h = build(g, **turn, **changes)
    watching = [
        h.rules.edition.districts[h.card_id(k)].name
        for k, r in h.rules.district_rules.items()
        if r.watches_crown and any(h.has(q, k) for q in range(h.players))
    ]
    assert crown == before or not watching, (
        f"mid_game does not write what the {' and the '.join(watching)} does when the King takes the "
        "crown: give him the crown, or play his call"
    )
    # The classic Ball Room (RULINGS R44): the player called first thanks its crowned owner first.
    if "ball_room" in h.rules.district_rules and p != h.crown and h.has(h.crown, "ball_room"):
        h = build(h, edition_state={**position_lines(h)["edition_state"], "thank": 1})
    assert h.phase == TURN
    return h


def cards(g: Game, *keys: str) -> list[int]:
    return [g.card_id(k) for k in keys]


def act(g: Game, kind: str, *args: str | int, seat: int | None = None) -> None:
    """Apply an action for `seat`, or for whoever must decide now; the engine checks it (IllegalAction)."""
    if seat is None:
        pd = g.pending()
        assert pd is not None, "nobody decides: the game is over"
        seat = pd[0]
    g.apply(seat, Action(kind, tuple(args)))


def warrants_then_build(g: Game, warrants: Sequence[str], *build: str) -> None:
    """The Magistrate (seat 0) gives the three warrants (the first one signed), gathers gold and ends his
    turn; then seat 1 gathers gold and builds (`build`: the build action's arguments)."""
    act(g, "warrants", *warrants, seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    act(g, "gather", "gold", seat=1)
    act(g, "build", *build, seat=1)


def legal_kinds(g: Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def legal(g: Game, kind: str) -> list[tuple[Any, ...]]:
    """The arguments of each legal action of that kind."""
    return [a.args for a in g.legal_actions() if a.kind == kind]


def keys(g: Game, cards: list[int]) -> list[str]:
    return sorted(g.card_keys(cards))


def pending_decision(g: Game) -> tuple[int, Decision]:
    """The seat whose decision the game waits for, and the kind of decision (the game is not over)."""
    pending = g.pending()
    assert pending is not None, "the game is over"
    return pending


def pending_seat(g: Game) -> int:
    """The seat whose decision the game waits for (the game is not over)."""
    return pending_decision(g)[0]


def recorded_events(g: Game) -> list[Event]:
    """The events g has recorded so far (a game made with `record_events`, as by default)."""
    assert g.events is not None, "the game records no events"
    return g.events


def group_of(pattern: str | re.Pattern[str], text: str, n: int = 1) -> str:
    """Group `n` of `pattern`'s first match in `text`, which must match."""
    found = re.search(pattern, text)
    assert found is not None, f"no {pattern!r} in {text!r}"
    return found.group(n)


def game_result(g: Game) -> dict[str, Any]:
    """The result of g, which is over."""
    assert g.result is not None, "the game is not over"
    return g.result


def turn_of(g: Game) -> tuple[int, str]:
    """(player, character) now playing."""
    return g.turn.player, g.character_key(g.current_character)


def total_cards(g: Game) -> int:
    """Every district card in the game: deck, hands, cities, under the Museum, drawn, and those set aside
    by a decision in progress (discarded to the Magician, waiting for the Graveyard's owner, paid to the
    Thieves' Den)."""
    if g.decision.kind == "pay_den":
        # The Thieves' Den itself has left the hand and is not yet in the city.
        aside = len(g.decision.data[1:]) + 1
    elif g.decision.kind in ("redraw", "graveyard"):
        aside = len(g.decision.data)
    else:
        aside = 0
    return (
        len(g.deck)
        + sum(map(len, g.hands))
        + sum(map(len, g.cities))
        + len(g.museum)
        + len(g.turn.drawn)
        + aside
    )


def finish_turn(g: Game) -> None:
    """Gather gold if needed, then end the current turn."""
    if not g.turn.gathered:
        act(g, "gather", "gold")
    act(g, "end")


def play_random(g: Game, steps: int, seed: int = 0) -> list[tuple[int, Action]]:
    """Up to `steps` decisions by random bots seeing their own views; returns the (seat, action) log."""
    bot = RandomBot(seed)
    log = []
    for _ in range(steps):
        if g.over:
            break
        p = pending_seat(g)
        a = bot.choose(view(g, p))
        g.apply(p, a)
        log.append((p, a))
    return log


B = TypeVar("B", bound=Bot)


def bots_played(
    config: GameConfig, seed: int, steps: int, bot: Callable[[int], B], *, shared: bool = False
) -> tuple[Game, list[B]]:
    """Game (config, seed) `steps` decisions in, each seat's decision made by its bot through `decide`: seat
    i's bot `bot(seed + i)`, or with `shared` one `bot(seed)` deciding for every seat. Returns the game and
    the bots by seat, which remember what they saw of it (a normal bot, the draft)."""
    g = Game(config, seed, record_events=False)
    bots = [bot(seed)] * config.players if shared else [bot(seed + i) for i in range(config.players)]
    for _ in range(steps):
        p = pending_seat(g)
        g.apply(p, decide(bots[p], g, p))
    return g, bots


def all_cards(g: Game) -> Counter[int]:
    """The multiset of district cards in the deck, hands, cities and under the Museum."""
    c = Counter(g.deck)
    for h in g.hands:
        c.update(h)
    for city in g.cities:
        c.update(e & CARD for e in city)
    c.update(g.museum)
    return c


def finished_by_bots(
    players: int,
    seed: int,
    kinds: Sequence[str] = ("normal",),
    bot_seeds: Sequence[int] | None = None,
    config: GameConfig | None = None,
) -> tuple[GameConfig, list[tuple[int, Action]]]:
    """A config (`config`, or the first game's) and the (player, action) record of a whole game its bots
    played, seat i a `kinds[i % len(kinds)]` bot seeded `bot_seeds[i]` (default `seed * 10 + i`)."""
    cfg = config or GameConfig.create(players)
    g = Game(cfg, seed, record_events=False)
    seeds = bot_seeds if bot_seeds is not None else [seed * 10 + i for i in range(players)]
    bots = [make_bot(kinds[i % len(kinds)], seeds[i]) for i in range(players)]
    actions = []
    while not g.over:
        p = pending_seat(g)
        a = decide(bots[p], g, p)
        g.apply(p, a)
        actions.append((p, a))
    return cfg, actions


def bench_script(name: str) -> ModuleType:
    """The script bench/NAME.py, loaded as the module bench_NAME."""
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[f"bench_{name}"] = mod
    spec.loader.exec_module(mod)
    return mod


# The bots of the games puzzles are harvested from, by turns: the games then hold a learner's mistakes.
PUZZLE_SOURCE_LEVELS = ("easy", "normal")


def puzzle_source(n: int, first_seed: int = 4400) -> GameRecord:
    """Game n (from 0) of `bench/puzzle_games.py --seed FIRST_SEED`, a bot game to harvest puzzles from:
    seed first_seed + n, 2 + n % 3 players, seat i an `easy` or `normal` bot as (n + i) % 2 says, seeded
    seed * 31 + i. The shipped puzzles came from such games (bench/puzzle_games.py)."""
    seed = first_seed + n
    players = 2 + n % 3
    kinds = [PUZZLE_SOURCE_LEVELS[(n + i) % 2] for i in range(2)]
    cfg, actions = finished_by_bots(players, seed, kinds, [seed * 31 + i for i in range(players)])
    return GameRecord(cfg, seed, actions)


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


# Every edition and player count, and each named cast with its districts once: what the position tests and
# the scenario builder's check run over.
EVERY_SETUPS: list[tuple[str, int, dict[str, Any]]] = (
    [("2016", n, {}) for n in range(2, 9)]
    + [("classic", n, {"cast": "classic_basic", "districts": "classic_basic"}) for n in range(2, 8)]
    + [
        ("classic", 5, {"cast": "classic_intrigue", "districts": "classic_intrigue"}),
        ("classic", 6, {"cast": "classic_dark_city", "districts": "classic_dark_city", "shorter": True}),
        ("2016", 5, {"cast": "cunning_agents", "districts": "random:4"}),
        ("2016", 8, {"cast": "vicious_nobles", "districts": "vicious_nobles"}),
        ("2016", 6, {"cast": "devious_dignitaries", "districts": "devious_dignitaries"}),
        ("2016", 7, {"cast": "tenacious_delegates", "districts": "tenacious_delegates"}),
        ("2016", 4, {"cast": "illustrious_emissaries", "districts": "illustrious_emissaries"}),
        ("2016", 3, {"cast": "ambitious_aristocrats", "districts": "ambitious_aristocrats"}),
    ]
)


def random_states(edition: str, players: int, kw: dict[str, Any], seed: int) -> Iterator[Game]:
    """Random states of one game: every few decisions, up to its end."""
    g = Game(GameConfig.create(players, edition=edition, **kw), seed, record_events=False)
    rng = random.Random(seed)
    while not g.over:
        play_random(g, rng.randrange(1, 25), rng.randrange(1000))
        yield g
