"""Matching figures against evidence: the evidence values, the interval of values that
support a figure, and the check, all in exact decimal arithmetic.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import cast

from gate.figures.chars import _ascii
from gate.figures.extract import extract_figures
from gate.figures.grouping import other_reading
from gate.figures.model import (
    _CTX,
    _HUNDRED,
    _MINUS_TEN,
    _TEN,
    Amount,
    Figure,
    MatchSettings,
    Support,
    _new,
)
from gate.figures.passages import passage_values
from gate.figures.shares import written_as_share

_PLAIN_TYPES = frozenset({float, int})
_DECIMAL_TYPE = frozenset({Decimal})


def _to_decimal(v: object) -> Decimal | None:
    """An exact Decimal for an evidence value; None for None, NaN, infinities."""
    if type(v) is float:
        return Decimal(repr(v)) if math.isfinite(v) else None
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, Decimal):
        d = v
    elif isinstance(v, float):
        d = Decimal(repr(v))
    elif isinstance(v, int):
        d = Decimal(v)
    elif isinstance(v, str):
        try:
            d = Decimal(v.strip())
        except InvalidOperation:
            raise ValueError(f"evidence value: expected a number, found {v!r}") from None
    else:
        raise TypeError(f"evidence value: expected int, float, Decimal or numeric str, found {type(v).__name__}")
    return d if d.is_finite() else None


def evidence_values(
    values: Iterable[int | float | Decimal | str | None] | None,
    question: str | None,
    passages: Mapping[str, object] | None,  # each checked below (the compiled core checks no more)
    language: str,
) -> tuple[Decimal, ...]:
    """All values a figure of an answer may be supported by.

    Args:
        values: The retrieved values. Floats are converted through ``repr``
            (0.1 is Decimal("0.1"), never the binary expansion); ``None``,
            NaN and infinities are skipped.
        question: The question text, or None; numbers it states are evidence
            (the user said them).
        passages: Retrieved passages, id -> text, id -> (text, language) or
            id -> {"text": ..., "language": ...}, or None; their figures,
            digits and number words alike, are evidence. A text alone (or a
            passage without a language) is read with ``language``; one with
            its own language that way ("1,234" in an English passage is 1234
            for a French answer), and a number of ambiguous grouping in it
            both ways ("rund 4,500 Beschäftigte" in a German passage is 4.5 and
            4500, see :mod:`gate.figures.grouping`); a number alone in brackets
            ("level (7)") and the cells of a table whose header states their scale
            ("| Exports | 1,234 |" under "USD million") are evidence too
            (:mod:`gate.figures.passages`).
        language: BCP 47 tag of the answer, for reading the question and the
            passages given without a language.

    Returns:
        Retrieved values first, then figures of the question, then of each
        passage in mapping order; de-duplicated by numeric value (first one
        kept).

    Raises:
        TypeError: A value is neither a number nor a numeric string; a passage
            is none of the forms above.
        ValueError: A string value is not a number.
    """
    raw = list(values) if values is not None else []
    if _PLAIN_TYPES.issuperset(map(type, raw)):
        # Equal floats and ints hash alike (7 == 7.0): de-duplicate before converting.
        # repr is the shortest round-trip form of a float and the digits of an int
        numbers = cast("list[int | float]", raw)
        retrieved = tuple(map(Decimal, map(repr, [v for v in dict.fromkeys(numbers) if v - v == 0])))
    elif _DECIMAL_TYPE.issuperset(map(type, raw)):  # as the records hold them: _to_decimal keeps the finite ones
        decimals = cast("list[Decimal]", raw)
        retrieved = tuple(dict.fromkeys(filter(Decimal.is_finite, decimals)))  # 7.6 == 7.60
    else:
        retrieved = tuple(dict.fromkeys(d for d in map(_to_decimal, raw) if d is not None))
    if not question and not passages:
        return retrieved
    return evidence_with_texts(retrieved, question, passages, language)


def evidence_with_texts(
    values: tuple[Decimal, ...],
    question: str | None,
    passages: Mapping[str, object] | None,
    language: str,
) -> tuple[Decimal, ...]:
    """:func:`evidence_values` from the retrieved values already converted: ``values`` is
    ``evidence_values(retrieved, None, None, language)`` (de-duplicated Decimals), the
    other arguments and the result are those of :func:`evidence_values`."""
    seen = dict.fromkeys(values)
    texts: list[tuple[str, str, bool]] = []  # (text, language, read both ways when ambiguous)
    if question:
        texts.append((question, language, False))
    if passages:
        for pid, p in passages.items():
            if isinstance(p, str):
                text, lang = p, None
            elif isinstance(p, Mapping) and isinstance(p.get("text"), str):
                text, lang = p["text"], p.get("language")  # as the log writes it
            elif isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str):
                text, lang = p
            else:
                raise TypeError(f"passage {pid!r}: expected a text, (text, language) or {{text, language}}, found {p!r}")
            if text:
                texts.append((text, lang or language, lang is not None))
    for t, lang, both in texts:
        for f in extract_figures(t, lang, counts=True):
            if f.value not in seen:
                value = f.value
                if not f.percent and _MINUS_TEN < value < _TEN and not written_as_share(t, f.start, lang):
                    value = Amount(value)  # "0.75 kg" is no share: it never stands for 75%
                seen[value] = None
            other = other_reading(f) if both else None  # "rund 4,500 Beschäftigte": 4.5 or 4500
            if other is not None and other.value not in seen:
                seen[other.value] = None
        if t is not question:
            for v in passage_values(t, lang):  # "level (7)", a table's cells in millions
                if v not in seen:
                    seen[v] = None
    return tuple(seen)


_LAST_RUN = re.compile(r"(\d++)\D*+$")


def _written_integer(text: str) -> bool:
    """Whether a figure's digits, as written, have no decimal part.

    The last run of digits follows a separator only in "3.2" (a decimal part,
    any length but 3) or "6,000" (a group, exactly 3 digits).
    """
    m = _LAST_RUN.search(_ascii(text) if not text.isascii() else text)
    if not m:
        return True
    i = m.start(1)
    if i > 0 and text[i - 1] in ".,\u066b" and i > 1 and text[i - 2].isdigit():
        return len(m.group(1)) == 3
    if i > 0 and text[i - 1] in ".\u066b" and (i == 1 or not text[i - 2].isdigit()):
        return False  # ".5"
    return True


def _unit_exponent(figure: Figure) -> int:
    """Power of ten of the figure's last significant digit.

    A hedged figure whose mantissa is written as an integer does not count
    its trailing zeros ("about 6,000" -> 3, "over $96 million" -> 6), except
    one zero after a lone leading 1 with "about" or "nearly": "nearly 100%" ->
    1, "about 1,000" -> 2, "about 10 million" -> 6. A single significant 1
    would stand for anything from half to one and a half times the number (or,
    with "nearly", from 0 to 100%), which no writer means. "Over 100" keeps
    100..200 (writers state round thresholds loosely upwards), and the unit is
    never finer than the stated one ("about 1 million" -> 6).
    """
    e = figure.exponent
    if figure.hedge is None or e < 0 or not figure.value:
        return e
    mantissa = abs(int(figure.value.scaleb(-e, _CTX)))
    # no trailing zero (the usual case): nothing to drop, however it is written
    if mantissa % 10 or not _written_integer(figure.text):
        return e
    while mantissa and mantissa % 10 == 0:
        mantissa //= 10
        e += 1
    if mantissa == 1 and e > figure.exponent and figure.hedge in ("about", "under"):
        e -= 1
    return e


def _rounded_to_one_digit(figure: Figure, e: int) -> bool:
    """Whether a hedged percentage or scaled figure is rounded to one significant digit from
    2 to 9 at the tens or above ("about 80%", "around 2 billion"; not "about 6,000", "about
    5%", "about 1 million", "about 3.2 million"). Under "about" such a figure widens by half
    a step of that digit, not a whole one: writers of shares and of amounts in millions round
    to the nearer five or to one decimal ("about 85%", "about 1.7 billion"), so "about 80%"
    covers 77.5 to 82.5, not 75 to 85, and "around 2 billion" 1.75 to 2.25 billion. A count
    rounded to its leading digit ("about 6,000") keeps the whole step (5,500 to 6,500)."""
    # a percentage's zeros dropped ("about 80%"), or a scale word ("2 billion"); a ratio's
    # share ("about 6 in 10", a percentage stated to its tens) keeps its 55 to 65
    if e < 1 or not (e > figure.exponent if figure.percent else figure.exponent > 0):
        return False
    mantissa = abs(figure.value).scaleb(-e, _CTX)
    return mantissa == mantissa.to_integral_value() and 2 <= mantissa <= 9


def _interval(figure: Figure, settings: MatchSettings) -> tuple[Decimal, Decimal, bool, bool]:
    """(low, high, low_inclusive, high_inclusive) of the supporting values."""
    x = figure.value
    if settings.rounding == "exact":
        return x, x, True, True
    hedge = figure.hedge
    e = _unit_exponent(figure)
    unit, half = _STEPS.get(e) or _steps(e)
    if hedge == "about" and _rounded_to_one_digit(figure, e):
        half = Decimal((0, (2, 5), e - 2))  # half a step: "about 80%" is 77.5 to 82.5
    if hedge is None or hedge == "about":
        return _CTX.subtract(x, half), _CTX.add(x, half), True, True
    # hedges bound the magnitude: "nearly −1.3%" lies between −1.3 and −1.2
    neg = x < 0
    if hedge == "over":
        lo, hi, li, hi_inc = x, _CTX.add(x, unit), False, True
    elif hedge == "at_least":
        lo, hi, li, hi_inc = x, _CTX.add(x, unit), True, True
    elif hedge == "under":
        lo, hi, li, hi_inc = _CTX.subtract(x, unit), x, True, False
    else:  # at_most
        lo, hi, li, hi_inc = _CTX.subtract(x, unit), x, True, True
    if neg:
        lo, hi, li, hi_inc = (
            _CTX.subtract(x, _CTX.subtract(hi, x)),
            _CTX.add(x, _CTX.subtract(x, lo)),
            hi_inc,
            li,
        )
    return lo, hi, li, hi_inc


def _steps(e: int) -> tuple[Decimal, Decimal]:
    """10**e and 10**e / 2, exactly."""
    return Decimal((0, (1,), e)), Decimal((0, (5,), e - 1))


_STEPS = {e: _steps(e) for e in range(-12, 16)}  # constant tables
_HALVES = {e: half for e, (_, half) in _STEPS.items()}


def _inside(v: Decimal, x: Decimal, lo: Decimal, hi: Decimal, li: bool, hi_inc: bool) -> bool:
    if v == x:
        return True
    if v < lo or v > hi:
        return False
    if v == lo and not li:
        return False
    if v == hi and not hi_inc:
        return False
    return True


def check_figure(
    figure: Figure,
    evidence: Sequence[Decimal],
    settings: MatchSettings = MatchSettings(),
) -> Support:
    """Whether any evidence value supports a figure.

    Rule: with ``rounding="stated_precision"`` and u the
    unit of the figure's last stated digit (10**exponent), a value v supports
    a figure x when

    * no hedge: x - u/2 <= v <= x + u/2 (ties included: 7.65 supports 7.6
      and 7.7);
    * "about": the same, with u taken at x's last *significant* digit: a
      hedged figure written as an integer does not count its trailing zeros
      ("about 6,000" covers 5,500..6,500);
    * "over": x < v <= x + u;  "at_least": x <= v <= x + u;
    * "under" (nearly, almost, less than): x - u <= v < x;
      "at_most": x - u <= v <= x;
    * for a negative x the hedged intervals are mirrored (they bound the
      magnitude);
    * a value equal to x always supports it.

    A figure of ambiguous grouping ("357,592" in a German answer: 357.592 or
    357592, see :mod:`gate.figures.grouping`) is supported when either reading
    is; the :class:`Support` then says which reading it is of.

    With ``rounding="exact"`` only v == x does. A percentage is also supported
    by a fraction (v * 100 in the interval) when ``settings.percent_fraction``
    is on. With ``"difference"`` in ``settings.derived``, |a - b| of two
    evidence values supports it too. All arithmetic is exact decimal.

    Args:
        figure: A figure from :func:`extract_figures`.
        evidence: Values from :func:`evidence_values` (Decimals).
        settings: Matching policy.

    Returns:
        A :class:`Support` with the interval, the nearest evidence value and
        the value that matched.
    """
    support = _check(figure, evidence, settings)
    if support.supported:
        return support
    other = other_reading(figure)
    if other is None:
        return support
    second = _check(other, evidence, settings)
    if second.supported or _relative_distance(other, second) < _relative_distance(figure, support):
        return replace(second, reading=other)
    return replace(support, reading=figure)


def _relative_distance(figure: Figure, support: Support) -> Decimal:
    """How far the nearest evidence value is from the figure, relative to its size (the
    reading of an ambiguous figure a finding speaks of is the nearer one)."""
    if support.nearest is None:
        return Decimal("Infinity")
    scale = abs(figure.value) or Decimal(1)
    return _CTX.divide(abs(_CTX.subtract(support.nearest, figure.value)), scale)


def _check(figure: Figure, evidence: Sequence[Decimal], settings: MatchSettings) -> Support:
    """:func:`check_figure` of the figure as read, without its other reading."""
    x = figure.value
    interval = _bounds(figure, settings)
    lo, hi = interval[0], interval[1]
    # Fast path for the commonest case, the figure's own value among the
    # evidence: the scan would return at it too, as long as every value
    # before it is a Decimal already (others are converted first).
    if x in evidence:
        for v in evidence:
            if type(v) is not Decimal:
                break
            if v == x:
                return _new(Support, {"supported": True, "low": lo, "high": hi, "nearest": v, "matched": v})
    fraction = figure.percent and settings.percent_fraction
    nearest, matched = _nearest_and_matched(x, evidence, interval, fraction)
    if matched is not None:
        return _new(Support, {"supported": True, "low": lo, "high": hi, "nearest": nearest, "matched": matched})
    if "difference" in settings.derived and len(evidence) > 1:
        diff = _supporting_difference(x, evidence, interval[:4], fraction)
        if diff is not None:
            return Support(True, lo, hi, nearest, diff)
    return _new(Support, {"supported": False, "low": lo, "high": hi, "nearest": nearest, "matched": None})


def supports(figure: Figure, evidence: Sequence[Decimal], settings: MatchSettings = MatchSettings(),
             bounds: _Bounds | None = None) -> bool:
    """Whether any evidence value supports a figure: ``check_figure(figure, evidence,
    settings).supported``, without building the :class:`Support` (no nearest value is
    sought, and the scan stops at the first value inside).

    Args:
        figure, evidence, settings: as for :func:`check_figure`.
        bounds: the figure's :func:`figure_bounds` under ``settings`` when the caller
            already has them (they depend on the figure and the settings only).
    """
    x = figure.value
    if x in evidence:  # as in check_figure: the value itself, reached over Decimals only
        for v in evidence:
            if type(v) is not Decimal:
                break
            if v == x:
                return True
    if bounds is None:
        bounds = _bounds(figure, settings)
    if _supports(figure, evidence, settings, bounds):
        return True
    other = other_reading(figure)  # "357,592" in a German answer: 357.592 or 357592
    return other is not None and _supports(other, evidence, settings, _bounds(other, settings))


def _supports(figure: Figure, evidence: Sequence[Decimal], settings: MatchSettings, bounds: _Bounds) -> bool:
    """:func:`supports` of the figure as read, without its other reading."""
    x = figure.value
    fraction = figure.percent and settings.percent_fraction
    if _any_inside(x, evidence, bounds, fraction):
        return True
    if "difference" in settings.derived and len(evidence) > 1:
        return _supporting_difference(x, evidence, bounds[:4], fraction) is not None
    return False


def figure_bounds(figure: Figure, settings: MatchSettings) -> _Bounds:
    """The values that support a figure under ``settings``, for :func:`supports`:
    (low, high, low inclusive, high inclusive, half the width when the interval is
    symmetric around the figure's value, else None)."""
    return _bounds(figure, settings)


#: The values that support a figure: (low, high, low inclusive, high inclusive, half the
#: width when the interval is symmetric around the figure's value, else None).
_Bounds = tuple[Decimal, Decimal, bool, bool, "Decimal | None"]


def _bounds(figure: Figure, settings: MatchSettings) -> _Bounds:
    """The interval of :func:`check_figure` (see :func:`_interval`), the commonest case (no
    hedge, stated precision) at once, with its half width when it is symmetric."""
    x = figure.value
    hedge = figure.hedge
    if hedge is None and settings.rounding == "stated_precision":
        half = _HALVES.get(figure.exponent) or _steps(figure.exponent)[1]
        return _CTX.subtract(x, half), _CTX.add(x, half), True, True, half
    lo, hi, li, hi_inc = _interval(figure, settings)
    symmetric = hedge is None or hedge == "about" or settings.rounding == "exact"
    return lo, hi, li, hi_inc, _CTX.subtract(hi, x) if symmetric else None


def _nearest_and_matched(
    x: Decimal, evidence: Sequence[Decimal], bounds: _Bounds, fraction: bool
) -> tuple[Decimal | None, Decimal | None]:
    """(the evidence value nearest to ``x``, the first one inside ``bounds``, or None for
    either) in evidence order; a value equal to ``x`` ends the scan as both. With
    ``fraction``, a value v with |v| < 10 counts by 100 v too (it is nearer when that is)."""
    lo, hi, li, hi_inc, half = bounds
    nearest: Decimal | None = None
    matched: Decimal | None = None
    best: Decimal | None = None
    subtract = _CTX.subtract
    for v in evidence:
        if type(v) is not Decimal:
            value = _to_decimal(v)
            if value is None:
                continue
            v = value
        if v == x:  # the value itself: it supports, and none is nearer
            return v, v
        d = abs(subtract(v, x))
        if matched is None and (
            d <= half if half is not None else (lo < v < hi or (li and v == lo) or (hi_inc and v == hi))
        ):
            matched = v
        if fraction and _MINUS_TEN < v < _TEN and type(v) is not Amount:  # a fraction, up to 1,000 percent
            v100 = v.scaleb(2, _CTX)
            d100 = abs(subtract(v100, x))
            if d100 < d:
                d = d100
            if matched is None and (
                d100 <= half
                if half is not None
                else (lo < v100 < hi or v100 == x or (li and v100 == lo) or (hi_inc and v100 == hi))
            ):
                matched = v
        if best is None or d < best:
            best, nearest = d, v
    return nearest, matched


def _any_inside(x: Decimal, evidence: Sequence[Decimal], bounds: _Bounds, fraction: bool) -> bool:
    """Whether :func:`_nearest_and_matched` finds a matched value: the same test on each
    value, without the nearest one (so the scan may stop at the first value inside)."""
    lo, hi, li, hi_inc, half = bounds
    subtract = _CTX.subtract
    for v in evidence:
        if type(v) is not Decimal:
            value = _to_decimal(v)
            if value is None:
                continue
            v = value
        if v == x:
            return True
        if half is not None:
            if abs(subtract(v, x)) <= half:
                return True
        elif lo < v < hi or (li and v == lo) or (hi_inc and v == hi):
            return True
        if fraction and _MINUS_TEN < v < _TEN and type(v) is not Amount:
            v100 = v.scaleb(2, _CTX)
            if half is not None:
                if abs(subtract(v100, x)) <= half:
                    return True
            elif lo < v100 < hi or v100 == x or (li and v100 == lo) or (hi_inc and v100 == hi):
                return True
    return False


def _supporting_difference(
    x: Decimal, evidence: Sequence[Decimal], interval: tuple[Decimal, Decimal, bool, bool], fraction: bool
) -> Decimal | None:
    """The first |a - b| of two evidence values (in order) inside the interval of a
    figure of value ``x`` (or, when ``fraction``, whose hundredfold is); None when none is."""
    lo, hi, li, hi_inc = interval
    values = [v if isinstance(v, Decimal) else _to_decimal(v) for v in evidence]
    values = [v for v in values if v is not None]
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            diff = abs(_CTX.subtract(a, b))
            if _inside(diff, x, lo, hi, li, hi_inc):
                return diff
            if fraction and _inside(_CTX.multiply(diff, _HUNDRED), x, lo, hi, li, hi_inc):
                return diff
    return None
