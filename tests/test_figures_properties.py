"""Laws of figure extraction, checked with Hypothesis.

* A number formatted by Babel for a locale (group separators on, any number
  of decimals) reads back as that value and that precision.
* Inserting a year, an ISO date or a date as the locale writes it into a
  sentence never adds a figure.
* Any text whatever reads without error into figures whose spans are in
  reading order, disjoint, and equal to the text they cover.
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path

from babel.dates import format_date
from babel.numbers import format_decimal
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from gate.figures import check_figure, extract_figures

LOCALES = ["en", "fr", "de", "es", "pt"]
CASES = Path(__file__).parent / "cases"


@st.composite
def stated_numbers(draw: st.DrawFn) -> tuple[Decimal, int]:
    decimals = draw(st.integers(min_value=0, max_value=8))
    digits = draw(st.integers(min_value=0, max_value=10**13))
    sign = draw(st.sampled_from([1, -1]))
    return Decimal(sign * digits).scaleb(-decimals), decimals


def _is_bare_year(text: str, value: Decimal) -> bool:
    # By design a bare four-digit number from 1800 to 2100 is a year, not a figure.
    return text.lstrip("-").isdigit() and len(text.lstrip("-")) == 4 and 1800 <= abs(value) <= 2100


@settings(max_examples=400, deadline=None)
@given(number=stated_numbers(), locale=st.sampled_from(LOCALES), in_sentence=st.booleans())
@example(number=(Decimal("1234567.891"), 3), locale="fr", in_sentence=False)
@example(number=(Decimal("1234"), 0), locale="de", in_sentence=True)
@example(number=(Decimal("0.5"), 1), locale="es", in_sentence=False)
@example(number=(Decimal("-7.60"), 2), locale="pt", in_sentence=True)
def test_babel_formatted_numbers_read_back(number: tuple[Decimal, int], locale: str, in_sentence: bool) -> None:
    value, decimals = number
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    written = format_decimal(value, format=pattern, locale=locale, group_separator=True)
    assume(not _is_bare_year(written, value))
    text = f"The value was {written} in the series." if in_sentence else written
    (figure,) = extract_figures(text, locale)
    assert figure.value == value
    assert figure.exponent == -decimals
    assert text[figure.start : figure.end] == figure.text
    assert check_figure(figure, [value]).supported


def _sentences() -> list[tuple[str, str]]:
    out = []
    with open(CASES / "numbers.jsonl", encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            if case["language"] in LOCALES:
                out.append((case["language"], case["text"]))
    return out


SENTENCES = _sentences()
DATE_FORMATS = ["short", "medium", "long", "full"]


@st.composite
def insertions(draw: st.DrawFn, language: str) -> str:
    kind = draw(st.sampled_from(["year", "iso", "babel", "iso-time"]))
    day = draw(st.dates(min_value=datetime.date(1800, 1, 1), max_value=datetime.date(2100, 12, 31)))
    if kind == "year":
        return str(day.year)
    if kind == "iso":
        return day.isoformat()
    if kind == "iso-time":
        hour = draw(st.integers(min_value=0, max_value=23))
        return f"{day.isoformat()}T{hour:02d}:30"
    return format_date(day, format=draw(st.sampled_from(DATE_FORMATS)), locale=language)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), sentence=st.sampled_from(SENTENCES), where=st.sampled_from(["end", "start", "after-comma"]))
def test_inserting_a_year_or_a_date_adds_no_figure(data: st.DataObject, sentence: tuple[str, str], where: str) -> None:
    language, text = sentence
    inserted = data.draw(insertions(language))
    before = [(f.value, f.percent) for f in extract_figures(text, language)]
    if where == "end":
        stripped = text.rstrip(".")
        changed = f"{stripped} ({inserted}){text[len(stripped):]}"
    elif where == "start":
        assume(text[:1].isalpha())
        changed = f"{inserted}: {text}"
    else:
        assume(", " in text)
        head, tail = text.split(", ", 1)
        changed = f"{head}, {inserted}, {tail}"
    after = [(f.value, f.percent) for f in extract_figures(changed, language)]
    assert after == before, changed


TEXT_ALPHABET = st.sampled_from(
    list("0123456789") * 4
    + list(" .,-–−+%$€£/:()[]'’\u00a0\u202f\n#~<>=")
    + ["about ", "over ", "per ", "million", "mil millones", "Mrd.", "pour cent", "percent", "table ",
       "one of", "seven", "trois", "un ", "d'", "2024", "٦٫٨", "٢٠٢٥", "Q2", "2nd", "3e", "juin", "June"]
)


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(TEXT_ALPHABET, max_size=40), language=st.sampled_from(LOCALES + ["ar", "it", "nl", "xx"]))
def test_any_text_reads_into_ordered_disjoint_spans(pieces: list[str], language: str) -> None:
    text = "".join(pieces)
    figures = extract_figures(text, language)
    previous_end = 0
    for f in figures:
        assert text[f.start : f.end] == f.text
        assert f.start >= previous_end
        previous_end = f.end
        assert f.hedge in (None, "about", "over", "at_least", "under", "at_most")
        assert "E" not in str(f.value)
