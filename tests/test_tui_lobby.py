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
