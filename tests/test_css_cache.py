"""CSS is parsed once per process and theme (issue 19): a second app, or a second SSH session, parses none."""

from __future__ import annotations

from pathlib import Path

from citadels_tui import css_cache
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
