"""The full screen's face of the lobby's history commands (history_words.py: `games [all]`, `replay N`,
`leaderboard`): the games and standings found written into the lobby's log as tables, and the replay viewer
on a finished game, worked out in a thread."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Protocol

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import App

from .. import history_words
from ..history_words import WORDS, HistoryReader, KeepsRecords, bot_name, when
from ..i18n import t
from ..records import FinishedGame, GameSummary, Standing
from ..replay import Replay
from .log_pane import FoldedLog
from .replay_screen import ReplayScreen
from .style import mark

__all__ = ["WORDS", "bot_name", "history_command"]


class HistoryLobby(HistoryReader, Protocol):
    """What the history commands use of the lobby they are typed in: components/lobby_screen.py imports
    this module, so the lobby is named by what it offers here, not by its class."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def is_current(self) -> bool: ...

    def query_one(self, selector: str, expect_type: type[FoldedLog]) -> FoldedLog: ...


async def history_command(lobby: HistoryLobby, word: str, rest: str) -> None:
    """Carry out one history command typed in `lobby` (a word of WORDS)."""
    await history_words.history_command(ScreenHistory(lobby), word, rest)


class ScreenHistory:
    """The full screen's `HistoryFace` (history_words.py): tables in the lobby's log, the replay viewer."""

    def __init__(self, lobby: HistoryLobby) -> None:
        self.lobby = lobby

    @property
    def player(self) -> str:
        return self.lobby.player

    @property
    def key(self) -> str | None:
        return self.lobby.key

    @property
    def hub(self) -> KeepsRecords:
        return self.lobby.hub

    def say(self, text: str, alert: bool = False) -> None:
        self.lobby.say(text, alert)

    def show_games(self, games: Sequence[GameSummary], everyone: bool) -> None:
        self.say(
            t("Finished games on this server, the latest first (★ won):")
            if everyone
            else t("Your finished games, the latest first (★ won):")
        )
        _log(self.lobby).write(games_table(self.lobby, games))
        self.say(t("“replay N” shows game N again, move by move."))

    def show_standings(self, standings: Sequence[Standing]) -> None:
        _log(self.lobby).write(leaderboard_table(self.lobby, standings))

    async def show_replay(self, gid: int, kept: FinishedGame, more: list[str]) -> None:
        if more:  # the viewer moves through the game itself: nothing is said after the number
            self.say(t("Which game? Give its number from “games”, e.g. “replay 3”."), alert=True)
            return
        # Playing the game again to each move takes a moment for a long game: not on the event loop.
        replay = await asyncio.to_thread(Replay, kept.record, None)
        lobby = self.lobby
        if (
            lobby.is_current
        ):  # the player went on elsewhere meanwhile (their table started): no replay over it
            lobby.app.push_screen(ReplayScreen(kept.record, None, t("Game {n}", n=gid), replay))


def _log(lobby: HistoryLobby) -> FoldedLog:
    return lobby.query_one("#lobby-log", FoldedLog)


# ------------------------------------------------------------ games


def players_text(lobby: HistoryLobby, g: GameSummary) -> Text:
    """Each seat's player and score, the winners marked ★, bots marked, this player in bold."""
    out = Text()
    for i, s in enumerate(g.seats):
        if i:
            out.append(", ")
        won = s.rank == 1 and not g.abandoned
        style = (
            mark(_log(lobby), "me") if s.name.casefold() == lobby.player.casefold() and s.bot is None else ""
        )
        out.append(("★ " if won else "") + (s.name if s.bot is None else bot_name(s.name)), style=style)
        if s.bot is not None or lobby.hub.records.is_bot(s.name):  # a bot, or a bot's account
            out.append(" " + t("(bot)"), style=mark(_log(lobby), "dim"))
        out.append(f" {s.score}")
    if g.abandoned:
        out.append(" · " + t("abandoned"), style=mark(_log(lobby), "alert"))
    return out


def games_table(lobby: HistoryLobby, games: Sequence[GameSummary]) -> RichTable:
    rt = RichTable(box=None, pad_edge=False, show_edge=False, expand=True)
    rt.add_column(t("#"), no_wrap=True, justify="right")
    rt.add_column(t("When (UTC)"), no_wrap=True)
    rt.add_column(t("Edition"), no_wrap=True)
    rt.add_column(t("Players and scores"), ratio=1)
    for g in games:
        edition = t("classic") if g.edition == "classic" else g.edition
        rt.add_row(str(g.id), when(g.ended), edition, players_text(lobby, g))
    return rt


# ------------------------------------------------------------ leaderboard


def leaderboard_table(lobby: HistoryLobby, standings: Sequence[Standing]) -> RichTable:
    rt = RichTable(box=None, pad_edge=False, show_edge=False)
    rt.add_column("", no_wrap=True)  # the mark of this player's own line
    rt.add_column(t("Rank"), no_wrap=True, justify="right")
    rt.add_column(t("Player"), no_wrap=True)
    rt.add_column(t("Rating"), no_wrap=True, justify="right")
    rt.add_column(t("Games"), no_wrap=True, justify="right")
    for rank, s in enumerate(standings, 1):
        mine = lobby.key is not None and s.name.casefold() == lobby.player.casefold()
        style = mark(_log(lobby), "me") if mine else ""
        name = s.name + " " + t("(bot)") if s.bot else s.name  # a bot's account (it plays over SSH)
        rt.add_row(
            "▶" if mine else "", str(rank), name, f"{s.rating.shown:.1f}", str(s.rating.games), style=style
        )
    return rt
