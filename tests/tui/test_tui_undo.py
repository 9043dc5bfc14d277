"""`undo` (Russian «отменить», «назад»): take back your last decision in a local game against bots while no
other player has acted since and it showed you nothing hidden (Board Game Arena's rule); else say why not."""

from __future__ import annotations

from pathlib import Path

from pilots import SIZE, deciding, pause_until, seat_of, seated, story, table_of
from tui_states import CARDS, GOLD, a_guest_hosting, saves_of, table_at_gathering

from citadels_core import GameConfig
from citadels_core.record import state_digest
from citadels_core.takeback import GAME_OVER, NOTHING, OTHER_ACTED, REVEALED, take_back_refusal
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.saves import read_save
from citadels_tui.table import Table


def test_taking_gold_back_rebuilds_the_table_and_saves_it_without_that_decision():
    table = table_at_gathering()
    before, moves = state_digest(table.game), len(table.record.actions)
    table.submit(0, [GOLD])
    assert state_digest(table.game) != before
    assert table.take_back(0) == (None, GOLD)
    assert len(table.record.actions) == moves and state_digest(table.game) == before
    assert table.record.final == before
    assert saves_of(table)[-1].actions == table.record.actions  # what the autosave wrote
    assert GOLD in table.game.legal_actions() and table.seat(0).my_turn()


def test_drawing_cards_showed_them_to_you_so_it_is_not_taken_back():
    table = table_at_gathering()
    table.submit(0, [CARDS])
    moves = len(table.record.actions)
    assert table.take_back(0) == (REVEALED, None)
    assert len(table.record.actions) == moves  # nothing changed
    # Keeping one of the cards you drew shows nothing new: that one can be taken back, not the draw.
    keep = table.game.legal_actions()[0]
    table.submit(0, [keep])
    assert table.take_back(0) == (None, keep)
    assert table.take_back(0) == (REVEALED, None)


def test_not_after_another_player_acted_nor_before_any_decision_nor_after_the_end():
    table = Table.new(GameConfig.create(4), 5, {1: "normal", 2: "normal", 3: "normal"})
    assert table.take_back(0) == (NOTHING, None)
    table.play_bots_now()
    choose = table.game.legal_actions()[0]
    table.submit(0, [choose])
    assert take_back_refusal(table.config, 5, table.record.actions, 0) is None  # a pick in the draft: allowed
    table.play_bots_now()
    if table.record.actions[-1][0] != 0:
        assert table.take_back(0) == (OTHER_ACTED, None)
    ended = Table.new(GameConfig.create(2), 3, {0: "normal", 1: "normal"})
    ended.play_bots_now()
    assert ended.game.over
    assert take_back_refusal(ended.config, 3, ended.record.actions, 0) == GAME_OVER


def test_the_words_for_undo_in_english_and_russian():
    v_cfg = Table.new(GameConfig.create(4), 5, {1: "normal"})
    v = v_cfg.seat(0).view()
    for word in ("undo", "отменить", "назад"):
        assert parse(word, v, v_cfg.config).app == "undo"


# ---------------------------------------------------------------- the app


async def test_undo_in_the_app_takes_back_gold_and_the_save_file_follows(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press(*"undo", "enter")
        await pause_until(pilot, lambda: "no decision to take back" in story(app))
        for _ in range(40):  # through the draft to the first turn, choosing option 1
            await pause_until(pilot, lambda: deciding(app))
            if GOLD in seat_of(app).view().legal:
                break
            await pilot.press("1")
        moves = len(table_of(app).record.actions)
        await pilot.press(*"gold", "enter")
        await pause_until(pilot, lambda: len(table_of(app).record.actions) == moves + 1)
        await pilot.press(*"undo", "enter")
        await pause_until(pilot, lambda: "Taken back: Take gold. Decide again." in story(app))
        assert len(table_of(app).record.actions) == moves and GOLD in seat_of(app).view().legal
        app.saver.flush()
        saved, _ = read_save(tmp_path)
        assert saved is not None and saved.record.actions == table_of(app).record.actions
        await pilot.press(*"draw", "enter")
        await pause_until(pilot, lambda: len(table_of(app).record.actions) == moves + 1)
        await pilot.press(*"назад", "enter")
        await pause_until(pilot, lambda: "showed you something that was hidden" in story(app))
        assert len(table_of(app).record.actions) == moves + 1


async def test_undo_in_russian(tmp_path: Path):
    i18n.set_language("ru")
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        await pilot.press(*"отменить", "enter")
        await pause_until(pilot, lambda: "Вы ещё не приняли решения" in story(app))


async def test_undo_is_not_for_a_hosted_table():
    hub, ht, app = a_guest_hosting()
    async with app.run_test(size=SIZE) as pilot:
        await seated(pilot, hub, ht)
        await pilot.press("1")
        await pause_until(pilot, lambda: any(p == 0 for p, _ in table_of(ht).record.actions))
        moves = len(table_of(ht).record.actions)
        await pilot.press(*"undo", "enter")
        await pause_until(pilot, lambda: "cannot be taken back at a hosted table" in story(app))
        assert len(table_of(ht).record.actions) >= moves  # nothing taken back
        table_of(ht).close()
