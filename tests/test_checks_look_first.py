"""Issue 10 item 1: a wrong answer's findings say where a reviewer looks first.

A wrong answer whose expected series was not retrieved is a retrieval failure; one whose
series was retrieved, a generation failure. The presence count and the published findings
are unchanged: the findings of the wrong answer carry ``look_first``, and the reports say
it once per question (the lead's heading, else the question's first other finding).
"""

from __future__ import annotations

import json
from decimal import Decimal

from conftest import EXAMPLES, RUN_13, SET_12, THRESHOLDS

from gate.figures import MatchSettings
from gate.scoring.answer import score_answer
from gate.run.check import check_run
from gate.model.inputs import Answer, Question
from gate.report.json_report import render_json
from gate.report.stored import report_from_dict
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown

RUN_14 = EXAMPLES / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"


def q(**kw):
    base = dict(question_id="q1", language="en", text="", expected_behaviour="answer", expected_values=(Decimal("7.6"),))
    base.update(kw)
    return Question(**base)


def a(text, **kw):
    base = dict(question_id="q1", language="en", question="", retrieved_ids=("S1",), retrieved_values=(Decimal("7.6"),),
                answer=text, cited_ids=("S1",), declined=False)
    base.update(kw)
    return Answer(**base)


def marks(question, answer):
    outcome = score_answer(question, answer, MatchSettings())
    return [(f.measure, f.code, f.look_first) for f in outcome.findings]


def test_a_wrong_answer_whose_series_was_retrieved_is_a_generation_failure():
    # S1 retrieved (7.6), the answer says 8.1: numeric accuracy and unsupported numbers fail
    assert marks(q(expected_ids=("S1",)), a("It was 8.1% in 2024 (S1).")) == [
        ("numeric_accuracy", "numeric_mismatch", "generation"),
        ("unsupported_numbers", "unsupported_figure", "generation"),
    ]


def test_a_wrong_answer_whose_series_was_not_retrieved_is_a_retrieval_failure():
    question = q(expected_ids=("S2",), expected_values=(Decimal("8.1"),))
    assert marks(question, a("It was 7.6% in 2024 (S1).")) == [
        ("numeric_accuracy", "numeric_mismatch", "retrieval"),
        ("retrieval_presence", "expected_not_retrieved", "retrieval"),
    ]


def test_a_right_answer_or_a_question_without_expected_series_says_nothing():
    assert marks(q(expected_ids=("S1",)), a("It was 7.6% in 2024 (S1).")) == []
    assert marks(q(), a("It was 8.1% in 2024 (S1).")) == [
        ("numeric_accuracy", "numeric_mismatch", None), ("unsupported_numbers", "unsupported_figure", None)]
    # the series missed but the answer right: presence fails, no blame on generation either
    found = marks(q(expected_ids=("S2",), expected_values=()), a("It was 7.6% in 2024 (S1)."))
    assert found == [("retrieval_presence", "expected_not_retrieved", "retrieval")]


def test_a_figure_with_no_stated_period_alone_does_not_make_the_answer_wrong():
    from gate.model.periods import parse_sdmx_period
    from gate.model.inputs import Observation
    obs = (Observation("S1", "2024", parse_sdmx_period("2024"), Decimal("7.6"), "percent", "A"),)
    found = marks(q(expected_ids=("S1",)), a("It was 7.6% (S1).", retrieved_observations=obs))
    assert found == [("period_unstated", "period_not_stated", None)]


def test_the_published_example_keeps_its_five_findings_and_says_generation_for_a03_and_a07():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    assert [(f.question_id, f.code, f.look_first) for f in report.findings] == [
        ("a03", "numeric_mismatch", "generation"), ("a03", "unsupported_figure", "generation"),
        ("a06", "should_decline", None), ("a06", "unsupported_figure", None),  # a decline question names no series
        ("a07", "cited_not_retrieved", "generation"),
    ]


def test_every_report_format_says_where_to_look_first():
    report = check_run(RUN_14, SET_12, THRESHOLDS)
    md = render_markdown(report)
    assert "#### What fails (1 question; look first at generation: a01)" in md
    # a04 is not in the lead (its rule only warns): its first finding says it
    assert "the answer never says it is provisional (look first at generation: the expected series were retrieved) |" in md
    junit = render_junit(report)
    assert "a01 [en] period_match wrong_period: '8.4%' is stated for '2023'" in junit
    assert "7.9 (look first at generation: the expected series were retrieved)" in junit
    data = json.loads(render_json(report))
    assert [f["look_first"] for f in data["findings"]] == ["generation", "generation"]
    assert [f.look_first for f in report_from_dict(data).findings] == ["generation", "generation"]


def test_the_terminal_heading_names_the_questions_by_where_to_look(cli):
    code, out, _ = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline")
    assert code == 1
    assert "What fails (3 questions; look first at generation: a03, a07)" in out.splitlines()
