"""The one Report that every renderer formats, and how it is built.

Everything a renderer shows is decided here: the cells with their display text, the rules
with their status, the findings, the notices, the comparison with the baseline. Renderers
(terminal, markdown, JSON, JUnit) only format; none computes.

Rates are shown with two decimals, rounded half up, unless that would contradict the
verdict beside them (coverage.py #284): a failing rate never reads as its bound, so more
digits are shown until it does not (1/220 against a ceiling of 0 reads 0.005, not 0.00),
and the exact count when even six digits would not tell (see :mod:`gate.rules.display`, whose
functions are re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gate import __version__
from gate.figures.model import MatchSettings
from gate.model.measures import MEASURES, Measure, measures_of
from gate.model.outcomes import Finding
from gate.model.repeated import RepeatSummary
from gate.model.scores import Score
from gate.rules.baseline_status import baseline_statuses, is_new
from gate.rules.comparison import Comparison
from gate.rules.display import display_change, display_points, display_rate, round_half_up
from gate.rules.verdict import SKIP, RuleResult, Verdict, change_holds, worst_status

if TYPE_CHECKING:
    from gate.judged.code_agreement import CodeAgreement
    from gate.judged.review import RubricSummary

SCHEMA_VERSION = "1.0"

__all__ = [
    "SCHEMA_VERSION", "Cell", "Report", "Source", "build_cells", "build_report", "change_holds", "describe_rule",
    "display_change", "display_points", "display_rate", "round_half_up",
]


@dataclass(frozen=True)
class Cell:
    """One cell of the slices-by-measures table.

    Attributes:
        slice, measure: where it stands.
        numerator, denominator: the exact count (denominator is n; with repeated answers
            the mean of the questions' rates over a common denominator).
        questions: with repeated answers, how many questions count (n), else None.
        rate: the exact rate, None when n = 0.
        display: the rate as shown (see :func:`display_rate`).
        status: the worst status of the rules on this cell (``fail``, ``warn``, ``pass``),
            or None when no rule applies.
    """

    slice: str
    measure: str
    numerator: int
    denominator: int
    rate: Fraction | None
    display: str
    status: str | None
    questions: int | None = None

    @property
    def n(self) -> int:
        """How many answers count; with repeated answers (``questions`` given), how many questions."""
        return self.denominator if self.questions is None else self.questions

    @property
    def text(self) -> str:
        """``0.83 (n=6)``, or ``-`` for an empty cell."""
        return "-" if self.rate is None else f"{self.display} (n={self.n})"


@dataclass(frozen=True)
class Source:
    """Where an input came from.

    Attributes:
        path: as given on the command line.
        version: the version it carries, or None.
    """

    path: str
    version: str | None


@dataclass(frozen=True)
class Report:
    """Everything the gate decided about one run. Renderers format it; none computes.

    Attributes:
        tool_version: answer-gate's version.
        run: the run log, with the assistant version.
        set_version_logged: the set version the run was logged against.
        question_set: the question set scored against (the log itself in the merged form).
        thresholds: the thresholds file.
        matching: the matching settings used.
        min_n: the min_n in force.
        answers: how many answers the run holds; questions: how many the set holds.
        measures: the measures, in column order.
        slices: ``all`` then languages.
        cells: every slice x measure.
        rules: every rule checked, in slice then measure order.
        findings: every failure, in the set's question order; the first ones only when the
            report was asked to list fewer (``check --max-findings``).
        findings_not_listed: ``(measure, code, slice, count)`` of the findings left out of
            ``findings`` (slice ``all`` and each language), sorted; empty when all are listed.
        notices: warnings about the inputs (reported, never fatal).
        comparison: the comparison with the baseline, or None.
        verdict: pass or fail.
        loosened: what this branch loosened against the base branch
            (:class:`gate.rules.loosened.Loosening`), empty without a base.
        evidence: False (``comment: {evidence: false}``) keeps answer and passage text
            out of the markdown report (comment, job summary): ids, codes and figures stay.
        rubric: who judged and how they agreed (:class:`gate.judged.review.RubricSummary`), or
            None when no judgements were read.
        thresholds_url: where the thresholds file can be read at the pull request's head
            commit (a GitHub blob URL, no line anchor), set by the command line in GitHub
            Actions; renderers link a rule's line to it. None elsewhere: they show
            ``file:line``.
        code_agreement: with judgements, the code checks' agreement with the readers per
            rubric question they answer (:class:`gate.judged.code_agreement.CodeAgreement`); empty
            without judgements.
    """

    tool_version: str
    run: Source
    set_version_logged: str | None
    question_set: Source
    thresholds: str
    matching: MatchSettings
    min_n: int
    answers: int
    questions: int
    measures: tuple[Measure, ...]
    slices: tuple[str, ...]
    cells: tuple[Cell, ...]
    rules: tuple[RuleResult, ...]
    findings: Sequence[Finding]
    notices: tuple[str, ...]
    verdict: Verdict
    rule_texts: tuple[str, ...] = ()
    comparison: Comparison | None = None
    schema_version: str = SCHEMA_VERSION
    loosened: tuple[Any, ...] = ()
    evidence: bool = True
    rubric: RubricSummary | None = None
    thresholds_url: str | None = None
    code_agreement: tuple[CodeAgreement, ...] = ()
    findings_not_listed: tuple[tuple[str, str, str, int], ...] = ()
    repeats: RepeatSummary | None = None

    def cell(self, slice_name: str, measure: str) -> Cell:
        """The cell of a slice and measure."""
        for c in self.cells:
            if c.slice == slice_name and c.measure == measure:
                return c
        raise KeyError((slice_name, measure))

    @property
    def baseline_statuses(self) -> tuple[str | None, ...]:
        """Each rule's status on the baseline, in rule order (:mod:`gate.rules.baseline_status`):
        ``pass``, ``fail``, ``warn``, ``skip``, or None without a baseline."""
        return baseline_statuses(self.rules, self.comparison)

    def new_and_old(self) -> tuple[list[int], list[int]]:
        """The indexes of the broken rules (``fail`` or ``warn``) that are news (failures first,
        regressions before levels, then rule order), and of those that broke the same way on the
        baseline (rule order)."""
        new: list[int] = []
        old: list[int] = []
        for i, (r, then) in enumerate(zip(self.rules, self.baseline_statuses)):
            if r.broken:
                (new if is_new(r, then) else old).append(i)
        # What is new leads: failures before warnings, a regression before a floor or ceiling.
        new.sort(key=lambda i: (self.rules[i].status != "fail", self.rules[i].rule.kind in ("min", "max"), i))
        return new, old

    def rules_with(self, status: str) -> list[tuple[RuleResult, str]]:
        """The rules of one status, each with its sentence."""
        return [(r, t) for r, t in zip(self.rules, self.rule_texts) if r.status == status]


def build_cells(scores: Iterable[Score], rules: Iterable[RuleResult]) -> list[Cell]:
    """The table cells, each with the display that agrees with its rules."""
    by_cell: dict[tuple[str, str], list[RuleResult]] = {}
    for r in rules:
        by_cell.setdefault((r.slice, r.rule.measure), []).append(r)
    cells = []
    for s in scores:
        on_cell = by_cell.get((s.slice, s.measure), [])
        level = [r for r in on_cell if r.rule.kind in ("min", "max") and r.status != SKIP]
        checks = [(r.rule.kind, r.rule.bound, not r.broken) for r in level]
        status = worst_status(r.status for r in on_cell if r.status != SKIP)
        cells.append(Cell(s.slice, s.measure, s.count.numerator, s.count.denominator, s.rate,
                          display_rate(s.rate, checks), status, getattr(s.count, "questions", None)))
    return cells


def describe_rule(result: RuleResult, cells: Iterable[Cell], comparison: Comparison | None = None) -> str:
    """One line for people: slice, measure, value, the bound it is held to, and where.

    For a regression rule the change is shown as the comparison shows it (see
    :func:`display_change`), so the two never disagree."""
    label = next(m.label for m in MEASURES if m.name == result.rule.measure)
    bound = f"{round_half_up(result.rule.bound, 2):.2f}"
    if result.rule.kind in ("min", "max"):
        cell = next((c for c in cells if c.slice == result.slice and c.measure == result.rule.measure), None)
        value = cell.text if cell is not None else "-"
        verb = {"min": "floor", "max": "ceiling"}[result.rule.kind]
        text = f"{result.slice}: {label} {value}, {verb} {result.rule.kind} {bound} ({result.rule.source})"
    else:
        change = display_points(result.actual)
        if comparison is not None:
            try:
                change = comparison.cell(result.slice, result.rule.measure).shown[2]
            except KeyError:
                pass
        text = f"{result.slice}: {label} changed {change} against the baseline, limit {result.rule.kind} {bound} ({result.rule.source})"
    if result.reason:
        text += f"; {result.reason}"
    return text


def build_report(
    *,
    run: Source,
    set_version_logged: str | None,
    question_set: Source,
    thresholds: str,
    matching: MatchSettings,
    min_n: int,
    answers: int,
    questions: int,
    scores: list[Score],
    rules: list[RuleResult],
    findings: Iterable[Finding],
    notices: Iterable[str],
    verdict: Verdict,
    comparison: Comparison | None = None,
    loosened: Iterable[Any] = (),
    measures: tuple[Measure, ...] | None = None,
    rubric: RubricSummary | None = None,
    code_agreement: Iterable[CodeAgreement] = (),
    findings_not_listed: Iterable[tuple[str, str, str, int]] = (),
    repeats: RepeatSummary | None = None,
) -> Report:
    """Assemble the Report from the stages' results; no scoring happens here.

    ``measures`` are the measures shown (default: the automatic family and the code checks); ``rubric`` is the
    :class:`gate.judged.review.RubricSummary` when judgements were read."""
    slices = tuple(dict.fromkeys(s.slice for s in scores))
    listed: Sequence[Finding] = findings if isinstance(findings, Sequence) and _on_disk(findings) else tuple(findings)
    cells = tuple(build_cells(scores, rules))
    return Report(
        tool_version=__version__,
        run=run,
        set_version_logged=set_version_logged,
        question_set=question_set,
        thresholds=thresholds,
        matching=matching,
        min_n=min_n,
        answers=answers,
        questions=questions,
        measures=measures if measures is not None else measures_of(("automatic", "code_checks")),
        slices=slices,
        cells=cells,
        rules=tuple(rules),
        rule_texts=tuple(describe_rule(r, cells, comparison) for r in rules),
        findings=listed,
        notices=tuple(notices),
        verdict=verdict,
        comparison=comparison,
        loosened=tuple(loosened),
        rubric=rubric,
        code_agreement=tuple(code_agreement),
        findings_not_listed=tuple(findings_not_listed),
        repeats=repeats,
    )


def _on_disk(findings: Iterable[Finding]) -> bool:
    """The findings are read from disk (``--max-findings all``: :mod:`gate.engine.findings`),
    kept so rather than read into memory."""
    from gate.engine.findings import StoredFindings

    return isinstance(findings, StoredFindings)
