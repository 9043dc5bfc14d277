"""The lobby's and the game's screens cost one styling and one frame when first shown (issue 19: every
SSH session builds a lobby on the server's one loop). Textual would render the whole screen while the app
batches its mount and throw the frame away, then restyle every widget the first time the screen is shown;
the screen shown is still whole, and later showings still restyle (a theme chosen meanwhile)."""

from __future__ import annotations

import html

from sessions import session_info
from textual import events
from textual._compositor import Compositor
from textual._context import active_app
from textual.app import App

from citadels_server.hub import Hub
from citadels_tui.components.first_showing import FirstShowing
from citadels_tui.components.lobby_screen import LobbyScreen
from citadels_tui.lobby_app import ssh_app_factory

ANNA = session_info(name="anna", key_fingerprint=None)


def screen_text(app: App) -> str:
    """The text of the screen shown (Textual's screenshot is SVG, its spaces non-breaking)."""
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


class Spy:
    """What Textual did to the first-showing screens while the app started: frames rendered during a
    batch (thrown away), and whole-screen restylings."""

    def __init__(self, monkeypatch) -> None:
        self.batched_frames = 0
        self.restyled: list[str] = []
        render_update = Compositor.render_update
        update_styles = App.update_styles
        spy = self

        def render(compositor, *args, **kwargs):
            if active_app.get()._batch_count:  # noqa: SLF001 (pyproject pins textual)
                spy.batched_frames += 1
            return render_update(compositor, *args, **kwargs)

        def styles(app, node, animate: bool = True) -> None:
            if isinstance(node, FirstShowing):
                spy.restyled.append(type(node).__name__)
            update_styles(app, node, animate)

        monkeypatch.setattr(Compositor, "render_update", render)
        monkeypatch.setattr(App, "update_styles", styles)


async def test_a_sessions_lobby_is_styled_and_drawn_once_as_it_starts(monkeypatch):
    spy = Spy(monkeypatch)
    app = ssh_app_factory(ANNA, Hub(pace=0.0))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert spy.batched_frames == 0
        assert spy.restyled == []
        shot = screen_text(app)
        for part in ("Citadels lobby", "you are anna", "Tables", "No tables yet", "Welcome, anna"):
            assert part in shot, part
        # Shown again (as Textual resumes it when a screen over it goes): restyled as Textual does, a theme
        # may have been chosen meanwhile.
        app.screen.post_message(events.ScreenResume())
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert spy.restyled == ["LobbyScreen"]


async def test_the_game_screen_is_styled_and_drawn_once_as_a_game_starts(monkeypatch, tmp_path):
    from citadels_tui.app import CitadelsApp
    from citadels_tui.components.game_screen import GameScreen

    monkeypatch.setenv("CITADELS_HOME", str(tmp_path))
    spy = Spy(monkeypatch)
    app = CitadelsApp(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert spy.batched_frames == 0
        assert spy.restyled == []
        assert "Your hand" in screen_text(app)
