"""User-facing strings go through `t()` so that a catalog (Russian comes later) can translate them."""

from __future__ import annotations

_catalog: dict[str, str] = {}


def t(text: str, **kw: object) -> str:
    """Translate `text` with the active catalog, then fill `{name}` fields from `kw`."""
    s = _catalog.get(text, text)
    return s.format(**kw) if kw else s


def set_catalog(catalog: dict[str, str]) -> None:
    """Install a catalog (English source string -> translation); an empty one means English."""
    _catalog.clear()
    _catalog.update(catalog)
