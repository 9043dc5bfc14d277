"""CSS is parsed once per process and theme (issue 19): a second app, or a second SSH session, parses none;
and the local app keeps what it parsed on disk for its next start, ignoring a file it cannot trust."""

from __future__ import annotations

import pickle
from collections import OrderedDict
from pathlib import Path

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet

from citadels_tui import css_cache, themed_app
from citadels_tui.app import CitadelsApp

SIZE = (100, 30)


async def _start(home: Path, theme: str | None = None) -> str:
    """Run an app to its game screen; its screen as SVG."""
    return (await _start_with_rules(home, theme))[0]


async def _start_with_rules(home: Path, theme: str | None = None) -> tuple[str, set[int]]:
    """Run an app to its game screen; its screen as SVG, and which rule sets its stylesheet holds."""
    app = CitadelsApp(home=home, seed=5, pace=0, theme=theme)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game_screen is not None
        return app.export_screenshot(), {id(rule) for rule in app.stylesheet.rules}


async def test_a_second_app_parses_no_css_and_looks_the_same(tmp_path: Path):
    first = await _start(tmp_path / "a")
    misses, hits = css_cache.misses, css_cache.hits
    second = await _start(tmp_path / "b")
    assert css_cache.misses == misses  # every stylesheet came from the first app's parse
    assert css_cache.hits > hits
    assert second == first


async def test_another_theme_is_parsed_for_itself(tmp_path: Path):
    # The key holds the theme's variables: a parse under one theme is never served to another.
    citadel, citadel_rules = await _start_with_rules(tmp_path / "a", theme="citadel")
    night, night_rules = await _start_with_rules(tmp_path / "b", theme="night")
    again, again_rules = await _start_with_rules(tmp_path / "c", theme="citadel")
    assert again_rules == citadel_rules  # shared, under the same theme
    assert night_rules != citadel_rules
    assert night != citadel and again == citadel


def test_the_theme_is_taken_before_the_css_is_first_parsed(tmp_path: Path):
    # Else Textual parses and applies all the CSS twice at each start: its own theme's, then ours.
    app = CitadelsApp(home=tmp_path, theme="night")
    assert app.theme == "night"
    assert app.stylesheet._variables == app.get_css_variables()


# ---------------------------------------------------------------- kept on disk between starts


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """css_cache as in a process that has parsed nothing yet (the module's state is put back after)."""
    monkeypatch.setattr(css_cache, "_rules", OrderedDict())
    monkeypatch.setattr(css_cache, "_used", None)
    monkeypatch.setattr(css_cache, "_unsaved", 0)
    monkeypatch.setattr(css_cache, "_kept_variables", {})
    monkeypatch.setattr(css_cache, "_used_variables", {})
    monkeypatch.setattr(themed_app, "_CSS_VARIABLES", {})  # the process's own, made from the theme


async def test_rules_kept_on_disk_are_used_by_the_next_start_and_look_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_process: None
):
    kept = tmp_path / "cache" / "css-rules.pickle"
    assert css_cache.load(kept) == 0  # the first start: no file yet
    first = await _start(tmp_path / "a")
    assert css_cache.save(kept)
    assert not css_cache.save(kept)  # nothing parsed since: nothing to write
    # The next start, in a new process: the rules come from the file, none is parsed.
    monkeypatch.setattr(css_cache, "_rules", OrderedDict())
    monkeypatch.setattr(css_cache, "_used", None)
    assert css_cache.load(kept) > 0
    misses = css_cache.misses
    second = await _start(tmp_path / "b")
    assert css_cache.misses == misses
    assert second == first


def _pickled(obj: object) -> bytes:
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


@pytest.mark.parametrize(
    "damage",
    [
        "empty",
        "garbage",
        "truncated",
        "another Textual",
        "not rules",
        "not variables",
        "not a triple",
        "the rules alone (an older file)",
    ],
)
async def test_a_bad_or_stale_file_is_ignored_and_replaced(tmp_path: Path, fresh_process: None, damage: str):
    kept = tmp_path / "css-rules.pickle"
    css_cache.load(kept)  # no file yet; what this process parses is kept from now on
    await _start(tmp_path / "a")
    assert css_cache.save(kept)
    good = kept.read_bytes()
    stamp, entries, variables = pickle.loads(good)
    assert len(variables) == 1  # the theme's, made by this process
    kept.write_bytes(
        {
            "empty": b"",
            "garbage": b"\x80\x05not a pickle at all",
            "truncated": good[: len(good) // 2],
            "another Textual": _pickled(((0, *stamp[1:]), entries, variables)),
            "not rules": _pickled((stamp, [*entries, (("css",), ["not a rule set"])], variables)),
            "not variables": _pickled((stamp, entries, {key: {"primary": 5} for key in variables})),
            "not a triple": _pickled([stamp]),
            "the rules alone (an older file)": _pickled((stamp, entries)),
        }[damage]
    )
    css_cache._rules.clear()
    css_cache._kept_variables.clear()
    assert css_cache.load(kept) == 0
    assert not css_cache._rules  # nothing taken from a bad file, not even its good entries
    assert not css_cache._kept_variables
    misses = css_cache.misses
    await _start(tmp_path / "b")  # parsed as usual
    assert css_cache.misses > misses
    assert css_cache.save(kept)  # and the file is written anew, whole
    css_cache._rules.clear()
    assert css_cache.load(kept) == len(entries)


async def test_theme_variables_kept_on_disk_are_used_by_the_next_start_and_look_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_process: None
):
    made: list[str] = []
    textual_variables = App.get_css_variables

    def counted(app: App) -> dict[str, str]:
        made.append(app.theme)
        return textual_variables(app)

    monkeypatch.setattr(App, "get_css_variables", counted)
    kept = tmp_path / "css-rules.pickle"
    css_cache.load(kept)
    first = await _start(tmp_path / "a")
    assert made == ["citadel"]  # worked out from the theme's colours
    assert css_cache.save(kept)
    # The next start, in a new process: the variables come from the file.
    monkeypatch.setattr(css_cache, "_rules", OrderedDict())
    monkeypatch.setattr(css_cache, "_used", None)
    monkeypatch.setattr(css_cache, "_kept_variables", {})
    monkeypatch.setattr(themed_app, "_CSS_VARIABLES", {})
    assert css_cache.load(kept) > 0
    second = await _start(tmp_path / "b")
    assert made == ["citadel"] and second == first
    # Another theme's are worked out (and kept too); the file's are only for what they were made from.
    night = await _start(tmp_path / "c", theme="night")
    assert made == ["citadel", "night"] and night != first
    assert css_cache.save(kept)
    assert len(pickle.loads(kept.read_bytes())[2]) == 2


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path, fresh_process: None):
    css_cache.load(tmp_path / "nothing")
    Stylesheet()._parse_rules("Screen { color: red; }", ("test", ""))
    (tmp_path / "file").write_text("a file where the folder would be")
    assert not css_cache.save(tmp_path / "file" / "css-rules.pickle")


@pytest.mark.slow
def test_citadels_keeps_its_parsed_css_and_starts_with_a_damaged_file(tmp_path: Path, fresh_process: None):
    from terminals import start_until_kept_and_quit

    kept = tmp_path / "cache" / "css-rules.pickle"

    start_until_kept_and_quit(tmp_path, kept)
    assert css_cache.load(kept) > 0  # what the real start parsed, readable by this Python and Textual
    kept.write_bytes(b"\x80\x05damaged")
    start_until_kept_and_quit(tmp_path, kept)  # starts all the same, parsing its CSS
    css_cache._rules.clear()
    assert css_cache.load(kept) > 0  # and the damaged file was written anew


def test_an_unknown_theme_still_gets_a_whole_set_of_variables(tmp_path: Path):
    # Textual's default theme's variables are no longer worked out in __init__ for nothing; when the theme
    # asked for is unknown, the stylesheet must still get them (on_mount then tells the player).
    app = CitadelsApp(home=tmp_path, theme="no-such-theme")
    assert app.stylesheet._variables == app.get_css_variables()
    assert "primary" in app.stylesheet._variables
