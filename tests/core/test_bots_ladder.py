"""The bot ladder: names, legality over every preset and player count, re-deal invariance, hints."""

import copy

import pytest
from helpers import bots_played, pending_decision, pending_seat

from citadels_core import Game, GameConfig
from citadels_core.bots import BOT_KINDS, ISMCTSBot, NormalBot, SearchBot, decide, make_bot, parse_kind
from citadels_core.bots.hint import hint
from citadels_core.edition import get_edition
from citadels_core.redeal import redeal
from citadels_core.rng import Rng
from citadels_core.view import view

PRESETS = [p.key for p in get_edition("2016").presets]
LADDER = ("random", "easy", "normal", "hard:2", "expert:2")


def test_make_bot_knows_the_ladder_and_keeps_heuristic_as_normal():
    assert {"random", "easy", "normal", "heuristic", "hard"} <= set(BOT_KINDS)
    assert isinstance(make_bot("heuristic", 1), NormalBot)
    assert make_bot("easy").name == "easy" and make_bot("normal").name == "normal"
    hard = make_bot("hard:32", 3)
    assert isinstance(hard, SearchBot) and hard.iterations == 32 and hard.seconds is None
    assert search_bot("hard:0.25s").seconds == 0.25
    # Plain hard is capped in time for play; an explicit budget is not, so tournaments are reproducible.
    assert search_bot("hard").max_seconds is not None and hard.max_seconds is None
    expert = make_bot("expert:32", 3)
    assert isinstance(expert, ISMCTSBot) and expert.iterations == 32 and expert.seconds is None
    assert search_bot("expert").max_seconds is not None


def search_bot(kind: str) -> SearchBot:
    """The bot `make_bot(kind)` makes, a searching one (hard or expert)."""
    bot = make_bot(kind)
    assert isinstance(bot, SearchBot), kind
    return bot


@pytest.mark.parametrize(
    "kind", ["nobody", "normal:5", "hard:0", "hard:x", "hard:-1s", "expert:0", "easy:2s"]
)
def test_bad_bot_names_are_refused(kind):
    with pytest.raises(ValueError):
        parse_kind(kind)


def play(players: int, preset: str, seed: int, kinds: tuple[str, ...]) -> Game:
    cast = (
        preset
        if players >= 5 or preset not in ("ambitious_aristocrats", "devious_dignitaries")
        else "first_game"
    )
    g = Game(GameConfig.create(players, cast=cast, districts=preset), seed, record_events=False)
    bots = [make_bot(kinds[i % len(kinds)], seed * 7 + i) for i in range(players)]
    for _ in range(20000):
        if g.over:
            break
        p = pending_seat(g)
        g.apply(p, decide(bots[p], g, p))  # checked: raises on an illegal action
    assert g.over
    return g


@pytest.mark.parametrize("players", range(2, 9))
def test_every_bot_kind_plays_legally_to_the_end(players):
    play(players, PRESETS[players % len(PRESETS)], players, LADDER)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_every_bot_kind_plays_legally_with_every_preset_and_player_count(preset):
    for players in range(2, 9):
        # The search bot only ever picks from its view's legal actions: a few of its games suffice.
        kinds = (
            ("easy", "normal", "random", "hard:1", "expert:1")
            if players <= 4
            else ("easy", "normal", "random")
        )
        play(players, preset, 100 + players, kinds)


CASES = [
    (4, 1, 0, "first_game"),
    (4, 2, 33, "cunning_agents"),
    (2, 3, 45, "first_game"),
    (6, 4, 80, "illustrious_emissaries"),
    (3, 5, 61, "first_game"),
    (7, 6, 50, "devious_dignitaries"),
]


@pytest.mark.parametrize(("players", "seed", "steps", "preset"), CASES)
@pytest.mark.parametrize("kind", ["random", "easy", "normal", "heuristic", "hard:12", "expert:12"])
def test_every_bots_choice_is_the_same_when_what_it_cannot_see_is_redealt(kind, players, seed, steps, preset):
    cfg = GameConfig.create(players, cast=preset if players >= 5 else "first_game", districts=preset)
    g, played = bots_played(cfg, seed, steps, NormalBot)  # the normal bots remember the draft
    p = pending_seat(g)
    bot = make_bot(kind, 7)
    if isinstance(bot, NormalBot):
        bot = copy.deepcopy(played[p])  # with its memory of the game so far
    elif isinstance(bot, SearchBot):
        bot.normal = copy.deepcopy(played[p])
    for k in range(3):
        h = redeal(g, p, Rng(100 + k))
        a, b = copy.deepcopy(bot), copy.deepcopy(bot)
        assert decide(a, g, p) == decide(b, h, p)
        if isinstance(a, SearchBot):
            assert isinstance(b, SearchBot)
            assert a.last_stats == b.last_stats
            assert a.last_iterations == b.last_iterations


def test_hint_ranks_legal_actions_with_win_chances_and_ignores_hidden_information():
    g, _ = bots_played(GameConfig.create(4), 9, 40, NormalBot)
    p = pending_seat(g)
    h = redeal(g, p, Rng(5))
    one = hint(view(g, p), lambda r: redeal(g, p, r), budget=20, top=3)
    two = hint(view(h, p), lambda r: redeal(h, p, r), budget=20, top=3)
    assert one == two
    legal = g.legal_actions()
    assert 1 <= len(one) <= min(3, len(legal))
    assert all(a in legal and 0.0 <= c <= 1.0 for a, c in one)
    assert len({a for a, _ in one}) == len(one)


def test_hint_with_nothing_to_decide_is_empty():
    g, _ = bots_played(GameConfig.create(4), 9, 40, NormalBot)
    other = (pending_seat(g) + 1) % 4
    assert hint(view(g, other), lambda r: redeal(g, other, r), budget=5) == []


def test_the_normal_assassin_aims_at_the_character_the_leader_must_hold():
    """The leader picked right after me, so his character is among those I passed: with only the
    Architect passed besides what others must hold, the kill goes to the Architect."""
    from citadels_core.view import View

    g, _ = bots_played(GameConfig.create(4), 11, 0, NormalBot)
    v0 = view(g, pending_seat(g))
    me = v0.me
    assert me is not None
    leader = (me + 1) % 4
    players = tuple(p if p.seat != leader else p._replace(city_size=6, gold=9) for p in v0.players)
    from citadels_core.actions import Action

    fields = {f: getattr(v0, f) for f in View.__slots__}
    fields.update(
        players=players,
        phase="turn",
        my_characters=("assassin",),
        calling="assassin",
        seen_characters=("assassin", "architect", "thief"),
        faceup=("bishop", "king", "warlord"),
        pending_kind="turn",
        legal=tuple(Action("kill", (k,)) for k in ("thief", "magician", "merchant", "architect")),
    )
    v = View(**fields)
    bot = NormalBot(1)
    bot.crowns[v.round] = me  # I picked first: the leader next, from the Architect and the Thief
    assert bot.choose(v) == Action("kill", ("architect",))


def test_at_two_players_hard_leaves_the_draft_discards_to_normal():
    """Measured: the playouts' overrules of normal's discards (and kills) lost at 2 players."""
    g = Game(GameConfig.create(2), 4, record_events=False)
    bots = [NormalBot(4 + i) for i in range(2)]
    while pending_decision(g)[1] != "discard_character":
        p = pending_seat(g)
        g.apply(p, bots[p].choose(view(g, p)))
    p = pending_seat(g)
    hard = SearchBot(1, iterations=50)
    hard.normal = copy.deepcopy(bots[p])
    expected = copy.deepcopy(bots[p]).choose(view(g, p))
    assert decide(hard, g, p) == expected and hard.last_iterations == 0
