"""Explanations for people: one sentence saying why a figure is or is not supported.
"""

from __future__ import annotations

from decimal import Decimal

from gate.core.decimals import decimal_text
from gate.figures.grouping import mark_role
from gate.figures.model import _CTX, _HUNDRED, Figure, Support

_HEDGE_TEXT = {"about": "about", "over": "over", "at_least": "at least", "under": "under", "at_most": "at most"}


def explain(figure: Figure, support: Support, against: str = "retrieved value") -> str:
    """One sentence for people saying why a figure is or is not supported.

    Gives the figure as written in the text, its reading (hedge, value,
    precision), the interval that would support it and the nearest evidence
    value, e.g. ``"'35' (35, to the nearest 1) is not within 0.5 of any retrieved
    value; nearest 41"``; for a figure of ambiguous grouping, the reading it speaks of
    (``"'1,930' (1930, to the nearest 1, read with the comma grouping thousands; no value
    supports the other reading either) ..."``) or ``"'5%' (under 5 percent, to the nearest 1) needs a
    retrieved value in [4, 5); nearest 5.2"``. When the nearest value has the
    figure's size and the opposite sign, it says so. Numbers never use
    exponent notation.

    Args:
        figure: The figure.
        support: Its :class:`Support` from :func:`check_figure`.
        against: What the evidence is called in the sentence.

    Returns:
        The sentence, without a final period.
    """
    read = support.reading if support.reading is not None else figure
    value = format(read.value, "f")
    unit = decimal_text(Decimal((0, (1,), read.exponent)))
    hedge = f"{_HEDGE_TEXT[figure.hedge]} " if figure.hedge else ""
    head = f"'{figure.text}' ({hedge}{value}{' percent' if figure.percent else ''}, to the nearest {unit}{_ambiguous(support)})"
    figure = read
    low, high = decimal_text(support.low), decimal_text(support.high)
    if support.supported:
        m = support.matched
        how = ""
        if m is not None and figure.percent and not (support.low <= m <= support.high) and m != figure.value:
            how = f" as a fraction ({decimal_text(_CTX.multiply(m, _HUNDRED))} percent)"
        return f"{head} is supported by {decimal_text(m) if m is not None else 'the evidence'}{how}; it needs a value in {_bracket(figure, support, low, high)}"
    nearest = f"nearest {decimal_text(support.nearest)}" if support.nearest is not None else f"there is no {against}"
    if support.nearest is not None and figure.value and support.nearest == -figure.value:
        nearest += ", which has the opposite sign"
    if support.low == support.high:
        return f"{head} equals no {against}; {nearest}"
    if figure.hedge in (None, "about"):
        half = decimal_text(_CTX.subtract(figure.value, support.low))
        return f"{head} is not within {half} of any {against}; {nearest}"
    return f"{head} needs a {against} in {_bracket(figure, support, low, high)}; {nearest}"


def _ambiguous(support: Support) -> str:
    """For a figure of ambiguous grouping, which reading the sentence speaks of."""
    reading = support.reading
    if reading is None:
        return ""
    if support.supported:
        return f", read with {mark_role(reading)}"
    return f", read with {mark_role(reading)}; no value supports the other reading either"


def _bracket(figure: Figure, support: Support, low: str, high: str) -> str:
    """The interval in mathematical notation: "[4, 5)", "(2300000, 2400000]"."""
    if support.low == support.high:
        return f"[{low}]"
    left, right = "[", "]"
    negative = figure.value < 0  # hedged intervals are mirrored for negative figures
    if figure.hedge == "over":
        left, right = ("[", ")") if negative else ("(", "]")
    elif figure.hedge == "under":
        left, right = ("(", "]") if negative else ("[", ")")
    return f"{left}{low}, {high}{right}"
