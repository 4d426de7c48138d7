"""Bad input: each a clear message naming file, line and field, exit code 2, no traceback,
nothing written. And what is accepted though unusual (BOM, CRLF, null answer when declined)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ROOT

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
    assert_input_error(check(cli), "run.jsonl:1: retrieved_values[0]: expected a number, found NaN, which JSON does not allow as a number")


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
    assert "25 problems with the input" in err and "... and 5 more problems not shown (the first 20 are listed: correct them and run again for the rest)" in err


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


def test_answer_that_is_not_declined_needs_the_answer_field(files, cli):
    write_lines(files / "run.jsonl", [{k: v for k, v in GOOD.items() if k != "answer"}])
    assert_input_error(check(cli), "run.jsonl:1: answer: missing required field")


def test_a_null_answer_that_is_not_declined_is_an_input_error_as_a_missing_one(files, cli):
    missing = {k: v for k, v in GOOD.items() if k != "answer"}
    write_lines(files / "run.jsonl", [{**GOOD, "answer": None}, {**missing, "question_id": "q2"}, {**GOOD, "question_id": "q3", "answer": None, "declined": "no"}])
    code, out, err = check(cli)
    assert (code, out) == (2, "")
    assert err.splitlines()[1:] == [
        "run.jsonl:1: answer: expected a string, found null (declined is false: the answer text is required, and null only when declined)",
        "run.jsonl:2: answer: missing required field",
        'run.jsonl:3: declined: expected a boolean (true or false, without quotes), found the string "no"',
    ]


def test_empty_answer_not_declined_is_a_scored_failure(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "answer": ""}, {**GOOD, "question_id": "q2", "answer": ""}])
    code, out, err = check(cli)
    assert code == 1, err
    assert out.startswith("answer-gate failed: 2 empty answers; compared with no baseline\n")
    for question in ("q1", "q2"):
        assert re.search(rf"\n  {question} \[en\] +numeric accuracy, answer rate when expected +the answer is empty but the assistant did not decline\n", out)


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
    assert "run.jsonl:1: cited_id: unknown field, ignored; did you mean 'cited_ids'? (a misspelt field is not read as 'cited_ids')" in out


def test_missing_answer_is_a_finding_and_a_failure(files, cli):
    write_lines(files / "run.jsonl", [GOOD])
    code, out, err = check(cli)
    assert code == 1
    assert re.search(r"\n  q2 \[en\] +numeric accuracy, answer rate when expected +no answer was logged for this question\n", out)
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


# --- found by trying the product as a new user -------------------------------------------


def test_header_on_a_later_line_is_named(files, cli):
    write_lines(files / "run.jsonl", [GOOD, {"run": {"assistant_version": "1.0"}}])
    assert_input_error(check(cli), 'run.jsonl:2: run: expected an answer, found a header line: the {"run": ...} header must be the first line')
    write_lines(files / "set.jsonl", [QUESTION, {"set": {"version": "1"}}])
    assert_input_error(check(cli), 'set.jsonl:2: set: expected a question, found a header line')


def test_misspelt_expectation_in_the_merged_form_is_an_error(files, cli):
    write_lines(files / "merged.jsonl", [{**GOOD, "expected_behaviour": "answer", "expected_value": [7.6]}])
    assert_input_error(cli("check", "merged.jsonl", "--json", "out.json"),
                       "merged.jsonl:1: expected_value: unknown expectation field; did you mean 'expected_values'?")


def test_a_repeated_citation_counts_once(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "cited_ids": ["S1", "S1", "S1", "S1"]}, {**GOOD, "question_id": "q2", "cited_ids": ["X9"]}])
    code, out, _ = check(cli)
    assert code == 1
    scores = json.loads(Path("out.json").read_text())["scores"]
    citation = next(s for s in scores if (s["slice"], s["measure"]) == ("all", "citation_validity"))
    assert (citation["numerator"], citation["denominator"]) == (1, 2)


def test_ids_with_control_characters_are_refused(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "question_id": "q1\u001b[31m\n::error::x"}])
    assert_input_error(check(cli), "run.jsonl:1: question_id: expected an identifier without control characters or bidirectional overrides")


def test_problems_of_every_input_are_reported_together(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "declined": "no"}, {**GOOD, "question_id": "zzz"}])
    write_lines(files / "set.jsonl", [QUESTION, {**QUESTION, "question_id": "q2", "expected_behaviour": "maybe"}])
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_acuracy: {min: 0.9}\n")
    code, _, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 2
    assert "4 problems" in err
    for fragment in ("t.yaml:3: measures.numeric_acuracy", "run.jsonl:1: declined:", "set.jsonl:2: expected_behaviour:", "run.jsonl:2: question_id: answer for question 'zzz'"):
        assert fragment in err


def test_json_nested_too_deep(files, cli):
    (files / "run.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    assert_input_error(check(cli), "run.jsonl:1: expected a JSON object, found one nested too deep to read")


OUTPUT_CASES = [
    ("run-as-markdown", ["--markdown", "run.jsonl"], "run.jsonl: --markdown: expected a new file, found the input 'run.jsonl': it would be overwritten"),
    ("thresholds-as-json", ["--thresholds", "thresholds.yaml", "--json", "thresholds.yaml"], "expected a new file, found the input 'thresholds.yaml'"),
    ("same-path-twice", ["--json", "same.out", "--junit", "same.out"], "same.out: --junit: expected a path of its own, found the path of --json too"),
    ("empty-path", ["--json", ""], "--json: expected a path, found an empty string"),
]


@pytest.mark.parametrize("extra, message", [c[1:] for c in OUTPUT_CASES], ids=[c[0] for c in OUTPUT_CASES])
def test_report_paths_that_would_destroy_something_are_refused(files, cli, extra, message):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    before = (files / "run.jsonl").read_bytes()
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", *extra)
    assert code == 2 and message in err, err
    assert (files / "run.jsonl").read_bytes() == before and not (files / "same.out").exists()


def test_special_files_and_links_are_refused(files, cli):
    import os
    import stat

    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    os.mkfifo(files / "pipe")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "pipe")
    assert code == 2 and "pipe: --json: expected a regular file path, found a device, pipe or socket" in err
    assert stat.S_ISFIFO(os.stat(files / "pipe").st_mode)
    (files / "real.json").write_text("old")
    os.symlink("real.json", files / "link.json")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "link.json")
    assert code == 2 and "link.json: --json: expected a regular file path, found a symbolic link to 'real.json'" in err
    assert (files / "link.json").is_symlink() and (files / "real.json").read_text() == "old"


def test_new_reports_get_the_usual_permissions(files, cli):
    import os

    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    old = os.umask(0o022)
    try:
        assert cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "r.json")[0] == 0
    finally:
        os.umask(old)
    assert oct(os.stat(files / "r.json").st_mode & 0o777) == "0o644"


def test_a_named_baselines_folder_must_exist(files, cli):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    assert_input_error(check(cli, "run.jsonl", "--baselines", "nowhere"), "nowhere: --baselines: expected a folder of baselines, found nothing there")
    assert_input_error(check(cli, "run.jsonl", "--baselines", "set.jsonl"), "set.jsonl: --baselines: expected a folder of baselines, found a file")


MORE_THRESHOLDS = [
    ("alias-bomb", "version: 1\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\nmeasures: {}\n",
     "expected at most 10000 values, found more (aliases expanding without end?)"),
    ("recursive-alias", "version: 1\na: &a [*a]\nmeasures: {}\n", "t.yaml:2: a[0]: expected a value, found an alias that contains itself"),
    ("nan", "version: 1\nmeasures:\n  numeric_accuracy: {min: .nan}\n", "t.yaml:3: measures.numeric_accuracy.min: expected a finite number, found .nan"),
    ("language-case-duplicate", "version: 1\nmeasures: {}\nlanguages:\n  fr: {}\n  FR: {}\n", "t.yaml:5: languages.FR: duplicate language: 'fr' on line 4 is the same language"),
    ("language-key", "version: 1\nmeasures: {}\nlanguages:\n  fr: {}\n  en_US: {}\n", "t.yaml:5: languages.en_US: expected a language tag such as fr or fr-CA as key, found 'en_US'"),
    ("alpha-zero", "version: 1\nmeasures: {}\nregression:\n  alpha: 0\n", "t.yaml:4: regression.alpha: expected a number greater than 0 and at most 1, found the number 0"),
    ("yaml-1e-3", "version: 1\nmeasures: {}\nregression:\n  alpha: 1e-3\n", "(YAML reads a number like 1e-3 without a decimal point as text: write 0.001)"),
    ("wrong-direction-drop", "version: 1\nmeasures:\n  unsupported_numbers: {max_drop: 0.1}\n",
     "t.yaml:3: measures.unsupported_numbers.max_drop: unsupported_numbers is lower-is-better: a limit on its drop (max_drop) makes no sense here; use max_rise"),
    ("list", "- version: 1\n", "t.yaml: expected a mapping with version and measures, found a list of 1"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in MORE_THRESHOLDS], ids=[c[0] for c in MORE_THRESHOLDS])
def test_more_bad_thresholds(files, cli, text, message):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    (files / "t.yaml").write_text(text)
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), message)


def test_an_internal_error_exits_3_and_shows_the_traceback_on_request(files, cli, monkeypatch):
    import gate.run.check

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(gate.run.check, "check_run", broken)
    write_lines(files / "run.jsonl", [GOOD])
    code, _, err = check(cli)
    assert code == 3 and "internal error: RuntimeError: boom (a bug in answer-gate" in err and "Traceback" not in err
    monkeypatch.setenv("ANSWER_GATE_DEBUG", "1")
    code, _, err = check(cli)
    assert code == 3 and "Traceback" in err


def test_closed_pipe_is_quiet(files):
    import subprocess
    import sys

    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    result = subprocess.run(f"{sys.executable} -m gate baseline save run.jsonl --questions set.jsonl | head -c 1",
                            shell=True, cwd=files, capture_output=True, text=True)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_a_passage_is_text_or_text_with_its_language(files, cli):
    write_lines(files / "run.jsonl", [
        {**GOOD, "retrieved_passages": {"P1": {"txt": "1,234 deaths", "language": "en"}}},
        {**GOOD, "question_id": "q2", "retrieved_passages": {"P1": 5}},
    ])
    assert_input_error(
        check(cli),
        "run.jsonl:1: retrieved_passages.P1: unknown field 'txt' (did you mean 'text'?); expected one of text, language",
        "run.jsonl:2: retrieved_passages.P1: expected a string or an object with text, language, found the number 5",
    )


def test_a_passage_language_must_be_a_tag(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "retrieved_passages": {"P1": {"text": "1,234", "language": "english"}}}])
    assert_input_error(
        check(cli), "run.jsonl:1: retrieved_passages.P1.language: expected a BCP 47 language tag such as en or fr-CA, found the string \"english\""
    )


@pytest.mark.parametrize("command", [("baseline", "save", "merged.jsonl", "--baselines", "stored"),
                                     ("sample", "merged.jsonl", "--size", "3", "--seed", "1", "--out", "sheet")])
def test_a_merged_line_with_a_bad_expectation_is_named_once_by_every_command(workdir, cli, command):
    """The commands that read the whole log before joining it (baseline save, sample, grade)
    say of a merged line with a bad expectation what check says: that problem only."""
    lines = (ROOT / "examples" / "answers_run_merged.jsonl").read_text("utf-8").splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "expected_period": "2024-Q9"})
    (workdir / "merged.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    code, _, err = cli(*command, "--thresholds", str(ROOT / "thresholds.yaml")) if command[0] == "baseline" else cli(*command)
    assert code == 2 and "merged.jsonl:2: expected_period: expected a period in SDMX form" in err, err
    assert "expected_behaviour" not in err, err


def test_a_plain_line_in_a_merged_log_still_lacks_its_expectations_in_every_command(workdir, cli):
    lines = (ROOT / "examples" / "answers_run_merged.jsonl").read_text("utf-8").splitlines()
    row = json.loads(lines[1])
    lines[1] = json.dumps({k: v for k, v in row.items() if not k.startswith("expected_")})
    (workdir / "merged.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    code, _, err = cli("baseline", "save", "merged.jsonl", "--baselines", "stored", "--thresholds", str(ROOT / "thresholds.yaml"))
    assert code == 2 and "merged.jsonl:2: expected_behaviour: missing required field: in the merged form every line carries its expectations" in err, err


def test_a_merged_line_whose_expectations_have_a_problem_is_named_once(workdir, cli):
    """A merged-form line that carries its expectations, one of them bad, gets that problem
    only, never also 'missing required field: expected_behaviour' (it has it)."""
    lines = (ROOT / "examples" / "answers_run_merged.jsonl").read_text("utf-8").splitlines()
    row = json.loads(lines[1])
    lines[1] = json.dumps({**row, "expected_period": "2024-Q9"})
    (workdir / "merged.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    code, _, err = cli("check", "merged.jsonl", "--thresholds", str(ROOT / "thresholds.yaml"), "--no-baseline")
    assert code == 2 and "merged.jsonl:2: expected_period: expected a period in SDMX form" in err, err
    assert "expected_behaviour" not in err and "1 problem with the input" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_misspelt_attempt_is_named_in_the_duplicate_it_causes(workdir, cli, jobs):
    """Answers repeated with 'atempt' (one edit from 'attempt') are duplicates, and the
    problem says why: the notice naming the misspelt field is not printed when input fails."""
    lines = (ROOT / "examples" / "answers_run_assistant-1.3_set-1.2.jsonl").read_text("utf-8").splitlines()
    header, body = (lines[:1], lines[1:]) if '"run"' in lines[0] else ([], lines)
    repeated = [json.dumps({**json.loads(line), "atempt": k}) for line in body[:2] for k in (1, 2)]
    (workdir / "run.jsonl").write_text("\n".join(header + repeated) + "\n", "utf-8")
    code, _, err = cli("check", "run.jsonl", "--questions", str(ROOT / "examples" / "question_set-1.2.jsonl"),
                       "--thresholds", str(ROOT / "thresholds.yaml"), "--no-baseline", "--jobs", jobs)
    first = len(header) + 1
    assert code == 2 and (f"run.jsonl:{first + 1}: question_id: duplicate question_id 'a01', first on line {first} "
                          "(this line has 'atempt', one edit from 'attempt', the field that numbers a repeated answer)") in err, err
