"""Every player's city: districts with cost and type, gold, cards in hand, crown, characters, points."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import PlayerInfo, View, points_so_far

from ..changes import NOTHING, Changes
from ..i18n import t, tn
from ..names import TYPE_LETTER, card_cost, card_name, card_type, char_name, type_letter
from .style import crop, flow, mark, type_style

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions

ALL_TYPES = frozenset(TYPE_LETTER)


def whole_names(widget: Widget) -> bool:
    """Whether the terminal is 80×24 or more, where district names are never cut short (below it, at the
    least sizes, every player keeping a line in sight comes first)."""
    w, h = widget.app.size
    return w >= 80 and h >= 24


class CitiesBox(VerticalScroll):
    """The scrolling frame of the cities: its height decides their form, so a new height redraws them.
    `resized`, if given, is called after that: the game's screen fits the characters below to the
    column. (The frame is resized whenever its column is, so no widget class more is needed for the
    column: Textual's making of each widget class costs every start ~2 M instructions.)"""

    def __init__(self, *, resized: Callable[[], None] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self._resized = resized

    def page(self, step: int) -> None:
        """A frame's height less a line down (1) or up (-1): the keys are the screen's, the focus elsewhere."""
        self.scroll_to(
            y=self.scroll_y + step * max(1, self.scrollable_content_region.height - 1), animate=False
        )

    def on_resize(self) -> None:
        for pane in self.query(CitiesPane):
            pane.redraw()
        if self._resized is not None:
            self._resized()


class CitiesPane(Static):
    # The mark and type styles are the screen's (style.Marks).

    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__("", **kw)
        self.border_title = t("Cities")
        self._last: tuple[View, GameConfig] | None = None
        self.changes: Changes = NOTHING  # districts built or gone since the player last acted
        self.said: tuple[str, ...] = ()  # what the frame's title names besides "Cities" (the marks)
        self._scrolls = False  # the cities are taller than their frame: its title says how to scroll
        # The sizes the cities were last drawn for, and that drawing.
        self._drawn: tuple[tuple[int, int], RenderableType] | None = None

    def show(self, v: View, cfg: GameConfig, changes: Changes | None = None) -> None:
        self._last = (v, cfg)
        if changes is not None:
            self.changes = changes
        self.update(self._render_for(self._sizes()))
        self._title()

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        # The form (short or long headers, names or not) depends on the size, known only after layout.
        if self._last is not None:
            self.update(self._drawn_for(self._sizes()))
            self._title()

    def _title(self) -> None:
        if isinstance(self.parent, CitiesBox):
            more = [t("Ctrl+↑↓ scroll")] if self._scrolls else []
            self.parent.border_title = " · ".join([t("Cities"), *self.said, *more])

    def _drawn_for(self, sizes: tuple[int, int]) -> RenderableType:
        """The cities drawn for `sizes`: the last drawing when it was for the same sizes. Both the pane
        and its frame are told of each resize, several times during a start, and each time the same
        cities were drawn again (several ms a start). Still given to `update` each time: Textual may
        drop a layout asked for in the middle of its own, and a later one must still come."""
        if self._drawn is None or self._drawn[0] != sizes:
            assert self._last is not None
            self._scrolls = False
            self._drawn = (sizes, self.render_cities(*self._last))
        return self._drawn[1]

    def _render_for(self, sizes: tuple[int, int]) -> RenderableType:
        """The cities drawn anew (the game changed) for `sizes`, kept for resizes to the same sizes."""
        self._drawn = None
        return self._drawn_for(sizes)

    def _sizes(self) -> tuple[int, int]:
        """What the form of the cities depends on besides the game: the pane's width, its frame's height."""
        return self.size.width, self.parent.size.height if isinstance(self.parent, Widget) else 0

    def render_cities(self, v: View, cfg: GameConfig) -> RenderableType:
        """The most readable form that shows every player's city in the room there is (see
        docs/playing.md): the city under its owner's name, or after it on the same line, or each
        district as its cost and type letter only; at worst each player's line is cut short with "…"."""
        width = self.size.width if self.size.width > 0 else 80
        box = self._sizes()[1]
        fits: Callable[[int], bool] = lambda lines: box <= 0 or lines <= box  # noqa: E731 - before layout, anything fits
        if width >= 100 and len(v.players) > 1:
            # A large pane gets the cities side by side, two to a row.
            grid, lines = self._grid(v, cfg, width)
            if fits(lines):
                return grid
        if whole_names(self):
            # From 80×24 up, names stay whole: the city under its owner, or after the name, wrapped onto
            # as many lines as it takes; taller than the frame, the frame scrolls (its title says so).
            for form in (self._blocks(v, cfg, width), self._inline(v, cfg, width, None)):
                if fits(sum(_lines(x) for x in form)):
                    return Group(*form)
            tight = self._inline(v, cfg, width, None, tight=True)
            self._scrolls = not fits(sum(_lines(x) for x in tight))
            return Group(*tight)
        for form in self._forms(v, cfg, width):
            if fits(sum(_lines(x) for x in form)):
                return Group(*form)
        # Not even one line each for the short form: every player keeps their first lines, cut with "…"
        # (laid out one cell narrower, so that the "…" never covers the end of a name line).
        n = max(1, len(v.players))
        return Group(
            *(
                crop(x, max(1, box // n + (i < box % n)), width)
                for i, x in enumerate(self._inline(v, cfg, width - 1, 0))
            )
        )

    def _forms(self, v: View, cfg: GameConfig, width: int) -> Iterator[list[Text]]:
        """The forms of the cities, most readable first, each made only when the one before does not fit
        (the first fits most of the time: making every form each time cost a start some 10 M instructions)."""
        yield self._blocks(v, cfg, width)
        yield self._inline(v, cfg, width, None)
        longest = max((len(card_name(cfg, d.key)) for p in v.players for d in p.city), default=0)
        # Then the names cut shorter and shorter ("Map R… 5U"), then no names at all ("5U").
        for n in range(longest - 1, 3, -1):
            yield self._inline(v, cfg, width, n)
        yield self._inline(v, cfg, width, 0)

    def _grid(self, v: View, cfg: GameConfig, width: int) -> tuple[Table, int]:
        cell_width = (width - 2) // 2
        blocks = self._blocks(v, cfg, cell_width)
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        lines = 0
        for i in range(0, len(blocks), 2):
            row = blocks[i : i + 2]
            grid.add_row(*row, *([""] * (2 - len(row))))
            lines += max(_lines(x) for x in row)
            if i + 2 < len(blocks):
                grid.add_row("", "")
                lines += 1
        return grid, lines

    def _blocks(self, v: View, cfg: GameConfig, width: int) -> list[Text]:
        # The city hangs under its owner's name, even when it wraps over several lines.
        out = []
        for p in v.players:
            block = self._header(v, cfg, p, width >= 64, width)
            block.append("\n    ")
            if p.city or self.changes.gone_from(p.seat):
                block.append_text(flow(self._entries(cfg, p, None), width - 4, indent=4))
            else:
                block.append(t("no districts yet"), style=mark(self, "dim"))
            out.append(block)
        return out

    def _inline(
        self, v: View, cfg: GameConfig, width: int, names: int | None, tight: bool = False
    ) -> list[Text]:
        # Many players in a short pane: each player's city follows the name on the same line. With names
        # cut short (or `tight`), the characters revealed are left to the Characters pane (":Bruno") and
        # single spaces part the districts, to save room.
        tight = tight or names is not None
        return [
            flow(
                [
                    self._header(v, cfg, p, False, width, revealed=not tight),
                    *self._entries(cfg, p, names),
                ],
                width,
                sep=" " if tight else "  ",
                indent=4,
            )
            for p in v.players
        ]

    def _header(
        self, v: View, cfg: GameConfig, p: PlayerInfo, wide: bool, width: int = 0, revealed: bool = True
    ) -> Text:
        """The owner's line: never wider than `width` (0: any width); to fit, the characters revealed go
        first, then the double spaces, then the end of the line."""
        width = width or 10**6
        out = self._header_parts(v, cfg, p, wide, revealed=revealed)
        if out.cell_len > width:
            out = self._header_parts(v, cfg, p, wide, revealed=False)
        if out.cell_len > width:
            # Single spaces between the parts; the revealed characters are in the Characters pane anyway.
            out = out[0:2] + Text(" ").join(part for part in out[2:].split(" ") if part.plain)
        if out.cell_len > width:
            out.truncate(width, overflow="ellipsis")
        return out

    def _header_parts(self, v: View, cfg: GameConfig, p: PlayerInfo, wide: bool, revealed: bool) -> Text:
        out = Text()
        me = p.seat == v.me
        out.append("♛ " if p.crown else "  ", style=mark(self, "crown") if p.crown else "")
        out.append(p.name + (t(" (you)") if me else ""), style=mark(self, "me") if me else "bold")
        if wide:
            money = Text(tn("  {g} gold, {n} card", "  {g} gold, {n} cards", p.hand_size, g=p.gold))
        else:
            money = Text(t(" {g}g {c}c", g=p.gold, c=p.hand_size))
        # The gold amount and its unit take the gold colour; the sentence stays one translatable string.
        m = re.search(rf"\b{p.gold}\s?[^\s,]*", money.plain)
        if m:
            money.stylize(mark(self, "gold"), m.start(), m.end())
        out.append_text(money)
        if p.revealed and revealed:
            out.append("  " + ", ".join(char_name(cfg, c) for c in p.revealed))
        if p.seat == v.pending_player and v.pending_player != v.me and v.result is None:
            # Said in a word: a bare "…" after a name read as something cut off.
            out.append(t(" (deciding)"), style=mark(self, "dim"))
        if wide:
            out.append(
                tn(
                    "  {c}/{m} districts, {n} point",
                    "  {c}/{m} districts, {n} points",
                    points_so_far(v, p),
                    c=p.city_size,
                    m=v.complete_at,
                ),
                style=mark(self, "dim"),
            )
        else:
            out.append(
                t("  {n}/{m} {p}pt", n=p.city_size, m=v.complete_at, p=points_so_far(v, p)),
                style=mark(self, "dim"),
            )
        if p.complete:
            out.append(t(" complete"), style=mark(self, "alert"))
        return out

    def _entries(self, cfg: GameConfig, p: PlayerInfo, names: int | None) -> list[Text]:
        """Each district as "Castle 4N"; with `names`, its name cut to that many cells ("Map R… 5U"), or
        with 0, its cost and type letter only ("5U")."""
        entries = []
        unmarked = Counter(self.changes.added_to(p.seat))  # the copies still to be marked ✦ (built since)
        for d in p.city:
            plus = "+" if d.beautified else ""
            name = card_name(cfg, d.key)
            if names and len(name) > names:
                name = name[: names - 1].rstrip() + "…"
            e = Text()
            if unmarked[d.key] > 0:
                # A glyph and a style, not colour alone: ✦ and the name underlined.
                unmarked[d.key] -= 1
                e.append("✦", style=mark(self, "new"))
                e.append(f"{name}{plus}" if names != 0 else "", style=mark(self, "new"))
            else:
                e.append(f"{name}{plus}" if names != 0 else "")
            if names != 0:
                e.append(" ")
            e.append(f"{d.cost}{type_letter(d.type)}", style=type_style(self, d.type))
            if names == 0:
                e.append(plus)
            entries.append(e)
        for key in sorted(self.changes.gone_from(p.seat).elements()):
            # Gone since the player last acted (destroyed, exchanged, taken): ✗ and struck through.
            name = card_name(cfg, key)
            if names and len(name) > names:
                name = name[: names - 1].rstrip() + "…"
            shown = (
                f"{name} {card_cost(cfg, key)}{type_letter(card_type(cfg, key))}"
                if names != 0
                else f"{card_cost(cfg, key)}{type_letter(card_type(cfg, key))}"
            )
            entries.append(Text("✗", style=mark(self, "dim")) + Text(shown, style=mark(self, "gone")))
        if p.museum:
            entries.append(Text(t("({n} under the Museum)", n=p.museum), style=mark(self, "dim")))
        return entries


def _lines(text: Text) -> int:
    return text.plain.count("\n") + 1
