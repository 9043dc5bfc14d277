"""Hosting: settings file, host key, and `citadels serve` started as a host would start it."""

from __future__ import annotations

import asyncio
import signal
import stat

import pytest
from served import start_serve
from ssh_helpers import KeylessClient, Screen

from citadels_server import cli_serve
from citadels_server.hostkey import HOST_KEY_FILE, fingerprint, load_or_create_host_key
from citadels_server.settings import Settings, SettingsError, load_settings


def test_settings_file_then_options(tmp_path):
    f = tmp_path / "citadels.toml"
    f.write_text("port = 2022\nmax_connections = 10\nrequire_keys = true\nidle_timeout = 90.5\n")
    s = load_settings(f, port=None, max_connections=3)
    assert (s.port, s.max_connections, s.require_keys, s.idle_timeout) == (2022, 3, True, 90.5)
    assert load_settings(None) == Settings()


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("prot = 22\n", "unknown setting(s) prot"),
        ("port = true\n", "port must be int"),
        ("max_per_address = 0\n", "max_per_address must be positive"),
        ("port = 70000\n", "port must be between"),
        ("min_width = 400\n", "minimum terminal size"),
        ("auth_start_timeout = 0\n", "auth_start_timeout must be positive"),
        ("max_authenticating = 2\n", "max_authenticating_per_address must not exceed max_authenticating"),
        ("port = \n", "not valid TOML"),
    ],
)
def test_bad_settings_are_explained(tmp_path, text, complaint):
    f = tmp_path / "citadels.toml"
    f.write_text(text)
    with pytest.raises(SettingsError, match=complaint.replace("(", r"\(").replace(")", r"\)")):
        load_settings(f)


def test_data_dir_comes_from_citadels_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CITADELS_HOME", str(tmp_path / "home"))
    assert Settings().home() == tmp_path / "home"
    assert Settings(data_dir=str(tmp_path / "x")).home() == tmp_path / "x"


def test_host_key_is_made_once_and_kept_private(tmp_path):
    home = tmp_path / "data"
    key = load_or_create_host_key(home)
    path = home / HOST_KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert fingerprint(load_or_create_host_key(home)) == fingerprint(key)
    path.chmod(0o644)
    load_or_create_host_key(home)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_app_factory_falls_back_to_the_demo_only_while_the_game_is_missing(monkeypatch):
    monkeypatch.setattr(cli_serve, "GAME_APP_FACTORY", "citadels_tui.no_such_module:ssh_app_factory")
    factory, name = cli_serve.load_app_factory(None)
    assert name == cli_serve.DEMO_APP_FACTORY
    monkeypatch.setattr(cli_serve, "GAME_APP_FACTORY", "citadels_server.demo:no_such_factory")
    assert cli_serve.load_app_factory(None)[1] == cli_serve.DEMO_APP_FACTORY
    # Asked for by name, a missing factory is an error, not a silent demo.
    with pytest.raises(ModuleNotFoundError):
        cli_serve.load_app_factory("no_such_module:f")


@pytest.mark.slow
async def test_citadels_serve_prints_its_fingerprint_and_serves(tmp_path):
    import asyncssh

    proc = await start_serve(
        tmp_path, "--idle-timeout", "60", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    assert proc.stdout is not None
    try:
        lines = [(await asyncio.wait_for(proc.stdout.readline(), 20)).decode() for _ in range(5)]
        port = int(lines[0].split("port")[1])
        printed_fp = lines[1].split(": ")[1].split()[0]
        key = asyncssh.read_private_key(tmp_path / HOST_KEY_FILE)
        assert printed_fp == fingerprint(key)
        async with asyncssh.connect(
            "127.0.0.1",
            port,
            username="anna",
            known_hosts=None,
            client_keys=None,
            client_factory=KeylessClient,
        ) as conn:
            host_key = conn.get_server_host_key()
            assert host_key is not None and host_key.get_fingerprint("sha256") == printed_fp
            p = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await Screen(p).wait_for("Citadels lobby · you are anna")  # the game, not the demo
    finally:
        proc.send_signal(signal.SIGTERM)
        rc = await asyncio.wait_for(proc.wait(), 20)
    assert rc == 0
