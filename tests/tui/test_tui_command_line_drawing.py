"""The command line draws its own line (CommandLine.render_line / render_lines) for the cost of a keystroke
on a server: what it draws must be exactly what Textual's Input and styles cache drew, in every state the
line can be in (typed text, the cursor anywhere, the inline suggestion, the placeholder, a line longer than
the screen, a selection, another theme, without the focus). And Textual's partial update, as the SSH server
patches it (server/hardening.py, only the changed rows rendered), gives the same screen lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilots import SIZE, game_screen_of, keys_of, settle
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input

from citadels_tui.app import CitadelsApp
from citadels_tui.components.command_line import CommandLine


def _segments(strips) -> list[list[tuple[str, object]]]:
    return [[(s.text, s.style) for s in strip] for strip in strips]


def _as_input_draws_it(line: CommandLine) -> tuple[list, list]:
    line._looks = None  # noqa: SLF001 - drawn afresh, not from styles kept by an earlier state
    crop = Region(0, 0, line.size.width, 1)
    ours = _segments([line.render_line(0)]), _segments(line.render_lines(crop))
    line._styles_cache.clear()  # noqa: SLF001 - Textual's own path, not its cached lines
    theirs = _segments([Input.render_line(line, 0)]), _segments(Widget.render_lines(line, crop))
    assert ours[0] == theirs[0]
    assert ours[1] == theirs[1]
    return ours


@pytest.mark.slow
async def test_the_command_line_draws_its_line_exactly_as_input_did(tmp_path: Path):
    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        line = game_screen_of(app).query_one(CommandLine)
        drawn = [_as_input_draws_it(line)]  # the placeholder, with the cursor on its first letter
        for text in ["c", "cho", "choose ki", "z", "say hello world", "x" * 150]:
            line.value = ""
            await pilot.press(*keys_of(text))
            await pilot.pause()
            drawn.append(_as_input_draws_it(line))
            await pilot.press("left", "left")
            await pilot.pause()
            drawn.append(_as_input_draws_it(line))
            await pilot.press("home")
            await pilot.pause()
            drawn.append(_as_input_draws_it(line))
        line.value = "say hi"
        await pilot.press("end", "shift+left")  # a selection: Input's own way
        await pilot.pause()
        drawn.append(_as_input_draws_it(line))
        for theme in ["textual-light", "nord"]:
            app.theme = theme
            line.value = "cho"
            await pilot.pause()
            drawn.append(_as_input_draws_it(line))
        app.set_focus(None)
        line.value = ""
        await pilot.pause()
        drawn.append(_as_input_draws_it(line))
        line.value = "choose"
        await pilot.pause()
        drawn.append(_as_input_draws_it(line))
        assert len({repr(d) for d in drawn}) > 10  # the states differ: the comparison saw them all


async def test_the_servers_partial_update_renders_the_same_lines(tmp_path: Path):
    from textual._compositor import ChopsUpdate, Compositor

    from citadels_server.hardening import install_textual_patches

    app = CitadelsApp(home=tmp_path, seed=5, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*keys_of("cho"))
        await pilot.pause()
        compositor = app.screen._compositor  # noqa: SLF001

        def chops(crop: Region) -> str:
            """What the update of `crop` writes to the terminal."""
            rows = set(crop.line_range)
            out = compositor._render_chops(crop, rows.__contains__)  # noqa: SLF001
            spans = list(compositor._regions_to_spans([crop]))  # noqa: SLF001
            update = ChopsUpdate(out, spans, [cut_set[1:] for cut_set in compositor.cuts])
            return update.render_segments(app.console)

        crops = [
            Region(0, 29, 100, 1),
            Region(0, 0, 100, 30),
            Region(3, 5, 40, 7),
            Region(50, 10, 50, 15),
            Region(10, 29, 5, 1),
        ]
        install_textual_patches()  # process-wide, as a server does (idempotent)
        patched = Compositor._get_renders  # noqa: SLF001
        original = patched.textual_original  # type: ignore[attr-defined]  # the patch keeps Textual's own on itself
        after = [chops(crop) for crop in crops]
        try:
            Compositor._get_renders = original  # type: ignore[method-assign]  # noqa: SLF001 - Textual's own, for comparison
            assert [chops(crop) for crop in crops] == after
        finally:
            Compositor._get_renders = patched  # type: ignore[method-assign]  # noqa: SLF001 - the patch back
