"""The lobby's words, once for every face of the lobby: the full screen's command line
(components/lobby_screen.py) and plain mode's lines (plain_lobby.py). `lobby_command(face, text)` reads a
line and does what it says through the hub, each command one entry of a registry (`LOBBY_COMMANDS`); each face does only what it alone can: go to a table, open
the new-table form, change its language, quit, and its own words (the full screen's history, plain mode's
`tables`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from citadels_core import get_edition

from .admin import ADMIN_WORDS, Admin, run_admin_command
from .game_setup import edition_label
from .i18n import t
from .lobby import HostedTable, HubError, Lobby
from .lobby_help import admin_help_lines, code_sentence, guest_notice, new_help_lines
from .turns import create_from_words, late_rule, made_sentence, your_move_line


class LobbyFace(Protocol):
    """What the lobby's words need of the face they are typed into."""

    seated: tuple[int, list[str]] | None  # the waiting table sat at and who sat there, at the last look

    @property
    def hub(self) -> Lobby: ...

    @property
    def player(self) -> str: ...

    @property
    def key(self) -> str | None: ...

    @property
    def code(self) -> str | None:
        """A keyless player's reconnect code."""

    @property
    def address(self) -> str: ...

    def say(self, text: str, alert: bool = False) -> None: ...

    def go_to_table(self, ht: HostedTable, seat: int | None) -> None:
        """Show the game of a started table: at `seat`, or watching (None)."""

    def open_form(self) -> bool:
        """`new` alone: open the new-table form and say True, or False to make the default table."""

    def choose_language(self, words: str) -> None: ...

    def quit(self) -> None: ...

    def own_words(self, word: str, rest: str) -> bool:
        """The face's own words; False when `word` is not one of them."""

    def help_lines(self) -> list[str]:
        """`help`: this face's commands, one a line."""

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` (a read of the records) without holding up the session; what it says comes after."""


log = logging.getLogger(__name__)
_T = TypeVar("_T")


def refused_at(ht: HostedTable, player: str, what: str, act: Callable[[], _T]) -> _T:
    """`act()`, and a line in the log if the hub refuses it (the sentence goes to the player)."""
    try:
        return act()
    except HubError:
        log.info("table %d: %s was refused %s", ht.id, player, what)
        raise


def table_number(arg: str) -> int:
    """The table a word names ("3" or "#3"); a HubError says what to give otherwise."""
    try:
        return int(arg.lstrip("#"))
    except ValueError:
        raise HubError(t("Which table? Give its number, e.g. “join 1”.")) from None


def tell_code(face: LobbyFace, ht: HostedTable, seat: int) -> None:
    """A keyless player's reconnect code, told as they sit down."""
    code = ht.holders[seat].code
    if code is not None:
        face.say(code_sentence(face.player, code))


def table_made(face: LobbyFace, ht: HostedTable) -> None:
    """What the maker of a new table is told; its first seat is theirs."""
    face.say(made_sentence(ht))
    face.seated = (ht.id, ht.names())  # who comes from now on is news
    tell_code(face, ht, 0)


def tell_comings_and_goings(face: LobbyFace, ht: HostedTable) -> bool:
    """Who sat down at or left `ht`, the face's table not yet started, since the last look (`face.seated`),
    said as news (the host waits for them to start the game); this look is then the last. Looked at each
    redraw: one who came and went between two looks is no news. True when the last seat was just taken at
    the face's own table (each face tells its maker in its own way)."""
    filled = False
    names, me = ht.names(), face.player.casefold()
    if face.seated is not None and face.seated[0] == ht.id:
        before = {n.casefold() for n in face.seated[1]}
        now = {n.casefold() for n in names}
        for n in names:
            if n.casefold() not in before and n.casefold() != me:
                sentence = t(
                    "{p} sat down at your table {n}: {k} of {m} seats taken.",
                    p=n,
                    n=ht.id,
                    k=len(names),
                    m=ht.players,
                )
                face.say(sentence, alert=True)
        for n in face.seated[1]:
            if n.casefold() not in now and n.casefold() != me:
                sentence = t(
                    "{p} left your table {n}: {k} of {m} seats taken.",
                    p=n,
                    n=ht.id,
                    k=len(names),
                    m=ht.players,
                )
                face.say(sentence, alert=True)
        filled = bool(ht.free == 0 and now - before and ht.creator.casefold() == me)
    face.seated = (ht.id, names)
    return filled


def welcome(face: LobbyFace, notice: tuple[str, str] | None) -> None:
    """What a player arriving in the lobby is told: first where a table awaits their move, then the welcome,
    why the name asked for was not given (`notice`: the server's reason and the name), and how to keep one."""
    awaited = your_move_line(face.hub, face.player, face.key, time.time())
    if awaited is not None:
        face.say(awaited, alert=True)
    face.say(
        t("Welcome, {p}. Type “new” to make a table, “join N” to sit at one; “help” for more.", p=face.player)
    )
    if notice is not None:
        sentence = guest_notice(notice[0], notice[1], face.player)
        if sentence:
            face.say(sentence, alert=True)
    if face.key is None:
        face.say(
            t(
                "Without an SSH key your name is yours only while you play: log in with a key to keep it "
                "for good."
            )
        )


def _say(face: LobbyFace, rest: str) -> None:
    face.hub.say_lobby(face.player, rest)


def _help(face: LobbyFace, rest: str) -> None:
    if rest.lower() == "new":
        for line in new_help_lines():
            face.say(line)
        for ed in ("2016", "classic"):
            presets = ", ".join(p.key for p in get_edition(ed).presets)
            face.say(t("Presets of the {e} for cast= and districts=: {p}.", e=edition_label(ed), p=presets))
        return
    for line in face.help_lines():
        face.say(line)
    face.say(
        t(
            "Your name: the first SSH key that logs in with a name keeps it for good; without a "
            "key, the reconnect code shown when you sit down retakes your seat."
        )
    )
    if face.hub.order.is_admin(face.key):
        for line in admin_help_lines():
            face.say(line)


def _admin(word: str) -> Callable[[LobbyFace, str], None]:
    def run(face: LobbyFace, rest: str) -> None:
        for line in run_admin_command(face.hub, Admin(face.player, face.key, face.address), word, rest):
            face.say(line)

    return run


def _who(face: LobbyFace, rest: str) -> None:
    names = sorted({a.name for a in face.hub.order.attendees}, key=str.casefold)
    face.say(t("Here now: {names}.", names=", ".join(names)))


def _quit(face: LobbyFace, rest: str) -> None:
    face.quit()


def _puzzle(face: LobbyFace, rest: str) -> None:
    from .daily_puzzle import puzzle_command

    face.later(puzzle_command(face.hub.records, face.player, rest, face.say, face.hub.clock()))


def _lang(face: LobbyFace, rest: str) -> None:
    face.choose_language(rest)


def _new(face: LobbyFace, rest: str) -> None:
    if rest or not face.open_form():
        table_made(face, create_from_words(face.hub, face.player, face.key, face.code, rest.split()))


def _watch(face: LobbyFace, rest: str) -> None:
    ht = face.hub.get(table_number(rest))
    face.hub.watch(ht)
    face.go_to_table(ht, None)


def _join(face: LobbyFace, rest: str) -> None:
    hub = face.hub
    ht = hub.get(table_number(rest))
    seat = refused_at(ht, face.player, "a seat", lambda: hub.join(ht, face.player, face.key, face.code))
    face.seated = (ht.id, ht.names())
    if ht.table is not None:
        face.go_to_table(ht, seat)
    else:
        face.say(t("You sit at table {n}; {c} starts the game.", n=ht.id, c=ht.creator))
        if ht.turn_based:  # the table's rule for the rating, as its maker was told it
            face.say(late_rule(ht))
        tell_code(face, ht, seat)


def _leave(face: LobbyFace, rest: str) -> None:
    mine = face.hub.find(face.player, face.key, face.code)
    if mine is None or mine[0].table is not None:
        face.say(t("You are not waiting at a table."), alert=True)
    else:
        face.hub.leave(mine[0], face.player, face.key, face.code)
        face.say(t("You left table {n}.", n=mine[0].id))


def _start(face: LobbyFace, rest: str) -> None:
    hub = face.hub
    mine = hub.find(face.player, face.key, face.code)
    if mine is None:
        face.say(t("You are not at a table: “new” makes one."), alert=True)
    else:
        # The hub's news takes each seated face to the game.
        refused_at(mine[0], face.player, "the start", lambda: hub.start(mine[0], face.player))


# The lobby's commands, by the word that names them (command_words.APP_WORDS gives each word's other
# spellings): what each does with the words after it. A face's own words (its `own_words`) come after.
LOBBY_COMMANDS: dict[str, Callable[[LobbyFace, str], None]] = {
    "say": _say,
    "help": _help,
    **{word: _admin(word) for word in ADMIN_WORDS},
    "who": _who,
    "quit": _quit,
    "puzzle": _puzzle,
    "lang": _lang,
    "new": _new,
    "join": _join,
    "watch": _watch,
    "leave": _leave,
    "start": _start,
}
NEEDS_WORDS = frozenset({"say"})  # commands that are none without words after them (a bare `say`)


def lobby_command(face: LobbyFace, text: str) -> None:
    """Do what one lobby line says (LOBBY_COMMANDS, then the face's own words); a HubError's sentence says
    why the hub would not."""
    # The parser's words come with the parser, after a session's first frame (tests/support/deferred_imports.py).
    from .command_words import APP_WORDS

    typed, _, rest = text.strip().partition(" ")
    word, rest = APP_WORDS.get(typed.lower(), typed.lower()), rest.strip()
    command = LOBBY_COMMANDS.get(word)
    if command is not None and (rest or word not in NEEDS_WORDS):
        command(face, rest)
    elif not face.own_words(word, rest):
        face.say(
            t(
                "Unknown command {w!r}. To talk to the lobby: say TEXT; “help” lists the commands.",
                w=typed[:40],  # as typed, not the word it stands for
            ),
            alert=True,
        )
