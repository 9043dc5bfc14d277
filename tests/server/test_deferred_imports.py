"""Every import made inside a function is one of the deliberate ones (tests/support/deferred_imports.py, each
with its reason), and each of those defers: a fresh process runs its proof (the first frame of `citadels`,
an import, a subcommand) and has loaded the importing module but not the imported one."""

from __future__ import annotations

import ast
import fcntl
import importlib.util
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from deferred_imports import DEFERRED, Deferred, FirstFrame, Imported, Proof, Ran

ROOT = Path(__file__).resolve().parents[2]
# The folders and their import names (pyproject.toml's package-dir).
PACKAGES = {
    "core": "citadels_core",
    "citadels_tui": "citadels_tui",
    "server": "citadels_server",
    "themes": "citadels_themes",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    parts[0] = PACKAGES[parts[0]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement loads: `from P import N` loads P.N when that is a module."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    found = []
    for alias in node.names:
        try:
            is_module = importlib.util.find_spec(f"{base}.{alias.name}") is not None
        except (ImportError, ValueError):
            is_module = False
        found.append(f"{base}.{alias.name}" if is_module else base)
    return found


def function_level_imports() -> set[tuple[str, str, str]]:
    """(importing module, imported module, where) for every import inside a function of the project."""
    found: set[tuple[str, str, str]] = set()
    for folder in PACKAGES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            module = module_name(path)
            where = path.relative_to(ROOT)
            stack: list[tuple[ast.AST, bool]] = [(ast.parse(path.read_text(encoding="utf-8")), False)]
            while stack:
                node, in_function = stack.pop()
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.Import | ast.ImportFrom) and in_function:
                        for target in imported_modules(module, path.name == "__init__.py", child):
                            found.add((module, target, f"{where}:{child.lineno}"))
                    else:
                        stack.append(
                            (child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))
                        )
    return found


def test_every_import_inside_a_function_is_listed_with_its_reason():
    listed = {(d.importer, d.imported) for d in DEFERRED}
    found = function_level_imports()
    unlisted = sorted(
        f"{where}: {importer} imports {imported}"
        for importer, imported, where in found
        if (importer, imported) not in listed
    )
    assert not unlisted, "move these to the top of their modules, or list them with a reason:\n" + "\n".join(
        unlisted
    )
    stale = sorted(listed - {(importer, imported) for importer, imported, _ in found})
    assert not stale, f"listed, but no function imports them any more: {stale}"
    assert all(d.reason.strip() for d in DEFERRED)


# Run in a fresh interpreter: the proof, then the loaded modules' names written to the file in argv[1].
PROGRAM = """
import os, sys
out = sys.argv[1]
def dump():
    with open(out, "w") as f:
        f.write("\\n".join(sorted(sys.modules)))
kind = sys.argv[2]
if kind == "import":
    __import__(sys.argv[3])
    dump()
elif kind == "first-frame":
    from textual.drivers.linux_driver import LinuxDriver
    shown = LinuxDriver.write
    def write(self, data):
        shown(self, data)
        if "Your hand" in data:
            dump()
            os._exit(0)
    LinuxDriver.write = write
    from citadels_server.cli import main  # as the `citadels` script starts it
    main([])
else:
    from citadels_server.cli import main
    try:
        main(sys.argv[3:])
    finally:
        dump()
"""


def modules_after(proof: Proof, scratch: Path) -> set[str]:
    out = scratch / "modules.txt"
    home = scratch / "home"
    home.mkdir()
    env = {**os.environ, "CITADELS_HOME": str(home), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    if isinstance(proof, Imported):
        args = ["import", proof.module]
    elif isinstance(proof, Ran):
        args = ["run", *proof.argv]
    else:
        args = ["first-frame"]
    argv = [sys.executable, "-c", PROGRAM, str(out), *args]
    if isinstance(proof, FirstFrame):
        run_in_a_terminal(argv, env)
    else:
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    assert out.exists(), f"{proof} wrote no list of modules"
    return set(out.read_text().split())


def run_in_a_terminal(argv: list[str], env: dict[str, str], timeout: float = 120) -> None:
    """`argv` in a 100x30 pty, its output read (so that it never blocks) until it exits."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
    )
    os.close(slave)
    deadline = time.monotonic() + timeout
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
        proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


PROOFS = sorted({d.proof for d in DEFERRED}, key=repr)


@pytest.mark.parametrize("proof", PROOFS, ids=repr)
def test_each_listed_import_defers(proof: Proof, tmp_path: Path):
    loaded = modules_after(proof, tmp_path)
    listed: list[Deferred] = [d for d in DEFERRED if d.proof == proof]
    not_loaded = [d.importer for d in listed if d.importer not in loaded]
    assert not not_loaded, f"{proof} never loads {not_loaded}: it proves nothing of their imports"
    loaded_anyway = [f"{d.importer} -> {d.imported}" for d in listed if d.imported in loaded]
    assert not loaded_anyway, f"{proof} loads them anyway, so deferring gains nothing: {loaded_anyway}"
