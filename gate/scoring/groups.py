"""The same question in several languages: the figures that answer it, and whether the
answers agree across languages (measure ``cross_language_consistency``); pure.

:func:`group_entry` reads what one answer of a grouped question says (while it is scored):
the figures bound to each observation (series and period) where observations were
retrieved, and its main figure (the first that an expected value supports, else the first
it states), each as the interval its stated precision stands for
(:func:`gate.figures.figure_bounds`: "7.6%" is 7.55 to 7.65, "about 8%" 7.5 to 8.5).

:func:`compare_group` compares the answers of one group after the pass over the log. Two
answers agree when both declined, both stated no figure, or both stated figures whose
intervals overlap: those bound to the same observation where they share one, else their
main figures. A group agrees when every two of its answers agree. Otherwise the majority is
the largest set of answers agreeing with one answer, when it holds more than half of them;
each answer outside it (every answer when there is none) gets a finding
``cross_language_disagreement`` naming each language and what it said.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from gate import figures as fig
from gate.figures.matching import figure_bounds
from gate.model.groups import DECLINED, NO_FIGURE, STATED, GroupEntry, GroupFigure
from gate.model.inputs import Answer, Question
from gate.model.outcomes import Finding
from gate.scoring.checks.binding import bind

MEASURE = "cross_language_consistency"
CODE = "cross_language_disagreement"

#: The support test of :mod:`gate.scoring.answer`: (figure, values, text, language, settings) -> bool.
Supports = Callable[[fig.Figure, Sequence[Decimal], str, str, fig.MatchSettings], bool]


def _group_figure(key: str, figure: fig.Figure, settings: fig.MatchSettings) -> GroupFigure:
    low, high, low_in, high_in, _ = figure_bounds(figure, settings)
    return GroupFigure(key, figure.text, low, high, low_in, high_in)


def group_entry(question: Question, answer: Answer, text: str, figures: Sequence[fig.Figure], supports: Supports,
                settings: fig.MatchSettings) -> GroupEntry:
    """What one answer of a grouped question says (``question.group`` is set)."""
    group = question.group or ""
    if answer.declined:
        return GroupEntry(group, question.question_id, question.language, DECLINED)
    if not figures:
        return GroupEntry(group, question.question_id, question.language, NO_FIGURE)
    out: list[GroupFigure] = []
    keys: set[str] = set()
    for bound in bind(text, answer.language, figures, answer.retrieved_observations, supports, settings):
        key = f"{bound.chosen[0].series} {bound.chosen[0].period}"
        if key not in keys:
            keys.add(key)
            out.append(_group_figure(key, bound.figure, settings))
    expected = question.expected_values
    main = next((f for f in figures if expected and supports(f, expected, text, answer.language, settings)), figures[0])
    out.append(_group_figure("", main, settings))
    return GroupEntry(group, question.question_id, question.language, STATED, tuple(out))


def _overlap(a: GroupFigure, b: GroupFigure) -> bool:
    """Whether two intervals share a value (an end counts only where both include it)."""
    if a.low > b.low or (a.low == b.low and not a.low_in):
        low, low_in = a.low, a.low_in
    else:
        low, low_in = b.low, b.low_in
    if a.high < b.high or (a.high == b.high and not a.high_in):
        high, high_in = a.high, a.high_in
    else:
        high, high_in = b.high, b.high_in
    return low < high or (low == high and low_in and high_in)


def _compared(a: GroupEntry, b: GroupEntry) -> list[tuple[GroupFigure, GroupFigure]]:
    """The pairs of figures two answers are compared on: those bound to an observation both
    answers state, else their main figures."""
    theirs = {f.key: f for f in b.figures if f.key}
    shared = [(f, theirs[f.key]) for f in a.figures if f.key and f.key in theirs]
    if shared:
        return shared
    return [(a.figures[-1], b.figures[-1])]


def agree(a: GroupEntry, b: GroupEntry) -> bool:
    """Whether two answers of a group agree (see the module's text)."""
    if a.stance != b.stance:
        return False
    if a.stance != STATED:
        return True
    return all(_overlap(x, y) for x, y in _compared(a, b))


def said(entry: GroupEntry) -> str:
    """What an answer said, for people: ``declined``, ``stated no figure``, or its figures
    (those bound to observations with their series and period, else its main figure)."""
    if entry.stance == DECLINED:
        return "declined"
    if entry.stance == NO_FIGURE:
        return "stated no figure"
    keyed = [f"{f.text} ({f.key})" for f in entry.figures if f.key]
    return "said " + (", ".join(keyed) if keyed else entry.figures[-1].text)


@dataclass(frozen=True)
class GroupComparison:
    """The comparison of one group's answers.

    Attributes:
        group: the group.
        entries: its answers, by language then question id.
        counted: answered in two languages or more (the group counts in the measure).
        agrees: every two answers agree.
        with_group: per entry, whether it agrees with the group (all agree, or it is in the
            majority); False for every entry when there is no majority.
        majority: whether a majority exists (True when all agree).
    """

    group: str
    entries: tuple[GroupEntry, ...]
    counted: bool
    agrees: bool
    with_group: tuple[bool, ...]
    majority: bool

    def findings(self) -> list[tuple[GroupEntry, Finding]]:
        """A ``cross_language_disagreement`` finding on each answer outside the majority."""
        if not self.counted or self.agrees:
            return []
        voices = "; ".join(f"{e.language} ({e.question_id}) {said(e)}" for e in self.entries)
        out = []
        for entry, inside in zip(self.entries, self.with_group):
            if inside:
                continue
            why = ("which differs from the majority of its group" if self.majority
                   else "and no answer of its group agrees with a majority of them")
            message = (f"the same question in other languages is answered otherwise: {entry.language} {said(entry)}, {why} "
                       f"(group {self.group!r}: {voices})")
            out.append((entry, Finding(entry.question_id, entry.language, MEASURE, CODE, message)))
        return out


def compare_group(group: str, entries: Sequence[GroupEntry]) -> GroupComparison:
    """Compare the answers of one group (see the module's text); the result does not depend
    on the order of ``entries``."""
    ordered = tuple(sorted(entries, key=lambda e: (e.language, e.question_id)))
    n = len(ordered)
    counted = len({e.language for e in ordered}) >= 2
    agreeing = [[agree(a, b) for b in ordered] for a in ordered]
    if all(all(row) for row in agreeing):
        return GroupComparison(group, ordered, counted, True, (True,) * n, True)
    sizes = [sum(row) for row in agreeing]
    best = max(range(n), key=lambda i: (sizes[i], -i))
    if 2 * sizes[best] > n:
        return GroupComparison(group, ordered, counted, False, tuple(agreeing[best]), True)
    return GroupComparison(group, ordered, counted, False, (False,) * n, False)
