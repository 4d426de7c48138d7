"""Binding without false alarms (issue 27): the six kinds of how answers state periods, age
bands and caveats, as data (tests/fixtures/binding/, read by tests/binding_cases.py).

Every tuned case gives exactly its expected findings: correct answers none (a figure with no
stated period only ``period_not_stated``), wrong ones theirs (a figure for the wrong period,
a caveat left out). The held-out files, written apart and not tuned on, must be decided
right at 95% or more with no false alarm on a correct answer.
"""

from __future__ import annotations

from collections import Counter

import pytest

from binding_cases import KINDS, LANGUAGES, Case, findings, load, measure

TUNED = load("kinds.jsonl")
HELD_OUT = ("held_out.jsonl", "held_out_2.jsonl", "held_out_3.jsonl")


@pytest.mark.parametrize("case", TUNED, ids=[c.name for c in TUNED])
def test_each_tuned_case_gives_exactly_its_findings(case: Case) -> None:
    assert findings(case) == case.expected, case.answer


def test_ten_correct_answers_per_kind_in_all_eight_languages() -> None:
    for kind in KINDS:
        correct = [c for c in TUNED if c.kind == kind and c.correct]
        assert len(correct) >= 10, kind
        assert {c.language for c in correct} == set(LANGUAGES), kind


def test_a_correct_answer_gives_no_finding_but_a_figure_with_no_stated_period() -> None:
    for c in TUNED:
        if c.correct:
            allowed = {"period_unstated:period_not_stated"} if c.kind == "no_period" else set()
            assert c.expected <= allowed, c.name
    assert all(c.expected == {"period_unstated:period_not_stated"} for c in TUNED if c.kind == "no_period")


def test_the_wrong_answers_of_each_kind_are_there_and_say_their_fault() -> None:
    wrong = Counter((c.kind, code) for c in TUNED if not c.correct for code in c.expected)
    for kind in ("two_periods", "respectively", "one_period", "age_band"):
        assert wrong[(kind, "period_match:wrong_period")] >= 3, kind
    assert wrong[("caveat", "caveat_stated:caveat_missing")] >= 5


@pytest.mark.parametrize("file", HELD_OUT)
def test_held_out_cases_are_decided_right_with_no_false_alarm(file: str) -> None:
    cases = load(file)
    result, wrong = measure(cases)
    assert result.cases >= 33 and result.correct >= 27
    assert result.false_alarms == 0, [(c.name, sorted(got)) for c, got in wrong]
    assert result.share_right >= 0.95, [(c.name, sorted(got)) for c, got in wrong]
    assert {c.kind for c in cases} == set(KINDS)


def test_held_out_answers_are_not_tuned_answers() -> None:
    tuned = {c.answer for c in TUNED}
    for file in HELD_OUT:
        assert not tuned & {c.answer for c in load(file)}, file


def test_a_unit_said_once_for_several_figures_is_still_checked() -> None:
    """The unit after the last figure of a list is every figure's ('49,8 et 51,2 ...'), and
    a wrong one is still a mismatch for each."""
    right = Case("t", 1, "respectively", "en", "Exports were 49.8 and 51.2 billion euros in 2023 and 2024 respectively.",
                 ("EXPORTS",), ("EXPORTS",), frozenset(), True)
    assert findings(right) == frozenset()
    wrong = Case("t", 2, "respectively", "en", "Exports were 49.8 and 51.2 billion dollars in 2023 and 2024 respectively.",
                 ("EXPORTS",), ("EXPORTS",), frozenset(), False)
    assert findings(wrong) == {"unit_stated:unit_mismatch"}
