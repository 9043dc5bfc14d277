"""The commands answered over SSH exec: `help` lists them, anything else is refused with one sentence, and a
command reads its client's lines whole (a line too long is dropped and said so)."""

from __future__ import annotations

import asyncio

from ssh_helpers import connect, running_server

from citadels_server.exec_call import MAX_LINE, ExecCall, UsageError, parse_command


async def test_help_lists_the_commands_and_how_to_play(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            r = await conn.run("help", check=False)
            assert r.exit_status == 0
            assert r.stderr == ""
            lines = r.stdout.splitlines()
            assert lines[0].startswith("help ") and any(line.startswith("bot ") for line in lines)
            assert lines[-1] == "Play with: ssh -t -p PORT NAME@HOST"


async def test_an_unknown_command_and_unreadable_quoting_are_refused(tmp_path):
    async with running_server(tmp_path) as server:
        async with connect(server, "anna") as conn:
            r = await conn.run("rm -rf /", check=False)
            assert (r.exit_status, r.stdout) == (1, "")
            assert "has no command 'rm'" in r.stderr
            r = await conn.run('play 3 "build castle', check=False)
            assert r.exit_status == 1
            assert "Cannot read that command" in r.stderr


def test_the_words_are_read_as_a_shell_would_with_json_anywhere():
    assert parse_command('play 3 "build castle"') == ("play", ["3", "build castle"], False)
    assert parse_command("leaderboard --json 5") == ("leaderboard", ["5"], True)
    assert parse_command("   ") == ("", [], False)
    try:
        parse_command("say 'unclosed")
    except UsageError as e:
        assert "No closing quotation" in str(e)
    else:
        raise AssertionError("an unclosed quote was read")


async def test_a_command_reads_whole_lines_and_a_line_too_long_is_dropped():
    out: list[bytes] = []
    err: list[bytes] = []
    call = ExecCall("x", [], None, None, 1, out.append, err.append, terminal=True)  # type: ignore[arg-type]  # no server: reading lines needs none
    call.feed(b"one\r\ntw")
    call.feed(b"o\n" + b"y" * (MAX_LINE + 1))
    call.feed(b"yyy\nthree")
    call.feed_eof()
    got = [await asyncio.wait_for(call.read_line(), 1) for _ in range(4)]
    assert got == ["one", "two", "three", None]
    assert err == [f"A line may be at most {MAX_LINE} bytes; that one was dropped.\r\n".encode()]
    call.say("a\nb")
    assert out == [b"a\r\nb\r\n"]
