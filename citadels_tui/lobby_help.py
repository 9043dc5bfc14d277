"""What the lobby says, for every face of it (the full screen and plain mode): a table's status and
edition, `help` and `help new`, the admins' commands, why a login got a guest name, and a keyless
player's reconnect code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.cells import cell_len

from .i18n import t, tp

if TYPE_CHECKING:
    from .lobby import HostedTable


def table_status(ht: HostedTable, joined_by: str) -> str:
    """How far the table's game is, and how many watch it (`joined_by` between the two)."""
    status = {"waiting": t("waiting"), "playing": t("playing"), "over": t("over")}[ht.status]
    if ht.table is not None and not ht.table.game.over:
        status = t("round {r}", r=ht.table.game.round)
    if ht.spectators:
        status += joined_by + t("{n} watching", n=ht.spectators)
    return status


def table_edition(ht: HostedTable, joined_by: str) -> str:
    """The table's edition, and whether its game is the shorter one (`joined_by` between the two)."""
    edition = t("classic") if ht.edition == "classic" else ht.edition
    if ht.shorter:
        edition += joined_by + t("shorter")
    return edition


def table_players(ht: HostedTable, is_bot: Callable[[str], bool]) -> list[str]:
    """Who sits at the table, in seat order, a bot's account marked "(bot)"."""
    return [n + " " + t("(bot)") if is_bot(n) else n for n in ht.names()]


def _table_rows() -> list[tuple[str, str]]:
    """The commands at the tables, in `help` on every face."""
    return [
        (tp("lobby command", "new 3 bots=hard …"), t("a table made at once: “help new” says how")),
        (tp("lobby command", "join N"), t("sit at table N (or retake your seat)")),
        (tp("lobby command", "watch N"), t("watch a game")),
        (tp("lobby command", "leave"), t("stand up from your table")),
        (tp("lobby command", "start"), t("start your table: bots fill the empty seats")),
        (tp("lobby command", "say TEXT"), t("talk to the lobby")),
        (tp("lobby command", "learn"), t("a guided first game against bots")),
    ]


def _language_row() -> tuple[str, str]:
    return (tp("lobby command", "lang en|ru"), t("your language"))


def help_lines() -> list[str]:
    """The full screen's `help`: one command a line, short enough for 80×24 (the options of `new` are under
    `help new`)."""
    rows = [
        (tp("lobby command", "new"), t("a form to make a table")),
        *_table_rows(),
        (tp("lobby command", "games [all]"), t("your finished games (all: everyone's)")),
        (tp("lobby command", "replay N"), t("game N again, move by move")),
        (tp("lobby command", "leaderboard"), t("the ratings")),
        _language_row(),
        (tp("lobby command", "puzzle [N]"), t("the day's puzzle; “puzzle N” answers it")),
        (tp("lobby command", "quit"), t("leave the server (Ctrl+Q too)")),
    ]
    return _listed(t("Commands:"), rows)


def plain_help_lines() -> list[str]:
    """Plain mode's `help`: its own `tables`, `who` and `replay` by rounds; each line `command: what it does`."""
    rows = [
        (tp("lobby command", "tables"), t("the tables, one a line")),
        *_table_rows(),
        (tp("lobby command", "who"), t("who is connected now")),
        (tp("lobby command", "games [all]"), t("your finished games (all: everyone's)")),
        (tp("lobby command", "replay N [ROUND]"), t("game N again, a round at a time")),
        (tp("lobby command", "review, board"), t("the game that just ended: its review, its final board")),
        (tp("lobby command", "leaderboard"), t("the ratings")),
        (tp("lobby command", "puzzle [N]"), t("the day's puzzle; “puzzle N” answers it")),
        (tp("lobby command", "notify [bell on]"), t("what rings: a line, and the terminal bell if you ask")),
        _language_row(),
        (tp("lobby command", "quit"), t("leave the server")),
    ]
    return [t("Commands:"), *(f"  {c}: {what}" for c, what in rows)]


def new_help_lines() -> list[str]:
    """`help new`: the options of `new`, and each edition's presets."""
    rows = [
        (tp("lobby command", "2 … 8"), t("players (4 unless said)")),
        (tp("lobby command", "edition=classic"), t("the classic edition (2016 unless said)")),
        (tp("lobby command", "shorter"), t("the classic shorter game")),
        (tp("lobby command", "cast=PRESET"), t("the characters (presets below)")),
        (tp("lobby command", "districts=PRESET"), t("the districts (presets below)")),
        (tp("lobby command", "bots=LEVEL"), t("easy, normal (unless said), hard or random")),
        (tp("lobby command", "timer=SECONDS"), t("time to think before a bot plays for you")),
        (tp("lobby command", "timer=5h|1d"), t("a turn-based table: hours or days per move")),
        (tp("lobby command", "late=rated"), t("a late move a bot made still counts for the rating")),
        (tp("lobby command", "programs=no"), t("no bot program may sit here (ssh … bot)")),
    ]
    return _listed(t("new [options] makes a table and sits you at it, e.g. “new 3 bots=hard”:"), rows)


def admin_help_lines() -> list[str]:
    rows = [
        (tp("lobby command", "kick NAME [reason]"), t("send a player away")),
        (tp("lobby command", "ban name|key|address VALUE"), t("[for 30m|2h|7d] [reason]")),
        (tp("lobby command", "unban KIND VALUE"), t("lift a ban")),
        (tp("lobby command", "bans"), t("the bans in force")),
        (tp("lobby command", "close N"), t("close table N (its game is kept as abandoned)")),
        (tp("lobby command", "announce TEXT"), t("to the lobby and every table")),
    ]
    return _listed(t("For admins:"), rows)


def _listed(heading: str, rows: list[tuple[str, str]]) -> list[str]:
    width = max(cell_len(c) for c, _ in rows)
    return [heading, *(f"  {c}{' ' * (width - cell_len(c))}  {what}" for c, what in rows)]


# The server's reasons for a guest name (citadels_server/session.py; the app cannot import the server).
NAME_HAS_KEY, NAME_IN_USE, NAME_HOLDS_SEAT = "name-has-key", "name-in-use", "name-holds-seat"


def guest_notice(reason: str | None, asked: str | None, name: str) -> str | None:
    """One sentence: why a player who asked for the name `asked` plays as `name`, or None."""
    if reason is None or not asked:
        return None
    if reason == NAME_HAS_KEY:
        return t(
            "The name {n} belongs to another player's key; you are {g}. Use your own key to keep a name.",
            n=asked,
            g=name,
        )
    if reason == NAME_IN_USE:
        return t(
            "The name {n} is in use by a player connected now; you are {g}. A name is kept for good only "
            "with an SSH key.",
            n=asked,
            g=name,
        )
    if reason == NAME_HOLDS_SEAT:
        return t(
            "The name {n} holds a seat kept for its player, and only the reconnect code shown to them "
            "retakes it; you are {g}.",
            n=asked,
            g=name,
        )
    return t("You are {g}: the name {n} is not free.", n=asked, g=name)


def code_sentence(name: str, code: str) -> str:
    """What a player without a key needs to retake their seat if they drop."""
    return t(
        "Your seat is kept for you: if you drop, log in again as {p} and give the code {c} when asked. "
        "An SSH key keeps your name for good.",
        p=name,
        c=code,
    )
