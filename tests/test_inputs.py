"""Bad input: each a clear message naming file, line and field, exit code 2, no traceback,
nothing written. And what is accepted though unusual (BOM, CRLF, null answer when declined)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOOD = {
    "question_id": "q1", "language": "en", "question": "What was the rate?",
    "retrieved_ids": ["S1"], "retrieved_values": [7.6], "answer": "The rate was 7.6% (S1).",
    "cited_ids": ["S1"], "declined": False,
}
QUESTION = {"question_id": "q1", "language": "en", "question": "What was the rate?", "expected_behaviour": "answer", "expected_values": [7.6], "expected_ids": ["S1"]}


def write_lines(path: Path, lines: list) -> Path:
    path.write_text("".join((json.dumps(x) if not isinstance(x, str) else x) + "\n" for x in lines), encoding="utf-8")
    return path


@pytest.fixture
def files(workdir):
    write_lines(workdir / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    return workdir


def check(cli, run: str = "run.jsonl", *extra: str):
    return cli("check", run, "--questions", "set.jsonl", "--json", "out.json", *extra)


def assert_input_error(result, *fragments: str):
    code, out, err = result
    assert code == 2, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    for fragment in fragments:
        assert fragment in err, f"{fragment!r} not in {err!r}"
    assert not Path("out.json").exists(), "nothing may be written on bad input"


def test_empty_run_file(files, cli):
    (files / "run.jsonl").write_text("")
    assert_input_error(check(cli), "run.jsonl: expected at least one answer, found none")


def test_header_only_run_file(files, cli):
    write_lines(files / "run.jsonl", [{"run": {"assistant_version": "1.0"}}])
    assert_input_error(check(cli), "run.jsonl: expected at least one answer, found none")


def test_line_that_is_not_json_names_its_line(files, cli):
    write_lines(files / "run.jsonl", [GOOD, "{not json", {**GOOD, "question_id": "q2"}])
    assert_input_error(check(cli), "run.jsonl:2: expected a JSON object, found invalid JSON")


def test_missing_required_field(files, cli):
    bad = {k: v for k, v in GOOD.items() if k != "cited_ids"}
    write_lines(files / "run.jsonl", [bad])
    assert_input_error(check(cli), "run.jsonl:1: cited_ids: missing required field")


def test_declined_given_as_a_string(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "declined": "false"}])
    assert_input_error(check(cli), 'run.jsonl:1: declined: expected a boolean (true or false, without quotes), found the string "false"')


def test_value_that_is_not_a_number(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "retrieved_values": [7.6, "7.9"]}])
    assert_input_error(check(cli), 'run.jsonl:1: retrieved_values[1]: expected a number, found the string "7.9"')


def test_nan_is_not_a_number(files, cli):
    (files / "run.jsonl").write_text(json.dumps(GOOD).replace("[7.6]", "[NaN]") + "\n")
    assert_input_error(check(cli), "run.jsonl:1: expected a JSON object, found NaN is not a number JSON allows")


def test_duplicate_question_id_in_run(files, cli):
    write_lines(files / "run.jsonl", [GOOD, GOOD])
    assert_input_error(check(cli), "run.jsonl:2: question_id: duplicate question_id 'q1', first on line 1")


def test_duplicate_question_id_in_set(files, cli):
    write_lines(files / "set.jsonl", [QUESTION, QUESTION])
    write_lines(files / "run.jsonl", [GOOD])
    assert_input_error(check(cli), "set.jsonl:2: question_id: duplicate question_id 'q1', first on line 1")


def test_answer_for_a_question_missing_from_the_set(files, cli):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q9"}])
    assert_input_error(check(cli), "run.jsonl:2: question_id: answer for question 'q9'", "which is not in the question set set.jsonl")


def test_every_problem_is_reported_at_once(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "declined": "no"}, "[1, 2]", {**GOOD, "question_id": "q2", "retrieved_values": ["x"]}])
    code, _, err = check(cli)
    assert code == 2
    assert "3 problems with the input" in err
    assert "run.jsonl:1: declined:" in err and "run.jsonl:2: expected a JSON object, found a list of 2" in err and "run.jsonl:3: retrieved_values[0]:" in err


def test_problem_list_is_cut_at_twenty_and_counted(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "question_id": f"x{i}", "declined": "no"} for i in range(25)])
    code, _, err = check(cli)
    assert code == 2
    assert "25 problems with the input" in err and "... and 5 more problems not shown" in err


def test_bom_and_crlf_are_accepted(files, cli):
    body = "\r\n".join(json.dumps(x) for x in [{"run": {"assistant_version": "1"}}, GOOD, {**GOOD, "question_id": "q2"}]) + "\r\n"
    (files / "run.jsonl").write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    set_body = "\r\n".join(json.dumps(x) for x in [QUESTION, {**QUESTION, "question_id": "q2"}])
    (files / "set.jsonl").write_bytes(b"\xef\xbb\xbf" + set_body.encode("utf-8"))
    code, out, err = check(cli)
    assert code == 0, err
    assert "1.00 (n=2)" in out


def test_declined_answer_may_be_null_or_empty(files, cli):
    declined = {**GOOD, "answer": None, "declined": True, "cited_ids": []}
    write_lines(files / "set.jsonl", [{**QUESTION, "expected_behaviour": "decline", "expected_values": []}, {**QUESTION, "question_id": "q2", "expected_behaviour": "decline", "expected_values": []}])
    write_lines(files / "run.jsonl", [declined, {**declined, "question_id": "q2", "answer": ""}])
    code, out, err = check(cli)
    assert code == 0, err


def test_answer_that_is_not_declined_needs_text(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "answer": None}])
    assert_input_error(check(cli), "run.jsonl:1: answer: expected a string, found null")


def test_not_utf8(files, cli):
    (files / "run.jsonl").write_bytes(json.dumps(GOOD).encode() + b"\n" + b'{"question_id": "q2\xff"}\n')
    assert_input_error(check(cli), "run.jsonl:2: expected UTF-8 text, found byte 0xff")


def test_duplicate_key_in_a_json_line(files, cli):
    (files / "run.jsonl").write_text(json.dumps(GOOD)[:-1] + ', "declined": true}\n')
    assert_input_error(check(cli), "run.jsonl:1: expected a JSON object, found duplicate key 'declined' in one object")


def test_missing_files_are_named(files, cli):
    assert_input_error(check(cli, "nope.jsonl"), "nope.jsonl: file not found")
    assert_input_error(cli("check", "set.jsonl", "--questions", "set.jsonl", "--thresholds", "missing.yaml"), "missing.yaml: file not found")


def test_run_log_given_as_question_set_is_named(files, cli):
    write_lines(files / "run.jsonl", [GOOD])
    assert_input_error(cli("check", "set.jsonl", "--questions", "run.jsonl"), "set.jsonl:1: set: expected an answer, found a question set header")


def test_language_disagreeing_with_the_set(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "language": "fr"}])
    assert_input_error(check(cli), "run.jsonl:1: language: expected 'en' as in the question set (line 2), found 'fr'")


def test_unknown_log_field_is_reported_not_fatal(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "cited_id": ["S1"]}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli)
    assert code == 0, err
    assert "unknown field 'cited_id' (did you mean 'cited_ids'?) on 1 line(s), first line 1; it is ignored" in out


def test_missing_answer_is_a_finding_and_a_failure(files, cli):
    write_lines(files / "run.jsonl", [GOOD])
    code, out, err = check(cli)
    assert code == 1
    assert "q2 [en] numeric_accuracy no_answer_logged: no answer was logged for this question" in out
    assert "1 question(s) of the set have no answer in the run: q2; each counts as a failure" in out


def test_unwritable_output_is_refused_before_anything_runs(files, cli):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "no/such/dir/out.json")
    assert code == 2 and "no/such/dir/out.json: --json: the folder 'no/such/dir' does not exist" in err


THRESHOLD_CASES = [
    ("typo", "version: 1\nmeasures:\n  numeric_acuracy: {min: 0.9}\n",
     "t.yaml:3: measures.numeric_acuracy: unknown measure 'numeric_acuracy'; did you mean 'numeric_accuracy'?"),
    ("floor-on-lower-is-better", "version: 1\nmeasures:\n  unsupported_numbers: {min: 0.1}\n",
     "t.yaml:3: measures.unsupported_numbers.min: unsupported_numbers is lower-is-better: a floor (min) makes no sense here; use max"),
    ("ceiling-on-higher-is-better", "version: 1\nmeasures:\n  numeric_accuracy: {max: 0.1}\n",
     "t.yaml:3: measures.numeric_accuracy.max: numeric_accuracy is higher-is-better: a ceiling (max) makes no sense here; use min"),
    ("duplicate-key", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\n  numeric_accuracy: {min: 0.5}\n",
     "t.yaml:4: measures.numeric_accuracy: duplicate key: already set on line 3"),
    ("out-of-range", "version: 1\nmeasures:\n  numeric_accuracy: {min: 90}\n",
     "t.yaml:3: measures.numeric_accuracy.min: expected a number from 0 to 1, found the number 90"),
    ("unknown-top-key", "version: 1\nmeasure:\n  numeric_accuracy: {min: 0.9}\n",
     "t.yaml:2: measure: unknown key 'measure'; did you mean 'measures'?"),
    ("bad-severity", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9, severity: fatal}\n",
     't.yaml:3: measures.numeric_accuracy.severity: expected one of "error", "warn", found the string "fatal"'),
    ("yaml-syntax", "version: 1\nmeasures: [\n", "t.yaml:3: expected valid YAML, found a syntax error"),
    ("language-typo", "version: 1\nmeasures: {}\nlanguages:\n  fr:\n    unsuported_numbers: {max: 0}\n",
     "t.yaml:5: languages.fr.unsuported_numbers: unknown measure 'unsuported_numbers'; did you mean 'unsupported_numbers'?"),
    ("empty", "", "t.yaml: expected a mapping with version and measures, found an empty file"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in THRESHOLD_CASES], ids=[c[0] for c in THRESHOLD_CASES])
def test_bad_thresholds(files, cli, text, message):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    (files / "t.yaml").write_text(text)
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), message)


def test_all_threshold_problems_at_once(files, cli):
    write_lines(files / "run.jsonl", [GOOD])
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_acuracy: {min: 0.9}\n  unsupported_numbers: {min: 0.1}\n  answer_rate: {min: 0.9}\n  answer_rate: {min: 0.8}\n")
    code, _, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 2
    assert "3 problems" in err
    assert "t.yaml:3:" in err and "t.yaml:4:" in err and "t.yaml:6:" in err
