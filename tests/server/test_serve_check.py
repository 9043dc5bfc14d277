"""`citadels serve --check` prints every effective setting and where it came from (the command line, the
environment, the file or the default), never the password itself nor one inside a database URL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_prints_each_setting_with_where_it_came_from(tmp_path):
    conf = tmp_path / "settings.toml"
    conf.write_text('port = 2300\nmotd = "Hello"\npassword = "hunter2-secret"\n')
    env = dict(os.environ, CITADELS_HOME=str(tmp_path), CITADELS_MAX_CONNECTIONS="20", CITADELS_PORT="2400")
    env.pop("CITADELS_PASSWORD", None)
    r = subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", "serve", "--check", "--settings", str(conf),
         "--bot-pace", "0.2", "--metrics", "127.0.0.1:9222"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    lines = {line.split()[0]: line for line in r.stdout.splitlines() if " = " in line and "# " in line}
    assert lines["bot_pace"].endswith("= 0.2  # command line")
    assert lines["metrics"].endswith("= '127.0.0.1:9222'  # command line")
    assert lines["port"].endswith("= 2400  # environment (CITADELS_PORT)")  # the environment over the file
    assert lines["max_connections"].endswith("= 20  # environment (CITADELS_MAX_CONNECTIONS)")
    assert lines["motd"].endswith("= 'Hello'  # file")
    assert lines["password"].endswith("= (set)  # file") and "hunter2" not in r.stdout
    assert lines["seat_hold"].endswith("= 120.0  # default")
    assert "integrity" in r.stdout or "database" in r.stdout.lower()  # the checks follow


def test_a_password_in_a_database_url_is_not_shown():
    from citadels_server.settings import shown_value

    assert (
        shown_value("database", "postgresql://citadels:s3cret@db/citadels")
        == "'postgresql://citadels:…@db/citadels'"
    )
    assert shown_value("password", None) == "(not set)"


def test_a_file_with_three_errors_is_refused_with_all_three_named(tmp_path):
    conf = tmp_path / "settings.toml"
    conf.write_text('port = "x"\nidle_timeout = -5\nbot_pace = 99\n')
    env = dict(os.environ, CITADELS_HOME=str(tmp_path))
    for name in ("CITADELS_PORT", "CITADELS_IDLE_TIMEOUT", "CITADELS_BOT_PACE"):
        env.pop(name, None)
    r = subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", "serve", "--check", "--settings", str(conf)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert r.returncode == 1
    assert r.stderr.startswith("citadels: 3 settings cannot be used:"), r.stderr
    for named in ("port must be int, not 'x'", "idle_timeout must be positive, not -5", "bot_pace must be"):
        assert named in r.stderr, r.stderr
