"""docs/architecture.md is the map of the modules: every module of the four packages is named in it (by its
path from the top of the tree or from a folder above it, as `components/end_screen.py`, `bots/base.py` or
`engines.py` in the database's list), and every module it names is there. A character's or a unique district's module is named by its folder's line
("one module per character", "one class per unique district")."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("core", "citadels_tui", "server", "themes")
# Their modules are one per card, the folder's line says so: no line for each.
BY_FOLDER = ("core/characters/", "core/districts/")


def named() -> set[str]:
    return set(re.findall(r"`([\w/]+\.py)`", DOC.read_text(encoding="utf-8")))


def modules() -> list[str]:
    """The path from the top of the tree of every module but a package's __init__.py."""
    return [
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.name != "__init__.py"
    ]


def names_of(path: str) -> set[str]:
    """The ways the map may name a module: its path from the top or from any folder above it."""
    parts = path.split("/")
    return {"/".join(parts[i:]) for i in range(len(parts))}


def test_every_module_is_on_the_map():
    names = named()
    doc = DOC.read_text(encoding="utf-8")
    for folder in BY_FOLDER:
        assert f"`{folder.split('/', 1)[1]}`" in doc, f"docs/architecture.md says nothing of {folder}"
    missing = [path for path in modules() if not names_of(path) & names and not path.startswith(BY_FOLDER)]
    assert not missing, "a line in docs/architecture.md for each of:\n" + "\n".join(missing)


def test_every_module_the_map_names_is_there():
    tree = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py") if ".venv" not in p.parts]
    gone = sorted(n for n in named() if not any(p == n or p.endswith("/" + n) for p in tree))
    assert not gone, "docs/architecture.md names modules that are gone:\n" + "\n".join(gone)
