"""Aggregation: the outcomes of a run summed per slice and measure.

A slice is the run as a whole (``all``) or one language (``language=fr``), keyed by the
language tag as the set writes it, lower-cased. Scores are exact counts; the rate is a
:class:`fractions.Fraction`, None when the denominator is 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gate.model.measures import MEASURES
from gate.model.outcomes import Count, Outcome

if TYPE_CHECKING:
    import pandas

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
        """How many answers count; with repeated answers, how many questions."""
        return getattr(self.count, "questions", None) or self.count.denominator


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
        :data:`gate.model.measures.MEASURES` order. The result does not depend on the order of
        the outcomes.
    """
    names = [m.name for m in MEASURES]
    slices = slices_of(outcomes)
    # Plain additions: counts add up. A measure an outcome does not hold (a baseline stored
    # before it existed) counts 0/0.
    totals: dict[tuple[str, str], list[int]] = {}
    for o in outcomes:
        for slice_name in (ALL, language_slice(o.language)):
            for name in names:
                count = o.counts.get(name)
                if count is None:
                    continue
                cell = totals.setdefault((slice_name, name), [0, 0])
                cell[0] += count.numerator
                cell[1] += count.denominator
    return [Score(s, name, Count(*totals.get((s, name), (0, 0)))) for s in slices for name in names]


def to_frame(scores: Iterable[Score]) -> pandas.DataFrame:
    """The scores as a pandas DataFrame, for notebooks.

    Returns:
        One row per slice and measure, columns ``slice``, ``measure``, ``numerator``,
        ``denominator`` and ``rate`` (a float, NaN when n = 0). pandas is imported only when
        this is called; ``check`` never needs it.
    """
    import pandas as pd

    rows = [(s.slice, s.measure, s.count.numerator, s.count.denominator,
             float(s.rate) if s.rate is not None else float("nan")) for s in scores]
    return pd.DataFrame(rows, columns=["slice", "measure", "numerator", "denominator", "rate"])
