"""The game in progress, saved after every action as GameRecord JSON (atomic write).

A broken save file is never overwritten: it may be wanted as a bug report. So saves go to the first of
`current-game.json`, `current-game-1.json`, … that is free or holds a readable game, and loading takes
the newest readable one, with a sentence about any newer broken file."""

from __future__ import annotations

import json
import os
from collections import namedtuple
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from citadels_core import SaveFileError
from citadels_core.record import GameRecord

from .i18n import t
from .paths import data_dir, write_atomic

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

STEM = "current-game"


class Saved(namedtuple("Saved", "record path bots language theme", defaults=(None, "", ""))):
    """A saved game read back: its `record` (GameRecord) and `path`; `bots` (dict[int, str] | None): each
    bot seat's level, when the file says; `language` and `theme`: how the game was shown when it was saved
    (a language code, a theme name), so that it resumes so, "" when the file does not say (an older
    save). (`collections.namedtuple`: `typing.NamedTuple` compiles each field's annotation at every start.)"""

    __slots__ = ()


def dumps(
    record: GameRecord, bots: dict[int, str] | None = None, *, language: str = "", theme: str = ""
) -> str:
    """The record's JSON, plus the app's own keys: "bots", "language", "theme" (replay ignores keys it does
    not know)."""
    data = record.to_json()
    if bots:
        data["bots"] = {str(k): v for k, v in sorted(bots.items())}
    if language:
        data["language"] = language
    if theme:
        data["theme"] = theme

    return json.dumps(data, ensure_ascii=False, indent=1)


def _shown(text: str) -> tuple[str, str]:
    """The save's language and theme ("" for what it does not say or says wrongly)."""
    try:
        data = json.loads(text)
    except ValueError:
        return "", ""
    if not isinstance(data, dict):
        return "", ""
    lang, theme = data.get("language"), data.get("theme")
    return (lang if isinstance(lang, str) else ""), (theme if isinstance(theme, str) else "")


def _bots(text: str) -> dict[int, str] | None:
    try:
        raw = json.loads(text).get("bots")
        out = {int(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else None
    except (ValueError, AttributeError, TypeError):
        return None
    from citadels_core.bots import BOT_KINDS  # imported where used: the bots are not needed to start

    if out and all(v in BOT_KINDS for v in out.values()):
        return out
    return None


def _names() -> list[str]:
    return [f"{STEM}.json"] + [f"{STEM}-{i}.json" for i in range(1, 100)]


def _candidates(home: Path | None) -> Iterator[Path]:
    # Made one at a time: a new game's target is usually the first (a hundred paths are ~0.5 ms).
    d = data_dir(home)
    return (d / name for name in _names())


def _load(path: Path) -> Saved:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SaveFileError(str(e)) from None
    rec = GameRecord.loads(text)
    rec.replay(record_events=False)  # a save that does not replay is as broken as bad JSON
    bots = _bots(text)
    if bots is not None and set(bots) != set(range(1, rec.config.players)):
        bots = None
    return Saved(rec, path, bots, *_shown(text))


def read_save(home: Path | None = None) -> tuple[Saved | None, str | None]:
    """The newest readable saved game, and a sentence when a newer file is broken (left untouched)."""
    # The folder listed once rather than each of the hundred names looked up (~0.5 ms of every start).
    d = data_dir(home)
    try:
        present = set(os.listdir(d))
    except OSError:
        present = set()  # no folder yet: nothing saved
    found = [d / name for name in _names() if name in present]
    found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    message = None
    for p in found:
        try:
            return _load(p), message
        except SaveFileError as e:
            if message is None:
                message = t("The saved game {path} is broken ({err}). It was left as it is.", path=p, err=e)
    return None, message


def save_target(home: Path | None = None) -> Path:
    """Where a new game is saved: a free name, or one holding a readable game; never a broken file."""
    for p in _candidates(home):
        if not p.exists():
            return p
        try:
            _load(p)
            return p
        except SaveFileError:
            continue
    return data_dir(home) / f"{STEM}-last.json"


def write_save(
    record: GameRecord, path: Path, bots: dict[int, str] | None = None, *, language: str = "", theme: str = ""
) -> None:
    write_atomic(path, dumps(record, bots, language=language, theme=theme))


def remove_save(path: Path) -> None:
    """Forget a finished game so that the next start does not offer to resume it."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass


class BackgroundSaver:
    """Writes saves in one worker thread, in order: an fsync can take tens of milliseconds, and the
    event loop (every table of a server shares it) must not wait for the disk."""

    def __init__(self) -> None:
        # The thread's pool is made at the first write: a start writes nothing before its first frame, and
        # importing and making the pool cost it ~1 M instructions.
        self._executor: ThreadPoolExecutor | None = None
        self._closed = False
        self.error: str | None = None  # the last failure, for the player to read

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")  # as a closed pool says

            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="citadels-save")
        return self._executor

    def save(
        self,
        record: GameRecord,
        path: Path,
        bots: dict[int, str] | None = None,
        *,
        language: str = "",
        theme: str = "",
    ) -> None:
        text = dumps(
            record, bots, language=language, theme=theme
        )  # serialised now, on the caller's thread: the record keeps changing
        self._pool().submit(self._write, path, text)

    def write(self, path: Path, text: str) -> None:
        """Write `text` (already serialised by the caller) to `path`, atomically, in the background."""
        self._pool().submit(self._write, path, text)

    def remove(self, path: Path) -> None:
        self._pool().submit(remove_save, path)

    def _write(self, path: Path, text: str) -> None:
        try:
            write_atomic(path, text)
            self.error = None
        except OSError as e:
            self.error = str(e.strerror or e)

    def flush(self) -> None:
        """Wait until every queued write is on disk."""
        if self._executor is not None:
            self._executor.submit(lambda: None).result()

    def close(self) -> None:
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=True)
