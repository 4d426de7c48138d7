"""Precision on real prose, the digit side (issue 15): each kind of misreading, read as a
kind, in every language it applies to.

The cases are data: ``tests/fixtures/precision/digits.jsonl``, one sentence a line with
its labelled figures, each ``[text, value, exponent, percent, hedge]``, and the kind of
misreading it shows (``kind``; a kind ending in ``-control`` shows what the fix must not
read). ``digits_heldout.jsonl`` holds sentences written after the fixes, to see whether
they read the kinds and not only the sentences they were made on. Every case must be read
exactly: the full list of figures, in order. ``scripts/precision_counts.py`` counts them
per language, for the reader at any commit.
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from gate.figures import evidence_values, extract_figures

FIXTURES = Path(__file__).parent / "fixtures" / "precision"
CORPUS = FIXTURES / "digits.jsonl"
HELD_OUT = FIXTURES / "digits_heldout.jsonl"
CASES = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
HELD_OUT_CASES = [json.loads(line) for line in HELD_OUT.read_text(encoding="utf-8").splitlines() if line.strip()]
LANGUAGES = ("en", "fr", "es", "de", "pt", "it", "nl", "ar")


def _read(case: dict) -> list[list[object]]:
    return [[f.text, f.value, f.exponent, f.percent, f.hedge] for f in extract_figures(case["text"], case["language"])]


@pytest.mark.parametrize(
    "case", CASES + HELD_OUT_CASES, ids=[c["id"] for c in CASES] + ["held-out-" + c["id"] for c in HELD_OUT_CASES]
)
def test_each_case_reads_exactly_its_figures(case: dict) -> None:
    expected = [[t, Decimal(v), e, p, h] for t, v, e, p, h in case["figures"]]
    assert _read(case) == expected
    for f in extract_figures(case["text"], case["language"]):
        assert case["text"][f.start : f.end] == f.text


def test_the_corpus_covers_every_kind_in_the_languages_it_applies_to() -> None:
    kinds: dict[str, set[str]] = {}
    for c in CASES:
        kinds.setdefault(c["kind"], set()).add(c["language"].split("-")[0])
    every = set(LANGUAGES)
    assert kinds["next-sentence"] == every
    assert kinds["compound"] == every
    assert kinds["spaced-minus"] == every
    assert kinds["list-numbering"] == every
    assert kinds["scaled-denominator"] == every
    assert kinds["abbreviation"] == every - {"ar"}  # Arabic writes its scale words in full
    assert kinds["leading-decimal"] == every
    assert kinds["hedged-duration"] == every - {"ar"}  # the age rules read no Arabic unit
    assert kinds["and-over"] == every - {"ar"}
    assert kinds["dot-group"] == every - {"en", "ar"}  # the languages whose decimal mark is ","
    assert kinds["level-not-denominator"] == {"de", "nl"}  # "auf", "op": both "per" and "to"
    assert Counter(c["language"].split("-")[0] for c in CASES).keys() == every


def test_a_passage_reads_a_number_followed_by_the_next_sentence() -> None:
    passage = "Total revenue was €2,318,004.The totals for 2024 follow."
    assert evidence_values(None, None, {"p1": passage}, "en") == (Decimal("2318004"),)
    assert evidence_values(None, None, {"p1": ("Le total atteint 2 318 004.Les chiffres suivent.", "fr")}, "en") == (
        Decimal("2318004"),
    )


def test_a_compound_keeps_the_hedge_of_its_first_part() -> None:
    (f,) = extract_figures("Circa 3 milioni e 118mila abitanti.", "it")
    assert (f.text, f.value, f.exponent, f.hedge) == ("3 milioni e 118mila", Decimal("3118000"), 3, "about")
