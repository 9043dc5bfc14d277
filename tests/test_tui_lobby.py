"""The lobby app on its own (Textual pilot): the form that makes a table."""

from types import SimpleNamespace

from textual.widgets import Select

from citadels_tui.app import ssh_app_factory
from citadels_tui.components.table_form_screen import TableFormScreen
from citadels_tui.hub import Hub

ANNA = SimpleNamespace(name="anna", key_fingerprint=None)  # what the server's SessionInfo carries


async def test_new_opens_a_form_whose_choices_make_the_table():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(*"new", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TableFormScreen)
        form.query_one("#players", Select).value = 3
        form.query_one("#cast", Select).value = "cunning_agents"
        form.query_one("#bots", Select).value = "random"
        form.query_one("#timer", Select).value = 60
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        assert not isinstance(app.screen, TableFormScreen)
        (ht,) = hub.tables.values()
        assert (ht.creator, ht.players, ht.cast, ht.bot_level, ht.turn_timer) == ("anna", 3, "cunning_agents",
                                                                                 "random", 60.0)


async def test_the_form_can_be_cancelled():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(*"new", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableFormScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TableFormScreen) and not hub.tables


def lobby_text(app) -> str:
    from citadels_tui.components.lobby_screen import LobbyLog

    return " ".join(" ".join(strip.text for strip in app.lobby.query_one(LobbyLog).lines).split())


async def test_a_guest_is_told_why_in_their_language_and_a_keyless_seat_shows_its_code():
    hub = Hub(pace=0.0)
    guest = SimpleNamespace(name="guest-3f2a", key_fingerprint=None, notice="name-holds-seat", asked_name="anna",
                            locale=(("LANG", "ru_RU.UTF-8"),))
    app = ssh_app_factory(guest, hub)
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        assert "За именем anna сохранено место за столом" in lobby_text(app) and "вы — guest-3f2a" in lobby_text(app)
    app = ssh_app_factory(SimpleNamespace(name="anna", key_fingerprint=None, seat_code="K7M9QD"), hub)
    async with app.run_test(size=(200, 40)) as pilot:
        assert "log in with a key to keep it for good" in lobby_text(app)
        await pilot.press(*"new 2", "enter")
        await pilot.pause()
        # The code she logged in with is her seat's code: one code per player, shown as she sits down.
        assert "give the code K7M9QD when asked" in lobby_text(app)
        assert hub.tables[1].holders[0].code == "K7M9QD"
