"""Many regression tests decided as one family: the chance that a run with no real change
fails any of them stays at most alpha.

Every error-severity ``max_drop`` / ``max_rise`` rule on a cell whose n reaches ``min_n``
is one test of the family; which rules those are is fixed before any flip is seen. Each
test has its raw one-sided exact p and its smallest attainable p given its number of flips
(``1 / 2**flips`` for McNemar): the flips are ancillary (under "no change" they say nothing
about the direction), so conditioning on them keeps every p valid.

Corrections (``regression.correction``):

- ``holm`` (the default): Holm's step-down (Holm 1979) with Tarone's exclusion for discrete
  tests (Tarone 1990, Biometrics 46:515; step-down form: Hommel and Krummenauer 1998,
  Biometrics 54:673). At each step, among the tests not yet rejected, K is the smallest
  k >= 1 such that at most k of them can reach p < alpha / k at all; the test with the
  smallest p is rejected when p < alpha / K, and the procedure stops at the first test that
  is not. A test whose smallest attainable p cannot reach its step's level cannot count
  (it leaves the family's count instead of diluting the others). The procedure is the
  shortcut of a closed test whose local tests are Tarone's: it controls the family-wise
  error rate at alpha, whatever the dependence between the tests (nested slices, shared
  questions).
- ``bonferroni``: every test at alpha / m, m the family's size (no exclusion).
- ``none``: every test at alpha (each rule alone; the family's chance of a false failure
  grows with its size).

The adjusted p of a test is its raw p times its step's multiplier (K for ``holm``, m for
``bonferroni``, 1 for ``none``), capped at 1 and, for ``holm``, never below the adjusted p
of an earlier step; a test is rejected exactly when its adjusted p < alpha. (With Tarone's
K computed at the gate's alpha, the adjusted p is defined at that alpha.)

Pure and exact: fractions in, fractions out.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gate.rules.verdict import CORRECTION_WORDS, CORRECTIONS

HOLM, BONFERRONI, NONE = CORRECTIONS


@dataclass(frozen=True)
class FamilyTest:
    """One test of the family.

    Attributes:
        p_value: its raw p-value.
        p_min: the smallest p it could reach given what is ancillary (its number of flips).
    """

    p_value: Fraction
    p_min: Fraction


@dataclass(frozen=True)
class Adjusted:
    """A test's outcome in its family.

    Attributes:
        adjusted_p: the adjusted p (see the module); the test is rejected when it is below alpha.
        level: the level its raw p was compared with at its step (alpha over the multiplier).
        reachable: whether its smallest attainable p is below ``level``; when not, the test
            cannot reach significance (too few flips, or excluded by Tarone).
        rejected: whether the family rejects it (``adjusted_p < alpha``).
    """

    adjusted_p: Fraction
    level: Fraction
    reachable: bool
    rejected: bool


def tarone_k(p_mins: Sequence[Fraction], alpha: Fraction, upper: int | None = None) -> int:
    """Tarone's K: the smallest k >= 1 such that at most k of the tests can reach p < alpha / k.

    Args:
        p_mins: the tests' smallest attainable p-values, sorted ascending.
        alpha: the family's level.
        upper: a k known to satisfy the condition (K of a larger set of tests: removing a
            test never raises K), to search below; default the number of tests.

    Returns:
        K, between 1 and ``max(1, len(p_mins))``. (The count of tests that can reach
        alpha / k falls as k grows, so the condition holds from K on: found by bisection.)
    """
    if bisect_left(p_mins, alpha) <= 1:
        return 1
    lo, hi = 2, max(1, len(p_mins)) if upper is None else upper
    while lo < hi:
        mid = (lo + hi) // 2
        if bisect_left(p_mins, alpha / mid) <= mid:
            hi = mid
        else:
            lo = mid + 1
    return lo


def adjust(tests: Sequence[FamilyTest], alpha: Fraction, correction: str = HOLM) -> list[Adjusted]:
    """Decide a family of tests at level alpha with a correction; pure, exact.

    Args:
        tests: the family, in any order (ties in p are stepped through in this order).
        alpha: the family-wise error rate to keep, in (0, 1].
        correction: ``holm`` (with Tarone's exclusion), ``bonferroni`` or ``none``.

    Returns:
        One :class:`Adjusted` per test, in the order given.

    Raises:
        ValueError: an unknown correction.
    """
    if correction == NONE:
        return [Adjusted(t.p_value, alpha, t.p_min < alpha, t.p_value < alpha) for t in tests]
    if correction == BONFERRONI:
        m = len(tests)
        level = alpha / m if m else alpha
        return [Adjusted(min(Fraction(1), m * t.p_value), level, t.p_min < level, m * t.p_value < alpha) for t in tests]
    if correction != HOLM:
        raise ValueError(f"expected a correction in {', '.join(CORRECTIONS)}, found {correction!r}")
    return _holm_tarone(tests, alpha)


def _holm_tarone(tests: Sequence[FamilyTest], alpha: Fraction) -> list[Adjusted]:
    """Holm's step-down with Tarone's K at each step (see the module)."""
    order = sorted(range(len(tests)), key=lambda i: tests[i].p_value)
    remaining = sorted(t.p_min for t in tests)
    out: dict[int, Adjusted] = {}
    running = Fraction(0)
    k: int | None = None
    for i in order:
        test = tests[i]
        k = tarone_k(remaining, alpha, k)
        level = alpha / k
        running = max(running, min(Fraction(1), k * test.p_value))
        out[i] = Adjusted(running, level, test.p_min < level, running < alpha)
        remaining.pop(bisect_left(remaining, test.p_min))
    return [out[i] for i in range(len(tests))]


__all__ = ["BONFERRONI", "CORRECTION_WORDS", "HOLM", "NONE", "Adjusted", "FamilyTest", "adjust", "tarone_k"]
