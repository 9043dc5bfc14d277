"""The gate for text from one player to another (citadels_core.text): what it keeps, what it drops."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citadels_core.text import clean_text, name_key

# What a terminal acts on, or what disguises a text: none of it may survive.
C0 = [chr(c) for c in range(0x20)] + ["\x7f"]
C1 = [chr(c) for c in range(0x80, 0xA0)]
BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\U000e0041"]
FORBIDDEN = set(C0 + C1 + BIDI + ZERO_WIDTH + ["\u2028", "\u2029"])


def harmful(c: str) -> bool:
    return c in FORBIDDEN or unicodedata.category(c) in ("Cc", "Cf", "Cs")


@pytest.mark.parametrize(
    "text",
    [
        "hello, world",
        "Привет, как дела?",
        "你好，世界",
        "こんにちは",
        "안녕하세요",
        "مرحبا بالعالم",
        "שלום",
        "नमस्ते",
        "Tiếng Việt có dấu",
        "🎉🏰👑 well played",
        "✦ ✗ » « — … ✓",
        "a\u00a0b\u3000c",  # a no-break space and an ideographic space are text
        "e\u0301",  # a combining accent
    ],
)
def test_printable_text_in_every_script_is_kept_as_it_is(text):
    assert clean_text(text) == text
    assert clean_text(text, lines=True) == text


@pytest.mark.parametrize("c", sorted(FORBIDDEN - {"\t", "\n", "\v", "\f", "\r", "\x85", "\u2028", "\u2029"}))
def test_each_control_and_format_character_is_dropped(c):
    assert clean_text(f"a{c}b") == "ab"


def test_escape_sequences_lose_their_escape_and_cannot_act():
    dirty = "hi \x1b[2J\x1b[H\x9b2J\x9b1;1H\x1b]0;owned\x07 there"
    clean = clean_text(dirty)
    assert not any(harmful(c) for c in clean)
    assert clean == "hi [2J[H2J1;1H]0;owned there"


def test_whitespace_controls_keep_words_apart():
    assert clean_text("one\ttwo\nthree\r\nfour\u2028five") == "one two three  four five"
    assert clean_text("one\ttwo\nthree\r\nfour\u2028five", lines=True) == "one two\nthree\nfour\nfive"


def test_a_bidi_override_cannot_turn_a_line_around():
    assert clean_text("anna: \u202egnp.exe") == "anna: gnp.exe"
    assert clean_text("\u2067bruno\u2069") == "bruno"


@given(st.text())
def test_nothing_harmful_ever_comes_out(text):
    clean = clean_text(text)
    assert not any(harmful(c) for c in clean)
    assert "\n" not in clean_text(text)
    assert all(c == "\n" or not harmful(c) for c in clean_text(text, lines=True))
    clean.encode()  # no lone surrogate: it can be sent to a terminal


@given(st.text())
def test_cleaning_twice_changes_nothing_more(text):
    once = clean_text(text)
    assert clean_text(once) == once
    lines = clean_text(text, lines=True)
    assert clean_text(lines, lines=True) == lines


@given(st.text(st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp"))))
def test_text_without_controls_or_format_characters_is_untouched(text):
    assert clean_text(text) == text


def test_names_that_look_alike_are_one_name():
    assert name_key("Anna") == name_key("anna") == name_key("ANNA")
    assert name_key("an\u200bna") == name_key("anna")
    assert name_key("\u202eanna") == name_key("anna")
    assert name_key("ａｎｎａ") == name_key("anna")  # fullwidth letters
    assert name_key("anna") != name_key("anne")
