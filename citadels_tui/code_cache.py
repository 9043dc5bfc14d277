"""The methods `dataclasses` writes for each data class, kept compiled between starts of the local app.

For every data class (some 300 methods in a start: Textual's, Rich's, the engine's and ours) the standard
library writes the source of `__init__`, `__repr__`, `__eq__` … as text and compiles it with `exec`.
Compiling is most of the cost: ~35 ms of CPU in each start, a sixth of it. The text depends only on the
class's fields, so the local app keeps each text's compiled code in its cache folder (`marshal`, as
Python's own .pyc files) and the next start executes that instead of compiling the same text again:
the same code object Python would make (compiled with the same flags), executed the same way.

Only `dataclasses._create_fn` calls `exec` in that module, with the source text, its globals and a fresh
namespace (CPython 3.11); `install` puts a module-level `exec` there that looks the text up first. The
file is stamped with Python's version and bytecode magic number and the `dataclasses` module's own file;
anything else in it (damage, another Python, not code) makes it ignored whole and written anew after
the first frame (`CitadelsApp._started`). Python other than 3.11 (whose dataclasses work otherwise), or
a `dataclasses` without `_create_fn`, leaves this a no-op. The server does not use it: it starts once.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import logging
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

log = logging.getLogger(__name__)

FILE_FORMAT = 1  # raised when what the file holds changes shape
FILE_NAME = "dataclass-code.marshal"  # in the cache folder (citadels_tui.paths.cache_dir)

_codes: dict[str, CodeType] = {}  # source text -> its compiled code
_used: set[str] = set()  # the texts this process executed: what `save` keeps
_compiled = 0  # texts compiled here since the file was read: nothing to save when none
_installed = False


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """`exec` as `dataclasses` calls it, with the compiled code of a text seen before."""
    global _compiled
    if type(source) is not str:
        builtins.exec(source, globals, locals)
        return
    code = _codes.get(source)
    if code is None:
        # As `exec(text)` in dataclasses compiles it: that module has no __future__ imports, and neither
        # must this code's flags (dont_inherit), or annotations would turn into strings.
        code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _compiled += 1
    _used.add(source)
    builtins.exec(code, globals, locals)


def supported() -> bool:
    return sys.version_info[:2] == (3, 11) and hasattr(dataclasses, "_create_fn")


def install() -> None:
    """Give `dataclasses` the looking-up `exec` (idempotent; nothing on another Python)."""
    global _installed
    if _installed or not supported():
        return
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    _installed = True


def installed() -> bool:
    return _installed


def _stamp() -> tuple[Any, ...]:
    st = os.stat(dataclasses.__file__)
    return (FILE_FORMAT, sys.version, MAGIC_NUMBER, dataclasses.__file__, st.st_size, st.st_mtime_ns)


def load(path: Path) -> int:
    """Take the compiled code kept in `path`; how many texts were read. A missing, unreadable, damaged
    or stale file is ignored: the texts are then compiled as usual."""
    global _compiled
    try:
        data = path.read_bytes()
    except OSError:
        return 0  # no file yet (the first start), or not readable
    try:
        stamp, entries = marshal.loads(data)
        if stamp != _stamp():
            return 0  # another Python: rewritten after the first frame
        if type(entries) is not dict or not all(
            type(k) is str and type(v) is CodeType for k, v in entries.items()
        ):
            raise ValueError("not a table of compiled code")
    except Exception as e:  # noqa: BLE001 - any damage (truncated, garbage, other shapes): compile instead
        log.info("code cache %s ignored: %s", path, e)
        return 0
    for source, code in entries.items():
        _codes.setdefault(source, code)
    return len(entries)


def save(path: Path) -> bool:
    """Keep the code of the texts this process executed in `path` (atomically), when any was compiled
    here. Failing to write is no error: the next start compiles."""
    global _compiled
    if not _installed or _compiled == 0:
        return False
    entries = {source: _codes[source] for source in _used if source in _codes}
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(marshal.dumps((_stamp(), entries)))
        os.replace(tmp, path)
    except (OSError, ValueError) as e:
        log.info("code cache %s not written: %s", path, e)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False
    _compiled = 0
    return True
