"""Where the metrics listen, on real `citadels serve --metrics` processes: an IPv6 address in brackets and a
host name are served; a port already taken, or a host name that does not resolve, stops the process before
its SSH port listens, with one sentence and a non-zero exit."""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.error
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from served import Served, served, start_serve


async def metrics_url(server: Served, timeout: float = 30) -> str:
    for _ in range(int(timeout / 0.05)):
        if m := re.search(rb"Metrics on (http://\S+):(\d+)/metrics", server.output):
            return f"{m.group(1).decode()}:{int(m.group(2))}"
        await asyncio.sleep(0.05)
    raise AssertionError("no metrics line:\n" + server.output.decode(errors="replace"))


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


async def answers(base: str, timeout: float = 30) -> None:
    """Both paths answer there: /healthz says ok (once the database answered its first question),
    /metrics is Prometheus text with the server's series."""
    for _ in range(int(timeout / 0.2)):
        health = await asyncio.to_thread(get, base + "/healthz")
        if health[0] == 200:
            break
        await asyncio.sleep(0.2)
    assert health == (200, "ok\n")
    status, text = await asyncio.to_thread(get, base + "/metrics")
    assert status == 200
    assert "citadels_sessions" in {family.name for family in text_string_to_metric_families(text)}


async def test_the_metrics_listen_on_an_ipv6_address(tmp_path):
    async with served(tmp_path, "--metrics", "[::1]:0") as server:
        base = await metrics_url(server)
        assert base.startswith("http://[::1]:")
        await answers(base)
        # Only there: the IPv4 loopback on the same port is not this listener.
        port = int(base.rsplit(":", 1)[1])
        with socket.socket(socket.AF_INET) as s:
            assert s.connect_ex(("127.0.0.1", port)) != 0


async def test_the_metrics_listen_on_a_host_name(tmp_path):
    expected = socket.getaddrinfo("localhost", 0, type=socket.SOCK_STREAM)[0][4][0]
    assert isinstance(expected, str)  # an IPv4 or IPv6 address
    async with served(tmp_path, "--metrics", "localhost:0") as server:
        base = await metrics_url(server)
        shown = f"[{expected}]" if ":" in expected else expected
        assert base.startswith(f"http://{shown}:")  # the address the name was found at
        await answers(base.replace(shown, "localhost", 1))


async def serve_until_it_ends(home: Path, *options: str) -> tuple[int, str, str]:
    """A `citadels serve` expected to end by itself: its exit code, standard output and standard error."""
    process = await start_serve(
        home, *options, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_metrics_port_already_taken_stops_the_server_before_ssh_listens(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = await serve_until_it_ends(tmp_path, "--metrics", f"127.0.0.1:{port}")
    assert code != 0
    assert err.endswith(f"\ncitadels: cannot serve the metrics on 127.0.0.1:{port}: Address already in use\n")
    assert "Traceback" not in err
    assert "listening" not in out and "Players connect" not in out


async def test_a_metrics_host_that_cannot_be_found_stops_the_server_before_ssh_listens(tmp_path):
    code, out, err = await serve_until_it_ends(tmp_path, "--metrics", "no-such-host.invalid:9222")
    assert code != 0
    last = err.splitlines()[-1]
    assert last.startswith("citadels: cannot serve the metrics on no-such-host.invalid:9222: "), err
    assert "Traceback" not in err
    assert "listening" not in out
