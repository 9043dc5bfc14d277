"""The data classes' methods kept compiled between starts (issue 19): a class made from kept code is the
class `dataclasses` makes, and a file that cannot be trusted is ignored and written anew."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import inspect
import marshal
import os
import signal
import time
import typing
from pathlib import Path

import pytest

from citadels_tui import code_cache

pytestmark = pytest.mark.skipif(not code_cache.supported(), reason="CPython 3.11's dataclasses only")


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """code_cache installed as in a process that has compiled nothing yet (all put back after)."""
    monkeypatch.setattr(code_cache, "_codes", {})
    monkeypatch.setattr(code_cache, "_used", set())
    monkeypatch.setattr(code_cache, "_compiled", 0)
    monkeypatch.setattr(code_cache, "_installed", False)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    monkeypatch.setattr(collections, "eval", eval, raising=False)
    monkeypatch.setattr(typing, "compile", compile, raising=False)
    code_cache.install()


def _make() -> type:
    """A data class with what the generated methods vary on: defaults, a factory, frozen, slots. Made
    with `make_dataclass` so that its annotations are types, not the strings this module's
    `from __future__ import annotations` would make of them."""
    return dataclasses.make_dataclass(
        "Card",
        [
            ("name", str),
            ("cost", int, dataclasses.field(default=1)),
            ("tags", list, dataclasses.field(default_factory=list, hash=False)),
        ],
        frozen=True,
        slots=True,
    )


def _others() -> tuple[object, ...]:
    """A named tuple and an annotation written as a string: the other texts compiled at a start."""
    Point = collections.namedtuple("Point", "x y")
    ref = typing.ForwardRef("dict[str, list[int]]")
    return Point(1, y=2), repr(Point(3, 4)), typing._eval_type(ref, {}, {})


def _behaviour(cls: type) -> tuple[object, ...]:
    a, b = cls("Temple"), cls("Temple", 1, [])
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.cost = 2  # type: ignore[misc]
    return (a == b, hash(cls("x", 2)) == hash(cls("x", 2)), repr(a), str(inspect.signature(cls)))


def test_a_class_made_from_kept_code_is_the_same(tmp_path: Path, fresh_process: None):
    kept = tmp_path / code_cache.FILE_NAME
    assert code_cache.load(kept) == 0  # the first start: no file yet
    first, first_others = _make(), _others()
    assert code_cache.save(kept)
    assert not code_cache.save(kept)  # nothing compiled since: nothing to write
    # The next start: the code comes from the file, nothing is compiled.
    code_cache._codes.clear()
    assert code_cache.load(kept) > 0
    compiled = code_cache._compiled
    second, second_others = _make(), _others()
    assert code_cache._compiled == compiled
    assert _behaviour(second) == _behaviour(first)
    assert second_others == first_others == ((1, 2), "Point(x=3, y=4)", dict[str, list[int]])
    # The methods' annotations are the types, as `dataclasses` makes them (compiled without this module's
    # `from __future__ import annotations`, which would have turned them into strings).
    assert second.__init__.__annotations__["cost"] is int
    for name in ("__init__", "__repr__", "__eq__", "__setattr__"):
        assert getattr(second, name).__code__.co_code == getattr(first, name).__code__.co_code


@pytest.mark.parametrize(
    "damage", ["empty", "garbage", "truncated", "another Python", "not code", "not a table"]
)
def test_a_bad_or_stale_file_is_ignored_and_replaced(tmp_path: Path, fresh_process: None, damage: str):
    kept = tmp_path / code_cache.FILE_NAME
    _make()
    assert code_cache.save(kept)
    good = kept.read_bytes()
    stamp, entries = marshal.loads(good)
    kept.write_bytes(
        {
            "empty": b"",
            "garbage": b"\x00not marshal data at all",
            "truncated": good[: len(good) // 2],
            "another Python": marshal.dumps(((0, *stamp[1:]), entries)),
            "not code": marshal.dumps((stamp, {**entries, "def f(): pass": 5})),
            "not a table": marshal.dumps((stamp, list(entries))),
        }[damage]
    )
    code_cache._codes.clear()
    assert code_cache.load(kept) == 0
    assert not code_cache._codes  # nothing taken from a bad file, not even its good entries
    cls = _make()  # compiled as usual
    assert code_cache._compiled > 0
    assert _behaviour(cls)[0]
    assert code_cache.save(kept)  # and the file is written anew, whole
    code_cache._codes.clear()
    assert code_cache.load(kept) == len(entries)


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path, fresh_process: None):
    _make()
    (tmp_path / "file").write_text("a file where the folder would be")
    assert not code_cache.save(tmp_path / "file" / code_cache.FILE_NAME)


def test_citadels_keeps_the_code_and_starts_with_a_damaged_file(tmp_path: Path):
    from test_tui_no_color import Terminal

    kept = tmp_path / "cache" / code_cache.FILE_NAME

    def start_and_quit() -> None:
        term = Terminal(tmp_path, no_color=False)
        try:
            term.read_until(b"Assassin")  # the game screen
            deadline = time.monotonic() + 30
            while not kept.exists() and time.monotonic() < deadline:
                time.sleep(0.05)  # written just after the first frame
            time.sleep(0.2)
            term.type(b"quit\r")
            assert term.finish() == 0
        finally:
            with contextlib.suppress(ProcessLookupError, ChildProcessError):
                os.kill(term.pid, signal.SIGKILL)
                os.waitpid(term.pid, 0)

    start_and_quit()
    stamp, entries = marshal.loads(kept.read_bytes())
    assert stamp == code_cache._stamp()
    assert len(entries) > 100  # Textual's, Rich's, the engine's and the app's data classes, named tuples …
    kept.write_bytes(b"\x00damaged")
    start_and_quit()  # starts all the same, compiling
    # And the damaged file was written anew, for this Python. (Not the same texts to the one: what runs
    # before it is written, just after the first frame, varies with timing.)
    stamp, again = marshal.loads(kept.read_bytes())
    assert stamp == code_cache._stamp()
    assert len(again) > 100
