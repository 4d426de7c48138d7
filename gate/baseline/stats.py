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


def mcnemar_min_p(flips: int) -> Fraction:
    """The smallest one-sided exact McNemar p that ``flips`` flipped questions can give:
    every one broken, ``1 / 2**flips`` (1 when nothing flipped). The number of flips is
    ancillary under "no change", so this is what Tarone's exclusion weighs a test by.

    Raises:
        ValueError: a negative count.
    """
    if flips < 0:
        raise ValueError(f"the number of flips must be >= 0, found {flips}")
    return Fraction(1, 2**flips)


def flips_needed(level: Fraction) -> int:
    """The fewest questions that must break (none fixed) for the one-sided exact McNemar p
    to fall below ``level``: the smallest b with ``1 / 2**b < level``.

    Raises:
        ValueError: a level outside (0, 1].
    """
    if not 0 < level <= 1:
        raise ValueError(f"expected a level in (0, 1], found {level}")
    b = 0
    while Fraction(1, 2**b) >= level:
        b += 1
    return b
