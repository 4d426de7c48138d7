"""Cohen's kappa against hand-computed values and a published example, and grader validation."""

from fractions import Fraction

import pytest

from gate.model.agreement import cohen_kappa, format_kappa, validate_grader


def pairs(table):
    """Expand ``{(a, b): count}`` into rating pairs."""
    return [pair for pair, count in table.items() for _ in range(count)]


def test_published_example_gives_0_4():
    # Wikipedia, "Cohen's kappa", simple example: 50 proposals read by two readers;
    # both yes 20, A yes B no 5, A no B yes 10, both no 15: p_o = 0.7, p_e = 0.5, kappa = 0.4.
    k = cohen_kappa(pairs({("yes", "yes"): 20, ("yes", "no"): 5, ("no", "yes"): 10, ("no", "no"): 15}))
    assert (k.n, k.observed, k.expected, k.value) == (50, Fraction(7, 10), Fraction(1, 2), Fraction(2, 5))


def test_hand_computed_three_labels():
    # 10 items: agree on 6 (yes 4, no 1, n.a. 1). A: yes 6, no 3, n.a. 1; B: yes 6, no 2, n.a. 2.
    # p_o = 6/10; p_e = (6*6 + 3*2 + 1*2)/100 = 44/100; kappa = (60-44)/(100-44) = 16/56 = 2/7.
    table = {("yes", "yes"): 4, ("no", "no"): 1, ("not_applicable", "not_applicable"): 1,
             ("yes", "no"): 1, ("yes", "not_applicable"): 1, ("no", "yes"): 2}
    k = cohen_kappa(pairs(table))
    assert k.observed == Fraction(6, 10) and k.expected == Fraction(44, 100)
    assert k.value == Fraction(2, 7)
    assert format_kappa(k.value) == "0.29"


def test_perfect_agreement_is_one():
    k = cohen_kappa(pairs({("yes", "yes"): 3, ("no", "no"): 2}))
    assert k.value == 1


def test_agreement_at_chance_is_zero():
    # A and B each say yes half the time, independently: p_o = p_e = 1/2.
    k = cohen_kappa(pairs({("yes", "yes"): 1, ("yes", "no"): 1, ("no", "yes"): 1, ("no", "no"): 1}))
    assert k.value == 0 and k.observed == k.expected == Fraction(1, 2)


def test_worse_than_chance_is_negative():
    k = cohen_kappa(pairs({("yes", "no"): 2, ("no", "yes"): 2}))
    assert k.value == -1


@pytest.mark.parametrize("table, reason", [
    ({("yes", "yes"): 3, ("yes", "no"): 1}, "undefined: the first rater gave only 'yes'"),
    ({("yes", "no"): 2, ("no", "no"): 2}, "undefined: the second rater gave only 'no'"),
    ({("yes", "yes"): 4}, "undefined: both raters gave only 'yes'"),
])
def test_a_rater_with_a_single_label_is_undefined_never_zero_or_nan(table, reason):
    k = cohen_kappa(pairs(table))
    assert k.value is None and k.reason == reason
    assert format_kappa(k.value) == "undefined"


def test_no_items_is_undefined():
    k = cohen_kappa([])
    assert (k.n, k.value, k.observed) == (0, None, None)


def test_grader_validation_floors():
    good = pairs({("yes", "yes"): 6, ("no", "no"): 4})
    chance = pairs({("yes", "yes"): 3, ("yes", "no"): 2, ("no", "yes"): 3, ("no", "no"): 2})
    v = validate_grader({"series": good, "unit": good}, 10, Fraction(3, 5), 10)
    assert v.validated and v.reason == "validated: kappa at least 0.60 on every rubric question, n=10"
    v = validate_grader({"series": good, "unit": chance}, 10, Fraction(3, 5), 10)
    assert not v.validated and v.reason == "not validated: unit kappa 0.00 < 0.60"
    v = validate_grader({"series": good}, 9, Fraction(3, 5), 10)
    assert not v.validated and "min_overlap is 10" in v.reason
