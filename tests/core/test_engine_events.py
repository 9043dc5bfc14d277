"""The event log is kept as compact records and its `Event`s are built when `Game.events` is read: whenever
it is read, it holds the same events, and it is one list that grows."""

from __future__ import annotations

import pytest
from helpers import pending_seat

from citadels_core import Game, GameConfig
from citadels_core.events import Event
from citadels_core.narrate import narrate
from citadels_core.rng import Rng


def _configs() -> list[GameConfig]:
    return [
        GameConfig.create(6),
        GameConfig.create(3, cast="cunning_agents", districts="vicious_nobles"),
        GameConfig.create(7, cast="devious_dignitaries", districts="illustrious_emissaries", rank9=True),
        GameConfig.create(5, cast="classic_dark_city", districts="classic_dark_city", edition="classic"),
    ]


def _play(cfg: GameConfig, seed: int, peek: int) -> Game:
    """A random game; with `peek`, the log is read every `peek` decisions (as a screen reads it)."""
    g = Game(cfg, seed)
    rng = Rng(seed)
    step = 0
    while not g.over:
        acts = g.legal_actions()
        g.apply(pending_seat(g), acts[rng.below(len(acts))])
        step += 1
        if peek and step % peek == 0:
            assert g.events is not None
            len(g.events)
    return g


@pytest.mark.parametrize("cfg", _configs(), ids=lambda c: f"{c.edition}-{c.players}p")
def test_the_log_holds_the_same_events_whenever_it_is_read(cfg: GameConfig) -> None:
    for seed in range(6):
        once = _play(cfg, seed, 0).events
        often = _play(cfg, seed, 1 + seed % 3).events
        assert once is not None and often is not None
        assert [repr(e) for e in often] == [repr(e) for e in once]
        assert all(type(e) is Event for e in once)
        for e in once:
            for me in (None, *range(cfg.players)):
                if e.visible_to(me):
                    narrate(cfg, e, me)  # every event built from a record has its sentence


def test_the_log_is_one_list_that_grows() -> None:
    g = Game(GameConfig.create(4), 5)
    first = g.events
    assert first is not None and first  # the deal and the setup
    n = len(first)
    acts = g.legal_actions()
    g.apply(pending_seat(g), acts[0])
    assert g.events is first and len(first) > n
    assert not g.log  # every record was built
    kinds = [e.kind for e in first]
    assert kinds[: g.players] == ["deal"] * g.players and "round" in kinds and "choose" in kinds


def test_a_silent_game_and_a_clone_keep_no_log() -> None:
    g = Game(GameConfig.create(4), 5, record_events=False)
    assert g.events is None and g.log is None
    h = Game(GameConfig.create(4), 5).clone()
    assert h.events is None and h.log is None
