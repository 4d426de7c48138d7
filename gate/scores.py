"""Aggregation: the outcomes of a run summed per slice and measure.

A slice is the run as a whole (``all``) or one language (``language=fr``), keyed by the
language tag as the set writes it, lower-cased. Scores are exact counts; the rate is a
:class:`fractions.Fraction`, None when the denominator is 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

import pandas as pd

from gate.measures import MEASURES, Count, Outcome

ALL = "all"


def language_slice(language: str) -> str:
    """The slice name of a language tag: ``language=fr``, ``language=fr-ca``."""
    return f"language={language}"


def slice_language(name: str) -> str | None:
    """The language of a slice name, or None for ``all``."""
    return name.split("=", 1)[1] if name.startswith("language=") else None


@dataclass(frozen=True)
class Score:
    """One cell of the scores table.

    Attributes:
        slice: ``all`` or ``language=<tag>``.
        measure: a measure name.
        count: numerator and denominator (n).
    """

    slice: str
    measure: str
    count: Count

    @property
    def rate(self) -> Fraction | None:
        return self.count.rate

    @property
    def n(self) -> int:
        return self.count.denominator


def slices_of(outcomes: Iterable[Outcome]) -> list[str]:
    """The slices of a run, ``all`` first, then languages in alphabetical order."""
    return [ALL] + sorted({language_slice(o.language) for o in outcomes})


def aggregate(outcomes: list[Outcome]) -> list[Score]:
    """Sum the outcomes per slice and measure.

    Args:
        outcomes: one per question.

    Returns:
        A score for every slice and every measure (denominator 0 where the measure does not
        apply), ``all`` first, then languages alphabetically; measures in
        :data:`gate.measures.MEASURES` order. The result does not depend on the order of
        the outcomes.
    """
    names = [m.name for m in MEASURES]
    slices = slices_of(outcomes)
    # A measure an outcome does not hold (a baseline stored before it existed) counts 0/0.
    rows = [
        (language_slice(o.language), name, o.counts.get(name, Count()).numerator, o.counts.get(name, Count()).denominator)
        for o in outcomes
        for name in names
    ]
    frame = pd.DataFrame(rows, columns=["slice", "measure", "numerator", "denominator"])
    per_language = frame.groupby(["slice", "measure"], sort=False)[["numerator", "denominator"]].sum()
    overall = frame.groupby("measure", sort=False)[["numerator", "denominator"]].sum()
    totals: dict[tuple[str, str], Count] = {}
    for name, row in overall.iterrows():
        totals[(ALL, str(name))] = Count(int(row["numerator"]), int(row["denominator"]))
    for key, row in per_language.iterrows():
        slice_name, name = cast(tuple[str, str], key)  # grouped by (slice, measure)
        totals[(str(slice_name), str(name))] = Count(int(row["numerator"]), int(row["denominator"]))
    return [Score(s, name, totals.get((s, name), Count())) for s in slices for name in names]
