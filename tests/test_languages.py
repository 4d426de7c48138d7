"""Each language is one module that fills every table the figure reader declares."""

from __future__ import annotations

import dataclasses
import importlib
import re
import typing
from pathlib import Path

import pytest

from gate.figures import extract_figures
from gate.figures.languages import LANGUAGES, PERCENT_WORDS, RANGE_TO, SCALE_WORDS
from gate.figures.languages.base import Language

LANGUAGE_DIR = Path(importlib.import_module("gate.figures.languages").__file__).parent
FILES = sorted(p.stem for p in LANGUAGE_DIR.glob("*.py") if p.stem not in ("__init__", "base"))
FIELDS = typing.get_type_hints(Language)
# Tables every language fills with at least one entry (the others may be empty or None
# when the language has no such words, e.g. Arabic has no text2num number words).
REQUIRED = (
    "scale_words", "percent_words", "hedge_words", "denominator_words", "reference_words",
)
# Fields that hold regular expressions.
PATTERNS = (
    "dozen_words", "half_dozen_words", "and_a_half", "article_scales", "half_scales", "dozens_after",
    "ordinal_words",
)


def test_the_registry_holds_every_language_file_and_nothing_else():
    assert FILES == sorted(LANGUAGES) == ["ar", "de", "en", "es", "fr", "hi", "it", "ja", "nl", "pl", "pt", "ru", "tr", "zh"]


@pytest.mark.parametrize("code", FILES)
def test_a_language_file_fills_every_table(code):
    module = importlib.import_module(f"gate.figures.languages.{code}")
    lang = module.LANGUAGE
    assert isinstance(lang, Language)
    assert lang.code == code and lang is LANGUAGES[code]
    assert [f.name for f in dataclasses.fields(Language)] == list(FIELDS)
    for field in dataclasses.fields(Language):
        assert field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        assert hasattr(lang, field.name), field.name
    for name in REQUIRED:
        assert getattr(lang, name), f"{code}: {name} is empty"


@pytest.mark.parametrize("code", FILES)
def test_each_table_of_a_language_has_its_declared_shape(code):
    lang = LANGUAGES[code]
    assert all(isinstance(k, str) and isinstance(v, int) for k, v in lang.scale_words.items())
    assert set(lang.hedge_words.values()) <= {"about", "over", "at_least", "under", "at_most"}
    assert all(isinstance(v, tuple) for v in lang.hedge_articles.values())
    assert all(isinstance(v, int) and v > 0 for v in lang.label_words.values())
    for name in ("reference_words", "between_words", "range_to", "range_and", "vague_plurals",
                 "fraction_words", "dot_ordinal_before", "dot_ordinal_nouns", "amount_joiners",
                 "decimal_words", "part_of_words"):
        table = getattr(lang, name)
        assert isinstance(table, frozenset), name
        assert all(w == w.lower() and w.strip() == w and w for w in table), name
    for name in PATTERNS:
        pattern = getattr(lang, name)
        assert pattern is None or re.compile(pattern), name
    if lang.number_words is not None:
        assert {"joiners", "lone"} <= set(lang.number_words)
        assert "words" in lang.number_words or {"compound", "starts"} <= set(lang.number_words)
    if lang.half_compound is not None:
        regex, units, hints = lang.half_compound
        assert re.compile(regex) and hints and all(isinstance(v, int) for v in units.values())
        assert isinstance(hints, tuple) and all(isinstance(h, str) and h for h in hints)
    for word, not_after in lang.minus_words.items():
        assert word == word.lower() and " " not in word and isinstance(not_after, tuple), word
    for spelled, typed in lang.unaccented.items():
        assert spelled and isinstance(typed, tuple) and typed and spelled not in typed, spelled


@pytest.mark.parametrize("code", [c for c in FILES if LANGUAGES[c].number_words is not None])
def test_each_language_reads_its_number_words_typed_without_accents(code):
    """Every listed number word and joiner with an accent is read in the spellings the
    language file says people type for it (its ``unaccented`` table)."""
    from gate.figures.languages import typed_spellings
    from gate.figures.locale import _conventions

    lex = _conventions(code).words
    assert lex is not None
    listed = set(LANGUAGES[code].number_words["words"].split()) if "words" in LANGUAGES[code].number_words else set()
    for typed, spelled in typed_spellings(listed, code).items():
        assert lex.is_number_word(typed) and lex.spelled(typed) == spelled, typed
    for spelled, forms in LANGUAGES[code].unaccented.items():
        for typed in forms:
            if lex.compound is not None and len(typed) > 2 and lex.compound.fullmatch(spelled):
                assert lex.is_number_word(typed) and lex.spelled(typed) == spelled, typed


def test_shared_tables_are_built_from_the_language_files():
    assert set(PERCENT_WORDS) == {w for lang in LANGUAGES.values() for w in lang.percent_words}
    assert PERCENT_WORDS[:3] == ("percentage points", "percentage point", "percent")
    assert RANGE_TO == {"-", "–", "—"} | {w for lang in LANGUAGES.values() for w in lang.range_to}
    assert SCALE_WORDS["de"]["milliarden"] == 9 and SCALE_WORDS["fr"]["billion"] == 12


def test_the_former_import_path_still_reads_the_same_tables():
    import gate.figures.lexicon as lexicon

    assert lexicon.SCALE_WORDS is SCALE_WORDS and lexicon.PERCENT_WORDS is PERCENT_WORDS


@pytest.mark.parametrize(
    ("code", "text", "value"),
    [
        ("en", "about 3.2 million people", 3200000),
        ("fr", "environ 3,2 millions de personnes", 3200000),
        ("es", "unos 3,2 millones de personas", 3200000),
        ("de", "rund 3,2 Millionen Menschen", 3200000),
        ("pt", "cerca de 3,2 milhões de pessoas", 3200000),
        ("it", "circa 3,2 milioni di persone", 3200000),
        ("nl", "ongeveer 3,2 miljoen mensen", 3200000),
        ("ar", "حوالي 3٫2 مليون شخص", 3200000),
        ("ru", "около 3,2 миллиона человек", 3200000),
        ("zh", "约320万人", 3200000),
        ("tr", "yaklaşık 3,2 milyon kişi", 3200000),
        ("ja", "約320万人", 3200000),
        ("hi", "लगभग 32 लाख लोग", 3200000),
        ("pl", "około 3,2 mln osób", 3200000),
    ],
)
def test_each_language_reads_its_scale_word_and_hedge(code, text, value):
    (figure,) = extract_figures(text, code)
    assert (figure.value, figure.hedge) == (value, "about")


# --- The tables added for precision (issue 15, digit side) and for the words that sat in
# the reader's regular expressions.

WORD_SETS = (
    "level_before_denominator", "level_words", "amount_joiners", "duration_nouns", "or_words",
    "older_words", "last_words", "group_words", "confidence_connectors", "confidence_last",
    "age_of_prepositions", "age_bounds", "scale_nouns", "scale_prepositions", "confidence_abbreviations",
)
REGEX_TUPLES = (
    "band_words", "age_units", "age_hyphen_units", "age_old_units", "hyphen_durations",
    "older_continuations", "period_to", "group_most", "group_after", "than_words", "confidence_before",
    "confidence_after", "zero_compounds", "fall_by", "fall_further", "fall_hedges",
    "fall_by_before_participle", "decrease_participles", "deficit_words", "deficit_kinds", "deficit_verbs",
    "level_after_decrease",
)


@pytest.mark.parametrize("code", FILES)
def test_the_precision_and_pattern_tables_have_their_declared_shape(code):
    lang = LANGUAGES[code]
    for name in WORD_SETS:
        table = getattr(lang, name)
        assert isinstance(table, frozenset), name
        assert all(w == w.lower() and w.strip() == w and w for w in table), name
    for name in REGEX_TUPLES:
        table = getattr(lang, name)
        assert isinstance(table, tuple), name
        for pattern in table:
            assert re.compile(pattern) and "|" not in pattern, (name, pattern)
    assert all(isinstance(k, str) and isinstance(v, int) and v > 0 for k, v in lang.digit_scales.items())
    assert not set(lang.digit_scales) & {w for w in lang.scale_words}  # read by one table only
    assert lang.fall_across_words is None or re.compile(lang.fall_across_words)
    assert all(w == w.lower() for w in lang.time_words) and isinstance(lang.time_words, tuple)
    assert isinstance(lang.confidence_hints, tuple) and all(lang.confidence_hints)


def test_the_shared_patterns_hold_every_language_s_words():
    import gate.figures.languages as shared

    for name in REGEX_TUPLES:
        alternatives = getattr(shared, name.upper()).split("|")
        for lang in LANGUAGES.values():
            assert set(getattr(lang, name)) <= set(alternatives), (lang.code, name)
    assert set(shared.FALL_ACROSS_WORDS) == {"de", "ar"}
    assert shared.OR_WORDS == {w for lang in LANGUAGES.values() for w in lang.or_words}
    assert shared.TIME_WORDS == ("a.m.", "p.m.", "am", "pm", "h", "uhr")


def test_the_reader_s_patterns_hold_no_word_of_a_language():
    """A language is one place: the words the reader's regular expressions read come from
    the language files, so no string of the reader's modules (docstrings and comments
    aside) spells one."""
    import ast

    moved = (
        "jährig", "gesunken", "betrouwbaar", "déficit", "disavanzo", "riches", "confianza", "jusqu",
        "derniers", "años", "older", "انخفض", "عجز", "tolerance", "ending", "sank", "around", "stood",
    )
    package = LANGUAGE_DIR.parent
    for path in sorted(package.glob("*.py")):
        if path.name in ("words.py", "vocabulary.py"):
            continue  # the word reader's own room (issue 15, word side)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found = [w for w in moved if w in node.value.lower()]
                assert not found, (path.name, node.lineno, found)


def test_each_language_s_own_patterns_are_its_tables_compiled_once():
    """language_patterns(code) is the one place a language's own patterns are built: its
    tables compiled (None where it has none), the same object every time it is asked."""
    from gate.figures.languages import LANGUAGES, language_patterns

    for code, lang in LANGUAGES.items():
        got = language_patterns(code)
        for field in ("and_a_half", "dozens_after", "ordinal_words"):
            pattern = getattr(got, field)
            assert (pattern.pattern if pattern is not None else None) == (getattr(lang, field) or None), (code, field)
        assert language_patterns(code) is got
    assert sum(language_patterns(code).and_a_half is not None for code in LANGUAGES) >= 5
    assert language_patterns("uk") == (None, None, None)  # a language the reader does not cover
