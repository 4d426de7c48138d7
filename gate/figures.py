"""Figures stated in an answer, and whether the evidence supports them.

First working version (interface frozen; internals being completed).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

import babel.numbers
from babel import Locale, UnknownLocaleError

__all__ = [
    "DEFAULT_LANGUAGE",
    "Figure",
    "MatchSettings",
    "Support",
    "check_figure",
    "evidence_values",
    "explain",
    "extract_figures",
    "language_known",
]

DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Figure:
    """A numeric quantity stated in a text."""

    text: str
    start: int
    end: int
    value: Decimal
    exponent: int
    percent: bool
    hedge: str | None = None


@dataclass(frozen=True)
class MatchSettings:
    """How figures are matched against evidence."""

    rounding: str = "stated_precision"
    percent_fraction: bool = True
    derived: tuple[str, ...] = ()


@dataclass(frozen=True)
class Support:
    """Whether evidence supports a figure."""

    supported: bool
    low: Decimal
    high: Decimal
    nearest: Decimal | None
    matched: Decimal | None


def _language(tag: str) -> str:
    return tag.replace("_", "-").split("-")[0].lower()


@lru_cache(maxsize=256)
def language_known(language: str) -> bool:
    """Whether Babel knows the language of a BCP 47 tag."""
    try:
        Locale.parse(_language(language))
    except (UnknownLocaleError, ValueError):
        return False
    return True


@lru_cache(maxsize=256)
def _symbols(language: str) -> tuple[str, str]:
    lang = _language(language) if language_known(language) else DEFAULT_LANGUAGE
    return (
        babel.numbers.get_decimal_symbol(lang),
        babel.numbers.get_group_symbol(lang),
    )


_BODY = re.compile(
    r"(?<![\w\-_.,])([-\u2212]?)(\d[\d.,\u00a0\u202f ]*\d|\d)(?![\w])"
)
_YEAR = re.compile(r"^(1[89]|20)\d\d$")
_SCALE = re.compile(r"\s*(thousand|millions?|milliards?|billions?|bn|m|k|mio\.|mrd\.)\b", re.I)
_PCT = re.compile(r"\s*(%|percent|pour cent|por ciento)")
_SCALES = {"thousand": 3, "million": 6, "millions": 6, "milliard": 9, "milliards": 9,
           "billion": 9, "billions": 9, "bn": 9, "m": 6, "k": 3, "mio.": 6, "mrd.": 9}
_HEDGES = {"about": "about", "around": "about", "nearly": "under", "almost": "under",
           "over": "over", "environ": "about", "rund": "about", "casi": "under"}


def extract_figures(text: str, language: str) -> list[Figure]:
    """Figures stated in ``text``, in reading order (first version)."""
    dec, group = _symbols(language)
    out: list[Figure] = []
    for m in _BODY.finditer(text):
        raw = m.group(2).strip()
        if " " in raw and group not in "\u00a0\u202f ":
            raw = raw.split(" ")[0]
        end = m.start(2) + len(raw)
        before = text[max(0, m.start() - 12): m.start()].lower()
        if re.search(r"(per|pour|por cada|je)\s+$", before):
            continue
        if text[end:end + 1] == "]" or text[max(0, m.start() - 1):m.start()] == "[":
            continue
        if raw.count(".") + raw.count(",") > 1 and not re.fullmatch(r"\d{1,3}([.,]\d{3})+", raw):
            continue
        digits = raw
        for g in (group, "\u00a0", "\u202f", " "):
            digits = digits.replace(g, "")
        if dec == ",":
            digits = digits.replace(".", "") if re.fullmatch(r"\d{1,3}(\.\d{3})+", raw) else digits
            digits = digits.replace(",", ".")
        else:
            digits = digits.replace(",", "")
        value = Decimal(digits)
        exponent = value.as_tuple().exponent
        pos = end
        pct = _PCT.match(text, pos)
        scale = _SCALE.match(text, pos)
        percent = False
        if pct:
            percent = True
            pos = pct.end()
        elif scale:
            k = _SCALES[scale.group(1).lower()]
            value = value.scaleb(k)
            exponent += k
            pos = scale.end()
        if not percent and not scale and _YEAR.match(raw):
            continue
        if m.group(1):
            value = -value
        words = before.split()
        hedge = _HEDGES.get(words[-1]) if words else None
        if exponent >= 0:
            value = value.quantize(Decimal(1))
        out.append(Figure(text[m.start():pos], m.start(), pos, value, int(exponent), percent, hedge))
    return out


def _to_decimal(v: object) -> Decimal:
    if isinstance(v, Decimal):
        return v
    if isinstance(v, float):
        return Decimal(repr(v))
    return Decimal(str(v))


def evidence_values(values, question, passages, language) -> tuple[Decimal, ...]:
    """Evidence values: retrieved numbers, figures of the question and passages."""
    seen: dict[Decimal, None] = {}
    for v in values or ():
        seen.setdefault(_to_decimal(v), None)
    for t in ([question] if question else []) + list((passages or {}).values()):
        for f in extract_figures(t, language):
            seen.setdefault(f.value, None)
    return tuple(seen)


def check_figure(figure: Figure, evidence: Sequence[Decimal], settings: MatchSettings = MatchSettings()) -> Support:
    """Whether evidence supports a figure (first version: stated precision only)."""
    half = Decimal(1).scaleb(figure.exponent) / 2
    low, high = figure.value - half, figure.value + half
    if settings.rounding == "exact":
        low = high = figure.value
    nearest = min(evidence, key=lambda v: abs(v - figure.value), default=None)
    for v in evidence:
        cands = [v]
        if figure.percent and settings.percent_fraction:
            cands.append(v * 100)
        for c in cands:
            if low <= c <= high:
                return Support(True, low, high, nearest, v)
    return Support(False, low, high, nearest, None)


def explain(figure: Figure, support: Support, against: str = "retrieved value") -> str:
    """A sentence about a figure's support."""
    if support.supported:
        return f"{figure.text!r} is supported by {support.matched:f}"
    return f"{figure.text!r} is not within [{support.low:f}, {support.high:f}] of any {against}; nearest {support.nearest}"
