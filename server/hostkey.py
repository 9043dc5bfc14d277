"""The server's ed25519 host key: generated once, kept 0600 in the data dir, identified by its fingerprint.

Players' clients remember the key on first connection; regenerating it would make every one of them
warn about a man in the middle, so the file is created once and only read afterwards.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncssh

log = logging.getLogger(__name__)

HOST_KEY_FILE = "ssh_host_ed25519_key"


def load_or_create_host_key(home: Path) -> asyncssh.SSHKey:
    """Read `home`/ssh_host_ed25519_key, creating it (and `home`, 0700) on first use."""
    path = home / HOST_KEY_FILE
    if path.exists():
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            # OpenSSH refuses such a key; we tighten it instead, and say so.
            log.warning("host key %s was readable by others (mode %o); setting it to 0600", path, mode)
            path.chmod(0o600)
        return asyncssh.read_private_key(path)
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="citadels host key")
    data = key.export_private_key("openssh")
    # O_EXCL + mode at creation: the secret is never readable by others, not even for an instant, and
    # two servers started together cannot both write a key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return asyncssh.read_private_key(path)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    log.info("generated a new host key in %s", path)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The SHA256 fingerprint as OpenSSH prints it (`SHA256:...`)."""
    return key.get_fingerprint("sha256")
