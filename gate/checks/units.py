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

import difflib
import re
from functools import cache
from typing import TypeAlias

from babel.numbers import list_currencies

from gate.checks.periods import ascii_digits
from gate.checks.words import EN, words_for
from gate.figures import Figure

_ISO: frozenset[str] = frozenset(list_currencies())
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₽": "RUB", "₩": "KRW", "₺": "TRY",
            "₦": "NGN", "₴": "UAH", "₱": "PHP", "₪": "ILS", "฿": "THB", "₫": "VND"}

_PERCENT = {"percent", "per cent", "%", "pc", "pct", "percentage", "pour cent", "prozent", "por ciento", "por cento",
            "per cento", "procent"}
_POINTS = {"percentage points", "percentage point", "pp", "p.p.", "points de pourcentage", "prozentpunkte"}
_YEARS = {"years", "year", "yr", "yrs", "y"}
_INDEX = {"index", "index points", "points", "ix", "idx"}
_COUNT = {"persons", "people", "number", "count", "households", "ps", "num", "units", "inhabitants", "deaths",
          "births"}
#: A unit class: its kind first (``percent``, ``per``, ``currency``, ...), then the base of a
#: rate or the code of a currency.
UnitClass: TypeAlias = tuple[str | int, ...]

_PER = re.compile(r"(?i)^(?:per|per_|/)\s*([\d][\d ,._\u00a0\u202f]*)$")
_NOT_DIGIT = re.compile(r"\D")
_PER_THOUSAND = re.compile(r"(?i)\s*(?:per|pour|por|pro|je|ogni)\s+(?:thousand|mille|mil|tausend|mila|duizend)\b")
_CODE = re.compile(r"[A-Z]{3}")
_WORD = re.compile(r"[^\W\d_]+")
#: Kana, ideographs and hangul: words written glued to the next ones.
_GLUED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")
_POINTS_AFTER = re.compile(r"(?i)\s*(?:percentage\s+points?|pp\b|p\.p\.|points?\s+de\s+pourcentage|prozentpunkte)")
_POINTS_IN = re.compile(r"(?i)(?:pp|p\.p\.)$")


def unit_class(unit: str | None) -> UnitClass | None:
    """The class of an observation's unit, or None when it is not given or not known."""
    if unit is None:
        return None
    u = " ".join(unit.strip().split())
    low = u.lower()
    if low in _POINTS:
        return ("points",)
    if low in _PERCENT:
        return ("percent",)
    if low in ("‰", "per mille", "per thousand", "per_mille"):
        return ("per", 1000)
    m = _PER.match(low)
    if m:
        digits = _NOT_DIGIT.sub("", m.group(1))
        return ("per", int(digits)) if digits else None
    if u.upper() in _ISO and len(u) == 3:
        return ("currency", u.upper())
    if low in _YEARS:
        return ("years",)
    if low in _INDEX:
        return ("index",)
    if low in _COUNT:
        return ("count",)
    return None


#: The units the checks know, in words, for a message.
KNOWN_UNITS = ("percent, percentage points, per 1,000 or any per N, per mille, an ISO 4217 currency code, "
               "years, index points, persons (or another count: people, households, inhabitants, ...)")


@cache
def unit_words() -> tuple[str, ...]:
    """Every unit word :func:`unit_class` knows (not the currency codes), lowercase, sorted."""
    return tuple(sorted(_PERCENT | _POINTS | _YEARS | _INDEX | _COUNT | {"per mille", "per thousand", "per 1,000", "per 100,000"}))


def unit_suggestion(unit: str) -> str | None:
    """For a unit :func:`unit_class` does not know, the known word it is a misspelling of
    (difflib ratio 0.8 or more, words of four letters or more: "percnt" -> "percent"), or
    None for a unit the checks simply do not know ("tonnes")."""
    low = " ".join(unit.casefold().split())
    if len(low) < 4:
        return None
    close = difflib.get_close_matches(low, [w for w in unit_words() if len(w) >= 4], n=1, cutoff=0.8)
    return close[0] if close else None


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
    m = _NEXT_WORD.match(after)
    if m:
        word = m.group(1).lower()
        if word in table:
            return table[word]
        if _GLUED.match(word):  # "610兆円でした": the currency glued to the words after it
            for name in sorted(table, key=len, reverse=True):
                if word.startswith(name):
                    return table[name]
        if m.group(1).upper() in _ISO and m.group(1).isupper():
            return m.group(1).upper()
    return None


@cache
def _next_word(word: str) -> re.Pattern[str]:
    """The pattern of ``word`` as the next whole word, compiled once per word."""
    if _GLUED.match(word):  # "78.6歳です": a language written without spaces
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
