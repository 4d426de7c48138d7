"""Precision on prose, the kinds written in words (issue 15): every sentence of
tests/fixtures/precision/words.jsonl read exactly, with its full figure list.

Each line is ``{"id", "language", "kind", "text", "figures"}``, each figure
``[text, value, exponent, percent, hedge]``: what :func:`extract_figures`
must return, in reading order. Kinds: ``dozen`` (dozens multiplied), ``half``
(halves without an article, in one word), ``compound`` (a number in words
read whole across its scale words), ``minus`` (minus as a word), ``decimal``
(decimals in words), ``unaccented`` (number words typed without accents),
``ordinal`` (ordinals in words are no figure) and ``count`` (a bare small
count in words is no figure; a hedged one, a scaled one, a percentage, a
ratio or a range end is).
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from gate.figures import extract_figures

CORPUS = Path(__file__).parent / "fixtures" / "precision" / "words.jsonl"


def _cases() -> list[dict]:
    with open(CORPUS, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


CASES = _cases()


def read(case: dict) -> list[list[object]]:
    """What the reader returns for a case, in the corpus's shape."""
    return [
        [f.text, str(f.value), f.exponent, f.percent, f.hedge]
        for f in extract_figures(case["text"], case["language"])
    ]


def exactly(case: dict) -> bool:
    """Whether the reader returns the case's full figure list, values compared as decimals."""
    got = read(case)
    want = case["figures"]
    return len(got) == len(want) and all(
        g[0] == w[0] and Decimal(str(g[1])) == Decimal(str(w[1])) and g[2:] == w[2:] for g, w in zip(got, want)
    )


def scores() -> dict[str, tuple[int, int]]:
    """Language -> (cases read exactly, cases), over the corpus."""
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case in CASES:
        total[case["language"]] += 1
        right[case["language"]] += exactly(case)
    return {lang: (right[lang], total[lang]) for lang in total}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_precision_case(case: dict) -> None:
    assert read(case) == [[t, str(Decimal(str(v))), e, p, h] for t, v, e, p, h in case["figures"]]


def test_the_corpus_covers_every_kind_in_every_language_with_number_words() -> None:
    kinds = {"dozen", "half", "compound", "minus", "decimal", "unaccented", "count"}
    for lang in ("en", "fr", "es", "de", "pt", "it", "nl"):
        have = {c["kind"] for c in CASES if c["language"] == lang}
        assert kinds - ({"unaccented"} if lang == "en" else set()) <= have, lang
    assert {c["kind"] for c in CASES if c["language"] == "ar"} >= {"count"}


if __name__ == "__main__":  # python tests/test_precision_words.py: read exactly, per language
    for lang, (ok, n) in scores().items():
        print(f"{lang}: {ok}/{n}")
    print("all: {}/{}".format(*map(sum, zip(*scores().values()))))
