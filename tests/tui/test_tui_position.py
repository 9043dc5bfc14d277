"""`citadels --position TEXT|@FILE [--seat N] [--bots LEVEL]`: a local game started from a position against
bots ("win from here"). The game screen shows the position's state and takes moves; a refused position is
said in one sentence with exit 2, before any screen opens."""

from __future__ import annotations

import io
from pathlib import Path

from pilots import SIZE, deciding, game_screen_of, pause_until, seat_of, story, table_of
from rich.console import Console
from tui_states import GOLD

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.position import from_position, position, seat_position
from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_server.cli import main
from citadels_server.cli_parser import build_parser
from citadels_server.cli_play import play_position
from citadels_tui.app import CitadelsApp
from citadels_tui.components.cities_pane import CitiesPane
from citadels_tui.components.hand_pane import HandPane
from citadels_tui.names import card_name
from citadels_tui.saves import read_save
from citadels_tui.table import Table

SEAT = 2  # the seat whose decision is open in the position: not the app's usual seat 0


def position_text() -> str:
    """Round 2 or later, seat 2 about to gather (gold or cards), with districts in the cities."""
    g = Game(GameConfig.create(4), 7, record_events=False)
    bots = [make_bot("heuristic", 70 + p) for p in range(4)]
    while (pd := g.pending()) is not None:
        if pd[0] == SEAT and g.round >= 2 and GOLD in g.legal_actions() and g.gold[SEAT] != 2:
            return position(g)
        g.apply(pd[0], bots[pd[0]].choose(view(g, pd[0])))
    raise AssertionError("seat 2 never gathered after round 1")


def _cities(app: CitadelsApp) -> str:
    pane = game_screen_of(app).query_one(CitiesPane)
    v = seat_of(app).view()
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(pane.render_cities(v, table_of(app).config))
    return console.export_text()


async def test_a_game_from_a_position_shows_its_state_and_takes_a_move(tmp_path: Path):
    text = position_text()
    start = from_position(text, record_events=False)
    app = CitadelsApp(home=tmp_path, pace=0, position=text, position_bots="easy")
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        assert seat_of(app).player == SEAT and table_of(app).bot_kinds == {0: "easy", 1: "easy", 3: "easy"}
        v = seat_of(app).view()
        assert v == view(start, SEAT)  # nothing moved before the human's decision
        hand = game_screen_of(app).query_one(HandPane)
        assert hand.cards and sorted(hand.cards) == sorted(v.hand)
        assert f"{v.players[SEAT].gold} gold" in str(hand.border_title)
        cities = _cities(app)
        for p in v.players:
            assert f"{p.gold}g" in cities or p.gold == 0
            for d in p.city:
                assert card_name(table_of(app).config, d.key) in cities
        assert any(p.city for p in v.players)
        gold = v.players[SEAT].gold
        await pilot.press(*"gold", "enter")
        await pause_until(
            pilot, lambda: table_of(app).record.actions and seat_of(app).view().players[SEAT].gold == gold + 2
        )
        assert table_of(app).record.actions[0] == (SEAT, GOLD)
        assert "From the position given: you play Clara; the other seats are bots (easy)." in story(app)
        await pilot.press(*"share", "enter")
        await pilot.pause()
        assert "has no game line" in story(app) and not app.clipboard
    assert read_save(tmp_path)[0] is None  # not saved: a save replays a game from its deal


async def test_a_chosen_seat_plays_from_the_position_while_bots_play_up_to_it(tmp_path: Path):
    text = position_text()
    app = CitadelsApp(home=tmp_path, pace=0, position=text, position_seat=0, position_bots="random")
    async with app.run_test(size=SIZE) as pilot:
        await pause_until(pilot, lambda: deciding(app))
        assert (
            seat_of(app).player == 0 and table_of(app).record.actions
        )  # the bots played seat 2's turn and on
        assert all(p != 0 for p, _ in table_of(app).record.actions)


def test_the_command_line_refuses_a_position_the_rules_refuse(tmp_path: Path, capsys):
    text = position_text()
    broken = text.replace("\ngold: [", "\ngold: [-1,", 1)
    assert main(["--position", broken]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "citadels: The position's 'gold' must list one entry for each of the 4 players."
    )
    f = tmp_path / "p.txt"
    f.write_text(text.replace("citadels-position: 1", "citadels-position: 7"), encoding="utf-8")
    assert main(["--position", f"@{f}"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "citadels: This position is written in another version (7); this Citadels reads version 1."
    )
    assert main(["--position", f"@{tmp_path / 'none.txt'}"]) == 2
    assert "cannot read" in capsys.readouterr().err
    f.write_text(text, encoding="utf-8")
    assert main(["--position", f"@{f}", "--seat", "5"]) == 2
    assert capsys.readouterr().err.strip() == "citadels: --seat is a seat number from 1 to 4"
    assert main(["--position", f"@{f}", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["--seat", "2"]) == 2
    assert "--position" in capsys.readouterr().err


def test_a_decision_taken_back_goes_back_to_the_position_not_to_a_new_deal():
    text = position_text()
    table = Table(GameRecord(GameConfig.create(4), 1, []), {0: "easy", 1: "easy", 3: "easy"}, start=text)
    before = view(table.game, SEAT)
    table.submit(SEAT, [GOLD])
    assert view(table.game, SEAT) != before
    assert table.take_back(SEAT) == (None, GOLD)
    assert view(table.game, SEAT) == before and not table.record.actions


def test_a_seats_position_is_dealt_and_played_from_that_seat(tmp_path: Path, monkeypatch):
    import citadels_server.cli_play

    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: True)  # as if typed in one
    start = from_position(position_text(), record_events=False)
    f = tmp_path / "puzzle.txt"
    f.write_text(seat_position(start, 0), encoding="utf-8")  # what seat 0 knows while seat 2 decides
    asked: dict = {}

    def run(**kw):
        asked.update(kw)
        return 0

    assert play_position(build_parser().parse_args(["--position", f"@{f}", "--seed", "3"]), run) == 0
    assert asked["position_seat"] == 0 and asked["seed"] == 3  # played from the seat whose knowledge it is
    dealt = from_position(asked["position"], record_events=False)
    assert view(dealt, 0) == view(start, 0) and dealt.pending() == start.pending()
