"""Every action of the game screen that has a key or F-key also has a command word, in English and in
Russian, and plain mode, which has no keys, only words, answers each of them."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable

from plain_sessions import only_text
from textual.binding import Binding

from citadels_core import GameConfig
from citadels_tui import i18n
from citadels_tui.command_words import APP_WORDS
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.names import player_name
from citadels_tui.plain import PlainSeat, play
from citadels_tui.review import known_events, timeline
from citadels_tui.table import Seat, Table

# What each of the game screen's key actions is as a command: an app command asked for by name
# ("request('help')"), or the command that shows what a pane's scrolling keys move through.
BY_ACTION = {
    "skip": "skip",
    "hint": "hint",
    "story": "story",
    "leave": "quit",
    "scroll_cities": "cities",
    "story_page": "story",
    "story_first": "story",
    "story_latest": "story",
}

CYRILLIC = re.compile("[а-яё]")


def _command(action: str) -> str:
    asked = re.fullmatch(r"request\('(\w+)'\)", action)
    if asked:
        return asked.group(1)
    name = action.split("(")[0]
    assert name in BY_ACTION, f"the key action {action!r} is not known to this test as a command"
    return BY_ACTION[name]


def test_every_key_of_the_game_screen_has_a_word_in_both_languages() -> None:
    missing = []
    for binding in GameScreen.BINDINGS:
        action = binding.action if isinstance(binding, Binding) else binding[1]
        command = _command(str(action))
        words = [word for word, name in APP_WORDS.items() if name == command]
        english = [word for word in words if not CYRILLIC.search(word)]
        russian = [word for word in words if CYRILLIC.search(word)]
        if not english:
            missing.append(f"{command}: no English word")
        if not russian:
            missing.append(f"{command}: no Russian word")
    assert not missing, missing


FULL_SCREEN_ONLY = "That command belongs to the full screen"


async def _answers(word: str, local: bool) -> str:
    table = Table.new(GameConfig.create(3), 4, {1: "random", 2: "random"})
    lines: list[str] = []
    face = PlainSeat(table.seat(0), lines.append, local=local)
    face.update()
    lines.clear()
    face.command(word)
    await asyncio.sleep(0)
    return "".join(lines)


def test_every_key_of_the_game_screen_has_a_word_that_plain_mode_answers() -> None:
    # Plain mode has no keys: each key's command, by each of its words in both languages, does there what
    # the key does on the full screen (or says, for `new` at a server's table, where a new game is made).
    unanswered = []
    for binding in GameScreen.BINDINGS:
        command = _command(str(binding.action if isinstance(binding, Binding) else binding[1]))
        for word in sorted(w for w, name in APP_WORDS.items() if name == command):
            for lang in ("en", "ru"):
                i18n.set_language(lang)
                try:
                    said = asyncio.run(_answers(word, local=True))
                finally:
                    i18n.set_language("en")
                if not said.strip() or FULL_SCREEN_ONLY in said or "belongs to the full screen" in said:
                    unanswered.append(f"{word} ({command}, {lang}): {said!r}")
    assert not unanswered, unanswered


def test_the_key_words_say_what_the_keys_do() -> None:
    assert "Thinking about a hint" in asyncio.run(_answers("hint", local=False))
    assert "The bots play on without a pause" in asyncio.run(_answers("skip", local=False))
    assert "(only you) Your starting hand:" in asyncio.run(_answers("story", local=False))
    assert "The final results come when the game ends." in asyncio.run(_answers("results", local=False))
    assert "“lobby” goes back to the lobby" in asyncio.run(_answers("new", local=False))
    assert "A new game is dealt." in asyncio.run(_answers("new", local=True))
    assert "“lang en” or “lang ru”" in asyncio.run(_answers("settings", local=False))


def test_new_in_the_lesson_deals_no_other_game() -> None:
    from citadels_tui import learn
    from citadels_tui.plain_lesson import LessonSeat, lesson_table

    table = lesson_table()
    lines: list[str] = []
    face = LessonSeat(table.seat(learn.PLAYER), lines.append)
    face.update()
    lines.clear()
    assert face.command("new") and not face.again
    assert "The lesson is one game, played to its end." in "".join(lines)


# What each of the end screen's key actions is as a word at the table (the lobby's `lobby` is plain_lobby.py's
# own word, tested with the lobby).
END_SCREEN = {"again": "new", "review": "review", "board": "look", "quit_game": "quit"}


def _finished_face() -> tuple[Table, list[str], PlainSeat]:
    table = Table.new(GameConfig.create(3), 4, {0: "random", 1: "random", 2: "random"})
    asyncio.run(asyncio.wait_for(table.run(), 120))
    assert table.game.over
    lines: list[str] = []
    face = PlainSeat(table.seat(0), lines.append, local=True)
    face.update()
    lines.clear()
    return table, lines, face


def test_every_key_of_the_end_screen_has_a_word_that_plain_mode_answers_after_the_end() -> None:
    actions = {str(b.action if isinstance(b, Binding) else b[1]) for b in EndScreen.BINDINGS}
    assert actions == {*END_SCREEN, "lobby"}, "an end screen key not known to this test"
    table, lines, face = _finished_face()
    face.budget = 2
    unanswered = []

    async def answer(word: str) -> str:
        face.command(word)
        if face.turning is not None:
            await face.turning
        said = "".join(lines)
        lines.clear()
        return said

    for command in END_SCREEN.values():
        words = sorted(w for w, name in APP_WORDS.items() if name == command)
        if not any(CYRILLIC.search(w) for w in words) or all(CYRILLIC.search(w) for w in words):
            unanswered.append(f"{command}: not a word in both languages: {words}")
        for word in words:
            for lang in ("en", "ru"):
                i18n.set_language(lang)
                try:
                    said = asyncio.run(answer(word))
                finally:
                    i18n.set_language("en")
                if not said.strip() or "belongs to the full screen" in said:
                    unanswered.append(f"{word} ({command}, {lang}): {said!r}")
                only_text(said)
    assert not unanswered, unanswered


def test_review_after_the_end_tells_the_rounds_as_the_seat_knew_them_then_the_turning_points() -> None:
    table, lines, face = _finished_face()
    face.budget = 2

    async def review() -> str:
        face.command("review")
        assert face.turning is not None
        told = "".join(lines)
        await face.turning
        turning = "".join(lines)[len(told) :]
        assert "Your chance to win before → after each decision" in turning
        assert "% before, " in turning
        assert "The decisions that cost you most:" in turning or "None of your decisions cost you" in turning
        return told

    said = asyncio.run(review())
    only_text("".join(lines))
    rounds = timeline(table.config, known_events(table.record, 0), 0)
    assert said.startswith("Review of the game. ")
    for r in rounds:
        assert f"\nRound {r.round}" in said
    assert said.count("Points after this round:") == len(rounds)
    final = table.game.result
    assert final is not None
    last = said.rstrip().splitlines()[-2]  # the last round's points, then the turning points' note
    assert all(f"{player_name(table.config, s['player'], 0)} {s['total']}" in last for s in final["scores"])
    # Only what seat 0 may know: a character it never saw revealed or chose is not named as held.
    for r in rounds:
        for character, player in r.holders:
            assert player == 0 or any(
                e.kind in ("call", "heir") and e.data.get("character") == character
                for e in known_events(table.record, 0)
            )


def test_review_before_the_end_says_when_it_comes() -> None:
    said = asyncio.run(_answers("review", local=False))
    assert (
        said.splitlines()[0] == "The review comes when the game ends: “review” then tells it round by round."
    )
    i18n.set_language("ru")
    try:
        said = asyncio.run(_answers("разбор", local=False))
    finally:
        i18n.set_language("en")
    assert "Разбор будет в конце игры" in said


def test_a_local_plain_game_stays_after_its_end_for_the_end_screens_words_until_quit() -> None:
    table = Table.new(GameConfig.create(3), 4, {0: "random", 1: "random", 2: "random"})
    written: list[str] = []

    async def game() -> bool:
        typed: asyncio.Queue[str] = asyncio.Queue()

        class Out(io.StringIO):
            def write(self, text: str) -> int:
                written.append(text)
                if text == "The game is over.\n":
                    for line in ("look\n", "board\n", "доска\n", "quit\n"):
                        typed.put_nowait(line)
                return len(text)

        def local(seat: Seat, write: Callable[[str], None]) -> PlainSeat:
            return PlainSeat(seat, write, local=True)

        return await play(table, 0, stdout=Out(), face_of=local, typed=typed)

    assert asyncio.run(asyncio.wait_for(game(), 120)) is False
    said = "".join(written)
    after = said[said.index("The game is over.\n") :]
    assert "“review” tells the game round by round" in said
    assert after.endswith("Goodbye.\n")
    told = after[len("The game is over.\n") : -len("Goodbye.\n")]
    board = told[: len(told) // 3]
    assert board.strip() and told == board * 3, after  # `board` and `доска` told what `look` tells
    only_text(said)


def test_the_turning_points_are_told_again_in_the_language_of_the_review_that_asks() -> None:
    _, lines, face = _finished_face()
    face.budget = 2

    async def review() -> str:
        lines.clear()
        face.command("review")
        if face.turning is not None:
            await face.turning
        return "".join(lines)

    english = asyncio.run(review())
    assert "Your chance to win before → after each decision" in english
    worked = face.turning
    weighs = "The hard bot weighs each of your decisions, from what you knew then…\n"
    assert asyncio.run(review()) == english.replace(weighs, "")  # worked out once: told again as they were
    assert face.turning is worked
    i18n.set_language("ru")
    try:
        russian = asyncio.run(review())
    finally:
        i18n.set_language("en")
    assert "Ваш шанс на победу до → после каждого решения" in russian and "Your chance" not in russian, (
        russian
    )
    only_text(russian)
