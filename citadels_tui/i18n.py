"""The player's language: gettext catalogs (`locale/<lang>.po`), one file per language.

English is the source language: every message id is the English text, so English needs no file and an
untranslated message shows in English. The .po files are the only copy: at load time they are compiled in
memory into the .mo format that the standard library's `gettext.GNUTranslations` reads (plural forms
included), so there is no build step and no binary in the repository.

Contexts (msgctxt) keep apart what could collide: card names ("district", "character", and "character
classic" where the classic edition's book names a card differently: `tpe`), card texts
("district text", "character text"), narrated events ("event", "event you" for the viewer's own deeds).

**Whose language.** Every app has its own: `t`, `tn`, `tp`, `translator()` and `language()` use the
`Language` of the app that is running the code, found through Textual's `active_app` context variable
(Textual sets it in each app's message loop, and the tasks, workers and `asyncio.to_thread` calls that app
starts inherit it; the module is private, which the exact pin of `textual` allows), so the SSH server's
sessions, all in one process and one event loop, each keep their player's language. Code outside any app (the command line, tests, the engine's tools) uses the process default.
`set_language(code, app)` sets an app's language; `set_language(code)` the process default. An app's
language is its attribute `i18n_language` (a `Language`), read once per lookup; an app without one uses
the default. Text that is made once and read by many players (the hub's announcements at a table) is
kept as a `Lazy` and translated when each player's screen shows it.
"""

from __future__ import annotations

import ast
import contextvars
import gettext
import io
import os
import struct
from collections import namedtuple
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual._context import active_app

if TYPE_CHECKING:
    import gettext
    from collections.abc import Mapping
    from typing import Protocol

    class Translator(Protocol):
        """What a language's translator answers: `English`, or a `gettext` one. For mypy only: a Protocol
        class costs the start its making."""

        def gettext(self, message: str, /) -> str: ...
        def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
        def pgettext(self, context: str, message: str, /) -> str: ...
        def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


SOURCE_LANGUAGE = "en"
# The catalogs are package data beside this module. Read as plain files: `importlib.resources` (which would
# also read them from a zip) costs ~1.5 ms of every start to import and list, and the package is always
# installed as files (Textual reads our .tcss files the same way).
LOCALE_DIR = Path(__file__).parent / "locale"


class English:
    """The source language's translator: every message as it is, what `gettext.NullTranslations` does.
    Our own so that an English game does not import `gettext` (~3.7 M instructions of every start); the
    standard library's translators are made, and `gettext` imported, for another language only."""

    __slots__ = ()

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = English()


class Language(namedtuple("Language", "code tr")):
    """A language `code` and its translator `tr` (a `gettext` one, or `ENGLISH`). The named tuples here are
    made with `collections.namedtuple`: `typing.NamedTuple` compiles each field's annotation at every start."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields' types, for mypy only (see above)
        code: str
        tr: Translator


_default = Language(SOURCE_LANGUAGE, ENGLISH)


def own_language_context(holder: object) -> contextvars.Context:
    """A copy of this context in which `holder` (anything with an `i18n_language`, as an App has) decides
    the language: for a session that is not a Textual app (plain mode) but shares the process's loop."""
    ctx = contextvars.copy_context()
    ctx.run(active_app.set, holder)  # type: ignore[arg-type]  # only `i18n_language` is read from it (_current)
    return ctx


def _current() -> Language:
    """The language of the app running this code, else the process default."""
    lang = getattr(active_app.get(None), "i18n_language", None)
    return _default if lang is None else lang


# ---------------------------------------------------------------- reading .po files


def _unquote(s: str) -> str:
    # A .po string is a C string; Python's literal syntax reads the escapes gettext uses (\n \" \\ \t).
    return str(ast.literal_eval(s))


def parse_po(text: str) -> dict[str, str]:
    """The entries of a .po file as .mo keys -> values: "ctx\\x04id" for a context, "id\\x00plural" and
    "\\x00"-joined forms for plurals, "" for the header. Untranslated entries (empty msgstr) are left out."""
    entries: list[dict[str, str]] = []
    cur: dict[str, str] = {}
    field = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and cur:
                entries.append(cur)
                cur = {}
            continue
        if line.startswith('"'):
            cur[field] += _unquote(line)
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and ("msgstr" in cur or any(k.startswith("msgstr[") for k in cur)):
            entries.append(cur)
            cur = {}
        field = word
        cur[field] = _unquote(rest.strip())
    if cur:
        entries.append(cur)
    out: dict[str, str] = {}
    for e in entries:
        if "msgid" not in e:
            continue
        key = e["msgid"]
        if "msgctxt" in e:
            key = e["msgctxt"] + "\x04" + key
        if "msgid_plural" in e:
            forms = [
                e[k] for k in sorted((k for k in e if k.startswith("msgstr[")), key=lambda k: int(k[7:-1]))
            ]
            if not all(forms):
                continue
            out[key + "\x00" + e["msgid_plural"]] = "\x00".join(forms)
        elif e.get("msgstr"):
            out[key] = e["msgstr"]
    return out


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU .mo bytes for `entries` (the layout `gettext.GNUTranslations` reads; no hash table)."""
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    n = len(keys)
    header = 7 * 4
    orig_tab = header
    trans_tab = orig_tab + n * 8
    data = trans_tab + n * 8
    blob = io.BytesIO()
    offsets: list[tuple[int, int]] = []
    for s in ids + strs:
        offsets.append((len(s), data + blob.tell()))
        blob.write(s + b"\0")
    out = struct.pack("<7I", 0x950412DE, 0, n, orig_tab, trans_tab, 0, data)
    for length, off in offsets:
        out += struct.pack("<2I", length, off)
    return out + blob.getvalue()


# ---------------------------------------------------------------- languages


@cache
def available() -> tuple[str, ...]:
    """English and every language with a catalog in `locale/` (package data: listed once a process, not
    for every session of a server)."""
    langs = sorted(name[:-3] for name in os.listdir(LOCALE_DIR) if name.endswith(".po"))
    return (SOURCE_LANGUAGE, *langs)


@cache
def catalog_entries(lang: str) -> dict[str, str]:
    """The parsed catalog of `lang` (package data; read once)."""
    if lang == SOURCE_LANGUAGE:
        return {}
    text = (LOCALE_DIR / f"{lang}.po").read_text(encoding="utf-8")
    return parse_po(text)


@cache
def translations(lang: str) -> gettext.NullTranslations | English:
    """A gettext translator for `lang`; English (or an unknown language) is the identity, `ENGLISH`."""
    if lang not in available() or lang == SOURCE_LANGUAGE:
        return ENGLISH

    return gettext.GNUTranslations(io.BytesIO(compile_mo(catalog_entries(lang))))


def normalize(lang: str | None) -> str | None:
    """`ru`, `RU`, `ru_RU.UTF-8`, `русский` -> `ru`; None when no shipped language matches."""
    if not lang:
        return None
    s = lang.strip().casefold()
    aliases = {
        "русский": "ru",
        "рус": "ru",
        "russian": "ru",
        "english": "en",
        "английский": "en",
        "англ": "en",
    }
    s = aliases.get(s, s)
    code = s.replace("-", "_").split("_")[0].split(".")[0]
    return code if code in available() else None


def from_environment(env: dict[str, str] | None = None) -> str:
    """The language the locale asks for (LC_ALL, LC_MESSAGES, LANG, in gettext's order), else English."""
    environ: Mapping[str, str] = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            for part in value.split(":"):
                lang = normalize(part)
                if lang:
                    return lang
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def set_language(lang: str, app: Any = None) -> str:
    """Make `lang` the language of `app` (its every message from now on), or the process default when no
    app is given; returns the language set."""
    global _default
    code = normalize(lang) or SOURCE_LANGUAGE
    chosen = Language(code, translations(code))
    if app is None:
        _default = chosen
    else:
        app.i18n_language = chosen
    return code


def language() -> str:
    """The code of the current language (the running app's, else the default)."""
    return _current().code


def translator() -> gettext.NullTranslations:
    """The current translator, for code that takes one (the engine's narrator)."""
    # The engine's narrator names the standard library's class; `English` answers every method it calls.
    return cast("gettext.NullTranslations", _current().tr)


# ---------------------------------------------------------------- looking up


def t(text: str, /, **kw: object) -> str:
    """Translate `text`, then fill `{name}` fields from `kw`."""
    s = _current().tr.gettext(text)
    return s.format(**kw) if kw else s


def tn(singular: str, plural: str, n: int, /, **kw: object) -> str:
    """Translate with the plural form for `n` (Russian has three); `{n}` is filled in too."""
    return _current().tr.ngettext(singular, plural, n).format(n=n, **kw)


def tp(context: str, text: str, /, **kw: object) -> str:
    """Translate `text` in `context` (a card name is not a sentence)."""
    s = _current().tr.pgettext(context, text)
    return s.format(**kw) if kw else s


def tpe(context: str, edition: str, text: str, /) -> str:
    """A card name (context "character" or "district") as `edition`'s own book has it: the context
    "<context> <edition>" ("character classic") when the catalog has it, else `context`."""
    tr = _current().tr
    s = tr.pgettext(f"{context} {edition}", text)
    return s if s != text else tr.pgettext(context, text)


class Lazy(namedtuple("Lazy", "text kw plural n", defaults=((), None, 0))):
    """A message translated when shown (`str()`), in the language of whoever shows it: its `text`, the
    fields `kw` to fill in (pairs), and with `plural` and `n` a counted sentence, told with the reader's
    plural forms."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields' types, for mypy only (see Language)
        text: str
        kw: tuple[tuple[str, object], ...]
        plural: str | None
        n: int

    def __str__(self) -> str:
        if self.plural is not None:
            return tn(self.text, self.plural, self.n, **dict(self.kw))
        return t(self.text, **dict(self.kw))


def lazy_t(text: str, /, **kw: object) -> Lazy:
    """`t()` later: for a sentence made once and shown to players who may read different languages."""
    return Lazy(text, tuple(kw.items()))


def lazy_tn(singular: str, plural: str, n: int, /, **kw: object) -> Lazy:
    """`tn()` later, as `lazy_t` is `t()` later."""
    return Lazy(singular, tuple(kw.items()), plural, n)


def set_catalog(catalog: dict[str, str]) -> None:
    """Install an ad-hoc catalog (English source string -> translation); an empty one means English.

    For tests and tools; players choose a language with `set_language`."""
    global _default
    _default = Language(
        "xx",
        gettext.GNUTranslations(
            io.BytesIO(compile_mo({"": "Content-Type: text/plain; charset=UTF-8\n", **catalog}))
        ),
    )
