"""The game as JSON lines, for a bot that is not one of ours (docs/bot-protocol.md).

A seat is told, one JSON object a line: `hello` when the game begins, `decide` whenever the decision is
its own (its view, its legal actions each with an id and what it does, the events it may see since its
last message, the time it has), `error` when its answer cannot be used, and `over` when the game ends. It
answers a `decide` with one line, `{"action": ID}`. Everything in a message is what the seat may know: it
is built from the seat's `View` and the events visible to it, never from the state itself (the re-deal
property test runs over these messages: tests/core/test_protocol.py).

The messages are checked against `docs/bot-protocol.schema.json` by the tests. `PROTOCOL` is the version
every message carries; a change that an existing bot could misread gets a new number."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Action
from .effects import Effect
from .terms import Decision, Phase
from .view import CityDistrict, PlayerInfo, View

if TYPE_CHECKING:
    from .events import Event

PROTOCOL = 1
# An answer longer than this is refused unread: a bot's answer is a few bytes.
MAX_ANSWER = 1024
# The codes of an `error` that is not about one answer's form (a bot seated over SSH, server/bot_seat.py):
# a line when no decision is the bot's, a decision its stand-in made, a bot slowed, a bot cut off, a table
# whose maker takes no programs.
SESSION_CODES = ("not_your_turn", "stand_in", "slowed", "cut_off", "no_programs")


class ProtocolError(ValueError):
    """An answer that cannot be used: `code` names the fault for a program, the message for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def player_json(p: PlayerInfo) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "name": p.name,
        "gold": p.gold,
        "hand_size": p.hand_size,
        "city": [{"key": d.key, "cost": d.cost, "type": d.type, "beautified": d.beautified} for d in p.city],
        "city_size": p.city_size,
        "crown": p.crown,
        "revealed": list(p.revealed),
        "complete": p.complete,
        "known_hand": list(p.known_hand),
        "museum": p.museum,
    }


def view_json(v: View) -> dict[str, Any]:
    """The view as JSON, without its legal actions and their effects (the message's `actions` holds them)."""
    return {
        "seat": v.me,
        "edition": v.edition,
        "round": v.round,
        "phase": v.phase,
        "players": [player_json(p) for p in v.players],
        "cast": list(v.cast),
        "faceup": list(v.faceup),
        "facedown_count": v.facedown_count,
        "my_characters": list(v.my_characters),
        "hand": list(v.hand),
        "seen_characters": list(v.seen_characters),
        "killed": v.killed,
        "robbed": v.robbed,
        "calling": v.calling,
        "pending_player": v.pending_player,
        "pending_kind": v.pending_kind,
        "options": list(v.options),
        "deck_size": v.deck_size,
        "complete_at": v.complete_at,
        "first_complete": v.first_complete,
        "last_round": v.last_round,
        "tax": v.tax,
        "bewitched": v.bewitched,
        "warrants": list(v.warrants),
        "signed_warrant": v.signed_warrant,
        "threats": list(v.threats),
        "flowered_threat": v.flowered_threat,
        "revealed_threats": list(v.revealed_threats),
    }


def effect_json(e: Effect) -> dict[str, Any]:
    """What an action does (core/effects.py); an amount not known before the action is null."""
    return {
        "gold_paid": e.gold_paid,
        "gold_gained": e.gold_gained,
        "cards_paid": e.cards_paid,
        "cards_gained": e.cards_gained,
        "target": e.target,
        "card": e.card,
        "harms_own": e.harms_own,
        "tax": e.tax,
        "ends_turn": e.ends_turn,
        "due": e.due,
    }


def event_json(e: Event) -> dict[str, Any]:
    """An event as the seat sees it: `private` when only some seats were shown it."""
    return {"kind": e.kind, "data": e.data, "private": e.audience is not None}


def hello(v: View) -> dict[str, Any]:
    """The first message, before the seat's first decision: who it is and with whom it plays."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "seat": v.me,
        "players": [p.name for p in v.players],
        "edition": v.edition,
    }


def decide(v: View, events: list[Event], time_left: float | None = None) -> dict[str, Any]:
    """The `decide` message of a seat whose decision is open: its view (`view(g, seat)`), the events it may
    see since its last message (`events_for`) and the seconds it has (None: no clock)."""
    if v.me is None or v.pending_player != v.me:
        raise ValueError("a decide message is for the seat whose decision is open")
    return {
        "type": "decide",
        "protocol": PROTOCOL,
        "view": view_json(v),
        "actions": [
            {"id": i, "action": a.to_json(), "effect": effect_json(e)}
            for i, (a, e) in enumerate(zip(v.legal, v.effects, strict=True))
        ],
        "events": [event_json(e) for e in events],
        "time_left": time_left,
    }


def over(events: list[Event], result: dict[str, Any] | None) -> dict[str, Any]:
    """The last message: the events since the seat's last decision and the game's result (scores, winners)."""
    return {"type": "over", "protocol": PROTOCOL, "events": [event_json(e) for e in events], "result": result}


def error(e: ProtocolError) -> dict[str, Any]:
    return {"type": "error", "protocol": PROTOCOL, "code": e.code, "reason": str(e)}


def line(message: dict[str, Any]) -> str:
    """A message as one line of text (ASCII: a name's letters are escaped), its newline included."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def read_view(message: dict[str, Any]) -> View:
    """The seat's `View` again from a `decide` message, its legal actions and their effects included: what
    a program built on this engine (a bot of ours playing from outside, docs/examples/normal_bot.py) decides
    from. It equals `view(g, seat)` of the game the message was made from."""
    v = message["view"]
    players = tuple(
        PlayerInfo(
            seat=p["seat"],
            name=p["name"],
            gold=p["gold"],
            hand_size=p["hand_size"],
            city=tuple(CityDistrict(d["key"], d["cost"], d["type"], d["beautified"]) for d in p["city"]),
            city_size=p["city_size"],
            crown=p["crown"],
            revealed=tuple(p["revealed"]),
            complete=p["complete"],
            known_hand=tuple(p["known_hand"]),
            museum=p["museum"],
        )
        for p in v["players"]
    )
    return View(
        me=v["seat"],
        edition=v["edition"],
        round=v["round"],
        phase=Phase(v["phase"]),
        players=players,
        cast=tuple(v["cast"]),
        faceup=tuple(v["faceup"]),
        facedown_count=v["facedown_count"],
        my_characters=tuple(v["my_characters"]),
        hand=tuple(v["hand"]),
        seen_characters=tuple(v["seen_characters"]),
        killed=v["killed"],
        robbed=v["robbed"],
        calling=v["calling"],
        pending_player=v["pending_player"],
        pending_kind=None if v["pending_kind"] is None else Decision(v["pending_kind"]),
        options=tuple(v["options"]),
        legal=tuple(Action.from_json(a["action"]) for a in message["actions"]),
        deck_size=v["deck_size"],
        complete_at=v["complete_at"],
        first_complete=v["first_complete"],
        last_round=v["last_round"],
        tax=v["tax"],
        result=None,  # a decision is open: the game has no result yet
        bewitched=v["bewitched"],
        warrants=tuple(v["warrants"]),
        signed_warrant=v["signed_warrant"],
        threats=tuple(v["threats"]),
        flowered_threat=v["flowered_threat"],
        revealed_threats=tuple(v["revealed_threats"]),
        effects=tuple(Effect(**a["effect"]) for a in message["actions"]),
    )


def read_answer(text: str, choices: int) -> int:
    """The action id of an answer to a `decide` that offered `choices` actions; ProtocolError otherwise."""
    if len(text) > MAX_ANSWER:
        raise ProtocolError("too_long", f"an answer is at most {MAX_ANSWER} characters")
    try:
        answer = json.loads(text)
    except ValueError:
        raise ProtocolError("not_json", 'an answer is one JSON object a line: {"action": ID}') from None
    if not isinstance(answer, dict) or "action" not in answer:
        raise ProtocolError("no_action", 'an answer is a JSON object with an "action" field: {"action": ID}')
    chosen = answer["action"]
    if not isinstance(chosen, int) or isinstance(chosen, bool):
        raise ProtocolError(
            "not_an_id", "the action is the id (a whole number) of one of the actions offered"
        )
    if not 0 <= chosen < choices:
        raise ProtocolError(
            "unknown_id", f"no action has the id {chosen}: the ids go from 0 to {choices - 1}"
        )
    return chosen
