"""The rules that say what is not a figure: references and codes, denominators, ages,
age bands and look-back periods, confidence levels, groups of a distribution, list
numbering, citations and links.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from typing import NamedTuple

from gate.figures.chars import _LETTERS
from gate.figures.hedges import _hedge_of
from gate.figures.languages import (
    AGE_AT_WORDS,
    AGE_BOUNDS,
    AGE_HYPHEN_UNITS,
    AGE_OF_PREPOSITIONS,
    AGE_OF_WORDS,
    AGE_OLD_UNITS,
    AGE_PEOPLE_WORDS,
    AGE_UNITS,
    AGE_WORDS,
    BAND_WORDS,
    CONFIDENCE_ABBREVIATIONS,
    CONFIDENCE_AFTER,
    CONFIDENCE_BEFORE,
    CONFIDENCE_CONNECTOR_ALTERNATIVES,
    CONFIDENCE_HINTS,
    CONFIDENCE_LAST,
    CUMULATED_WORDS,
    DURATION_NOUNS,
    DURATION_WORDS,
    GROUP_AFTER,
    GROUP_MOST,
    GROUP_WORDS,
    HYPHEN_DURATIONS,
    LANGUAGES,
    LAST_WORD_ALTERNATIVES,
    LAST_WORDS,
    LEVEL_BEFORE_DENOMINATOR,
    LOOK_BACK_WORDS,
    OLDER_CONTINUATIONS,
    OLDER_WORDS,
    OR_WORD_ALTERNATIVES,
    OR_WORDS,
    OVER_WORDS,
    PERIOD_ARTICLES,
    PERIOD_TO,
    RANGE_AND,
    SCALE_NOUNS,
    SCALE_PREPOSITIONS,
    THAN_WORDS,
    ZERO_COMPOUNDS,
)
from gate.figures.locale import _Conventions
from gate.figures.names import capitalised_name_before

_CITATION = re.compile(r"\[\s*[A-Za-z]{0,8}[-_ ]?\d+[a-z]?(?:\s*[,;–-]\s*[A-Za-z]{0,8}[-_ ]?\d+[a-z]?)*\s*\]")
# More references after a reference ("tables 3 and 4", "pages 3, 4 and 7",
# "sections 2.1–2.3"): a comma continues the chain only in a list closed by a
# conjunction or a dash, so "In phase 4, 99.9%" and "tableau 3, 45 000" end
# the reference at the comma.
_REF_ITEM = r"\d+(?:[.]\d+)*[a-z]?(?![\d%]|[.,]\d)"
_REF_AND = "|".join(sorted(RANGE_AND | {"&"}, key=lambda w: (-len(w), w)))
_REF_CHAIN = re.compile(
    r"(?:(?:\s*,\s*" + _REF_ITEM + r")*\s*,?\s*(?:[–—-]|(?:" + _REF_AND + r")\s)\s*" + _REF_ITEM + r")+"
)
_REF_LIST = re.compile(r"(?:\s*,\s*" + _REF_ITEM + r")+")


_URL = re.compile(r"(?i)\b(?:https?://|www\.)\S+|\S+@\S+\.\w+")


_OPENERS = "([{\"«“'"


def _prefix_tokens(text: str, start: int) -> list[str]:
    """The last (up to three) words before ``start``, lowercased.

    Opening brackets and quotes are stripped ("(about" -> "about"); an elided
    article or preposition glued to the number is expanded ("d'1,5" ->
    "de"). Punctuation after a word stays, so no phrase matches across it.
    """
    lo = start - 32
    if lo < 0:
        lo = 0
    window = text[lo:start]
    toks = window.lower().split()
    if not toks:
        return toks
    if lo and not window[0].isspace():
        del toks[0]  # a partial word
    if len(toks) > 3:
        toks = toks[-3:]
    for i, t in enumerate(toks):
        if "’" in t:
            t = toks[i] = t.replace("’", "'")
        if t[0] in _OPENERS:
            toks[i] = t.lstrip(_OPENERS)
    if toks and not window[-1].isspace():
        # glued to the number: "d'1,5", "(26.1%)"
        last = toks[-1]
        if last.endswith("'") and len(last) <= 4:
            toks[-1] = last[:-1] + "e"
        else:
            toks.pop()
    return [t for t in toks if t]


def _is_reference(last: str, conv: _Conventions) -> bool:
    """Whether the word before a number names a part of a document or a code."""
    refs = conv.references
    if last in refs or last.rstrip(".:") in refs:
        return True
    if "'" in last:  # "l'encadré 3"
        tail = last.rpartition("'")[2]
        return tail in refs or tail.rstrip(".:") in refs
    return False


def _is_power_of_ten(value: Decimal) -> bool:
    """10, 100, 1000 ...: an integer of at least two digits, a 1 and zeros."""
    return value >= 10 and value == value.to_integral_value() and str(int(value)).rstrip("0") == "1"


def _line_start(text: str, s: int) -> bool:
    ls = text.rfind("\n", 0, s) + 1
    return text[ls:s].strip(" \t-*•>") == ""


def _unopened(text: str, s: int) -> bool:
    """Whether a ")" after ``s`` closes no "(" opened earlier in the clause."""
    lo = max(text.rfind("\n", 0, s), text.rfind(";", 0, s), text.rfind(".", 0, max(0, s - 1)))
    seg = text[lo + 1 : s]
    return seg.count("(") <= seg.count(")")


# Numbers that define an indicator rather than state a figure: ages, age
# bands, look-back periods ("aged 15–64", "15-24 ans", "children under 5",
# "over the past 12 months").
_AGE_BEFORE = AGE_WORDS
_AGE_OF = AGE_OF_WORDS  # + de/von/di/van: "âgés de 15", "menores de cinco años"
_AGE_AT = AGE_AT_WORDS  # "à 60 ans", "a los 65 años"
_AGE_PEOPLE = AGE_PEOPLE_WORDS
_LOOK_BACK = LOOK_BACK_WORDS
_BAND = r"(?:-?\s*(?:[-–—/]|" + BAND_WORDS + r")\s*-?\d{1,3}(?![\d.,]\d))"
_AGE_UNIT = r"(?:-(?:" + AGE_HYPHEN_UNITS + r")\b|[ \u00a0](?:" + AGE_UNITS + r")(?![^\W\d_]))"
_AGE_AFTER = re.compile(r"(?i)" + _BAND + r"?" + _AGE_UNIT)
_AGE_BAND = r"(?i)" + _BAND + _AGE_UNIT + r"?"  # this and the next sources: compiled in _defining()
_OLD = r"(?i)-?(?:" + AGE_OLD_UNITS + r")"
_DURATIONS = r"(?:" + DURATION_WORDS + r")"
_DURATION_AFTER = r"(?i)[ \u00a0]" + _DURATIONS + r"(?![^\W\d_])"
_ZERO_COMPOUND = re.compile(r"(?i)[ -](?:" + ZERO_COMPOUNDS + r")(?![^\W\d_])")
_BASE_BEFORE = re.compile(r"(?:[1١][89٨٩]|[2٢][0٠])\d\d\s?=\s?$")  # before the 100 of "2015=100", "2015 = 100"
_CUMULATED = CUMULATED_WORDS
_OVER_WORDS = OVER_WORDS
_PERIOD_ARTICLES = PERIOD_ARTICLES
# After a duration: the period it ends with ("the 12 months to June 2025").
_PERIOD_TO = r"(?i)[ \u00a0](?:" + PERIOD_TO + r")\b"
# The first words of what _DEFINING_AFTER reads after a space.
_DEFINING_FIRST = DURATION_NOUNS | OR_WORDS | LAST_WORDS
# After a small integer: words that make it define a group or a period rather than
# state a result: "12-month average", "5-year survival", "65 and older", "65 ans ou
# plus", "3 or more children", "12 derniers mois". "and over" must close the phrase:
# "108 and over the same period" states 108.
_DEFINING_PRE2 = frozenset(w[:2] for w in _DEFINING_FIRST)
_DEFINING_AFTER = (
    r"(?i)(?:-(?:" + HYPHEN_DURATIONS + r")(?![^\W\d_])(?!-old)"
    r"|[ \u00a0](?:" + _DURATIONS + r"[ \u00a0])?"
    r"(?:" + OR_WORD_ALTERNATIVES + r")[ \u00a0]"
    r"(?:" + OLDER_WORDS + r")(?![^\W\d_])"
    r"(?!\s*[\d$€£]|\s+(?:" + OLDER_CONTINUATIONS + r")(?![^\W\d_]))"
    r"|[ \u00a0](?:" + LAST_WORD_ALTERNATIVES + r")[ \u00a0]" + _DURATIONS + r"(?![^\W\d_]))"
)
_P_VALUE = re.compile(r"(?<![^\W\d_])[pP]\s?(?:[<>≤≥]=?)\s?$")  # "p < 0.05"; "p = 0.03" is a result
# Words that make a percentage name a part of a distribution ("the top 10%").
_GROUP_WORDS = GROUP_WORDS
_GROUP_AFTER = re.compile(
    r"(?i)[ \u00a0\u202f](?:" + GROUP_MOST + r")\s*"
    r"(?:" + GROUP_AFTER + r")\b"
    r"(?!\s+(?:" + THAN_WORDS + r")\b)"  # "un 10 % más pobres que": a comparison, a result
)
# The first letters of what _GROUP_AFTER reads after the space, in either case.
_GROUP_FIRST = frozenset(c for w in (w for lang in LANGUAGES.values() for w in lang.group_most) for c in (w[0], w[0].upper()))
# Before a confidence level: "(IC 95%: 3,1–3,9)", "IC del 95%", "IC à 95 %", "CI 95%",
# "intervallo di confidenza al 95%", "Konfidenzintervall von 95 %".
_CONFIDENCE_BEFORE = re.compile(
    r"(?i)(?:" + CONFIDENCE_BEFORE + r")\s*(?:(?:" + CONFIDENCE_CONNECTOR_ALTERNATIVES + r")\s+)?$"
)


def _confidence_before(text: str, start: int, last: str) -> bool:
    """Whether a confidence-interval phrase ends just before ``start`` ("IC del 95%")."""
    if last not in CONFIDENCE_ABBREVIATIONS:
        window = text[max(0, start - 40) : start]
        if not any(hint in window for hint in CONFIDENCE_HINTS):
            return False  # the common case: "de 7,6 %", "al 5%"
    return _CONFIDENCE_BEFORE.search(text, max(0, start - 40), start) is not None


_CONFIDENCE_LAST = CONFIDENCE_LAST
_CONFIDENCE = re.compile(r"(?i)[ \u00a0\u202f](?:" + CONFIDENCE_AFTER + r")")
# The ASCII characters _CONFIDENCE may read after its space: each word starts with an ASCII
# letter, which it reads in either case (a non-ASCII character may fold to one: "K").
assert all(w[:1].isascii() and w[:1].isalpha() for lang in LANGUAGES.values() for w in lang.confidence_after)
_CONFIDENCE_FIRST = frozenset(c for lang in LANGUAGES.values() for w in lang.confidence_after for c in (w[0].lower(), w[0].upper()))


def _defining_number(text: str, start: int, end: int, toks: list[str], last: str, conv: _Conventions) -> int:
    """Where an age, age band or look-back period ends when the integer just
    before ``end`` is one ("aged 15–64", "15-24 ans", "children under 5",
    "over the past 12 months"); 0 when it states a figure."""
    if last in AGE_OF_PREPOSITIONS and len(toks) < 2:
        toks = _prefix_tokens(text, start)  # the scanner read one word only
    if last in _AGE_BEFORE or (len(toks) > 1 and toks[-2] in _AGE_OF and last in AGE_OF_PREPOSITIONS):
        m = _defining().age_band.match(text, end)
        return m.end() if m else end
    if last in AGE_BOUNDS and len(toks) > 1 and toks[-2] in _AGE_PEOPLE:
        return end  # "children under 5"
    if last in SCALE_PREPOSITIONS and len(toks) > 1 and toks[-2] in SCALE_NOUNS:
        m = _defining().band_start.match(text, end)
        return m.end() if m else end  # "on a scale of 1 to 5"
    c = text[end]
    if c not in " \u00a0-–—/" and c != "\0":
        return 0
    if c != "\0":
        m = _AGE_AFTER.match(text, end)
        if m and (
            _defining().old.search(m.group())
            or last in _AGE_AT
            or (last in conv.hedge_last and _hedge_of(toks, conv) not in (None, "about"))  # "moins de 5 ans", not "environ 81 ans"
            or _defining().band_start.match(text, end)
        ):
            return m.end()
        if last in _OVER_WORDS and len(toks) < 2:
            toks = _prefix_tokens(text, start)  # the scanner read one word only
        if last in _LOOK_BACK or (last in _OVER_WORDS and len(toks) > 1 and toks[-2] in _CUMULATED):
            m = _defining().duration_after.match(text, end)
            if m:
                return m.end()  # "over the past 12 months", "acumulado em 12 meses"
        if last in _PERIOD_ARTICLES:
            m = _defining().duration_after.match(text, end)
            t = _defining().period_to.match(text, m.end()) if m else None
            if t:
                return t.end()  # "in the 12 months to June" (not "from 5 months to 7")
        if c == "-" or (text[end + 1 : end + 3].lower() in _DEFINING_PRE2 and _first_word(text, end + 1) in _DEFINING_FIRST):
            m = _defining().defining_after.match(text, end)
            if m:
                return m.end()  # "12-month average", "65 and older", "12 derniers mois", "3 or more"
    return 0


def _first_word(text: str, i: int) -> str:
    """The letters at ``i``, lowercased ("" when none)."""
    m = _LETTERS.match(text, i)
    return m.group().lower() if m else ""


class _DefiningPatterns(NamedTuple):
    """The patterns of :func:`_defining_number` beyond the age after a number, compiled."""

    age_band: re.Pattern[str]
    band_start: re.Pattern[str]
    old: re.Pattern[str]
    duration_after: re.Pattern[str]
    period_to: re.Pattern[str]
    defining_after: re.Pattern[str]


@cache
def _defining() -> _DefiningPatterns:
    """The patterns of :func:`_defining_number` that only an age, a band or a period after
    a number asks for, compiled on its first such use (most runs state none)."""
    return _DefiningPatterns(re.compile(_AGE_BAND), re.compile(r"(?i)" + _BAND), re.compile(_OLD),
                             re.compile(_DURATION_AFTER), re.compile(_PERIOD_TO), re.compile(_DEFINING_AFTER))


def _not_a_figure(
    text: str,
    conv: _Conventions,
    toks: list[str],
    last: str,
    start: int,
    end: int,
    value: Decimal,
    small: bool,
    unit: bool,
    percent: bool,
) -> int | None:
    """The rules both readers share that make a number at ``start:end`` no figure.

    * A defining number, for a small integer (``small``: no decimals, below 1,000)
      without unit: an age, age band or look-back period ("aged 15–64", "15-24
      ans", "children under 5", "over the past 12 months", "menores de cinco
      años"); see :func:`_defining_number`.
    * A denominator: a power of ten after a denominator word ("per 1,000", "pour
      1 000", "por cada 10 mil", "je 100.000", "per thousand"), unless a verb of
      level stands before the word ("stieg auf 100.000", "kwam uit op 100.000").
    * A reference or code, for a number without unit ("table 3", "SDG 2", "No. 5",
      "p. 12", "tables 3 and 4").

    Args:
        toks, last: The words before the number (see :func:`_prefix_tokens`) and
            the last of them ("" when none).
        value: The number's value, sign and scale applied.
        unit: It has a percent, scale or currency.

    Returns:
        None when it is a figure; else where the scan may resume: past an age band,
        a denominator or a list of references, or 0 for no further than it was.
    """
    if small and not unit:
        skip = _defining_number(text, start, end, toks, last, conv)
        if skip:
            return skip
    if not last:
        return None
    if last in conv.denominator_last and not percent and _is_power_of_ten(value):
        if ((last,) in conv.denominators or tuple(toks[-2:]) in conv.denominators) and not (
            len(toks) > 1 and toks[-2] in LEVEL_BEFORE_DENOMINATOR
        ):
            return end  # "per 1,000", "por cada 10 mil"; not "belief sich auf 1 Million"
    if not unit and last == "top" and capitalised_name_before(text, start):
        return 0  # "the Top 100 universities": a name
    if text[start - 1 : start] == "(" and text[end : end + 1] == ")":
        return None  # "level (7)": a value given in brackets, not a reference ("level 7")
    if not unit and (last in conv.references or (last[-1] in ".:'" or "'" in last) and _is_reference(last, conv)):
        rc = _REF_CHAIN.match(text, end)
        if rc is None and (last.rstrip(".:")[-1:] in ("s", "x") or last == "pp."):
            rc = _REF_LIST.match(text, end)  # a plural names a list: "tables 3, 4"
        return rc.end() if rc else 0
    return None
