"""One parse of each stylesheet per process, shared by every app in it.

Textual parses an app's CSS (its own files and every widget's DEFAULT_CSS) into rule sets, and keeps
them in a cache that belongs to one Stylesheet object. But a new Stylesheet is made, and all the CSS
parsed again, for every app (each SSH session: tens of milliseconds of the server's one loop, which every
other player waits for) and on every `reparse` (Textual makes a fresh Stylesheet for it). The result depends only on the CSS text, where it came from, and the theme's variables, so here
it is kept per process under exactly that key.

Sharing is safe: Textual only reads rule sets once parsed (it copies their values into each widget's own
styles), and a rule set's identity is its hash, which is the same for every app that holds it.

Stylesheet._parse_rules is private Textual API; pyproject pins textual exactly, and
tests/test_css_cache.py checks that the cache is used and changes nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from textual.css.stylesheet import Stylesheet

# Entries are one CSS source each (a file or a widget's DEFAULT_CSS) under one theme: about a hundred
# sources per theme, a handful of themes.
MAX_ENTRIES = 2048

_rules: OrderedDict[tuple[Any, ...], list[Any]] = OrderedDict()
_installed = False
hits = 0
misses = 0


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
        global hits, misses
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _rules.get(key)
        if rules is not None:
            hits += 1
            _rules.move_to_end(key)
            return rules
        misses += 1
        rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
        _rules[key] = rules
        if len(_rules) > MAX_ENTRIES:
            _rules.popitem(last=False)
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
    _installed = True
