"""Repeated answers in the engine: per slice, measure and question, the counts of its attempts.

A run whose lines carry ``attempt`` is summed question by question, not answer by answer:
each outcome adds its counts to its question's (plain additions, so batches, shards, workers
and Dask merge by addition, whatever the order of the attempts in the log). A cell's rate is
then the mean of its questions' rates (:class:`gate.model.repeated.MeanCount`); the
statistics of :mod:`gate.baseline.repeats` read the same tallies (:meth:`Attempts.repeats`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb, lcm

from gate.model.measures import MEASURE_BY_NAME
from gate.model.outcomes import Count, Outcome
from gate.model.repeated import MeanCount, RepeatSummary
from gate.model.scores import ALL, language_slice


class Attempts:
    """Per slice, measure and question: ``[numerator, denominator, attempts]`` summed over
    the question's attempts (attempts: those the measure counted something for)."""

    def __init__(self) -> None:
        self.sums: dict[str, dict[str, dict[str, list[int]]]] = {}  # slice -> measure -> question -> sums

    def __bool__(self) -> bool:
        return bool(self.sums)

    def add(self, outcome: Outcome) -> None:
        """One attempt's outcome, added to its question in ``all`` and in its language."""
        for slice_name in (ALL, language_slice(outcome.language)):
            row = self.sums.setdefault(slice_name, {})
            for name, count in outcome.counts.items():
                cell = row.setdefault(name, {}).setdefault(outcome.question_id, [0, 0, 0])
                cell[0] += count.numerator
                cell[1] += count.denominator
                cell[2] += 1 if count.denominator else 0

    def merge(self, other: Attempts) -> None:
        """Add another part of the run's sums to these."""
        for slice_name, row in other.sums.items():
            mine = self.sums.setdefault(slice_name, {})
            for name, questions in row.items():
                cells = mine.setdefault(name, {})
                for qid, (numerator, denominator, attempts) in questions.items():
                    cell = cells.setdefault(qid, [0, 0, 0])
                    cell[0] += numerator
                    cell[1] += denominator
                    cell[2] += attempts

    def slices(self) -> list[str]:
        return [ALL] + sorted(s for s in self.sums if s != ALL)

    def count(self, slice_name: str, measure: str) -> Count:
        """The cell's count: the mean of its questions' rates (numerator over denominator of
        each question's attempts), exact; a plain :class:`Count` when that mean needs no
        denominator beyond the questions (one attempt each), else a :class:`MeanCount`."""
        cells = [c for c in self.sums.get(slice_name, {}).get(measure, {}).values() if c[1]]
        if not cells:
            return Count(0, 0)
        common = lcm(*(c[1] for c in cells))
        mean = sum((Fraction(c[0], c[1]) for c in cells), Fraction(0)) / len(cells)
        denominator = len(cells) * common
        numerator = mean * denominator
        assert numerator.denominator == 1
        if common == 1:
            return Count(int(numerator), denominator)
        return MeanCount(int(numerator), denominator, len(cells))

    def answer_level(self, measure: str) -> bool:
        """Whether the measure counts each attempt once at most (a pass or a failure)."""
        return all(c[1] == c[2] for row in self.sums.values() for c in row.get(measure, {}).values())

    def tallies(self, slice_name: str, measure: str) -> dict[str, tuple[int, int]]:
        """Per question of the cell, ``(attempts, passes)`` of an answer-level measure."""
        return {qid: (c[2], c[0]) for qid, c in sorted(self.sums.get(slice_name, {}).get(measure, {}).items()) if c[2]}

    def summary(self, measures: Sequence[str]) -> RepeatSummary:
        """pass^k of each answer-level measure (higher is better) among ``measures`` on every slice, and the
        flaky questions (see :class:`RepeatSummary`)."""
        level = [m for m in measures if MEASURE_BY_NAME[m].higher_is_better and self.answer_level(m)]
        pass_k = []
        for slice_name in self.slices():
            for measure in level:
                cells = self.tallies(slice_name, measure)
                if cells:
                    k = min(a for a, _ in cells.values())
                    total = sum((Fraction(comb(p, k), comb(a, k)) for a, p in cells.values()), Fraction(0))
                    pass_k.append((slice_name, measure, k, total / len(cells)))
        flaky: dict[str, list[str]] = {}
        for measure in level:
            for qid, (attempts, passes) in self.tallies(ALL, measure).items():
                if 0 < passes < attempts:
                    flaky.setdefault(qid, []).append(measure)
        return RepeatSummary(tuple(pass_k), tuple((q, tuple(ms)) for q, ms in sorted(flaky.items())))

    def to_dict(self) -> dict[str, dict[str, dict[str, list[int]]]]:
        return {s: {m: {q: list(c) for q, c in sorted(qs.items())} for m, qs in sorted(row.items())} for s, row in sorted(self.sums.items())}

    @classmethod
    def from_dict(cls, data: Mapping[str, Mapping[str, Mapping[str, list[int]]]]) -> Attempts:
        out = cls()
        for s, row in data.items():
            out.sums[s] = {m: {q: [int(x) for x in c] for q, c in qs.items()} for m, qs in row.items()}
        return out
