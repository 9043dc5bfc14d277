"""Every text a player meets exists in every shipped language, and the catalogs are well formed.

When this fails after a merge, the message lists the missing entries as .po text: paste them into
citadels_tui/locale/<lang>.po and translate the msgstr lines."""

from __future__ import annotations

import ast
import gettext
import io
import re
from pathlib import Path

import pytest
from helpers import pending_decision, recorded_events
from i18n_ids import ROOT, all_ids, narrator_words, optional_ids, you_template_ids

from citadels_core import Game, GameConfig
from citadels_core.bots import make_bot
from citadels_core.edition import get_edition
from citadels_core.narrate import TEMPLATES, narrate, template_id
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.errors import CODED, error_text

LANGS = [lang for lang in i18n.available() if lang != i18n.SOURCE_LANGUAGE]
FIELD = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}")


def _key(ctx: str, mid: str, plural: str) -> str:
    return (ctx + "\x04" if ctx else "") + mid + ("\x00" + plural if plural else "")


def _po(ids: list[tuple[str, str, str]]) -> str:
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    out = []
    for ctx, mid, plural in ids:
        out += ([f"msgctxt {q(ctx)}"] if ctx else []) + [f"msgid {q(mid)}"]
        out += (
            [f"msgid_plural {q(plural)}", 'msgstr[0] ""', 'msgstr[1] ""', 'msgstr[2] ""']
            if plural
            else ['msgstr ""']
        )
        out.append("")
    return "\n".join(out)


def test_there_is_a_translation_to_test():
    assert "ru" in LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation(lang):
    entries = i18n.catalog_entries(lang)
    missing = sorted(x for x in all_ids() if _key(*x) not in entries)
    assert not missing, (
        f"{len(missing)} messages have no {lang} translation; add to "
        f"citadels_tui/locale/{lang}.po:\n\n{_po(missing)}"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_entry_is_stale(lang):
    # An entry whose English changed would silently stop being used: the old text must go.
    wanted = {_key(*x) for x in all_ids() | optional_ids()}
    stale = sorted(
        k.replace("\x04", " | ").replace("\x00", " || ")
        for k in i18n.catalog_entries(lang)
        if k and k not in wanted
    )
    assert not stale, f"entries in {lang}.po that no code uses any more:\n" + "\n".join(stale)


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_only_the_placeholders_of_the_english(lang):
    entries = i18n.catalog_entries(lang)
    bad = []
    for ctx, mid, plural in all_ids():
        value = entries.get(_key(ctx, mid, plural))
        if value is None:
            continue
        allowed = set(FIELD.findall(mid + plural))
        if ctx.startswith("event:"):  # {Target} and {target} are the same player, capitalised or not
            allowed |= {f.lower() for f in allowed} | {f.capitalize() for f in allowed}
        if ctx == "you as target":
            allowed.add("name")
        for form in value.split("\x00"):
            used = set(FIELD.findall(form))
            # An event may drop a field ("Вы берёте" needs no {Who}); other texts must keep every one.
            if not used <= allowed or (
                not ctx.startswith("event:")
                and ctx != "you as target"
                and used != allowed
                and mid != "{d} ({c}, {ty})"
            ):
                bad.append((ctx, mid, form))
    assert not bad, "\n".join(map(repr, bad))


def test_russian_plural_forms_follow_russian_grammar():
    tr = narrator_words("ru")
    forms = {
        n: tr.npgettext("event:gather.gold", "{Who} takes {amount} gold.", "{Who} takes {amount} gold.", n)
        for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111)
    }
    assert forms[1] == forms[21] == forms[101] == "{Who} берёт {amount} золотой."
    assert forms[2] == forms[4] == forms[22] == "{Who} берёт {amount} золотых."
    assert forms[5] == forms[11] == forms[12] == forms[25] == forms[111] == "{Who} берёт {amount} золотых."
    cards = {
        n: tr.npgettext(
            "event:gain_cards", "{Who} gains {count} card ({why}).", "{Who} gains {count} cards ({why}).", n
        ).format(Who="Анна", count=n, why="доход")
        for n in (1, 2, 5)
    }
    assert cards == {
        1: "Анна получает 1 карту (доход).",
        2: "Анна получает 2 карты (доход).",
        5: "Анна получает 5 карт (доход).",
    }


def test_the_po_reader_and_mo_writer_round_trip_through_gettext():
    po = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

# a comment
msgctxt "district"
msgid "Castle"
msgstr "Schloss"

msgid "Line one\\n"
"line \\"two\\""
msgstr "Eins\\n"
"zwei"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgid "untranslated"
msgstr ""
"""
    tr = gettext.GNUTranslations(io.BytesIO(i18n.compile_mo(i18n.parse_po(po))))
    assert tr.pgettext("district", "Castle") == "Schloss"
    assert tr.gettext("Castle") == "Castle"
    assert tr.gettext('Line one\nline "two"') == "Eins\nzwei"
    assert [tr.ngettext("{n} card", "{n} cards", n) for n in (1, 3)] == ["{n} Karte", "{n} Karten"]
    assert tr.gettext("untranslated") == "untranslated"


def test_the_language_comes_from_the_flag_the_settings_or_the_locale():
    assert i18n.normalize("ru_RU.UTF-8") == "ru"
    assert i18n.normalize("RU") == "ru"
    assert i18n.normalize("русский") == "ru"
    assert i18n.normalize("xx") is None
    assert i18n.from_environment({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.from_environment({"LC_ALL": "ru_UA.UTF-8", "LANG": "en_US.UTF-8"}) == "ru"
    assert i18n.from_environment({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"


# ---------------------------------------------------------------- the engine's refusals


def _raised_codes() -> list[tuple[str, str, str]]:
    """(place, class, code) for every coded error made in core/ and citadels_tui/ (found in the source:
    a call of a coded error class whose first argument is a literal, or the code given by choice of two)."""
    names = {cls.__name__ for cls in CODED}
    out = []
    for path in sorted([*(ROOT / "core").rglob("*.py"), *(ROOT / "citadels_tui").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
                continue
            assert node.args, f"{path}:{node.lineno}: a coded error needs its code"
            arg = node.args[0]
            choices = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for c in choices:
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.func.id, c.value))
                elif not (path.name == "errors.py" and node.func.id == "cls"):
                    # (a code passed on unchanged, as ConfigError(e.code, ...) would, is no new code)
                    assert isinstance(c, ast.Attribute) and c.attr == "code", f"{path}:{node.lineno}"
    return out


def test_the_scan_finds_the_engine_refusals():
    codes = {(cls, code) for _, cls, code in _raised_codes()}
    assert ("IllegalAction", "gather_before_build") in codes and ("IllegalAction", "game_over") in codes
    assert ("ConfigError", "classic_bonus_purples") in codes and ("SeatRefusal", "bot_seat") in codes
    assert len(codes) > 60


def test_every_refusal_raised_has_its_sentence():
    classes = {cls.__name__: cls for cls in CODED}
    unknown = [(place, code) for place, cls, code in _raised_codes() if code not in classes[cls].SENTENCES]
    assert not unknown, "codes with no sentence:\n" + "\n".join(f"{p}: {c}" for p, c in unknown)


def test_every_sentence_of_a_code_is_raised_somewhere():
    raised = {(cls, code) for _, cls, code in _raised_codes()}
    unused = [(c.__name__, k) for c in CODED for k in c.SENTENCES if (c.__name__, k) not in raised]
    assert not unused, unused


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_code_reads_in_every_language(lang):
    """Each code's sentence has a translation with the same fields (the completeness test above holds
    them among all ids; this one names the codes)."""
    cat = i18n.catalog_entries(lang)
    missing = []
    for cls in CODED:
        for code, sentence in cls.SENTENCES.items():
            said = cat.get(_key("", sentence, ""), "")
            if not said or set(FIELD.findall(said)) != set(FIELD.findall(sentence)):
                missing.append(f"{cls.__name__}.{code}: {sentence}")
    assert not missing, "\n".join(missing)


def test_engine_errors_read_in_russian():
    from citadels_core.errors import ConfigError, IllegalAction

    i18n.set_language("ru")
    try:
        assert error_text(IllegalAction("not_in_hand", card="Castle")) == "У вас на руке нет «Замок»."
        assert (
            error_text(IllegalAction("character_cannot_build", character="Warlord"))
            == "Персонаж «Кондотьер» не может строить кварталы."
        )
        assert (
            error_text(IllegalAction("finish_first", action="keep"))
            == "Сначала закончите начатое: оставить карту."
        )
        assert (
            error_text(ConfigError("classic_no_such_character", key="'jester'"))
            == "Классического персонажа 'jester' нет."
        )
        assert error_text(KeyError("something")) == "something"
    finally:
        i18n.set_language("en")
    assert error_text(IllegalAction("not_in_hand", card="Castle")) == "You have no Castle in your hand."


def test_a_refusal_made_by_the_engine_reads_in_russian():
    g = Game(GameConfig.create(4), 3)
    p = pending_decision(g)[0]
    from citadels_core import Action, IllegalAction

    with pytest.raises(IllegalAction) as caught:
        g.apply(p, Action("build", ("castle",)))
    assert caught.value.code == "finish_first" or caught.value.code == "choose_first"
    i18n.set_language("ru")
    try:
        assert error_text(caught.value) == "Сначала выберите персонажа."
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the story


def _emitted_kinds() -> set[str]:
    kinds = set()
    for path in (ROOT / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "emit"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                kinds.add(node.args[0].value)
    return kinds


def test_every_event_the_engine_emits_has_a_template():
    kinds = _emitted_kinds()
    assert len(kinds) > 60
    told = {tid.split(".")[0] for tid in TEMPLATES}
    assert not kinds - told, f"events with no template in core/narrate.py TEMPLATES: {sorted(kinds - told)}"


def _games() -> list[Game]:
    out = []
    for preset in [p.key for p in get_edition("2016").presets]:
        for players, seed in ((3, 1), (5, 2), (7, 3)):
            g = Game(GameConfig.create(players, cast=preset, districts=preset), seed)
            bots = [make_bot("random" if i % 2 else "heuristic", seed * 10 + i) for i in range(players)]
            while not g.over:
                p, _ = pending_decision(g)
                g.apply(p, bots[p].choose(view(g, p)))
            out.append(g)
    for preset in [p.key for p in get_edition("classic").presets]:
        for players, seed in ((4, 4), (8, 5)):
            g = Game(GameConfig.create(players, cast=preset, districts=preset, edition="classic"), seed)
            bots = [make_bot("random" if i % 2 else "heuristic", seed * 10 + i) for i in range(players)]
            while not g.over:
                p, _ = pending_decision(g)
                g.apply(p, bots[p].choose(view(g, p)))
            out.append(g)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_whole_games_is_told_in_the_language(lang):
    tr = narrator_words(lang)
    english = gettext.NullTranslations()
    seen = set()
    for g in _games():
        for e in recorded_events(g):
            for me in (None, 0, 1):
                if not e.visible_to(me):
                    continue
                text = narrate(g.config, e, me, tr)
                tid = template_id(e, me)
                seen.add(tid)
                assert "{" not in text, (tid, text)
                assert text != narrate(g.config, e, me, english), (tid, text)
                if lang == "ru" and not re.search(r"[а-яё]", text, re.I):
                    pytest.fail(f"no Russian in {text!r} ({tid})")
    assert len(seen) > 50


def test_the_viewer_own_deeds_are_told_in_the_second_person_in_russian():
    tr = narrator_words("ru")
    g = _games()[0]
    mine = [e for e in recorded_events(g) if e.kind == "build" and e.data["player"] == 0]
    assert mine
    assert narrate(g.config, mine[0], 0, tr).startswith("Вы строите «")
    assert narrate(g.config, mine[0], 1, tr).startswith(g.config.names[0] + " строит «")
    assert "gather.gold" in you_template_ids()


def test_card_names_and_texts_are_keyed_by_the_english_text_so_a_new_edition_needs_only_entries():
    tr = narrator_words("ru")
    ed = get_edition("2016")
    for d in ed.districts:
        assert tr.pgettext("district", d.name) != d.name, d.key
    for c in ed.characters:
        assert tr.pgettext("character", c.name) != c.name, c.key
        assert tr.pgettext("character text", c.text) != c.text, c.key


def test_each_shipped_catalog_is_one_file():
    files = sorted(p.name for p in (ROOT / "citadels_tui" / "locale").iterdir())
    assert files == [f"{lang}.po" for lang in LANGS]
    assert all(
        Path(ROOT / "citadels_tui" / "locale" / f).read_text(encoding="utf-8").count("Plural-Forms") == 1
        for f in files
    )


def test_every_action_kind_and_word_met_in_play_has_a_catalog_id():
    # Options the app has no sentence for are labelled by their kind (and errors name pending kinds).
    from i18n_ids import ACTIONS, WORDS

    ed = get_edition("2016")
    kinds, words = set(), set()
    for preset in [p.key for p in ed.presets]:
        g = Game(GameConfig.create(5, cast=preset, districts=preset), 4)
        bots = [make_bot("random", 40 + i) for i in range(5)]
        while not g.over:
            p, pending = pending_decision(g)
            kinds.add(pending.replace("_", " "))
            for a in g.legal_actions():
                kinds.add(a.kind.replace("_", " "))
                words |= {
                    x.replace("_", " ")
                    for x in a.args
                    if isinstance(x, str) and x not in ed.district_by_key and x not in ed.character_by_key
                }
            g.apply(p, bots[p].choose(view(g, p)))
    assert not kinds - set(ACTIONS), (
        f"add to ACTIONS in tests/support/i18n_ids.py: {sorted(kinds - set(ACTIONS))}"
    )
    assert not words - set(WORDS), f"add to WORDS in tests/support/i18n_ids.py: {sorted(words - set(WORDS))}"


def test_classic_events_read_in_russian():
    from citadels_core.events import Event

    tr = narrator_words("ru")
    cfg = GameConfig.create(5, cast="classic_intrigue", districts="classic_intrigue", edition="classic")
    lab = Event("laboratory", {"player": 1, "amount": 1})
    assert narrate(cfg, lab, 0, tr).endswith("за 1 золотой.")
    assert narrate(cfg, lab, 1, tr) == "Вы сбрасываете карту в Лаборатории за 1 золотой."
    assert narrate(cfg, Event("laboratory", {"player": 1, "amount": 2}), 0, tr).endswith("за 2 золотых.")
    nothing = Event("emperor_take", {"player": 0, "target": 2, "what": "nothing"})
    assert (
        narrate(cfg, nothing, None)
        == f"{cfg.names[0]} finds neither gold nor cards to take from {cfg.names[2]}."
    )
    assert narrate(cfg, nothing, 0, tr).startswith("Вы ничего не берёте у игрока")
    thank = Event("thank", {"player": 1, "crown": 0})
    assert (
        narrate(cfg, thank, 0, tr) == f"{cfg.names[1]} говорит игроку {cfg.names[0]} (вы): "
        "«Благодарю, ваше превосходительство»."
    )
