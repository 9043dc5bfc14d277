"""bench/strength.py: a tournament's games in either edition, one line per finished game, the same games as
`citadels tournament`, and a stopped run counted by whole rotations."""

from __future__ import annotations

import json

from helpers import bench_script

from citadels_core import GameConfig
from citadels_core.tournament import tournament


def test_strength_plays_the_tournaments_games_and_reports_whole_rotations(tmp_path, capsys):
    mod = bench_script("strength")
    out = tmp_path / "s.jsonl"
    mod.main(
        [
            "play",
            "--players",
            "3",
            "--games",
            "6",
            "--seed",
            "40",
            "--bots",
            "normal,random,random",
            "--out",
            str(out),
        ]
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6 and {r["seed"] for r in rows} == {40, 41}
    # The same games as citadels tournament: the same wins for each bot.
    res = tournament(GameConfig.create(3), 6, 40, ["normal", "random", "random"], workers=1)
    wins = sum(
        1 / len(r["winners"])
        for r in rows
        for i, b in enumerate(r["bots"])
        if b == "normal" and i in r["winners"]
    )
    assert wins == res.stats["normal"].wins
    # A stopped run: the seed with only some of its rotations is left out of the count.
    out.write_text("\n".join(json.dumps(r) for r in rows[:4]) + "\n")
    capsys.readouterr()
    mod.main(["report", str(out), "--rotations"])
    assert capsys.readouterr().out.startswith("3 games, 3 players, 2016 first_game, seeds 40..40")


def test_strength_plays_the_classic_edition(tmp_path, capsys):
    mod = bench_script("strength")
    out = tmp_path / "c.jsonl"
    mod.main(
        [
            "play",
            "--players",
            "4",
            "--games",
            "4",
            "--seed",
            "5",
            "--bots",
            "normal,random,random,random",
            "--edition",
            "classic",
            "--out",
            str(out),
        ]
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4 and all(
        r["edition"] == "classic" and r["setup"] == "classic_dark_city" for r in rows
    )
    mod.main(["report", str(out)])
    assert "x fair share" in capsys.readouterr().out
