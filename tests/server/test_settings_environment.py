"""Every server setting can come from a `CITADELS_*` variable: command line > environment > settings file >
default, and each variable that cannot be read is named, all of them, by a real `citadels serve --check`."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from citadels_server.settings import Settings, SettingsError, env_name, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_precedence_command_line_then_environment_then_file_then_default(tmp_path):
    file = tmp_path / "server.toml"
    file.write_text("port = 2300\nmax_connections = 10\nseat_hold = 50.0\n")
    env = {"CITADELS_PORT": "2400", "CITADELS_MAX_CONNECTIONS": "20"}
    got = load_settings(file, environ=env, port=2500)
    assert got.port == 2500  # the command line over the environment
    assert got.max_connections == 20  # the environment over the file
    assert got.seat_hold == 50.0  # the file over the default
    assert got.idle_timeout == Settings().idle_timeout  # the default


def test_every_setting_has_its_variable_and_each_kind_is_read():
    env = {
        "CITADELS_REQUIRE_KEYS": "yes",
        "CITADELS_OPEN_REGISTRATION": "false",
        "CITADELS_INPUT_SHARE": "0.25",
        "CITADELS_HOST": "0.0.0.0",
        "CITADELS_ADMINS": "SHA256:" + "a" * 43 + ", SHA256:" + "b" * 43,
    }
    got = load_settings(environ=env)
    assert (got.require_keys, got.open_registration, got.input_share, got.host) == (
        True,
        False,
        0.25,
        "0.0.0.0",
    )
    assert got.admins == ("SHA256:" + "a" * 43, "SHA256:" + "b" * 43)
    names = {env_name(f.name) for f in fields(Settings)}
    assert "CITADELS_DRAIN_TIMEOUT" in names and len(names) == len(fields(Settings))


def test_every_unreadable_variable_is_named():
    env = {"CITADELS_PORT": "twenty", "CITADELS_REQUIRE_KEYS": "maybe", "CITADELS_LEASE": "-1"}
    with pytest.raises(SettingsError) as caught:
        load_settings(environ=env)
    said = str(caught.value)
    assert "3 settings" in said
    assert "CITADELS_PORT" in said and "'twenty'" in said
    assert "CITADELS_REQUIRE_KEYS" in said and "lease must be positive" in said


def test_served_check_names_every_bad_variable_and_the_file_beneath(tmp_path):
    file = tmp_path / "server.toml"
    file.write_text("bot_pace = 99\n")
    env = dict(os.environ, CITADELS_HOME=str(tmp_path), CITADELS_PORT="x", CITADELS_IDLE_TIMEOUT="soon")

    def check() -> subprocess.CompletedProcess[str]:
        """`citadels serve --check` of the file, under the variables of `env` as they are now."""
        return subprocess.run(
            [sys.executable, "-m", "citadels_server.cli", "serve", "--check", "--settings", str(file)],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=60,
        )

    done = check()
    assert done.returncode == 1
    assert "CITADELS_PORT" in done.stderr and "CITADELS_IDLE_TIMEOUT" in done.stderr
    assert "bot_pace" in done.stderr
    # The same file with the variables fixed, and the command line over them, passes.
    env.update(CITADELS_PORT="2401", CITADELS_IDLE_TIMEOUT="60", CITADELS_BOT_PACE="1")
    fixed = check()
    assert fixed.returncode == 0, fixed.stderr
