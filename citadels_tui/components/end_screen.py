"""The end of the game: every player's score broken down, the winner and the tie-break; again or quit."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from citadels_core import GameConfig
from citadels_core.record import GameRecord

from ..i18n import t
from ..names import card_name
from .winners import winners_text


class EndScreen(Screen[str]):
    """Dismisses with "again" or "quit"; a spectator's (`watching`) with "lobby" or "quit": someone who
    only watched is not offered to play again, but a way back to the lobby. Esc dismisses with "board":
    the end screen closes onto the final board (it never quits: Esc means "back" everywhere else).
    With the game's `record`, it offers the game's review (r), shown as seat `me` may know it."""

    CSS_PATH = "end_screen.tcss"
    BINDINGS = [
        Binding("n,enter", "again", t("Play again")),
        Binding("l,enter", "lobby", t("Back to the lobby")),
        Binding("r", "review", t("Review")),
        Binding("escape", "board", t("The board")),
        Binding("q", "quit_game", t("Quit")),
        Binding("ctrl+q", "quit_game", t("Quit"), show=False),
    ]

    def __init__(
        self,
        cfg: GameConfig,
        result: dict[str, Any],
        me: int | None,
        watching: bool = False,
        record: GameRecord | None = None,
        start: str | None = None,
    ) -> None:
        super().__init__()
        self.start = start  # the position the game was played from (None: from its deal), for the review
        self.cfg = cfg
        self.result = result
        self.me = me
        self.watching = watching
        self.record = record

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter is bound to both: whichever of the two this screen offers takes it.
        if action == "again":
            return not self.watching
        if action == "lobby":
            return self.watching
        if action == "review":
            return self.record is not None
        return True

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box"):
            yield Static(winners_text(self.cfg, self.result, self.me), id="end-title")
            scores: DataTable[str] = DataTable(id="end-scores", cursor_type="none", zebra_stripes=True)
            scores.can_focus = False  # a table to read, not to select in: Enter goes to the screen's keys
            yield scores
            with Horizontal(id="end-buttons"):
                if self.watching:
                    yield Button(t("Back to the lobby (l)"), id="lobby", variant="primary")
                else:
                    yield Button(t("Play again (n)"), id="again", variant="primary")
                if self.record is not None:
                    yield Button(t("Review (r)"), id="review")
                yield Button(t("Board (Esc)"), id="board")
                yield Button(t("Quit (q)"), id="quit")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(
            t("Player"), t("Districts"), t("All types"), t("Completion"), t("Uniques"), t("Total")
        )
        scores = self.result["scores"]
        for p in self.result.get("ranking", range(len(scores))):
            s = scores[p]
            uniques = ", ".join(f"{card_name(self.cfg, k)} {v:+d}" for k, v in s["uniques"].items()) or "—"
            name = self.cfg.names[p] + (t(" (you)") if p == self.me else "")
            if p in self.result["winners"]:
                name = "★ " + name
            table.add_row(
                name, str(s["districts"]), str(s["all_types"]), str(s["completion"]), uniques, str(s["total"])
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id if event.button.id in ("again", "lobby", "board") else "quit")

    def action_review(self) -> None:
        if self.record is None:
            return
        from .review_screen import ReviewScreen  # the chart library is loaded when first needed

        self.app.push_screen(ReviewScreen(self.record, self.me, start=self.start))

    def action_board(self) -> None:
        self.dismiss("board")

    def action_again(self) -> None:
        self.dismiss("again")

    def action_lobby(self) -> None:
        self.dismiss("lobby")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
