"""The round's characters: rank and name, face-up discards, who revealed what, killed and robbed; and, when
the player's settings ask for it (`think_line`), a last line of what their seat can tell of the others'
characters (`think`, worded by the game screen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from citadels_core import GameConfig
from citadels_core.view import View

from ..i18n import t
from ..names import card_text, char_name, char_rank
from .style import crop, flow, mark

if TYPE_CHECKING:
    from typing import Unpack

    from .widget_options import WidgetOptions


class CharactersPane(Static):
    # The mark and type styles are the screen's (style.Marks).

    def __init__(self, **kw: Unpack[WidgetOptions]) -> None:
        super().__init__("", **kw)
        self.border_title = t("Characters")
        self._last: tuple[View, GameConfig, str] | None = None
        self.max_lines = 0  # 0: as many as it takes; else the rest is cut with "…"

    def show(self, v: View, cfg: GameConfig, guessed: str = "") -> None:
        """Draw view `v`'s characters; `guessed`: the think line, or "" for none."""
        self._last = (v, cfg, guessed)
        drawn = self.render_characters(v, cfg)
        if guessed:
            drawn.append("\n")
            drawn.append(guessed, style=mark(self, "dim"))
        self.update(crop(drawn, self.max_lines, self.size.width))

    def fit(self, lines: int) -> None:
        """Keep to `lines` lines (a short screen with many players: the cities need the room)."""
        if lines != self.max_lines:
            self.max_lines = lines
            if self._last is not None:
                self.show(*self._last)

    def render_characters(self, v: View, cfg: GameConfig) -> Text:
        revealed_by = {c: p.name for p in v.players for c in p.revealed}
        entries: list[Text] = []
        for key in v.cast:
            here = v.calling == key
            e = Text()
            if here:
                e.append("▶", style=mark(self, "alert"))
            e.append(f"{char_rank(cfg, key)} {char_name(cfg, key)}", style="bold" if here else "")
            notes: list[tuple[str, str]] = []
            if key in v.faceup:
                notes.append((t("up"), "dim"))
            # Each marker is a word as well as a colour, so it reads without colour too.
            if key == v.killed:
                notes.append((t("killed"), "killed"))
            if key == v.robbed:
                notes.append((t("robbed"), "robbed"))
            if key == v.bewitched:
                notes.append((t("bewitched"), "bewitched"))
            if key in v.warrants:
                notes.append((t("warrant"), "warrant"))
            if key in v.threats:
                notes.append((t("threat"), "threat"))
            if key in revealed_by:
                mine = key in v.my_characters
                notes.append((t("you") if mine else revealed_by[key], "me" if mine else "dim"))
            elif key in v.my_characters:
                notes.append((t("you"), "me"))
            for note, style in notes:
                e.append(":" + note, style=mark(self, style))
            entries.append(e)
        if v.facedown_count and v.phase == "select":
            entries.append(Text(t("· {n} face down", n=v.facedown_count), style=mark(self, "dim")))
        if self.app.size.height >= 34 and self.size.width >= 60:
            # Room to spare: one character a line, with what it does.
            out = Text()
            for i, (key, e) in enumerate(zip(v.cast, entries, strict=False)):
                line = e.copy()
                line.pad_right(max(0, 24 - line.cell_len))
                line.append(card_text(cfg, key), style=mark(self, "dim"))
                line.truncate(self.size.width, overflow="ellipsis")
                if i:
                    out.append("\n")
                out.append_text(line)
            for extra in entries[len(v.cast) :]:
                out.append("\n")
                out.append_text(extra)
            return out
        return flow(entries, self.size.width)

    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)
