"""Repeated answers in the engine: per slice, measure and question, the counts of its attempts.

A run whose lines carry ``attempt`` is summed question by question, not answer by answer:
each outcome adds its counts to its question's (plain additions, so batches, shards, workers
and Dask merge by addition, whatever the order of the attempts in the log). A cell's rate is
then the mean of its questions' rates (:class:`gate.model.repeated.MeanCount`); the
statistics of :mod:`gate.baseline.repeats` read the same tallies (:meth:`Attempts.repeats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from math import comb, lcm

from gate.core.errors import ProblemCollector
from gate.model.measures import MEASURE_BY_NAME
from gate.model.outcomes import Count, Outcome, outcome_passed
from gate.model.repeated import MeanCount, RepeatSummary
from gate.model.scores import ALL, language_slice


def mean_count(cells: Iterable[Sequence[int]]) -> Count:
    """The count of a cell from its questions' sums ``[numerator, denominator, applied,
    passed, attempts]``: each question counts its numerator and denominator per attempt
    (``numerator / attempts`` over ``denominator / attempts``), so that a question weighs
    the same however often it was asked. For a measure counted once per answer this is the
    mean of the questions' pass rates; with one attempt of every question, the plain sums.

    Exact: the sums are written over the least common multiple of the attempts; a plain
    :class:`Count` when every question has one attempt, else a :class:`MeanCount` whose n
    is the questions counted. Questions with denominator 0 do not count."""
    counted = [c for c in cells if c[1]]
    if not counted:
        return Count(0, 0)
    common = lcm(*(c[4] for c in counted))
    numerator = sum(c[0] * (common // c[4]) for c in counted)
    denominator = sum(c[1] * (common // c[4]) for c in counted)
    if common == 1:
        return Count(numerator, denominator)
    return MeanCount(numerator, denominator, len(counted))


def attempt_cell(count: Count, measure: str) -> list[int]:
    """One attempt's ``[numerator, denominator, applied, passed, attempts]`` on a measure
    (applied and passed 0 when the measure does not apply; attempts 1)."""
    if not count.denominator:
        return [count.numerator, 0, 0, 0, 1]
    return [count.numerator, count.denominator, 1, int(outcome_passed(measure, count)), 1]


class Attempts:
    """Per slice, measure and question: ``[numerator, denominator, applied, passed, attempts]``
    summed over the question's attempts (applied: those the measure applied to; passed: those
    that passed it, :func:`gate.model.outcomes.outcome_passed`; attempts: all of them)."""

    def __init__(self) -> None:
        self.sums: dict[str, dict[str, dict[str, list[int]]]] = {}  # slice -> measure -> question -> sums

    def __bool__(self) -> bool:
        return bool(self.sums)

    def add(self, outcome: Outcome) -> None:
        """One attempt's outcome, added to its question in ``all`` and in its language."""
        for slice_name in (ALL, language_slice(outcome.language)):
            row = self.sums.setdefault(slice_name, {})
            for name, count in outcome.counts.items():
                if name not in MEASURE_BY_NAME:  # not a measure of this version
                    continue
                cell = row.setdefault(name, {}).setdefault(outcome.question_id, [0, 0, 0, 0, 0])
                for i, x in enumerate(attempt_cell(count, name)):
                    cell[i] += x

    def merge(self, other: Attempts) -> None:
        """Add another part of the run's sums to these."""
        for slice_name, row in other.sums.items():
            mine = self.sums.setdefault(slice_name, {})
            for name, questions in row.items():
                cells = mine.setdefault(name, {})
                for qid, sums in questions.items():
                    cell = cells.setdefault(qid, [0, 0, 0, 0, 0])
                    for i, x in enumerate(sums):
                        cell[i] += x

    def slices(self) -> list[str]:
        return [ALL] + sorted(s for s in self.sums if s != ALL)

    def count(self, slice_name: str, measure: str) -> Count:
        """The cell's count (:func:`mean_count` of its questions)."""
        return mean_count(self.sums.get(slice_name, {}).get(measure, {}).values())

    def answer_level(self, measure: str) -> bool:
        """Whether the measure counts each attempt once at most (a pass or a failure)."""
        return all(c[1] == c[2] for row in self.sums.values() for c in row.get(measure, {}).values())

    def tallies(self, slice_name: str, measure: str) -> dict[str, tuple[int, int]]:
        """Per question of the cell, ``(attempts, passes)``: the attempts the measure applied
        to and those that passed it."""
        return {qid: (c[2], c[3]) for qid, c in sorted(self.sums.get(slice_name, {}).get(measure, {}).items()) if c[2]}

    def summary(self, measures: Sequence[str]) -> RepeatSummary:
        """pass^k of each answer-level measure among ``measures`` on every slice, and the
        flaky questions (see :class:`RepeatSummary`)."""
        level = [m for m in measures if self.answer_level(m)]
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


def repeated_not_judged(problems: ProblemCollector, display: str, line: int) -> None:
    """A run with repeated answers read with judgements: an input error, said once (the
    rubric's scoring reads one answer a question)."""
    if not any(p.field == "attempt" and "judgements" in p.message for p in problems.problems):
        problems.add(display, line, "attempt", "judgements (--judgements) are not read for a run with repeated answers yet: "
                                               "check it without them")
