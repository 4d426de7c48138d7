"""Rules on exact rates, every boundary table-driven, and a display that never contradicts them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gate.model.outcomes import Count
from gate.report.model import build_cells, display_rate, round_half_up
from gate.model.scores import Score
from gate.rules.thresholds import Rule, Thresholds
from gate.rules.verdict import check_levels, decide


def rule(measure: str, kind: str, bound: str, severity: str = "error", language: str | None = None) -> Rule:
    return Rule(measure, kind, Fraction(bound), severity, "t.yaml:1", language)


def thresholds(*rules: Rule, min_n: int = 0, languages=None) -> Thresholds:
    table: dict[str, tuple[Rule, ...]] = {}
    for r in rules:
        table[r.measure] = table.get(r.measure, ()) + (r,)
    return Thresholds(path="t.yaml", min_n=min_n, measures=table, languages=languages or {})


LEVEL_CASES = [
    # measure, kind, bound, numerator, denominator, min_n, status
    ("numeric_accuracy", "min", "0.90", 9, 10, 0, "pass"),        # exactly at the floor
    ("numeric_accuracy", "min", "0.90", 899, 1000, 0, "fail"),    # just below: would round to 0.90
    ("numeric_accuracy", "min", "0.90", 10, 10, 0, "pass"),
    ("unsupported_numbers", "max", "0.00", 0, 220, 0, "pass"),
    ("unsupported_numbers", "max", "0.00", 1, 220, 0, "fail"),    # one invented figure in 220
    ("unsupported_numbers", "max", "0.05", 1, 20, 0, "pass"),     # exactly at the ceiling
    ("unsupported_numbers", "max", "0.05", 11, 200, 0, "fail"),
    ("numeric_accuracy", "min", "0.90", 1, 2, 5, "warn"),         # n below min_n: direction only
    ("numeric_accuracy", "min", "0.90", 4, 5, 5, "fail"),         # n equal to min_n counts
    ("numeric_accuracy", "min", "0.90", 0, 0, 0, "skip"),         # empty cell: no rate
]


@pytest.mark.parametrize("measure, kind, bound, num, den, min_n, status", LEVEL_CASES)
def test_level_rule_boundaries(measure, kind, bound, num, den, min_n, status):
    results = check_levels([Score("all", measure, Count(num, den))], thresholds(rule(measure, kind, bound), min_n=min_n))
    assert [r.status for r in results] == [status]
    # a lone skipped rule checks nothing, a lone rule below min_n shows a direction only: a
    # gate where no rule could decide never passes
    assert decide(results).passed is (status == "pass")
    assert (decide(results).undecided is None) is (status in ("pass", "fail"))


def test_severity_warn_reports_without_failing():
    results = check_levels([Score("all", "numeric_accuracy", Count(1, 2)), Score("all", "citation_validity", Count(2, 2))],
                           thresholds(rule("numeric_accuracy", "min", "0.9", "warn"), rule("citation_validity", "min", "0.9")))
    assert results[0].status == "warn" and results[0].reason == "severity warn: reported only"
    assert [r.could_decide for r in results] == [False, True]
    verdict = decide(results)
    assert (verdict.passed, verdict.failed, verdict.warned, verdict.undecided) == (True, 0, 1, None)


@pytest.mark.parametrize("severities, min_n, n, undecided", [
    # only severity warn: nothing could fail the gate
    (("warn",), 0, 10, "no rule could decide: 1 rule(s) of severity warn (reported only); to decide, lower slices.min_n, "
                       "add questions, make a rule severity error, or compare with a baseline"),
    # an error rule below min_n shows a direction only
    (("error", "warn"), 20, 10, "no rule could decide: 1 rule(s) on cells with n below min_n (a direction only); 1 rule(s) of "
                                "severity warn (reported only); to decide, lower slices.min_n, add questions, make a rule "
                                "severity error, or compare with a baseline"),
    # n equal to min_n decides
    (("error",), 10, 10, None),
])
def test_a_run_where_no_rule_could_decide_is_undecided(severities, min_n, n, undecided):
    measures = ("numeric_accuracy", "citation_validity")
    rules = [rule(m, "min", "0.5", severity) for m, severity in zip(measures, severities)]
    results = check_levels([Score("all", m, Count(n, n)) for m in measures], thresholds(*rules, min_n=min_n))
    assert all(r.status == "pass" for r in results)
    verdict = decide(results)
    assert (verdict.undecided, verdict.passed) == (undecided, undecided is None)


def test_language_override_replaces_only_its_keys():
    top = rule("numeric_accuracy", "min", "0.90")
    fr = rule("numeric_accuracy", "min", "0.50", language="fr")
    t = thresholds(top, languages={"fr": {"numeric_accuracy": (fr,)}})
    scores = [Score("all", "numeric_accuracy", Count(6, 10)), Score("language=fr", "numeric_accuracy", Count(6, 10)),
              Score("language=fr-ca", "numeric_accuracy", Count(6, 10)), Score("language=en", "numeric_accuracy", Count(6, 10))]
    assert [(r.slice, r.status) for r in check_levels(scores, t)] == [
        ("all", "fail"), ("language=fr", "pass"), ("language=fr-ca", "pass"), ("language=en", "fail")]


DISPLAY_CASES = [
    (Fraction(5, 6), [], "0.83"),
    (Fraction(7, 8), [], "0.88"),                                        # half up
    (Fraction(1, 8), [], "0.13"),
    (Fraction(1, 220), [("max", Fraction(0), False)], "0.005"),          # never reads as the ceiling 0.00
    (Fraction(1, 220), [], "0.00"),                                      # no rule: plain rounding
    (Fraction(899, 1000), [("min", Fraction(9, 10), False)], "0.899"),   # never reads as the floor 0.90
    (Fraction(8999, 10000), [("min", Fraction(9, 10), False)], "0.8999"),
    (Fraction(9, 10), [("min", Fraction(9, 10), True)], "0.90"),
    (Fraction(1, 10**9), [("max", Fraction(0), False)], "1/1000000000"),  # six decimals still read 0: the count
    (None, [], "-"),
]


@pytest.mark.parametrize("rate, checks, shown", DISPLAY_CASES)
def test_display_never_contradicts_the_verdict(rate, checks, shown):
    assert display_rate(rate, checks) == shown


def test_cells_carry_display_and_status_from_their_rules():
    scores = [Score("all", "unsupported_numbers", Count(1, 220))]
    t = thresholds(rule("unsupported_numbers", "max", "0"))
    results = check_levels(scores, t)
    (cell,) = build_cells(scores, results)
    assert (cell.text, cell.status) == ("0.005 (n=220)", "fail")


def test_round_half_up_is_exact():
    assert str(round_half_up(Fraction(5, 1000), 2)) == "0.01"
    assert str(round_half_up(Fraction(7, 8), 2)) == "0.88"


def test_change_never_reads_as_within_a_limit_it_breaks():
    from gate.report.model import display_change

    before, after = Fraction(220, 220), Fraction(215, 220)   # a drop of 5/220 = 0.0227...
    assert display_change(before, after) == ("1.00", "0.98", "-0.02")
    assert display_change(before, after, [("max_drop", Fraction(2, 100), False)]) == ("1.000", "0.977", "-0.023")
    assert display_change(Fraction(0), Fraction(1, 220), [("max_rise", Fraction(0), False)]) == ("0.000", "0.005", "+0.005")
