"""Numbers as people read them: rates, changes, p-values and decimals as text.

Every text here is rounded half up from an exact value and never contradicts the verdict
beside it: a failing rate never reads as its bound (coverage.py #284), a change never reads
as on the other side of its limit, a p-value never reads as on the other side of alpha. More
digits are shown until the text agrees, then the exact fraction. The report, the comparison
with a baseline and the renderers all show numbers through these functions, so that the
same value reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

from gate.core.decimals import decimal_text, round_half_up
from gate.rules.verdict import change_holds, level_holds

__all__ = ["decimal_text", "display_change", "display_p", "display_points", "display_rate", "display_series", "fraction_text", "round_half_up"]


def display_rate(rate: Fraction | None, checks: Iterable[tuple[str, Fraction, bool]] = (), digits: int = 2) -> str:
    """The rate as shown, never contradicting the rules checked on it.

    Args:
        rate: the exact rate, or None (shown as ``-``).
        checks: ``(kind, bound, held)`` for each level rule on the cell: kind ``min`` or
            ``max``, the bound, and whether the exact rate satisfied it.
        digits: decimals shown when nothing forces more.

    Returns:
        ``"0.83"``; ``"0.005"`` for 1/220 against a ceiling of 0; the fraction ``"1/220"``
        when six decimals still read as the bound.
    """
    if rate is None:
        return "-"
    checks = list(checks)
    for d in range(digits, 7):
        shown = round_half_up(rate, d)
        shown_fraction = Fraction(shown)
        if all(level_holds(kind, shown_fraction, bound) == held for kind, bound, held in checks):
            return f"{shown:.{d}f}"
    return f"{rate.numerator}/{rate.denominator}"


def display_points(delta: Fraction | None, digits: int = 2) -> str:
    """A change in rate points, signed: ``+0.05``, ``-0.17``, ``0.00``."""
    if delta is None:
        return "-"
    shown = round_half_up(delta, digits)
    if shown == 0:
        return f"{Decimal(0):.{digits}f}"
    return f"{shown:+.{digits}f}"


def display_change(before: Fraction | None, after: Fraction | None,
                   checks: Iterable[tuple[str, Fraction, bool]] = ()) -> tuple[str, str, str]:
    """Two rates and the change between them, as shown: ``("1.00", "0.83", "-0.17")``.

    Two decimals, rounded half up, unless that would contradict the exact values: equal
    texts for different rates, a change that reads as none (or some), a change that is not
    the difference of the two texts shown (7/8 after 1 reads ``1.000 -> 0.875 (-0.125)``,
    never ``1.00 -> 0.88 (-0.13)``), or a change that reads as on the other side of a
    regression limit than it is (``checks``: ``(kind, bound, held)``; a drop of 5/220 against
    ``max_drop: 0.02`` reads ``-0.023``, never ``-0.02``). Up to six decimals, then exact
    fractions. A missing rate reads ``-`` and so does the change.
    """
    if before is None or after is None:
        return display_rate(before), display_rate(after), "-"
    delta = after - before
    digits = _change_digits(before, after, checks)
    if digits is None:
        return str(before), str(after), ("+" if delta > 0 else "") + str(delta)
    a, b, d = round_half_up(before, digits), round_half_up(after, digits), round_half_up(delta, digits)
    change = f"{d:+.{digits}f}" if d else f"{d:.{digits}f}".lstrip("-")
    return f"{a:.{digits}f}", f"{b:.{digits}f}", change


def _change_digits(before: Fraction, after: Fraction, checks: Iterable[tuple[str, Fraction, bool]] = ()) -> int | None:
    """The decimals (2 to 6) :func:`display_change` shows a change with; None for fractions.

    The fewest decimals at which the texts agree in every way (the change is the difference of
    the two rates shown); when no number of decimals up to six gives that (elevenths: 6/11 then
    1/11), the fewest at which the change still reads as moved or not and on its side of every
    limit, so that a change is always a signed decimal; fractions only when even that fails."""
    checks = list(checks)
    delta = after - before
    lawful = None
    for digits in range(2, 7):
        a, b = round_half_up(before, digits), round_half_up(after, digits)
        d = round_half_up(delta, digits)
        agrees = all(change_holds(kind, Fraction(d), bound) == held for kind, bound, held in checks)
        honest = (a == b) == (delta == 0) and (d == 0) == (delta == 0) and agrees
        if honest and b - a == d:
            return digits
        if honest and lawful is None:
            lawful = digits
    return lawful


def display_series(rates: Sequence[Fraction]) -> tuple[str, ...]:
    """Rates over versions (a trend), all with the decimals the largest of their steps needs
    as :func:`display_change` shows it, so that a step reads here as it reads in a change
    (1 then 7/8: ``1.000``, ``0.875``, never ``1.00``, ``0.88``); exact fractions when a step
    reads so there. A single rate reads as :func:`display_rate`."""
    steps = [_change_digits(a, b) for a, b in zip(rates, rates[1:])]
    if not steps:
        return tuple(display_rate(r) for r in rates)
    if None in steps:
        return tuple(str(r) for r in rates)
    digits = max(d for d in steps if d is not None)
    return tuple(f"{round_half_up(r, digits):.{digits}f}" for r in rates)


def fraction_text(value: Fraction) -> str:
    """An exact fraction as text: ``1/2``, ``-1/6``, ``0``, ``1``."""
    return str(value)


def display_p(p: Fraction, alpha: Fraction | None = None) -> str:
    """A p-value as people read it, never contradicting the test beside it.

    Three significant digits, rounded half up, trailing zeros dropped (``0.5``, ``0.125``,
    ``0.109``, ``0.588``); more digits when the rounded value would read as on the other side
    of ``alpha`` than the exact one, and the exact fraction when even 12 would. Below one in
    a million, in scientific notation (``2.66e-753`` for 2,500 questions broken, 0 fixed),
    never hundreds of zeros.
    """
    if p == 1:
        return "1"
    exact = Context(prec=60).divide(Decimal(p.numerator), Decimal(p.denominator))
    for digits in range(3, 13):
        quantum = Decimal(1).scaleb(exact.adjusted() - digits + 1)
        shown = exact.quantize(quantum, rounding=ROUND_HALF_UP)
        if alpha is None or (Fraction(shown) < alpha) == (p < alpha):
            return format(shown.normalize(), "f" if shown.adjusted() >= -6 else "e")
    return fraction_text(p)
