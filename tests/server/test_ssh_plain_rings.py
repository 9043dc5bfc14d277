"""Plain mode's rings (citadels_tui/ringer.py's `LineRinger`), read in the raw bytes two real plain sessions
receive: a line at each moment the full screen rings ("Your turn at table 1.", the table full, started, a
chat line naming you), never for what was said before; the terminal bell before that line only for the
player who asked for it, and otherwise nothing but printable text and newlines; a kind turned off says
nothing."""

from __future__ import annotations

import asyncio
import contextlib
import re

import asyncssh
from plain_sessions import Lines, only_lines, plain, plain_server
from ssh_helpers import connect, deciding, started

from citadels_server.hub import Hub
from citadels_tui import i18n
from citadels_tui.plain import PROMPT
from citadels_tui.ringer import LineRinger

BEL = "\x07"
RING_LINES = ("Your turn at table 1.", "Table 1 started.", "anna named you in the chat.")


async def test_plain_rings_are_lines_and_the_bell_only_for_who_asked(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a = await plain(ca)
            b = await plain(cb, "plain", term_type="xterm-256color", term_size=(80, 24))  # CR LF, and a bell
            b.type("say hello anna, before you sat down")  # in the lobby: names her, rings her
            await a.wait_for("bruno: hello anna, before you sat down\nbruno named you in the chat.\n")
            a.type("notify")
            await a.wait_for(
                "Rings for: turn, table, mention; with a line. “notify bell on” adds the terminal bell."
            )
            await b.enter(
                "notify bell on", "Rings for: turn, table, mention; with a line and the terminal bell."
            )
            await a.enter("new 2 seed=7", "Table 1 is yours")
            b.type("join 1")
            await a.wait_for(
                "bruno sat down at your table 1: 2 of 2 seats taken.\nTable 1 is full: type “start”.\n"
            )
            # She starts it herself.
            await a.enter("notify table off", "Rings for: turn, mention; with a line.")
            a.type("start")
            await b.wait_for(BEL + "Table 1 started.\n")
            for s in (a, b):
                await s.wait_for("Table 1. “say TEXT”")
            # Whoever's decision it is first was told so, the line just before their options.
            table = started(hub.tables[1])
            first = (a, b)[deciding(table)]
            await first.wait_for("Your turn at table 1.\nYou can:")
            a.type("say well played bruno")
            await b.wait_for("anna: well played bruno\n" + BEL + "anna named you in the chat.\n")
            await a.wait_for("anna: well played bruno\n")
            first.type("")  # the options again, after the chat
            await first.wait_for("You can:", after=first.text.rindex("well played"))
            await asyncio.gather(a.play(), b.play())
            for s in (a, b):
                await s.quit()
    # Anna asked for no bell: her bytes are lines alone. She rang for her turns, not for her table's start
    # (turned off), nor for her own line naming bruno.
    only_lines(bytes(a.raw), crlf=False)
    assert "Table 1 started." not in a.text and "named you" in a.text.split("well played")[0]
    assert a.text.count("Your turn at table 1.") >= 2 and "You named" not in a.text
    # Bruno's bell comes only before a ring's line, and each of his rings has it.
    only_lines(bytes(b.raw), crlf=True, bell=True)
    rang = re.findall(BEL + r"([^\n]*)\n", b.text)
    assert rang and set(rang) <= set(RING_LINES), rang
    assert len(rang) == sum(b.text.count(line) for line in RING_LINES)
    assert "bruno named you" not in b.text  # his own lines


async def test_a_russian_plain_session_rings_in_russian(tmp_path):
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a = Lines(await ca.create_process(None, encoding=None, env={"LANG": "ru_RU.UTF-8"}))
            await a.wait_for("Добро пожаловать")
            b = await plain(cb)
            await a.enter("звонок звук вкл", "Звонок о: turn, table, mention; строкой и сигналом терминала.")
            b.type("say anna, привет")
            await a.wait_for("bruno: anna, привет\n" + BEL + "bruno упоминает вас в чате.\n")
            for s in (a, b):
                await s.quit()
    only_lines(bytes(a.raw), crlf=False, bell=True)
    only_lines(bytes(b.raw), crlf=False)


def test_notify_in_plain_mode_in_both_languages():
    lines: list[str] = []
    raw: list[str] = []
    ringer = LineRinger(lines.append, raw.append)
    assert ringer.ring("turn", "Your turn at table 3.") and (lines, raw) == (["Your turn at table 3."], [])
    assert (
        ringer.notify("turn off")
        == "Rings for: table, mention; with a line. “notify bell on” adds the terminal bell."
    )
    assert not ringer.ring("turn", "Your turn at table 3.") and len(lines) == 1
    assert ringer.notify("desktop on").startswith(
        "In plain mode a ring is a line"
    )  # no escape sequences here
    assert ringer.notify("off").startswith("Nothing rings.") and not ringer.bell
    i18n.set_language("ru")
    assert (
        ringer.notify("вкл")
        == "Звонок о: turn, table, mention; строкой. «звонок звук вкл» добавляет сигнал терминала."
    )
    assert ringer.notify("звук вкл") == (
        "Звонок о: turn, table, mention; строкой и сигналом терминала. «звонок звук выкл» выключает сигнал."
    )
    assert ringer.ring("table", i18n.t("Your turn at table {n}.", n=3)) and raw == [BEL]
    assert lines[-1] == "Ваш ход за столом 3."
    assert i18n.t("{p} named you in the chat.", p="bruno") == "bruno упоминает вас в чате."
    assert i18n.t("Table {n} is full: type “start”.", n=3) == "Стол 3 заполнен: наберите «start»."


async def test_a_turn_based_table_rings_its_players_where_they_are(tmp_path):
    hub = Hub(pace=0.0)
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno")}
    async with plain_server(tmp_path, hub) as server:
        async with contextlib.AsyncExitStack() as stack:
            ca = await stack.enter_async_context(connect(server, "anna", client_keys=[keys["anna"]]))
            cb = await stack.enter_async_context(connect(server, "bruno", client_keys=[keys["bruno"]]))
            a, b = await plain(ca), await plain(cb)
            await a.enter("new 2 timer=1d seed=3", "It is turn-based")
            b.type("join 1")
            # Who sits down is told the table's rule for the rating, as its maker was.
            await b.wait_for(
                "You sit at table 1; anna starts the game.\nA game in which a bot made a late move"
            )
            await a.wait_for("Table 1 is full: type “start”.")
            # Leaving plain mode before the start, his seat stays his, as on the full screen.
            await b.quit()
            assert [h.name for h in hub.tables[1].holders] == ["anna", "bruno"]
            cb = await stack.enter_async_context(connect(server, "bruno", client_keys=[keys["bruno"]]))
            b = await plain(cb)
            await b.enter("join 1", "You sit at table 1")  # his seat already: he waits there for the start
            a.type("start")
            # Who waited for its start is taken to it, as at a fast table.
            for s in (a, b):
                await s.wait_for("Table 1 started.\nTable 1. “say TEXT”")
            table = started(hub.tables[1])
            # The one whose move it is not goes back to the lobby; the other plays until it is theirs.
            first = deciding(table)
            mover, other = (a, b) if first == 0 else (b, a)
            await other.enter("lobby", "You are in the lobby.")
            told = len(other.text)
            for _ in range(20):
                if deciding(table) != first:
                    break
                version = table.version
                mover.type("1")
                while table.version == version:
                    await asyncio.sleep(0.01)
            # In the lobby, the other is told their move came, once, with where to go.
            # The ring comes while the lobby's prompt waits: on a line of its own, and the prompt again.
            await other.wait_for(
                PROMPT + "\nYour turn at table 1: “join 1” takes you there.\n" + PROMPT,
                after=other.text.rindex("You are in the lobby."),
            )
            other.type("join 1")
            await other.wait_for("You can:", after=told)
            assert other.text[told:].count("Your turn at table 1") == 1
            for s in (a, b):
                await s.quit()
    for s in (a, b):
        only_lines(bytes(s.raw), crlf=False)


async def test_news_while_the_prompt_waits_comes_on_a_line_of_its_own_and_the_prompt_again(tmp_path):
    """A screen reader reads a line at a time: news written after a waiting prompt would be read as
    "> bruno: hello". It starts a line of its own, and the prompt follows it again, with what the player
    had typed so far when the session's line editor holds it (a PTY)."""
    hub = Hub(pace=0.0)
    async with plain_server(tmp_path, hub) as server:
        async with connect(server, "anna") as ca, connect(server, "bruno") as cb:
            a = await plain(ca)  # no PTY: her own terminal echoes and edits what she types
            b = await plain(cb, "plain", term_type="xterm-256color", term_size=(80, 24))
            await b.wait_for("\n" + PROMPT)
            a.type("say hello")
            await b.wait_for("\n" + PROMPT + "\nanna: hello\n" + PROMPT)
            b.process.stdin.write(b"wh")  # half a line, held and echoed by the line editor
            await b.wait_for(PROMPT + "wh")
            a.type("say again")
            await b.wait_for(PROMPT + "wh\nanna: again\n" + PROMPT + "wh")
            b.process.stdin.write(b"o\r")  # the line held is the one sent
            await b.wait_for(PROMPT + "wh" + "o\nHere now: ")
            b.type("say hi anna")
            await a.wait_for(PROMPT + "\nbruno: hi anna\nbruno named you in the chat.\n" + PROMPT)
            # At a table: the table's chat while the decision's prompt waits.
            await a.enter("new 2 seed=7", "Table 1 is yours")
            b.type("join 1")
            await a.wait_for("Table 1 is full")
            a.type("start")
            for s in (a, b):
                await s.wait_for("Table 1. “say TEXT”")
            mover, other = (a, b) if deciding(started(hub.tables[1])) == 0 else (b, a)
            await mover.wait_for("You can:")
            await mover.wait_for("\n" + PROMPT, after=mover.text.rindex("You can:"))
            other.type("say your move")
            name = "anna" if other is a else "bruno"
            await mover.wait_for(
                PROMPT + f"\n{name}: your move\n" + PROMPT, after=mover.text.rindex("You can:")
            )
            for s in (a, b):
                await s.quit()
    only_lines(bytes(a.raw), crlf=False)
    only_lines(bytes(b.raw), crlf=True)
    for s in (a, b):  # no line read begins with the prompt and goes on with news
        assert not re.search(r"^> (anna|bruno): ", s.text, re.MULTILINE), s.text
