"""The count of a cell of a run with repeated answers: the mean of its questions' pass rates."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gate.model.outcomes import Count


@dataclass(frozen=True)
class MeanCount(Count):
    """A cell's count when its questions were answered several times (``attempt``).

    Each question counts its numerator and denominator per attempt, so a question weighs
    the same however often it was asked: for a measure counted once per answer the rate is
    the mean of the questions' pass rates. Numerator and denominator are these sums written
    over the least common multiple of the questions' attempts, so both stay integers and
    the rate is exact; n is ``questions``. A run whose every question has one attempt is
    counted by a plain :class:`Count` (the same as a run without ``attempt``).

    Attributes:
        questions: how many questions count (n).
    """

    questions: int = 0


@dataclass(frozen=True)
class RepeatSummary:
    """What a run with repeated answers adds to its report.

    Attributes:
        pass_k: ``(slice, measure, k, rate)`` of each answer-level measure counted: pass^k,
            the mean over questions of C(passes, k) / C(attempts, k) (the unbiased chance
            that k attempts all pass), with k the fewest attempts of any question in the cell.
        flaky: ``(question id, measures)`` of the questions with passing and failing
            attempts on an answer-level measure, sorted by id (measures in measure order).
    """

    pass_k: tuple[tuple[str, str, int, Fraction], ...]
    flaky: tuple[tuple[str, tuple[str, ...]], ...]
