"""The one-sided exact McNemar test on flips, against published values and an independent sum."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gate.baseline import display_p, mcnemar_p


def lower_tail_complement(broken: int, fixed: int) -> Fraction:
    """P(X >= b) computed the other way round, 1 - P(X <= b - 1), with math.comb."""
    n = broken + fixed
    below = sum(math.comb(n, k) for k in range(0, broken))
    return 1 - Fraction(below, 2**n)


def pmf_product_tail(broken: int, fixed: int) -> float:
    """P(X >= b) by multiplying out each binomial term in floating point (no comb)."""
    n = broken + fixed
    total = 0.0
    for k in range(broken, n + 1):
        term = 1.0
        for i in range(k):
            term *= (n - i) / (i + 1)
        total += term * 0.5**n
    return total


# Published one-sided exact values: P(X >= b | X ~ Bin(b + c, 1/2)).
PUBLISHED = [
    (3, 0, Fraction(1, 8), 0.125),
    (5, 1, Fraction(7, 64), 0.109375),
    (10, 10, Fraction(616666, 2**20), 0.588099),
]


@pytest.mark.parametrize("broken, fixed, exact, published", PUBLISHED)
def test_matches_published_values(broken, fixed, exact, published):
    p = mcnemar_p(broken, fixed)
    assert p == exact
    assert p == lower_tail_complement(broken, fixed)
    assert float(p) == pytest.approx(pmf_product_tail(broken, fixed), abs=1e-15)
    assert float(p) == pytest.approx(published, abs=5e-7)


@pytest.mark.parametrize(
    "broken, fixed, exact",
    [
        (0, 0, Fraction(1)),  # nothing flipped: no evidence at all
        (0, 7, Fraction(1)),  # only fixes: never evidence of a drop
        (1, 0, Fraction(1, 2)),  # one broken question alone is a coin toss
        (2, 0, Fraction(1, 4)),
        (5, 0, Fraction(1, 32)),
        (1, 1, Fraction(3, 4)),
        (6, 1, Fraction(1, 16)),  # (1 + 7) / 128
    ],
)
def test_small_cases(broken, fixed, exact):
    assert mcnemar_p(broken, fixed) == exact


def test_negative_counts_are_refused():
    with pytest.raises(ValueError, match="broken=-1"):
        mcnemar_p(-1, 2)


@given(st.integers(0, 60), st.integers(0, 60))
def test_agrees_with_the_complement_sum(broken, fixed):
    assert mcnemar_p(broken, fixed) == lower_tail_complement(broken, fixed)


@given(st.integers(1, 60), st.integers(0, 60))
def test_tails_of_the_same_binomial_add_to_one(broken, fixed):
    # P(X >= b) + P(X <= b - 1) = 1 and, by symmetry of Bin(n, 1/2), P(X <= b - 1) = P(X >= n - b + 1).
    assert mcnemar_p(broken, fixed) + mcnemar_p(fixed + 1, broken - 1) == 1


@given(st.integers(0, 60), st.integers(0, 60))
def test_more_broken_is_more_evidence_and_more_fixed_is_less(broken, fixed):
    p = mcnemar_p(broken, fixed)
    assert 0 < p <= 1
    assert mcnemar_p(broken + 1, fixed) < p
    assert mcnemar_p(broken, fixed + 1) >= p


@pytest.mark.parametrize(
    "p, alpha, shown",
    [
        (Fraction(1), None, "1"),
        (Fraction(1, 2), None, "0.5"),
        (Fraction(1, 8), None, "0.125"),
        (Fraction(7, 64), None, "0.109"),
        (Fraction(616666, 2**20), None, "0.588"),
        (Fraction(1, 32), Fraction(1, 20), "0.0313"),
        (Fraction(1, 20), Fraction(1, 20), "0.05"),
        # 0.04996 reads 0.0500 at three digits, which is not below alpha: one more digit.
        (Fraction(4996, 100000), Fraction(1, 20), "0.04996"),
        # 0.050004 reads 0.0500, which agrees (not below); kept at three digits.
        (Fraction(50004, 1000000), Fraction(1, 20), "0.05"),
    ],
)
def test_display_never_contradicts_the_test(p, alpha, shown):
    assert display_p(p, alpha) == shown
