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


@cache
def _glued() -> re.Pattern[str]:
    """Kana, ideographs and hangul: words written glued to the next ones (compiled on first
    use: a class of thousands of characters takes milliseconds to compile)."""
    return re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


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
