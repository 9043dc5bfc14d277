"""What a player reads off a real terminal (tmux), at 80×24 and 120×40 (issue 32): a refusal folded over two
rows keeps every letter, and the game line copied from the screen replays the game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from citadels_core.gameline import read

CITADELS = Path(sys.executable).with_name("citadels")
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux to show a real terminal")


class Terminal:
    """`citadels` in a tmux window of a given size, typed into and read as a person would."""

    def __init__(self, home: Path, size: tuple[int, int], *args: str) -> None:
        self.name = f"citadels-test-{uuid.uuid4().hex[:8]}"
        env = {"HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ["PATH"]}
        command = " ".join(["env", *(f"{k}={v}" for k, v in env.items()), str(CITADELS), *args])
        cols, rows = size
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", str(cols), "-y", str(rows), command],
            check=True,
        )

    def screen(self) -> list[str]:
        out = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True)
        return out.stdout.splitlines()

    def shows(self, text: str, polls: int = 600) -> list[str]:
        """Wait until the screen shows `text` (a bounded number of looks), and give the screen."""
        for _ in range(polls):
            rows = self.screen()
            if any(text in row for row in rows):
                return rows
            time.sleep(0.1)
        raise AssertionError(f"the screen never showed {text!r}:\n" + "\n".join(self.screen()))

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)
        subprocess.run(["tmux", "send-keys", "-t", self.name, "Enter"], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def story_after(rows: list[str], echo: str) -> str:
    """The story's rows after the echoed command, as read: the margin and the scrollbar's column left out,
    the rows joined by a space (where the story folded them)."""
    start = max(i for i, row in enumerate(rows) if echo in row) + 1
    out = []
    for row in rows[start:]:
        if "help for help" in row or "помощь" in row:  # the command line, below the story
            break
        out.append(row[:-1].strip())
    return " ".join(out)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(
    ("lang", "rob", "others"),
    [
        (
            "en",
            "rob the assassin",
            ["Rob the Magician", "Rob the King", "Rob the Bishop", "Rob the Merchant"],
        ),
        (
            "ru",
            "ограбить ассасина",
            ["Ограбить: Чародей", "Ограбить: Король", "Ограбить: Епископ", "Ограбить: Купец"],
        ),
    ],
)
def test_a_refusal_folded_over_rows_keeps_every_letter(tmp_path, size, lang, rob, others):
    term = Terminal(tmp_path, size, "--seed", "1", "--lang", lang)
    try:
        term.shows("help" if lang == "en" else "помощь")
        term.type("1")  # the Thief, the first character offered in this game
        term.shows("you reveal it" if lang == "en" else "«Вор»: это вы")
        term.type(rob)
        rows = term.shows("You can:" if lang == "en" else "Можно:")
        said = story_after(rows, "> " + rob)
        for option in others:
            assert option in said, (option, said)
    finally:
        term.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_game_line_read_off_the_screen_replays_the_game(tmp_path, size):
    term = Terminal(tmp_path, size, "--seed", "5")
    try:
        term.shows("help for help")
        term.type("share")
        rows = term.shows("Esc closes")
        head = next(i for i, row in enumerate(rows) if row.startswith("citadels:1:"))
        # The rows as a terminal copies them: one line each, the breaks between them included.
        copied = "\n".join(row.rstrip() for row in rows[head:] if row.strip() and "Esc closes" not in row)
        record, _bots = read(copied)
        assert record.seed == 5
        # Pasted into a shell as the screen says: between quotes.
        head_text = " ".join(r.strip() for r in rows[:head])
        assert "In a shell, paste it between quotes: citadels replay 'LINE'" in head_text
        checked = subprocess.run(
            ["bash", "-c", f"{CITADELS} replay '{copied}' --check"], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr
        assert checked.stdout.startswith("replayed 0 actions: the game is in progress (round 1)")
    finally:
        term.close()
