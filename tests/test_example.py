"""The running example: the published scores, the five findings, and the verdicts."""

from __future__ import annotations

import json

import pytest

from conftest import MERGED, RUN_12, RUN_13, SET_12, THRESHOLDS, assert_golden
from gate.run.check import check_run
from gate.report.json_report import render_json

# The acceptance table of examples/README.md, cell by cell.
PUBLISHED_13 = {
    "all": ["0.83 (n=6)", "0.88 (n=8)", "0.50 (n=2)", "1.00 (n=6)", "0.25 (n=8)"],
    "language=en": ["0.75 (n=4)", "0.83 (n=6)", "0.50 (n=2)", "1.00 (n=4)", "0.33 (n=6)"],
    "language=fr": ["1.00 (n=2)", "1.00 (n=2)", "-", "1.00 (n=2)", "0.00 (n=2)"],
}
MEASURE_ORDER = ["numeric_accuracy", "citation_validity", "refusal_accuracy", "answer_rate", "unsupported_numbers"]
FINDINGS_13 = [
    ("a03", "numeric_accuracy", "numeric_mismatch"),
    ("a03", "unsupported_numbers", "unsupported_figure"),
    ("a06", "refusal_accuracy", "should_decline"),
    ("a06", "unsupported_numbers", "unsupported_figure"),
    ("a07", "citation_validity", "cited_not_retrieved"),
]


def table(report) -> dict[str, list[str]]:
    return {s: [report.cell(s, m).text for m in MEASURE_ORDER] for s in report.slices}


def test_run_13_reproduces_the_published_table():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    assert table(report) == PUBLISHED_13


def test_run_13_exact_counts():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    counts = {(c.slice, c.measure): (c.numerator, c.denominator) for c in report.cells
              if c.slice == "all" and c.measure in MEASURE_ORDER}
    assert counts == {
        ("all", "numeric_accuracy"): (5, 6),
        ("all", "citation_validity"): (7, 8),
        ("all", "refusal_accuracy"): (1, 2),
        ("all", "answer_rate"): (6, 6),
        ("all", "unsupported_numbers"): (2, 8),
    }


def test_run_13_code_checks_pass_or_do_not_apply():
    """The published log carries no observations, passages, labels or JSON: presence and
    format apply and pass; the other code checks count nothing (n = 0)."""
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    counts = {c.measure: (c.numerator, c.denominator) for c in report.cells
              if c.slice == "all" and c.measure not in MEASURE_ORDER}
    assert counts == {
        "retrieval_presence": (6, 6), "quote_grounding": (0, 0), "format": (7, 7), "exact_match": (0, 0),
        "period_match": (0, 0), "period_unstated": (0, 0), "unit_stated": (0, 0), "caveat_stated": (0, 0),
        "series_match": (0, 0), "set_stale": (0, 0), "cross_language_consistency": (0, 0),
    }


def test_run_13_has_the_five_findings_with_evidence():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    assert [(f.question_id, f.measure, f.code) for f in report.findings] == FINDINGS_13
    a03 = report.findings[1]
    answer = json.loads(RUN_13.read_text().splitlines()[3])["answer"]
    assert (a03.figure.text, a03.figure.value) == ("35", 35)
    assert answer[a03.figure.start:a03.figure.end] == "35"
    assert "nearest 41" in a03.message
    assert report.findings[4].cited_id == "EDU_STATS_2024"
    assert "31" in report.findings[3].figure.text


def test_run_13_fails_the_shipped_thresholds_naming_the_rules():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    assert not report.verdict.passed
    failed = sorted((r.slice, r.rule.measure, r.rule.kind) for r in report.rules if r.status == "fail")
    assert failed == [
        ("all", "citation_validity", "min"),
        ("all", "numeric_accuracy", "min"),
        ("all", "refusal_accuracy", "min"),
        ("all", "unsupported_numbers", "max"),
        ("language=en", "citation_validity", "min"),
        ("language=en", "numeric_accuracy", "min"),
        ("language=en", "refusal_accuracy", "min"),
        ("language=en", "unsupported_numbers", "max"),
    ]


def test_merged_form_gives_the_same_scores_and_findings_and_says_where_expectations_belong():
    merged = check_run(MERGED, None, THRESHOLDS)
    assert table(merged) == PUBLISHED_13
    assert [(f.question_id, f.measure, f.code) for f in merged.findings] == FINDINGS_13
    assert any("belong in the question set" in n for n in merged.notices)


def test_run_12_scores_all_right_and_passes():
    report = check_run(RUN_12, SET_12, THRESHOLDS)
    assert table(report)["all"] == ["1.00 (n=6)", "1.00 (n=6)", "1.00 (n=2)", "1.00 (n=6)", "0.00 (n=7)"]
    assert report.findings == ()
    assert report.verdict.passed


@pytest.mark.parametrize(
    "args, golden, code",
    [
        (["examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"], "check_1.3.txt", 1),
        (["examples/answers_run_merged.jsonl"], "check_merged.txt", 1),
        (["examples/answers_run_assistant-1.2_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"], "check_1.2.txt", 0),
    ],
    ids=["run-1.3", "merged", "run-1.2"],
)
def test_cli_terminal_report_golden(workdir, cli, args, golden, code):
    exit_code, out, err = cli("check", *args)
    assert exit_code == code, err
    assert_golden(golden, out)


def test_cli_json_report_golden_and_byte_identical(workdir, cli):
    args = ["check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    assert cli(*args, "--json", "one.json")[0] == 1
    assert cli(*args, "--json", "two.json")[0] == 1
    one = (workdir / "one.json").read_bytes()
    assert one == (workdir / "two.json").read_bytes()
    assert_golden("check_1.3.json", one.decode("utf-8"))
    data = json.loads(one)
    assert data["verdict"]["passed"] is False
    fr_refusal = next(s for s in data["scores"] if s["slice"] == "language=fr" and s["measure"] == "refusal_accuracy")
    assert fr_refusal["rate"] is None and fr_refusal["denominator"] == 0
    a03 = next(f for f in data["findings"] if f["code"] == "unsupported_figure")
    assert a03["figure"] == {"text": "35", "value": 35, "start": 34, "end": 36}


def test_json_report_is_the_same_in_process_and_sorted():
    text = render_json(check_run(RUN_13, SET_12, THRESHOLDS))
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
