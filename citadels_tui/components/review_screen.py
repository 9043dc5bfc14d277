"""The review of a finished game, as one seat may know it: a timeline by round, the scores round by
round as a chart, and the turning points. Esc goes back to where it was opened from."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from citadels_core.bots.turning_points import DEFAULT_BUDGET
from citadels_core.record import GameRecord

from ..i18n import t
from ..names import char_name, player_name
from ..review import RoundReview, deed_text, first_round, known_events, replayed, score_history, timeline
from .turning_points import TurningPointsPane
from .winners import winners_text

# One marker per seat: the chart must be read without colour, so each player's line has its own sign,
# repeated in the legend.
MARKERS = ("*", "+", "o", "x", "#", "@", "%", "&", "=")


# Each tab's one scrolling area: the keys scroll the open tab's, wherever the focus is.
SCROLLERS = {
    "review-timeline": "#review-timeline-scroll",
    "review-scores": "#review-scores-scroll",
    "review-turning": "#review-turning-scroll",
}


class ReviewScreen(Screen[None]):
    CSS_PATH = "review_screen.tcss"
    BINDINGS = [
        Binding("escape", "close", t("Back")),
        # Each tab's title names its key ("Timeline (t)"): the footer leaves them out, so that it fits 80
        # columns in every language.
        Binding("t", "tab('review-timeline')", t("Timeline"), show=False),
        Binding("s", "tab('review-scores')", t("Scores"), show=False),
        Binding("p", "tab('review-turning')", t("Turning points"), show=False),
        # The screen's own, so that they work as soon as a tab opens, whichever widget has the focus
        # (the tabs' row, or nothing); one footer entry names them all.
        Binding("pagedown", "scroll('page_down')", t("Scroll"), key_display="↑↓ PgUp PgDn Home End"),
        Binding("pageup", "scroll('page_up')", t("Page back"), show=False),
        Binding("down", "scroll('down')", t("Line on"), show=False),
        Binding("up", "scroll('up')", t("Line back"), show=False),
        Binding("home", "scroll('home')", t("The beginning"), show=False),
        Binding("end", "scroll('end')", t("The end"), show=False),
    ]

    def __init__(
        self, record: GameRecord, seat: int | None, *, budget: int = DEFAULT_BUDGET, start: str | None = None
    ) -> None:
        """`start`: the position the game was played from (the guided first game's), None for a game from
        its seed's deal."""
        super().__init__()
        self.record = record
        self.seat = seat
        self.budget = budget  # the turning points' playouts per decision (tests use a few)
        self.start = start
        game = replayed(record, start, record_events=False)
        self.result = game.result
        self.rounds = timeline(
            record.config, known_events(record, seat, start), seat, first_round(record, start)
        )
        self.scores = score_history(record, seat, start)
        self.first = self.rounds[0].round if self.rounds else 1  # the chart's first round

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the footer names, described in the session's language: BINDINGS were written when the
        module was imported, in English (the catalogs' keys)."""
        return {
            key: ActiveBinding(node, replace(b, description=t(b.description)), enabled, tooltip)
            for key, (node, b, enabled, tooltip) in super().active_bindings.items()
        }

    def compose(self) -> ComposeResult:
        cfg = self.record.config
        title = t("Review of the game.")
        if self.result is not None:
            title += " " + winners_text(cfg, self.result, self.seat)
        yield Static(title, id="review-title")
        with TabbedContent(id="review-tabs"):
            with (
                TabPane(t("Timeline (t)"), id="review-timeline"),
                VerticalScroll(id="review-timeline-scroll"),
            ):
                for r in self.rounds:
                    yield Static(self._round_text(r), id=f"round-{r.round}", classes="review-round")
            with TabPane(t("Scores (s)"), id="review-scores"), VerticalScroll(id="review-scores-scroll"):
                yield PlotextPlot(id="review-chart")
                yield Static(self._legend(), id="review-legend")
            with (
                TabPane(t("Turning points (p)"), id="review-turning"),
                VerticalScroll(id="review-turning-scroll"),
            ):
                yield TurningPointsPane(
                    cfg,
                    self.record.seed,
                    list(self.record.actions),
                    self.seat,
                    budget=self.budget,
                    start=self.start,
                )
        yield Footer()

    def on_mount(self) -> None:
        self._draw_chart()
        for area in SCROLLERS.values():
            # Never focused: the screen's keys scroll the open tab's area, and the footer names them (a
            # focused area's own keys would take them first, unnamed). The focus stays on the tabs' row,
            # where ← and → go from tab to tab.
            self.query_one(area).can_focus = False

    def scroller(self) -> VerticalScroll:
        """The open tab's scrolling area."""
        return self.query_one(SCROLLERS[self.query_one(TabbedContent).active], VerticalScroll)

    # ------------------------------------------------------------ timeline

    def _round_text(self, r: RoundReview) -> Text:
        cfg, me = self.record.config, self.seat
        out = Text()
        head = t("Round {n}", n=r.round)
        if r.crown is not None:
            head += " · " + t("crown: {p}", p=player_name(cfg, r.crown, me))
        out.append(head, style="bold underline")
        if r.holders:
            held = " · ".join(f"{char_name(cfg, c)} — {player_name(cfg, p, me)}" for c, p in r.holders)
            out.append("\n  " + t("Characters: {l}", l=held))
        if r.faceup:
            out.append("\n  " + t("Face up: {l}", l=", ".join(char_name(cfg, c) for c in r.faceup)))
        for e in r.deeds:
            out.append("\n  • " + deed_text(cfg, e, me))
        return out

    # ------------------------------------------------------------ scores

    def _legend(self) -> str:
        cfg = self.record.config
        final = self.scores[-1] if self.scores else [0] * cfg.players
        parts = [
            f"{MARKERS[q % len(MARKERS)]} {player_name(cfg, q, self.seat)} {final[q]}"
            for q in range(cfg.players)
        ]
        return t("Points after each round: {l}", l="   ".join(parts))

    def _draw_chart(self) -> None:
        cfg = self.record.config
        plt = self.query_one(PlotextPlot).plt
        plt.clear_figure()
        # plotext takes floats, whole or not
        rounds: list[float] = list(range(self.first, self.first + len(self.scores)))
        for q in range(cfg.players):
            marker = MARKERS[q % len(MARKERS)]
            plt.plot(
                rounds, [row[q] for row in self.scores], marker=marker, label=player_name(cfg, q, self.seat)
            )
        plt.xticks(rounds)
        top = max((max(row) for row in self.scores), default=0)
        step = max(1, -(-top // 6))  # about six whole-point ticks
        plt.yticks(list(range(0, top + step, step)))
        plt.xlabel(t("Round"))
        plt.ylabel(t("Points"))

    # ------------------------------------------------------------ keys

    def action_tab(self, pane: str) -> None:
        self.query_one(TabbedContent).active = pane

    def action_scroll(self, how: str) -> None:
        area = self.scroller()
        {
            "page_down": area.scroll_page_down,
            "page_up": area.scroll_page_up,
            "down": area.scroll_down,
            "up": area.scroll_up,
            "home": area.scroll_home,
            "end": area.scroll_end,
        }[how](animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
