"""The statistics of a comparison: the one-sided exact McNemar test on the flips."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def mcnemar_p(broken: int, fixed: int) -> Fraction:
    """One-sided exact McNemar p-value of a drop, exact.

    Under the null hypothesis (no change between the versions) each discordant question is
    as likely to break as to be fixed, so the number broken among the ``broken + fixed``
    flips is Bin(broken + fixed, 1/2), and the p-value of "worse" is the upper tail
    P(X >= broken) = sum_{k=broken}^{n} C(n, k) / 2**n (McNemar 1947; the exact form is the
    sign test on the discordant pairs, see Fagerland, Lydersen and Laake 2013, BMC Med Res
    Methodol 13:91). Published values: (3, 0) -> 1/8, (5, 1) -> 7/64, (10, 10) -> 0.588...

    Args:
        broken: questions that passed in the baseline and fail now (>= 0).
        fixed: questions that failed in the baseline and pass now (>= 0).

    Returns:
        The p-value as an exact fraction in (0, 1]; 1 when nothing flipped.

    Raises:
        ValueError: a negative count.
    """
    if broken < 0 or fixed < 0:
        raise ValueError(f"flip counts must be >= 0, found broken={broken}, fixed={fixed}")
    n = broken + fixed
    return Fraction(sum(comb(n, k) for k in range(broken, n + 1)), 2**n)
