"""The words of change (gate/scoring/changes.py) searched as grouped alternations
(:func:`changes.factored`): the same answer as the plain alternation of the words on every
clause tried, in every language, so that a figure is read as a change exactly as before;
each search is 2 to 4 times quicker (measured on clauses of a
generated run: 18.8 to 7.6 us in English, 12.3 to 3.0 in German; not a test here)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from gate.figures.languages import LANGUAGES
from gate.scoring import changes

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402

CODES = sorted(set(changes.CHANGE_WORDS) | set(LANGUAGES))


def _clauses(tmp: Path) -> list[str]:
    """Clauses of 60 and 30 characters from every answer of the reading corpora and of a
    generated run, and each word of change alone, capitalised, in capitals, glued to letters
    before and after, and between punctuation."""
    texts = []
    for path in sorted((ROOT / "benchmarks" / "corpora" / "answers").glob("*.jsonl")):
        texts += [json.loads(line)["answer"] for line in path.read_text("utf-8").splitlines() if line.strip()]
    run = generate(300, tmp, seed=3)["run"]
    texts += [json.loads(line).get("answer") or "" for line in run.read_text("utf-8").splitlines()[1:]]
    words = {w for code in changes.CHANGE_WORDS for part in changes.CHANGE_WORDS[code] for w in changes._alternatives(part)}
    words |= {w for spec in LANGUAGES.values() for w in (*spec.increase_words, *spec.decrease_words)}
    words |= set(changes._alternatives(changes._POINTS_WORDS))
    plain = {re.sub(r"\\s\+|\\s\*", " ", re.sub(r"\(\?:([^|)]*)[^)]*\)\??|\[(.)[^\]]*\]|\\w\*|[?*+]", r"\1\2", w)) for w in words}
    plain |= {"points", "Punkte", "Punkten", "punti", "puan", "пункта", "نقاط", "pp", "PP", "p.p.", "p. p.", "п. п.",
              "Prozentpunkte", "percentage point", "puntos porcentuales", "ポイント", "百分点"}
    for w in sorted(plain):
        texts += [w, w.upper(), w.title(), f"x{w}", f"{w}x", f"({w}).", f"by {w} 4%", f"7{w}", f"{w}_"]
    return [t[i:i + size] for t in texts for size in (60, 30) for i in range(0, max(len(t), 1), 10)]


@pytest.mark.pure_core("replaces changes.factored, which the compiled _patterns calls directly")
def test_grouped_words_find_a_word_of_change_exactly_where_the_plain_alternation_does(tmp_path, monkeypatch):
    clauses = _clauses(tmp_path)
    assert len(clauses) > 20_000, len(clauses)
    grouped = {code: changes._patterns(code) for code in CODES}
    changes._patterns.cache_clear()
    monkeypatch.setattr(changes, "factored", lambda body: body)
    try:
        plain = {code: changes._patterns(code) for code in CODES}
    finally:
        changes._patterns.cache_clear()
    found = 0
    for code in CODES:
        for mine, theirs in zip(grouped[code], plain[code]):
            assert mine.pattern != theirs.pattern
            for clause in clauses:
                hit = theirs.search(clause) is not None
                assert (mine.search(clause) is not None) == hit, (code, clause, theirs.pattern)
                found += hit
    assert found > 10_000  # the clauses hold words of change, not only clauses without


@pytest.mark.parametrize("code", CODES)
def test_the_letters_a_word_begins_with_let_through_every_letter_that_matches_one(code):
    """The set tested first at each position (``(?=[...])``) admits every character that
    some word's first letter matches without case (every code point of the first plane)."""
    for pattern in changes._patterns(code):
        lead = re.search(r"\(\?=\[([^\]]+)\]\)", pattern.pattern)
        if lead is None:
            continue
        heads, admitted = lead.group(1), re.compile(f"(?i)[{lead.group(1)}]")
        letters = [re.compile(f"(?i){re.escape(h)}") for h in heads]
        for point in range(0x10000):
            c = chr(point)
            if any(p.fullmatch(c) for p in letters):
                assert admitted.fullmatch(c), (code, hex(point), heads)


def test_alternatives_split_at_the_top_level_only():
    assert changes._alternatives(r"ros[e]|gain(?:ed|s)?|a[]|]b|c[^]|]d|x\|y|(?:a|b)c|z") == [
        "ros[e]", "gain(?:ed|s)?", "a[]|]b", "c[^]|]d", r"x\|y", "(?:a|b)c", "z"]
    assert changes.factored("rose|rises?|fell|up|rose|[ée]cart") == "r(?:ose|ises?)|f(?:ell)|u(?:p)|[ée]cart"
    assert changes.factored("rose|Rises?|fell") == "(?=[rf])(?:r(?:ose|ises?)|f(?:ell))"



def test_grouped_words_of_points_are_found_exactly_where_the_plain_alternation_finds_them(tmp_path):
    plain = re.compile("(?i)" + changes._POINTS_WORDS)
    assert changes._POINTS.pattern != plain.pattern
    found = 0
    for clause in _clauses(tmp_path):
        hit = plain.search(clause) is not None
        assert (changes._POINTS.search(clause) is not None) == hit, clause
        assert changes._says_points(clause) == hit, clause
        found += hit
    assert found > 300  # 469 when written


def test_every_word_of_points_holds_one_of_the_letters_looked_for_first():
    """Each alternative of the words of percentage points, written out, holds a letter of
    ``_POINTS_LETTERS`` (so a text without one cannot match): checked on the words as the
    synthetic clauses write them and on each alternative's own literal letters."""
    for word in changes._alternatives(changes._POINTS_WORDS):
        literal = re.sub(r"\\.|\(\?[:!=<]*|[()\[\]?*+^$|{}\d,]", "", word)
        assert not changes._POINTS_LETTERS.isdisjoint(literal) or not changes._POINTS_LETTERS.isdisjoint(literal.lower()), word
