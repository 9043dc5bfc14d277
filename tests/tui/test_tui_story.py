"""The story by keyboard at 80×24: the story pane scrolls from the command line, `story` and F6 open the
whole game's story (a heading per round, a find box, Esc closes), and the hand and city panes mark what
changed since the player last acted."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pilots import city_rows, game_screen_of, keys_of, seat_of, settle, table_of, type_line

from citadels_core import GameConfig
from citadels_core.record import GameRecord
from citadels_tui.app import CitadelsApp
from citadels_tui.changes import Snapshot, since, snapshot
from citadels_tui.components.cities_pane import CitiesPane
from citadels_tui.components.command_line import CommandLine
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.story_screen import StoryScreen, chapters
from citadels_tui.game_setup import bot_names
from citadels_tui.saves import save_target
from citadels_tui.table import LogLine

SMALL = (80, 24)


async def _a_few_moves(app: CitadelsApp, pilot, moves: int = 8) -> None:
    await settle(app, pilot)
    for _ in range(moves):
        await pilot.press("1")
        await settle(app, pilot)


async def _scrolled(pilot, widget, key: str) -> float:
    """`widget`'s scroll_y once `key` is pressed."""
    await pilot.press(key)
    await pilot.pause()
    return widget.scroll_y


@pytest.mark.slow
async def test_page_keys_scroll_the_story_while_the_command_line_keeps_the_focus_and_the_text(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await _a_few_moves(app, pilot)
        log = game_screen_of(app).query_one(LogPane)
        line = game_screen_of(app).query_one(CommandLine)
        assert log.max_scroll_y > 2 * log.size.height  # more story than a few pages of the pane
        assert log.scroll_y == log.max_scroll_y  # it follows the game
        await pilot.press(*keys_of("bui"))
        assert await _scrolled(pilot, log, "pageup") < log.max_scroll_y
        assert "Ctrl+End" in str(
            log.border_title
        )  # scrolled back is said in words, not by the scrollbar only
        back = log.scroll_y
        assert await _scrolled(pilot, log, "pageup") < back
        assert await _scrolled(pilot, log, "pagedown") == back
        assert await _scrolled(pilot, log, "ctrl+home") == 0
        assert await _scrolled(pilot, log, "ctrl+end") == log.max_scroll_y
        assert log.border_title == "Story"
        await pilot.press("shift+pageup")  # the other keys for the beginning and the latest
        await pilot.pause()
        assert log.scroll_y == 0
        assert await _scrolled(pilot, log, "shift+pagedown") == log.max_scroll_y
        # All along the command line kept the focus and what was typed; typing goes on where it was.
        assert app.focused is line
        await pilot.press(*keys_of("ld"))
        assert line.value == "build"


async def test_a_story_read_back_is_not_pulled_down_by_new_lines(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await _a_few_moves(app, pilot, 4)
        log = game_screen_of(app).query_one(LogPane)
        await pilot.press("ctrl+home")
        await pilot.pause()
        log.say("a line written while the player reads back")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("ctrl+end")
        await pilot.pause()
        log.say("a line written at the bottom")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


def _story_text(app: CitadelsApp) -> str:
    screen = app.screen
    assert isinstance(screen, StoryScreen)
    return screen.render_story().plain


@pytest.mark.slow
async def test_story_command_and_f6_open_the_whole_story_by_round_searchable_closed_by_esc(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await _a_few_moves(app, pilot, 14)
        game = game_screen_of(app)
        assert table_of(app).game.round >= 2
        await pilot.press(*keys_of("bu"))  # a half-typed command waits under the story
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        text = _story_text(app)
        # A heading per round, in order, and the story from its first line (the starting hand).
        assert "── Round 1 ──" in text and "── Round 2 ──" in text
        assert text.index("── Round 1 ──") < text.index("── Round 2 ──")
        assert text.startswith("── Before the first round ──")
        first, _ = seat_of(app).lines(0)
        assert first[0].text in text and first[-1].text in text
        # It opens on the latest lines; the keys of the story pane scroll it, the find box keeping the focus.
        scroll = app.screen.query_one("#story-body")
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        assert await _scrolled(pilot, scroll, "pageup") < scroll.max_scroll_y
        back = scroll.scroll_y
        assert await _scrolled(pilot, scroll, "up") == back - 1
        assert await _scrolled(pilot, scroll, "ctrl+home") == 0
        assert await _scrolled(pilot, scroll, "ctrl+end") == scroll.max_scroll_y
        assert app.focused is app.screen.query_one("#story-find")
        # Typing narrows it to the lines that hold the words, with how many there are.
        every = text.count("\n")
        await pilot.press(*keys_of("/gold"))  # a leading "/", as in less, is not looked for
        await pilot.pause()
        narrowed = _story_text(app)
        body = [x for x in narrowed.splitlines() if x and not x.startswith("──")]
        assert body and all("gold" in x.lower() for x in body)
        assert narrowed.count("\n") < every
        count = str(app.screen.query_one("#story-count").render())
        assert f"{len(body)} lines hold “gold”" in count
        await pilot.press(*keys_of("zzz"))
        await pilot.pause()
        assert "No line of the story holds “goldzzz”." in _story_text(app)
        assert "0 lines hold “goldzzz”" in str(app.screen.query_one("#story-count").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen_stack[-1] is game
        line = game.query_one(CommandLine)
        assert app.focused is line and line.value == "bu"
        # The command, in English and in Russian, opens it too.
        await pilot.press("ctrl+u", *keys_of("story"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        await type_line(pilot, "летопись")
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        await pilot.press("f6")  # F6 closes it as well
        await pilot.pause()
        assert app.screen_stack[-1] is game


def test_the_story_is_cut_at_each_round():
    lines = [
        LogLine("hand", True, "deal"),
        LogLine("Round 1.", False, "round"),
        LogLine("a", False),
        LogLine("Round 2.", False, "round"),
        LogLine("b", False),
    ]
    got = [(c.heading, [x.text for x in c.lines]) for c in chapters(lines)]
    assert got == [
        ("Before the first round", ["hand"]),
        ("Round 1", ["Round 1.", "a"]),
        ("Round 2", ["Round 2.", "b"]),
    ]


# ------------------------------------------------------------ what changed since you acted


def _pick(table, seat: int) -> None:
    """Seats 1–3 are played here, on purpose: Bruno takes the Magician and swaps hands with Anna; the
    others take what is left, gather gold and build what they can."""
    g = table.game
    legal = g.legal_actions()
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    cfg = table.game.config
    if "choose" in by_kind:
        magician = [a for a in by_kind["choose"] if a.args[0] == "magician"]
        others = [a for a in by_kind["choose"] if a.args[0] != "magician"]
        a = magician[0] if seat == 1 and magician else others[0]
    elif "swap_hands" in by_kind:
        a = next(a for a in by_kind["swap_hands"] if a.args[0] == 0)
    elif "gather" in by_kind:
        a = next(a for a in by_kind["gather"] if a.args[0] == "gold")
    elif "build" in by_kind:
        a = by_kind["build"][0]
    elif "end" in by_kind:
        a = by_kind["end"][0]
    else:
        a = legal[0]
    del cfg
    table.submit(seat, [a])


async def _until_anna(app: CitadelsApp, pilot, stop=lambda: False) -> None:
    """The other seats play until Anna must decide (or `stop` says so)."""
    table = table_of(app)
    for _ in range(400):
        await pilot.pause()
        pd = table.game.pending()
        if pd is None or stop():
            return
        if pd[0] == 0:
            if game_screen_of(app).view().legal == seat_of(app).view().legal:
                return
            continue
        _pick(table, pd[0])
    raise AssertionError("Anna never had to decide")


@pytest.mark.slow
async def test_the_hand_and_cities_mark_what_changed_since_you_acted_until_you_act_again(tmp_path: Path):
    cfg = GameConfig.create(4, names=bot_names("Anna", 4))
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        # Anna at a table whose other seats are played by hand here (no bots), so that they do what we say.
        app.start(GameRecord(cfg, 2, []), {}, save_target(app.home))
        await pilot.pause()
        game = game_screen_of(app)
        assert isinstance(game, GameScreen)
        hand, cities = game.query_one(HandPane), game.query_one(CitiesPane)
        await _until_anna(app, pilot)
        assert "✦" not in hand.render_hand(cfg).plain  # nothing changed yet
        before = set(seat_of(app).view().hand)
        # Anna takes the highest character offered (the Magician is left for Bruno, rank 3, before her).
        options = seat_of(app).view().legal
        choice = max(
            (a for a in options if a.args[0] != "magician"),
            key=lambda a: cfg.ed.characters[cfg.ed.character_by_key[str(a.args[0])]].rank,
        )
        await pilot.press(*keys_of(str(options.index(choice) + 1)))
        await _until_anna(app, pilot)
        now = set(seat_of(app).view().hand)
        assert now != before, "Bruno's Magician swapped hands with Anna"
        shown = hand.render_hand(cfg).plain
        for k in now - before:
            assert f"✦{cfg.ed.districts[cfg.ed.district_by_key[k]].name}" in shown
        assert "✦ new" in str(hand.border_title)
        built = [p for p in seat_of(app).view().players if p.seat != 0 and p.city]
        assert built, "someone built before Anna's turn"
        assert "✦" in city_rows(cities, seat_of(app).view(), cfg)[built[0].seat].plain
        assert game.query_one("#cities-box").border_title == "Cities · ✦ new"
        # Anna acts (gold): the marks are cleared.
        await type_line(pilot, "gold")
        await pilot.pause()
        assert "✦" not in hand.render_hand(cfg).plain
        assert "✦" not in str(hand.border_title)
        assert game.query_one("#cities-box").border_title == "Cities"
        assert all("✦" not in x.plain for x in city_rows(cities, seat_of(app).view(), cfg))


@pytest.mark.slow
async def test_a_district_gone_from_a_city_is_marked_struck_through(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=21, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await _a_few_moves(app, pilot, 14)
        game = game_screen_of(app)
        v, cfg = seat_of(app).view(), seat_of(app).config
        owner = next(p for p in v.players if p.city)
        # As if, when Anna last acted, this city held a Castle more (the Warlord destroyed it since).
        then = snapshot(v)
        cities = list(then.cities)
        cities[owner.seat] = cities[owner.seat] + Counter({"castle": 1})
        game.last_acted = Snapshot(then.hand, tuple(cities))
        game.refresh_view()
        await pilot.pause()
        assert since(game.last_acted, v).gone_from(owner.seat) == Counter({"castle": 1})
        pane = game.query_one(CitiesPane)
        shown = city_rows(pane, v, cfg)[owner.seat]
        assert "✗Castle 4N" in shown.plain
        gone = shown.plain.index("✗Castle") + 1
        assert any(span.start <= gone < span.end and "strike" in str(span.style) for span in shown.spans)
        assert game.query_one("#cities-box").border_title == "Cities · ✗ gone"
