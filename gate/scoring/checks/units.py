"""Units: the unit an observation is published in, and the unit an answer writes.

An observation's unit is a word or code (``percent``, ``percentage points``, ``per 1,000``,
``per 100,000``, an ISO 4217 code such as ``EUR``, ``years``, ``index points``,
``persons``); :func:`unit_class` reads it as one of the classes below. A figure's unit is
what the answer writes with it: its percent sign or word, a base after it ("per 1,000",
"pour 1 000", "por cada 100.000", "‰"), a currency symbol, code or word, or a word of
years or points (:func:`written_unit`). :func:`unit_fault` compares the two.

Classes: ``("percent",)``, ``("points",)`` (percentage points), ``("per", n)``,
``("currency", code)``, ``("years",)``, ``("index",)``, ``("count",)``; None for a unit
this module does not know, which is then not checked (and not counted).
"""

from __future__ import annotations

import re
from functools import cache

from gate.figures import Figure
from gate.model.check_words import EN, words_for
from gate.model.units import _CODE, _ISO, _NEXT_WORD, _NOT_DIGIT, _PER_THOUSAND, _POINTS_AFTER, _POINTS_IN, _SYMBOLS, _WORD, UnitClass, _glued
from gate.scoring.checks.periods import ascii_digits


def _after(text: str, figure: Figure, limit: int) -> str:
    return text[figure.end:min(limit, figure.end + 40)]


def _per_base(after: str, language: str) -> int | None:
    """The base of a rate written after a figure ("per 1,000 live births" -> 1000)."""
    if after.lstrip().startswith("‰"):
        return 1000
    m = _per_pattern(language.split("-")[0].lower()).match(_digits(after))
    if m:
        return int(_NOT_DIGIT.sub("", m.group(1)))
    m = _PER_THOUSAND.match(after)
    return 1000 if m else None


@cache
def _per_pattern(language: str) -> re.Pattern[str]:
    words = words_for(language).per + EN.per
    alternation = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(r"(?i)\s*(?:" + alternation + r")\s+(?:cada\s+)?(\d[\d ,.\u00a0\u202f\u066c]*\d|\d)")


def _digits(text: str) -> str:
    return ascii_digits(text)


def _currency(text: str, figure: Figure, after: str, language: str) -> str | None:
    for ch in figure.text:
        if ch in _SYMBOLS:
            return _SYMBOLS[ch]
    for token in _CODE.findall(figure.text):
        if token in _ISO:
            return str(token)
    table = {**EN.currency, **words_for(language).currency}
    for word in _WORD.findall(figure.text):
        if word.lower() in table:
            return table[word.lower()]
    for m in (_NEXT_WORD.match(after), _of_next_word(language).match(after)):
        if m:
            word = m.group(1).lower()
            if word in table:
                return table[word]
            if _glued().match(word):  # "610兆円でした": the currency glued to the words after it
                for name in sorted(table, key=len, reverse=True):
                    if word.startswith(name):
                        return table[name]
            if m.group(1).upper() in _ISO and m.group(1).isupper():
                return m.group(1).upper()
    return None


@cache
def _of_next_word(language: str) -> re.Pattern[str]:
    """The next word after a word of "of" ("51,2 milliards d'euros", "48.900 millones de
    euros", "51,2 miliardi di euro"): the currency after a scale word."""
    words = set(words_for(language).of + EN.of) | {"d'", "d’"}
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?i)\s*(?:" + alternation + r")(?:\s+|(?<=['’]))([^\W\d_]+)")


@cache
def _next_word(word: str) -> re.Pattern[str]:
    """The pattern of ``word`` as the next whole word, compiled once per word."""
    if _glued().match(word):  # "78.6歳です": a language written without spaces
        return re.compile(r"\s*" + re.escape(word))
    return re.compile(r"\s*" + re.escape(word) + r"(?![^\W\d_])")


def _next_word_in(after: str, words: tuple[str, ...]) -> bool:
    low = after.lower()
    return any(_next_word(w).match(low) for w in words)


def written_unit(text: str, figure: Figure, language: str, limit: int | None = None) -> UnitClass | None:
    """The unit an answer writes with a figure, as a class, or None when it writes none.

    Args:
        text: the answer; figure: one of its figures; language: its BCP 47 tag;
        limit: where the figure's context ends (the next figure), default 40 characters on.
    """
    after = _after(text, figure, limit if limit is not None else len(text))
    if figure.percent:
        pp = _POINTS_AFTER.match(after) or _POINTS_IN.search(figure.text)
        return ("points",) if pp else ("percent",)
    base = _per_base(after, language)
    if base is not None:
        return ("per", base)
    code = _currency(text, figure, after, language)
    if code is not None:
        return ("currency", code)
    w = words_for(language)
    if _next_word_in(after, w.years + EN.years):
        return ("years",)
    if _next_word_in(after, w.points + EN.points):
        return ("index",)
    return None


def unit_fault(expected: UnitClass, written: UnitClass | None) -> str | None:
    """Why a written unit does not fit the observation's unit: ``unit_missing``,
    ``unit_mismatch``, or None when it fits.

    A count or an index needs no unit word but must not be written as a percentage or a
    rate; percentage points may be written as points or with a percent sign; a dollar sign
    fits any dollar currency (USD, CAD, AUD, ...).
    """
    kind = expected[0]
    if kind in ("count", "index"):
        return "unit_mismatch" if written is not None and written[0] in ("percent", "points", "per") else None
    if written is None:
        return "unit_missing"
    if kind == "points":
        return None if written[0] in ("points", "percent") else "unit_mismatch"
    if kind == "currency" and written[0] == "currency":
        same = written[1] == expected[1] or (written[1] == "USD" and str(expected[1]).endswith("D"))
        return None if same else "unit_mismatch"
    return None if written == expected else "unit_mismatch"


def describe_unit(cls: UnitClass | None) -> str:
    """A unit class in words: ``per 1,000``, ``a percentage``, ``EUR``."""
    if cls is None:
        return "no unit"
    kind = cls[0]
    if kind == "per":
        return f"per {cls[1]:,}"
    return {"percent": "a percentage", "points": "percentage points", "years": "years", "index": "index points",
            "count": "a count"}.get(str(kind), str(cls[-1]))
