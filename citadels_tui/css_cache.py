"""One parse of each stylesheet per process, shared by every app in it.

Textual parses an app's CSS (its own files and every widget's DEFAULT_CSS) into rule sets, and keeps
them in a cache that belongs to one Stylesheet object. But a new Stylesheet is made, and all the CSS
parsed again, for every app (each SSH session: tens of milliseconds of the server's one loop, which every
other player waits for) and on every `reparse` (Textual makes a fresh Stylesheet for it). The result depends only on the CSS text, where it came from, and the theme's variables, so here
it is kept per process under exactly that key.

Sharing is safe: Textual only reads rule sets once parsed (it copies their values into each widget's own
styles), and a rule set's identity is its hash, which is the same for every app that holds it.

Stylesheet._parse_rules is private Textual API; pyproject pins textual exactly, and
tests/tui/test_css_cache.py checks that the cache is used and changes nothing.

The local app also keeps the parsed rules on disk between starts (`load`, `save`): parsing its twenty CSS
sources is ~12 ms of every start, reading them back ~2. The file is a pickle in the player's own cache
folder (written and read by the same user, like Python's own .pyc files), stamped with the Python
version and Textual's files it depends on; a file that is unreadable, damaged or from another Textual is
ignored (and replaced at the next save), and an entry is only ever used for exactly the same CSS text,
origin and theme variables. The server does not use it: it parses once per process anyway.

Beside the rules the file keeps the theme's CSS variables (`variables`, `keep_variables`): Textual works
them out from the theme's few colours at every start (a colour system of ~150 shades, ~7 M instructions),
and they depend only on the theme, the app's defaults for the game's own variables and Textual's colour
code (its files are in the stamp). They are kept under exactly what they were made from.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

import textual
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

log = logging.getLogger(__name__)

# Entries are one CSS source each (a file or a widget's DEFAULT_CSS) under one theme: about a hundred
# sources per theme, a handful of themes.
MAX_ENTRIES = 2048

_rules: OrderedDict[tuple[Any, ...], list[Any]] = OrderedDict()
_installed = False
hits = 0
misses = 0
# Entries parsed since the disk cache was last read or written: nothing to save when there are none.
_unsaved = 0
# The keys this process asked for once `load` was called (the local app; a server never tracks them): what
# `save` keeps, so that entries of CSS no longer used are dropped from the file.
_used: set[tuple[Any, ...]] | None = None
# Theme variables by what they were made from (`variables`): read from the file, and made or used by this
# process (what `save` keeps).
_kept_variables: dict[str, dict[str, str]] = {}
_used_variables: dict[str, dict[str, str]] = {}
FILE_FORMAT = 2  # raised when what the file holds changes shape (2: the theme variables beside the rules)


def _variables_key(sheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    # The same variables dict is passed on to every copy and reparse of a sheet: key it once per dict.
    variables = sheet._variables
    memo = sheet.__dict__.get("_citadels_variables_key")
    if memo is None or memo[0] is not variables:
        memo = (variables, tuple(sorted(variables.items())))
        sheet.__dict__["_citadels_variables_key"] = memo
    return memo[1]


def install() -> None:
    """Make every Stylesheet of this process share parsed rules (idempotent)."""
    global _installed
    if _installed:
        return
    original = Stylesheet._parse_rules

    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        global hits, misses, _unsaved
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _rules.get(key)
        if _used is not None:
            _used.add(key)
        if rules is not None:
            hits += 1
            _rules.move_to_end(key)
            return rules
        misses += 1
        rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
        _rules[key] = rules
        _unsaved += 1
        if len(_rules) > MAX_ENTRIES:
            _rules.popitem(last=False)
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]  # the cache wraps Textual's parser (textual is pinned)
    _installed = True


def _stamp() -> tuple[Any, ...]:
    """What a file's rules were made with: the pickle's shape, Python, and Textual's own files (their
    path, size and time: another Textual, or an edited one, makes another stamp). Not Textual's version
    number: importlib.metadata would cost as much as the parse saved."""
    package = os.path.dirname(textual.__file__)
    css = os.path.join(package, "css")
    # Listed with os.scandir rather than Path.glob: the pattern's regular expression and the paths made
    # were ~0.4 ms of every start.
    files = [os.path.join(package, name) for name in ("__init__.py", "color.py", "design.py", "theme.py")]
    files += sorted(e.path for e in os.scandir(css) if e.name.endswith(".py"))
    stats = []
    for f in files:
        st = os.stat(f)
        stats.append((os.path.basename(f), st.st_size, st.st_mtime_ns))
    return (FILE_FORMAT, sys.version_info[:3], package, tuple(stats))


def load(path: Path) -> int:
    """Take the parsed rules kept in `path` by an earlier start; how many sources were read. A missing,
    unreadable, damaged or stale file is ignored: the CSS is then parsed as usual."""
    global _used
    if _used is None:
        _used = set()
    try:
        data = path.read_bytes()
    except OSError:
        return 0  # no file yet (the first start), or not readable: parse as usual
    try:
        stamp, entries, variables = pickle.loads(data)
        if stamp != _stamp():
            return 0  # made with another Python or Textual: rewritten at the next save
        # Checked whole before any is taken: a file that is not what `save` wrote gives nothing.
        checked = [
            (key, rules)
            for key, rules in entries
            if type(key) is tuple and type(rules) is list and all(type(r) is RuleSet for r in rules)
        ]
        if len(checked) != len(entries):
            raise ValueError("not a list of parsed rule sets")
        # Names and values all strings (the types gathered by `map`, not a loop of ours: ~150 of each).
        if type(variables) is not dict or not all(
            type(key) is str
            and type(values) is dict
            and {*map(type, values), *map(type, values.values())} <= {str}
            for key, values in variables.items()
        ):
            raise ValueError("not theme variables")
    except Exception as e:  # noqa: BLE001 - any damage (truncated, garbage, old classes): parse instead
        log.info("CSS cache %s ignored: %s", path, e)
        return 0
    _kept_variables.update(variables)
    taken = 0
    for key, rules in checked:
        if key not in _rules:
            _rules[key] = rules
            taken += 1
    return taken


def save(path: Path) -> bool:
    """Keep the rules parsed in this process in `path` for the next start (atomically: a crash leaves
    the old file or the new one). Nothing is written when nothing new was parsed since `load`. Rule sets
    with errors are left out (Textual reports them at every parse). Failing to write is no error: the
    next start parses."""
    global _unsaved
    if _unsaved == 0 or _used is None:
        return False
    entries = [
        (key, rules)
        for key, rules in _rules.items()
        if key in _used and not any(rule.errors for rule in rules)
    ]
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = (_stamp(), entries, dict(_used_variables))
        tmp.write_bytes(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError) as e:
        log.info("CSS cache %s not written: %s", path, e)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False
    _unsaved = 0
    return True


def variables(key: str) -> dict[str, str] | None:
    """The theme variables kept under `key` (what they were made from) by an earlier start, or None."""
    found = _kept_variables.get(key)
    if found is not None and _used is not None:
        _used_variables[key] = found
    return found


def keep_variables(key: str, made: dict[str, str]) -> None:
    """Keep the theme variables made from `key` for the next start (written by `save`; a server, which
    never loads the file, keeps nothing)."""
    global _unsaved
    if _used is None:
        return
    _kept_variables[key] = _used_variables[key] = made
    _unsaved += 1
