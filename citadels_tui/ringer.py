"""Rings for a player who looks elsewhere: their turn came, their table filled or started, someone wrote
their name in a chat.

A ring is written to the terminal as escape sequences that every terminal either acts on or ignores: the
bell, the window title ("▶ Your turn · Citadels", put back once the turn is played), and a desktop
notification in the three forms terminals understand (OSC 9: iTerm2, WezTerm, Windows Terminal; OSC 777:
foot, urxvt, VTE; OSC 99: kitty). Inside tmux a desktop notification is wrapped for its passthrough
(`allow-passthrough on`), which would otherwise swallow it; the bell and the title tmux handles itself.

A session of lines (plain mode: plain_lobby.py) rings with a line that says what rang ("Your turn at table
3."), and the bell before it only if the player asks (`notify bell on`): a bell is the one byte plain mode
writes that is not printable text, and only then (`LineRinger`).

Nothing rings while the terminal has focus, where it says so (focus reporting, `CSI ? 1004 h`, which the
app turns on): a terminal that never reports focus is taken as looked away from, so a ring is never
missed. Each kind and each way can be turned off in the settings (`ring`, `ring_with`) or by `notify` ("ring" is the
classic Bell Tower's word)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .i18n import t

KINDS = ("turn", "table", "mention")
"""What rings: your turn came; your table filled or started; someone wrote your name in a chat."""
WAYS = ("bell", "title", "desktop")
"""How it rings: the terminal's bell; the window's title; a desktop notification."""

APP_TITLE = "Citadels"
BEL, ESC, ST = "\x07", "\x1b", "\x1b\\"


def in_tmux(term: str | None, environ: dict[str, str] | None = None) -> bool:
    """The terminal is a tmux (or screen) pane: its TERM says so, or, locally, tmux's own variable."""
    if environ is not None and environ.get("TMUX"):
        return True
    return bool(term) and str(term).startswith(("tmux", "screen"))


def safe(text: str) -> str:
    """`text` fit to stand inside an escape sequence: no control character, no `;` (a field separator)."""
    return "".join(" " if not c.isprintable() or c == ";" else c for c in text)[:120]


def title_sequence(title: str) -> str:
    return f"{ESC}]2;{safe(title)}{BEL}"


def desktop_sequences(title: str, body: str, tmux: bool) -> str:
    title, body = safe(title), safe(body)
    forms: tuple[str, ...] = (
        f"{ESC}]9;{title}: {body}{BEL}",
        f"{ESC}]777;notify;{title};{body}{BEL}",
        f"{ESC}]99;i=citadels:d=0:p=title;{title}{ST}",
        f"{ESC}]99;i=citadels:d=1:p=body;{body}{ST}",
    )
    if tmux:  # tmux passes a sequence on only inside its own DCS, every ESC in it doubled
        forms = tuple(f"{ESC}Ptmux;{f.replace(ESC, ESC + ESC)}{ST}" for f in forms)
    return "".join(forms)


def mentions(line: str, name: str) -> bool:
    """A chat line written by someone else names `name` (a whole word, in any case)."""
    if not name or line.startswith(f"{name}: "):
        return False
    _, sep, said = line.partition(": ")
    return bool(sep) and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", said, re.IGNORECASE) is not None


class Ringer:
    """Rings one terminal (`write` takes the raw text for it). `focused` is what the terminal last said of
    its focus: None until it says anything."""

    def __init__(
        self,
        write: Callable[[str], None],
        tmux: bool,
        kinds: Iterable[str] = KINDS,
        ways: Iterable[str] = WAYS,
    ) -> None:
        self.write = write
        self.tmux = tmux
        self.kinds = set(kinds)
        self.ways = set(ways)
        self.focused: bool | None = None
        self.titled = False  # the window's title says a ring, to be put back

    def ring(self, kind: str, text: str) -> bool:
        """Ring for `kind` with `text`, unless that kind is off or the terminal has focus; True if it rang."""
        if kind not in self.kinds or self.focused:
            return False
        out = []
        if "bell" in self.ways:
            out.append(BEL)
        if "title" in self.ways:
            out.append(title_sequence(f"▶ {text} · {APP_TITLE}"))
            self.titled = True
        if "desktop" in self.ways:
            out.append(desktop_sequences(APP_TITLE, text, self.tmux))
        if out:
            self.write("".join(out))
        return bool(out)

    def settle(self) -> None:
        """Put the window's title back once what rang is seen to (the turn played, the table joined)."""
        if self.titled:
            self.titled = False
            self.write(title_sequence(APP_TITLE))


# The words of `notify` (English, then Russian): a kind, a way, on or off.
WORDS = {
    "turn": "turn",
    "table": "table",
    "mention": "mention",
    "name": "mention",
    "bell": "bell",
    "title": "title",
    "desktop": "desktop",
    "ход": "turn",
    "стол": "table",
    "имя": "mention",
    "звук": "bell",
    "заголовок": "title",
    "уведомление": "desktop",
}
ON = frozenset({"on", "yes", "вкл", "да"})
OFF = frozenset({"off", "no", "выкл", "нет"})


def changed(arg: str, kinds: Iterable[str], ways: Iterable[str]) -> tuple[list[str], list[str]] | None:
    """The settings after `notify ARG` (`off`, `on`, `turn off`, `bell on` …); None if ARG means nothing."""
    words = arg.casefold().split()
    if len(words) == 1 and words[0] in ON | OFF:
        on = words[0] in ON
        return (list(KINDS) if on else [], list(WAYS) if on else list(ways))
    if len(words) != 2 or words[0] not in WORDS or words[1] not in ON | OFF:
        return None
    what, on = WORDS[words[0]], words[1] in ON
    new_kinds, new_ways = set(kinds), set(ways)
    group = new_kinds if what in KINDS else new_ways
    if on:
        group.add(what)
    else:
        group.discard(what)
    return [k for k in KINDS if k in new_kinds], [w for w in WAYS if w in new_ways]


def describe(kinds: Iterable[str], ways: Iterable[str]) -> str:
    """The settings as a sentence, for `notify` without a word."""
    on = [k for k in KINDS if k in set(kinds)]
    by = [w for w in WAYS if w in set(ways)]
    if not on or not by:
        return t("Nothing rings. “notify on” rings for your turn, your table and your name in a chat.")
    return t(
        "Rings for: {kinds}; with: {ways}. “notify off” stops them.", kinds=", ".join(on), ways=", ".join(by)
    )


class LineRinger:
    """Rings a session of lines (plain mode): `say` takes the line that says what rang; `write` takes raw text,
    the bell before it when `bell` is on (off until the player asks). A kind turned off says nothing."""

    def __init__(self, say: Callable[[str], None], write: Callable[[str], None]) -> None:
        self.say = say
        self.write = write
        self.kinds = set(KINDS)
        self.bell = False

    def ring(self, kind: str, sentence: str) -> bool:
        """Say `sentence` for `kind` (the bell first, if on), unless that kind is off; True if it rang."""
        if kind not in self.kinds:
            return False
        if self.bell:
            self.write(BEL)
        self.say(sentence)
        return True

    def notify(self, arg: str) -> str:
        """`notify …` in plain mode: the settings changed as `arg` says (nothing: as they are), said."""
        words = arg.casefold().split()
        if words and WORDS.get(words[0]) in ("title", "desktop"):
            return t("In plain mode a ring is a line, and the terminal bell if you ask: “notify bell on”.")
        if words:
            new = changed(arg, self.kinds, ["bell"] if self.bell else [])
            if new is None:
                return t(
                    "Say “notify on”, “notify off”, or a kind or a way and on or off: “notify turn off”, “notify bell on”."
                )
            self.kinds = set(new[0])
            if len(words) == 2:  # `notify on` and `notify off` are the kinds; the bell is asked for by name
                self.bell = "bell" in new[1]
        on = [k for k in KINDS if k in self.kinds]
        if not on:
            return t("Nothing rings. “notify on” rings for your turn, your table and your name in a chat.")
        if self.bell:
            return t(
                "Rings for: {kinds}; with a line and the terminal bell. “notify bell off” stops the bell.",
                kinds=", ".join(on),
            )
        return t(
            "Rings for: {kinds}; with a line. “notify bell on” adds the terminal bell.", kinds=", ".join(on)
        )
