"""The answers of grouped questions summed per group, so that the comparison across
languages runs after the pass over the log, from summaries that merge across batches,
shards and Dask like every other tally.

A :class:`GroupSummaries` holds, per group, the :class:`gate.model.groups.GroupEntry` of each
of its answers (a few figures each: memory grows with the grouped answers, never with the
figures of the run). Two summaries of two parts of a run merge into the summary of the
whole; :meth:`GroupSummaries.comparisons` compares each group
(:func:`gate.scoring.groups.compare_group`), the same whatever the order the parts came in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gate.engine.findings import Findings
from gate.model.groups import GroupEntry
from gate.model.outcomes import Count, Finding
from gate.model.scores import ALL, language_slice
from gate.scoring.groups import CODE, MEASURE, GroupComparison, compare_group

__all__ = ["CODE", "MEASURE", "GroupSummaries", "add_group_findings", "group_counts", "group_findings"]

#: The order of a cross-language finding among its question's findings: after every other.
FINDING_ORDER = 1 << 30


class GroupSummaries:
    """Per group, its answers' entries by question id; merged by union."""

    def __init__(self) -> None:
        self.groups: dict[str, dict[str, GroupEntry]] = {}

    def __bool__(self) -> bool:
        return bool(self.groups)

    def add(self, entry: GroupEntry) -> None:
        """Add one answer's entry (a question answered twice keeps its last)."""
        self.groups.setdefault(entry.group, {})[entry.question_id] = entry

    def merge(self, other: GroupSummaries) -> None:
        """Add another summary's entries to this one."""
        for entry in other.entries():
            self.add(entry)

    def ids(self) -> set[str]:
        """The question ids of every entry."""
        return {entry.question_id for entry in self.entries()}

    def entries(self) -> Iterable[GroupEntry]:
        for members in self.groups.values():
            yield from members.values()

    def comparisons(self) -> list[GroupComparison]:
        """Each group compared, by group name."""
        return [compare_group(group, list(self.groups[group].values())) for group in sorted(self.groups)]


def group_counts(comparisons: Iterable[GroupComparison]) -> dict[str, Count]:
    """The counts of ``cross_language_consistency`` per slice: in ``all``, the groups that
    agree over the groups answered in two languages or more; per language, its answers in
    those groups that agree with their group over its answers in them."""
    sums: dict[str, list[int]] = {}
    for c in comparisons:
        if not c.counted:
            continue
        cell = sums.setdefault(ALL, [0, 0])
        cell[0] += c.agrees
        cell[1] += 1
        for entry, inside in zip(c.entries, c.with_group):
            cell = sums.setdefault(language_slice(entry.language), [0, 0])
            cell[0] += inside
            cell[1] += 1
    return {s: Count(n, d) for s, (n, d) in sums.items()}


def group_findings(comparisons: Iterable[GroupComparison], position: Callable[[str], int | None]) -> list[tuple[int, int, Finding]]:
    """The findings of the comparisons, keyed ``(position, order)`` for
    :meth:`gate.engine.findings.Findings.add_keyed` (``position`` maps a question id to its
    place in the set, None when unknown: then it goes last)."""
    out = []
    for c in comparisons:
        for entry, finding in c.findings():
            where = position(entry.question_id)
            out.append((where if where is not None else (1 << 62), FINDING_ORDER, finding))
    return sorted(out, key=lambda item: (item[0], item[1], item[2].question_id))


def add_group_findings(tally: Any, findings: Findings, position: Callable[[str], int | None]) -> None:
    """Offer the cross-language findings of a tally's groups (:class:`gate.engine.tallies.Tally`,
    after the pass over the log) to ``findings``."""
    if tally.groups:
        for where, order, finding in group_findings(tally.groups.comparisons(), position):
            findings.add_keyed(where, order, finding)
