"""The command line in Russian: verbs and names in Russian (and English), «ё» = «е», prefixes, case endings
("выбрать короля", "убить вора", "у анны"), typos answered with "может быть …"."""

import dataclasses

import pytest
from tui_states import action, drive, legal_has, me_view

from citadels_core import Action, Game, GameConfig
from citadels_core.view import view
from citadels_tui import i18n
from citadels_tui.command_words import norm, stems
from citadels_tui.commands import parse


@pytest.fixture(autouse=True)
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.fixture
def selection() -> tuple[Game, object]:
    g = Game(GameConfig.create(4, names=["Анна", "Борис", "Вера", "Глеб"]), seed=7)
    return g, view(g, 0)


def _turn(*kinds: str):
    g = drive(legal_has(*kinds))
    return g, me_view(g)


def test_yo_is_e_and_case_does_not_matter():
    assert norm("СЧЁТ") == "счет"
    assert norm("Воровской Притон") == "воровской притон"


@pytest.mark.parametrize(
    "text",
    [
        "выбрать короля",
        "Выбрать Короля",
        "выбери короля",
        "выб кор",
        "король",
        "выбрать король",
        "choose king",
        "ВЫБРАТЬ КОРОЛЯ",
    ],
)
def test_choose_the_king_in_russian_or_english(selection, text):
    g, v = selection
    assert parse(text, v, g.config).actions == (action("choose", "king"),), text


def test_case_endings_find_the_nominative_name():
    assert stems("вора") & stems("вор")
    assert stems("купца") & stems("купец")
    assert stems("анны") & stems("анна")
    assert stems("короля") & stems("король")
    assert not stems("короля") & stems("королева")
    assert stems("castle") == set()


def test_kill_and_rob_with_accusative_names():
    g, v = _turn("kill")
    target = next(a.args[0] for a in v.legal if a.kind == "kill")
    word = {
        "thief": "вора",
        "magician": "чародея",
        "king": "короля",
        "bishop": "епископа",
        "merchant": "купца",
        "architect": "зодчего",
        "warlord": "кондотьера",
        "artist": "художницу",
    }[target]
    assert parse(f"убить {word}", v, g.config).actions == (action("kill", target),)
    assert parse(f"убей {word}", v, g.config).actions == (action("kill", target),)


def test_rob_the_merchant():
    g, v = _turn("rob")
    if action("rob", "merchant") in v.legal:
        assert parse("ограбить купца", v, g.config).actions == (action("rob", "merchant"),)
    target = next(a.args[0] for a in v.legal if a.kind == "rob")
    assert parse(f"ограбить {target}", v, g.config).actions == (action("rob", target),)


def test_gather_in_russian():
    g, v = _turn("gather")
    gold, cards = (Action("gather", ("gold",)),), (Action("gather", ("cards",)),)
    for text in ("взять золото", "возьми золото", "золото", "взять", "зол"):
        assert parse(text, v, g.config).actions == gold, text
    for text in ("тянуть", "взять карты", "возьми карту", "карты", "тян"):
        assert parse(text, v, g.config).actions == cards, text


def test_build_end_and_income_in_russian():
    g, v = _turn("build")
    key = next(a.args[0] for a in v.legal if a.kind == "build")
    from citadels_tui.names import card_name

    ru = card_name(g.config, str(key)).lower()
    assert parse(f"построить {ru}", v, g.config).actions == (Action("build", (key,)),)
    assert parse(f"построй {ru.upper()}", v, g.config).actions == (Action("build", (key,)),)
    assert parse("конец", v, g.config).actions == (Action("end"),)
    assert parse("доход", v, g.config).actions == (Action("income"),)


def test_destroy_a_district_in_someone_city_with_a_genitive_name():
    g, v = _turn("destroy")
    a = next(a for a in v.legal if a.kind == "destroy")
    seat, key = a.args
    names = ("Анна", "Борис", "Вера", "Глеб")
    cfg = dataclasses.replace(g.config, names=names)  # the parser reads the names from the config
    genitive = {"Анна": "анны", "Борис": "бориса", "Вера": "веры", "Глеб": "глеба"}[names[seat]]
    from citadels_tui.names import card_name

    ru = card_name(cfg, str(key)).lower()
    assert parse(f"разрушить {ru} у {genitive}", v, cfg).actions == (Action("destroy", (seat, key)),)


def test_help_on_a_card_in_russian(selection):
    g, v = selection
    assert parse("помощь обсерватория", v, g.config).arg == "observatory"
    assert parse("справка обсерватория", v, g.config).app == "help"
    assert parse("помощь", v, g.config).app == "help"


def test_language_command_in_both_languages(selection):
    g, v = selection
    assert (parse("язык en", v, g.config).app, parse("язык en", v, g.config).arg) == ("lang", "en")
    assert (parse("lang ru", v, g.config).app, parse("lang ru", v, g.config).arg) == ("lang", "ru")


def test_a_typo_in_a_russian_verb_gets_a_suggestion_in_russian(selection):
    g, v = selection
    err = parse("пострить замок", v, g.config).error
    assert "Может быть" in err and "построить" in err, err


def test_a_typo_in_a_russian_name_gets_a_suggestion(selection):
    g, v = selection
    prefix = parse("помощь обсерватори", v, g.config)
    # A prefix is fine; a real typo gets the close names.
    assert prefix.arg == "observatory"
    err = parse("помощь обсерваторея", v, g.config).error
    assert "Обсерватория" in err, err


def test_errors_are_in_russian(selection):
    g, v = selection
    assert "Варианта 9 нет" in parse("9", v, g.config).error


@pytest.mark.parametrize(
    "text", ["готово", "конец хода", "закончить", "завершить ход", "пас", "всё", "хватит"]
)
def test_the_russian_ways_of_finishing_end_the_turn(text):
    g, v = _turn("end")
    assert parse(text, v, g.config).actions == (action("end"),), text


def test_a_bare_misspelt_russian_name_gets_a_suggestion(selection):
    g, v = selection
    assert "Король" in parse("карол", v, g.config).error


def test_an_option_typed_as_listed_in_russian_with_case_endings():
    from citadels_tui.names import describe

    g, v = _turn("swap_hands")
    a = next(a for a in v.legal if a.kind == "swap_hands")
    assert parse(describe(g.config, v, a), v, g.config).actions == (a,)
    assert parse("обменяться картами с " + g.config.names[a.args[0]], v, g.config).actions == (a,)


def test_a_pasted_line_is_refused_in_russian(selection):
    g, v = selection
    assert parse("я" * 200, v, g.config).error == "Эта строка слишком длинная для команды: ничего не сделано."


# The bots' Russian names under the cases a command puts them in: «у Клары» (genitive), «Кларе» (dative),
# «Клару» (accusative), «с Кларой» (instrumental).
CASES = {
    "Анна": ("анны", "анне", "анну", "анной"),
    "Борис": ("бориса", "борису", "бориса", "борисом"),
    "Клара": ("клары", "кларе", "клару", "кларой"),
    "Денис": ("дениса", "денису", "дениса", "денисом"),
    "Елена": ("елены", "елене", "елену", "еленой"),
    "Фёдор": ("фёдора", "фёдору", "фёдора", "фёдором"),
    "Глеб": ("глеба", "глебу", "глеба", "глебом"),
    "Игорь": ("игоря", "игорю", "игоря", "игорем"),
}

NAME_IDS = ["anna", "boris", "klara", "denis", "elena", "fyodor", "gleb", "igor"]


def test_the_bots_are_named_in_russian_in_a_russian_game():
    from citadels_tui.game_setup import bot_names, default_names

    assert set(default_names()) == set(CASES)
    assert bot_names("Anna", 4) == ("Anna", "Борис", "Клара", "Денис")  # not "Анна" beside "Anna"
    assert bot_names("Клара", 3) == ("Клара", "Анна", "Борис")
    i18n.set_language("en")
    assert bot_names("Anna", 3) == ("Anna", "Bruno", "Clara")


def _named(cfg: GameConfig, seat: int, name: str, hosted: bool) -> GameConfig:
    """`cfg` with `name` in `seat` (a hosted table's bot: «Клара (бот)») and other Russian names elsewhere."""
    others = [n for n in CASES if n != name]
    names = [others[i] for i in range(cfg.players)]
    names[seat] = f"{name} (бот)" if hosted else name
    return dataclasses.replace(cfg, names=tuple(names))  # the parser reads the names from the config


@pytest.mark.parametrize("hosted", [False, True], ids=["local", "hosted"])
@pytest.mark.parametrize("name", list(CASES), ids=NAME_IDS)
def test_a_district_in_a_russian_named_player_city_by_the_genitive(name, hosted):
    g, v = _turn("destroy")
    from citadels_tui.names import card_name

    a = next(a for a in v.legal if a.kind == "destroy")
    seat, key = a.args
    cfg = _named(g.config, seat, name, hosted)
    ru = card_name(cfg, str(key)).lower()
    genitive = CASES[name][0]
    for text in (
        f"разрушить {ru} у {genitive}",
        f"разрушить {ru} в городе {genitive}",
        f"разрушить {ru} у {genitive.capitalize()}",
        f"разрушить {ru} у {name}",
    ):
        assert parse(text, v, cfg).actions == (Action("destroy", (seat, key)),), text


@pytest.mark.parametrize("hosted", [False, True], ids=["local", "hosted"])
@pytest.mark.parametrize("name", list(CASES), ids=NAME_IDS)
def test_swap_hands_and_look_with_a_russian_name_in_any_case(name, hosted):
    g, v = _turn("swap_hands")
    seat = next(a.args[0] for a in v.legal if a.kind == "swap_hands")
    cfg = _named(g.config, seat, name, hosted)
    for form in {*CASES[name], name.lower()}:
        assert parse(f"обменяться с {form}", v, cfg).actions == (Action("swap_hands", (seat,)),), form
        assert parse(f"обменяться {form}", v, cfg).actions == (Action("swap_hands", (seat,)),), form
        look = parse(f"посмотреть {form}", v, cfg)
        assert (look.app, look.arg) == ("look", str(seat)), form
