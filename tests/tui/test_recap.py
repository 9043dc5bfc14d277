"""What happened to you: the deeds done to a player are marked, a recap opens their turn, and each round
ends with who was which revealed character and what they did (citadels_tui/recap.py), over a real game."""

from __future__ import annotations

import pytest
from pilots import game_screen_of, seat_of
from recap_helpers import played

from citadels_tui import i18n
from citadels_tui.recap import Recap, RoundSummary, follow


@pytest.fixture(scope="module")
def table():
    return played()


def _after(table, me, cls):
    return [
        x for n in follow(table.config, table.game.events, me) if n for x in n.after if isinstance(x, cls)
    ]


def test_the_recap_tells_the_magicians_swap_and_the_warlords_destruction(table):
    texts = [r.text() for r in _after(table, 0, Recap)]
    both = [s for s in texts if "Magician swapped hands with you" in s and "Warlord destroyed your" in s]
    assert both == [
        "Since your last turn: David's Warlord destroyed your Market; David's Magician swapped hands "
        "with you — you got the Town Hall; Clara's King took the crown from you."
    ]
    assert texts[0].startswith("Before your first turn: ")


def test_the_recap_in_russian(table):
    i18n.set_language("ru")
    try:
        texts = [r.text() for r in _after(table, 0, Recap)]
    finally:
        i18n.set_language("en")
    assert (
        "С вашего прошлого хода: Кондотьер (David) разрушает ваш квартал «Рынок»; Чародей (David) меняется "
        "с вами картами — вам достаётся: Ратуша; Король (Clara) забирает у вас корону."
    ) in texts


def test_done_to_you_marks_exactly_the_deeds_of_others_against_you(table):
    events = table.game.events
    notes = follow(table.config, events, 0)
    marked = [e for e, n in zip(events, notes, strict=True) if n and n.to_you]
    assert {e.kind for e in marked} >= {"destroy", "swap_hands", "crown"}
    assert all(e.data.get("player") != 0 for e in marked)  # nothing Anna did to herself or others
    # Every destruction of Anna's districts is marked, and no one else's.
    destroyed = [e for e in events if e.kind == "destroy"]
    assert [e.data["target"] == 0 for e in destroyed] == [e in marked for e in destroyed]


def test_recaps_use_only_what_the_seat_may_know(table):
    for me in range(4):
        for r in _after(table, me, Recap):
            for deed in r.deeds:
                assert deed.event.visible_to(me)
            for clause in r.clauses():
                assert clause  # every deed has its words


def test_each_round_ends_with_its_revealed_characters_in_short(table):
    events = table.game.events
    summaries = _after(table, 0, RoundSummary)
    assert len(summaries) == sum(e.kind == "end_round" for e in events)
    rnd = 0
    revealed: dict[int, list[tuple[str, int]]] = {}
    for e in events:
        if e.kind == "round":
            rnd = e.data["round"]
        elif e.kind == "call" and e.data["answer"] == "revealed":
            revealed.setdefault(rnd, []).append((e.data["character"], e.data["player"]))
    for s in summaries:
        assert [(r.character, r.player) for r in s.revealed] == revealed[s.round]
    assert summaries[3].text() == (
        "Round 4 in short: the Magician (David): swaps hands with you, builds the "
        "Castle; the King (Clara): takes the crown, builds the Fortress; the Merchant "
        "(Bruno); the Architect (you)."
    )


def test_a_spectator_has_summaries_and_nothing_done_to_them(table):
    notes = [n for n in follow(table.config, table.game.events, None) if n]
    assert not any(n.to_you for n in notes)
    assert not any(isinstance(x, Recap) for n in notes for x in n.after)
    assert any(isinstance(x, RoundSummary) for n in notes for x in n.after)


# ---------------------------------------------------------------- in the app


async def play_until_recap(pilot, swap: bool = True) -> None:
    """Play Anna's decisions as the fixed game does (pressing the option's number) until a recap naming the
    Magician's swap (or, swap=False, any recap) is in the story at her turn."""
    from pilots import keys_of, settle
    from recap_helpers import anna

    from citadels_core.view import view
    from citadels_tui.components.log_pane import LogPane

    app = pilot.app
    me = anna()
    for _ in range(400):
        await settle(app, pilot)
        log = app.game_screen.query_one(LogPane)
        text = "\n".join(str(line.text) for line in log.lines)
        if "Since your last turn" in text and (not swap or "swapped hands with you" in text):
            return
        v = app.seat.view()
        action = me.choose(view(app.table.game, 0))
        await pilot.press(*keys_of(str(v.legal.index(action) + 1)), "enter")
    raise AssertionError("no recap came")


@pytest.mark.slow
async def test_the_recap_opens_the_turn_and_done_to_you_lines_carry_the_glyph(tmp_path):
    from citadels_tui.app import CitadelsApp
    from citadels_tui.components.log_pane import TO_YOU, LogPane

    app = CitadelsApp(home=tmp_path, seed=19, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until_recap(pilot)
        assert seat_of(app).my_turn()
        log = game_screen_of(app).query_one(LogPane)
        lines = [str(line.text) for line in log.lines]  # one per row of the pane: long lines wrap
        recap = max(i for i, s in enumerate(lines) if s.startswith(TO_YOU + " Since your last turn"))
        assert lines[recap].startswith(TO_YOU + " Since your last turn: David's Warlord destroyed your")
        assert "swapped hands" in " ".join(lines[recap : recap + 4])
        # The deed itself, when it was told, carries the glyph too; other players' deeds do not.
        assert any(s.startswith(TO_YOU + " David destroys your Market") for s in lines)
        assert not any(s.startswith(TO_YOU) for s in lines if "builds" in s)
        # The recap is about this turn: the call of Anna's character comes just before it.
        assert "you reveal it" in " ".join(lines[recap - 3 : recap])


# The recap as the player sees it when the turn comes (open the pictures before accepting them).
@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_recap_snapshot(snap_compare, tmp_path, size):
    from citadels_tui.app import CitadelsApp

    app = CitadelsApp(home=tmp_path, seed=19, pace=0)
    assert snap_compare(app, terminal_size=size, run_before=play_until_recap)
