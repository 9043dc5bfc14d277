"""What the app looks like in every theme: the new-game screen, the selection, a turn with a decision open
and the end screen at 80×24, and the turn at 120×40 (plus the selection at 120×40 in the default theme).

Fixed seeds, bots at pace 0, no settings file, no blinking cursor. Never accept a changed snapshot without
opening it (snapshot_report.html, or bench/theme_pictures.py for PNGs). The same app states make the
pictures in docs/themes.md (bench/theme_pictures.py imports STATES from here)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from pilots import (
    LARGE,
    LEAST,
    SIZES,
    SMALL,
    pressing,
    turning_points_worked_out,
    until_my_turn,
    until_screen,
)
from sessions import session_info
from tui_states import QuickReview, finished_record

from citadels_server.hub import Hub
from citadels_themes import builtin_themes
from citadels_tui.app import CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.hosted_game_screen import HostedGameScreen
from citadels_tui.components.new_game_screen import NewGameScreen
from citadels_tui.components.review_screen import ReviewScreen
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.saves import save_target

THEMES = [th.name for th in builtin_themes()]


async def _new_game_screen(pilot) -> None:
    await until_my_turn(pilot)
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)


async def _end_screen(pilot) -> None:
    await until_my_turn(pilot)
    app = pilot.app
    app.start(finished_record(), {1: "heuristic", 2: "heuristic", 3: "heuristic"}, save_target(app.home))
    await until_screen(pilot, EndScreen, 200)


# name -> (how to get there, the sizes it is shown at)
STATES: dict[str, tuple[Callable[..., Awaitable[None]], list[tuple[int, int]]]] = {
    "new_game": (_new_game_screen, [SMALL]),
    "selection": (pressing(), [SMALL]),
    # Anna takes the Assassin, then gold: now she may kill, build or end her turn.
    "turn": (pressing("choose assassin", "take gold"), [SMALL, LARGE]),
    "end": (_end_screen, [SMALL]),
}
CASES = [(th, state, size) for th in THEMES for state, (_, sizes) in STATES.items() for size in sizes]


def make_app(home, theme: str) -> CitadelsApp:
    return CitadelsApp(home=home, seed=5, pace=0, theme=theme)


def test_the_matrix_covers_every_theme_and_state():
    assert len(THEMES) >= 5
    assert len(CASES) == len(THEMES) * 5


@pytest.mark.parametrize(
    ("theme", "state", "size"), CASES, ids=lambda x: f"{x[0]}x{x[1]}" if isinstance(x, tuple) else x
)
def test_theme_snapshot(snap_compare, tmp_path, theme, state, size):
    app = make_app(tmp_path, theme)
    assert snap_compare(app, terminal_size=size, run_before=STATES[state][0])


def test_selection_phase_large(snap_compare, tmp_path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    assert snap_compare(app, terminal_size=LARGE, run_before=pressing())


@pytest.mark.parametrize("state", ["selection", "turn"])
def test_the_least_size(snap_compare, tmp_path, state):
    app = make_app(tmp_path, "citadel")
    assert snap_compare(app, terminal_size=LEAST, run_before=STATES[state][0])


# Eight players in round 5 or later, cities well built: each keeps a line, in a compact form when short.
@pytest.mark.parametrize("size", [LEAST, SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_players_late_in_the_game(snap_compare, tmp_path, size):
    from tui_states import late_game

    late_game(tmp_path, 8, "Anna")
    app = CitadelsApp(home=tmp_path, resume=True, pace=0)
    assert snap_compare(app, terminal_size=size, run_before=until_my_turn)


# A spectator at a hosted table (the SSH server's app, driven in-process): no "Your hand", a status bar
# that offers no skipping, and at the end a way back to the lobby instead of "Play again".
SPECTATOR = session_info(name="carla", key_fingerprint=None)


async def _watch(pilot, finish: bool) -> None:
    app = pilot.app
    hub = app.hub
    ht = hub.create("anna", None, 3, bots="normal", seed=7)
    table = hub.start(ht, "anna")
    for _ in range(2000):  # anna never sits down: the bots play up to her decisions, and she plays these
        await pilot.pause()
        pd = table.game.pending()
        if pd is None or (pd[0] == 0 and not finish):
            break
        if pd[0] == 0:
            table.submit(0, [table.game.legal_actions()[0]])
    await pilot.press(*"watch", "space", "1", "enter")
    await until_screen(pilot, EndScreen if finish else HostedGameScreen, 200)
    await pilot.pause()


@pytest.mark.parametrize("finish", [False, True], ids=["game", "end"])
@pytest.mark.slow
def test_a_spectators_screens(snap_compare, finish):
    app = ssh_app_factory(SPECTATOR, Hub(pace=0.0))
    assert snap_compare(app, terminal_size=SMALL, run_before=lambda pilot: _watch(pilot, finish))


# The end of the game at 120×40, and its review (the timeline, then the score chart) at both sizes.
def test_the_end_screen_large(snap_compare, tmp_path):
    app = make_app(tmp_path, "citadel")
    assert snap_compare(app, terminal_size=LARGE, run_before=_end_screen)


def _review(tab: str) -> Callable[..., Awaitable[None]]:
    async def run_before(pilot) -> None:

        await _end_screen(pilot)
        await pilot.press("r", *([tab] if tab else []))
        await until_screen(pilot, ReviewScreen, 200)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("tab", ["", "s"], ids=["timeline", "scores"])
def test_the_review(snap_compare, tmp_path, size, tab):
    app = make_app(tmp_path, "citadel")
    assert snap_compare(app, terminal_size=size, run_before=_review(tab))


def _turning_points(*keys: str) -> Callable[..., Awaitable[None]]:
    async def run_before(pilot) -> None:

        await turning_points_worked_out(pilot)
        await pilot.press("p", *keys)
        await pilot.pause()

    return run_before


# The turning points tab at both sizes, from its top and (at 80×24, where it is taller than the screen)
# scrolled to its end by End: the review worked out with a few playouts a decision, so that it is quick.
@pytest.mark.parametrize(
    ("size", "keys"), [(SMALL, ()), (LARGE, ()), (SMALL, ("end",))], ids=["80x24", "120x40", "80x24-end"]
)
@pytest.mark.slow
def test_the_reviews_turning_points(snap_compare, tmp_path, size, keys):
    app = QuickReview(finished_record(), 0, home=tmp_path, theme="citadel")
    assert snap_compare(app, terminal_size=size, run_before=_turning_points(*keys))


# The whole story (F6) after two rounds: a heading per round, the latest lines in view, the find box.
async def _whole_story(pilot) -> None:
    await until_my_turn(pilot)
    for _ in range(12):
        await pilot.press("1", "enter")  # Enter: with ten options or more, a lone digit waits for it
        await until_my_turn(pilot)
    await pilot.press("f6")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.slow
def test_the_whole_story(snap_compare, tmp_path, size):
    app = make_app(tmp_path, "citadel")
    assert snap_compare(app, terminal_size=size, run_before=_whole_story)
