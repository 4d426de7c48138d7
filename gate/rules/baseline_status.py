"""Each rule's status on the baseline: what tells a new failure from one the baseline had already.

A level rule (``min``, ``max``) is checked on the baseline's count of its slice and measure,
as the comparison re-scored it on the common questions (:attr:`gate.rules.comparison.ComparedCell.baseline`),
with the same ``min_n``: ``pass``, ``fail``, ``warn``, or ``skip`` when the comparison holds no
count there (n = 0, or a measure the baseline does not store). A regression rule (``max_drop``,
``max_rise``) compares the baseline with itself, a change of zero, which every limit holds: ``pass``;
so a regression rule that fails is always new. Without a baseline every status is None.
"""

from __future__ import annotations

from collections.abc import Sequence

from gate.rules.comparison import Comparison
from gate.rules.thresholds import LEVEL_KINDS
from gate.rules.verdict import FAIL, PASS, SKIP, RuleResult, level_holds, rule_status


def baseline_status(result: RuleResult, comparison: Comparison | None) -> str | None:
    """The status a rule had on the baseline (see the module), or None without a baseline."""
    if comparison is None:
        return None
    if result.rule.kind not in LEVEL_KINDS:
        return PASS
    try:
        count = comparison.cell(result.slice, result.rule.measure).baseline
    except KeyError:
        return SKIP
    rate = count.rate
    if rate is None:
        return SKIP
    status, _ = rule_status(not level_holds(result.rule.kind, rate, result.rule.bound), result.rule, count.denominator,
                            comparison.min_n)
    return status


def baseline_statuses(results: Sequence[RuleResult], comparison: Comparison | None) -> tuple[str | None, ...]:
    """:func:`baseline_status` of each rule, in order."""
    return tuple(baseline_status(r, comparison) for r in results)


def is_new(result: RuleResult, status_then: str | None) -> bool:
    """Whether a broken rule is news: it breaks now (``fail`` or ``warn``) and did not break
    the same way on the baseline (without a baseline, every broken rule is news)."""
    if result.status not in (FAIL, "warn"):
        return False
    return status_then != result.status
