"""For a screen whose first showing should cost one styling and one frame: the game's and the lobby's.

Both are built as their app starts (and, over SSH, as every session starts, on the server's one loop),
where Textual would do two things for nothing:

- it renders the whole screen while the app batches updates (all of the app's mount, which pushes or
  makes the screen), and throws the frame away unwritten (`App._display` writes nothing during a batch):
  ~10 ms of a local start, ~5 ms of a session's start;
- it restyles every widget of a screen each time the screen is shown; the first time, they were all styled
  as they were mounted just before: ~5 ms of a local start, ~3 ms of a session's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[object]
else:
    _Base = object


class FirstShowing(_Base):
    """Mixed into a Screen, before it: `class GameScreen(FirstShowing, Screen[None])`. (A plain class, not a
    Screen subclass: Textual's making of each widget class is itself part of every start.)"""

    _shown_once = False  # see on_screen_resume

    def _compositor_refresh(self) -> None:
        # The frame is drawn at the screen's next refresh instead, once the batch is over (private Textual
        # API: pyproject pins textual; the snapshot tests, tests/tui/test_tui_start.py and
        # tests/tui/test_start_first_showing.py check the screens drawn).
        if self.app._batch_count and self is self.app.screen and not self.app.is_inline:  # noqa: SLF001
            self._repaint_required = True
            return
        super()._compositor_refresh()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls this before its own handler (Screen's), which restyles every widget of the screen
        # when it is shown; a subclass's own on_screen_resume is called before this one. Later resumes
        # (back from the help, a theme chosen meanwhile …) still restyle.
        if not self._shown_once:
            self._shown_once = True  # on the instance, from now on
            event.refresh_styles = False
