"""The shipped themes' TOML data kept on disk between starts of the local app.

Reading the five shipped theme files costs every start ~3 ms (importing `tomllib` and parsing them); the
data they give changes only with the files. So the app keeps it in its cache folder and reads it back
(~0.3 ms) when the files are the same: stamped with each file's name, size and time, the folder
and the Python version (whose `tomllib` parsed them). What is read back is checked exactly as a theme
file is (`Theme.from_dict`), so a file that is missing, unreadable, damaged, stale or not what `save`
wrote is ignored, the themes are read from their files, and a good cache file is written after the
first frame (`CitadelsApp._started`). The server reads the files once per process and does not use it.

The file is in `marshal`'s format (the interpreter's own, built in): reading it imports nothing, where
`json` cost ~5 M instructions of every start to import. The data is plain (strings, numbers, lists and
dicts, as TOML gives them); marshal's format may change with the Python version, which the stamp holds.
"""

from __future__ import annotations

import contextlib
import logging
import marshal
import os
import sys
from pathlib import Path
from typing import Any

from citadels_themes import Theme, builtin_themes, shipped_data, shipped_files

log = logging.getLogger(__name__)

FILE_FORMAT = 2  # raised when what the file holds changes shape (2: marshal, not JSON)


def stamp() -> list[Any]:
    """What the kept data was read from: the shipped files (name, size, time) in their folder, and the
    Python whose TOML reader read them. Lists, to compare with what a file holds."""
    files = shipped_files()
    stats = []
    for f in files:
        st = f.stat()
        stats.append([f.name, st.st_size, st.st_mtime_ns])
    folder = str(files[0].parent) if files else ""
    return [FILE_FORMAT, list(sys.version_info[:3]), folder, stats]


def load(path: Path) -> list[Theme] | None:
    """The shipped themes from the data kept in `path`, or None when it cannot be used (then read the
    files: `builtin_themes()`)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None  # no file yet (the first start), or not readable
    try:
        kept = marshal.loads(raw)
        if kept["stamp"] != stamp():
            return None  # other files, or another Python: rewritten after the first frame
        data = [(source, fields) for source, fields in kept["themes"]]
        if not all(type(s) is str and type(f) is dict for s, f in data):
            raise ValueError("not a list of theme files' data")
        # Checked as the files themselves are; the same names as the files, no more and no fewer.
        themes = builtin_themes(data)
        if sorted(s for s, _ in data) != [f.name for f in shipped_files()]:
            raise ValueError("not the shipped files")
        return themes
    except Exception as e:  # noqa: BLE001 - any damage (garbage, wrong shapes, a bad theme): read the files
        log.info("theme cache %s ignored: %s", path, e)
        return None


def save(path: Path) -> bool:
    """Read the shipped files and keep their data in `path` (atomically: a crash leaves the old file or
    the new one). Failing to write is no error: the next start reads the files."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        kept = marshal.dumps({"stamp": stamp(), "themes": [list(item) for item in shipped_data()]})
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(kept)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError) as e:
        log.info("theme cache %s not written: %s", path, e)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False
    return True
