"""Every player's city: districts with cost and type, gold, cards in hand, crown, characters, points."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import PlayerInfo, View

from ..i18n import t, tn
from ..names import TYPE_LETTER, card_name, char_name, type_letter
from .style import COMPONENT_CLASSES, flow, mark, type_style

ALL_TYPES = frozenset(TYPE_LETTER)


def points_so_far(v: View, p: PlayerInfo) -> int:
    """Points as the city stands (district costs, all five types, completion); unique bonuses aside."""
    pts = sum(d.cost for d in p.city)
    if {d.type for d in p.city} >= ALL_TYPES:
        pts += 3
    if p.complete:
        pts += 4 if v.first_complete == p.seat else 2
    return pts


class CitiesPane(Static):
    COMPONENT_CLASSES = COMPONENT_CLASSES

    def __init__(self, **kw: object) -> None:
        super().__init__("", **kw)  # type: ignore[arg-type]
        self.border_title = t("Cities")
        self._last: tuple[View, GameConfig] | None = None

    def show(self, v: View, cfg: GameConfig) -> None:
        self._last = (v, cfg)
        self.update(self.render_cities(v, cfg))

    def on_resize(self) -> None:
        # The layout (short or long headers) depends on the width, known only after layout.
        if self._last is not None:
            self.update(self.render_cities(*self._last))

    def render_cities(self, v: View, cfg: GameConfig) -> RenderableType:
        # A large terminal gets the cities side by side, two to a row.
        cols = 2 if self.size.width >= 100 and len(v.players) > 1 else 1
        cell_width = (self.size.width - 2 * (cols - 1)) // cols
        wide = cell_width >= 64
        box = self.parent.size.height if isinstance(self.parent, Widget) else 0
        if cols == 1 and 0 < box < 2 * len(v.players):
            # Many players in a short terminal: each player's city follows the name on the same line.
            lines = [flow([self._header(v, cfg, p, False), *self._entries(cfg, p)], self.size.width)
                     for p in v.players]
            return Group(*lines)
        blocks: list[RenderableType] = []
        for p in v.players:
            # The city hangs under its owner's name, even when it wraps over several lines.
            blocks.append(Group(self._header(v, cfg, p, wide),
                                Padding(self._city(cfg, p, cell_width - 4), (0, 0, 0, 4))))
        if cols == 1:
            return Group(*blocks)
        grid = Table.grid(expand=True, padding=(0, 2))
        for _ in range(cols):
            grid.add_column(ratio=1)
        for i in range(0, len(blocks), cols):
            row = blocks[i:i + cols]
            grid.add_row(*row, *([""] * (cols - len(row))))
            if i + cols < len(blocks):
                grid.add_row(*([""] * cols))
        return grid

    def _header(self, v: View, cfg: GameConfig, p: PlayerInfo, wide: bool) -> Text:
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
        if p.revealed:
            out.append("  " + ", ".join(char_name(cfg, c) for c in p.revealed))
        if p.seat == v.pending_player and v.pending_player != v.me and v.result is None:
            out.append(t(" …"), style=mark(self, "dim"))
        if wide:
            out.append(tn("  {c}/{m} districts, {n} point", "  {c}/{m} districts, {n} points", points_so_far(v, p),
                          c=p.city_size, m=v.complete_at), style=mark(self, "dim"))
        else:
            out.append(t("  {n}/{m} {p}pt", n=p.city_size, m=v.complete_at, p=points_so_far(v, p)),
                       style=mark(self, "dim"))
        if p.complete:
            out.append(t(" complete"), style=mark(self, "alert"))
        return out

    def _entries(self, cfg: GameConfig, p: PlayerInfo) -> list[Text]:
        entries = []
        for d in p.city:
            e = Text(f"{card_name(cfg, d.key)}{'+' if d.beautified else ''} ")
            e.append(f"{d.cost}{type_letter(d.type)}", style=type_style(self, d.type))
            entries.append(e)
        if p.museum:
            entries.append(Text(t("({n} under the Museum)", n=p.museum), style=mark(self, "dim")))
        return entries

    def _city(self, cfg: GameConfig, p: PlayerInfo, width: int) -> Text:
        if not p.city:
            return Text(t("no districts yet"), style=mark(self, "dim"))
        return flow(self._entries(cfg, p), width)
