"""The lobby's history commands: `games` (your finished games), `games all` (everyone's), `replay N` (the
replay viewer on finished game N) and `leaderboard` (the ratings).

The hub's records may be a database: every read is a coroutine, awaited in a worker of the app so that a
slow read never holds up the session (or the server's other sessions, which share the event loop), and a
replay is worked out in a thread. What is read is written into the lobby's log; a read that fails is
said in a sentence, and nothing else changes."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Sequence
from typing import Any, Protocol

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import App

from ..i18n import available, t, tn, translations
from ..records import GameSummary, Records, Standing
from ..replay import Replay
from .log_pane import FoldedLog
from .replay_screen import ReplayScreen
from .style import mark


class KeepsRecords(Protocol):
    """The lobby's hub, as far as the history reads it: the server's finished games and ratings."""

    @property
    def records(self) -> Records: ...


class HistoryLobby(Protocol):
    """What the history commands use of the lobby they are typed in: components/lobby_screen.py imports
    this module, so the lobby is named by what it offers here, not by its class."""

    @property
    def player(self) -> str: ...

    @property
    def key(self) -> str | None: ...

    @property
    def hub(self) -> KeepsRecords: ...

    @property
    def app(self) -> App[Any]: ...

    @property
    def is_current(self) -> bool: ...

    def say(self, text: str, alert: bool = False) -> None: ...

    def query_one(self, selector: str, expect_type: type[FoldedLog]) -> FoldedLog: ...


log = logging.getLogger(__name__)

WORDS = ("games", "replay", "leaderboard")
LISTED = 20  # games and standings listed at once: the latest games, the best ratings


async def history_command(lobby: HistoryLobby, word: str, rest: str) -> None:
    """Carry out one history command typed in `lobby` (a word of WORDS)."""
    try:
        if word == "games":
            await _games(lobby, rest)
        elif word == "replay":
            await _replay(lobby, rest)
        else:
            await _leaderboard(lobby, rest)
    except Exception:  # noqa: BLE001 - a failed read is told, never a crash of the session
        log.exception("%s %s failed", word, rest)
        lobby.say(t("The server's records could not be read just now; try again in a moment."), alert=True)


def _log(lobby: HistoryLobby) -> FoldedLog:
    return lobby.query_one("#lobby-log", FoldedLog)


# ------------------------------------------------------------ games


def when(ended: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(ended))


@functools.cache
def bot_tags() -> tuple[str, ...]:
    """The tag a hosted table's bots carry in their names, in every language (" (bot)", " (бот)"): the
    table was started in its starter's language."""
    tags = {translations(lang).gettext("{n} (bot)").replace("{n}", "") for lang in available()}
    return tuple(tag for tag in tags if tag.strip())


def bot_name(name: str) -> str:
    """A bot's name without the tag it was given at its table (the list adds the viewer's own)."""
    return next((name[: -len(tag)] for tag in bot_tags() if name.endswith(tag)), name)


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
        if s.bot is not None:
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


async def _games(lobby: HistoryLobby, rest: str) -> None:
    everyone = rest.lower() in ("all", "все")
    if rest and not everyone:
        lobby.say(t("“games” lists your finished games, “games all” everyone's."), alert=True)
        return
    games = await lobby.hub.records.games(None if everyone else lobby.player, LISTED)
    if not games:
        lobby.say(
            t("No game has finished on this server yet.")
            if everyone
            else t("You have no finished game here yet.")
        )
        lobby.say(
            t(
                "A game played to its end at a table here (“new”, then “start”) is listed here, and "
                "“replay N” shows it again move by move."
            )
        )
        return
    lobby.say(
        t("Finished games on this server, the latest first (★ won):")
        if everyone
        else t("Your finished games, the latest first (★ won):")
    )
    _log(lobby).write(games_table(lobby, games))
    lobby.say(t("“replay N” shows game N again, move by move."))


# ------------------------------------------------------------ replay


async def _replay(lobby: HistoryLobby, rest: str) -> None:
    try:
        gid = int(rest.lstrip("#"))
    except ValueError:
        lobby.say(t("Which game? Give its number from “games”, e.g. “replay 3”."), alert=True)
        return
    kept = await lobby.hub.records.game(gid)
    if kept is None:
        lobby.say(t("There is no finished game {n}: “games all” lists them.", n=gid), alert=True)
        return
    # Playing the game again to each move takes a moment for a long game: not on the event loop.
    replay = await asyncio.to_thread(Replay, kept.record, None)
    if lobby.is_current:  # the player went on elsewhere meanwhile (their table started): no replay over it
        lobby.app.push_screen(ReplayScreen(kept.record, None, t("Game {n}", n=gid), replay))


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


async def _leaderboard(lobby: HistoryLobby, rest: str = "") -> None:
    records = lobby.hub.records
    humans = rest.lower() in ("humans", "люди")  # the bots' accounts left out
    if rest and not humans:
        lobby.say(
            t("“leaderboard” lists everyone rated, “leaderboard humans” leaves the bots out."), alert=True
        )
        return
    standings = await records.leaderboard(LISTED, bots=not humans)
    if standings:
        lobby.say(
            t(
                "The leaderboard: players with a key, by rating (it rises as you win, and as you play "
                "enough for it to be sure):"
            )
        )
        _log(lobby).write(leaderboard_table(lobby, standings))
    else:
        lobby.say(
            t("Nobody is rated yet: a player with an SSH key is rated after each game they finish here.")
        )
    if lobby.key is None:
        lobby.say(t("Guests (no key) are not rated: log in with an SSH key to keep a name and a rating."))
        return
    if any(s.name.casefold() == lobby.player.casefold() for s in standings):
        return
    mine = await records.rating(lobby.player)
    if mine is None:
        lobby.say(t("You are not rated yet: finish a game here to get a rating."))
    else:
        lobby.say(
            tn(
                "Your rating: {r} after {n} game.",
                "Your rating: {r} after {n} games.",
                mine.games,
                r=f"{mine.shown:.1f}",
            )
        )
