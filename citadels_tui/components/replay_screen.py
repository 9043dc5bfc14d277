"""The replay viewer: a finished game stepped move by move, as a spectator saw it (or one seat, when given).

The same panes as the game screen (status, cities, characters, the seat's hand, the story), drawn from
what the seat was shown after each move (citadels_tui/replay.py). Keys: → or n the next move, ← or p the
one before, ] and [ the next and previous round, Home and End the start and the end, r asks for a round
to jump to (“round N”, or just N), Esc or q goes back. Nothing is typed by default, so every key is the
viewer's; the line that asks for a round takes the keys only while it is open."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from citadels_core.record import GameRecord

from ..i18n import t
from ..replay import Replay
from .characters_pane import CharactersPane
from .cities_pane import CitiesBox, CitiesPane
from .hand_pane import HandPane
from .log_pane import LogPane
from .status_bar import StatusBar
from .style import Marks

# The story pane holds this many lines back from the move shown (a jump rewrites it from the record).
STORY_LINES = 200


class ReplayScreen(Screen[None]):
    CSS_PATH = ["game_screen.tcss", "components.tcss"]
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; background: $background; }
    ReplayScreen #replay-title { height: 1; background: $panel; color: $text; padding: 0 1; }
    ReplayScreen #replay-keys { height: 1; background: $panel; color: $text; padding: 0 1; }
    ReplayScreen #replay-ask { height: 1; border: none; display: none; }
    ReplayScreen #log { height: 7; }
    """
    BINDINGS = [
        Binding("right,n", "step(1)", t("Next move")),
        Binding("left,p", "step(-1)", t("Previous move")),
        Binding("home", "to_start", t("The start")),
        Binding("end", "to_end", t("The end")),
        Binding("right_square_bracket,pagedown", "round(1)", t("Next round")),
        Binding("left_square_bracket,pageup", "round(-1)", t("Previous round")),
        Binding("r,colon", "ask", t("Go to round N")),
        Binding("escape,q", "back", t("Back")),
        Binding("ctrl+up", "scroll_cities(-1)", t("Cities: scroll up"), show=False),
        Binding("ctrl+down", "scroll_cities(1)", t("Cities: scroll down"), show=False),
    ]

    def action_scroll_cities(self, step: int) -> None:
        self.query_one("#cities-box", CitiesBox).page(step)

    def __init__(
        self, record: GameRecord, seat: int | None = None, title: str = "", replay: Replay | None = None
    ) -> None:
        """`replay`: the steps already worked out (the lobby does it in a thread), else worked out here.
        `title`: what the game is called where it was opened (“Game 12”)."""
        super().__init__()
        self.record = record
        self.seat = seat
        self.replay = replay if replay is not None else Replay(record, seat)
        self.title_text = title
        self.at = 0  # the step shown: 0 the start, k after the k-th move

    def compose(self) -> ComposeResult:
        yield Marks()  # first: the panes' colours are read from it
        yield Static("", id="replay-title")
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with CitiesBox(id="cities-box"):
                    yield CitiesPane(id="cities")
                yield CharactersPane(id="characters")
            if self.seat is not None:
                with Vertical(id="right"):
                    yield HandPane(id="hand")
        yield LogPane(id="log")
        yield Input(placeholder=t("round N — Enter goes there, Esc cancels"), id="replay-ask", compact=True)
        yield Static("", id="replay-keys")

    def on_mount(self) -> None:
        self.query_one("#cities-box").border_title = t("Cities")
        self.query_one("#replay-keys", Static).update(
            t("→ n next · ← p back · ] [ rounds · r round N · Home End · Esc q back")
        )
        if self.replay.broken is not None:
            self.query_one(LogPane).say(
                t(
                    "This game's record stops making sense at move {n}: the replay ends before it.",
                    n=self.replay.broken,
                ),
                alert=True,
            )
        self.show(0)
        self.call_after_refresh(self.fit_left)  # the column's height is known once laid out

    # ------------------------------------------------------------ drawing

    def show(self, k: int) -> None:
        """Show step `k` (kept within the game)."""
        k = max(0, min(k, self.replay.last))
        before, self.at = self.at, k
        step = self.replay.steps[k]
        v, cfg = step.view, self.record.config
        self.query_one("#replay-title", Static).update(self.title_line())
        self.query_one(StatusBar).show(v, cfg)
        self.query_one(CitiesPane).show(v, cfg)
        self.query_one(CharactersPane).show(v, cfg)
        self.fit_left()
        if self.seat is not None:
            hand = self.query_one(HandPane)
            hand.show(v, cfg)
            hand.border_title = t(
                "{p}'s hand · {g} gold", p=cfg.names[self.seat], g=v.players[self.seat].gold
            )
        log = self.query_one(LogPane)
        if k == before + 1 and k > 0 and log.lines:
            log.add_events(list(step.lines))  # one move on: its lines follow the story already shown
        else:
            log.restart()
            log.add_events(self.replay.story(k, STORY_LINES))
            log.scroll_end(animate=False, immediate=True)

    def fit_left(self) -> None:
        """Every player keeps a line in the cities; the characters below take what is left."""
        h = self.query_one("#left").size.height
        if h > 0:  # two border lines (the cities' and the characters'), then one line per player
            self.query_one(CharactersPane).fit(max(1, h - 2 - self.record.config.players))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_left)

    def title_line(self) -> Text:
        r = self.replay
        who = (
            t("as a spectator saw it")
            if self.seat is None
            else t("as {p} saw it", p=self.record.config.names[self.seat])
        )
        out = Text()
        if self.title_text:
            out.append(self.title_text + " · ", style="bold")
        out.append(t("Replay {w}", w=who) + " · ")
        step = r.steps[self.at]
        if self.at == 0:
            out.append(t("the start"), style="bold")
        else:
            mover = self.record.config.names[step.mover] if step.mover is not None else ""
            out.append(t("move {k} of {n}", k=self.at, n=r.last), style="bold")
            out.append(" (" + mover + ")")
        out.append(" · " + t("round {r} of {n}", r=r.round_of(self.at), n=r.rounds))
        return out

    # ------------------------------------------------------------ keys

    def action_step(self, by: int) -> None:
        self.show(self.at + by)

    def action_to_start(self) -> None:
        self.show(0)

    def action_to_end(self) -> None:
        self.show(self.replay.last)

    def action_round(self, by: int) -> None:
        r = self.replay.round_of(self.at)
        if by < 0 and self.at > self.replay.round_starts[r]:
            self.show(self.replay.round_starts[r])  # back to the start of this round first
        else:
            self.go_to_round(r + by)

    def go_to_round(self, n: int) -> bool:
        """Show the start of round `n`; False (and nothing moves) when the game has no such round."""
        if n not in self.replay.round_starts:
            return False
        self.show(self.replay.round_starts[n])
        return True

    def action_ask(self) -> None:
        ask = self.query_one("#replay-ask", Input)
        ask.display = True
        self.query_one("#replay-keys").display = False
        ask.value = ""
        ask.focus()

    def _close_ask(self) -> None:
        ask = self.query_one("#replay-ask", Input)
        ask.display = False
        self.query_one("#replay-keys").display = True
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip().lower()
        word, _, rest = text.partition(" ")
        number = rest.strip() if word in ("round", "раунд") else text
        self._close_ask()
        if not number:
            return
        log = self.query_one(LogPane)
        if not number.isdigit():
            log.say(t("Type a round's number, e.g. “round 3”."), alert=True)
        elif not self.go_to_round(int(number)):
            log.say(
                t("This game has rounds 1 to {n}; there is no round {r}.", n=self.replay.rounds, r=number),
                alert=True,
            )

    def action_back(self) -> None:
        if self.query_one("#replay-ask", Input).display:
            self._close_ask()  # Esc leaves the question, not the replay
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the round is asked for, its line takes the keys (arrows, letters, Home and End) but Esc.
        if action != "back" and self.is_mounted and self.query_one("#replay-ask", Input).display:
            return False
        return True
