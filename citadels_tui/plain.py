"""The game as lines of text (`citadels --plain`): for a screen reader, a braille display, a phone's SSH
client or a script. The story is printed line by line as it happens; when the decision is yours, what you
can do follows as a numbered list, then a prompt. Nothing but printable text and newlines is written: no
colour, no cursor movement, no box drawing, no redraw.

It is another face of a `Seat` (table.py), as the full screen is: the same game, bots and secrets. What
you type is read by the same command parser (commands.py), so a number, `build castle` or `take gold`
work as on the screen, and the panes are words: `look`, `hand`, `cities`, `city bruno`, `characters`,
`score`, `who` (sentences.py; `who` adds what the seat can tell of the others' characters, citadels_core.think,
worded as the full screen's `think`). What the full screen does with a key is a word here too: `hint` (F4)
says the hard bot's top choices once it has thought, `skip` (F5) hurries the bots, `story` (F6) tells the
whole story again, `results` (F7) the final scores (the scores so far before the end), `review` (the end screen's r) the
game's review and `board` (its Esc) the panes, as `look`, `new` (F2) deals a
new game (in a lobby, `lobby` goes back to make one), `settings` (F3) says which settings are words here,
and `lang` changes the language."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Sequence
from random import SystemRandom
from typing import TextIO

from citadels_core import GameConfig, IllegalAction
from citadels_core.bots.turning_points import DEFAULT_BUDGET
from citadels_core.view import View

from . import sentences
from .commands import parse
from .components.winners import winners_text
from .i18n import available, from_environment, language, normalize, set_language, t, tn
from .plain_history import review_lines, turning_point_lines
from .settings import load_settings, new_game_of
from .table import HintRequest, Seat, Table
from .thinking import think

PROMPT = "> "
OVER = ("over",)  # what `PlainSeat.asked` is once the game's end is told

# The commands whose answer is a pane as sentences (the app's other commands belong to the full screen).
TOLD: dict[str, Callable[[View, GameConfig, str], list[str]]] = {
    "look": sentences.look,
    "score": sentences.scores,
    "hand": sentences.hand,
    "cities": sentences.cities,
    "city": sentences.one_city,
    "characters": sentences.characters,
    "who": sentences.who,
}


class Prompter:
    """Writes a session of lines, knowing whether its prompt waits for the player's line. News that comes
    while it waits, or while the player's line is half typed, starts on a line of its own (a screen reader
    would read "> bruno: hello" as one line), and `again` then writes the prompt once more, with what the
    player has typed so far (`typed`: what a line editor on this side holds, if there is one)."""

    def __init__(self, out: Callable[[str], None], typed: Callable[[], str] | None = None) -> None:
        self.out = out
        self.typed = typed or (lambda: "")
        self.waiting = False  # the prompt was written and no line has come since
        self.broken = (
            False  # news was written after the prompt (or the typed text): it is to be written again
        )

    def write(self, text: str) -> None:
        if text == PROMPT:
            self.waiting, self.broken = True, False
            self.out(PROMPT + self.typed())
            return
        if text and not self.broken and (self.waiting or self.typed()):
            self.broken = True
            self.out("\n")
        self.out(text)

    def answered(self) -> None:
        """The player sent a line: their terminal (or the line editor) ended the prompt's line."""
        self.waiting = self.broken = False

    def again(self, prompt: bool = True) -> None:
        """After news: the prompt (if it waited and `prompt`: the decision is still the player's) and the
        typed text again, on a line of their own."""
        if self.broken:
            self.broken = False
            self.waiting = self.waiting and prompt
            self.out((PROMPT if self.waiting else "") + self.typed())


def printable(text: str) -> str:
    """`text` with nothing a terminal would act on: control characters become spaces."""
    return "".join(c if c.isprintable() else " " for c in text)


class PlainSeat:
    """One player's seat as lines (see the module's docstring); `write` takes whole lines."""

    def __init__(
        self,
        seat: Seat,
        write: Callable[[str], None],
        timer: float | None = None,
        turn_came: Callable[[], object] | None = None,
        choose_language: Callable[[str], None] | None = None,
        local: bool = False,
    ) -> None:
        """`choose_language`: what `lang WORD` does in a session that keeps its own language (a server's;
        None: this process's language). `local`: a game of this process alone, which `new` may end."""
        self.seat = seat
        self.write = write
        self.timer = timer  # the table's seconds to decide before a stand-in bot plays (None: no timer)
        self.choose_language = choose_language
        self.local = local
        self.again = False  # `new` was asked for: the game ends for another
        self.story_at = 0  # the events told so far
        self.asked: tuple[object, ...] | None = None  # the decision whose options were listed last
        self.hint: HintRequest | None = None  # the hint being thought out
        self.turning: asyncio.Task[None] | None = None  # the review's turning points, worked out once
        # The turning points' lines once worked out, and the language they are in (`lang` may change it).
        self.turned: tuple[str, list[str]] | None = None
        self.budget = DEFAULT_BUDGET  # the turning points' playouts per decision (tests use a few)
        # Called when the decision becomes this seat's after being another's (a hosted table rings then).
        self.turn_came = turn_came
        self.mine = False

    def say(self, line: str) -> None:
        self.write(printable(line) + "\n")

    def update(self) -> None:
        """Tell what happened since the last update; list the options when a decision of yours is new."""
        lines, self.story_at = self.seat.lines(self.story_at)
        for line in lines:
            self.say((t("(only you) ") if line.private else "") + line.text)
        v = self.seat.view()
        if v.result is not None:
            if self.asked != OVER:
                self.asked = OVER
                for sentence in self.results(v):
                    self.say(sentence)
                if self.local:
                    self.say(
                        t("“review” tells the game round by round, “look” the board; “new” deals another.")
                    )
                self.say(t("The game is over."))
            return
        decision = (v.round, v.pending_player, v.pending_kind, v.legal)
        mine, came = self.seat.my_turn(), not self.mine
        self.mine = mine
        if mine and decision != self.asked:
            self.asked = decision
            if came and self.turn_came is not None:
                self.turn_came()
            self.list_options(v)

    def list_options(self, v: View) -> None:
        self.say(t("You can:"))
        for line in sentences.options(v, self.seat.config):
            self.say("  " + line)
        if self.timer:
            self.say(
                tn(
                    "You have {n} second for each decision; then a bot makes it for you.",
                    "You have {n} seconds for each decision; then a bot makes it for you.",
                    round(self.timer),
                )
            )
        self.write(PROMPT)

    def known_characters(self, every: bool = False) -> list[str]:
        """What this seat can tell of the others' characters (`think`, as the full screen says it); for
        `who` (not `every`), a player whose revealed character `who` already names is left out unless more
        is known."""
        me = self.seat.player
        if me is None:
            return []  # a spectator infers nothing: it sees no draft
        from citadels_core.think import think

        from .why import guess_line, guesses

        found = think(self.seat.table.game, me)
        if every:
            return guesses(self.seat.config, found)
        return [guess_line(self.seat.config, x) for x in found if not x.revealed or x.declined]

    def results(self, v: View) -> list[str]:
        """`results`: the final scores, best first, and who won; the scores so far before the end."""
        cfg = self.seat.config
        if v.result is None:
            return [*sentences.scores(v, cfg), t("The final results come when the game ends.")]
        out = [t("The final scores:")]
        by_player = {s["player"]: s["total"] for s in v.result["scores"]}
        for rank, p in enumerate(v.result["ranking"], 1):
            name = cfg.names[p] + (" " + t("(you)") if p == v.me else "")
            out.append(
                t("{k}. {p}: {points}.", k=rank, p=name, points=tn("{n} point", "{n} points", by_player[p]))
            )
        out.append(winners_text(cfg, v.result, v.me))
        return out

    def review(self) -> None:
        """`review` (the end screen's r): the game's review as this seat may know it, once it is over."""
        table = self.seat.table
        if not table.game.over:
            self.say(t("The review comes when the game ends: “review” then tells it round by round."))
            return
        for line in review_lines(table.record, self.seat.player, table.start):
            self.say(line)
        me = self.seat.player
        if me is None:
            self.say(t("Turning points are for players: a spectator made no decisions to look back on."))
            return
        if self.turned is not None and self.turned[0] == language():  # worked out at an earlier `review`
            for line in self.turned[1]:
                self.say(line)
            return
        self.say(t("The hard bot weighs each of your decisions, from what you knew then…"))
        if self.turning is None or self.turning.done():  # none yet, or in another language
            self.turning = asyncio.get_running_loop().create_task(self._turning_points(me))

    async def _turning_points(self, me: int) -> None:
        table = self.seat.table
        try:
            lines = await turning_point_lines(table.record, me, table.start, self.budget)
        except Exception as e:  # noqa: BLE001 - a failed review must not take the game down
            lines = [t("The turning points could not be worked out ({e}).", e=e)]
        else:
            self.turned = language(), lines  # the task's context: the language it was asked in
        for line in lines:
            self.say(line)

    def ask_hint(self) -> None:
        """`hint` (F4): the hard bot thinks off the event loop; its top choices are said when it is done."""
        if self.hint is not None:
            self.say(t("Still thinking about the hint…"))
            return
        request = self.seat.ask_hint()
        if request is None:
            self.say(t("Nothing to decide right now: a hint is for your own decisions."))
            return
        self.hint = request
        self.say(t("Thinking about a hint…"))
        asyncio.get_running_loop().create_task(self._think(request))

    async def _think(self, request: HintRequest) -> None:
        try:
            choices = await think(request.search)
        except Exception as e:  # noqa: BLE001 - a failed hint must not take the game down
            self.hint = None
            self.say(t("The hint could not be worked out ({e}).", e=e))
            return
        if self.hint is not request:
            return
        self.hint = None
        if not self.seat.hint_current(request):
            self.say(t("The hint was dropped: the game has moved on."))
            return
        for line in sentences.hint(request.view, self.seat.config, choices):
            self.say(line)
        self.write(PROMPT)

    def set_language(self, words: str) -> None:
        """`lang WORD`: the language of what is said from now on."""
        if self.choose_language is not None:
            self.choose_language(words)
            return
        code = normalize(words)
        if code is None:
            self.say(t("There is no language called {n}; known: {l}.", n=words, l=", ".join(available())))
            return
        set_language(code)
        self.say(t("Language: {l}.", l=language()))

    def key_word(self, app: str, arg: str) -> bool:
        """What the full screen does with a key, said in lines (see the module's docstring); False for a
        command that has no face here."""
        if app == "hint":
            self.ask_hint()
        elif app == "skip":
            self.seat.table.skip()
            self.say(t("The bots play on without a pause until your next decision."))
        elif app == "story":
            for told in self.seat.lines(0)[0]:
                self.say((t("(only you) ") if told.private else "") + told.text)
        elif app == "results":
            for sentence in self.results(self.seat.view()):
                self.say(sentence)
        elif app == "review":
            self.review()
        elif app == "settings":
            self.say(t("Here the settings are words: “lang en” or “lang ru” sets the language."))
        elif app == "lang":
            if arg:
                self.set_language(arg)
            else:
                self.say(t("Language: {l}.", l=language()))
        else:
            return False
        return True

    def command(self, text: str) -> bool:
        """Do what a typed line asks; False once the player leaves (or asks for a new game, `again`)."""
        v, cfg = self.seat.view(), self.seat.config
        if not text.strip():  # an empty line: the options again
            if self.seat.my_turn():
                self.list_options(v)
            return True
        cmd = parse(text, v, cfg)
        if cmd.error:
            self.say(cmd.error)
        elif cmd.app == "quit":
            self.say(t("Goodbye."))
            return False
        elif cmd.app == "help":
            self.say(
                t(
                    "Type a number or what to do (take gold, build castle); an empty line lists your options "
                    "again; look, hand, cities, city NAME, characters, score and who tell the table; hint, story, "
                    "results, review, skip, new, lang and quit do what the full screen's keys do."
                )
            )
        elif cmd.app == "who":
            for line in sentences.who(v, cfg, programs=self.seat.table.programs):
                self.say(line)
            for line in self.known_characters():
                self.say(line)
        elif cmd.app in TOLD:
            try:
                for line in TOLD[cmd.app](v, cfg, cmd.arg):
                    self.say(line)
            except sentences.Unknown as e:
                self.say(str(e))
        elif cmd.app == "think" and not cmd.arg:
            for line in self.known_characters(every=True) or [
                t("think tells what a player can infer: you are watching.")
            ]:
                self.say(line)
        elif cmd.app == "new" and self.local:
            self.say(t("A new game is dealt."))
            self.again = True
            return False
        elif cmd.app == "new":
            self.say(t("“lobby” goes back to the lobby, where “new” makes a table."))
        elif cmd.app and not self.key_word(cmd.app, cmd.arg):
            self.say(t("That command belongs to the full screen; here: help lists what you can type."))
        elif cmd.actions:
            try:
                self.seat.submit(cmd.actions)
            except IllegalAction as e:
                self.say(str(e))
            return True
        if self.seat.my_turn():
            self.write(PROMPT)
        return True


def typed_lines(stdin: TextIO) -> asyncio.Queue[str]:
    """The lines read from `stdin`, as they come, on the running loop's queue ("" once the input ends)."""
    loop = asyncio.get_running_loop()
    typed: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        # A thread of its own, never waited for: a line still being typed when the game ends holds nothing.
        try:
            for line in iter(stdin.readline, ""):
                loop.call_soon_threadsafe(typed.put_nowait, line)
            loop.call_soon_threadsafe(typed.put_nowait, "")
        except RuntimeError:  # the game is over and its loop closed: nobody reads any more
            return

    threading.Thread(target=read, name="plain-input", daemon=True).start()
    return typed


async def play(
    table: Table,
    player: int,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    face_of: Callable[[Seat, Callable[[str], None]], PlainSeat] = PlainSeat,
    typed: asyncio.Queue[str] | None = None,
) -> bool:
    """Play `player`'s seat of `table` as lines on `stdin`/`stdout` (or the lines `typed`, read from it
    already) until the player quits, the input ends or the game does; the table's bots play meanwhile.
    `face_of` makes the seat's face (the lesson's: plain_lesson.py). Whether the player asked for a new
    game (`new`)."""

    def out(text: str) -> None:
        stdout.write(text)
        stdout.flush()

    lines = Prompter(out)  # what is typed is the terminal's own to echo and edit: nothing held here
    face = face_of(table.seat(player), lines.write)
    if typed is None:
        typed = typed_lines(stdin)
    changed = asyncio.Event()
    table.subscribe(changed.set)
    bots = asyncio.create_task(table.run())
    try:
        face.update()
        while face.asked != OVER or face.local:  # a local game's face stays for `review` after its end
            reading = asyncio.ensure_future(typed.get())
            waiting = asyncio.ensure_future(changed.wait())
            await asyncio.wait({reading, waiting}, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            if not reading.done():
                reading.cancel()
            answered = reading.done() and not reading.cancelled()
            if answered:
                lines.answered()
            if changed.is_set():
                changed.clear()
                face.update()
            if answered:
                text = reading.result()
                if not text or not face.command(text.rstrip("\n")):
                    return face.again
                face.update()
            lines.again(face.seat.my_turn())
        return False
    finally:
        table.unsubscribe(changed.set)
        if table.game.over:  # the bots' task tells a program in a seat the end (`over`) before it ends
            await asyncio.wait({bots}, timeout=10)
        table.close()
        bots.cancel()


def run(
    seed: int | None = None,
    lang: str | None = None,
    edition: str | None = None,
    shorter: bool | None = None,
    players: int | None = None,
    bots: Sequence[str] | None = None,
) -> int:
    """`citadels --plain`: a new game against bots, as the settings set it up, played as lines on this
    process's standard input and output; the exit code."""
    settings, problem = load_settings()
    set_language(lang or normalize(settings.language) or from_environment())
    cfg, levels, set_up = new_game_of(settings, edition, shorter, players, bots)
    for sentence in (problem, set_up):
        if sentence:
            print(printable(str(sentence)), flush=True)
    game_seed = SystemRandom().randrange(2**31) if seed is None else seed

    def local(seat: Seat, write: Callable[[str], None]) -> PlainSeat:
        return PlainSeat(seat, write, local=True)

    async def games(game_seed: int) -> None:
        typed = typed_lines(sys.stdin)  # one reader for every game: a line typed between two is kept
        while True:
            table = Table.new(cfg, game_seed, {seat: level for seat, level in enumerate(levels, 1)})
            if not await play(table, 0, face_of=local, typed=typed):
                return
            game_seed = SystemRandom().randrange(2**31)

    try:
        asyncio.run(games(game_seed))
    except KeyboardInterrupt:
        return 130
    return 0
