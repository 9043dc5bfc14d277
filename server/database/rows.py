"""The records as the database keeps them: JSON in TEXT columns (schema.py), both ways."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from citadels_core.actions import Action
from citadels_core.text import clean_text
from citadels_tui.i18n import Lazy
from citadels_tui.records import ChatLine, Finisher, GameSummary, KeptSeat, KeptTable, clean_line

CHAT_KEPT = 200  # lines kept per chat (each table's, the lobby's)


def line_json(line: ChatLine) -> str:
    # What players said is kept as said; an announcement as its message and values, to be translated for
    # each reader after a restart as before it (as hosted_store.py kept it).
    if isinstance(line, Lazy):
        data: dict[str, Any] = {"message": line.text, "values": dict(line.kw)}
        if line.plural is not None:
            data["plural"], data["n"] = line.plural, line.n
        return json.dumps(data, ensure_ascii=False)
    return json.dumps(line, ensure_ascii=False)


def line_of(text: str) -> ChatLine:
    raw = json.loads(text)
    if isinstance(raw, str):
        return clean_line(raw)
    if isinstance(raw, dict) and isinstance(raw.get("message"), str) and isinstance(raw.get("values"), dict):
        plural = raw.get("plural")
        return clean_line(
            Lazy(
                raw["message"],
                tuple(raw["values"].items()),
                plural if isinstance(plural, str) else None,
                int(raw.get("n", 0)),
            )
        )
    raise ValueError(f"a chat line {text!r:.60}")


def seats_json(seats: Sequence[KeptSeat]) -> str:
    return json.dumps(
        [
            {"name": s.name, "key": s.key, "released": s.released, "code": s.code}
            | ({} if s.away is None else {"away": s.away})  # only while a shared table holds the seat
            | ({"late": True} if s.late else {})  # turn-based tables only (citadels_tui/turns.py)
            | ({} if s.since is None else {"since": s.since})
            for s in seats
        ],
        ensure_ascii=False,
    )


def seats_of(text: str) -> list[KeptSeat]:
    return [
        KeptSeat(
            clean_text(str(s["name"])),
            s["key"],
            bool(s["released"]),
            s.get("code"),
            None if s.get("away") is None else float(s["away"]),
            bool(s.get("late", False)),
            None if s.get("since") is None else float(s["since"]),
        )
        for s in json.loads(text)
    ]


def bots_json(bots: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in sorted(bots.items())})


def bots_of(text: str) -> dict[int, str]:
    return {int(k): str(v) for k, v in json.loads(text).items()}


def summary_json(s: GameSummary) -> str:
    return json.dumps(
        {
            "id": s.id,
            "ended": s.ended,
            "edition": s.edition,
            "moves": s.moves,
            "abandoned": s.abandoned,
            "seats": [
                {"name": f.name, "key": f.key, "bot": f.bot, "score": f.score, "rank": f.rank}
                for f in s.seats
            ],
        },
        ensure_ascii=False,
    )


def summary_of(text: str) -> GameSummary:
    d = json.loads(text)
    seats = tuple(
        Finisher(clean_text(str(f["name"])), f["key"], f["bot"], int(f["score"]), int(f["rank"]))
        for f in d["seats"]
    )
    return GameSummary(
        int(d["id"]), float(d["ended"]), str(d["edition"]), seats, int(d["moves"]), bool(d["abandoned"])
    )


def action_json(action: Action) -> str:
    return json.dumps(action.to_json(), ensure_ascii=False)


def action_of(text: str) -> Action:
    return Action.from_json(json.loads(text))


class TableRow:
    """A table in play as the database's text, made on the loop: the hub goes on changing its objects
    while the write waits for the database's thread."""

    __slots__ = ("id", "settings", "seats", "bots", "config", "seed", "actions", "chat")

    def __init__(self, t: KeptTable) -> None:
        self.id = t.id
        self.settings = json.dumps(t.settings, ensure_ascii=False)
        self.seats = seats_json(t.seats)
        self.bots = bots_json(t.bots)
        self.config = json.dumps(t.record.config.to_json(), ensure_ascii=False)
        self.seed = str(t.record.seed)
        self.actions = [(seat, action_json(a)) for seat, a in t.record.actions]
        self.chat = [line_json(x) for x in t.chat[-CHAT_KEPT:]]
