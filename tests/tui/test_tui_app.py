"""The app driven like a player would: whole games by typed commands and by keys, resume, broken files."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilots import (
    SIZE,
    answered,
    game_screen_of,
    keys_of,
    new_game_form,
    pause_until,
    played,
    screen_as,
    seat_of,
    settle,
    table_of,
    there,
    type_line,
)
from textual.widget import Widget

from citadels_core import Action, get_edition
from citadels_tui.app import CitadelsApp
from citadels_tui.components.end_screen import EndScreen
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.new_game_screen import NewGameScreen
from citadels_tui.components.resume_screen import ResumeScreen
from citadels_tui.names import card_name, char_name
from citadels_tui.saves import save_target


def typed_command(app: CitadelsApp) -> str:
    """What a sensible player types now, in words (no numbers), with the short verbs players use."""
    v = seat_of(app).view()
    cfg = seat_of(app).config
    kinds = {a.kind: a for a in v.legal}
    if v.pending_kind == "choose_character":
        return "ch " + char_name(cfg, str(v.legal[-1].args[0]))
    if v.pending_kind == "discard_character":
        return "disc " + char_name(cfg, str(v.legal[0].args[0]))
    if v.pending_kind == "keep":
        return card_name(cfg, str(v.legal[0].args[0])).lower()  # a name alone keeps that card
    if v.pending_kind == "pay_den":
        return "pay gold" if "pay_gold" in kinds else "pay " + card_name(cfg, str(kinds["pay_card"].args[0]))
    if "gather" in kinds:
        return "gold" if v.round % 2 else "draw"
    if "income" in kinds:
        return "inc"
    if "build" in kinds:
        return "bu " + card_name(cfg, str(kinds["build"].args[0]))
    if "end" in kinds:
        return "end turn"
    if "done" in kinds:
        return "done"
    raise AssertionError(f"no words for {v.legal}")


@pytest.mark.slow
async def test_a_whole_game_by_typed_commands(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        typed = 0
        while not isinstance(app.screen, EndScreen):
            before = len(table_of(app).record.actions)
            cmd = typed_command(app)
            await pilot.press(*keys_of(cmd), "enter")
            await settle(app, pilot)
            assert len(table_of(app).record.actions) > before, f"{cmd!r} did nothing"
            typed += 1
        assert typed > 20
        assert table_of(app).game.over
        end = app.screen
        assert "win" in str(end.query_one("#end-title").render())
        app.saver.flush()
        assert not there(app.save_path, "the save path").exists()  # a finished game is not offered again
        await pilot.press("q")
    assert app.return_value == 0


@pytest.mark.slow
async def test_a_whole_game_with_number_keys_only(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=33, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        presses = 0
        while not isinstance(app.screen, EndScreen):
            n = len(seat_of(app).view().legal)
            last = str(n)  # the last option ends the turn; the first gathers, chooses or builds
            choice = "1" if presses % 3 else last
            await pilot.press(*choice)
            if int(choice) * 10 <= n:
                await pilot.press("enter")
            await settle(app, pilot)
            presses += 1
            assert presses < 2000
        finished = app.table
        await pilot.press("n")  # play again
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.table is not finished and not app.table.game.over


async def test_clicking_an_option_acts(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        first = seat_of(app).view().legal[0]
        await pilot.click("#options", offset=(5, 1))
        await pilot.pause()
        assert table_of(app).record.actions[0] == (0, first)


async def test_an_illegal_command_shows_the_engines_reason(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await answered(app, pilot, "take gold")
        log = game_screen_of(app).query_one(LogPane)
        text = "\n".join(str(line.text) for line in log.lines)
        assert "First choose a character." in text
        assert table_of(app).record.actions == []
        await pilot.press("¹", "enter", "٣", "enter", *keys_of("!!"), "enter")  # odd input: words, no crash
        await pilot.pause()
        text = "\n".join(str(line.text) for line in log.lines)
        assert "I don't understand “!!”" in text
        assert table_of(app).record.actions == []


async def test_a_saved_game_is_offered_and_resumed(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=8, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        actions = list(table_of(app).record.actions)
        await pilot.press("ctrl+q")
    assert len(actions) > 1

    again = CitadelsApp(home=tmp_path, pace=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("y")
        await settle(again, pilot)
        assert table_of(again).record.actions[: len(actions)] == actions

    resumed = CitadelsApp(home=tmp_path, resume=True, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        assert table_of(resumed).record.actions[: len(actions)] == actions


async def test_a_broken_save_is_reported_kept_and_a_new_game_starts(tmp_path: Path):
    path = save_target(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("garbage", encoding="utf-8")
    app = CitadelsApp(home=tmp_path, resume=True, seed=4, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.pause()
        log = game_screen_of(app).query_one(LogPane)
        text = "\n".join(str(line.text) for line in log.lines)
        assert "is broken" in text
        await pilot.press("1")
        await settle(app, pilot)
    assert path.read_text(encoding="utf-8") == "garbage"
    assert app.save_path != path and there(app.save_path, "the save path").exists()


async def test_broken_settings_are_reported_and_the_game_still_starts(tmp_path: Path):
    cfg = tmp_path / "config" / "settings.toml"
    cfg.parent.mkdir(parents=True)
    cfg.write_text("bot_pace = 'fast'", encoding="utf-8")
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.pause()
        text = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        assert "settings file" in text and "broken" in text
        await type_line(pilot, "theme nord")
        await pilot.pause()
    assert cfg.read_text(encoding="utf-8") == "bot_pace = 'fast'"


@pytest.mark.slow
async def test_help_opens_on_a_card_and_closes(tmp_path: Path):
    from citadels_tui.components.help_screen import HelpScreen

    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await answered(app, pilot, "help observatory")
        assert isinstance(app.screen, HelpScreen)
        assert "draw 3 cards instead of 2" in str(app.screen.query_one("#help-topic").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_new_game_screen_applies_the_rulebook_substitution_for_a_preset(tmp_path: Path):
    """Ambitious Aristocrats lists the Queen, who cannot play with 3: the Artist takes her place."""
    from textual.widgets import Select

    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        screen = await new_game_form(pilot)
        screen.query_one("#cast", Select).value = "ambitious_aristocrats"
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
        assert table_of(app).config.players == 3
        assert table_of(app).config.cast[-1] == "artist" and "queen" not in table_of(app).config.cast


def _playable_district_preset() -> str:
    """The last district preset the engine can play (only the first game's, until more are written)."""
    from citadels_core import ConfigError, Game, GameConfig

    ok = "first_game"
    for p in get_edition("2016").presets:
        try:
            Game(GameConfig.create(2, districts=p.key), 1)
            ok = p.key
        except ConfigError:
            pass
    return ok


async def test_new_game_screen_starts_the_chosen_game(tmp_path: Path):
    from textual.widgets import Input, Select

    districts = _playable_district_preset()

    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await answered(app, pilot, "new")
        form = screen_as(app, NewGameScreen)
        form.query_one("#players", Select).value = 2
        form.query_one("#districts", Select).value = districts
        form.query_one("#name", Input).value = "Zoé"
        form.query_one("#seed", Input).value = "77"
        await pilot.pause()
        form.action_start()
        await settle(app, pilot)
        assert table_of(app).config.players == 2
        assert table_of(app).config.names[0] == "Zoé"
        assert table_of(app).record.seed == 77
        assert set(table_of(app).config.districts) == set(
            get_edition("2016").preset_by_key[districts].districts
        )
    from citadels_tui.settings import load_settings

    settings = load_settings(tmp_path)[0]
    assert (settings.players, settings.name, settings.districts) == (2, "Zoé", districts)


def test_action_labels_cover_unknown_kinds():
    from citadels_core import Game, GameConfig
    from citadels_core.view import view as view_of
    from citadels_tui.names import describe

    g = Game(GameConfig.create(4), 1)
    assert describe(g.config, view_of(g, 0), Action("warrant", ("king",))) == "Warrant King"


async def test_tab_completes_and_up_recalls_the_last_command(tmp_path: Path):
    from citadels_tui.components.command_line import CommandLine

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        line = game_screen_of(app).query_one(CommandLine)
        await pilot.press(*keys_of("cho"), "tab")
        assert line.value == "choose"
        await pilot.press(*keys_of(" ki"), "tab")
        assert line.value == "choose king"
        await pilot.press("enter")
        await settle(app, pilot)
        assert seat_of(app).view().my_characters == ("king",)
        await pilot.press("up")
        assert line.value == "choose king"


async def test_look_and_score_tell_the_story_pane(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*keys_of("look at bruno"), "enter", *keys_of("score"), "enter")
        await pilot.pause()
        text = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        assert "Bruno: 2 gold, 4 cards, no character revealed. City: no districts." in text
        assert "Clara: 0 points so far" in text


async def test_pace_changes_the_bots_wait_and_is_remembered(tmp_path: Path):
    from citadels_tui.settings import load_settings

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*keys_of("pace 0.25"), "enter", *keys_of("pace fast"), "enter")
        await pilot.pause()
        assert table_of(app).pace == 0.25
        text = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        assert "from 0 to 10" in text
    assert load_settings(tmp_path)[0].bot_pace == 0.25


async def test_theme_changes_and_is_remembered(tmp_path: Path):
    from citadels_tui.settings import load_settings

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await answered(app, pilot, "theme nord")
        assert app.theme == "nord"
        await type_line(pilot, "theme nosuch")
        await pilot.pause()
        text = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        assert "There is no theme called nosuch" in text
        assert app.theme == "nord"
    assert load_settings(tmp_path)[0].theme == "nord"


def test_the_end_screen_names_the_winner_and_the_tie_break():
    from citadels_core import GameConfig
    from citadels_tui.components.winners import winners_text

    cfg = GameConfig.create(4)
    result = {"winners": [2], "tiebreak": {"tied": [1, 2], "ranks": {1: 4, 2: 6}}}
    text = winners_text(cfg, result, 0)
    assert text.startswith("Clara wins.")
    assert "Tie between Bruno, Clara" in text and "Clara 6" in text
    assert winners_text(cfg, {"winners": [0], "tiebreak": None}, 0) == "You win!"


async def test_a_terminal_too_small_says_so_instead_of_a_broken_layout(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(50, 15)) as pilot:
        await pilot.pause()
        # The game's panes are in one frame above the command line (`#body`): it is hidden, not laid out.
        assert game_screen_of(app).query_one("#too-small").display
        assert not game_screen_of(app).query_one("#body").display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not game_screen_of(app).query_one("#too-small").display
        assert game_screen_of(app).query_one("#body").display


async def test_two_apps_play_at_one_hosted_table_in_one_loop(tmp_path: Path):
    """The SSH server's shape: one Table run by its host, one app per human seat, one event loop."""
    import asyncio

    from citadels_core import GameConfig
    from citadels_tui.table import Table

    table = Table.new(GameConfig.create(4), seed=3, bots={2: "heuristic", 3: "random"})
    host = asyncio.create_task(table.run())
    anna = CitadelsApp(home=tmp_path / "a", seat=table.seat(0))
    bruno = CitadelsApp(home=tmp_path / "b", seat=table.seat(1))
    async with anna.run_test(size=SIZE) as pa, bruno.run_test(size=SIZE) as pb:
        await pa.pause()
        await pb.pause()
        await pa.press("1")  # Anna (crown) chooses first
        await pause_until(pb, lambda: game_screen_of(bruno).view().legal, "Bruno's options", 200, paused=True)
        assert game_screen_of(bruno).view().pending_player == 1
        await pb.press("1")
        await pause_until(pa, lambda: len(table.record.actions) >= 4, "four moves", 200, paused=True)
        assert [p for p, _ in table.record.actions[:2]] == [0, 1]
        story_b = "\n".join(str(line.text) for line in game_screen_of(bruno).query_one(LogPane).lines)
        assert "Anna chooses a character." in story_b
        assert "You choose the" in story_b and "(only you)" in story_b
        assert not (tmp_path / "a" / "data").exists()  # a hosted table is saved by its host, not the app
    table.close()
    await asyncio.wait_for(host, 2)


async def test_with_ten_options_a_digit_waits_for_enter_or_a_second_digit(tmp_path: Path):
    from citadels_tui.components.command_line import CommandLine

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await played(app, pilot, "choose assassin", "gold")
        legal = seat_of(app).view().legal
        assert len(legal) == 10
        line = game_screen_of(app).query_one(CommandLine)
        before = len(table_of(app).record.actions)
        await pilot.press("1")
        assert line.value == "1" and len(table_of(app).record.actions) == before
        await pilot.press("1")  # "11" is no option: it starts again from this "1"
        assert line.value == "1"
        await pilot.press("0")  # 10: the last option, at once
        await pilot.pause()
        assert table_of(app).record.actions[before] == (0, legal[9])


async def test_eight_cities_fit_a_small_terminal(tmp_path: Path):
    from citadels_tui.components.cities_pane import CitiesPane

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text("players = 8\n", encoding="utf-8")
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.pause()
        cities = game_screen_of(app).query_one(CitiesPane)
        assert table_of(app).config.players == 8
        assert cities.size.height == 8  # one line per player, no scrolling needed
        box = cities.parent
        assert isinstance(box, Widget) and cities.size.height <= box.size.height


async def test_clicking_a_card_in_the_hand_shows_its_text(tmp_path: Path):
    from citadels_tui.components.hand_pane import HandPane

    app = CitadelsApp(home=tmp_path, seed=12, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        hand = game_screen_of(app).query_one(HandPane)
        row, c0, _c1, key = hand.spots[-1]
        assert hand.selected != key
        await pilot.click(HandPane, offset=(c0 + 2, row + 1))
        await pilot.pause()
        assert hand.selected == key
        name = table_of(app).config.ed.districts[table_of(app).config.ed.district_by_key[key]].name
        assert name + " (" in str(hand.render())


async def test_new_game_screen_takes_a_custom_cast_and_district_list_checked_by_the_rules(tmp_path: Path):
    from textual.widgets import Input, Select

    cast = "assassin, spy, wizard, emperor, abbot, trader, navigator, marshal"
    districts = (
        "Armory, Basilica, Capitol, Framework, Gold Mine, Great Wall, Ivory Tower, Monument, Museum, "
        "Necropolis, Observatory, Park, Poor House, Thieves' Den"
    )
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        screen = await new_game_form(pilot)
        screen.query_one("#players", Select).value = 2
        screen.query_one("#cast", Select).value = "custom"
        screen.query_one("#districts", Select).value = "custom"
        await pilot.pause()
        assert screen.query_one("#cast-custom-row").display
        screen.query_one("#cast-custom", Input).value = cast
        screen.query_one("#districts-custom", Input).value = districts
        screen.action_start()
        await pilot.pause()
        # The rules refuse the Emperor with 2 players, in one sentence, and the form stays open.
        assert app.screen is screen
        assert "Emperor cannot be used in a 2-player game" in str(screen.query_one("#new-error").render())
        screen.query_one("#players", Select).value = 4
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
        assert app.table.config.cast == (
            "assassin",
            "spy",
            "wizard",
            "emperor",
            "abbot",
            "trader",
            "navigator",
            "marshal",
        )
        assert "thieves_den" in app.table.config.districts and len(app.table.config.districts) == 14


async def test_the_command_line_suggests_the_rest_of_a_word_inline_and_right_arrow_takes_it(tmp_path: Path):
    from citadels_tui.components.command_line import CommandLine

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        line = app.screen.query_one(CommandLine)
        await pilot.press(*keys_of("choose ki"))
        await pilot.pause()
        assert line._suggestion == "choose king"
        assert "choose king" in "".join(s.text for s in line.render_line(0))  # shown, the rest faded
        await pilot.press("right")
        assert line.value == "choose king"
        await pilot.press(*["backspace"] * 11, "z")
        await pilot.pause()
        assert line._suggestion == ""  # nothing starts with "z"


@pytest.mark.slow
async def test_the_new_game_form_remembers_the_last_custom_lists_across_games_and_restarts(tmp_path: Path):
    from textual.widgets import Input, Select

    cast = "assassin, spy, wizard, king, abbot, trader, navigator, marshal"
    districts = (
        "Armory, Basilica, Capitol, Framework, Gold Mine, Great Wall, Ivory Tower, Monument, Museum, "
        "Necropolis, Observatory, Park, Poor House, Thieves' Den"
    )
    want_cast = ("assassin", "spy", "wizard", "king", "abbot", "trader", "navigator", "marshal")

    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        screen = await new_game_form(pilot)
        screen.query_one("#cast", Select).value = "custom"
        screen.query_one("#districts", Select).value = "custom"
        await pilot.pause()
        screen.query_one("#cast-custom", Input).value = cast
        screen.query_one("#districts-custom", Input).value = districts
        screen.action_start()
        await settle(app, pilot)
        assert table_of(app).config.cast == want_cast
        # The next form offers the same lists; a new game from it plays them again.
        screen = await new_game_form(pilot)
        assert screen.query_one("#cast", Select).value == "custom"
        assert screen.query_one("#cast-custom-row").display
        assert screen.query_one("#cast-custom", Input).value == cast
        assert screen.query_one("#districts", Select).value == "custom"
        assert screen.query_one("#districts-custom", Input).value == districts
        await pilot.press("escape")
        await pilot.pause()
        app.new_game()  # "play again" on the end screen
        await settle(app, pilot)
        assert table_of(app).config.cast == want_cast
    # Started again, the app's first game is the custom one, and so is its form.
    for saved in (tmp_path / "data").glob("*.json"):
        saved.unlink()  # a new game, not the saved one (which is custom too)
    again = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with again.run_test(size=(100, 40)) as pilot:
        await settle(again, pilot)
        assert not table_of(again).record.actions
        assert table_of(again).config.cast == want_cast
        assert "thieves_den" in table_of(again).config.districts
        screen = await new_game_form(pilot)
        assert screen.query_one("#cast-custom", Input).value == cast
        # Choosing a preset is remembered too, and the custom list still waits behind "Custom list".
        screen.query_one("#cast", Select).value = "first_game"
        await pilot.pause()
        screen.action_start()
        await settle(again, pilot)
        assert table_of(again).config.cast != want_cast
        screen = await new_game_form(pilot)
        assert screen.query_one("#cast", Select).value == "first_game"
        assert screen.query_one("#cast-custom", Input).value == cast


async def test_an_eight_player_game_says_why_a_rank_9_character_was_added(tmp_path: Path):
    from textual.widgets import Select

    from citadels_tui.settings import Settings, save_settings

    save_settings(Settings(players=8), tmp_path)
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        cfg = table_of(app).config
        assert cfg.players == 8 and len(cfg.cast) == 9
        story = "\n".join(str(line.text) for line in game_screen_of(app).query_one(LogPane).lines)
        name = char_name(cfg, cfg.cast[8])
        assert f"With 8 players a rank 9 character is added, {name}: one character is set aside" in story
        screen = await new_game_form(pilot)
        why = screen.query_one("#why-rank9")
        assert why.display and "eight players need eight left to choose from" in str(why.render())
        screen.query_one("#players", Select).value = 7
        await pilot.pause()
        assert not why.display
        screen.action_start()
        await settle(app, pilot)
        story = "\n".join(str(line.text) for line in app.game_screen.query_one(LogPane).lines)
        assert "rank 9" not in story


async def test_a_keystroke_redraws_its_line_from_the_command_line_and_one_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Textual asks every widget whose frame overlaps a changed line for its lines: the panes sit in one
    frame above the command line, so typing does not render the status line, the columns or the story."""

    from citadels_tui.components.command_line import CommandLine

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        asked: set[str] = set()
        render_lines = Widget.render_lines

        def spy(self: Widget, crop):
            asked.add(self.id or type(self).__name__)
            return render_lines(self, crop)

        monkeypatch.setattr(Widget, "render_lines", spy)
        # The command line draws its own line (CommandLine.render_lines): asked as well.
        own = CommandLine.render_lines

        def spy_own(self: CommandLine, crop):
            asked.add(self.id or type(self).__name__)
            return own(self, crop)

        monkeypatch.setattr(CommandLine, "render_lines", spy_own)
        await pilot.press("z")
        await pilot.pause()
        assert "command" in asked
        assert asked <= {"command", "body", "GameScreen"}, asked


async def test_a_plain_start_shows_the_game_as_the_first_screen_and_later_games_replace_it(tmp_path: Path):
    # No save, no theme error, no position: the game screen is Textual's first screen itself (a screen
    # more cost every start ~3% of its instructions); a new game or another language replaces it there.
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        assert app.screen_stack == [app.game_screen]
        first = app.game_screen
        await type_line(pilot, "new")
        await pilot.pause()
        assert len(app.screen_stack) == 2  # the form over the game
        screen_as(app, NewGameScreen).action_start()
        await settle(app, pilot)
        assert app.screen_stack == [app.game_screen] and app.game_screen is not first
        second = app.game_screen
        await type_line(pilot, "lang ru")
        await settle(app, pilot)
        assert app.screen_stack == [app.game_screen] and app.game_screen is not second


async def test_a_start_with_a_saved_game_asks_first_and_its_game_goes_over_the_default_screen(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=4, pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("1")  # a move: the game is saved
        await settle(app, pilot)
        await pilot.press("ctrl+q")
    again = CitadelsApp(home=tmp_path, pace=0)
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        assert len(again.screen_stack) == 2
        await pilot.press("y")
        await settle(again, pilot)
        assert len(again.screen_stack) == 2 and again.screen_stack[-1] is again.game_screen
