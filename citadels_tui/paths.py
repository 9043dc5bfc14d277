"""Where settings, saved games and the cache live. CITADELS_HOME (or an explicit home) redirects both, for tests."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "citadels"


def config_dir(home: Path | None = None) -> Path:
    base = home or _env_home()
    return base / "config" if base else Path(platformdirs.user_config_dir(APP))


def data_dir(home: Path | None = None) -> Path:
    base = home or _env_home()
    return base / "data" if base else Path(platformdirs.user_data_dir(APP))


def cache_dir(home: Path | None = None) -> Path:
    """What can be made again if lost (the parsed CSS kept between starts)."""
    base = home or _env_home()
    return base / "cache" if base else Path(platformdirs.user_cache_dir(APP))


def _env_home() -> Path | None:
    h = os.environ.get("CITADELS_HOME")
    return Path(h) if h else None


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and os.replace, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
