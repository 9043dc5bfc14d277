"""What the hostile tests do to a real `citadels serve`, shared by each attack's own test and the hostile
matrix (tests/server/test_ssh_hostile_matrix.py): connections that say nothing, a login that opens no game,
text with control and format characters, a damaged database page."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
from served import Guest, Typist

# What a second login under a name in use reads.
IN_USE = "is in use by a player connected now"

PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
# CSIs (U+009B) that would clear the screen and home the cursor, a bidi override, a zero-width joiner.
DIRTY = "\x9b2J\x9b1;1H \u202eevil\u200d!"
CLEAN = "2J1;1H evil!"
# An OSC that would retitle the window and an ESC sequence that would clear the screen.
ESCAPES = "\x1b]0;owned\x07\x1b[2J"
# What no frame of the server's own ever holds (encoded as a terminal gets it), and the dirty text did.
NEVER = [b"\xc2\x9b", b"\x1b]0;owned", "\u202e".encode(), "\u200d".encode()]


def received_none_of_it(player: Typist) -> None:
    raw = bytes(player.raw)
    assert not [bad for bad in NEVER if bad in raw], raw[-2000:]


async def logged_in(
    port: int, name: str, keys: list[asyncssh.SSHKey] | None = None
) -> asyncssh.SSHClientConnection:
    """A login that opens no game yet (as `ssh -N`, or a client slow to ask for its terminal)."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=keys,
        agent_path=None,
        client_factory=Guest,
    )


async def game(conn: asyncssh.SSHClientConnection) -> Typist:
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    player = Typist(conn, process, 100, 30)
    await player.shows("lobby")
    return player


async def silent_connections(
    port: int, n: int, say: bytes = b""
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """`n` TCP connections that send `say` (nothing, or only the SSH version line) and then wait."""
    out = []
    for _ in range(n):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        if say:
            writer.write(say)
        out.append((reader, writer))
    return out


def overwrite_last_page(db: Path) -> None:
    """Garbage over the file's last page, as a torn write or a bad sector leaves it (page size from the
    file's header: bytes 16-17, big-endian)."""
    data = db.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    assert len(data) % page == 0 and len(data) // page > 2, "not a SQLite file of several pages"
    with open(db, "r+b") as f:
        f.seek(len(data) - page)
        f.write(bytes((i * 151 + 7) % 256 for i in range(page)))
