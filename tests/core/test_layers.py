"""The import-linter contracts in pyproject.toml hold (core stays pure, layers point down, no cycles in
the engine, the app or the server), and the other static checks pass."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports") or str(pathlib.Path(sys.executable).parent / "lint-imports")
    r = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Contracts: 5 kept, 0 broken" in r.stdout


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


def test_the_whole_tree_passes_mypy_strict():
    # .ci/mypy checks core, citadels_tui, server, themes (under their import names) and the tests' helpers
    # (tests/support/), with the configuration of [tool.mypy] in pyproject.toml (the packages, the modules,
    # the strict mode); then the test files themselves, their bodies as strictly.
    env = {**os.environ, "PYTHON": sys.executable}
    r = subprocess.run(
        [str(ROOT / ".ci" / "mypy")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert r.returncode == 0, r.stdout + r.stderr
    checked = [int(n) for n in re.findall(r"Success: no issues found in (\d+) source files", r.stdout)]
    assert len(checked) == 2, "two runs: the tree, then the test files\n" + r.stdout
    assert checked[0] > 100, "mypy read the whole tree, not only the engine"
    tests = sum(1 for _ in (ROOT / "tests").glob("*/test_*.py"))
    assert checked[1] > tests, "the second run read every test file"


def test_mypy_checks_every_helper_the_tests_share():
    # tests/support/ is imported by module name (pytest's pythonpath), so mypy names each module it checks.
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        checked = tomllib.load(f)["tool"]["mypy"]["modules"]
    helpers = sorted(path.stem for path in (ROOT / "tests" / "support").glob("*.py"))
    assert sorted(checked) == helpers, "list each module of tests/support/ in [tool.mypy] modules"


def _test_file_imports(text: str, test_files: set[str]) -> list[tuple[int, str]]:
    """The lines of `text` that import one of `test_files` (module names), at any indentation."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*(?:from\s+(\w+)(?:\.\w+)*\s+import|import\s+(\w+))", line)
        if m and (m.group(1) or m.group(2)) in test_files:
            found.append((n, line.strip()))
    return found


def test_no_test_file_imports_another():
    # What tests share lives in tests/support/; a test file importing another runs that file's module (and
    # its fixtures) again under a second name, and hides the helper where nobody looks for it.
    test_files = {path.stem for path in (ROOT / "tests").rglob("test_*.py")}
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for n, line in _test_file_imports(path.read_text(encoding="utf-8"), test_files)
    ]
    assert not found, "move what they share into tests/support/:\n" + "\n".join(found)


def test_the_scan_for_test_file_imports_sees_each_form():
    sample = (
        "from test_tui_app import keys\nimport pytest\n    from test_tui_undo import until\n"
        "import test_why\nfrom pilots import until\nx = 'from test_why import told'\n"
    )
    assert _test_file_imports(sample, {"test_tui_app", "test_tui_undo", "test_why"}) == [
        (1, "from test_tui_app import keys"),
        (3, "from test_tui_undo import until"),
        (4, "import test_why"),
    ]


def test_each_type_ignore_says_why():
    # mypy itself refuses an ignore without its error code (enable_error_code); the reason is a comment
    # after it.
    bare = []
    for folder in ("core", "citadels_tui", "server", "themes", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                # A reason is words after the code's comment: a `noqa` there is another tool's, not a reason.
                if re.search(r"#\s*type:\s*ignore(?!\[[\w, -]+\]\s*#\s*(?!noqa: \w+\s*$)\S)", line):
                    bare.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bare, "say why after each ignore (`# type: ignore[code]  # reason`):\n" + "\n".join(bare)


# A test reaches the moment it needs through a position (helpers.mid_game, helpers.build: docs/position.md),
# which the rules check, not by writing a game's fields. These writes are left, each for its reason.
FIELD_WRITES_ALLOWED = {
    ("test_bots_ismcts.py", "moves"): "the moves kept since a decision (no part of a position), changed to "
    "check that a search tree follows only what its seat saw of them",
    ("test_scenario_builder.py", "crown"): "the old hand-written set-up mid_game is checked against",
    ("test_scenario_builder.py", "owner"): "the old hand-written set-up mid_game is checked against",
    ("test_scenario_builder.py", "characters"): "the old hand-written set-up mid_game is checked against",
    ("test_scenario_builder.py", "faceup"): "the old hand-written set-up mid_game is checked against",
    ("test_scenario_builder.py", "facedown"): "the old hand-written set-up mid_game is checked against",
    (
        "test_scenario_builder.py",
        "round_state.draft",
    ): "the old hand-written set-up mid_game is checked against",
    (
        "test_scenario_builder.py",
        "round_state.step",
    ): "the old hand-written set-up mid_game is checked against",
    ("test_engine_contract.py", "hands"): "changes the original's list in place to show a clone shares none",
}


def _field_writes(text: str, fields: set[str]) -> list[tuple[int, str]]:
    """(line, field) of each assignment to, or in-place change of, an attribute named like a Game field."""
    names = "|".join(re.escape(f) for f in sorted(fields))
    write = re.compile(
        rf"\.({names})\b(?:\[[^\]\n]*\])*\s*(?:[-+*/|&^]?=(?!=)|\.(?:append|extend|insert|remove|pop|clear|"
        rf"sort|reverse|update|setdefault)\()"
    )
    return [(n, m.group(1)) for n, line in enumerate(text.splitlines(), 1) for m in write.finditer(line)]


def _game_fields() -> set[str]:
    """The names of a game's fields, and of each field of its records (core/state.py) as `record.field`."""
    from dataclasses import fields, is_dataclass

    from citadels_core import Game, GameConfig

    g = Game(GameConfig.create(4), 1, record_events=False)
    names = {n for n in dir(g) if not n.startswith("_") and not callable(getattr(g, n)) and n != "over"}
    records = {n: getattr(g, n) for n in names if is_dataclass(getattr(g, n))}
    return names | {f"{n}.{f.name}" for n, r in records.items() for f in fields(r)}


def test_the_field_writes_check_sees_a_write():
    fields = _game_fields()
    assert {"gold", "hands", "decision", "decision.kind", "rules"} <= fields
    sample = (
        "g.gold[0] = 5\ng.hands[1].append(c)\nh.crown += 1\nassert g.gold[0] == 5\nx = g.deck[-1]\n"
        "g.decision.data.append(3)\ng.decision.kind = k\nassert g.decision.player == 1\n"
    )
    assert _field_writes(sample, fields) == [
        (1, "gold"),
        (2, "hands"),
        (3, "crown"),
        (6, "decision.data"),
        (7, "decision.kind"),
    ]


def test_tests_build_positions_instead_of_writing_a_games_fields():
    fields = _game_fields()
    found = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name == "test_layers.py":
            continue
        for n, field in _field_writes(path.read_text(encoding="utf-8"), fields):
            found.add((path.name, field))
            assert (path.name, field) in FIELD_WRITES_ALLOWED, (
                f"{path.relative_to(ROOT)}:{n} writes the game's '{field}': build the moment as a position "
                "(tests/support/helpers.py mid_game or build)"
            )
    assert not set(FIELD_WRITES_ALLOWED) - found, "an allowed write is gone: take it off the list"


def test_the_commit_hooks_run_the_checks_that_ci_runs_before_the_tests():
    hooks = re.findall(r"^\s*entry: (.+)$", (ROOT / ".pre-commit-config.yaml").read_text(), re.M)
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    static = next(i for i, line in enumerate(ci) if "ruff check" in line)
    tests = next(i for i, line in enumerate(ci) if "pytest" in line and not line.startswith("#"))
    assert static < tests, "CI runs the static checks before the tests"
    # Under `set -e` a failure before the last command of an && list does not stop the script.
    assert ci[static].rstrip().endswith("|| exit 1"), "a failed static check must stop CI"
    assert len(hooks) == 4
    for entry in hooks:
        assert entry in ci[static], f"the hook `{entry}` is not among the checks CI runs first"


# The largest modules, each for its reason; every other module of the engine, the app and the server stays
# within MOST_LINES, so that each stays one thing a reader can hold.
MOST_LINES = 700
LARGER = {
    "core/game.py": 1000
}  # the state machine: its fields and the turn, a round's end (docs/architecture.md)


def test_no_module_is_over_700_lines():
    long = []
    for folder in ("core", "citadels_tui", "server"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LARGER.get(name, MOST_LINES):
                long.append(f"{name}: {lines} lines")
    assert not long, f"split these (at most {MOST_LINES} lines a module):\n" + "\n".join(long)
