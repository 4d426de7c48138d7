"""Bad settings fail fast (issue 12): the thresholds, the base branch's files, the rubric, the
calibration and the judgement files are loaded and checked before any answer is scored.
When one is bad, the log is still read, validated and joined, so that every input problem
is reported at once (exit 2, nothing written), but no answer is scored."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES, RUN_13, SET_12

import gate.scoring.answer
import gate.engine.lines
import gate.engine.stream
from gate.core.errors import InputError
from gate.run.check import check_run

pytestmark = pytest.mark.pure_core("replaces score_answer, which the compiled line reader calls directly")

#: The example log with its third line broken (not JSON).
BAD_LINE = 3


def _never_scored(*args: object, **kwargs: object) -> None:
    raise AssertionError("an answer was scored although the settings are bad")


@pytest.fixture
def unscorable(monkeypatch):
    """Scoring an answer fails the test (in this process: the logs here are one batch)."""
    monkeypatch.setattr(gate.engine.lines, "score_answer", _never_scored)
    monkeypatch.setattr(gate.engine.stream, "score_answer", _never_scored)
    monkeypatch.setattr(gate.scoring.answer, "score_answer", _never_scored)


@pytest.fixture
def bad_log(workdir) -> Path:
    lines = RUN_13.read_text("utf-8").splitlines(keepends=True)
    lines[BAD_LINE - 1] = "{not json\n"
    path = workdir / "answers_run_assistant-1.3_set-1.2.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _check(cli, log: Path, *extra: str) -> tuple[int, str, str]:
    return cli("check", str(log), "--questions", str(SET_12), "--json", "out.json", "--jobs", "1", "--no-baseline", *extra)


def _assert_both(result: tuple[int, str, str], log: Path, settings_problem: str) -> None:
    code, out, err = result
    assert code == 2, (out, err)
    assert settings_problem in err
    assert f"{log}:{BAD_LINE}: expected a JSON object, found invalid JSON" in err
    assert not Path("out.json").exists()


def test_a_missing_thresholds_file_and_a_bad_log_line_are_reported_together_and_nothing_is_scored(cli, bad_log, unscorable):
    _assert_both(_check(cli, bad_log, "--thresholds", "missing.yaml"), bad_log, "missing.yaml: file not found")


def test_bad_thresholds_with_a_good_log_score_nothing(cli, workdir, unscorable):
    Path("bad.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 2}\n", encoding="utf-8")
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", "bad.yaml", "--json", "out.json",
                         "--jobs", "1", "--no-baseline")
    assert code == 2, (out, err)
    assert "bad.yaml" in err and "numeric_accuracy" in err
    assert not Path("out.json").exists()


def test_a_bad_base_thresholds_file_and_a_bad_log_line_are_reported_together(cli, bad_log, unscorable):
    _assert_both(_check(cli, bad_log, "--base-thresholds", "base-missing.yaml"), bad_log, "base-missing.yaml: file not found")


def test_a_missing_rubric_with_judgements_and_a_bad_log_line_are_reported_together(cli, bad_log, unscorable):
    shutil.copy(Path(__file__).parent / "fixtures" / "judgements_reader_1.3.jsonl", "reader.jsonl")
    _assert_both(_check(cli, bad_log, "--judgements", "reader.jsonl", "--rubric", "no-rubric.yaml"), bad_log,
                 "no-rubric.yaml")


def test_a_bad_judgement_line_and_a_bad_log_line_are_reported_together(cli, bad_log, unscorable):
    shutil.copy(EXAMPLES.parent / "rubric.yaml", "rubric.yaml")
    Path("reader.jsonl").write_text(json.dumps({"question_id": "a01", "judge": {"kind": "person"}}) + "\n", encoding="utf-8")
    code, out, err = _check(cli, bad_log, "--judgements", "reader.jsonl", "--rubric", "rubric.yaml")
    assert code == 2, (out, err)
    assert "reader.jsonl:1" in err
    assert f"{bad_log}:{BAD_LINE}: expected a JSON object, found invalid JSON" in err


def test_a_bad_calibration_file_and_a_bad_log_line_are_reported_together(cli, bad_log, unscorable):
    shutil.copy(EXAMPLES.parent / "rubric.yaml", "rubric.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "judgements_reader_1.3.jsonl", "reader.jsonl")
    _assert_both(_check(cli, bad_log, "--judgements", "reader.jsonl", "--rubric", "rubric.yaml", "--calibration", "gone.jsonl"),
                 bad_log, "gone.jsonl")


@pytest.mark.parametrize("questions", [str(SET_12), None], ids=["with-set", "merged"])
def test_the_join_is_still_checked_when_the_settings_are_bad(workdir, unscorable, questions):
    """A log with an answer for a question not in the set: the join's problem is reported
    beside the thresholds' (the merged form: a line without its expectations)."""
    log = workdir / "answers_run_assistant-1.3_set-1.2.jsonl"
    source = RUN_13 if questions is not None else EXAMPLES / "answers_run_merged.jsonl"
    lines = source.read_text("utf-8").splitlines(keepends=True)
    value = json.loads(lines[-1])
    if questions is not None:
        value["question_id"] = "not-in-the-set"
    else:
        value.pop("expected_behaviour")
    log.write_text("".join(lines[:-1]) + json.dumps(value) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        check_run(log, questions, "missing.yaml", jobs=1)
    text = "\n".join(str(p) for p in raised.value.problems)
    assert "missing.yaml: file not found" in text
    assert ("not-in-the-set" in text) if questions is not None else ("expected_behaviour" in text)
