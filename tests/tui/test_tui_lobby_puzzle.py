"""The day's puzzle on the full-screen lobby (Textual pilot): `puzzle` poses it in the lobby's log with the
day's count, `puzzle N` answers it, and the records keep the first answer (citadels_tui/daily_puzzle.py)."""

from datetime import UTC, date, datetime

from pilots import keys_of, log_text, type_line, until
from sessions import session_info

from citadels_core.puzzle import daily
from citadels_core.view import view
from citadels_server.hub import Hub
from citadels_tui.components.lobby_screen import LobbyLog
from citadels_tui.lobby_app import ssh_app_factory

ANNA = session_info(name="anna", key_fingerprint=None)
DAY = date(2026, 12, 2)  # the hub's clock stands at its noon (UTC): no run straddles midnight
NOON = datetime(2026, 12, 2, 12, tzinfo=UTC).timestamp()


async def test_the_days_puzzle_is_posed_and_answered_in_the_full_screen_lobby():
    hub = Hub(pace=0.0, clock=lambda: NOON)
    puzzle = daily(DAY)
    right = view(puzzle.game(), puzzle.seat).legal.index(puzzle.answer) + 1
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(LobbyLog)
        await type_line(pilot, "puzzle")
        await until(pilot, lambda: "0 players solved today's puzzle" in log_text(log), "the puzzle posed")
        assert "One choice here is clearly best: which?" in log_text(log)
        await pilot.press(*keys_of(f"puzzle {right}"), "enter")
        await until(
            pilot, lambda: "1 player solved today's puzzle, of 1" in log_text(log), "the answer counted"
        )
        assert "Right! The clear best choice:" in log_text(log)
    assert (await hub.records.puzzle_day(DAY.isoformat(), "anna")).mine is True
