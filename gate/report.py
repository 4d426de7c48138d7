"""The one Report that every renderer formats, and how it is built.

Everything a renderer shows is decided here: the cells with their display text, the rules
with their status, the findings, the notices, the comparison with the baseline. Renderers
(terminal, markdown, JSON, JUnit) only format; none computes.

Rates are shown with two decimals, rounded half up, unless that would contradict the
verdict beside them (coverage.py #284): a failing rate never reads as its bound, so more
digits are shown until it does not (1/220 against a ceiling of 0 reads 0.005, not 0.00),
and the exact count when even six digits would not tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Iterable

from gate import __version__
from gate.figures import MatchSettings
from gate.measures import MEASURES, Finding, Measure
from gate.scores import Score
from gate.verdict import FAIL, PASS, SKIP, WARN, RuleResult, Verdict, level_holds

SCHEMA_VERSION = "1.0"
_STATUS_ORDER = {None: 0, SKIP: 0, PASS: 1, WARN: 2, FAIL: 3}


def round_half_up(value: Fraction, digits: int) -> Decimal:
    """An exact fraction rounded half up to ``digits`` decimals."""
    quantum = Decimal(1).scaleb(-digits)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    # Decimal division is exact to 28 digits, far beyond the digits shown here.
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def display_rate(rate: Fraction | None, checks: Iterable[tuple[str, Fraction, bool]] = (), digits: int = 2) -> str:
    """The rate as shown, never contradicting the rules checked on it.

    Args:
        rate: the exact rate, or None (shown as ``-``).
        checks: ``(kind, bound, held)`` for each level rule on the cell: kind ``min`` or
            ``max``, the bound, and whether the exact rate satisfied it.
        digits: decimals shown when nothing forces more.

    Returns:
        ``"0.83"``; ``"0.005"`` for 1/220 against a ceiling of 0; the fraction ``"1/220"``
        when six decimals still read as the bound.
    """
    if rate is None:
        return "-"
    checks = list(checks)
    for d in range(digits, 7):
        shown = round_half_up(rate, d)
        shown_fraction = Fraction(shown)
        if all(level_holds(kind, shown_fraction, bound) == held for kind, bound, held in checks):
            return f"{shown:.{d}f}"
    return f"{rate.numerator}/{rate.denominator}"


def display_points(delta: Fraction | None, digits: int = 2) -> str:
    """A change in rate points, signed: ``+0.05``, ``-0.17``, ``0.00``."""
    if delta is None:
        return "-"
    shown = round_half_up(delta, digits)
    if shown == 0:
        return f"{Decimal(0):.{digits}f}"
    return f"{shown:+.{digits}f}"


def change_holds(kind: str, delta: Fraction, bound: Fraction) -> bool:
    """Does a change satisfy a regression limit? ``max_drop``: the fall ``-delta`` is at most
    the bound; ``max_rise``: the rise ``delta`` is at most the bound."""
    if kind == "max_drop":
        return -delta <= bound
    if kind == "max_rise":
        return delta <= bound
    raise ValueError(f"not a regression rule: {kind}")


def display_change(before: Fraction | None, after: Fraction | None,
                   checks: Iterable[tuple[str, Fraction, bool]] = ()) -> tuple[str, str, str]:
    """Two rates and the change between them, as shown: ``("1.00", "0.83", "-0.17")``.

    Two decimals, rounded half up, unless that would contradict the exact values: equal
    texts for different rates, a change that reads as none (or some), a change that is not
    the difference of the two texts shown (7/8 after 1 reads ``1.000 -> 0.875 (-0.125)``,
    never ``1.00 -> 0.88 (-0.13)``), or a change that reads as on the other side of a
    regression limit than it is (``checks``: ``(kind, bound, held)``; a drop of 5/220 against
    ``max_drop: 0.02`` reads ``-0.023``, never ``-0.02``). Up to six decimals, then exact
    fractions. A missing rate reads ``-`` and so does the change.
    """
    checks = list(checks)
    if before is None or after is None:
        return display_rate(before), display_rate(after), "-"
    delta = after - before
    for digits in range(2, 7):
        a, b = round_half_up(before, digits), round_half_up(after, digits)
        d = round_half_up(delta, digits)
        agrees = all(change_holds(kind, Fraction(d), bound) == held for kind, bound, held in checks)
        if (a == b) == (delta == 0) and (d == 0) == (delta == 0) and b - a == d and agrees:
            change = f"{d:+.{digits}f}" if d else f"{d:.{digits}f}".lstrip("-")
            return f"{a:.{digits}f}", f"{b:.{digits}f}", change
    return str(before), str(after), ("+" if delta > 0 else "") + str(delta)


@dataclass(frozen=True)
class Cell:
    """One cell of the slices-by-measures table.

    Attributes:
        slice, measure: where it stands.
        numerator, denominator: the exact count (denominator is n).
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

    @property
    def text(self) -> str:
        """``0.83 (n=6)``, or ``-`` for an empty cell."""
        return "-" if self.rate is None else f"{self.display} (n={self.denominator})"


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
            report was asked to list fewer (``--max-findings``).
        findings_not_listed: ``(code, slice, count)`` of the findings left out of
            ``findings`` (slice ``all`` and each language), sorted; empty when all are listed.
        notices: warnings about the inputs (reported, never fatal).
        comparison: the comparison with the baseline, or None.
        verdict: pass or fail.
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
    findings: tuple[Finding, ...]
    notices: tuple[str, ...]
    verdict: Verdict
    rule_texts: tuple[str, ...] = ()
    comparison: Any = None
    findings_not_listed: tuple[tuple[str, str, int], ...] = ()
    schema_version: str = SCHEMA_VERSION

    def cell(self, slice_name: str, measure: str) -> Cell:
        """The cell of a slice and measure."""
        for c in self.cells:
            if c.slice == slice_name and c.measure == measure:
                return c
        raise KeyError((slice_name, measure))

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
        status = max((r.status for r in on_cell if r.status != SKIP), key=lambda st: _STATUS_ORDER[st], default=None)
        cells.append(Cell(s.slice, s.measure, s.count.numerator, s.count.denominator, s.rate,
                          display_rate(s.rate, checks), status))
    return cells


def describe_rule(result: RuleResult, cells: Iterable[Cell], comparison: Any = None) -> str:
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
        compared = getattr(comparison, "cell", None)
        if compared is not None:
            try:
                c = compared(result.slice, result.rule.measure)
                checks = [(r.rule.kind, r.rule.bound, not r.broken) for r in c.results if r.actual is not None]
                change = display_change(c.baseline.rate, c.current.rate, checks)[2]
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
    comparison: Any = None,
    findings_not_listed: Iterable[tuple[str, str, int]] = (),
) -> Report:
    """Assemble the Report from the stages' results; no scoring happens here."""
    slices = tuple(dict.fromkeys(s.slice for s in scores))
    findings = tuple(findings)
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
        measures=MEASURES,
        slices=slices,
        cells=cells,
        rules=tuple(rules),
        rule_texts=tuple(describe_rule(r, cells, comparison) for r in rules),
        findings=findings,
        notices=tuple(notices),
        verdict=verdict,
        comparison=comparison,
        findings_not_listed=tuple(findings_not_listed),
    )
