"""The host's and the players' commands over SSH exec, for scripts and for a look without a screen
(docs/hosting.md, "Commands over SSH").

Anyone the server admits may read: `leaderboard [N]`, `games [N]` (finished games, each with its game line,
which `citadels replay LINE` replays), `game ID` and `whoami`. An admin (their key is in `admins`) may also
run `tables`, `kick`, `ban`, `unban`, `bans`, `announce`, `motd [TEXT]` and `drain [--all]` (drain.py). The history is read
through the same `Records` calls as the lobby's screens (citadels_tui/components/history_screen.py), and
the admins' commands are the lobby's own (`run_admin_command`, citadels_tui/admin.py), so that a command
typed in the lobby and one sent over exec do the same thing. `--json` prints one JSON value instead of
text; a refusal is always one sentence on standard error."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from citadels_core.gameline import encode
from citadels_tui.admin import Admin, run_admin_command, when
from citadels_tui.lobby import HubError
from citadels_tui.records import FinishedGame, GameSummary

from .drain import begin_drain, in_play
from .exec_call import ExecCall, ExecCommand, UsageError
from .replication import SharedHub
from .settings import SettingsError

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("citadels_server.ssh")

LISTED = 20  # as many as the lobby lists at once
MOST = 100  # a read asks the database for at most this many


def _hub(call: ExecCall) -> Hub | None:
    hub = call.server.hub
    if hub is None:
        call.complain("This server hosts no tables, so it keeps no games, ratings or bans to show.")
    return hub


def _count(call: ExecCall) -> int:
    """The optional N of `leaderboard [N]` and `games [N]`."""
    if not call.words:
        return LISTED
    if len(call.words) == 1 and call.words[0].isdigit() and 1 <= int(call.words[0]) <= MOST:
        return int(call.words[0])
    raise UsageError(f"N is a number from 1 to {MOST}, not {' '.join(call.words)[:40]!r}.")


# ------------------------------------------------------------ read by anyone


async def _leaderboard(call: ExecCall) -> int:
    limit = _count(call)
    if (hub := _hub(call)) is None:
        return 1
    standings = await hub.records.leaderboard(limit)
    rows = [
        {"rank": rank, "name": s.name, "rating": round(s.rating.shown, 1), "games": s.rating.games}
        for rank, s in enumerate(standings, 1)
    ]
    if call.json:
        call.say_json(rows)
    elif not rows:
        call.say("Nobody is rated yet: a player with an SSH key is rated after each game they finish here.")
    else:
        for r in rows:
            call.say(f"{r['rank']:>4}  {r['name']:<20} {r['rating']:>6.1f}  {r['games']} games")
    return 0


def _bots(summary: GameSummary) -> dict[int, str]:
    return {seat: s.bot for seat, s in enumerate(summary.seats) if s.bot is not None}


def _game_json(kept: FinishedGame) -> dict[str, Any]:
    g = kept.summary
    return {
        "id": g.id,
        "ended": g.ended,
        "edition": g.edition,
        "moves": g.moves,
        "abandoned": g.abandoned,
        "seats": [
            {"name": s.name, "bot": s.bot, "score": s.score, "rank": s.rank, "rated": s.key is not None}
            for s in g.seats
        ],
        "line": encode(kept.record, _bots(g)),
    }


def _game_text(kept: FinishedGame) -> list[str]:
    g = kept.summary
    seats = ", ".join(
        ("★ " if s.rank == 1 and not g.abandoned else "")
        + s.name
        + (" (bot)" if s.bot else "")
        + f" {s.score}"
        for s in g.seats
    )
    head = f"#{g.id}  {when(g.ended)}  {g.edition}  {g.moves} moves  {seats}"
    return [head + ("  · abandoned" if g.abandoned else ""), "  " + encode(kept.record, _bots(g))]


async def _kept_games(hub: Hub, summaries: Sequence[GameSummary]) -> list[FinishedGame]:
    kept = []
    for g in summaries:
        game = await hub.records.game(g.id)
        if game is not None:  # gone between the two reads: left out rather than shown half
            kept.append(game)
    return kept


async def _games(call: ExecCall) -> int:
    limit = _count(call)
    if (hub := _hub(call)) is None:
        return 1
    kept = await _kept_games(hub, await hub.records.games(None, limit))
    if call.json:
        call.say_json([_game_json(k) for k in kept])
    elif not kept:
        call.say("No game has finished on this server yet.")
    else:
        for k in kept:
            call.say("\n".join(_game_text(k)))
    return 0


async def _game(call: ExecCall) -> int:
    if len(call.words) != 1 or not call.words[0].lstrip("#").isdigit():
        raise UsageError("Which game? Give its number from “games”, e.g. “game 3”.")
    if (hub := _hub(call)) is None:
        return 1
    gid = int(call.words[0].lstrip("#"))
    kept = await hub.records.game(gid)
    if kept is None:
        call.complain(f"There is no finished game {gid}: “games” lists them.")
        return 1
    if call.json:
        call.say_json(_game_json(kept))
    else:
        call.say("\n".join(_game_text(kept)))
    return 0


async def _whoami(call: ExecCall) -> int:
    hub = call.server.hub
    name, key = call.player, call.key
    admin = hub is not None and hub.order.is_admin(key)
    rating = await hub.records.rating(name) if hub is not None and name and key else None
    seat = hub.find(name, key) if hub is not None and name else None
    me = {
        "name": name,
        "key": key,
        "guest": call.identity.guest if call.identity is not None else True,
        "admin": admin,
        "address": call.address,
        "rating": None if rating is None else round(rating.shown, 1),
        "games": 0 if rating is None else rating.games,
        "table": None if seat is None else seat[0].id,
    }
    if call.json:
        call.say_json(me)
        return 0
    call.say(f"{name}, from {me['address'] or '?'}, " + (f"with the key {key}" if key else "without a key"))
    if admin:
        call.say("An admin of this server.")
    if rating is not None:
        call.say(f"Rating {me['rating']:.1f} after {rating.games} games.")
    if seat is not None:
        call.say(f"Seated at table {seat[0].id}.")
    return 0


# ------------------------------------------------------------ the admins'


def _tables_json(hub: Hub) -> list[dict[str, Any]]:
    return [
        {
            "id": ht.id,
            "status": ht.status,
            "edition": ht.edition,
            "players": ht.players,
            "names": ht.names(),
            "free": ht.free,
            "spectators": ht.spectators,
            "creator": ht.creator,
        }
        for ht in sorted(hub.tables.values(), key=lambda ht: ht.id)
    ]


async def _tables(call: ExecCall) -> int:
    if call.words:
        raise UsageError("“tables” takes no words.")
    if (hub := _hub(call)) is None:
        return 1
    rows = _tables_json(hub)
    if call.json:
        call.say_json(rows)
        return 0
    if not rows:
        call.say("No tables.")
    for r in rows:
        free = f", {r['free']} free" if r["status"] == "waiting" else ""
        call.say(f"{r['id']:>4}  {r['status']:<8} {r['edition']:<8} {', '.join(r['names'])}{free}")
    return 0


def _admin_command(word: str) -> Any:
    async def run(call: ExecCall) -> int:
        if (hub := _hub(call)) is None:
            return 1
        admin = Admin(call.player or "", call.key, call.address)
        try:
            said = run_admin_command(hub, admin, word, " ".join(call.words))
        except HubError as e:
            call.complain(str(e))
            return 1
        log.info("session %d: admin %s ran %s %.80s", call.session_id, admin.name, word, " ".join(call.words))
        if call.json:
            answer: dict[str, Any] = {"command": word, "said": said}
            if word == "bans":
                answer["bans"] = [
                    {"kind": b.kind, "value": b.value, "until": b.until, "by": b.by, "reason": b.reason}
                    for b in hub.records.bans()
                ]
            call.say_json(answer)
        else:
            call.say("\n".join(said))
        return 0

    return run


async def _motd(call: ExecCall) -> int:
    if (hub := _hub(call)) is None:
        return 1
    server = call.server
    if call.words:
        text = " ".join(call.words).replace("\\n", "\n")
        try:
            # The banner reads the settings, the lobby the hub's order: both change, checked as the file is.
            server.settings = server.settings.replace(motd=text)
        except SettingsError as e:
            call.complain(f"{e}.")
            return 1
        hub.order.renew(hub.order.admins, text)
        log.info("session %d: admin %s set the message of the day", call.session_id, call.player)
    if call.json:
        call.say_json({"motd": hub.order.motd})
    else:
        call.say(hub.order.motd or "There is no message of the day.")
    return 0


async def _drain(call: ExecCall) -> int:
    everywhere = call.words == ["--all"]
    if call.words and not everywhere:
        raise UsageError("“drain” takes no words but “--all” (every server sharing this database).")
    if (hub := _hub(call)) is None:
        return 1
    if begin_drain(hub, call.server):
        log.warning("session %d: admin %s drains the server", call.session_id, call.player)
    told = None
    if everywhere and isinstance(hub, SharedHub):
        told = hub.drain_everywhere()
        log.warning("session %d: admin %s drains every server on the database", call.session_id, call.player)
    playing = in_play(hub)
    if call.json:
        answer: dict[str, Any] = {"draining": True, "in_play": playing}
        if everywhere:
            answer["others_told"] = told or 0
        call.say_json(answer)
        return 0
    if everywhere:
        call.say(
            f"Every server on this database is told to drain ({told} other(s) running now)."
            if told is not None
            else "This server shares its tables with no other: it alone drains."
        )
    if playing:
        call.say(
            f"Draining: the server stops once the games at table(s) {', '.join(map(str, playing))} end; "
            "no new game begins meanwhile."
        )
    else:
        call.say("Draining: no game is in play, so the server stops now.")
    return 0


OPS: tuple[ExecCommand, ...] = (
    ExecCommand("leaderboard", "leaderboard [N] [--json]", "the best N ratings (20)", _leaderboard),
    ExecCommand("games", "games [N] [--json]", "the last N finished games, with their lines", _games),
    ExecCommand("game", "game ID [--json]", "one finished game: scores and its line", _game),
    ExecCommand("whoami", "whoami [--json]", "your name, key, rating and seat", _whoami),
    ExecCommand("tables", "tables [--json]", "the tables and their players", _tables, admin=True),
    ExecCommand("kick", "kick NAME [reason]", "end a player's sessions", _admin_command("kick"), admin=True),
    ExecCommand(
        "ban",
        "ban name|key|address VALUE [for DURATION] [reason]",
        "shut someone out (for 30m, 2h, 7d… or for good)",
        _admin_command("ban"),
        admin=True,
    ),
    ExecCommand("unban", "unban name|key|address VALUE", "lift a ban", _admin_command("unban"), admin=True),
    ExecCommand("bans", "bans [--json]", "the bans in force", _admin_command("bans"), admin=True),
    ExecCommand(
        "announce", "announce TEXT", "tell the lobby and every table", _admin_command("announce"), admin=True
    ),
    ExecCommand("motd", "motd [TEXT]", "show or set the message of the day", _motd, admin=True),
    ExecCommand(
        "drain",
        "drain [--all]",
        "finish the games in play, begin none, then stop (--all: every server on the database)",
        _drain,
        admin=True,
    ),
)
