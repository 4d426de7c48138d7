"""Repeated answers (issue 23, part 2): tallies that add, the mean of question pass rates,
pass^k, flaky questions and the exact test question by question, against hand-computed
values; and a run that changes nothing, with repeats, failing at most alpha of the time."""

from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gate.baseline.family import FamilyTest, adjust
from gate.baseline.repeats import Repeats, Tally, compare_repeats, repeated_min_p, repeated_p
from gate.baseline.stats import mcnemar_p

ALPHA = Fraction(1, 20)

#: Three questions with unequal attempts: (baseline attempts, passes), (run attempts, passes).
BASELINE = Repeats({"A": Tally(2, 2), "B": Tally(1, 1), "C": Tally(3, 1)})
RUN = Repeats({"A": Tally(1, 0), "B": Tally(3, 1), "C": Tally(2, 1)})


def test_rate_is_the_mean_of_question_pass_rates():
    # run: A 0/1, B 1/3, C 1/2 -> (0 + 1/3 + 1/2) / 3; baseline: 1, 1, 1/3 -> 7/9
    assert (RUN.rate, RUN.n) == (Fraction(5, 18), 3)
    assert BASELINE.rate == Fraction(7, 9)
    assert Repeats().rate is None


def test_retrying_only_failures_cannot_bias_the_rate():
    # q1 failed, was retried until it passed (3 attempts); q2 passed once: each question weighs one
    retried = Repeats.of([("q1", False), ("q2", True), ("q1", False), ("q1", True)])
    assert retried.tallies == {"q1": Tally(3, 1), "q2": Tally(1, 1)}
    assert retried.rate == (Fraction(1, 3) + 1) / 2 and retried.n == 2
    # the pooled rate over attempts would be 2/4; a question the measure did not apply to is not counted
    assert Repeats.of([("q1", None), ("q2", True)]).tallies == {"q2": Tally(1, 1)}


def test_flaky_questions():
    assert RUN.flaky == ("B", "C") and BASELINE.flaky == ("C",)
    assert Repeats({"x": Tally(2, 0), "y": Tally(2, 2)}).flaky == ()


def test_pass_hat_k():
    r = Repeats({"X": Tally(3, 2), "Y": Tally(3, 3), "Z": Tally(2, 2)})
    # pass^2 = (C(2,2)/C(3,2) + C(3,2)/C(3,2) + C(2,2)/C(2,2)) / 3 = (1/3 + 1 + 1) / 3
    assert r.pass_hat(2) == Fraction(7, 9)
    assert r.pass_hat() == r.pass_hat(2)               # default: the fewest attempts (Z's 2)
    assert r.pass_hat(1) == r.rate == Fraction(8, 9)
    # equal attempts: pass^k is the share of questions that passed every attempt
    assert Repeats({"p": Tally(3, 3), "q": Tally(3, 2), "r": Tally(3, 0)}).pass_hat() == Fraction(1, 3)
    with pytest.raises(ValueError, match="pass\\^3 needs 3 attempts of every question; Z has 2"):
        r.pass_hat(3)
    with pytest.raises(ValueError, match="expected k >= 1"):
        r.pass_hat(0)


def test_tallies_merge_across_batches_in_any_order():
    rng = random.Random(5)
    attempts = [(f"q{rng.randint(1, 12)}", rng.random() < 0.7) for _ in range(200)]
    whole = Repeats.of(attempts)
    shuffled = attempts[:]
    rng.shuffle(shuffled)
    parts = [Repeats.of(shuffled[i:i + 37]) for i in range(0, len(shuffled), 37)]
    merged = sum(parts, Repeats())
    assert merged == whole and merged.rate == whole.rate and merged.flaky == whole.flaky
    assert Tally(2, 1) + Tally(3, 3) == Tally(5, 4)
    with pytest.raises(ValueError, match="expected 0 <= passes <= attempts"):
        Tally(1, 2)


def test_exact_test_by_hand_with_unequal_attempts():
    pairs = [(BASELINE.tallies[q], RUN.tallies[q]) for q in "ABC"]
    # A: 2 of 3 attempts passed over both, 1 drawn for the run: P(0) = 1/3, P(1) = 2/3
    # B: 2 of 4 passed, 3 drawn: P(1) = 1/2, P(2) = 1/2
    # C: 2 of 5 passed, 2 drawn: P(0) = 3/10, P(1) = 6/10, P(2) = 1/10
    # observed total 0 + 1 + 1 = 2; P(total <= 2) = P(0,1,0) + P(0,1,1) + P(1,1,0) + P(0,2,0)
    #   = 1/20 + 1/10 + 1/10 + 1/20
    assert repeated_p(pairs) == Fraction(3, 10)
    assert repeated_min_p(pairs) == Fraction(1, 3) * Fraction(1, 2) * Fraction(3, 10)
    # A and B alone: observed 0 + 1, the lowest total: p = its probability, the least attainable
    assert repeated_p(pairs[:2]) == repeated_min_p(pairs[:2]) == Fraction(1, 6)
    assert repeated_p([]) == 1
    with pytest.raises(ValueError, match="question 0: no attempt in this run"):
        repeated_p([(Tally(1, 1), Tally())])


def _one_attempt_pairs(broken: int, fixed: int, passed: int, failed: int) -> list[tuple[Tally, Tally]]:
    return ([(Tally(1, 1), Tally(1, 0))] * broken + [(Tally(1, 0), Tally(1, 1))] * fixed
            + [(Tally(1, 1), Tally(1, 1))] * passed + [(Tally(1, 0), Tally(1, 0))] * failed)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 5), st.integers(0, 5))
def test_one_attempt_each_is_exact_mcnemar(broken, fixed, passed, failed):
    pairs = _one_attempt_pairs(broken, fixed, passed, failed)
    assert repeated_p(pairs) == mcnemar_p(broken, fixed)
    assert repeated_min_p(pairs) == Fraction(1, 2 ** (broken + fixed))


def test_published_mcnemar_values_question_by_question():
    assert repeated_p(_one_attempt_pairs(3, 0, 4, 1)) == Fraction(1, 8)
    assert repeated_p(_one_attempt_pairs(5, 1, 0, 0)) == Fraction(7, 64)


def test_the_test_is_valid_under_no_change_with_unequal_attempts():
    """Exact validity: for fixed totals per question, P(p <= a) <= a for every attainable a,
    by enumerating every outcome of two questions with unequal attempts."""
    from itertools import product

    base_attempts, run_attempts, totals = (2, 3), (3, 1), (3, 2)
    outcomes = []
    for ys in product(*(range(0, min(t, r) + 1) for t, r in zip(totals, run_attempts))):
        if any(t - y > b or t - y < 0 for t, y, b in zip(totals, ys, base_attempts)):
            continue
        pairs = [(Tally(b, t - y), Tally(r, y)) for b, r, t, y in zip(base_attempts, run_attempts, totals, ys)]
        weight = 1
        for b, r, t, y in zip(base_attempts, run_attempts, totals, ys):
            from math import comb
            weight *= comb(t, y) * comb(b + r - t, r - y)
        outcomes.append((repeated_p(pairs), weight))
    total = sum(w for _, w in outcomes)
    for a, _ in outcomes:
        assert Fraction(sum(w for p, w in outcomes if p <= a), total) <= a


# ------------------------------------------------------------------------------ the simulation

LANGUAGES = ("de", "en", "es", "fr", "it", "nl")
PER_LANGUAGE = 10
MEASURE_RATES = (0.9, 0.7, 0.5)
RUNS = 2000


def _null_run(rng: random.Random) -> list[tuple[Repeats, Repeats]]:
    """One null pair of runs with repeats: per question its own pass probability, the same in
    both versions, 1 to 3 attempts in each (unequal); cells: all and each language x 3 measures."""
    cells = []
    for rate in MEASURE_RATES:
        by_language = []
        for lang in LANGUAGES:
            before, after = {}, {}
            for i in range(PER_LANGUAGE):
                p = min(1.0, max(0.0, rng.gauss(rate, 0.2)))
                a, b = rng.randint(1, 3), rng.randint(1, 3)
                before[f"{lang}{i}"] = Tally(a, sum(rng.random() < p for _ in range(a)))
                after[f"{lang}{i}"] = Tally(b, sum(rng.random() < p for _ in range(b)))
            by_language.append((Repeats(before), Repeats(after)))
        cells.append((sum((x for x, _ in by_language), Repeats()), sum((y for _, y in by_language), Repeats())))
        cells.extend(by_language)
    return cells


def _failures(cells: list[tuple[Repeats, Repeats]]) -> tuple[bool, bool]:
    """The rule ``max_drop: 0.02`` on every cell, decided as the gate decides a family:
    whether the run fails with ``holm`` and with ``none``."""
    tests, dropped = [], []
    for before, after in cells:
        pairs = [(before.tallies[q], after.tallies[q]) for q in sorted(before.tallies)]
        tests.append(FamilyTest(repeated_p(pairs), repeated_min_p(pairs)))
        rate_before, rate_after = before.rate, after.rate
        assert rate_before is not None and rate_after is not None
        dropped.append(rate_before - rate_after > Fraction(1, 50))
    return tuple(any(d and a.rejected for d, a in zip(dropped, adjust(tests, ALPHA, correction)))  # type: ignore[return-value]
                 for correction in ("holm", "none"))


def test_a_run_with_repeats_that_changes_nothing_fails_at_most_alpha_of_the_time():
    rng = random.Random(2301)
    holm = none = 0
    for _ in range(RUNS):
        with_holm, with_none = _failures(_null_run(rng))
        holm += with_holm
        none += with_none
    margin = 3 * sqrt(float(ALPHA) * (1 - float(ALPHA)) / RUNS)
    print(f"\nnull pairs of runs with repeats: {RUNS}, 7 slices x 3 measures, 1-3 attempts a side; false failures: "
          f"holm {holm / RUNS:.4f}, none {none / RUNS:.4f} (alpha 0.05, Monte Carlo margin {margin:.4f})")
    assert holm / RUNS <= float(ALPHA) + margin
    assert none / RUNS > float(ALPHA)


def test_a_cell_compared_question_by_question():
    cell = compare_repeats(Repeats({**BASELINE.tallies, "only_before": Tally(1, 1)}), Repeats({**RUN.tallies, "only_now": Tally(2, 0)}))
    assert (cell.baseline, cell.current) == (BASELINE, RUN)          # the common questions only
    assert (cell.worse, cell.better) == (("A", "B"), ("C",))         # 1 -> 0, 1 -> 1/3; 1/3 -> 1/2
    assert cell.delta == Fraction(5, 18) - Fraction(7, 9)
    assert (cell.p_value, cell.p_min) == (Fraction(3, 10), Fraction(1, 20))
    assert compare_repeats(Repeats(), Repeats()).delta is None
