"""The lobby's history commands, once for every face of the lobby: `games` (your finished games), `games
all` (everyone's), `replay N` (finished game N again) and `leaderboard [humans]` (the ratings).

What each command reads of the hub's records and every sentence it says around what it found are here;
each face shows only what it alone can (`HistoryFace`): the full screen (components/history_screen.py)
lists games and standings as tables in its log and opens the replay viewer, plain mode (plain_lobby.py)
says each game and standing as a sentence and tells a replay round by round.

The hub's records may be a database: every read is a coroutine, awaited in a worker of the full screen's
app or in plain mode's own task, so that a slow read never holds up the session (or the server's other
sessions, which share the event loop). A read that fails is said in a sentence, and nothing else changes."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Sequence
from typing import Protocol

from .i18n import available, t, tn, translations
from .records import FinishedGame, GameSummary, Records, Standing

log = logging.getLogger(__name__)

WORDS = ("games", "replay", "leaderboard")
LISTED = 20  # games and standings listed at once: the latest games, the best ratings


class KeepsRecords(Protocol):
    """The lobby's hub, as far as the history reads it: the server's finished games and ratings."""

    @property
    def records(self) -> Records: ...


class HistoryReader(Protocol):
    """Who reads the history, in a lobby: the player, their key, and the lobby's hub with its records."""

    @property
    def player(self) -> str: ...

    @property
    def key(self) -> str | None: ...

    @property
    def hub(self) -> KeepsRecords: ...

    def say(self, text: str, alert: bool = False) -> None: ...


class HistoryFace(HistoryReader, Protocol):
    """What the history commands need of the face of the lobby they are typed in."""

    def show_games(self, games: Sequence[GameSummary], everyone: bool) -> None:
        """The finished games found (the latest first), with the face's own heading, and how `replay`
        shows one there."""

    def show_standings(self, standings: Sequence[Standing]) -> None:
        """The leaderboard's lines, best first."""

    async def show_replay(self, gid: int, kept: FinishedGame, more: list[str]) -> None:
        """Finished game `gid` again; `more`: the words after its number (plain mode: a round)."""


async def history_command(face: HistoryFace, word: str, rest: str) -> None:
    """Carry out one history command typed in `face` (a word of WORDS)."""
    try:
        if word == "games":
            await _games(face, rest)
        elif word == "replay":
            await _replay(face, rest)
        else:
            await _leaderboard(face, rest)
    except Exception:  # noqa: BLE001 - a failed read is told, never a crash of the session
        log.exception("%s %s failed", word, rest)
        face.say(t("The server's records could not be read just now; try again in a moment."), alert=True)


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


def is_me(face: HistoryFace, s: Standing) -> bool:
    """Whether a leaderboard line is the player's own (only a player with a key is rated)."""
    return face.key is not None and s.name.casefold() == face.player.casefold()


async def _games(face: HistoryFace, rest: str) -> None:
    everyone = rest.lower() in ("all", "все")
    if rest and not everyone:
        face.say(t("“games” lists your finished games, “games all” everyone's."), alert=True)
        return
    games = await face.hub.records.games(None if everyone else face.player, LISTED)
    if not games:
        face.say(
            t("No game has finished on this server yet.")
            if everyone
            else t("You have no finished game here yet.")
        )
        face.say(
            t(
                "A game played to its end at a table here (“new”, then “start”) is listed here, and "
                "“replay N” shows it again move by move."
            )
        )
        return
    face.show_games(games, everyone)


async def _replay(face: HistoryFace, rest: str) -> None:
    words = rest.split()
    try:
        gid = int(words[0].lstrip("#"))
    except (IndexError, ValueError):
        face.say(t("Which game? Give its number from “games”, e.g. “replay 3”."), alert=True)
        return
    kept = await face.hub.records.game(gid)
    if kept is None:
        face.say(t("There is no finished game {n}: “games all” lists them.", n=gid), alert=True)
        return
    await face.show_replay(gid, kept, words[1:])


async def _leaderboard(face: HistoryFace, rest: str = "") -> None:
    records = face.hub.records
    humans = rest.lower() in ("humans", "люди")  # the bots' accounts left out
    if rest and not humans:
        face.say(
            t("“leaderboard” lists everyone rated, “leaderboard humans” leaves the bots out."), alert=True
        )
        return
    standings = await records.leaderboard(LISTED, bots=not humans)
    if standings:
        face.say(
            t(
                "The leaderboard: players with a key, by rating (it rises as you win, and as you play "
                "enough for it to be sure):"
            )
        )
        face.show_standings(standings)
    else:
        face.say(
            t("Nobody is rated yet: a player with an SSH key is rated after each game they finish here.")
        )
    if face.key is None:
        face.say(t("Guests (no key) are not rated: log in with an SSH key to keep a name and a rating."))
        return
    if any(is_me(face, s) for s in standings):
        return
    mine = await records.rating(face.player)
    if mine is None:
        face.say(t("You are not rated yet: finish a game here to get a rating."))
    else:
        face.say(
            tn(
                "Your rating: {r} after {n} game.",
                "Your rating: {r} after {n} games.",
                mine.games,
                r=f"{mine.shown:.1f}",
            )
        )
