"""`citadels puzzle harvest` (server/cli_puzzle.py): puzzles from game files and from a server's finished
games, only from the seats people played, each printed puzzle clear by the engine's own check; what it
refuses. The slow test harvests a bot game again and finds the puzzle shipped from it."""

from __future__ import annotations

import json
import re

import pytest
from helpers import puzzle_source

from citadels_core.puzzle import HARVEST_BUDGET, MARGIN, lead, load, shipped
from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_server.cli import main
from citadels_server.database import open_database
from citadels_server.settings import Settings
from citadels_tui.app import LAST_GAME
from citadels_tui.paths import data_dir
from citadels_tui.ratings import Place
from citadels_tui.records import FinishedGame, Finisher, GameSummary, KeptSeat, KeptTable
from citadels_tui.saves import dumps, save_target, write_save


def printed(out: str) -> list:
    """The puzzles printed, each checked to be one: its answer legal and leading by the margin."""
    puzzles = load(out)
    for p in puzzles:
        assert p.answer in view(p.game(), p.seat).legal
        assert p.margin >= MARGIN and lead(p.chances, p.answer) >= MARGIN
    return puzzles


def test_nothing_to_harvest_and_a_bad_file_are_one_sentence(tmp_path, capsys):
    assert main(["puzzle", "harvest"]) == 2
    assert "no games to harvest" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["puzzle", "harvest", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("citadels: ") and err.count("\n") == 1
    assert main(["puzzle", "harvest", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_servers_finished_games_give_only_their_peoples_decisions(tmp_path, capsys):
    rec = puzzle_source(0)
    db = open_database(Settings(data_dir=str(tmp_path)), import_files=False)
    try:
        db.table_started(
            KeptTable(7, {}, [KeptSeat("anna", "SHA256:anna")], GameRecord(rec.config, rec.seed), {1: "easy"})
        )
        seats = (Finisher("anna", "SHA256:anna", None, 10, 1), Finisher("Bruno", None, "easy", 8, 2))
        summary = GameSummary(7, 1000.0, "2016", seats, len(rec.actions))
        db.table_finished(7, FinishedGame(summary, rec), [Place(1, rated="anna"), Place(2, bot="easy")])
    finally:
        db.close()
    out = tmp_path / "found.jsonl"
    command = ["puzzle", "harvest", "--data-dir", str(tmp_path), "--budget", "40", "--scan-budget", "20"]
    code = main([*command, "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "from 1 games" in err
    judged = re.findall(r"^game 7 seat (\d+) ", err, flags=re.M)
    assert judged and set(judged) == {"1"}  # the bot's seat is no learner's
    found = printed(out.read_text(encoding="utf-8")) if out.exists() else []
    assert all(p.seat == 0 and p.origin.startswith("game 7, action ") for p in found)
    # Harvested again into the same file: nothing twice.
    assert main([*command, "--out", str(out)]) == 0
    if out.exists():
        positions = [p.position for p in load(out.read_text(encoding="utf-8"))]
        assert len(positions) == len(set(positions))


def test_a_saved_games_bots_are_left_out(tmp_path, capsys):
    rec = puzzle_source(0)
    f = tmp_path / "saved.json"
    data = rec.to_json()
    data["bots"] = {"0": "normal"}  # seat 2 (index 1) was the person's
    f.write_text(json.dumps(data), encoding="utf-8")
    assert main(["puzzle", "harvest", str(f), "--budget", "30", "--scan-budget", "20"]) == 0
    captured = capsys.readouterr()
    assert set(re.findall(r"^saved\.json seat (\d+) ", captured.err, flags=re.M)) <= {"2"}
    printed(captured.out)


@pytest.mark.slow
def test_a_shipped_puzzle_is_harvested_again_from_its_game(tmp_path, capsys):
    origin = "game-4417.json, action 175"
    (wanted,) = [p for p in shipped() if p.origin == origin]
    f = tmp_path / "game-4417.json"
    f.write_text(puzzle_source(17).dumps(), encoding="utf-8")
    # At the harvest's own budget (HARVEST_BUDGET, the large one a shipped puzzle is judged at).
    assert main(["puzzle", "harvest", str(f), "--scan-budget", "100"]) == 0
    found = printed(capsys.readouterr().out)
    assert wanted.position in [p.position for p in found]
    again = next(p for p in found if p.position == wanted.position)
    assert again.answer == wanted.answer and again.budget == HARVEST_BUDGET


def test_the_apps_own_games_are_its_last_finished_and_its_saved_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CITADELS_HOME", str(tmp_path))
    finished = puzzle_source(0)
    folder = data_dir()
    folder.mkdir(parents=True)
    (folder / LAST_GAME).write_text(dumps(finished, {1: "easy"}), encoding="utf-8")
    in_play = GameRecord(finished.config, finished.seed, finished.actions[:40])
    write_save(in_play, save_target(), {1: "normal"})
    assert main(["puzzle", "harvest", "--save", "--budget", "30", "--scan-budget", "20"]) == 0
    err = capsys.readouterr().err
    assert "from 2 games" in err
    # The person played seat 1 in both; the bot's seat 2 is judged in neither.
    judged = re.findall(r"^(\S+) seat (\d+) action (\d+)", err, flags=re.M)
    assert {name for name, _, _ in judged} <= {LAST_GAME, save_target().name}
    assert {seat for _, seat, _ in judged} == {"1"}
