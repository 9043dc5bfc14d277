"""The moves a game keeps once asked (`Game.record_moves`), and what one seat sees of them
(`view.observed_move`, `Worlds.moves_seen`): another seat's secret move by its kind alone."""

from functools import partial

import pytest
from helpers import pending_seat

from citadels_core import Game, GameConfig
from citadels_core.actions import Action
from citadels_core.edition import get_edition
from citadels_core.errors import IllegalAction
from citadels_core.redeal import Worlds
from citadels_core.rng import Rng
from citadels_core.view import PUBLIC_MOVES, SECRET_MOVES, observed_move


def random_moves(g: Game, rng: Rng, n: int) -> None:
    for _ in range(n):
        if g.over:
            return
        acts = g.legal_actions()
        g.apply(pending_seat(g), acts[rng.below(len(acts))])


def test_a_game_keeps_no_moves_until_asked_then_every_move_applied():
    g = Game(GameConfig.create(4), 3)
    random_moves(g, Rng(1), 5)
    assert g.moves is None
    g.record_moves()
    made = []
    rng = Rng(2)
    for i in range(40):
        p = pending_seat(g)
        acts = g.legal_actions()
        a = acts[rng.below(len(acts))]
        if i % 2:
            a = Action(a.kind, a.args)  # an equal action made anew (not the listed object)
        g.apply(p, a)
        made.append((p, a))
    assert g.moves == made
    g.record_moves()  # asking again keeps what was kept
    assert g.moves == made
    assert g.clone().moves is None  # a clone (a search's world) keeps none
    kept = g.clone_keeping_moves()  # ...but the copy a bot thinks on at a table keeps a copy of them
    assert kept.moves == made and kept.moves is not g.moves
    random_moves(kept, Rng(3), 3)
    assert len(kept.moves) == len(made) + 3 and g.moves == made


def test_an_illegal_move_is_not_kept():
    g = Game(GameConfig.create(4), 3)
    g.record_moves()
    p = pending_seat(g)
    with pytest.raises(IllegalAction):
        g.apply(p, Action("build", ("castle",)))
    with pytest.raises(IllegalAction):
        g.apply((p + 1) % 4, g.legal_actions()[0])
    assert g.moves == []


def test_a_seat_sees_its_own_moves_and_public_ones_whole_and_others_secret_ones_by_kind():
    g = Game(GameConfig.create(4), 8)
    g.record_moves()
    random_moves(g, Rng(4), 120)
    assert g.moves is not None
    w = Worlds(g, 2)
    seen = w.moves_seen(0)
    assert seen is not None and len(seen) == len(g.moves) == w.moves_made()
    for (q, a), (q2, b) in zip(g.moves, seen, strict=True):
        assert q == q2
        if q == 2 or a.kind in PUBLIC_MOVES:
            assert b == a
        else:
            assert b == Action(a.kind)
    assert any(
        q != 2 and a.kind == "choose" and b.args == () for (q, a), (_, b) in zip(g.moves, seen, strict=True)
    )
    assert w.moves_seen(10) == seen[10:]
    assert w.moves_seen(len(g.moves) + 1) is None  # a mark from some other game
    assert Worlds(g.clone(), 2).moves_seen(0) is None and Worlds(g.clone(), 2).moves_made() is None


def test_a_kind_not_sorted_counts_as_secret():
    assert observed_move(0, 1, Action("some_new_kind", ("secret",))) == Action("some_new_kind")


def _configs():
    for edition in ("2016", "classic"):
        for preset in get_edition(edition).presets:
            for players in (2, 4, 7):
                create = partial(GameConfig.create, cast=preset.key, districts=preset.key, edition=edition)
                yield create(players)
                if players == 7:
                    yield create(players, rank9=True)


def test_every_kind_of_move_is_sorted_public_or_secret():
    """Every kind of move the engine offers, in random games of every preset of both editions, is known
    to be public (seen whole by all) or secret (seen by its kind): a new kind must be sorted on purpose."""
    assert not PUBLIC_MOVES & SECRET_MOVES
    kinds: set[str] = set()
    for i, cfg in enumerate(_configs()):
        for seed in range(4):
            g = Game(cfg, 100 * i + seed, record_events=False)
            rng = Rng(seed)
            while not g.over:
                acts = g.legal_actions()
                kinds.update(a.kind for a in acts)
                g.apply(pending_seat(g), acts[rng.below(len(acts))])
    assert kinds - (PUBLIC_MOVES | SECRET_MOVES) == set()
    assert len(kinds) >= 50  # the sample reaches nearly every kind (57 over every configuration)
