"""The lesson's screen at 80×24 in both languages: a correction, the call, the Warlord's step, the end
with the lesson's last words on the board, and its review. Never accept a changed snapshot without opening
it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from pilots import settle_lesson, until_screen

from citadels_tui import learn
from citadels_tui.learn_app import LearnApp

SIZE = (80, 24)


def _steps(n: int, wrong: bool = False) -> Callable[..., Awaitable[None]]:
    """Play the lesson's first `n` steps as the pane asks, then (with `wrong`) one option it does not want."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await settle_lesson(app, pilot)
        for _ in range(n):
            step, index = app.game_screen.wanted()
            await pilot.press(*str(index + 1), "enter")
            await settle_lesson(app, pilot)
        if wrong:
            _, index = app.game_screen.wanted()
            await pilot.press(*str(index + 2), "enter")
            await pilot.pause()
        for _ in range(3):
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_step_and_its_correction(snap_compare, tmp_path, lang):
    app = LearnApp(home=tmp_path, pace=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=_steps(0, wrong=True))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_call_and_the_assassin(snap_compare, tmp_path, lang):
    app = LearnApp(home=tmp_path, pace=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=_steps(2))


def test_the_warlords_step(snap_compare, tmp_path):
    app = LearnApp(home=tmp_path, pace=0, lang="en")
    assert snap_compare(app, terminal_size=SIZE, run_before=_steps(18))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_end_of_the_lesson(snap_compare, tmp_path, lang):
    app = LearnApp(home=tmp_path, pace=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=_steps(len(learn.STEPS)))


def _review() -> Callable[..., Awaitable[None]]:
    """The lesson played to its end, then `review`: its timeline, from the round the lesson starts in."""

    async def run_before(pilot) -> None:
        from citadels_tui.components.review_screen import ReviewScreen

        await _steps(len(learn.STEPS))(pilot)
        await pilot.press(*"review", "enter")
        await until_screen(pilot, ReviewScreen, 200)
        await pilot.pause()

    return run_before


def test_the_lessons_review(snap_compare, tmp_path):
    app = LearnApp(home=tmp_path, pace=0, lang="en")
    assert snap_compare(app, terminal_size=SIZE, run_before=_review())
