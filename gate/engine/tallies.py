"""Tallies: the sums per slice and measure of a run, plain additions that merge across batches, shards and Dask."""

from __future__ import annotations

from collections.abc import Mapping

from gate.engine.attempts import Attempts
from gate.engine.groups import MEASURE as GROUP_MEASURE
from gate.engine.groups import GroupSummaries, group_counts
from gate.model.measures import MEASURES
from gate.model.outcomes import Count, Outcome
from gate.model.scores import ALL, Score, language_slice

_NONE = Count()


class Tally:
    """Counts per slice and measure, summed by addition; nothing per answer. Two tallies of
    two parts of a run merge (:meth:`merge`) into the tally of the whole run.

    The scores it gives (:meth:`scores`) are those :func:`gate.model.scores.aggregate` gives for
    the same outcomes, in any order; but ``cross_language_consistency``, counted per group
    of questions, not per answer: from :attr:`groups`, the entries of the grouped answers
    (:class:`gate.engine.groups.GroupSummaries`), compared when the scores are asked for.
    """

    def __init__(self) -> None:
        self.names = [m.name for m in MEASURES]
        self._index = {name: i for i, name in enumerate(self.names)}
        self.sums: dict[str, list[list[int]]] = {}
        self._rows_of: dict[str, tuple[list[list[int]], list[list[int]]]] = {}  # language -> (all, its slice)
        self.attempts = Attempts()  # repeated answers: summed per question (gate.engine.attempts)
        self.groups = GroupSummaries()

    def _row(self, slice_name: str) -> list[list[int]]:
        row = self.sums.get(slice_name)
        if row is None:
            row = self.sums[slice_name] = [[0, 0] for _ in self.names]
        return row

    def add(self, outcome: Outcome) -> None:
        """Add one outcome's counts to ``all`` and to its language's slice (a measure the
        outcome does not hold counts 0/0); a grouped answer's entry to :attr:`groups`."""
        if outcome.group is not None:
            self.groups.add(outcome.group)
        rows = self._rows_of.get(outcome.language)
        if rows is None:
            rows = self._rows_of[outcome.language] = (self._row(ALL), self._row(language_slice(outcome.language)))
        overall, language = rows
        index = self._index
        for name, count in outcome.counts.items():
            numerator, denominator = count.numerator, count.denominator
            if not (numerator or denominator):  # most measures count nothing for one answer
                continue
            i = index.get(name)
            if i is None:  # not a measure of this version: not summed, as in aggregate
                continue
            cell = overall[i]
            cell[0] += numerator
            cell[1] += denominator
            cell = language[i]
            cell[0] += numerator
            cell[1] += denominator

    def add_attempt(self, outcome: Outcome) -> None:
        """Add one outcome of a line with ``attempt`` (repeated answers): summed per question."""
        self.attempts.add(outcome)

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.attempts.merge(other.attempts)
        for slice_name, row in other.sums.items():
            for a, b in zip(self._row(slice_name), row):
                a[0] += b[0]
                a[1] += b[1]
        self.groups.merge(other.groups)

    def scores(self) -> list[Score]:
        """Every slice x measure: ``all`` first, then languages alphabetically; measures in
        :data:`gate.model.measures.MEASURES` order (0/0 where nothing was counted)."""
        if self.attempts:
            return [Score(s, name, self.attempts.count(s, name)) for s in self.attempts.slices() for name in self.names]
        slices = [ALL] + sorted(s for s in self.sums if s != ALL)
        empty = [[0, 0] for _ in self.names]
        grouped = group_counts(self.groups.comparisons()) if self.groups else {}
        return [Score(s, name, grouped.get(s, _NONE) if name == GROUP_MEASURE else Count(*self.sums.get(s, empty)[i]))
                for s in slices for i, name in enumerate(self.names)]

    def to_dict(self) -> dict[str, list[list[int]]]:
        """The sums as plain data (JSON), ``{slice: [[numerator, denominator], ...]}`` in
        measure order; :meth:`from_dict` reads it back."""
        return {s: [list(c) for c in row] for s, row in sorted(self.sums.items())}

    @classmethod
    def from_dict(cls, data: Mapping[str, list[list[int]]]) -> Tally:
        tally = cls()
        for slice_name, row in data.items():
            tally.sums[slice_name] = [[int(a), int(b)] for a, b in row]
        return tally
