"""The comparison of a run with its baseline, as data: what the report shows under "Regression".

Built by :func:`gate.baseline.compare`, carried by :attr:`gate.report.model.Report.comparison`
and formatted by the renderers (:func:`gate.report.terminal.comparison_lines`,
:func:`gate.report.json_report.comparison_to_dict`). It holds exact counts and fractions;
the display texts are derived here through :mod:`gate.rules.display`, so that the terminal, the
markdown and the JSON report read the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gate import __version__
from gate.model.outcomes import Count
from gate.rules.display import decimal_text, display_change, display_p
from gate.rules.verdict import RuleResult, worst_status

#: How many question ids a line names before it counts the rest.
SHOWN_IDS = 10


def ids_text(ids: Sequence[str]) -> str:
    """Question ids for a sentence: ``a01, a02``, the first ten then ``and 3 more``, or ``none``."""
    if not ids:
        return "none"
    shown = ", ".join(ids[:SHOWN_IDS])
    return shown + (f" and {len(ids) - SHOWN_IDS} more" if len(ids) > SHOWN_IDS else "")


@dataclass(frozen=True)
class ComparedCell:
    """One slice x measure compared with the baseline on the common questions.

    Attributes:
        slice, measure: where it stands.
        baseline: the re-scored baseline's count on the common questions of the slice.
        current: this run's count on the same questions.
        broken: questions that did not fail the measure in the baseline and fail it now,
            in the set's order.
        fixed: questions that failed it in the baseline and do not now.
        p_value: one-sided exact McNemar p of ``len(broken)`` against ``len(fixed)``.
        results: the regression rules checked on the cell (``max_drop`` or ``max_rise``),
            none when thresholds.yaml sets none.
        p_min: with repeated answers, the smallest p the question-by-question test could
            give (:func:`gate.baseline.repeats.repeated_min_p`); None: McNemar's, from the flips.
    """

    slice: str
    measure: str
    baseline: Count
    current: Count
    broken: tuple[str, ...]
    fixed: tuple[str, ...]
    p_value: Fraction
    results: tuple[RuleResult, ...] = ()
    p_min: Fraction | None = None

    @property
    def delta(self) -> Fraction | None:
        """The rate now minus the baseline rate, in rate points; None when either is empty."""
        if self.baseline.rate is None or self.current.rate is None:
            return None
        return self.current.rate - self.baseline.rate

    @property
    def status(self) -> str | None:
        """The worst status of the regression rules on the cell, or None when none applies."""
        return worst_status(r.status for r in self.results)

    @property
    def changed(self) -> bool:
        """Whether anything moved: a flip, or a different rate."""
        return bool(self.broken or self.fixed) or (self.delta is not None and self.delta != 0)

    @property
    def shown(self) -> tuple[str, str, str]:
        """The baseline rate, the rate now and the change as shown (:func:`gate.rules.display.display_change`),
        never reading as on the other side of a regression limit checked on the cell."""
        checks = [(r.rule.kind, r.rule.bound, not r.broken) for r in self.results if r.actual is not None]
        return display_change(self.baseline.rate, self.current.rate, checks)


@dataclass(frozen=True)
class Differences:
    """How the baseline and this run differ beyond the answers.

    Attributes:
        baseline_set_version: the set version the baseline was scored against when saved.
        set_version: today's set version.
        added: questions of today's set the baseline's set did not hold.
        dropped: questions of the baseline's set today's set does not hold.
        unanswered_baseline: questions of both sets the baseline log did not answer.
        unanswered_now: questions of both sets the baseline answered and this run did not.
        language_changed: questions whose language in today's set differs from the
            baseline's answer.
        settings: ``(key, baseline value, today's value)`` for each matching setting that
            differs.
        scorer_version: the answer-gate version that saved the baseline.
        rescored_outcomes: how many stored (question, measure) outcomes re-scoring changed,
            on the questions of both sets the baseline answered.
        compared: how many questions were compared.
    """

    baseline_set_version: str | None
    set_version: str | None
    added: tuple[str, ...]
    dropped: tuple[str, ...]
    unanswered_baseline: tuple[str, ...]
    unanswered_now: tuple[str, ...]
    language_changed: tuple[str, ...]
    settings: tuple[tuple[str, str, str], ...]
    scorer_version: str
    rescored_outcomes: int
    compared: int


@dataclass(frozen=True)
class HistoryPoint:
    """The stored scores of one earlier version on the ``all`` slice.

    Attributes:
        assistant_version, set_version: of the baseline.
        scores: measure name -> stored count, in measure order.
    """

    assistant_version: str
    set_version: str | None
    scores: tuple[tuple[str, Count], ...]


@dataclass(frozen=True)
class Comparison:
    """The run compared with its baseline.

    Attributes:
        baseline_version: the baseline's assistant version.
        baseline_path: its JSON file.
        differences: what differs beyond the answers.
        cells: every slice x measure compared, ``all`` first, then languages; measures in
            :data:`gate.model.measures.MEASURES` order.
        history: stored scores of the versions below this run, oldest first (the baseline
            among them when it is below the run).
        alpha: the test's level, or None (the drop alone decides).
        min_n: below this n a cell shows a direction only.
    """

    baseline_version: str
    baseline_path: str
    differences: Differences
    cells: tuple[ComparedCell, ...]
    history: tuple[HistoryPoint, ...]
    alpha: Fraction | None
    min_n: int

    def cell(self, slice_name: str, measure: str) -> ComparedCell:
        """The compared cell of a slice and measure.

        Raises:
            KeyError: no such cell was compared.
        """
        for c in self.cells:
            if c.slice == slice_name and c.measure == measure:
                return c
        raise KeyError((slice_name, measure))

    def p_text(self, cell: ComparedCell) -> str:
        """A cell's p-value as shown, never reading as on the other side of alpha."""
        return display_p(cell.p_value, self.alpha)

    def alpha_text(self) -> str:
        """Alpha as shown (``0.05``), or what a null alpha means."""
        return "null: a drop beyond the limit alone fails" if self.alpha is None else decimal_text(self.alpha)

    def difference_lines(self) -> list[str]:
        """What differs between the baseline and this run, a sentence each (none when the
        set version, the questions, the matching settings and the scorer are the same)."""
        d = self.differences
        lines = []
        if d.baseline_set_version != d.set_version:
            lines.append(f"set version: the baseline was scored against set {d.baseline_set_version or 'unversioned'}, "
                         f"this run against {d.set_version or 'unversioned'}; the baseline log was re-scored against today's set")
        if d.added:
            lines.append(f"{len(d.added)} question(s) added since the baseline, not compared: {ids_text(d.added)}")
        if d.dropped:
            lines.append(f"{len(d.dropped)} question(s) dropped since the baseline, not compared: {ids_text(d.dropped)}")
        if d.unanswered_baseline:
            lines.append(f"{len(d.unanswered_baseline)} question(s) without an answer in the baseline log, not compared: "
                         f"{ids_text(d.unanswered_baseline)}")
        if d.unanswered_now:
            lines.append(f"{len(d.unanswered_now)} question(s) without an answer in this run, not compared (they fail in the "
                         f"scores above): {ids_text(d.unanswered_now)}")
        if d.language_changed:
            lines.append(f"{len(d.language_changed)} question(s) whose language changed since the baseline, not compared: "
                         f"{ids_text(d.language_changed)}")
        if d.settings:
            changed = "; ".join(f"{key} {old} -> {new}" for key, old, new in d.settings)
            lines.append(f"matching settings changed since the baseline was saved ({changed}); its log was re-scored with "
                         "today's settings")
        if d.scorer_version != __version__:
            lines.append(f"the baseline was saved by answer-gate {d.scorer_version}; re-scored by {__version__}")
        if d.rescored_outcomes:
            lines.append(f"re-scoring changed {d.rescored_outcomes} of the baseline's stored question outcomes")
        return lines
