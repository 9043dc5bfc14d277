"""Every message id a player can meet, collected from the code and the card tables.

The catalog completeness test compares these ids with each shipped catalog; tools can print them as a
.pot template (`python tests/support/i18n_ids.py > messages.pot`). Ids are (context, msgid, msgid_plural):
context "" for plain UI strings."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path
from typing import cast

from citadels_core.edition import EDITIONS, get_edition
from citadels_core.narrate import PLURALS, REASONS, TEMPLATES, YOU_PLURALS, YOU_TEMPLATES
from citadels_tui import i18n
from citadels_tui.errors import CODED

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "citadels_tui"
# The hosted tables (server/hub.py …) speak to players through the app's catalogs too.
SERVER = ROOT / "server"

MsgId = tuple[str, str, str]  # (context, msgid, msgid_plural)

# Texts the app builds from data rather than literals: district types, pending kinds in errors, words.
EXTRA_UI = (
    "noble",
    "religious",
    "trade",
    "military",
    "unique",
    "you",
    "someone",
    "nothing",
    "none",
    " and ",
    " and the ",
)
# Action kinds named in error sentences ("First finish what you started: keep."), in words.
# Also the label of an option the app has no sentence for ("Warrants magistrate thief …").
ACTIONS = (
    "abbot income",
    "advisor",
    "alms",
    "armory",
    "beautify",
    "bewitch",
    "bonus",
    "bribe",
    "build",
    "cardinal build",
    "cardinal give",
    "choose",
    "choose character",
    "collect tax",
    "confiscate",
    "destroy",
    "discard",
    "discard character",
    "done",
    "emperor",
    "end",
    "exchange",
    "foresee",
    "gather",
    "income",
    "keep",
    "kill",
    "laboratory",
    "let build",
    "museum",
    "navigate",
    "pay card",
    "pay den",
    "pay gold",
    "redraw",
    "refuse bribe",
    "reveal threat",
    "rob",
    "scholar keep",
    "seer give",
    "seize",
    "smithy",
    "spare",
    "spy",
    "study",
    "swap hands",
    "theater",
    "threaten",
    "turn",
    "warrant",
    "warrants",
    "wizard",
    "wizard build",
    "wizard pick",
    "wizard take",
)
# Arguments of actions that are neither cards nor players (the Spy's type, the Emperor's gold or card).
WORDS = ("card", "cards", "destroy", "gold", "military", "noble", "religious", "trade", "unique")
REASON_WORDS = REASONS


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def code_ids(*roots: Path) -> set[MsgId]:
    """t("…") / lazy_t("…"), tn("…", "…", n) and tp("ctx", "…") calls with literal strings in the app's and
    the server's code (or in `roots`)."""
    out: set[MsgId] = set()
    for path in sorted(p for root in roots or (APP, SERVER) for p in root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or not node.args:
                continue
            name = node.func.id
            args = [_literal(a) for a in node.args]
            if name in ("t", "lazy_t") and args[0] is not None:
                out.add(("", args[0], ""))
            elif name in ("tn", "lazy_tn") and len(args) >= 2 and args[0] is not None and args[1] is not None:
                out.add(("", args[0], args[1]))
            elif name == "tp" and len(args) >= 2 and args[0] is not None and args[1] is not None:
                out.add((args[0], args[1], ""))
    return out


def card_ids() -> set[MsgId]:
    """Names and texts of every card of every edition, and the names of the presets."""
    out: set[MsgId] = set()
    for key in EDITIONS:
        ed = get_edition(key)
        for d in ed.districts:
            out.add(("district", d.name, ""))
            if d.text:
                out.add(("district text", d.text, ""))
        for c in ed.characters:
            out.add(("character", c.name, ""))
            if c.text:
                out.add(("character text", c.text, ""))
        for p in ed.presets:
            out.add(("preset", p.name, ""))
    return out


def you_template_ids() -> list[str]:
    """Templates whose acting player may be the viewer (they name the player: {Who} or {who}, or the thief)."""
    return [tid for tid, text in TEMPLATES.items() if any(f in text for f in ("{Who}", "{who}", "{Thief}"))]


def event_ids() -> set[MsgId]:
    """Every narration template (with its English plural when it has a count)."""
    out: set[MsgId] = set()
    for tid, text in TEMPLATES.items():
        out.add((f"event:{tid}", text, PLURALS[tid][0] if tid in PLURALS else ""))
    # The viewer's own deeds: a language that conjugates for "you" (Russian does) needs these too.
    for tid in you_template_ids():
        out.add((f"event:{tid}:you", YOU_TEMPLATES[tid], YOU_PLURALS.get(tid, "")))
    out.add(("you as target", "you", ""))
    for why in REASON_WORDS:
        out.add(("reason", why, ""))
    return out


def dynamic_ui_ids() -> set[MsgId]:
    """UI texts passed to t() through a name: the status line's asks, bot levels, the help page, editions."""
    from citadels_tui.components.help_screen import HOW_TO_PLAY, STORY_HELP
    from citadels_tui.components.status_bar import ASKS
    from citadels_tui.game_setup import EDITION_NAMES
    from citadels_tui.settings import BOT_LEVELS

    return {
        ("", s, "")
        for s in (
            *ASKS.values(),
            "your move",
            *BOT_LEVELS,
            HOW_TO_PLAY,
            STORY_HELP,
            *EDITION_NAMES.values(),
        )
    }


def error_ids() -> set[MsgId]:
    return (
        {("", e, "") for cls in CODED for e in cls.SENTENCES.values()}
        | {("action", a, "") for a in ACTIONS}
        | {("word", w, "") for w in WORDS}
    )


def extra_ids() -> set[MsgId]:
    from citadels_core.config import DEFAULT_NAMES

    return (
        {("", w, "") for w in EXTRA_UI}
        | {("district type", w, "") for w in EXTRA_UI[:5]}
        | {("type letter", w, "") for w in "NRTMU"}
        | {("bot name", w, "") for w in DEFAULT_NAMES}
    )


def optional_ids() -> set[MsgId]:
    """Ids a catalog may have but need not: a card's name as one edition's own book gives it, where it
    differs from the shared "character"/"district" name ("character classic" / "Wizard")."""
    out: set[MsgId] = set()
    for key in EDITIONS:
        ed = get_edition(key)
        out |= {(f"district {key}", d.name, "") for d in ed.districts}
        out |= {(f"character {key}", c.name, "") for c in ed.characters}
    return out


def all_ids() -> set[MsgId]:
    return code_ids() | dynamic_ui_ids() | card_ids() | event_ids() | error_ids() | extra_ids()


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


if __name__ == "__main__":
    print('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    for ctx, mid, plural in sorted(all_ids()):
        if ctx:
            print(f"msgctxt {_q(ctx)}")
        print(f"msgid {_q(mid)}")
        if plural:
            print(f'msgid_plural {_q(plural)}\nmsgstr[0] ""\nmsgstr[1] ""\n')
        else:
            print('msgstr ""\n')


def narrator_words(lang: str) -> gettext.NullTranslations:
    """`lang`'s translator as the engine's narrator takes it: for English the app's own `English`, which
    answers every method the narrator calls (as i18n.translator() says of it)."""
    return cast("gettext.NullTranslations", i18n.translations(lang))
