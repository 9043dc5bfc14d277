"""The game screen of the guided first game (`citadels learn`): the game as always, with the lesson's pane
above the story. The pane says what the step is about and why, and which option the lesson wants; any other
action, even a legal one, is not played and gets a gentle correction. Whether an action is legal is the
engine's: the lesson only names which of the legal ones it wants (citadels_tui/learn.py)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from citadels_core import Action

from .. import learn
from ..i18n import t
from ..table import Seat
from .game_screen import GameScreen
from .log_pane import LogPane
from .messages import SeenOptions
from .style import mark
from .winners import winners_text


class LessonPane(Static):
    """The step of the lesson: its subject as the title, what happens and why, and what to type."""

    DEFAULT_CSS = """
    LessonPane {
        height: auto;
        max-height: 7;
        padding: 0 1;
        border-top: solid $accent;
        border-title-color: $text;
    }
    """


class LessonScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, "lesson_screen.tcss"]

    def __init__(self, seat: Seat, to_lobby: Callable[[], None] | None = None) -> None:
        """`to_lobby`: in a server's lobby, what `lobby` does (back to it)."""
        super().__init__(seat)
        self.to_lobby = to_lobby
        self.lesson = LessonPane(id="lesson")
        self.corrected: str = ""  # the correction of the last wrong step, shown until the step is done
        self._corrected_at = -1  # the step it was for
        self.ended = False  # the lesson's last words were said
        self.scores_held = False  # the end screen waited once, for the lesson's last words on the board
        self._shown: tuple[int, bool] | None = None  # the step and whose decision the pane showed last

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls each class's handler): it draws the view,
        # which fills this pane.
        self.query_one("#body").mount(self.lesson, before="#log")

    # ------------------------------------------------------------ the step

    def step_number(self) -> int:
        return learn.decisions_made(self.seat.table.record.actions)

    def wanted(self) -> tuple[learn.Step, int] | None:
        """The step of the decision open now, if it is the player's and the lesson wants one of its legal
        actions (the option's index); None otherwise (the bots' turn, the script over or lost)."""
        return learn.wanted(self.view(), self.step_number())

    def refresh_view(self) -> None:
        super().refresh_view()
        self.show_step()

    def show_step(self) -> None:
        v, cfg = self.view(), self.seat.config
        pane = self.lesson
        shown = (self.step_number(), v.pending_player == v.me)
        if shown != self._shown:
            # A new step, or the bots' turn after it: the story shows its latest lines (the lesson pane's
            # arrival made the story shorter, which leaves it scrolled to its first lines).
            self._shown = shown
            self.call_after_refresh(self.query_one(LogPane).to_latest)
        total = len(learn.STEPS)
        if v.result is not None:
            words = learn.ending(
                cfg, v.result, v.me, winners_text(cfg, v.result, v.me), self.to_lobby is not None
            )
            pane.border_title = t("Lesson · the scoring")
            pane.update("\n".join(words))
            if not self.ended:
                self.ended = True
                log = self.query_one(LogPane)
                for line in words:
                    log.say(line)
            return
        wanted = self.wanted()
        if wanted is None:
            n = self.step_number()
            mine = v.pending_player == v.me and v.legal
            if mine and n < total:
                # The game left the script (an action taken back below its start): it goes on freely.
                pane.border_title = t("Lesson")
                pane.update(t("The lesson lost its thread here: play on as you like; “hint” helps."))
            elif not mine:
                pane.border_title = t("Lesson · step {n} of {m}", n=min(n + 1, total), m=total)
                pane.update(
                    t("The others play now: their moves come into the story below. Enter hurries them.")
                )
            return
        step, index = wanted
        n = self.step_number()
        pane.border_title = (
            t("Lesson · step {n} of {m}", n=n + 1, m=total) + " · " + " · ".join(str(x) for x in step.topics)
        )
        text = Text()
        if self.corrected and self._corrected_at == n:
            text.append(self.corrected + "\n", style=mark(self, "alert"))
        text.append(str(step.says))
        text.append("\n→ " + learn.instruction(cfg, v, index), style=mark(self, "mine"))
        pane.update(text)

    # ------------------------------------------------------------ the player's actions

    def run_command(self, text: str, seen: SeenOptions | None = None) -> None:
        if self.to_lobby is not None and text.strip().lower() == "lobby":
            self.to_lobby()
            return
        super().run_command(text, seen)

    def act(self, actions: list[Action], confirmed: bool = False) -> None:
        wanted = self.wanted()
        if wanted is None or not actions:
            super().act(actions, confirmed)
            return
        step, index = wanted
        if actions[0] != step.action:
            self.corrected = learn.correction(self.seat.config, self.view(), actions[0], index)
            self._corrected_at = self.step_number()
            log = self.query_one(LogPane)
            log.say(self.corrected, alert=True)
            self.call_after_refresh(log.to_latest)
            self.show_step()
            return
        # One step at a time: a line that does more (a build that gathers first) plays only this step's part.
        self.corrected = ""
        super().act([step.action], confirmed)


def holds_scores(screen: object) -> bool:
    """Whether the app's end screen waits now: at the lesson's end the board stays, with the lesson's last
    words, the first time; F7 (`results`) shows the scores then."""
    if not isinstance(screen, LessonScreen) or screen.scores_held or not screen.seat.table.game.over:
        return False
    screen.scores_held = True
    return True
