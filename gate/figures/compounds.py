"""Figures read together: the two ends of a range, an amount written in two parts, and
the two numbers of a ratio.
"""

from __future__ import annotations

import re
from decimal import Decimal

from gate.figures.chars import _SPACES
from gate.figures.context import _is_power_of_ten
from gate.figures.languages import AMOUNT_JOINERS, RANGE_AND, RANGE_TO, RATIO_CONNECTORS, RATIO_ONES
from gate.figures.model import _CTX, Figure, _Cand

_GROUPED = re.compile(r"\d[^\d\s]\d{3}(?!\d)|\d[\u00a0\u202f\u2009 ]\d{3}(?!\d)")


def _same_order(fa: Figure, fb: Figure, b_power: int) -> bool:
    """Whether the first end of a range may take the second's scale word.

    Only a first end written without group separators and, unscaled, at most
    a hundred times the second's unscaled number: "7.6 and 8.4 million",
    "3 to 4 billion", but not "45,000 to 2.31 million" or "950 to 1.2 million".
    """
    if fa.exponent >= 0 and _GROUPED.search(fa.text):
        return False
    return abs(fa.value) <= abs(fb.value).scaleb(2 - b_power, _CTX)


def _ranges(text: str, cands: list[_Cand]) -> list[Figure]:
    """Let the first end of a range take the unit of the second.

    "7.6–8.4%", "between 7.6 and 8.4 percent", "3-4 million": the first end
    is a percentage, or in millions, too. The dash of a range is never read as
    a sign, so the second end is never negative because of it.
    """
    figs = [c[0] for c in cands]
    scaled = False  # a candidate before the last with a scale of a million or more
    for i in range(len(cands) - 1):
        fa, _, a_currency, a_power, a_between = cands[i]
        fb, _, _, b_power, _ = cands[i + 1]
        if a_power:
            if a_power >= 6:
                scaled = True
            continue  # a first end with a scale of its own takes neither
        if fa.percent:
            continue  # nor a percentage
        take_scale = b_power and _same_order(fa, fb, b_power)
        take_percent = fb.percent and not a_currency
        if not (take_scale or take_percent):
            continue
        gap = text[fa.end : fb.start].strip().lower()
        if not (gap in RANGE_TO or (gap in RANGE_AND and a_between)):
            continue
        value, exponent = fa.value, fa.exponent
        if take_scale:
            value = value.scaleb(b_power, _CTX)
            exponent += b_power
            value = Decimal(int(value)) if exponent >= 0 else value
        figs[i] = Figure(fa.text, fa.start, fa.end, value, exponent, fa.percent or take_percent, fa.hedge)
    # _compounds joins only after such a candidate: without one it would copy figs
    return _ratios(text, _compounds(text, figs, cands) if scaled else figs)


# Between the two parts of an amount: "3 milioni e 118mila", "12 مليونا و340 ألف".
_JOINED = re.compile(
    r"[ \u00a0](?:(?:" + "|".join(sorted((w for w in AMOUNT_JOINERS if w != "و"), key=len, reverse=True))
    + r")[ \u00a0]|و[ \u00a0]?)"
)

# The second part ends with a scale word, not an abbreviation: "US$ 3MM y 25 k" is two.
_SCALE_WORD_END = re.compile(r"[^\W\d_]{3,}$")


def _compounds(text: str, figs: list[Figure], cands: list[_Cand]) -> list[Figure]:
    """Join an amount written in two parts: "24 milioni 332mila" is 24,332,000 and
    "3 millions 200 000" is 3,200,000 (a scaled figure of a million or more, then,
    after a space only, a smaller whole number without unit); "3 milioni e 118mila"
    is 3,118,000 and "12 مليونا و340 ألف" 12,340,000 (the second part scaled too,
    with a scale word, after a joining word of
    :data:`~gate.figures.languages.AMOUNT_JOINERS`, the first not opened by a between
    word)."""
    out: list[Figure] = []
    i = 0
    n = len(figs)
    while i < n:
        fa = figs[i]
        if i + 1 < n and cands[i][3] >= 6 and not fa.percent:
            fb = figs[i + 1]
            if (
                (
                    (fb.start - fa.end == 1 and text[fa.end] in _SPACES)
                    or (
                        cands[i + 1][3] > 0
                        and not cands[i][4]
                        and _JOINED.fullmatch(text, fa.end, fb.start) is not None
                        and _SCALE_WORD_END.search(fb.text) is not None
                    )
                )
                and not fb.percent
                and not cands[i + 1][2]
                and fb.exponent >= 0
                and 0 < fb.value < Decimal(10) ** cands[i][3]
                and fa.value > 0
            ):
                out.append(Figure(text[fa.start : fb.end], fa.start, fb.end, fa.value + fb.value, fb.exponent, False, fa.hedge))
                i += 2
                continue
        out.append(fa)
        i += 1
    return out


# Between the two numbers of a ratio: "6 in 10", "one out of five", "9 de cada 10",
# "1 sur 4", "3 su 10", "1 op de 5", "4.5 in 100,000". Not "von" or "op" alone, which
# also mean "from" and "to" ("von 3 auf 5", "van 5 op 7").
_RATIO_CONNECTOR = r"\s+(?:" + RATIO_CONNECTORS + r")\s+"
_RATIO_GAP = re.compile(r"(?i)" + _RATIO_CONNECTOR)
_RATIO_NEXT = re.compile(_RATIO_GAP.pattern + r"(?=[^\W_])")
# "one adult in five", "un habitant sur trois": after a one, a noun may come first
_RATIO_GAP_NOUN = re.compile(r"(?i)\s+[^\W\d_]+" + _RATIO_CONNECTOR)
_RATIO_NEXT_NOUN = re.compile(_RATIO_GAP_NOUN.pattern + r"(?=[^\W_])")
_RATIO_Y = re.compile(r"\d+(?![\d.,]\d)")


def _ratio_denominator(fa: Figure, fb: Figure, text: str) -> bool:
    """Whether ``fb`` is the second number of a ratio "X in Y" started by ``fa``."""
    gap = fb.start - fa.end
    return (
        3 <= gap <= 32
        and not fa.percent
        and not fb.percent
        and fb.exponent == 0
        and fa.value > 0
        and fb.value >= 2
        and (fb.value <= 1000 or _is_power_of_ten(fb.value))
        and _plain_number(fa.text)
        and _plain_number(fb.text)
        and fa.value <= fb.value
        and (
            _RATIO_GAP.fullmatch(text, fa.end, fb.start) is not None
            or (fa.text == "1" and _RATIO_GAP_NOUN.fullmatch(text, fa.end, fb.start) is not None)
        )
    )


# "un habitant sur", "one adult in", "una persona de cada": a word for one (no figure
# alone) and a noun before a ratio's connector; what follows is the denominator.
_LONE_RATIO_BEFORE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + RATIO_ONES + r")\s+[^\W\d_]+" + _RATIO_CONNECTOR + r"$"
)


_RATIO_LAST_WORDS = (" in ", " sur ", " of ", "cada ", " su ", " de ")


def _after_lone_ratio(text: str, figure: Figure) -> bool:
    """Whether ``figure`` is the denominator of "one <noun> in <figure>"."""
    s = figure.start
    return (
        text[max(0, s - 6) : s].lower().endswith(_RATIO_LAST_WORDS)
        and figure.exponent == 0
        and not figure.percent
        and _LONE_RATIO_BEFORE.search(text, max(0, s - 40), s) is not None
    )


def _plain_number(written: str) -> bool:
    """Digits, separators or words only: no currency, sign or unit."""
    return all(c.isalnum() or c in " .,\u00a0\u202f\u2009-" for c in written)


def _ratios(text: str, figs: list[Figure]) -> list[Figure]:
    """Drop the second number of a ratio: in "6 in 10", "one in five", "4.5 in
    100,000" the 10, five, 100,000 say what the first number is out of, as
    the 1,000 of "per 1,000" does. The first number stays a figure;
    :func:`ratio_reading` gives the share it states."""
    n = len(figs)
    for i in range(n - 1):
        if 3 <= figs[i + 1].start - figs[i].end <= 32 and _ratio_denominator(figs[i], figs[i + 1], text):
            break
    else:
        return figs  # the common case: no ratio
    out: list[Figure] = []
    skip = -1
    for i, fa in enumerate(figs):
        if i == skip:
            continue
        out.append(fa)
        if i + 1 < n and _ratio_denominator(fa, figs[i + 1], text):
            skip = i + 1
    return out
