"""The shipped themes' data kept on disk between starts (issue 19): the next start reads it back instead of
the TOML files, gets exactly the same themes, and ignores a file it cannot trust (then writes it anew)."""

from __future__ import annotations

import marshal
import shutil
from pathlib import Path

import pytest

import citadels_themes.model as theme_model
from citadels_themes import builtin_themes
from citadels_tui import theme_cache


def test_kept_themes_are_the_shipped_themes(tmp_path: Path):
    kept = tmp_path / "cache" / "themes.marshal"
    assert theme_cache.load(kept) is None  # the first start: no file yet
    assert theme_cache.save(kept)
    assert theme_cache.load(kept) == builtin_themes()  # every field, in the same order


def json_text(stamp, themes) -> bytes:
    """What the cache file held before it was kept in marshal's format."""
    import json

    return json.dumps({"stamp": stamp, "themes": themes}).encode()


@pytest.mark.parametrize(
    "damage",
    [
        "empty",
        "garbage",
        "truncated",
        "not an object",
        "another Python",
        "a file changed",
        "themes not a list",
        "a theme not a pair",
        "a bad colour",
        "a theme missing",
        "a theme too many",
        "a JSON file",
    ],
)
def test_a_bad_or_stale_file_is_ignored_and_replaced(tmp_path: Path, damage: str):
    kept = tmp_path / "themes.marshal"
    assert theme_cache.save(kept)
    good = kept.read_bytes()
    data = marshal.loads(good)
    stamp, themes = data["stamp"], data["themes"]
    bad_colour = [[themes[0][0], {**themes[0][1], "primary": "blurple"}], *themes[1:]]
    changed = [*stamp[:3], [[name, size + 1, time] for name, size, time in stamp[3]]]
    kept.write_bytes(
        {
            "empty": b"",
            "garbage": b"not marshal data at all {",
            "truncated": good[: len(good) // 2],
            "not an object": marshal.dumps([stamp, themes]),
            "another Python": marshal.dumps({"stamp": [stamp[0], [2, 7, 0], *stamp[2:]], "themes": themes}),
            "a file changed": marshal.dumps({"stamp": changed, "themes": themes}),
            "themes not a list": marshal.dumps({"stamp": stamp, "themes": 5}),
            "a theme not a pair": marshal.dumps({"stamp": stamp, "themes": [*themes, ["x.toml"]]}),
            "a bad colour": marshal.dumps({"stamp": stamp, "themes": bad_colour}),
            "a theme missing": marshal.dumps({"stamp": stamp, "themes": themes[1:]}),
            "a theme too many": marshal.dumps(
                {"stamp": stamp, "themes": [*themes, ["extra.toml", themes[0][1]]]}
            ),
            "a JSON file": json_text(stamp, themes),
        }[damage],
    )
    assert theme_cache.load(kept) is None
    assert theme_cache.save(kept)  # written anew, whole
    assert theme_cache.load(kept) == builtin_themes()


def test_an_edited_theme_file_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Keyed by the files themselves: an edited shipped theme is not served from the old data.
    shipped = tmp_path / "themes"
    shipped.mkdir()
    for f in theme_model.shipped_files():
        shutil.copy(f, shipped / f.name)
    monkeypatch.setattr(theme_model, "SHIPPED_DIR", shipped)
    kept = tmp_path / "themes.marshal"
    assert theme_cache.save(kept)
    assert theme_cache.load(kept) == builtin_themes()
    night = shipped / "night.toml"
    night.write_text(
        night.read_text(encoding="utf-8").replace("dark slate", "Nocturne slate", 1), encoding="utf-8"
    )
    assert theme_cache.load(kept) is None
    assert theme_cache.save(kept)
    edited = {th.name: th for th in theme_cache.load(kept) or []}["night"]
    assert "Nocturne" in edited.description


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path):
    (tmp_path / "file").write_text("a file where the folder would be")
    assert not theme_cache.save(tmp_path / "file" / "themes.marshal")


def test_citadels_keeps_its_themes_and_starts_with_a_damaged_file(tmp_path: Path):
    from terminals import start_until_kept_and_quit

    kept = tmp_path / "cache" / "themes.marshal"

    start_until_kept_and_quit(tmp_path, kept)
    assert theme_cache.load(kept) == builtin_themes()  # what the real start kept
    kept.write_bytes(b"{damaged")
    start_until_kept_and_quit(tmp_path, kept)  # starts all the same, reading the theme files
    assert theme_cache.load(kept) == builtin_themes()  # and the damaged file was written anew
