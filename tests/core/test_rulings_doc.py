"""Every ruling the project cites (RULINGS R12, "R40, R42", "R40–R44") has its entry in docs/rulings.md,
and every entry gives its question, the engine's answer and the book passage it rests on."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"
CITING = ("core", "citadels_tui", "server", "tests", "docs")
SUFFIXES = (".py", ".md")

ENTRY = re.compile(r"^### R(\d+)\. (\S.*)$", re.M)
HEADING = re.compile(r"^#{2,3} ", re.M)
# "R40–R44" and "R19-R21" cite every ruling from the first to the last.
RANGE = re.compile(r"\bR(\d{1,2})\s*[-–]\s*R(\d{1,2})\b")
SINGLE = re.compile(r"\bR(\d{1,2})\b")
PARTS = ("**Question.**", "**Answer.**", "**Book.**")
# The books are not in the repository: an entry names them in words, not by their file names.
BOOK_WORDS = ("rulebook", "demo rules", "card list", "web copy")
FILE_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\b")


def cited(text: str) -> set[int]:
    """The ruling numbers a text cites."""
    out: set[int] = set()
    for m in RANGE.finditer(text):
        out.update(range(int(m.group(1)), int(m.group(2)) + 1))
    out.update(int(n) for n in SINGLE.findall(RANGE.sub(" ", text)))
    return out


def entries() -> dict[int, str]:
    """Each ruling's number and its text, up to the next heading."""
    text = DOC.read_text(encoding="utf-8")
    out: dict[int, str] = {}
    for m in ENTRY.finditer(text):
        n = int(m.group(1))
        assert n not in out, f"R{n} has two entries in docs/rulings.md"
        nxt = HEADING.search(text, m.end())
        out[n] = text[m.start() : nxt.start() if nxt else len(text)]
    return out


def citations() -> dict[int, list[str]]:
    """Each ruling number cited in the code, tests and docs, with the places that cite it."""
    out: dict[int, list[str]] = {}
    for top in CITING:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for n in cited(line):
                    out.setdefault(n, []).append(f"{path.relative_to(ROOT)}:{no}")
    return out


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("RULINGS R6: rank 4 is never face up", {6}),
        ("(RULINGS R40, R42)", {40, 42}),
        ("RULINGS R40–R44", {40, 41, 42, 43, 44}),
        ("(R19-R21, R27)", {19, 20, 21, 27}),
        ("R2D2, ROUND, R123, XR5", set()),
    ],
)
def test_citations_are_read_as_written(text, numbers):
    assert cited(text) == numbers


def test_the_project_cites_rulings():
    found = citations()
    # The engine's own citations are found (the scan reads the folders it should).
    assert any(place.startswith("core") for places in found.values() for place in places)
    assert len(found) >= 30


def test_every_cited_ruling_has_an_entry():
    have = entries()
    missing = {f"R{n}": places[:3] for n, places in sorted(citations().items()) if n not in have}
    assert not missing, f"rulings cited but not explained in docs/rulings.md: {missing}"


def test_every_entry_has_its_question_answer_and_book():
    have = entries()
    assert have, "docs/rulings.md has no entries"
    for n, body in have.items():
        at = [body.find(part) for part in PARTS]
        assert all(i >= 0 for i in at), f"R{n} lacks one of {PARTS}"
        assert at == sorted(at), f"R{n}: the parts come in the order {PARTS}"
        for part, start, end in zip(PARTS, at, [*at[1:], len(body)], strict=True):
            words = body[start + len(part) : end].split()
            assert len(words) >= 5, f"R{n}: {part} says too little"
        book = body[at[2] :]
        assert re.search(r'"[^"]{10,}"', book), f"R{n}: the book passage is not quoted"
        assert any(w in book for w in BOOK_WORDS), f"R{n}: the book is not named ({BOOK_WORDS})"
        assert not FILE_NAME.search(body), f"R{n}: name the book in words, not by its file name"
