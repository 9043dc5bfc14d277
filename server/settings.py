"""Server settings: one frozen record built from defaults, a TOML file and command-line overrides.

The file is plain TOML with the same keys as the fields below (see docs/hosting.md), e.g.

    port = 2222
    max_connections = 64
    require_keys = true
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from citadels_core.text import clean_text

ENV_HOME = "CITADELS_HOME"


class SettingsError(ValueError):
    """A settings file or option the server cannot use; the message says which key and why."""


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 2222
    # Where the host key and the database live; None means CITADELS_HOME or the platformdirs data dir.
    data_dir: str | None = None
    # The database: None for SQLite at <data dir>/citadels.db; a path or sqlite:///path for SQLite there;
    # postgresql://user:password@host/dbname for PostgreSQL (docs/hosting.md).
    database: str | None = None

    # Who may come in.
    require_keys: bool = False
    password: str | None = None
    # False: only keys that already own a name (in the database) may log in with a key (a private server).
    open_registration: bool = True
    # True: programs may play at this server's tables over `ssh NAME@HOST bot` (with a key only).
    allow_bots: bool = False
    # True: players may give a URL the server posts to when their move is awaited at a turn-based table.
    allow_webhooks: bool = False

    # Caps and timeouts (asyncssh has caps on nothing, so these are ours).
    max_connections: int = 64  # logged-in connections
    max_per_address: int = 8
    login_timeout: float = 30.0
    # Connections still logging in have their own, tighter caps (a new one evicts the oldest; see
    # limits.py) and must begin to authenticate within auth_start_timeout (then finish by login_timeout).
    max_authenticating: int = 32
    max_authenticating_per_address: int = 4
    auth_start_timeout: float = 10.0
    idle_timeout: float = 1800.0
    keepalive_interval: float = 30.0

    # Per-session flow limits. What a session's input costs the shared loop is metered: it may use
    # `input_share` of a core, with bursts of `input_share_burst` seconds; past that it is slowed (never
    # dropped), told after `input_notice_after` seconds and disconnected after `input_disconnect_after`.
    # A bracketed paste larger than `input_burst` bytes is dropped whole. A client that stops reading is
    # disconnected once `output_buffer_limit` bytes of output wait unsent. `input_rate` (bytes/s) is still
    # read from old settings files but no longer used: bytes were the wrong measure of what input costs.
    input_rate: int = 16 * 1024
    input_burst: int = 64 * 1024
    input_share: float = 0.1
    input_share_burst: float = 0.5
    input_notice_after: float = 3.0
    input_disconnect_after: float = 30.0
    output_buffer_limit: int = 1024 * 1024

    # Terminal sizes: below the minimum the client sees "terminal too small"; above the maximum the app
    # is laid out at the maximum (rendering a 1000x500 screen per keystroke would cost everyone).
    min_width: int = 60
    min_height: int = 20
    max_width: int = 300
    max_height: int = 100

    # The game: how long a player who dropped keeps their seat (a bot plays their turns meanwhile), and
    # how long each bot move stays on screen.
    seat_hold: float = 120.0
    bot_pace: float = 0.6

    # Keeping order (docs/hosting.md): the key fingerprints ("SHA256:…") whose sessions may use the lobby's
    # admin commands, and the message of the day shown at login and in the lobby. `citadels serve` reads
    # these two again on SIGHUP. On SIGTERM or SIGINT the server stops within `drain_timeout` seconds.
    admins: tuple[str, ...] = ()
    motd: str = ""
    drain_timeout: float = 10.0
    # Several processes sharing one PostgreSQL database (docs/scaling.md): the seconds a process holds a
    # table's lease (runs its bots and turn timer) without renewing it; it renews every third of that, and
    # another process takes the table over within about 1⅓ of it after this one dies.
    lease: float = 6.0
    # What a host watches (docs/hosting.md, "Metrics and health"): Prometheus metrics and /healthz on
    # HOST:PORT (None: off); /healthz answers 503 once the event loop runs `health_max_lag` seconds late.
    metrics: str | None = None
    health_max_lag: float = 1.0
    # The log's lines: "text" for people, "json" for a log collector (one object a line).
    log_format: str = "text"

    def home(self) -> Path:
        """The data directory: explicit setting, then $CITADELS_HOME, then the platform's user data dir."""
        if self.data_dir:
            return Path(self.data_dir).expanduser()
        env = os.environ.get(ENV_HOME)
        if env:
            return Path(env).expanduser()
        return Path(platformdirs.user_data_dir("citadels", appauthor=False))

    def replace(self, **changes: Any) -> Settings:
        """A copy with `changes` applied (None values are ignored, so unset CLI options keep the file's)."""
        changes = {k: v for k, v in changes.items() if v is not None}
        return _validated(dataclasses.replace(self, **changes))


_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "host": (str,),
    "port": (int,),
    "data_dir": (str,),
    "database": (str,),
    "require_keys": (bool,),
    "password": (str,),
    "open_registration": (bool,),
    "allow_bots": (bool,),
    "allow_webhooks": (bool,),
    "max_connections": (int,),
    "max_per_address": (int,),
    "login_timeout": (int, float),
    "idle_timeout": (int, float),
    "keepalive_interval": (int, float),
    "max_authenticating": (int,),
    "max_authenticating_per_address": (int,),
    "auth_start_timeout": (int, float),
    "input_rate": (int,),
    "input_burst": (int,),
    "output_buffer_limit": (int,),
    "input_share": (int, float),
    "input_share_burst": (int, float),
    "input_notice_after": (int, float),
    "input_disconnect_after": (int, float),
    "min_width": (int,),
    "min_height": (int,),
    "max_width": (int,),
    "max_height": (int,),
    "seat_hold": (int, float),
    "bot_pace": (int, float),
    "admins": (tuple,),
    "motd": (str,),
    "drain_timeout": (int, float),
    "lease": (int, float),
    "metrics": (str,),
    "health_max_lag": (int, float),
    "log_format": (str,),
}

# An SSH key's SHA256 fingerprint as `ssh-keygen -lf` prints it: 43 characters of unpadded base64.
_FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")
# The message of the day reaches every login's terminal: a few lines, plain text.
MOTD_MAX_CHARS = 1000
MOTD_MAX_LINES = 10
_LISTEN = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\s:\[\]]+):\d{1,5}")  # an IPv6 address in brackets
LOG_FORMATS = ("text", "json")


def _validated(s: Settings, problems: list[str] | None = None) -> Settings:
    """`s`, checked: SettingsError naming every setting that cannot be used (after `problems` found before),
    not only the first."""
    problems = [] if problems is None else problems
    bad: set[str] = set()  # settings of a wrong type or sign: the checks that compare them are skipped
    for f in fields(s):
        v = getattr(s, f.name)
        if v is None:
            continue
        types = _FIELD_TYPES[f.name]
        # bool is an int in Python; a `port = true` typo must not become port 1.
        if isinstance(v, bool) and bool not in types or not isinstance(v, types):
            problems.append(f"{f.name} must be {' or '.join(t.__name__ for t in types)}, not {v!r}")
            bad.add(f.name)
        elif (
            isinstance(v, int | float)
            and not isinstance(v, bool)
            and f.name not in ("port", "bot_pace")
            and v <= 0
        ):
            problems.append(f"{f.name} must be positive, not {v!r}")
            bad.add(f.name)

    def usable(*names: str) -> bool:
        return not bad.intersection(names)

    if usable("bot_pace") and not 0 <= s.bot_pace <= 10:
        problems.append(f"bot_pace must be between 0 and 10 seconds, not {s.bot_pace}")
    if usable("input_share") and s.input_share > 1:
        problems.append(f"input_share is a share of one core, at most 1, not {s.input_share}")
    if usable("port") and not 0 <= s.port <= 65535:
        problems.append(f"port must be between 0 and 65535, not {s.port}")
    if usable("min_width", "max_width", "min_height", "max_height") and (
        s.min_width > s.max_width or s.min_height > s.max_height
    ):
        problems.append("the minimum terminal size must not exceed the maximum")
    if (
        usable("max_authenticating_per_address", "max_authenticating")
        and s.max_authenticating_per_address > s.max_authenticating
    ):
        problems.append("max_authenticating_per_address must not exceed max_authenticating")
    if usable("admins"):
        for admin in s.admins:
            if not isinstance(admin, str) or not _FINGERPRINT.fullmatch(admin):
                problems.append(
                    f'admins lists SSH key fingerprints like "SHA256:…" (ssh-keygen -lf KEY '
                    f"prints them), not {admin!r}"
                )
    if usable("motd"):
        if len(s.motd) > MOTD_MAX_CHARS or s.motd.count("\n") >= MOTD_MAX_LINES:
            problems.append(f"motd is at most {MOTD_MAX_LINES} lines and {MOTD_MAX_CHARS} characters")
        # Shown raw in players' terminals (the login banner): refused unless the gate of text read by players
        # (citadels_core.text) lets it through unchanged, as a host would want to know of what it would drop.
        if clean_text(s.motd, lines=True) != s.motd:
            problems.append(
                "motd must be plain text: no control characters, escape sequences or invisible format "
                "characters"
            )
    if usable("metrics") and s.metrics is not None and not _LISTEN.fullmatch(s.metrics):
        problems.append(
            f"metrics is HOST:PORT to listen on, like 127.0.0.1:9222 or [::1]:9222, not {s.metrics!r}"
        )
    if usable("log_format") and s.log_format not in LOG_FORMATS:
        problems.append(f"log_format is {' or '.join(LOG_FORMATS)}, not {s.log_format!r}")
    if usable("require_keys", "password") and s.require_keys and s.password:
        problems.append("require_keys and password exclude each other: the password is for keyless users")
    if len(problems) == 1:
        raise SettingsError(problems[0])
    if problems:
        raise SettingsError(f"{len(problems)} settings cannot be used: " + "; ".join(problems))
    return s


ENV_PREFIX = "CITADELS_"
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def env_name(setting: str) -> str:
    """The environment variable that sets `setting`: `max_connections` is CITADELS_MAX_CONNECTIONS."""
    return ENV_PREFIX + setting.upper()


def _from_env(setting: str, text: str, problems: list[str]) -> Any:
    """The value of `setting` written as `text` in the environment, or None with a problem added."""
    types = _FIELD_TYPES[setting]
    word = text.strip()
    try:
        if bool in types:
            if word.lower() in _TRUE:
                return True
            if word.lower() in _FALSE:
                return False
            raise ValueError
        if tuple in types:  # a list of fingerprints: separated by commas or spaces
            return tuple(part for part in re.split(r"[\s,]+", word) if part)
        if int in types and float not in types:
            return int(word)
        if float in types:
            return float(word)
    except ValueError:
        wanted = " or ".join("true/false" if t is bool else t.__name__ for t in types)
        problems.append(f"{env_name(setting)} must be {wanted}, not {text!r}")
        return None
    return text


def environment_settings(environ: Mapping[str, str], problems: list[str]) -> dict[str, Any]:
    """The settings given by `CITADELS_*` variables of `environ`; a value that cannot be read is a problem
    added to `problems` (each one, not only the first)."""
    found: dict[str, Any] = {}
    for f in fields(Settings):
        text = environ.get(env_name(f.name))
        if text is None:
            continue
        value = _from_env(f.name, text, problems)
        if value is not None:
            found[f.name] = value
    return found


def load_settings(
    path: str | Path | None = None, *, environ: Mapping[str, str] | None = None, **overrides: Any
) -> Settings:
    """Defaults, then the TOML file at `path` (if any), then the `CITADELS_*` variables of `environ` (the
    process's environment unless given), then the non-None `overrides` (the command line)."""
    data: dict[str, Any] = {}
    if path is not None:
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except OSError as e:
            raise SettingsError(f"cannot read {path}: {e.strerror}") from e
        except tomllib.TOMLDecodeError as e:
            raise SettingsError(f"{path} is not valid TOML: {e}") from e
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    problems = []
    if unknown:
        problems.append(f"unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    data = {k: v for k, v in data.items() if k in known}
    if isinstance(data.get("admins"), list):
        data["admins"] = tuple(data["admins"])  # a frozen record keeps a tuple
    data.update(environment_settings(os.environ if environ is None else environ, problems))
    return _validated(Settings(**data), problems).replace(**overrides)


def setting_sources(
    path: str | Path | None = None, *, environ: Mapping[str, str] | None = None, **overrides: Any
) -> dict[str, str]:
    """Where each setting's value comes from, as `load_settings` with the same arguments reads them:
    "command line", "environment (CITADELS_…)", "file" or "default"."""
    data: dict[str, Any] = {}
    if path is not None:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    environ = os.environ if environ is None else environ
    sources = {}
    for name in (f.name for f in fields(Settings)):
        if overrides.get(name) is not None:
            sources[name] = "command line"
        elif env_name(name) in environ:
            sources[name] = f"environment ({env_name(name)})"
        elif name in data:
            sources[name] = "file"
        else:
            sources[name] = "default"
    return sources


def shown_value(setting: str, value: Any) -> str:
    """A setting's value as `serve --check` prints it: a password only as set or not, nor one in a URL."""
    if setting == "password":
        return "(not set)" if value is None else "(set)"
    if isinstance(value, str):
        return repr(re.sub(r"(://[^:/@]*):[^@]*@", r"\1:…@", value))
    return repr(value)
