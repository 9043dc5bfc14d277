"""What rings is the player's setting at home (`ring`, `ring_with` in the settings file, ringer.py): a kind or
a way turned off there does not ring when the app starts, and `notify` changes the file."""

from __future__ import annotations

from citadels_tui.app import CitadelsApp
from citadels_tui.settings import Settings, load_settings, save_settings


async def test_a_kind_and_a_way_off_in_the_settings_stay_off_and_notify_keeps_its_change(tmp_path):
    save_settings(Settings(ring=["table", "mention"], ring_with=["title"]), tmp_path)
    app = CitadelsApp(home=tmp_path, seed=1)
    written: list[str] = []
    app.ringer.write = written.append
    assert (app.ringer.kinds, app.ringer.ways) == ({"table", "mention"}, {"title"})
    assert not app.ringer.ring("turn", "Your turn")  # turned off in the file
    assert app.ringer.ring("table", "Table 1 started") and written == [
        "\x1b]2;▶ Table 1 started · Citadels\x07"
    ]
    async with app.run_test():
        app.set_ring("mention off")
        app.set_ring("desktop on")
    got, _ = load_settings(tmp_path)
    assert (got.ring, got.ring_with) == (["table"], ["title", "desktop"])
