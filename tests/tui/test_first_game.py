"""A first game, as a newcomer plays it, in each language: a whole local game against bots at 80×24, by the
words a new player uses — a name alone (`assassin`, `castle`), `done` / `end turn`, option numbers, `help`
and `hint` once — each of which must do what the screen offers."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilots import game_screen_of, keys_of, pause_until, seat_of, settle, table_of

from citadels_tui.app import CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.help_screen import HelpScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.names import card_name, char_name

SIZE = (80, 24)
WORDS = {
    # What a newcomer types to finish a turn, and to say "that's all" after a choice of cards.
    "en": {"end": ("end turn", "done"), "done": ("done",)},
    "ru": {"end": ("конец хода", "готово"), "done": ("готово",)},
}


def newcomer_command(app: CitadelsApp, lang: str, turn: int) -> str:
    """What a new player types now: a name alone for a character or a card, a word to finish, else the
    number of the option they want (as listed on the screen)."""
    v = seat_of(app).view()
    cfg = seat_of(app).config
    kinds = {a.kind: a for a in v.legal}
    if v.pending_kind in ("choose_character", "discard_character"):
        return char_name(cfg, str(v.legal[turn % len(v.legal)].args[0])).lower()
    if v.pending_kind == "keep":
        return card_name(cfg, str(v.legal[0].args[0])).lower()
    if "build" in kinds:
        return card_name(cfg, str(kinds["build"].args[0])).lower()
    if "end" in kinds and (len(kinds) == 1 or ("gather" not in kinds and turn % 2)):
        words = WORDS[lang]["end"]
        return words[turn % len(words)]
    if "done" in kinds and len(kinds) == 1:
        return WORDS[lang]["done"][0]
    # Anything else (gathering, income, abilities): the number of the first option, as listed.
    return "1"


def story(app: CitadelsApp) -> str:
    return "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)


async def play_a_first_game(tmp_path: Path, lang: str, seed: int) -> None:
    app = CitadelsApp(home=tmp_path, seed=seed, pace=0, lang=lang)
    app.hint_budget = (20, None)  # a quick hint, the same every time
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        # `help` opens the help; Escape closes it.
        await pilot.press(*keys_of("help" if lang == "en" else "помощь"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(app, pilot)
        # `hint` once: its lines come, and nothing is played.
        await pilot.press(*keys_of("hint" if lang == "en" else "подсказка"), "enter")
        await pause_until(pilot, lambda: "%" in story(app), "the hint", 2000, paused=True)
        assert "%" in story(app) and not table_of(app).record.actions
        turn = 0
        while not isinstance(app.screen, EndScreen):
            before = len(table_of(app).record.actions)
            cmd = newcomer_command(app, lang, turn)
            await pilot.press(*keys_of(cmd), "enter")
            await settle(app, pilot)
            assert len(table_of(app).record.actions) > before, f"{cmd!r} did nothing: {story(app)[-300:]}"
            turn += 1
            assert turn < 500
        assert table_of(app).game.over and turn > 20
        await pilot.press("q")
    assert app.return_value == 0


@pytest.mark.slow
async def test_a_first_game_in_english(tmp_path: Path):
    await play_a_first_game(tmp_path, "en", seed=21)


@pytest.mark.slow
async def test_a_first_game_in_russian(tmp_path: Path):
    await play_a_first_game(tmp_path, "ru", seed=21)
