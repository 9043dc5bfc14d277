"""`why` in the app: its words, one sentence for every rule the engine names (English and Russian), and
the sentence in the story of a game (citadels_tui/why.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilots import pause_until, table_of, told

from citadels_core import Game, GameConfig
from citadels_core.explain import Reason, Rule, last_reason
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.commands import parse
from citadels_tui.why import explain, nothing

CFG = GameConfig.create(
    4, cast=["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
)

# One reason of each rule, as the engine makes them (tests/core/test_explain.py), about seat 1.
REASONS = [
    Reason(Rule.KILLED, 1, 9, "king", by=0, by_character="assassin"),
    Reason(Rule.HOSPITAL, 1, 9, "merchant", by=0, by_character="assassin"),
    Reason(Rule.ROBBED, 1, 9, "merchant", by=2, by_character="thief", amount=5),
    Reason(Rule.BEWITCHED, 1, 9, "king", by=0, by_character="witch"),
    Reason(Rule.OBSERVATORY, 1, 9, card="observatory", amount=3, kept=1),
    Reason(Rule.LIBRARY, 1, 9, card="library", amount=2, kept=2),
    Reason(Rule.LIBRARY_OBSERVATORY, 1, 9, card="library", amount=3, kept=2),
    Reason(Rule.GOLD_MINE, 1, 9, card="gold_mine", amount=3),
    Reason(Rule.GREAT_WALL, 1, 9, card="castle", by=3, by_character="warlord", amount=4, wall=True),
    Reason(Rule.PROTECTED, 1, 9, "bishop", by=3, by_character="warlord"),
    Reason(Rule.PROTECTED, 1, card="castle", character="bishop", by=3, by_character="warlord"),
    Reason(Rule.KEEP, 1, card="keep", by=3, by_character="warlord"),
    Reason(Rule.COMPLETE, 1, card="castle", by=3, by_character="warlord"),
    Reason(Rule.TOO_DEAR, 1, card="castle", by=3, by_character="warlord", amount=4, kept=2),
    Reason(Rule.TOO_DEAR, 1, card="castle", by=3, by_character="warlord", amount=5, kept=2, wall=True),
]


def test_every_rule_has_a_sentence():
    assert {r.rule for r in REASONS} == set(Rule)


@pytest.mark.parametrize("reason", REASONS, ids=lambda r: str(r.rule))
@pytest.mark.parametrize("me", [1, 3])
def test_each_reason_is_one_sentence_in_english_and_in_russian(reason: Reason, me: int):
    english = explain(CFG, reason, me)
    assert "{" not in english and english.endswith(".")
    if reason.character:
        assert CFG.ed.characters[CFG.ed.character_by_key[reason.character]].name in english
    if reason.card and reason.rule is not Rule.LIBRARY_OBSERVATORY:
        assert CFG.ed.districts[CFG.ed.district_by_key[reason.card]].name in english
    # Told in the second person to the player the rule acted on; the price refused, to the one refused.
    second = {Rule.KEEP: False, Rule.TOO_DEAR: True}.get(reason.rule, me == 1)
    assert ("your" in english.lower() or "you " in english.lower()) == second
    i18n.set_language("ru")
    try:
        russian = explain(CFG, reason, me)
    finally:
        i18n.set_language("en")
    assert russian != english and "{" not in russian
    assert not any(w in russian for w in ("Warlord", "Bishop", "Castle", "Witch"))


def test_the_issue_s_sentences():
    bishop = Reason(Rule.PROTECTED, 1, card="castle", character="bishop", by=3, by_character="warlord")
    assert (
        explain(CFG, bishop, 1) == "The Warlord could not touch your Castle: the Bishop protects your city."
    )
    seen = Reason(Rule.OBSERVATORY, 1, 9, card="observatory", amount=3, kept=1)
    assert explain(CFG, seen, 1) == "You drew 3 and kept 1: the Observatory draws 3 cards instead of 2."
    witch = Reason(Rule.BEWITCHED, 1, 9, "king", by=0, by_character="witch")
    assert explain(CFG, witch, 1).startswith("No income and no power: ")


@pytest.mark.parametrize(("text", "arg"), [("why", ""), ("why castle", "castle"), ("почему", "")])
def test_the_word_and_what_it_names(text: str, arg: str):
    g = Game(CFG, seed=7)
    command = parse(text, view(g, 0), g.config)
    assert (command.app, command.arg) == ("why", arg)


def test_nothing_to_explain_says_so():
    assert "why" in nothing(CFG)
    assert "Castle" in nothing(CFG, "castle")


@pytest.mark.slow
async def test_why_in_a_game_tells_the_last_reason_in_the_story(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=3, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        await pilot.press(*"why", "enter")
        await pilot.pause()
        assert told(app).endswith(nothing(table.config))
        # Seat 0 plays its first option until the engine has a reason about it.
        for _ in range(3000):
            if last_reason(table.game, 0) is not None or table.game.over:
                break
            pd = table.game.pending()
            if pd is not None and pd[0] == 0:
                table.submit(0, [table.game.legal_actions()[0]])
            await pilot.pause()
        for _ in range(3000):  # the bots play on until seat 0 decides: the story holds still
            pd = table.game.pending()
            if pd is None or pd[0] == 0:
                break
            await pilot.pause()
        reason = last_reason(table.game, 0)
        assert reason is not None
        await pilot.press(*"why", "enter")
        await pilot.pause()
        assert told(app).endswith(explain(table.config, reason, 0))


async def test_why_after_a_refused_target_names_the_rule_that_refused_it(tmp_path: Path):
    from helpers import act, held_by, mid_game

    from citadels_core.position_text import position
    from citadels_tui.why import explain as say

    cast = ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    characters = held_by({"bishop": 1, "warlord": 0})
    g = mid_game(
        cast=cast,
        districts="first_game",
        characters=characters,
        crown=0,
        cities={1: ["castle"]},
        gold=[9, 2, 2, 2],
    )
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    act(g, "gather", "gold", seat=0)
    app = CitadelsApp(home=tmp_path, pace=0, position=position(g), position_seat=0, position_bots="easy")
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: app.seat is not None and app.seat.my_turn(), "Anna's turn", 200)
        await pilot.press(*"destroy castle in bruno's city", "enter")
        await pilot.pause()
        await pilot.press(*"why", "enter")
        await pilot.pause()
        bishop = Reason(Rule.PROTECTED, 1, card="castle", character="bishop", by=0, by_character="warlord")
        assert told(app).endswith(say(table_of(app).config, bishop, 0))
        assert told(app).endswith(
            "The Warlord could not touch Bruno's Castle: the Bishop protects Bruno's city."
        )
