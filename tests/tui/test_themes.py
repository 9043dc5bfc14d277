"""Themes: the shipped files, the model's checks, user themes, choosing a theme, NO_COLOR (issue 6)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pilots import game_screen_of, seat_of
from rich.style import Style
from textual.widgets import Select

from citadels_themes import BASE_COLOURS, DEFAULT_THEME, GAME_VARIABLES, Theme, ThemeError, builtin_themes
from citadels_tui.app import CitadelsApp
from citadels_tui.colors import THEME_VARIABLE_DEFAULTS
from citadels_tui.components.log_pane import LogPane
from citadels_tui.components.settings_screen import SettingsScreen
from citadels_tui.settings import settings_path

TCSS_DIR = Path(__file__).parents[2] / "citadels_tui"
SIZE = (100, 30)


def tcss_variables() -> set[str]:
    found: set[str] = set()
    for path in TCSS_DIR.rglob("*.tcss"):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        found |= set(re.findall(r"\$([a-z][a-z0-9-]*)", text))
    return found


def textual_variables() -> set[str]:
    """What Textual itself defines for any theme (primary, surface, text, foreground-darken-3 …)."""
    bare = Theme.from_dict(
        {"name": "bare", "dark": True, **{c: "#808080" for c in BASE_COLOURS}, "variables": {}},
        "bare.toml",
        require_all=False,
    )
    return set(bare.to_textual_theme().to_color_system().generate())


def test_the_tcss_uses_the_game_variables():
    # The parse finds something real, so the next test is not vacuous.
    used = tcss_variables()
    assert {"district-noble", "gold", "marker-killed", "log-private", "primary"} <= used


def test_every_game_variable_the_tcss_uses_is_known_and_has_a_fallback():
    ours = tcss_variables() - textual_variables()
    assert ours <= set(GAME_VARIABLES), ours - set(GAME_VARIABLES)
    assert set(GAME_VARIABLES) <= set(THEME_VARIABLE_DEFAULTS)


@pytest.mark.parametrize("theme", builtin_themes(), ids=lambda th: th.name)
def test_every_theme_defines_every_variable_the_tcss_uses(theme: Theme):
    textual_theme = theme.to_textual_theme()
    # As App.get_css_variables builds them, without the app's fallbacks (colors.py).
    generated = {**textual_theme.to_color_system().generate(), **textual_theme.variables}
    missing_game = [v for v in tcss_variables() - textual_variables() if v not in theme.variables]
    assert not missing_game
    assert not [v for v in tcss_variables() if v not in generated]


def test_the_five_kinds_of_theme_are_shipped():
    themes = {th.name: th for th in builtin_themes()}
    assert builtin_themes()[0].name == DEFAULT_THEME == "citadel"
    assert {"citadel", "night", "parchment", "contrast", "terminal"} <= set(themes)
    assert not themes["parchment"].dark
    assert themes["terminal"].ansi
    # Only the 16 ANSI colours (and the terminal's default) in the terminal theme, so it follows the palette.
    values = list(themes["terminal"].colours.values()) + [
        v for k, v in themes["terminal"].variables.items() if k != "input-cursor-text-style"
    ]
    assert all(v.startswith("ansi_") for v in values), values


def _luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", [th for th in builtin_themes() if not th.ansi], ids=lambda th: th.name)
def test_coloured_text_is_legible_on_the_background(theme: Theme):
    bg = theme.colours["background"]
    floor = 7.0 if theme.name == "contrast" else 4.5  # WCAG AAA for the high-contrast theme, AA otherwise
    low = {
        k: round(_contrast(v, bg), 1)
        for k, v in theme.variables.items()
        if k in GAME_VARIABLES and _contrast(v, bg) < floor
    }
    assert not low, low


def test_the_model_names_the_file_and_the_problem():
    good = (Path(__file__).parents[2] / "themes" / "night.toml").read_text(encoding="utf-8")
    with pytest.raises(ThemeError, match=r"^mine\.toml: primary = 'blurple' is not a colour"):
        Theme.from_toml(good.replace('primary = "#6a8fc0"', 'primary = "blurple"'), "mine.toml")
    with pytest.raises(ThemeError, match=r"mine\.toml: unknown key 'primray'"):
        Theme.from_toml(good.replace("primary =", "primray ="), "mine.toml")
    with pytest.raises(ThemeError, match=r"mine\.toml: not valid TOML"):
        Theme.from_toml(good + "\n[[", "mine.toml")
    with pytest.raises(ThemeError, match=r"lacks gold"):
        Theme.from_toml(good.replace('gold = "#f0d58c"\n', ""), "mine.toml")
    # A user's theme may leave game variables out: the app's fallbacks fill them.
    assert Theme.from_toml(good.replace('gold = "#f0d58c"\n', ""), "mine.toml", require_all=False)


def _user_theme(home: Path, file: str, text: str) -> Path:
    folder = home / "config" / "themes"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(text, encoding="utf-8")
    return path


def _log_text(app: CitadelsApp) -> str:
    """The story without white space, as it wraps long paths anywhere (compare with _squeeze)."""
    return _squeeze("".join(line.text for line in game_screen_of(app).query_one(LogPane).lines))


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


async def test_a_broken_user_theme_falls_back_with_a_message_naming_the_file(tmp_path: Path):
    broken = _user_theme(tmp_path, "dusk.toml", 'name = "dusk"\ndark = true\nprimary = "#zz0000"\n')
    settings_path(tmp_path).write_text('theme = "dusk"\n', encoding="utf-8")
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        notes = [n.message for n in app._notifications]
        assert any(str(broken) in m and "primary" in m and "not a colour" in m for m in notes), notes
        log = _log_text(app)
        assert _squeeze(str(broken)) in log and _squeeze("not a colour") in log
        assert _squeeze("There is no theme called dusk") in log
    # The broken choice is not written over: the player's file is theirs to fix.
    assert tomllib.loads(settings_path(tmp_path).read_text())["theme"] == "dusk"


@pytest.mark.slow
async def test_the_theme_command_switches_live_completes_and_is_saved(tmp_path: Path):
    mine = (Path(__file__).parents[2] / "themes" / "night.toml").read_text(encoding="utf-8")
    _user_theme(
        tmp_path,
        "mine.toml",
        mine.replace('name = "night"', 'name = "mine"').replace(
            'district-noble = "#ebcb8b"', 'district-noble = "#123456"'
        ),
    )
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "citadel"
        gs = game_screen_of(app)
        assert gs._complete("theme pa") == ["theme parchment"]
        before = app.export_screenshot().lower()
        # citadel's noble colour (the 4N Castle in the hand) and private story colour are on screen …
        assert "#f2c14e" in before and "#a9c8ee" in before
        assert gs._complete("theme mi") == ["theme mine"]
        await pilot.press(*"theme parchment", "enter")
        await pilot.pause()
        assert app.theme == "parchment"
        assert app.get_css_variables()["district-noble"] == "#7f5c00"
        await pilot.pause()
        after = app.export_screenshot().lower()
        # … and after the switch only parchment's: panes and story lines already drawn are drawn again.
        assert "#f2c14e" not in after and "#a9c8ee" not in after
        assert "#7f5c00" in after and "#1f4f9a" in after
        # The hand pane's rich style follows at once (the TCSS reads $district-noble).
        from citadels_tui.components.hand_pane import HandPane
        from citadels_tui.components.style import type_style

        assert _hex(type_style(gs.query_one(HandPane), "noble")) == "#7f5c00"
        await pilot.press(*"theme mine", "enter")
        await pilot.pause()
        assert _hex(type_style(gs.query_one(HandPane), "noble")) == "#123456"
        await pilot.press(*"theme nosuch", "enter")
        await pilot.pause()
        assert app.theme == "mine"
        assert _squeeze("There is no theme called nosuch") in _log_text(app)
    assert tomllib.loads(settings_path(tmp_path).read_text())["theme"] == "mine"


async def test_the_settings_screen_switches_the_theme(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        from textual.widgets import Static

        hint = str(app.screen.query_one("#settings-hint", Static).render())
        assert _squeeze(str(tmp_path / "config" / "themes")) in _squeeze(hint)
        app.screen.query_one("#theme", Select).value = "contrast"
        await pilot.pause()
        assert app.theme == "contrast"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
    assert tomllib.loads(settings_path(tmp_path).read_text())["theme"] == "contrast"


async def test_the_theme_option_is_for_the_session_only(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0, theme="night")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "night"
    assert not settings_path(tmp_path).exists()


def _hex(style: Style) -> str:
    """The colour of a style (which must have one) as #rrggbb."""
    assert style.color is not None and style.color.triplet is not None, style
    return style.color.triplet.hex


def _svg_colours(svg: str) -> set[tuple[int, int, int]]:
    return {
        (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) for h in re.findall(r"#([0-9a-fA-F]{6})\b", svg)
    }


@pytest.mark.parametrize("no_color", [False, True])
async def test_no_color_is_honoured(tmp_path: Path, monkeypatch, no_color: bool):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        svg = app.export_screenshot()
    # The SVG's frame (window buttons) is drawn in colour whatever the app does; judge the rest.
    cells = re.sub(r"<circle[^>]*>", "", svg)
    coloured = {c for c in _svg_colours(cells) if max(c) - min(c) > 8}
    if no_color:
        assert not coloured, sorted(coloured)[:5]
        # Without colour the types still read: each hand card carries its type letter.
        assert re.search(r"\d[NRTMU]", cells.replace("&#160;", " "))
    else:
        assert coloured  # the check above can fail: with colour on, there is colour


def _span_colours(text) -> dict[str, str]:
    """Each styled piece of a Rich Text -> its colour as #rrggbb."""
    out = {}
    for span in text.spans:
        style = span.style
        if hasattr(style, "color") and style.color is not None:
            out[text.plain[span.start : span.end]] = style.color.triplet.hex
    return out


async def test_markers_gold_and_crown_are_words_and_glyphs_in_the_theme_colours(tmp_path: Path):
    from citadels_tui.components.characters_pane import CharactersPane
    from citadels_tui.components.cities_pane import CitiesPane

    app = CitadelsApp(home=tmp_path, seed=5, pace=0, theme="night")
    night = {th.name: th for th in builtin_themes()}["night"].variables
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        gs = game_screen_of(app)
        v, cfg = gs.view(), seat_of(app).config
        marked = v.replace(
            killed=v.cast[1],
            robbed=v.cast[2],
            bewitched=v.cast[3],
            warrants=(v.cast[4],),
            threats=(v.cast[5],),
        )
        text = gs.query_one(CharactersPane).render_characters(marked, cfg)
        colours = _span_colours(text)
        for word in ("killed", "robbed", "bewitched", "warrant", "threat"):
            assert colours.get(":" + word) == night[f"marker-{word}"], (word, colours)
        cities = gs.query_one(CitiesPane)
        crowned = next(p for p in v.players if p.crown)
        header = cities._header(v, cfg, crowned, wide=False)
        colours = _span_colours(header)
        assert colours.get("♛ ") == night["crown"]
        assert colours.get(f"{crowned.gold}g") == night["gold"]


async def test_a_user_theme_may_replace_a_shipped_one_and_leave_variables_out(tmp_path: Path):
    shipped = (Path(__file__).parents[2] / "themes" / "citadel.toml").read_text(encoding="utf-8")
    mine = _user_theme(
        tmp_path,
        "my-citadel.toml",
        shipped.replace('gold = "#ffd36b"\n', "").replace('crown = "#ffcf40"', 'crown = "#00ff00"'),
    )
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "citadel"
        assert app.game_themes["citadel"].source == str(mine)
        variables = app.get_css_variables()
        assert variables["crown"] == "#00ff00"
        assert variables["gold"] == THEME_VARIABLE_DEFAULTS["gold"]  # the fallback fills the gap
        assert not app.theme_errors
