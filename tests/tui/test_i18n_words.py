"""The story's words: every event template, in every language, with 1, 2 and 5 of each counted thing and
with the viewer in each role, reads right ("your", not "you's"; "1 card", not "1 cards"; Russian «1 карту,
2 карты, 5 карт»; no placeholder left over)."""

from __future__ import annotations

import re

import pytest
from i18n_ids import narrator_words
from narrate_samples import CFG, SPECS, all_samples

from citadels_core.events import Event
from citadels_core.narrate import PLURALS, TEMPLATES, narrate, template_id

RU = narrator_words("ru")
SAMPLES = list(all_samples())

# English nouns that take a plural "s" after a number, and how they read after 1 and after more.
EN_COUNTED = re.compile(r"\b(\d+) (cards?|districts?|match(?:es)?|coins?|players?|rounds?)\b")
# Russian counted nouns: each form and which plural form (0: 1, 21 …; 1: 2-4, 22 …; 2: 5-20 …) it is.
RU_FORMS = {
    "карта": {0},
    "карту": {0},
    "карты": {1},
    "карт": {2},
    "золотой": {0},
    "золотых": {1, 2},
    "квартал": {0},
    "квартала": {1},
    "кварталов": {2},
    "квартале": {0},
    "кварталах": {1, 2},
    "совпадение": {0},
    "совпадения": {1},
    "совпадений": {2},
    "игрок": {0},
    "игрока": {1},
    "игроков": {2},
    "очко": {0},
    "очка": {1},
    "очков": {2},
    "очк": {0, 1, 2},  # «очк.», the abbreviation, fits every number
}
RU_COUNTED = re.compile(r"\b(\d+) (карт|золот|квартал|совпаден|игрок|очк)([а-яё]*)")


def russian_form(n: int) -> int:
    """The Russian plural rule, as the catalog's Plural-Forms header states it."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def test_every_template_has_samples_and_each_sample_is_told_by_its_template():
    assert set(SPECS) == set(TEMPLATES)
    for tid, e, me, _ in SAMPLES:
        assert template_id(e, me) == tid, (tid, e, me)
    # Each counted template is tried with 1, 2 and 5 and with the viewer in each role.
    assert {c["amount"] for tid, _, _, c in SAMPLES if tid == "robbed"} == {1, 2, 5}
    assert {me for tid, _, me, _ in SAMPLES if tid == "robbed"} == {None, 0, 1}


def _english(e: Event, me: int | None) -> str:
    # What the player reads: the app mends "you takes" into "you take" (citadels_tui/grammar.py).
    return narrate(CFG, e, me)


@pytest.mark.parametrize("tid", sorted(TEMPLATES))
def test_english_reads_right_with_every_count_and_viewer(tid):
    for t, e, me, _ in SAMPLES:
        if t != tid:
            continue
        text = _english(e, me)
        where = f"{tid}, viewer {me}: {text!r}"
        assert not re.search(r"[{}]", text), f"placeholder left over in {where}"
        assert not re.search(r"\byou's\b", text, re.I), f"'you's' in {where}"
        # "you" as the subject (at the start, or after a comma or colon) takes the plain verb.
        assert not re.search(r"(?:^|[,:;.] )[Yy]ou (?:[a-z]*[^s\W]s|is|has|was)\b", text), (
            f"'you' with a third-person verb in {where}"
        )
        for n, noun in EN_COUNTED.findall(text):
            singular = not noun.endswith("s") or noun in ("match",)
            assert singular == (int(n) == 1), f"'{n} {noun}' in {where}"


@pytest.mark.parametrize("tid", sorted(TEMPLATES))
def test_russian_reads_right_with_every_count_and_viewer(tid):
    for t, e, me, counts in SAMPLES:
        if t != tid:
            continue
        text = narrate(CFG, e, me, RU)
        where = f"{tid}, viewer {me}, counts {counts}: {text!r}"
        assert not re.search(r"[{}]", text), f"placeholder left over in {where}"
        # An event kind no template knows is told by its own (English) name and data.
        assert tid == "unknown" or re.search(r"[а-яё]", text, re.I), f"no Russian in {where}"
        for n, stem, ending in RU_COUNTED.findall(text):
            word = stem + ending
            assert word in RU_FORMS, f"unknown form '{word}' in {where}"
            assert russian_form(int(n)) in RU_FORMS[word], f"'{n} {word}' in {where}"
        # The viewer's own deed is said in the second person («Вы берёте»), never «Анна (вы) берёт».
        assert not re.match(r"\S+ \(вы\)", text), f"third person for the viewer in {where}"


def test_every_counted_russian_template_changes_with_the_count():
    # A counted template whose Russian forms are all alike would say «1 карт» or «5 карту» somewhere.
    for tid in PLURALS:
        told = {
            n: narrate(CFG, e, me, RU)
            for t, e, me, c in SAMPLES
            if t == tid and me is None
            for n in [c.get(PLURALS[tid][1])]
            if n is not None
        }
        if len(told) == 3 and RU_COUNTED.search(told[5]):
            assert len({re.sub(r"\d+", "#", x) for x in told.values()}) > 1, (tid, told)


def test_russian_plural_rule_beyond_five():
    assert [russian_form(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        2,
        0,
        1,
        2,
        0,
        2,
    ]


def _told(tid: str, me: int | None, lang: str, **counts: int) -> str:
    for t, e, m, c in SAMPLES:
        if t == tid and m == me and all(c.get(k) == v for k, v in counts.items()):
            return narrate(CFG, e, me, RU) if lang == "ru" else _english(e, me)
    raise AssertionError((tid, me, counts))


@pytest.mark.parametrize(
    ("tid", "me", "counts", "want"),
    [
        ("destroy", 1, {"paid": 1}, "Anna destroys your Castle for 1 gold."),
        ("destroy", None, {"paid": 2}, "Anna destroys Bruno's Castle for 2 gold."),
        (
            "spy",
            1,
            {"matches": 1, "gold": 1},
            "Anna names noble and looks at your hand: 1 match, 1 gold taken.",
        ),
        (
            "spy",
            0,
            {"matches": 2, "gold": 2},
            "You name noble and look at Bruno's hand: 2 matches, 2 gold taken.",
        ),
        ("spy_private", 1, {}, "Your hand: Castle and Market."),
        ("wizard_takes", 1, {}, "Anna takes a card from your hand."),
        (
            "reveal_threat.flower",
            1,
            {"amount": 5},
            "Anna reveals the flowered threat and takes all of your gold: 5.",
        ),
        ("gather.cards", 0, {"drawn": 1, "kept": 1}, "You draw 1 card and keep 1."),
        ("gather.cards", None, {"drawn": 2, "kept": 1}, "Anna draws 2 cards and keeps 1."),
        ("swap_hands", 1, {"gave": 1, "took": 2}, "Anna exchanges hands with you (1 card for 2)."),
        ("redraw", 0, {"count": 1, "drawn": 1}, "You discard 1 card and draw 1."),
        ("museum_lost", None, {"count": 1}, "The 1 card under the Museum goes under the deck."),
        ("study", 0, {"drawn": 5}, "You draw 5 cards to keep one."),
        ("heir", 0, {}, "At the end of the round, you reveal the killed King."),
        ("hospital", 0, {}, "Thanks to the Hospital, you still take an action, but no more."),
        ("alms", 1, {}, "Anna receives 1 gold from you, the richest player."),
        ("emperor_take.nothing", 1, {}, "Anna finds neither gold nor cards to take from you."),
        ("seize", 0, {"paid": 2}, "You seize Bruno's Castle for 2 gold."),
        (
            "cardinal",
            0,
            {"gold": 2},
            "You take 2 gold from Bruno and build the Castle, giving as many cards.",
        ),
        (
            "bell_tower",
            None,
            {"complete_at": 1},
            "Anna rings the Bell Tower: the game ends after the round in which a city reaches 1 district.",
        ),
        ("game_over", None, {"count": 2}, "The game is over. Anna and Bruno win!"),
    ],
)
def test_english_cases(tid, me, counts, want):
    assert _told(tid, me, "en", **counts) == want


@pytest.mark.parametrize(
    ("tid", "me", "counts", "want"),
    [
        ("robbed", 0, {"amount": 2}, "Вы грабите персонажа «Король»: 2 золотых у игрока Bruno."),
        ("robbed", 1, {"amount": 1}, "Anna грабит персонажа «Король»: 1 золотой у игрока Bruno (вы)."),
        ("gather.cards", 0, {"drawn": 1, "kept": 1}, "Вы тянете 1 карту и оставляете себе 1."),
        ("gather.cards", None, {"drawn": 5, "kept": 1}, "Anna тянет 5 карт и оставляет себе 1."),
        (
            "spy",
            None,
            {"matches": 2, "gold": 2},
            "Anna называет тип «дворянский» и смотрит карты игрока Bruno: 2 совпадения, взято золота — 2.",
        ),
        (
            "bell_tower",
            None,
            {"complete_at": 2},
            "Anna звонит в Колокольню: игра закончится после раунда, в котором "
            "в каком-либо городе будет 2 квартала.",
        ),
        (
            "bell_tower_silenced",
            None,
            {"complete_at": 1},
            "Колокольни больше нет: город снова считается завершённым при 1 квартале.",
        ),
        ("pay_with_cards", 0, {"count": 2}, "Вы отдаёте 2 карты в счёт стоимости Воровского притона."),
        ("emperor_take.nothing", 1, {}, "Anna ничего не берёт у игрока Bruno (вы): ни золота, ни карт."),
        ("theater_private", 1, {}, "Anna забирает вашего персонажа «Вор» и даёт вам персонажа «Король»."),
        ("museum_lost", None, {"count": 5}, "5 карт из-под Музея уходят под колоду."),
    ],
)
def test_russian_cases(tid, me, counts, want):
    assert _told(tid, me, "ru", **counts) == want


# The app's own counted texts. Plain t() texts that put a number before a plural noun, where the number is
# never 1 (a city is complete at 7 or 8; a table seats 2 or more players) — any other is an error.
NEVER_ONE = {
    "**This game is of the classic edition**",
    "{n} players need {names} names",
    "Table {n} is yours ({p} players)",
    "A {n}-player game needs",
    "That was not typed: a command is at most {n} characters.",
    # A game line is hundreds of characters long, never one.
    "The game as one line ({n} characters)",
    "This terminal is too small to show the whole line at once: its {n} characters",
    # "{n} of {m} districts": {m} is a complete city's size, never one.
    "Your city: {districts}; {n} of {m} districts",
    "{p}'s city: {districts}; {n} of {m} districts",
}
# Counted texts not yet told with plural forms: none left.
NOT_YET: set[str] = set()
# ({type} is a district type, "noble districts", not a count.)
PLURAL_NOUN = re.compile(
    r"\{(?!type\})\w+\}\S* (cards|districts|points|players|matches|coins|moves|minutes|seconds|"
    r"characters|rounds|votes)\b"
)


def _app_ids():
    from i18n_ids import all_ids

    return sorted(x for x in all_ids() if not x[0].startswith("event:") and x[0] != "you as target")


def test_no_app_text_puts_a_count_before_a_plural_noun_without_plural_forms():
    bad = [
        mid
        for ctx, mid, plural in _app_ids()
        if not plural
        and PLURAL_NOUN.search(mid)
        and not any(mid.startswith(x) for x in NEVER_ONE)
        and mid not in NOT_YET
    ]
    assert not bad, "use tn() for these (a count of 1 reads '1 cards'):\n" + "\n".join(bad)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_app_counted_texts_agree_with_1_2_and_5(lang):
    tr = RU if lang == "ru" else narrator_words("en")
    plurals = [(ctx, mid, plural) for ctx, mid, plural in _app_ids() if plural]
    assert len(plurals) >= 6
    for _ctx, mid, plural in plurals:
        for n in COUNTS_ALL:
            # The count is {n} (tn fills it); the other numbers are a city's size and the like.
            fields = {f: 7 for f in re.findall(r"\{(\w+)\}", mid + plural)} | {"n": n}
            text = tr.ngettext(mid, plural, n).format(**fields)
            if lang == "en":
                for k, noun in EN_COUNTED.findall(text):
                    assert (not noun.endswith("s")) == (int(k) == 1), text
            for k, stem, ending in RU_COUNTED.findall(text):
                assert russian_form(int(k)) in RU_FORMS.get(stem + ending, set()), text


COUNTS_ALL = (1, 2, 5, 11, 21, 22)
