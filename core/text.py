"""The one gate for text that one player writes and another player's terminal shows.

Chat lines, player names, an admin's reasons and announcements, the message of the day, and every such
text read back from storage (a server's database, a table file, a game line someone shared) pass through
`clean_text` before anyone's screen shows them. It keeps printable text in every script, with its marks
and emoji, and drops what a terminal would act on or what hides what a text really says:

- C0 and C1 control characters (U+0000–U+001F, U+007F, U+0080–U+009F): ESC and CSI start escape sequences
  that move the cursor, clear the screen or retitle the window. Whitespace among them (tab, line breaks)
  becomes a space, so that words stay apart.
- Format characters (Unicode category Cf): bidi embeddings, overrides and isolates (U+202A–U+202E,
  U+2066–U+2069) that show a text backwards, and zero-width characters (U+200B–U+200D, U+2060, U+FEFF …)
  that make two different names look alike.
- Line and paragraph separators (U+2028, U+2029), which become a space, and lone surrogates, which no
  terminal can be sent.

Names are not cleaned but refused when cleaning would change them (`citadels_server.auth.is_player_name`
allows far less): a name that looks like another's must not become it. `name_key` is how names compare.
"""

from __future__ import annotations

import unicodedata

_SPACES = frozenset("\t\n\v\f\r\x85\u2028\u2029")
_LINE_BREAKS = frozenset("\n\v\f\r\x85\u2028\u2029")
_DROPPED = frozenset(("Cc", "Cf", "Cs"))


def clean_text(text: str, *, lines: bool = False) -> str:
    """`text` as another player's screen may show it: control and format characters dropped, whitespace
    controls made spaces. `lines`: line breaks are kept, as "\\n" (the message of the day has several)."""
    if text.isprintable():  # the common case, in C: no control, format or separator character at all
        return text
    if lines:
        text = text.replace("\r\n", "\n")
    out: list[str] = []
    for c in text:
        if c.isprintable():
            out.append(c)
        elif c in _SPACES:
            out.append("\n" if lines and c in _LINE_BREAKS else " ")
        elif unicodedata.category(c) not in _DROPPED:
            out.append(c)  # other spaces (no-break, ideographic), private use, not yet assigned
    return "".join(out)


def name_key(name: str) -> str:
    """What a player name is compared by: cleaned, compatibility-normalised and without case, so that
    "Anna", "anna", "ａｎｎａ" and "an\u200bna" are one name."""
    return unicodedata.normalize("NFKC", clean_text(name)).casefold()
