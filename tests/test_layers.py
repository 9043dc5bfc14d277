"""The import-linter contracts in pyproject.toml hold (core stays pure, layers point down, no cycles in
the engine)."""

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports") or str(pathlib.Path(sys.executable).parent / "lint-imports")
    r = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Contracts: 3 kept, 0 broken" in r.stdout


def test_the_code_is_ruff_clean():
    exe = shutil.which("ruff") or str(pathlib.Path(sys.executable).parent / "ruff")
    r = subprocess.run(
        [exe, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_code_is_ruff_formatted():
    exe = shutil.which("ruff") or str(pathlib.Path(sys.executable).parent / "ruff")
    r = subprocess.run(
        [exe, "format", "--check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, "run `ruff format .`:\n" + r.stdout + r.stderr


def test_the_engine_passes_mypy_strict():
    # The configuration ([tool.mypy] in pyproject.toml) names the folder and the strict mode.
    r = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Success: no issues found" in r.stdout
