"""The words of the command line: the verbs (the game's, and the app's commands', with the argument each
reads) and the action kinds they make, the words that name nothing, and every name a game's commands may use,
matched under Russian case endings too ("короля" is the King)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from citadels_core import GameConfig

from .i18n import language, tp
from .names import card_name, char_name

# Words the verbs' grammar may carry but that name nothing ("destroy the market in anna's city").
FILLER = frozenset(
    {
        "the",
        "a",
        "an",
        "in",
        "with",
        "from",
        "of",
        "city",
        "to",
        "at",
        "on",
        "and",
        "hands",
        "hand",
        "turn",
        "card",
        "for",
        "my",
        "his",
        "her",
        "their",
        "please",
        "then",
        # Russian: prepositions and the words around a name ("разрушить рынок у анны", "в городе бориса").
        "у",
        "в",
        "во",
        "с",
        "со",
        "из",
        "на",
        "за",
        "и",
        "к",
        "город",
        "города",
        "городе",
        "пожалуйста",
        "мой",
        "моего",
        "моем",
        "руки",
        "картами",
        "карта",
        "персонажа",
        "квартал",
        "квартала",
        "игрока",
    }
)

# The game's verb words -> verb id.
GAME_VERBS: dict[str, str] = {
    "take": "take",
    "gold": "gold",
    "draw": "draw",
    "cards": "draw",
    "keep": "keep",
    "build": "build",
    "choose": "choose",
    "pick": "choose",
    "discard": "discard",
    "kill": "kill",
    "assassinate": "kill",
    "murder": "kill",
    "rob": "rob",
    "steal": "rob",
    "swap": "swap",
    "exchange": "swap",
    "redraw": "redraw",
    "destroy": "destroy",
    "beautify": "beautify",
    "laboratory": "laboratory",
    "smithy": "smithy",
    "pay": "pay",
    "income": "income",
    "bonus": "bonus",
    "end": "end",
    "pass": "end",
    "done": "done",
    "finish": "end",
    "finished": "end",
    # Russian: infinitives, imperatives and the nouns players type ("взять золото", "тянуть", "доход").
    "взять": "take",
    "возьми": "take",
    "беру": "take",
    "брать": "take",
    "золото": "gold",
    "тянуть": "draw",
    "тяни": "draw",
    "вытянуть": "draw",
    "карты": "draw",
    "оставить": "keep",
    "оставь": "keep",
    "построить": "build",
    "строить": "build",
    "построй": "build",
    "выбрать": "choose",
    "выбери": "choose",
    "сбросить": "discard",
    "сбрось": "discard",
    "убить": "kill",
    "убей": "kill",
    "ограбить": "rob",
    "ограбь": "rob",
    "обменяться": "swap",
    "обменять": "swap",
    "обмен": "swap",
    "поменяться": "swap",
    "разрушить": "destroy",
    "разрушь": "destroy",
    "украсить": "beautify",
    "укрась": "beautify",
    "лаборатория": "laboratory",
    "кузница": "smithy",
    "заплатить": "pay",
    "оплатить": "pay",
    "платить": "pay",
    "доход": "income",
    "бонус": "bonus",
    "конец": "end",
    "закончить": "end",
    "пас": "end",
    "готово": "done",
    "завершить": "end",
    "закончил": "end",
    "закончила": "end",
    "заканчиваю": "end",
    "завершаю": "end",
    "пасую": "end",
    "пропускаю": "end",
    "все": "end",
    "хватит": "end",
}
# The app's commands' words (app_commands.py carries the commands out), English then Russian; in this
# order the Tab completion lists them.
APP_WORDS: dict[str, str] = {
    "help": "help",
    "look": "look",
    "board": "look",  # the end screen's Esc: back to the board
    "score": "score",
    "scores": "score",
    "save": "save",
    "quit": "quit",
    "exit": "quit",
    "new": "new",
    "theme": "theme",
    "skip": "skip",
    "pace": "pace",
    "lang": "lang",
    "language": "lang",
    "settings": "settings",
    "hint": "hint",
    "why": "why",
    "think": "think",
    "undo": "undo",
    "story": "story",
    "share": "share",
    "h": "help",  # a lone "h" was always help
    "results": "results",
    "result": "results",
    "review": "review",
    "hand": "hand",
    "cities": "cities",
    "city": "city",
    "characters": "characters",
    "who": "who",
    "notify": "ring",
    "notifications": "ring",
    "помощь": "help",
    "справка": "help",
    "посмотреть": "look",
    "смотреть": "look",
    "доска": "look",
    "счет": "score",
    "очки": "score",
    "сохранить": "save",
    "выйти": "quit",
    "выход": "quit",
    "новая": "new",
    "тема": "theme",
    "настройки": "settings",
    "пропустить": "skip",
    "темп": "pace",
    "язык": "lang",
    "подсказка": "hint",
    "подскажи": "hint",
    "почему": "why",
    "догадки": "think",
    "отменить": "undo",
    "отмени": "undo",
    "назад": "undo",
    "поделиться": "share",
    "итоги": "results",
    "результаты": "results",
    "разбор": "review",
    "летопись": "story",
    "история": "story",
    "рука": "hand",
    "города": "cities",
    "город": "city",
    "персонажи": "characters",
    "кто": "who",
    "звонок": "ring",
}


class Argument(Enum):
    """What a command reads after its word."""

    NONE = "none"
    CARD = "card"  # a district's or a character's name (`help market`)
    PLAYER = "player"  # a player's name (`look anna`); none: the player who typed it
    TEXT = "text"  # the rest of the line as typed (`theme dark`, `pace 0.5`)


# The app's commands that read an argument after their word; the others read none.
APP_ARGUMENTS: dict[str, Argument] = {
    "help": Argument.CARD,
    "why": Argument.CARD,
    "look": Argument.PLAYER,
    "city": Argument.PLAYER,
    "theme": Argument.TEXT,
    "pace": Argument.TEXT,
    "lang": Argument.TEXT,
    "ring": Argument.TEXT,
    "think": Argument.TEXT,
}

# Every verb: the game's, then the app's commands', whose ids start with "app:".
VERBS: dict[str, str] = {**GAME_VERBS, **{word: "app:" + name for word, name in APP_WORDS.items()}}

# The words that confirm an option which asks first (one that destroys a district of your own city).
YES = frozenset({"yes", "y", "ok", "sure", "да", "д", "ага", "конечно"})

# Words after `take`/`взять` that say what to take.
TAKE_WORDS: dict[str, tuple[str, ...]] = {
    "gold": ("gold", "золото", "золота", "золотые"),
    "cards": ("cards", "card", "карты", "карту", "карт"),
    "income": ("income", "доход"),
    "bonus": ("bonus", "бонус"),
}

# The action kinds each verb can produce, to settle an ambiguous prefix in favour of what is legal now.
VERB_KINDS: dict[str, tuple[str, ...]] = {
    "take": ("gather", "income", "bonus"),
    "gold": ("gather",),
    "draw": ("gather",),
    "keep": ("keep",),
    "build": ("build",),
    "choose": ("choose",),
    "discard": ("discard", "discard_character", "redraw"),
    "kill": ("kill",),
    "rob": ("rob",),
    "swap": ("swap_hands",),
    "redraw": ("redraw",),
    "destroy": ("destroy",),
    "beautify": ("beautify",),
    "laboratory": ("laboratory",),
    "smithy": ("smithy",),
    "pay": ("pay_card", "pay_gold"),
    "income": ("income",),
    "bonus": ("bonus",),
    "end": ("end",),
    "done": ("done",),
}


# Action kinds whose argument picks among a few targets; a wrong pick is answered with the list.
TARGETED = frozenset(
    {"keep", "kill", "rob", "beautify", "laboratory", "swap_hands", "destroy", "pay_card", "discard"}
)


@dataclass(frozen=True, slots=True)
class Name:
    words: tuple[str, ...]
    kind: str  # "district", "character" or "player"
    value: str | int
    label: str


def is_number(text: str) -> bool:
    """ASCII digits only: "¹" and "٣" are digits to str.isdigit() but no option number."""
    return text.isascii() and text.isdigit()


def norm(text: str) -> str:
    """Casefold, drop apostrophes and possessive 's, and make every separator a single space."""
    s = text.casefold().replace("’", "'").replace("‘", "'").replace("ё", "е")
    s = re.sub(r"'s\b", "", s)
    s = s.replace("'", "")
    s = re.sub(r"[^\w]+|_", " ", s)
    return " ".join(s.split())


# The last few vocabularies built, by (config identity, seat, language): the inline suggestion asks for one
# on every keystroke, and on a server many players type at once. The config is kept to pin its identity.
_VOCABULARIES: dict[tuple[int, int | None, str], tuple[GameConfig, tuple[Name, ...]]] = {}
_VOCABULARY_CACHE_SIZE = 64


def vocabulary(cfg: GameConfig, me: int | None) -> tuple[Name, ...]:
    """Every name a command may use: districts and characters of the edition, the players."""
    key = (id(cfg), me, language())
    hit = _VOCABULARIES.get(key)
    if hit is not None and hit[0] is cfg:
        return hit[1]
    names = tuple(_build_vocabulary(cfg, me))
    if len(_VOCABULARIES) >= _VOCABULARY_CACHE_SIZE:
        _VOCABULARIES.pop(next(iter(_VOCABULARIES)))
    _VOCABULARIES[key] = (cfg, names)
    return names


def _build_vocabulary(cfg: GameConfig, me: int | None) -> list[Name]:
    ed = cfg.ed
    out: list[Name] = []
    for d in ed.districts:
        label = card_name(cfg, d.key)
        for words in _spellings(label, d.name):
            out.append(Name(words, "district", d.key, label))
    for c in ed.characters:
        label = char_name(cfg, c.key)
        # The edition's own name first (the classic Russian "Волшебник"), the shared one still understood.
        for words in _spellings(label, c.name, tp("character", c.name)):
            out.append(Name(words, "character", c.key, label))
    for seat, n in enumerate(cfg.names):
        out.append(Name(tuple(norm(n).split()), "player", seat, n))
    if me is not None:
        for w in ("me", "myself", "mine", "you", "я", "меня", "мне", "себя", "себе"):
            out.append(Name((w,), "player", me, cfg.names[me]))
    return out


def _spellings(label: str, english: str, *others: str) -> list[tuple[str, ...]]:
    """The name in the player's language, and in English too: typed English always works. `others`: more
    names the card goes by (another edition's translation)."""
    return list(dict.fromkeys(tuple(norm(x).split()) for x in (label, english, *others)))


# Russian case endings, longest first: "короля" is the King, "вора" the Thief, "анны" Anna.
_ENDINGS = tuple(
    sorted(
        (
            "ами",
            "ями",
            "ого",
            "его",
            "ому",
            "ему",
            "ыми",
            "ими",
            "ой",
            "ей",
            "ий",
            "ый",
            "ую",
            "юю",
            "ая",
            "яя",
            "ое",
            "ее",
            "ые",
            "ие",
            "ых",
            "их",
            "ом",
            "ем",
            "ам",
            "ям",
            "ах",
            "ях",
            "а",
            "я",
            "у",
            "ю",
            "е",
            "ы",
            "и",
            "о",
            "ь",
            "й",
        ),
        key=len,
        reverse=True,
    )
)
_VOWELS = "аеиоуыэюяё"


def stems(word: str) -> set[str]:
    """The stems a Russian word may show under case endings (with the fleeting vowel of "купец" ->
    "купца", "рынок" -> "рынка" dropped too). A word without Cyrillic letters has no stems."""
    if not any("а" <= ch <= "я" for ch in word):
        return set()
    out = {word}
    if len(word) >= 4 and word[-2] in "ео" and word[-1] not in _VOWELS and word[-3] not in _VOWELS:
        out.add(word[:-2] + word[-1])
    # Every ending that fits: "чародей" is "чарод-ей" or "чароде-й", and "чародея" is "чароде-я".
    out |= {word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 3}
    return out


def same_word(typed: str, word: str) -> bool:
    """`typed` is `word` under another case ending."""
    return typed == word or bool(stems(typed) & stems(word))


def name_match(phrase: tuple[str, ...], name: Name) -> int:
    """2 for an exact match, 1 for a prefix match (word by word or of the whole name), 0 for none."""
    if phrase == name.words:
        return 2
    if len(phrase) == len(name.words) and all(
        same_word(p, w) for p, w in zip(phrase, name.words, strict=True)
    ):
        return 2
    # A prefix, word by word, and a case form counts as its word: «у клары» is "Клара (бот)" at a table.
    if len(phrase) <= len(name.words) and all(
        w.startswith(p) or same_word(p, w) for p, w in zip(phrase, name.words, strict=False)
    ):
        return 1
    if " ".join(name.words).startswith(" ".join(phrase)):
        return 1
    return 0
