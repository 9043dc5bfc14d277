"""The guided first game (`citadels learn`): its script holds (every wanted action is legal when its step
comes, with the bots the table makes), and a player who reads the Lesson pane plays it to its end, in each
language, on the full screen at 80×24 and as lines; a wrong step is not played and gets a correction."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import game_result
from pilots import keys_of, pause_until, seat_of, settle_lesson, table_of, there
from typists import Typist

from citadels_core import Action
from citadels_core.bots.turning_points import turning_points
from citadels_tui import learn
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.lesson_screen import LessonScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.i18n import set_language, t
from citadels_tui.learn_app import LearnApp
from citadels_tui.plain import PROMPT, play
from citadels_tui.plain_lesson import LessonSeat, lesson_table
from citadels_tui.review import first_round, known_events, replayed, score_history, timeline

SIZE = (80, 24)
# The words of the end that name the three commands, as the player types them in each language.
NEXT = {"en": ("“help”", "“hint”", "“review”"), "ru": ("«помощь»", "«подсказка»", "«разбор»")}
TYPE = {"en": re.compile(r"→ Type (\d+):"), "ru": re.compile(r"→ Наберите (\d+):")}


def test_the_lessons_turning_points_are_worked_out_from_its_position():
    # The review replays the lesson from its position, not from a deal: each of the player's decisions
    # with more than one option gets its turning point, in the rounds the lesson plays.
    table = lesson_table()
    record = table.record
    learn.play_through(record.actions)
    assert replayed(record, learn.POSITION).result == learn.play_through().result
    points = turning_points(
        record.config, record.seed, record.actions, learn.PLAYER, 10, start=learn.POSITION
    )
    # Every step is a choice, but for three ends of a turn with nothing else to do.
    chosen = [s.action for s in learn.STEPS]
    assert [tp.chosen for tp in points] == [a for i, a in enumerate(chosen) if i not in (5, 10, 15)]
    assert all(chosen[i] == Action("end", ()) for i in (5, 10, 15))
    assert {tp.round for tp in points} == {6, 7}
    # The timeline begins with the round the position is in, which no event opens.
    rounds = timeline(
        record.config, known_events(record, 0, learn.POSITION), 0, first_round(record, learn.POSITION)
    )
    assert [r.round for r in rounds] == [6, 7] and rounds[0].crown == learn.PLAYER
    assert rounds[0].deeds and rounds[0].holders[0] == ("assassin", learn.PLAYER)
    assert len(score_history(record, 0, learn.POSITION)) == 2


def test_the_lesson_fits_in_fifteen_minutes():
    # A generous reckoning of a learner's pace: the lesson's words read at 120 a minute, 20 seconds to find
    # and type each step's option, and each bot move on screen for the app's pace, then 3 seconds to read
    # its line of the story.
    from citadels_tui.settings import Settings

    record: list[tuple[int, Action]] = []
    learn.play_through(record)
    bot_moves = sum(1 for seat, _ in record if seat != learn.PLAYER)
    words = sum(len(str(x).split()) for x in (learn.WELCOME, *(step.says for step in learn.STEPS)))
    seconds = words / 120 * 60 + 20 * len(learn.STEPS) + bot_moves * (Settings().bot_pace + 3)
    assert seconds < 15 * 60


def test_the_script_holds_and_the_player_wins():
    g = learn.play_through()
    assert g.over and g.result is not None
    assert g.result["winners"] == [learn.PLAYER]
    scores = g.result["scores"][learn.PLAYER]
    assert scores["all_types"] == 3 and scores["completion"] == 4  # what the last steps say they earn
    assert g.round == 7  # it starts in round 6: two rounds in all


def test_every_subject_the_lesson_promises_has_its_step():
    met = {x for step in learn.STEPS for x in step.topics}
    assert set(learn.TOPICS) - met == {learn.SCORING}  # the scoring is said once the game is over
    kinds = {step.action.kind for step in learn.STEPS}
    assert {"choose", "kill", "rob", "gather", "keep", "build", "destroy", "end"} <= kinds


def test_a_step_off_the_script_is_refused_by_the_check():
    # The script's check is the engine's: a step whose action is not legal then stops the lesson there.
    broken = (*learn.STEPS[:2], learn.Step((learn.ASSASSIN,), learn.WELCOME, Action("kill", ("assassin",))))
    original = learn.STEPS
    learn.STEPS = broken
    try:
        with pytest.raises(ValueError, match="step 3"):
            learn.play_through()
    finally:
        learn.STEPS = original


def pane_text(screen: LessonScreen) -> str:
    return str(screen.lesson.render())


def story(screen: LessonScreen) -> str:
    """The story pane's text, its folded lines joined again."""
    return " ".join(" ".join(str(line.text) for line in screen.query_one(LogPane).lines).split())


# The words the player types for the app's commands, in each language.
WORDS = {
    "en": {"undo": "undo", "hint": "hint", "help": "help", "review": "review"},
    "ru": {"undo": "отменить", "hint": "подсказка", "help": "помощь", "review": "разбор"},
}
UNDO_AT = 5  # after step 5 (the Church built), the player takes it back and builds it again


async def play_the_lesson(tmp_path: Path, lang: str) -> None:
    from textual.widgets import Static

    from citadels_tui.components.help_screen import HelpScreen
    from citadels_tui.components.review_screen import ReviewScreen

    app = LearnApp(home=tmp_path, pace=0, lang=lang)
    app.hint_budget = (20, None)  # a quick hint, the same every time
    words = WORDS[lang]
    async with app.run_test(size=SIZE) as pilot:
        await settle_lesson(app, pilot)
        screen = app.game_screen
        assert isinstance(screen, LessonScreen)
        assert str(learn.WELCOME) in story(screen)
        steps = 0
        undone = False
        while not table_of(app).game.over:
            text = pane_text(screen)
            assert t("Lesson · step {n} of {m}", n=steps + 1, m=len(learn.STEPS)) in str(
                screen.lesson.border_title
            )
            number = int(there(TYPE[lang].search(text), "a step to type").group(1))
            legal = seat_of(app).view().legal
            before = len(table_of(app).record.actions)
            told = len(story(screen))
            # A wrong step first, at every step: a legal choice, but not the lesson's (or, where the step has
            # one option, one that is not there). Nothing is played; the step stays, and a legal choice
            # gets the lesson's gentle correction in the pane and the story.
            await pilot.press(*keys_of(str(number % len(legal) + 1 if len(legal) > 1 else 2)), "enter")
            await pilot.pause()
            assert len(table_of(app).record.actions) == before
            assert len(story(screen)) > told  # something was said
            said = learn.correction(
                seat_of(app).config, seat_of(app).view(), legal[number % len(legal)], number - 1
            )
            if len(legal) > 1:
                assert said in pane_text(screen) and said in story(screen)
            assert learn.instruction(seat_of(app).config, seat_of(app).view(), number - 1) in pane_text(
                screen
            )
            if steps == 0:
                # A hint helps in the lesson as in any game: the hard bot's choices, with their chances.
                await pilot.press(*keys_of(words["hint"]), "enter")
                await pause_until(pilot, lambda: "%" in story(screen).rsplit("(→)", 1)[-1], "the hint")
            await pilot.press(*keys_of(str(number)), "enter")
            await settle_lesson(app, pilot)
            assert table_of(app).record.actions[before] == (learn.PLAYER, learn.STEPS[steps].action)
            assert said not in pane_text(screen)  # the correction was for the step just done
            steps += 1
            if steps == UNDO_AT and not undone:
                # `undo` takes the step back: the lesson is at that step again, its action wanted again.
                undone = True
                await pilot.press(*keys_of(words["undo"]), "enter")
                await settle_lesson(app, pilot)
                assert len(table_of(app).record.actions) == before
                steps -= 1
                assert t("Lesson · step {n} of {m}", n=steps + 1, m=len(learn.STEPS)) in str(
                    screen.lesson.border_title
                )
                assert learn.STEPS[steps].action in seat_of(app).view().legal
            assert steps <= len(learn.STEPS)
        assert steps == len(learn.STEPS) and undone
        # The board stays, with the lesson's last words: the scores and the three commands to go on with.
        assert app.screen is screen
        end = pane_text(screen)
        assert all(word in end for word in NEXT[lang])
        assert "26" in end and all(word in story(screen) for word in NEXT[lang])
        # And each of the three does what the words say. `help`: the commands.
        await pilot.press(*keys_of(words["help"]), "enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        # `hint` is for a decision: the game is over, and the story says so.
        await pilot.press(*keys_of(words["hint"]), "enter")
        await pilot.pause()
        assert t("Nothing to decide right now: a hint is for your own decisions.") in story(screen)
        # `review`: the lesson's two rounds as the player saw them, and the turning points being weighed.
        await pilot.press(*keys_of(words["review"]), "enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert [r.round for r in review.rounds] == [6, 7]
        assert review.result == app.table.game.result
        first = str(review.query_one("#round-6", Static).render())
        assert t("Round {n}", n=6) in first and t("crown: {p}", p=t("you")) in first
        assert len(review.scores) == 2 and review.scores[-1][learn.PLAYER] == 26
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_whole_lesson_is_played_from_the_lesson_pane(tmp_path, lang):
    asyncio.run(play_the_lesson(tmp_path, lang))


OPTION = re.compile(r"^  (\d+)\. ", re.MULTILINE)  # an option as plain mode lists it


class Reader(Typist):
    """A player who reads the lesson's lines before typing: once a prompt is out, at each step first a
    wrong choice (another of the options listed, or where the step lists one, a number not there), as the
    full-screen pilot does, then the number the lesson asked for."""

    def __init__(self, pattern: re.Pattern[str], you_can: str, first: str = "") -> None:
        super().__init__()
        self.pattern = pattern
        self.you_can = you_can  # what comes before the options, in the lesson's language
        self.tried = 0  # the option lists a wrong choice was typed at
        # At each wrong choice: where in the output it was typed, the number typed, the number asked for,
        # and how many options there were.
        self.wrong: list[tuple[int, int, int, int]] = []
        self.first = first  # a line typed before anything else (a command), if any

    def answer(self) -> str:
        text = self.out.getvalue()
        asked = self.pattern.findall(text)
        if not asked:
            return ""
        if self.first:
            line, self.first = self.first, ""
            return line + "\n"
        listed = text.count(self.you_can)
        if listed > self.tried:
            self.tried = listed
            options = len(OPTION.findall(text.rsplit(self.you_can, 1)[-1]))
            number = int(asked[-1])
            wrong = number % options + 1 if options > 1 else options + 1
            self.wrong.append((len(text), wrong, number, options))
            return f"{wrong}\n"
        return asked[-1] + "\n"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lesson_as_lines(lang):
    set_language(lang)
    try:
        table = lesson_table()
        reader = Reader(
            re.compile(r"^" + ("Type" if lang == "en" else "Наберите") + r" (\d+):", re.MULTILINE),
            t("You can:"),
            WORDS[lang]["help"],
        )
        asyncio.run(asyncio.wait_for(play(table, learn.PLAYER, reader, reader, face_of=LessonSeat), 300))
        text = reader.out.getvalue()
        assert table.game.over and game_result(table.game)["winners"] == [learn.PLAYER]
        assert [a for p, a in table.record.actions if p == learn.PLAYER] == [s.action for s in learn.STEPS]
        # A wrong choice at every step, none played: each got the lesson's correction (a legal choice) or
        # the parser's word (a number not listed), then what to type again and the prompt.
        assert len(reader.wrong) == len(learn.STEPS)
        assert sum(options > 1 for *_, options in reader.wrong) > len(learn.STEPS) / 2
        for at, wrong, number, options in reader.wrong:
            answer = text[at:].split(PROMPT, 1)[0]
            instruction = re.compile(("Type" if lang == "en" else "Наберите") + rf" {number}:")
            assert instruction.search(answer), (wrong, answer)
            if options > 1:
                said = "this lesson's move" if lang == "en" else "не ход урока"
                assert said in answer and t("You can:") not in answer, (wrong, answer)
            else:
                assert answer.strip(), (wrong, answer)
        for step in learn.STEPS:  # each step is said once; a correction repeats only what to type
            assert text.count(str(step.says)) == 1, step.says
        assert all(word in text for word in NEXT[lang])
        # `help` in the lesson is plain mode's; the end says where `hint` and `review` are.
        assert (
            t(
                "Type a number or what to do (take gold, build castle); an empty line lists your options "
                "again; look, hand, cities, city NAME, characters, score and who tell the table; hint, story, "
                "results, review, skip, new, lang and quit do what the full screen's keys do."
            )
            in text
        )
        assert (
            t(
                "Next: in a game, “help” lists what you can type, “hint” asks the strongest bot, and once it "
                "ends “review” tells its rounds and turning points."
            )
            in text
        )
        assert "F7" not in text and "F2" not in text  # the full screen's keys
    finally:
        set_language("en")


async def learn_in_the_lobby() -> None:
    from sessions import session_info

    from citadels_server.hub import Hub
    from citadels_tui.components.lobby_screen import LobbyScreen
    from citadels_tui.lobby_app import ssh_app_factory

    hub = Hub(pace=0.0)
    app = ssh_app_factory(session_info(name="anna", key_fingerprint=None), hub)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"help", "enter")
        await pilot.pause()
        await pilot.press(*"learn", "enter")
        await settle_lesson(app, pilot)
        screen = app.game_screen
        assert isinstance(screen, LessonScreen) and not hub.tables  # the session's own game, no table
        assert str(learn.WELCOME) in story(screen)
        table = table_of(app)
        for _ in learn.STEPS:
            number = int(there(TYPE["en"].search(pane_text(screen)), "a step to type").group(1))
            await pilot.press(*str(number), "enter")
            await settle_lesson(app, pilot)
        assert table.game.over and game_result(table.game)["winners"] == [learn.PLAYER]
        end = pane_text(screen)
        assert (
            "“lobby”" in end and "F2" not in end
        )  # a new game is made in the lobby, not on the server's disk
        from citadels_tui.components.review_screen import ReviewScreen

        await pilot.press(*"review", "enter")  # the review the last words name, over SSH as at home
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and [r.round for r in app.screen.rounds] == [6, 7]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press(*"lobby", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and table.closed and app.table is None


def test_learn_in_the_lobby_plays_the_lesson_and_comes_back():
    asyncio.run(learn_in_the_lobby())


async def learn_in_the_plain_lobby() -> tuple[str, int]:
    from citadels_server.hub import Hub
    from citadels_tui.plain_lobby import PlainLobby

    out = io.StringIO()
    prompted = asyncio.Event()
    typed = ["learn"]

    def write(text: str) -> None:
        out.write(text)
        if text.endswith(PROMPT):
            prompted.set()

    asked = re.compile(r"^Type (\d+):", re.MULTILINE)

    async def read() -> str | None:
        await asyncio.wait_for(prompted.wait(), 60)
        prompted.clear()
        if typed:
            return typed.pop(0) + "\n"
        text = out.getvalue()
        if "You are in the lobby." in text:  # the lesson is over: back in the lobby
            return "quit\n"
        numbers = asked.findall(text)
        return numbers[-1] + "\n" if numbers else "quit\n"

    lobby = PlainLobby(Hub(pace=0.0), "anna", None, write)
    code = await asyncio.wait_for(lobby.run(read), 120)
    return out.getvalue(), code


def test_learn_in_the_plain_lobby_plays_the_lesson_and_comes_back():
    text, code = asyncio.run(learn_in_the_plain_lobby())
    assert code == 0
    assert str(learn.WELCOME) in text and "You win!" in text
    assert all(word in text for word in NEXT["en"])
    assert text.index("You win!") < text.index("You are in the lobby.")


def test_citadels_learn_opens_the_lesson_in_the_language_asked(monkeypatch, capsys):
    import citadels_server.cli_play
    import citadels_tui.learn_app
    import citadels_tui.plain_lesson
    from citadels_server.cli import main

    seen: list[tuple[str, dict[str, object]]] = []

    def ran(face: str) -> Callable[..., int]:
        def run(**kw: object) -> int:
            seen.append((face, kw))
            return 0

        return run

    monkeypatch.setattr(citadels_tui.learn_app, "run", ran("screen"))
    monkeypatch.setattr(citadels_tui.plain_lesson, "run_lesson", ran("lines"))
    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: True)
    monkeypatch.delenv("TERM", raising=False)
    assert main(["learn"]) == 0 and main(["--lang", "ru", "learn"]) == 0 and main(["learn", "--plain"]) == 0
    assert seen == [
        ("screen", {"lang": None, "theme": None}),
        ("screen", {"lang": "ru", "theme": None}),
        ("lines", {"lang": None}),
    ]
    # Without a terminal, a sentence and exit 2, as for a game.
    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: False)
    assert main(["learn"]) == 2 and "needs a terminal" in capsys.readouterr().err
