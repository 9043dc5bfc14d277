"""The game screen at a hosted table: the same game, plus the table's chat and announcements in the story.

`say TEXT` talks to everyone at the table (players and spectators); `lobby` goes back to the lobby
(a player's seat is kept for a while, see citadels_server.hub)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ..i18n import Lazy, t
from ..lobby import HostedTable, HubError, Lobby
from ..lobby_help import code_sentence
from ..table import LogLine, Seat
from .game_screen import GameScreen
from .log_pane import LogPane
from .messages import SeenOptions
from .style import mark


class HostedGameScreen(GameScreen):
    def __init__(
        self, seat: Seat, hub: Lobby, ht: HostedTable, name: str, to_lobby: Callable[[], None]
    ) -> None:
        super().__init__(seat)
        self.hub = hub
        self.ht = ht
        self.player = name
        self.to_lobby = to_lobby
        self._chat = 0  # the whole table chat is shown on arrival: a returning player reads what they missed
        # Each chat line shown, after how many of the story's lines: the whole story (F6) has them there.
        self._said: list[tuple[int, LogLine]] = []

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls each class's handler): no super() call.
        who = (
            t("You watch table {n}: you see what every spectator sees.", n=self.ht.id)
            if self.seat.player is None
            else t("Table {n}. “say TEXT” talks to the table; “lobby” goes back.", n=self.ht.id)
        )
        self.query_one(LogPane).say(who)
        seat = self.seat.player
        code = self.ht.holders[seat].code if seat is not None and seat < len(self.ht.holders) else None
        if code is not None:
            # A player without a key: how to come back if they drop.
            self.query_one(LogPane).say(code_sentence(self.player, code))
        # After the game screen has told the story so far: the chat missed comes after it, in the pane and
        # in the whole story alike.
        self.call_after_refresh(self.show_chat)

    def show_chat(self) -> None:
        log = self.query_one(LogPane)
        for line in self.ht.chat[self._chat :]:
            # An announcement is told in this player's language; a said line as it was said.
            if isinstance(line, Lazy):
                log.write(Text("* " + str(line), style=mark(log, "alert")))
                said = "* " + str(line)
            else:
                log.write(Text(line))
                said = line
            self._said.append((self.told, LogLine(said, False, "chat")))
        self._chat = len(self.ht.chat)

    def whole_story(self) -> list[LogLine]:
        # The chat between the story's lines, each where it was shown in the story pane.
        story, out, i = super().whole_story(), [], 0
        for at, line in self._said:
            out += story[i:at]
            i = max(i, at)
            out.append(line)
        return out + story[i:]

    def run_command(self, text: str, seen: SeenOptions | None = None) -> None:
        word, _, rest = text.strip().partition(" ")
        if word.lower() == "say" and rest.strip():
            try:
                self.hub.say_table(self.ht, self.player, rest)
            except HubError as e:  # talking too fast: the line reaches nobody, and the player is told
                self.query_one(LogPane).say(str(e), alert=True)
            return
        if word.lower() == "lobby" and not rest:
            self.to_lobby()
            return
        if not text.strip() and self.seat.player is None:
            return  # Enter hurries the bots for everyone at the table: players may, spectators not
        super().run_command(text, seen)

    def action_skip(self) -> None:
        if self.seat.player is not None:
            super().action_skip()

    def enter_skips(self) -> bool:
        # Only a player's Enter hurries the table's bots (see run_command); a spectator's does nothing.
        return self.seat.player is not None and super().enter_skips()
