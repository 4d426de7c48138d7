"""A gate nobody can fool (issue 13): each kind of fault fixed as a whole, each a test on
its message and exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_inputs import GOOD, QUESTION, assert_input_error, check, write_lines


@pytest.fixture
def files(workdir):
    write_lines(workdir / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    write_lines(workdir / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    return workdir


# --- 1. passing without deciding -----------------------------------------------------

UNDECIDABLE_FILES = [
    ("no-measures", "version: 1\nmeasures: {}\n",
     "t.yaml:2: measures: expected at least one rule with a bound (min, max, max_drop, max_rise), found none: a gate with nothing to check can never decide"),
    ("null-measures", "version: 1\nmeasures:\n",
     "t.yaml:2: measures: expected an object, found null"),
    ("rule-without-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\n  citation_validity: {}\n",
     "t.yaml:4: measures.citation_validity: expected a bound (min, max, max_drop, max_rise), found no bound: this rule would check nothing"),
    ("severity-alone", "version: 1\nmeasures:\n  numeric_accuracy: {severity: warn}\n",
     "t.yaml:3: measures.numeric_accuracy: expected a bound (min, max, max_drop, max_rise), found a severity alone: this rule would check nothing"),
    ("language-rule-without-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  fr: {answer_rate: {}}\n",
     "t.yaml:5: languages.fr.answer_rate: expected a bound (min, max, max_drop, max_rise), found no bound: this rule would check nothing"),
    ("language-severity-without-top-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  fr: {answer_rate: {severity: warn}}\n",
     "t.yaml:5: languages.fr.answer_rate: expected a bound (min, max, max_drop, max_rise), found a severity alone"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in UNDECIDABLE_FILES], ids=[c[0] for c in UNDECIDABLE_FILES])
def test_a_thresholds_file_that_checks_nothing_is_an_input_error(files, cli, text, message):
    (files / "t.yaml").write_text(text)
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), message)


def test_a_language_may_change_only_the_severity_of_top_level_bounds(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  en: {numeric_accuracy: {severity: warn}}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 0 and "PASSED: 2 rules checked" in out, (out, err)


def _verdict(path: str = "out.json") -> dict:
    return json.loads(Path(path).read_text())["verdict"]


def test_every_cell_with_nothing_to_count_fails_the_run(files, cli):
    # refusal accuracy counts questions to decline; this set has none
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  refusal_accuracy: {min: 0.9}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--markdown", "out.md")
    reason = "every rule's cell had nothing to count (2 rule(s) skipped, n=0)"
    assert code == 1, (out, err)
    assert f"FAILED: nothing was checked, so the gate cannot pass: {reason}" in out
    assert _verdict() == {"passed": False, "failed": 0, "warned": 0, "checked": 0, "skipped": 2, "undecided": reason}
    assert Path("out.md").read_text().splitlines()[1] == f"### ❌ answer-gate failed: nothing was checked, so the gate cannot pass: {reason}"


def test_only_regression_rules_and_no_baseline_fails_the_run(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {max_drop: 0.02}\n  unsupported_numbers: {max_rise: 0}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    reason = "the thresholds hold only regression rules (max_drop, max_rise) and there is no baseline to compare with"
    assert code == 1 and f"FAILED: nothing was checked, so the gate cannot pass: {reason}" in out, (out, err)
    assert _verdict()["undecided"] == reason and _verdict()["passed"] is False


def test_some_rules_checked_still_pass(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9, max_drop: 0.02}\n  refusal_accuracy: {min: 0.9}\n")
    code, out, _ = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 0 and "PASSED: 2 rules checked; 2 skipped (nothing to count in the slice)" in out
    assert "undecided" not in _verdict()


# --- 2. the logged question is not evidence -------------------------------------------

def test_a_figure_in_the_logged_question_supports_nothing(files, cli):
    invented = {**GOOD, "question": "What was the rate, 35%?", "answer": "The rate was 35% (S1)."}
    write_lines(files / "run.jsonl", [invented, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl")
    assert code == 1, (out, err)
    report = json.loads(Path("out.json").read_text())
    assert [(f["question_id"], f["code"], f["figure"]["text"]) for f in report["findings"] if f["measure"] == "unsupported_numbers"] == [("q1", "unsupported_figure", "35%")]
    assert ("1 answer(s) log a question that differs from the set's text (q1); numbers in the logged question are not evidence, "
            "only the set's question is") in report["notices"]


def test_a_figure_in_the_sets_question_is_evidence(files, cli):
    write_lines(files / "set.jsonl", [{**QUESTION, "question": "Was the rate 35%?"}, {**QUESTION, "question_id": "q2"}])
    write_lines(files / "run.jsonl", [{**GOOD, "question": "Was the rate 35%?", "answer": "It was 7.6%, not 35% (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl")
    assert code == 0, (out, err)
    assert not [n for n in json.loads(Path("out.json").read_text())["notices"] if "logged question" in n]


# --- 3. report paths that destroy data ---------------------------------------------------

def _stored(files) -> Path:
    import shutil

    from tests.conftest import ROOT

    shutil.copytree(ROOT / "baselines", files / "baselines")
    return files / "baselines"


@pytest.mark.parametrize("flag", ["--json", "--markdown", "--junit"])
def test_a_report_inside_the_baselines_folder_is_refused(files, cli, flag):
    stored = _stored(files)
    before = {p.name: p.read_bytes() for p in stored.iterdir()}
    for target in ("baselines/assistant-1.2.json", "baselines/assistant-1.2.run-297109044386.jsonl.gz", "baselines/new.md", "./baselines/../baselines/x"):
        code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", flag, target)
        assert code == 2 and (f"{target}: {flag}: expected a report path outside the baselines folder, found one inside it: "
                              "a report there would replace a stored baseline or its log") in err, err
    assert {p.name: p.read_bytes() for p in stored.iterdir()} == before


def test_a_report_beside_a_named_baseline_or_in_a_named_folder_is_refused(files, cli):
    import shutil

    stored = _stored(files)
    shutil.move(stored, files / "kept")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--baseline", "kept/assistant-1.2.json", "--json", "kept/assistant-1.2.json")
    assert code == 2 and "expected a report path outside the baselines folder" in err
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--baselines", "kept", "--markdown", "kept/r.md")
    assert code == 2 and "kept/r.md: --markdown: expected a report path outside the baselines folder" in err


def test_a_folder_link_into_the_baselines_is_seen_through(files, cli):
    import os

    _stored(files)
    os.symlink("baselines", files / "elsewhere")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "elsewhere/assistant-1.2.json")
    assert code == 2 and "expected a report path outside the baselines folder" in err


def test_a_dangling_link_is_refused(files, cli):
    import os

    os.symlink("/tmp/nowhere-answer-gate/x.json", files / "dangling.json")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "dangling.json")
    assert code == 2 and "dangling.json: --json: expected a regular file path, found a symbolic link to '/tmp/nowhere-answer-gate/x.json'" in err


def test_a_name_over_255_bytes_is_an_input_error(files, cli):
    name = "r" * 251 + ".json"
    code, out, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", name)
    assert code == 2 and f"{name}: --json: expected a file name of at most 255 bytes, found one of 256" in err, (out, err)
    name = "é" * 128 + ".md"  # 259 bytes in UTF-8, 131 characters
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--markdown", name)
    assert code == 2 and "expected a file name of at most 255 bytes, found one of 259" in err
