"""One of each: one language-tag reader, one decimal-to-text, one key-path formatter, one
definition of each size limit, one status order."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from gate.ci import actions, github
from gate.core import limits
from gate.inputs import lines, run_log
from gate.core.bcp47 import Tag, canonical_language, parse_tag
from gate.core.decimals import decimal_text, round_half_up
from gate.core.errors import key_path
from gate.report import markdown
from gate.rules.verdict import FAIL, PASS, SKIP, WARN, worst_status


@pytest.mark.parametrize(("tag", "parsed", "text"), [
    ("en", Tag("en", None, None), "en"),
    ("fr-ca", Tag("fr", None, "CA"), "fr-CA"),
    ("pt_BR", Tag("pt", None, "BR"), "pt-BR"),
    ("ZH-hant-tw", Tag("zh", "Hant", "TW"), "zh-Hant-TW"),
    ("es-419", Tag("es", None, "419"), "es-419"),
    ("de-CH-1996", Tag("de", None, "CH", ("1996",)), "de-CH-1996"),
    # Extensions and private use start at a singleton; "ca" there is a calendar, not Canada.
    ("en-u-ca-gregory", Tag("en", None, None, ("u", "ca", "gregory")), "en-u-ca-gregory"),
    ("EN-U-CA-GREGORY", Tag("en", None, None, ("u", "ca", "gregory")), "en-u-ca-gregory"),
    ("de-DE-u-co-phonebk", Tag("de", None, "DE", ("u", "co", "phonebk")), "de-DE-u-co-phonebk"),
    ("en-x-mine", Tag("en", None, None, ("x", "mine")), "en-x-mine"),
    # An extended language subtag Babel does not read: the primary language stays, no region.
    ("zh-yue-HK", Tag("zh", None, None, ("yue", "hk")), "zh-yue-hk"),
])
def test_one_tag_reader_for_the_whole_gate(tag, parsed, text):
    assert parse_tag(tag) == parsed
    assert str(parsed) == text == canonical_language(tag)
    assert lines.canonical_language is run_log.canonical_language is canonical_language


@pytest.mark.parametrize("bad", ["", "en--US", "12-US", "-en"])
def test_a_tag_that_cannot_be_read_is_said_so(bad):
    with pytest.raises(ValueError, match="expected a language"):
        parse_tag(bad)


@pytest.mark.parametrize(("value", "digits", "text"), [
    (Decimal("1.5E+3"), None, "1500"),
    (Decimal("2.50"), None, "2.5"),
    (Decimal("-0.0"), None, "0"),
    (Decimal("0.125"), 2, "0.13"),
    (Fraction(1, 20), None, "0.05"),
    (Fraction(1, 3), None, "0.333333"),
    (Fraction(2, 3), 2, "0.67"),
    (Fraction(7), None, "7"),
])
def test_one_decimal_to_text(value, digits, text):
    assert decimal_text(value, digits) == text


def test_rounding_is_half_up_from_the_exact_value():
    assert round_half_up(Fraction(1, 8), 2) == Decimal("0.13")
    assert round_half_up(Fraction(-1, 8), 2) == Decimal("-0.13")


def test_one_key_path_formatter():
    assert key_path(("rules", "all", 0, "min")) == "rules.all[0].min"
    assert key_path(("retrieved_values", 1)) == "retrieved_values[1]"
    assert key_path((0, "language")) == "[0].language"
    assert key_path(()) == ""


def test_each_size_limit_is_defined_once():
    assert markdown.COMMENT_LIMIT is limits.COMMENT_LIMIT == github.MAX_COMMENT_CHARS == 65_536
    assert actions.SUMMARY_LIMIT_BYTES is limits.SUMMARY_LIMIT_BYTES == 1_048_576


def test_one_status_order():
    assert worst_status([PASS, FAIL, WARN]) == FAIL
    assert worst_status([SKIP, PASS]) == PASS
    assert worst_status([SKIP]) == SKIP
    assert worst_status([]) is None


@pytest.mark.parametrize(("tag", "split"), [
    ("en-u-ca-gregory", ("en", None)),  # read as en-CA before the one reader
    ("de-CH-u-co-phonebk", ("de", "CH")),
    ("pt_BR", ("pt", "BR")),
    ("es-419", ("es", "419")),
    ("12", ("12", None)),
])
def test_the_figure_reader_reads_tags_with_the_one_reader(tag, split):
    from gate.figures.locale import _split_tag

    assert _split_tag(tag) == split
