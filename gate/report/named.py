"""Every broken question named, grouped by slice and measure, within a budget.

"What got worse" shows a few questions in full; this names all of them, where a reader sees
it without unfolding: per language slice and measure (the ``all`` slice when the run has no
language slice), the ids of the questions that broke against the baseline, the groups whose
regression rule broke first. The ids shown are capped by :data:`NAMED_IDS` so that the
comment stays far under GitHub's limit; the rest are counted (the JSON report's comparison
holds every one).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gate.model.scores import ALL
from gate.report.model import Report
from gate.report.words import label_of, slice_heading

#: Question ids named in all groups together; the others are counted per group.
NAMED_IDS = 400


@dataclass(frozen=True)
class NamedGroup:
    """The broken questions of one slice and measure.

    Attributes:
        slice: the slice as a heading (``es``).
        measure: the measure's label.
        ids: the ids named, in the set's order.
        more: how many more broke there and are not named (the budget ran out).
        rule_broke: whether a regression rule on the cell broke (fail or warn).
    """

    slice: str
    measure: str
    ids: tuple[str, ...]
    more: int
    rule_broke: bool

    @property
    def text(self) -> str:
        """``es, numeric accuracy (5): a01, a02 and 3 more``."""
        total = len(self.ids) + self.more
        named = ", ".join(self.ids) or "none named"
        return f"{self.slice}, {self.measure} ({total:,}): {named}" + (f" and {self.more:,} more" if self.more else "")


def broken_groups(report: Report, budget: int = NAMED_IDS, shown: Iterable[str] = ()) -> tuple[NamedGroup, ...]:
    """The broken questions by slice and measure (see the module); empty without a baseline,
    when nothing broke, or when every one is among ``shown`` (the questions "what got worse"
    shows in full)."""
    comparison = report.comparison
    if comparison is None:
        return ()
    languages = any(c.slice != ALL for c in comparison.cells)
    rank = {m.name: i for i, m in enumerate(report.measures)}
    slice_rank = {s: i for i, s in enumerate(report.slices)}
    cells = [c for c in comparison.cells if c.broken and (c.slice != ALL) == languages and c.measure in rank]
    cells.sort(key=lambda c: (not any(r.broken for r in c.results), slice_rank.get(c.slice, len(slice_rank)), rank[c.measure]))
    # The budget shared fairly: each group its share, what a small group leaves to the others in order.
    given = [min(len(c.broken), budget // max(len(cells), 1)) for c in cells]
    left = budget - sum(given)
    for k, c in enumerate(cells):
        extra = min(len(c.broken) - given[k], left)
        given[k] += extra
        left -= extra
    groups = [NamedGroup(slice_heading(c.slice), label_of(report, c.measure), c.broken[:n], len(c.broken) - n,
                         any(r.broken for r in c.results)) for c, n in zip(cells, given)]
    told = set(shown)
    if all(q in told for c in cells for q in c.broken):
        return ()
    return tuple(groups)


def round_robin(pairs: list[tuple[str, str]], language_of: dict[str, str]) -> list[tuple[str, str]]:
    """(question, measure) pairs taken a language at a time, so that the first few shown
    come from every language (each language's pairs keep their order; languages in order of
    first appearance)."""
    by_language: dict[str, list[tuple[str, str]]] = {}
    for pair in pairs:
        by_language.setdefault(language_of.get(pair[0], ""), []).append(pair)
    queues = list(by_language.values())
    out: list[tuple[str, str]] = []
    seen_questions: dict[str, list[tuple[str, str]]] = {}
    for queue in queues:  # a question's pairs stay together
        for pair in queue:
            seen_questions.setdefault(pair[0], []).append(pair)
    question_queues = [list(dict.fromkeys(q for q, _ in queue)) for queue in queues]
    depth = max((len(q) for q in question_queues), default=0)
    for k in range(depth):
        for questions in question_queues:
            if k < len(questions):
                out += seen_questions[questions[k]]
    return out
