"""Exact numbers as text: the one rounding and the one "decimal to text" of the gate.

Rounding is half up (0.125 to two decimals is 0.13), from the exact value; text has no
exponent and no trailing zeros, as people write numbers (``0.05``, ``1500``, ``2.5``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def round_half_up(value: Fraction, digits: int) -> Decimal:
    """An exact fraction rounded half up to ``digits`` decimals."""
    quantum = Decimal(1).scaleb(-digits)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    # Decimal division is exact to 28 digits, far beyond the digits shown here.
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def decimal_text(value: Decimal | Fraction, digits: int | None = None) -> str:
    """A number as people write it: no exponent, no trailing zeros (``0.05``, ``1500``, ``2.5``).

    Args:
        value: a decimal as written, or an exact fraction.
        digits: round half up to this many decimals first; a fraction is rounded to six
            when None is given (its decimal expansion may not end).

    Returns:
        ``"1500"`` for ``Decimal("1.5E+3")``, ``"0.05"`` for ``Fraction(1, 20)``, ``"0"`` for
        a zero of any sign.
    """
    if isinstance(value, Fraction):
        value = round_half_up(value, 6 if digits is None else digits)
    elif digits is not None:
        value = value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if value == value.to_integral_value():
        whole = value.to_integral_value()
        return format(abs(whole) if not whole else whole, "f")  # never str(int()): no 4,300-digit limit
    return format(value.normalize(), "f")
