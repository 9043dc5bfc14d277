"""The app in Russian: a whole game by Russian commands, the language switched mid-game, --lang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pilots import (
    answered,
    game_screen_of,
    keys_of,
    language_of,
    played,
    seat_of,
    settle,
    table_of,
    type_line,
)

from citadels_server.cli_parser import build_parser
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.components.cities_pane import CitiesPane
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.status_bar import StatusBar
from citadels_tui.names import card_name, char_name
from citadels_tui.settings import load_settings

SIZE = (100, 30)
CYRILLIC = re.compile(r"[а-яё]", re.I)


def russian_command(app: CitadelsApp) -> str:
    """What a Russian-speaking player types now, in words."""
    v = seat_of(app).view()
    cfg = seat_of(app).config
    kinds = {a.kind: a for a in v.legal}
    if v.pending_kind == "choose_character":
        return "выбрать " + char_name(cfg, str(v.legal[-1].args[0])).lower()
    if v.pending_kind == "discard_character":
        return "сбросить " + char_name(cfg, str(v.legal[0].args[0]))
    if v.pending_kind == "keep":
        return "оставить " + card_name(cfg, str(v.legal[0].args[0])).lower()
    if v.pending_kind == "pay_den":
        return (
            "заплатить золотом"
            if "pay_gold" in kinds
            else "заплатить " + card_name(cfg, str(kinds["pay_card"].args[0]))
        )
    if "gather" in kinds:
        return "взять золото" if v.round % 2 else "тянуть"
    if "income" in kinds:
        return "доход"
    if "build" in kinds:
        return "построить " + card_name(cfg, str(kinds["build"].args[0]))
    if "end" in kinds:
        return "конец"
    if "done" in kinds:
        return "готово"
    raise AssertionError(f"no Russian words for {v.legal}")


def story(app: CitadelsApp) -> str:
    return "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)


@pytest.mark.slow
async def test_a_whole_game_in_russian_by_russian_commands(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "Раунд 1" in str(game_screen_of(app).query_one(StatusBar).render())
        typed = 0
        while not isinstance(app.screen, EndScreen):
            before = len(table_of(app).record.actions)
            cmd = russian_command(app)
            await pilot.press(*keys_of(cmd), "enter")
            await settle(app, pilot)
            assert len(table_of(app).record.actions) > before, f"{cmd!r} did nothing: {story(app)[-300:]}"
            typed += 1
        assert typed > 20
        end = str(app.screen.query_one("#end-title").render())
        assert "Победител" in end or "Вы победили" in end, end
        await pilot.press("q")
    assert app.return_value == 0


async def test_the_story_and_the_errors_are_russian(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await answered(app, pilot, "взять золото")
        text = story(app)
        assert "Сначала выберите персонажа." in text  # the engine's reason, translated
        assert "Ваши карты на старте:" in text
        assert "Начинается игра на 4" in text
        assert not re.search(r"\b(the|you|takes|chooses)\b", text), text


async def test_a_russian_game_seats_bots_with_russian_names(tmp_path: Path):
    # The story, the cities and the commands all use the same Russian names.
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        names = seat_of(app).config.names
        assert names == ("Anna", "Борис", "Клара", "Денис"), names
        assert "Начинается игра на 4: Anna, Борис, Клара, Денис." in story(app)
        cities = (
            game_screen_of(app).query_one(CitiesPane).render_cities(seat_of(app).view(), seat_of(app).config)
        )
        seen = "".join(seg.text for seg in app.console.render(cities, app.console.options.update_width(100)))
        assert all(n in seen for n in names[1:]) and "Bruno" not in seen, seen
        await type_line(pilot, "посмотреть клару")
        await pilot.pause()
        assert story(app).splitlines()[-1].startswith("Клара: "), story(app)[-200:]


@pytest.mark.slow
async def test_the_language_switches_without_restarting_and_is_remembered(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "choose king")
        assert "You choose the King." in story(app)
        await type_line(pilot, "lang ru")
        await settle(app, pilot)
        await pilot.pause()
        assert i18n.language() == "ru"
        text = story(app)
        assert "Вы выбираете персонажа «Король»." in text  # the whole story told again
        assert "You choose the King." not in text
        assert "Язык: ru." in text
        assert CYRILLIC.search(str(game_screen_of(app).query_one(StatusBar).render()))
        await type_line(pilot, "язык английский")
        await settle(app, pilot)
        await pilot.pause()
        assert "You choose the King." in story(app)
        await type_line(pilot, "lang klingon")
        await pilot.pause()
        assert "There is no language called klingon; known: en, ru." in story(app)
    settings, _ = load_settings(tmp_path)
    assert settings.language == "en"


async def test_the_settings_language_is_used_when_no_flag_is_given(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "язык ru")
    assert load_settings(tmp_path)[0].language == "ru"
    again = CitadelsApp(home=tmp_path, seed=5, pace=0)
    assert language_of(again) == "ru" and again.settings.language == "ru"
    assert language_of(CitadelsApp(home=tmp_path, seed=5, pace=0, lang="en")) == "en"
    assert i18n.language() == "en"  # the process default: the apps' choices are their own


def test_the_locale_picks_russian_when_nothing_else_does(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert language_of(CitadelsApp(home=tmp_path, seed=5, pace=0)) == "ru"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert language_of(CitadelsApp(home=tmp_path, seed=5, pace=0)) == "en"


def test_the_play_command_takes_lang():
    assert build_parser().parse_args(["--lang", "ru"]).lang == "ru"
    assert build_parser().parse_args(["play", "--lang", "en"]).lang == "en"
    assert build_parser().parse_args([]).lang is None


def test_help_and_card_texts_are_russian():
    from citadels_core import GameConfig
    from citadels_tui.components.help_screen import HOW_TO_PLAY, card_catalog, topic_text

    i18n.set_language("ru")
    cfg = GameConfig.create(4)
    assert topic_text(cfg, "observatory").startswith("Обсерватория — 4 зол., особый (О). Если при сборе")
    assert topic_text(cfg, "king").startswith("4 Король. Вы обязаны взять корону.")
    assert i18n.t(HOW_TO_PLAY).startswith("# Как играть в «Цитадели»")
    catalog = card_catalog(cfg)
    assert "# Персонажи" in catalog and "# Особые кварталы" in catalog and "Крепость" in catalog
    assert not re.search(r"\b(the|your|gold)\b", catalog), catalog


async def test_a_hosted_table_started_in_russian_seats_bots_with_russian_names():
    from citadels_server.hub import Hub

    hub = Hub()
    i18n.set_language("ru")
    try:
        ht = hub.create("анна", None, 4, code="K7M9QD")
        table = hub.start(ht, "анна")
        assert table.config.names == ("анна", "Борис (бот)", "Клара (бот)", "Денис (бот)")
    finally:
        i18n.set_language("en")
        hub.close()


async def test_a_russian_game_resumes_in_russian_with_its_theme(tmp_path: Path):
    # --lang and --theme are for the session: the settings do not keep them, the saved game does.
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru", theme="night")
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "выбрать короля")
    assert load_settings(tmp_path)[0].language == ""
    resumed = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        assert language_of(resumed) == "ru" and resumed.theme == "night"
        assert "Раунд 1" in str(game_screen_of(resumed).query_one(StatusBar).render())
        assert "С возвращением" in story(resumed)
    # A flag given now wins over the saved game's choice.
    english = CitadelsApp(home=tmp_path, resume=True, pace=0, lang="en", theme="parchment")
    async with english.run_test(size=SIZE) as pilot:
        await settle(english, pilot)
        assert language_of(english) == "en" and english.theme == "parchment"
        assert "Round 1" in str(game_screen_of(english).query_one(StatusBar).render())


async def test_a_language_chosen_in_the_game_is_the_one_it_resumes_in(tmp_path: Path):
    # `lang en` during a game started in Russian: `--resume` comes back in English, even when no move was
    # made after the switch (the saved game keeps the language it was last shown in).
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "выбрать короля", "lang en")
        await pilot.pause()
        assert "Language: en." in story(app)
    assert load_settings(tmp_path)[0].language == "en"
    resumed = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        assert language_of(resumed) == "en"
        assert "Welcome back" in story(resumed)
        assert not CYRILLIC.search(str(game_screen_of(resumed).query_one(StatusBar).render()))


async def test_a_theme_chosen_in_the_game_is_the_one_it_resumes_in(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "choose king", "theme parchment")
        await pilot.pause()
        assert "Theme: parchment." in story(app)
    resumed = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        assert resumed.theme == "parchment"
