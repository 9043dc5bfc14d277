"""A whole game as one copy-pasteable line: `citadels:1:<data>:<checksum>` (docs/save-format.md).

`<data>` is the game (config, seed, actions, the final state's digest, the bots' levels when known) as
compact JSON, zlib-compressed, in base64url without padding; `<checksum>` is the first 8 hex digits of the
SHA-256 of `<data>`, so a line cut short or mistyped is caught before anything is read from it. The line
holds the seed: whoever has it can replay every hidden card, so it is a record of a game, not a secret."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from .actions import Action
from .config import GameConfig
from .errors import ConfigError, IllegalAction, SaveFileError
from .game import Game
from .record import GameRecord

PREFIX = "citadels"
VERSION = 1
CHECKSUM_LEN = 8
# The most a line's data may unpack to: far above a long 8-player game (about 60 KB of JSON), far below
# what would hurt a machine asked to read a hostile line.
MAX_JSON = 4 * 1024 * 1024
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_WHITESPACE = re.compile(r"\s+")


def checksum(data: str) -> str:
    return hashlib.sha256(data.encode("ascii")).hexdigest()[:CHECKSUM_LEN]


def encode(record: GameRecord, bots: dict[int, str] | None = None) -> str:
    """The game as one line; `bots` (seat -> level) is kept when given."""
    body: dict[str, Any] = {
        "config": record.config.to_json(),
        "seed": record.seed,
        "actions": [[p, *a.to_json()] for p, a in record.actions],
    }
    if record.final is not None:
        body["final"] = record.final
    if bots:
        body["bots"] = {str(seat): level for seat, level in sorted(bots.items())}
    raw = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    data = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return f"{PREFIX}:{VERSION}:{data}:{checksum(data)}"


def decode(line: str) -> GameRecord:
    """The game of a line, checked to replay; SaveFileError with a sentence naming what is wrong."""
    return read(line)[0]


def read(line: str) -> tuple[GameRecord, dict[int, str]]:
    """The game of a line and its bots' levels (seat -> level; empty when the line has none)."""
    body = _unpack(line)
    try:
        config = GameConfig.from_json(body.get("config"))
    except ConfigError as e:
        raise SaveFileError(f"The game line's configuration is not a game: {e}") from None
    seed = body.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError("The game line has no seed (a whole number).")
    raw = body.get("actions")
    if not isinstance(raw, list):
        raise SaveFileError("The game line has no list of actions.")
    actions = []
    for i, item in enumerate(raw):
        if not (
            isinstance(item, list)
            and len(item) >= 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
        ):
            raise SaveFileError(f"Action {i + 1} of the game line is not [seat, kind, arguments…].")
        actions.append((item[0], Action.from_json(item[1:])))
    final = body.get("final")
    if final is not None and not isinstance(final, str):
        raise SaveFileError("The game line's final state is not a digest.")
    bots = _bots(body.get("bots", {}), config.players)
    record = GameRecord(config, seed, actions, final)
    _check_replays(record)
    return record, bots


def _unpack(line: str) -> dict[str, Any]:
    """The JSON object inside a line, after its prefix, version and checksum are checked."""
    # A terminal may wrap a long line when it is copied: spaces and line breaks are not part of it.
    text = _WHITESPACE.sub("", line)
    parts = text.split(":")
    if parts[0].lower() != PREFIX or len(parts) < 2:
        raise SaveFileError(f"This is not a Citadels game line: one starts with '{PREFIX}:{VERSION}:'.")
    if parts[1] != str(VERSION):
        raise SaveFileError(
            f"This game line is of version {parts[1]!r}; this Citadels reads version {VERSION}."
        )
    if len(parts) != 4:
        raise SaveFileError(
            f"The game line is cut or damaged: it has the form {PREFIX}:{VERSION}:DATA:CHECKSUM."
        )
    data, check = parts[2], parts[3].lower()
    if not data or not _B64URL.fullmatch(data) or len(data) % 4 == 1:
        raise SaveFileError("The game line is damaged: its data is not base64url (letters, digits, - and _).")
    if check != checksum(data):
        raise SaveFileError(
            "The game line is damaged: its checksum does not match its data. Copy it again, whole."
        )
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unzip = zlib.decompressobj()
        raw = unzip.decompress(packed, MAX_JSON)
        if unzip.unconsumed_tail or not unzip.eof:
            raise SaveFileError("The game line's data is too large or incomplete to be a game.")
        body = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as e:
        if isinstance(e, SaveFileError):
            raise
        raise SaveFileError("The game line's data is not a game (it does not unpack to one).") from None
    if not isinstance(body, dict):
        raise SaveFileError("The game line's data is not a game (it does not unpack to one).")
    return body


def _bots(raw: Any, players: int) -> dict[int, str]:
    from .bots import parse_kind

    if not isinstance(raw, dict):
        raise SaveFileError("The game line's bots are not seats with levels.")
    out = {}
    for k, v in raw.items():
        if not (isinstance(k, str) and k.isdigit() and int(k) < players and isinstance(v, str)):
            raise SaveFileError("The game line's bots are not seats with levels.")
        try:
            parse_kind(v)
        except ValueError as e:
            raise SaveFileError(
                f"The game line's bot of seat {int(k) + 1} is not one this Citadels has: {e}."
            ) from None
        out[int(k)] = v
    return out


def _check_replays(record: GameRecord) -> None:
    g = Game(record.config, record.seed, record_events=False)
    for i, (p, a) in enumerate(record.actions):
        try:
            g.apply(p, a)
        except IllegalAction as e:
            raise SaveFileError(
                f"The game line does not replay: action {i + 1} ({a}) by seat {p + 1} is illegal: {e}"
            ) from None
