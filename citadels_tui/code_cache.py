"""Code the standard library compiles from text at every start, kept compiled for the next start.

For every data class the `dataclasses` module writes the source of `__init__`, `__repr__`, `__eq__` …
as text and compiles it with `exec`; `collections.namedtuple` does the same for each named tuple's
`__new__` (`eval`), and `typing.ForwardRef` compiles each annotation written as a string (`compile`).
A start makes some 300 data class methods (Textual's, Rich's, the engine's and ours), 70 named tuples
and 280 string annotations, and compiling them is ~35 ms of its CPU, a sixth of it. The texts depend
only on the classes' fields, so the local app keeps each text's compiled code in its cache folder
(`marshal`, as Python's own .pyc files) and the next start uses that instead of compiling the same text
again: the same code object Python would make (same mode, file name and flags), used the same way.

`install` gives those three modules a module-level `exec`, `eval` or `compile` that looks the text up
first: in CPython 3.11 each of them calls it in exactly one place (`dataclasses._create_fn`,
`collections.namedtuple`, `typing.ForwardRef.__init__`). The file is stamped with Python's version and
bytecode magic number and the `dataclasses` module's own file; anything else in it (damage, another
Python, not code) makes it ignored whole and written anew after the first frame
(`CitadelsApp._started`). Another Python than 3.11 leaves this a no-op. The server does not use it: it
starts once.
"""

from __future__ import annotations

import builtins
import collections
import contextlib
import dataclasses
import logging
import marshal
import os
import sys
import typing
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

log = logging.getLogger(__name__)

FILE_FORMAT = 2  # raised when what the file holds changes shape
FILE_NAME = "dataclass-code.marshal"  # in the cache folder (citadels_tui.paths.cache_dir)

_codes: dict[tuple[str, str], CodeType] = {}  # (mode, source text) -> its compiled code
_used: set[tuple[str, str]] = set()  # the texts this process compiled or looked up: what `save` keeps
_compiled = 0  # texts compiled here since the file was read: nothing to save when none
_installed = False


def _code(source: str, mode: str) -> CodeType:
    """The compiled code of `source`: kept, or compiled as the standard library's modules compile it
    (none of them has __future__ imports, and neither must this code's flags: `dont_inherit`, or
    annotations would turn into strings)."""
    global _compiled
    key = (mode, source)
    code = _codes.get(key)
    if code is None:
        code = _codes[key] = compile(source, "<string>", mode, dont_inherit=True)
        _compiled += 1
    _used.add(key)
    return code


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """`exec` as `dataclasses` calls it (each method's source)."""
    builtins.exec(_code(source, "exec") if type(source) is str else source, globals, locals)


def _eval(source: Any, globals: Any = None, locals: Any = None) -> Any:
    """`eval` as `collections.namedtuple` calls it (each named tuple's `__new__`)."""
    return builtins.eval(_code(source, "eval") if type(source) is str else source, globals, locals)


def _compile(source: Any, filename: Any, mode: str, *args: Any, **kw: Any) -> Any:
    """`compile` as `typing.ForwardRef` calls it (each annotation written as a string)."""
    if type(source) is str and filename == "<string>" and mode == "eval" and not args and not kw:
        return _code(source, "eval")
    return builtins.compile(source, filename, mode, *args, **kw)


def supported() -> bool:
    return (
        sys.version_info[:2] == (3, 11)
        and hasattr(dataclasses, "_create_fn")
        and hasattr(collections, "namedtuple")
        and hasattr(typing, "ForwardRef")
    )


def install() -> None:
    """Give `dataclasses` the looking-up `exec` (idempotent; nothing on another Python)."""
    global _installed
    if _installed or not supported():
        return
    # Module globals, found before the builtins by these modules' own calls (and by nothing else).
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    collections.eval = _eval  # type: ignore[attr-defined]
    typing.compile = _compile  # type: ignore[attr-defined]
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
            type(k) is tuple
            and len(k) == 2
            and k[0] in ("exec", "eval")
            and type(k[1]) is str
            and type(v) is CodeType
            for k, v in entries.items()
        ):
            raise ValueError("not a table of compiled code")
    except Exception as e:  # noqa: BLE001 - any damage (truncated, garbage, other shapes): compile instead
        log.info("code cache %s ignored: %s", path, e)
        return 0
    for key, code in entries.items():
        _codes.setdefault(key, code)
    return len(entries)


def save(path: Path) -> bool:
    """Keep the code of the texts this process executed in `path` (atomically), when any was compiled
    here. Failing to write is no error: the next start compiles."""
    global _compiled
    if not _installed or _compiled == 0:
        return False
    entries = {key: _codes[key] for key in _used if key in _codes}
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
