"""`citadels learn --plain`: the guided first game (learn.py) as lines of text. Before the options of each
of the player's decisions comes the step (what happens and why) and what to type; any other action is not
played and gets the same gentle correction as on the full screen (a number not listed: the parser's word),
and what to type again; once the game is over, the lesson's last words."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from citadels_core.record import GameRecord
from citadels_core.view import View

from . import learn
from .commands import parse
from .components.winners import winners_text
from .i18n import from_environment, normalize, set_language, t
from .plain import OVER, PROMPT, PlainSeat, play, printable
from .settings import load_settings
from .table import Seat, Table


class LessonSeat(PlainSeat):
    def __init__(self, seat: Seat, write: Callable[[str], None]) -> None:
        super().__init__(seat, write)
        self.ended = False

    def decisions(self) -> int:
        return learn.decisions_made(self.seat.table.record.actions)

    def list_options(self, v: View) -> None:
        wanted = learn.wanted(v, self.decisions())
        if wanted is not None:
            step, index = wanted
            self.say(" · ".join(str(x) for x in step.topics) + ": " + str(step.says))
            self.say(learn.instruction(self.seat.config, v, index))
        super().list_options(v)

    def update(self) -> None:
        super().update()
        if self.asked == OVER and not self.ended:
            self.ended = True
            v = self.seat.view()
            for line in learn.ending(
                self.seat.config, v.result, v.me, winners_text(self.seat.config, v.result, v.me), plain=True
            ):
                self.say(line)

    def command(self, text: str) -> bool:
        v = self.seat.view()
        if text.strip() and parse(text, v, self.seat.config).app == "new":
            self.say(t("The lesson is one game, played to its end."))
            self.write("> ")
            return True
        wanted = learn.wanted(v, self.decisions())
        if wanted is not None and text.strip():
            cmd = parse(text, v, self.seat.config)
            step, index = wanted
            if cmd.error:  # a number not listed, words that name no option: what to type, again
                self.say(cmd.error)
                self.say(learn.instruction(self.seat.config, v, index))
                self.write(PROMPT)
                return True
            if cmd.actions:
                if cmd.actions[0] != step.action:
                    self.say(learn.correction(self.seat.config, v, cmd.actions[0], index))
                    self.say(learn.instruction(self.seat.config, v, index))
                    self.write(PROMPT)
                    return True
                self.seat.submit([step.action])  # one step at a time, as on the full screen
                return True
        return super().command(text)


def lesson_table() -> Table:
    """The lesson's table: its position, its bots seeded as the script expects (learn.py)."""
    from citadels_core.position import from_position

    game = from_position(learn.POSITION, record_events=False)
    bots = {p: learn.BOTS for p in range(game.players) if p != learn.PLAYER}
    return Table(GameRecord(game.config, learn.SEED, []), bots, 0.0, start=learn.POSITION)


def run_lesson(lang: str | None = None) -> int:
    """Play the lesson as lines on this process's standard input and output; the exit code."""
    settings, problem = load_settings()
    set_language(lang or normalize(settings.language) or from_environment())
    for sentence in (problem, learn.WELCOME):
        if sentence:
            print(printable(str(sentence)), flush=True)
    try:
        asyncio.run(play(lesson_table(), learn.PLAYER, face_of=LessonSeat))
    except KeyboardInterrupt:
        return 130
    return 0
