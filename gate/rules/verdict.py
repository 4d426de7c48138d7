"""Rules checked against scores, and the verdict.

A rule check is a pure predicate on exact fractions (the rate is numerator over
denominator; the bound is the decimal written in thresholds.yaml): one unsupported figure in
220 is 1/220 and fails a ceiling of 0. A cell whose n is below ``min_n`` shows a direction
only: a failing rule there is reported as ``warn``, never ``fail``. A cell with n = 0 has no
rate; its rules are ``skip``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gate.model.scores import Score, slice_language
from gate.rules.thresholds import LEVEL_KINDS, Rule, Thresholds

PASS, FAIL, WARN, SKIP = "pass", "fail", "warn", "skip"
#: The multiple-test corrections of ``regression.correction`` (see :mod:`gate.baseline.family`).
CORRECTIONS = ("holm", "bonferroni", "none")
#: How the reports name each correction.
CORRECTION_WORDS = {"holm": "Holm's step-down with Tarone's exclusion", "bonferroni": "Bonferroni", "none": "no correction"}
#: The statuses from the mildest to the worst; a cell shows the worst of its rules.
STATUS_ORDER = (SKIP, PASS, WARN, FAIL)


@dataclass(frozen=True)
class Tested:
    """How a regression rule's exact test was weighed, beside the other rules it was decided with.

    Attributes:
        p_value: the raw one-sided exact p of the cell's flips.
        adjusted_p: the p adjusted for the family (:mod:`gate.baseline.family`), compared
            with alpha; None when the rule is outside the family (severity warn, or n below
            min_n): its raw p is only reported.
        correction: ``holm`` (Holm's step-down with Tarone's exclusion), ``bonferroni`` or
            ``none`` (``regression.correction``).
        family: how many rules the family holds (every error-severity regression rule on a
            cell with 0 < n >= min_n), fixed before the flips are seen.
        reachable: whether the rule's smallest attainable p, given its number of flips,
            could fall below the level it is compared with at its step; a rule that cannot
            (Tarone's exclusion, or too few questions) shows "insufficient evidence".
    """

    p_value: Fraction
    adjusted_p: Fraction | None
    correction: str
    family: int
    reachable: bool

    @property
    def in_family(self) -> bool:
        """Whether the rule was decided in the family (it has an adjusted p)."""
        return self.adjusted_p is not None


@dataclass(frozen=True)
class RuleResult:
    """One rule checked on one slice.

    Attributes:
        slice: the slice checked.
        rule: the rule.
        status: ``pass``, ``fail`` (an error rule broken: the gate fails), ``warn`` (broken,
            but severity warn or n below min_n) or ``skip`` (nothing to compare).
        actual: the rate (level rules) or the change against the baseline in rate points
            (regression rules); None when there is nothing to compare.
        n: the number of items the rate was computed on.
        reason: why the status, in a sentence for people.
        could_decide: whether the rule could fail the gate on this run: severity error,
            0 < n and n >= min_n, and for a regression rule its place in the family. A run
            where no rule could decide is undecided (:func:`decide`).
        test: a regression rule's test (raw and adjusted p, the correction, the family),
            None for level rules and where nothing was tested.
    """

    slice: str
    rule: Rule
    status: str
    actual: Fraction | None
    n: int
    reason: str
    could_decide: bool = True
    test: Tested | None = None

    @property
    def broken(self) -> bool:
        """Did the value break the bound (whatever the severity)?"""
        return self.status in (FAIL, WARN)


def level_holds(kind: str, rate: Fraction, bound: Fraction) -> bool:
    """Does an exact rate satisfy a floor (``min``) or a ceiling (``max``)? Bounds are inclusive."""
    if kind == "min":
        return rate >= bound
    if kind == "max":
        return rate <= bound
    raise ValueError(f"not a level rule: {kind}")


def change_holds(kind: str, delta: Fraction, bound: Fraction) -> bool:
    """Does a change satisfy a regression limit? ``max_drop``: the fall ``-delta`` is at most
    the bound; ``max_rise``: the rise ``delta`` is at most the bound."""
    if kind == "max_drop":
        return -delta <= bound
    if kind == "max_rise":
        return delta <= bound
    raise ValueError(f"not a regression rule: {kind}")


def worst_status(statuses: Iterable[str]) -> str | None:
    """The worst of some statuses in :data:`STATUS_ORDER`, or None when there are none."""
    return max(statuses, key=STATUS_ORDER.index, default=None)


def rule_status(broken: bool, rule: Rule, n: int, min_n: int, why: str = "") -> tuple[str, str]:
    """The status of a rule and the reason shown with it, for level and regression rules alike.

    A rule that holds passes. A broken rule warns when n is below ``min_n`` (a direction
    only) or when its severity is ``warn``, and fails otherwise.

    Args:
        broken: whether the value broke the bound.
        rule: the rule (its severity).
        n: the number of items the value was computed on.
        min_n: below this n a broken rule only warns.
        why: what made the break count, said before the severity (a regression's test).

    Returns:
        ``(status, reason)``; the reason is empty for a pass and ``why`` for a failure.
    """
    if not broken:
        return PASS, ""
    if n < min_n:
        return WARN, f"n={n} is below min_n={min_n}: a direction only, never a failure"
    if rule.severity == "warn":
        return WARN, f"{why}; severity warn: reported only" if why else "severity warn: reported only"
    return FAIL, why


def can_decide(rule: Rule, n: int, min_n: int) -> bool:
    """Whether a rule on a cell of n items could fail the gate: severity ``error`` and
    0 < n >= min_n (a regression rule must also be in its family, see
    :mod:`gate.baseline.family`)."""
    return rule.severity == "error" and n > 0 and n >= min_n


def check_levels(scores: Iterable[Score], thresholds: Thresholds) -> list[RuleResult]:
    """Check every floor and ceiling on every slice.

    Returns:
        One result per (slice, level rule), in slice then measure order.
    """
    results = []
    for score in scores:
        for rule in thresholds.rules_for(slice_language(score.slice)):
            if rule.measure != score.measure or rule.kind not in LEVEL_KINDS:
                continue
            rate = score.rate
            if rate is None:
                results.append(RuleResult(score.slice, rule, SKIP, None, 0, "n=0: no rate to check"))
                continue
            broken = not level_holds(rule.kind, rate, rule.bound)
            status, reason = rule_status(broken, rule, score.n, thresholds.min_n)
            results.append(RuleResult(score.slice, rule, status, rate, score.n, reason,
                                      could_decide=can_decide(rule, score.n, thresholds.min_n)))
    return results


@dataclass(frozen=True)
class Verdict:
    """Pass or fail, with the counts that decided it.

    Attributes:
        passed: no rule has status ``fail``, at least one rule could decide, and no
            loosened rule fails the gate.
        failed: how many rules failed.
        warned: how many rules broke without failing the gate.
        checked: how many rules were checked (not skipped).
        skipped: how many rules were skipped (no unit to count in the slice).
        undecided: why no rule could decide, when none could (the gate then fails), else None.
        loosened: how many loosened rules failed the gate (``fail_on_loosened: true``).
    """

    passed: bool
    failed: int
    warned: int
    checked: int
    skipped: int = 0
    undecided: str | None = None
    loosened: int = 0


def decide(results: Iterable[RuleResult], unchecked: str | None = None, loosened: int = 0) -> Verdict:
    """The verdict over every rule result.

    The law: a gate that cannot decide never passes. A rule *could decide* when it has
    severity ``error`` and its cell has 0 < n and n >= ``min_n`` (a regression rule: and it
    is in the family of :mod:`gate.baseline.family`), see :attr:`RuleResult.could_decide`.
    When no rule could decide (every cell empty or below ``min_n``, every rule of severity
    warn, or only regression rules and no baseline), the verdict fails with the reason in
    :attr:`Verdict.undecided`.

    Args:
        results: every rule checked on every slice.
        unchecked: why rules of the file produced no result at all (the caller knows,
            e.g. regression rules with no baseline), said when there is no result.
        loosened: how many loosened rules fail the gate (``fail_on_loosened``); any
            fails it.
    """
    results = list(results)
    failed = sum(r.status == FAIL for r in results)
    warned = sum(r.status == WARN for r in results)
    checked = sum(r.status != SKIP for r in results)
    decided = any(r.status != SKIP and (r.could_decide or r.status == FAIL) for r in results)
    undecided = None if decided else undecided_reason(results, unchecked)
    return Verdict(passed=failed == 0 and undecided is None and not loosened, failed=failed, warned=warned, checked=checked,
                   skipped=len(results) - checked, undecided=undecided, loosened=loosened)


def undecided_reason(results: Sequence[RuleResult], unchecked: str | None = None) -> str:
    """Why no rule could decide, and what would let one: lower ``slices.min_n``, add
    questions, make a rule an error, or compare with a baseline."""
    if not results:
        return unchecked or "no rule applies to any slice of this run"
    checked = [r for r in results if r.status != SKIP]
    if not checked:
        return f"every rule's cell had nothing to count ({len(results)} rule(s) skipped, n=0)"
    warn = sum(r.rule.severity == "warn" for r in checked)
    small = len(checked) - warn
    causes = []
    if small:
        causes.append(f"{small} rule(s) on cells with n below min_n (a direction only)")
    if warn:
        causes.append(f"{warn} rule(s) of severity warn (reported only)")
    return (f"no rule could decide: {'; '.join(causes)}; to decide, lower slices.min_n, add questions, "
            "make a rule severity error, or compare with a baseline")
