"""The table files of servers from before the database: read once, to import them into it.

Such a server wrote each table in play to `<data dir>/tables/table-<id>.json` after every action: the
table's settings, who holds which human seat (name and key fingerprint, or the reconnect code of a player
without a key), its chat, and the game as a save file (GameRecord JSON plus the bots' levels). The
server's database (citadels_server.database) imports those files on its first start, keeping their ids,
and leaves them on disk; a file it cannot read is named and left as it is (its id is never reused).
`dump_table` still writes the format (for tests and tools)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from citadels_core import SaveFileError
from citadels_core.bots import BOT_KINDS
from citadels_core.record import GameRecord
from citadels_core.text import clean_text
from citadels_tui.i18n import Lazy
from citadels_tui.records import clean_line
from citadels_tui.saves import dumps

if TYPE_CHECKING:
    from citadels_tui.lobby import HostedTable

FORMAT = "citadels-hosted-table"
VERSION = 1
_NAME = re.compile(r"table-(\d+)\.json")
_SIMPLE = (int, float, str, bool, type(None))


def path_for(store: Path, tid: int) -> Path:
    return store / f"table-{tid}.json"


def ids_in(store: Path) -> list[int]:
    """The table ids that have a file in `store` (readable or not): never reused while the file is there."""
    try:
        names = [p.name for p in store.iterdir()]
    except OSError:
        return []
    return sorted(int(m.group(1)) for n in names if (m := _NAME.fullmatch(n)))


def _line_json(line: str | Lazy) -> str | dict[str, Any]:
    # What players said is kept as said; an announcement as its message and values, to be translated
    # for each reader after the restart as before it.
    if isinstance(line, Lazy):
        return {"message": line.text, "values": dict(line.kw)}
    return line


def _line(raw: object) -> str | Lazy:
    if isinstance(raw, str):
        return clean_line(raw)
    if isinstance(raw, dict) and isinstance(raw.get("message"), str) and isinstance(raw.get("values"), dict):
        values = raw["values"]
        if all(isinstance(v, str | int | float) for v in values.values()):
            return clean_line(Lazy(raw["message"], tuple(values.items())))
    raise ValueError(f"a chat line {raw!r:.60}")


def dump_table(ht: HostedTable) -> str:
    """The file's text for a table in play (its Table must exist)."""
    assert ht.table is not None
    settings = {
        f.name: getattr(ht, f.name)
        for f in fields(ht)
        if isinstance(getattr(ht, f.name), _SIMPLE) and f.name not in ("spectators", "watching_here")
    }
    data = {
        "format": FORMAT,
        "version": VERSION,
        "table": settings,
        # The codes too: after a restart a player without a key retakes their seat with the code they were shown.
        "holders": [
            {"name": h.name, "key": h.key, "released": h.released, "code": h.code} for h in ht.holders
        ],
        "chat": [_line_json(x) for x in ht.chat],
        "game": json.loads(dumps(ht.table.record, ht.table.bot_kinds)),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


@dataclass(slots=True)
class StoredTable:
    settings: dict[str, Any]
    holders: list[tuple[str, str | None, bool, str | None]]  # name, key, released, reconnect code
    chat: list[str | Lazy]
    record: GameRecord
    bots: dict[int, str]
    over: bool


def load_table(text: str) -> StoredTable:
    """Read a table file; SaveFileError with a sentence when it is not one we can resume."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SaveFileError(f"not JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not a hosted table file")
    if data.get("version") != VERSION:
        raise SaveFileError(f"version {data.get('version')!r}, expected {VERSION}")
    try:
        settings = dict(data["table"])
        # A file from before reconnect codes has none (its keyless seats go by the name, as they did).
        holders = [
            (
                clean_text(str(h["name"])),
                None if h["key"] is None else str(h["key"]),
                bool(h["released"]),
                None if h.get("code") is None else str(h["code"]),
            )
            for h in data["holders"]
        ]
        chat = [_line(x) for x in data["chat"]]
        game = data["game"]
        bots = {int(k): str(v) for k, v in game.get("bots", {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveFileError(f"a field is missing or wrong ({e})") from None
    record = GameRecord.loads(json.dumps(game))
    over = record.replay(record_events=False).over  # a game that does not replay is as broken as bad JSON
    # Humans hold the first seats (a released one is its bot's now), bots every other seat.
    players, humans = record.config.players, len(holders)
    humans_ok = humans <= players and all(
        (i in bots) == released for i, (_, _, released, _) in enumerate(holders)
    )
    if (
        not humans_ok
        or set(bots) - set(range(players))
        or not set(range(humans, players)) <= set(bots)
        or any(v not in BOT_KINDS for v in bots.values())
    ):
        raise SaveFileError("its seats do not match its game")
    return StoredTable(settings, holders, chat, record, bots, over)
