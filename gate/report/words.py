"""Small lookups the digest and its parts word a report with: a measure's label, a slice as a
heading, counts with their noun, a bound as thresholds.yaml writes it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from gate.model.measures import MEASURE_BY_NAME, Measure
from gate.report.model import Report


def measure_of(report: Report, name: str) -> Measure | None:
    """The report's measure of a name (a registered one when the report lacks it)."""
    for m in report.measures:
        if m.name == name:
            return m
    return MEASURE_BY_NAME.get(name)


def label_of(report: Report, name: str) -> str:
    """The label people read for a measure name."""
    m = measure_of(report, name)
    return m.label if m is not None else name


def slice_heading(slice_name: str) -> str:
    """A slice as a column heading: ``all``, ``en``, ``fr-ca``."""
    return slice_name.split("=", 1)[1] if slice_name.startswith("language=") else slice_name


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 question``, ``3 questions``; thousands grouped (``5,000 findings``)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def bound_text(bound: Fraction) -> str:
    """A bound as thresholds.yaml writes it, never rounded: ``0.90``, ``0.005``, ``0.00``."""
    exact = Decimal(bound.numerator) / Decimal(bound.denominator)
    for digits in range(2, 7):
        shown = exact.quantize(Decimal(1).scaleb(-digits))
        if Fraction(shown) == bound:
            return f"{shown:.{digits}f}"
    return str(bound)
