"""`citadels puzzle` in lines (citadels_tui/puzzles.py): it poses the position as the seat sees it with the
numbered choices, reads answers until one names a choice, and tells the verdict with every choice's
chance, in English and Russian."""

from __future__ import annotations

import io
import json
from datetime import date, timedelta
from types import SimpleNamespace

from citadels_core.puzzle import daily, shipped
from citadels_core.view import view
from citadels_tui.names import describe
from citadels_tui.puzzles import pose, run_puzzle

PUZZLE = shipped()[0]


def args(**kw):
    base = {"number": 1, "file": None, "lang": "en"}
    base.update(kw)
    return SimpleNamespace(**base)


def run(text: str, **kw) -> tuple[int, str]:
    out = io.StringIO()
    code = run_puzzle(args(**kw), io.StringIO(text), out)
    return code, out.getvalue()


def option_of(action) -> int:
    g = PUZZLE.game()
    return view(g, PUZZLE.seat).legal.index(action) + 1


def test_it_poses_what_the_seat_sees_and_numbers_the_choices():
    lines = pose(PUZZLE)
    g = PUZZLE.game()
    v = view(g, PUZZLE.seat)
    assert lines[0].startswith(f"Puzzle: round {v.round}, you are {v.players[PUZZLE.seat].name}.")
    for i, a in enumerate(v.legal, 1):
        assert f"  {i}. {describe(g.config, v, a)}" in lines
    # Another seat's hand is not told: only its size.
    other = next(p for p in v.players if p.seat != PUZZLE.seat)
    assert any(line.startswith(f"{other.name}: ") for line in lines)


def test_the_right_answer_is_told_right_with_the_chances():
    code, out = run(f"{option_of(PUZZLE.answer)}\n")
    assert code == 0
    assert "Right! The clear best choice:" in out
    for _action, chance in PUZZLE.chances:
        assert f"— {round(chance * 100)}% (option " in out
    assert f"by {round(PUZZLE.margin * 100)} points or more in each of 5 deals" in out


def test_a_wrong_answer_after_a_bad_line_is_told_wrong():
    wrong = PUZZLE.chances[-1][0]
    code, out = run(f"build nothing at all\n999\n{option_of(wrong)}\n")
    assert code == 1
    assert "There is no option 999" in out
    assert "Not this one. The clear best choice:" in out
    assert out.count("Not this one") == 1  # the bad lines were not answers


def test_the_input_ending_first_is_no_answer():
    code, out = run("")
    assert code == 1
    assert "Right!" not in out and "Not this one" not in out


def test_in_russian():
    code, out = run(f"{option_of(PUZZLE.answer)}\n", lang="ru")
    assert code == 0
    assert "Задача: раунд" in out and "Верно! Явно лучший ход:" in out


def test_a_puzzle_file_and_a_number_beyond_it(tmp_path, capsys):
    f = tmp_path / "mine.jsonl"
    f.write_text(PUZZLE.dumps() + "\n", encoding="utf-8")
    code, out = run(f"{option_of(PUZZLE.answer)}\n", file=str(f))
    assert code == 0
    code, _ = run("1\n", file=str(f), number=2)
    assert code == 2
    assert "There is no puzzle 2; there are 1." in capsys.readouterr().err
    f.write_text(json.dumps({"position": 3}) + "\n", encoding="utf-8")
    code, _ = run("1\n", file=str(f))
    assert code == 2
    assert "Puzzle line 1" in capsys.readouterr().err


def test_without_a_number_it_poses_the_days_puzzle():
    day = date(2026, 12, 2)
    for d in (day, day + timedelta(days=1)):
        out = io.StringIO()
        run_puzzle(args(number=None), io.StringIO(""), out, today=d)
        assert out.getvalue().startswith("\n".join(pose(daily(d))) + "\n")
    assert daily(day) != daily(day + timedelta(days=1))


def test_the_solution_names_the_rule_behind_the_answer_in_both_languages():
    from citadels_tui.i18n import set_language
    from citadels_tui.puzzles import verdict

    tavern = next(p for p in shipped() if str(p.answer) == "keep tavern")
    lines = verdict(tavern, tavern.answer)
    assert "With it you can build the Tavern this turn, and that completes your city." in lines
    assert lines.index("With it you can build the Tavern this turn, and that completes your city.") > 2
    # No rule the engine can name: the chances alone.
    ending = next(p for p in shipped() if str(p.answer) == "end")
    assert verdict(ending, ending.answer)[-1].startswith("It leads every other choice by")
    set_language("ru")
    try:
        assert "С ним в этот ход можно построить «Таверна», и это завершит ваш город." in verdict(
            tavern, tavern.answer
        )
    finally:
        set_language("en")
