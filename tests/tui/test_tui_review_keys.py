"""The review by keyboard alone (issue 32): each tab scrolls with PageUp, PageDown, Home, End and the arrows
as soon as it opens, whatever has the focus, every line can be reached, and the footer names the keys."""

from __future__ import annotations

import pytest
from pilots import turning_points_worked_out
from textual.containers import VerticalScroll
from textual.widget import Widget
from tui_states import QuickReview, finished_record

from citadels_tui.components.review_screen import ReviewScreen


async def opened(pilot, lang: str = "en") -> ReviewScreen:
    screen = await turning_points_worked_out(pilot)
    await pilot.pause()
    return screen


def last(screen: ReviewScreen, tab: str) -> Widget:
    """The widget that holds a tab's last line: the last round, the chart's legend, the turning points."""
    if tab == "t":
        return screen.query(".review-round").last()
    if tab == "s":
        return screen.query_one("#review-legend")
    return screen.query_one("#tp-lines")


def in_view(area: VerticalScroll, widget: Widget) -> bool:
    """Whether the widget's last row is drawn in the area's visible rows."""
    rows = area.content_region
    return rows.y <= widget.region.bottom - 1 < rows.bottom


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("tab", ["t", "p", "s"])
@pytest.mark.slow
async def test_each_tab_scrolls_to_its_last_line_as_soon_as_it_opens(size, tab):
    app = QuickReview(finished_record(), 0)
    async with app.run_test(size=size) as pilot:
        screen = await opened(pilot)
        await pilot.press(tab)
        await pilot.pause()
        area = screen.scroller()
        tall = not in_view(area, last(screen, tab))
        if size == (80, 24) and tab != "s":
            assert tall, "at 80x24 the timeline and the turning points are taller than the screen"
        await pilot.press("end")
        await pilot.pause()
        assert area.scroll_y == area.max_scroll_y and in_view(area, last(screen, tab))
        await pilot.press("home")
        await pilot.pause()
        assert area.scroll_y == 0
        if area.max_scroll_y:
            await pilot.press("pagedown")
            await pilot.pause()
            assert area.scroll_y == min(area.max_scroll_y, area.scrollable_content_region.height)
            await pilot.press("pageup", "down")
            await pilot.pause()
            assert area.scroll_y == 1
            await pilot.press("up")
            await pilot.pause()
            assert area.scroll_y == 0


@pytest.mark.slow
async def test_the_footer_names_the_scrolling_keys():
    app = QuickReview(finished_record(), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        for tab in "tsp":
            await pilot.press(tab)
            await pilot.pause()
            shown = [b.binding for b in screen.active_bindings.values() if b.binding.show]
            assert any(b.key_display == "↑↓ PgUp PgDn Home End" for b in shown)


async def test_the_footer_names_its_keys_in_the_players_language(tmp_path):
    app = QuickReview(finished_record(), 0, home=tmp_path, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        keys = list(app.screen.query("FooterKey"))
        footer = " ".join(str(w.render()) for w in keys)
        assert "Назад" in footer and "Прокрутка" in footer, footer
        assert "Back" not in footer and "Scroll" not in footer, footer
        assert all(w.region.right <= 80 for w in keys), footer  # whole at 80 columns
