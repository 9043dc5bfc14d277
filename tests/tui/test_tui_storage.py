"""Settings and the saved game: read, written atomically, and never lost when broken."""

from helpers import pending_decision
from pilots import there

from citadels_core import GameConfig
from citadels_core.record import GameRecord
from citadels_tui.saves import read_save, save_target, write_save
from citadels_tui.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip(tmp_path):
    s = Settings(name="Zoé", theme="nord", bot_pace=0.2, players=5, bots=["random"] * 7)
    save_settings(s, tmp_path)
    got, msg = load_settings(tmp_path)
    assert msg is None
    assert got == s


def test_missing_settings_are_the_defaults_quietly(tmp_path):
    assert load_settings(tmp_path) == (Settings(), None)


def test_broken_settings_give_a_message_the_defaults_and_stay_on_disk(tmp_path):
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("name = [unclosed", encoding="utf-8")
    got, msg = load_settings(tmp_path)
    assert got == Settings()
    assert msg is not None and "broken" in msg and str(path) in msg
    assert path.read_text(encoding="utf-8") == "name = [unclosed"


def test_an_older_settings_file_with_heuristic_bots_reads_them_as_normal(tmp_path):
    """`heuristic` was the name of `normal` before the ladder; the levels offered are the ladder's."""
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('bots = ["heuristic", "random", "hard"]\n', encoding="utf-8")
    got, msg = load_settings(tmp_path)
    assert msg is None
    assert got.bots == ["normal", "random", "hard"] + ["normal"] * 4


def test_settings_with_a_bad_value_are_refused(tmp_path):
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("players = 12\n", encoding="utf-8")
    got, msg = load_settings(tmp_path)
    assert got.players == 4 and msg is not None and "players" in msg


def _record(actions: int = 0) -> GameRecord:
    from citadels_core import Game

    rec = GameRecord(GameConfig.create(4), 3, [])
    g = Game(rec.config, rec.seed)
    for _ in range(actions):
        p, _kind = pending_decision(g)
        a = g.legal_actions()[0]
        g.apply(p, a)
        rec.actions.append((p, a))
    return rec


def test_a_save_is_read_back(tmp_path):
    rec = _record(5)
    path = save_target(tmp_path)
    write_save(rec, path)
    saved, msg = read_save(tmp_path)
    assert msg is None and saved is not None
    assert saved.record.actions == rec.actions and saved.path == path
    assert not list(path.parent.glob("*.tmp"))  # the atomic write left no temporary file


def test_a_broken_save_gives_a_message_and_is_never_overwritten(tmp_path):
    path = save_target(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    saved, msg = read_save(tmp_path)
    assert saved is None and msg is not None and "broken" in msg
    other = save_target(tmp_path)
    assert other != path
    write_save(_record(2), other)
    assert path.read_text(encoding="utf-8") == "{not json"
    saved, _ = read_save(tmp_path)
    assert saved is not None and saved.path == other


def test_a_save_whose_actions_do_not_replay_is_broken(tmp_path):
    rec = _record(2)
    from citadels_core import Action

    rec.actions.append((0, Action("build", ("palace",))))
    path = save_target(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(rec.dumps(), encoding="utf-8")
    saved, msg = read_save(tmp_path)
    assert saved is None and "illegal" in (msg or "")


def test_the_bots_levels_are_saved_beside_the_record_and_replay_ignores_them(tmp_path):
    from citadels_core.record import GameRecord as Rec

    rec = _record(3)
    path = save_target(tmp_path)
    write_save(rec, path, {1: "random", 2: "heuristic", 3: "random"})
    saved = there(read_save(tmp_path)[0], "the save")
    assert saved.bots == {1: "random", 2: "heuristic", 3: "random"}
    assert Rec.loads(path.read_text(encoding="utf-8")).actions == rec.actions


def test_the_language_and_theme_are_saved_beside_the_record(tmp_path):
    path = save_target(tmp_path)
    write_save(_record(3), path, language="ru", theme="night")
    saved = there(read_save(tmp_path)[0], "the save")
    assert (saved.language, saved.theme) == ("ru", "night")
    write_save(_record(3), path)  # an older save says neither: resuming keeps the session's
    saved = there(read_save(tmp_path)[0], "the save")
    assert (saved.language, saved.theme) == ("", "")
