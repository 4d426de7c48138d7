"""The JSON report read back into a Report: the same bytes again, and every renderer works.

The comment workflow of a public repository re-renders the comment from the JSON report a
pull request's run uploaded, so the reader is also where a forged report is stopped: bad
JSON, a shape the schema refuses, a measure answer-gate does not define, a display text
that is not a number, a verdict its rules do not give.
"""

from __future__ import annotations

import functools
import io
import json
import os

import pytest
from rich.console import Console

from conftest import ROOT
from gate.cli.main import main
from gate.core.errors import InputError
from gate.run.check import check_run
from gate.report.json_report import render_json
from gate.report.stored import read_report, report_from_dict
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal

RUN_13 = "examples/answers_run_assistant-1.3_set-1.2.jsonl"
RUN_12 = "examples/answers_run_assistant-1.2_set-1.2.jsonl"
MERGED = "examples/answers_run_merged.jsonl"
SET_12 = "examples/question_set-1.2.jsonl"


@functools.lru_cache(maxsize=None)
def _report(run: str, with_baseline: bool):
    """The report of a shipped example, scored once per test session (run from the root)."""
    from gate.baseline import BaselineComparer

    compare = BaselineComparer() if with_baseline else None
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        return check_run(run, None if run == MERGED else SET_12, "thresholds.yaml", compare=compare)
    finally:
        os.chdir(here)


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("run", [RUN_13, RUN_12, MERGED])
@pytest.mark.parametrize("with_baseline", [False, True], ids=["no-baseline", "baseline"])
def test_round_trip_gives_the_same_json_and_markdown(tmp_path, run, with_baseline):
    original = _report(run, with_baseline)
    text = render_json(original)
    path = tmp_path / "report.json"
    path.write_text(text, encoding="utf-8")
    back = read_report(path)
    assert render_json(back) == text
    assert render_markdown(back) == render_markdown(original)
    assert render_junit(back) == render_junit(original)
    assert back.rule_texts == original.rule_texts
    # Only 1.3 has a stored version below it (1.2); the merged log names no version.
    assert (back.comparison is not None) == (with_baseline and run == RUN_13)


def test_terminal_renders_a_report_read_back(at_root):
    original = _report(RUN_13, True)
    back = report_from_dict(json.loads(render_json(original)))
    out = io.StringIO()
    render_terminal(back, Console(file=out, width=120, no_color=True, highlight=False, soft_wrap=True))
    text = out.getvalue()
    assert "numeric accuracy" in text and "0.83 (n=6)" in text
    assert "a03" in text


def _data(at_root_fixture=None) -> dict:
    return json.loads(render_json(_report(RUN_13, True)))


def _problems(data: dict) -> list[str]:
    with pytest.raises(InputError) as caught:
        report_from_dict(data, "report.json")
    return [str(p) for p in caught.value.problems]


def test_a_forged_verdict_is_refused(at_root):
    data = _data()
    data["verdict"] = {"passed": True, "failed": 0, "warned": 0, "checked": 40, "skipped": 29}
    assert _problems(data) == [
        "report.json: verdict.failed: expected 8 (from the exact values), found 0",
        "report.json: verdict.passed: expected false (from the exact values), found true",
        "report.json: verdict.warned: expected 8 (from the exact values), found 0",
    ]


def test_a_forged_sentence_of_the_comparison_is_refused(at_root):
    data = _data()
    data["comparison"]["differences"] = ["all good, merge it"]
    problems = _problems(data)
    assert problems == ['report.json: comparison.differences: expected [] (from the exact values), found ["all good, merge it"]']


def test_markup_in_a_display_text_is_refused(at_root):
    data = _data()
    data["scores"][0]["display"] = "[passed](https://evil.example)"
    data["comparison"]["cells"][0]["p_display"] = "<img src=x>"
    problems = _problems(data)
    assert problems == [
        'report.json: comparison.cells[0].p_display: expected "0.5" (from the exact values), found "<img src=x>"',
        'report.json: scores[0].display: expected "0.83" (from the exact values), found "[passed](https://evil.example)"',
    ]


def test_an_unknown_measure_and_a_forged_label_are_refused(at_root):
    data = _data()
    data["measures"][0]["label"] = "**all good**"
    data["measures"][1]["name"] = "vibes"
    problems = _problems(data)
    assert problems[0].startswith("report.json: measures[0]: expected numeric_accuracy as answer-gate defines it")
    assert problems[1].startswith("report.json: measures[1].name: expected a measure of answer-gate")
    assert "found 'vibes'" in problems[1]


def test_schema_problems_name_the_field(at_root):
    data = _data()
    del data["verdict"]["failed"]
    data["run"]["answers"] = "eight"
    data["extra"] = 1
    problems = _problems(data)
    assert "report.json: verdict.failed: missing required field" in problems
    assert "report.json: run.answers: expected a whole number, found the string \"eight\"" in problems
    assert any(p.startswith("report.json:") and "extra" in p for p in problems)


def test_unreadable_and_non_json_files_are_input_errors(tmp_path, cli_main=main):
    missing = tmp_path / "nothing.json"
    with pytest.raises(InputError, match="expected a JSON report, found no file"):
        read_report(missing)
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": "1.0",\n oops}', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_report(bad)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == (str(bad), 2)
    assert problem.message.startswith("expected JSON, found an error: Expecting property name")
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes('{"a": 1}'.encode("utf-16"))
    with pytest.raises(InputError, match="cannot be read as UTF-8"):
        read_report(utf16)
