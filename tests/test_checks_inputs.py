"""Issue 10, new users' findings and the merged form: what the code checks read is never
silently uncounted.

- A misspelt ``expected_caveats`` value or observation caveat ("provisonal") is an input
  error naming file, line and field, with "did you mean"; free text that names no caveat
  kind is a notice (the set's) saying caveat_stated does not check it.
- An observation ``unit`` the checks do not know is an input error with "did you mean" when
  it is a misspelling of a known unit ("percnt"), else a notice naming file, line and field.
- All of an observation's problems (and the schema's) are reported at once, exit 2.
- The merged log form (no --questions) carries what the set gives the code checks inline:
  ``expected_label``, ``answer_format``, ``answer_schema`` (relative to the log),
  ``expected_caveats``, validated the same way.
"""

from __future__ import annotations

import json

import pytest
from conftest import SET_12, THRESHOLDS

from gate.run.check import check_run
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run

GOOD_OBS = {"series": "S1", "period": "2024", "value": 7.6, "unit": "percent", "status": "A"}
LINE = {"question_id": "a01", "language": "en", "retrieved_ids": ["S1"], "answer": "It was 7.6% in 2024 (S1).",
        "cited_ids": ["S1"], "declined": False}


def write_run(tmp_path, *lines, header=True):
    run = tmp_path / "run.jsonl"
    head = [json.dumps({"run": {"assistant_version": "9.9"}})] if header else []
    run.write_text("\n".join(head + [json.dumps(x) for x in lines]) + "\n", "utf-8")
    return run


def check(cli, run, *more):
    return cli("check", str(run), *more, "--thresholds", str(THRESHOLDS), "--no-baseline")


# ------------------------------------------------------------------ caveats, misspelt or free

def test_a_misspelt_expected_caveat_is_an_input_error_with_did_you_mean(tmp_path, cli):
    questions = tmp_path / "set.jsonl"
    line = {"question_id": "a01", "language": "en", "expected_behaviour": "answer", "expected_values": [7.6],
            "expected_caveats": ["provisional", "provisonal"]}
    questions.write_text(json.dumps(line) + "\n", "utf-8")
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [GOOD_OBS]})
    code, _, err = check(cli, run, "--questions", str(questions))
    assert code == 2
    assert (f"{questions}:1: expected_caveats[1]: expected a caveat the code checks know (provisional, estimated, break, "
            f"forecast, or a word for one in the eight languages) or free text, found 'provisonal' (did you mean 'provisional'?)") in err
    assert "expected_caveats[0]" not in err


def test_an_expected_caveat_in_free_text_is_a_notice_naming_file_line_and_field(tmp_path):
    questions = tmp_path / "set.jsonl"
    line = {"question_id": "a01", "language": "en", "expected_behaviour": "answer", "expected_caveats": ["limited coverage", "provisoire"]}
    questions.write_text(json.dumps(line) + "\n", "utf-8")
    loaded = load_question_set(questions)
    assert loaded.notices == (f"{questions}:1: expected_caveats[0]: 'limited coverage' names no caveat the code checks know "
                              "(provisional, estimated, break, forecast); caveat_stated does not check it (a reader's caveat "
                              "question still can)",)
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [GOOD_OBS]})
    report = check_run(run, questions, THRESHOLDS)
    assert loaded.notices[0] in report.notices


def test_a_misspelt_observation_caveat_is_an_input_error_and_free_text_is_allowed(tmp_path, cli):
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [{**GOOD_OBS, "caveats": ["seasonally adjusted", "estimatd"]}]})
    code, _, err = check(cli, run, "--questions", str(SET_12))
    assert code == 2
    assert f"{run}:2: retrieved_observations[0].caveats[1]: " in err and "found 'estimatd' (did you mean 'estimated'?)" in err
    assert "caveats[0]" not in err


# ------------------------------------------------------------------------------------ units

def test_a_misspelt_unit_is_an_input_error_with_did_you_mean(tmp_path, cli):
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [{**GOOD_OBS, "unit": "percnt"}]})
    code, _, err = check(cli, run, "--questions", str(SET_12))
    assert code == 2
    assert f"{run}:2: retrieved_observations[0].unit: expected a unit the code checks know (percent, percentage points" in err
    assert "found 'percnt' (did you mean 'percent'?)" in err


def test_a_unit_the_checks_do_not_know_is_a_notice_naming_file_line_and_field(tmp_path):
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [{**GOOD_OBS, "unit": "tonnes"}]},
                    {**LINE, "question_id": "a02", "retrieved_observations": [GOOD_OBS, {**GOOD_OBS, "period": "2023", "unit": "tonnes"}]})
    notices = [n for n in load_run(run).notices if "tonnes" in n]
    assert notices == [f"{run}:2: retrieved_observations[0].unit: the unit 'tonnes' is not one the code checks know (percent, "
                       "percentage points, per 1,000 or any per N, per mille, an ISO 4217 currency code, years, index points, "
                       "persons (or another count: people, households, inhabitants, ...)); figures bound to it are not counted "
                       "in unit_stated (2 observation(s), first on line 2)"]
    report = check_run(run, SET_12, THRESHOLDS)
    assert notices[0] in report.notices


@pytest.mark.parametrize("unit", ["percent", "per 1,000", "EUR", "years", "persons", "percentage points", "index points"])
def test_known_units_are_neither_errors_nor_notices(tmp_path, unit):
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [{**GOOD_OBS, "unit": unit}]})
    assert [n for n in load_run(run).notices if "unit" in n] == []


# ------------------------------------------------------------- all of a line's problems at once

def test_every_problem_of_an_observation_is_reported_at_once(tmp_path, cli):
    bad = {**GOOD_OBS, "period": "2024-Q5", "status": "p", "unit": "percnt", "caveats": ["provisonal"]}
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [bad]})
    code, _, err = check(cli, run, "--questions", str(SET_12))
    assert code == 2
    for field in ("period", "status", "unit", "caveats[0]"):
        assert f"{run}:2: retrieved_observations[0].{field}: " in err, field


def test_a_schema_problem_does_not_hide_the_other_problems_of_the_line(tmp_path, cli):
    bad = {**GOOD_OBS, "value": "7.6", "period": "last year"}
    other = {**GOOD_OBS, "status": "X"}
    run = write_run(tmp_path, {**LINE, "retrieved_observations": [bad, other]})
    code, _, err = check(cli, run, "--questions", str(SET_12))
    assert code == 2
    assert f"{run}:2: retrieved_observations[0].value: expected a number" in err
    assert f"{run}:2: retrieved_observations[0].period: " in err and "found 'last year'" in err
    assert f"{run}:2: retrieved_observations[1].status: expected an SDMX observation status code" in err
    assert err.count("retrieved_observations[0].value") == 1


# ------------------------------------------------------------------------------ merged form

def merged_line(**more):
    return {**LINE, "retrieved_values": [7.6], "expected_behaviour": "answer", **more}


def test_the_merged_form_carries_the_label_and_the_format_inline(tmp_path):
    run = write_run(tmp_path, merged_line(question_id="c1", answer="Category B", expected_label="category b", cited_ids=["S1"]),
                    merged_line(question_id="c2", answer='{"label": "E01"}', expected_label="E02", answer_format="json"))
    report = check_run(run, None, THRESHOLDS)
    exact = report.cell("all", "exact_match")
    assert (exact.numerator, exact.denominator) == (1, 2)
    assert [(f.question_id, f.code, f.message) for f in report.findings if f.measure == "exact_match"] == [
        ("c2", "label_mismatch", "expected the label 'E02', found 'E01'")]
    assert not any("unknown field" in n for n in report.notices)


def test_the_merged_form_reads_an_answer_schema_relative_to_the_log(tmp_path):
    (tmp_path / "answer.schema.json").write_text(json.dumps({"type": "object", "required": ["label", "value"]}), "utf-8")
    run = write_run(tmp_path, merged_line(answer='{"label": "E01"}', answer_format="json", answer_schema="answer.schema.json"))
    report = check_run(run, None, THRESHOLDS)
    assert [(f.code, f.message) for f in report.findings if f.measure == "format"] == [
        ("schema_invalid", "the JSON answer does not validate against its schema: at the document, 'value' is a required property")]


def test_the_merged_form_carries_expected_caveats_checked_against_the_answer(tmp_path):
    obs = [{**GOOD_OBS}]
    run = write_run(tmp_path, merged_line(retrieved_observations=obs, expected_caveats=["provisional"]))
    report = check_run(run, None, THRESHOLDS)
    assert [(f.measure, f.code) for f in report.findings] == [("caveat_stated", "caveat_missing")]
    assert "the question set expects it" in report.findings[0].message


@pytest.mark.parametrize("more, field, message", [
    ({"answer_format": "xml"}, "answer_format", 'expected one of "text", "json", found the string "xml"'),
    ({"expected_label": ""}, "expected_label", "expected a non-empty string"),
    ({"expected_caveats": ["provisonal"]}, "expected_caveats[0]", "did you mean 'provisional'?"),
    ({"answer_format": "json", "answer_schema": "missing.json"}, "answer_schema", "expected a JSON Schema file, found no file"),
    ({"answer_schema": "a.json"}, "answer_schema", 'expected answer_format "json" beside answer_schema'),
])
def test_a_bad_inline_expectation_is_an_input_error_as_in_the_set(tmp_path, cli, more, field, message):
    run = write_run(tmp_path, merged_line(**more))
    code, _, err = check(cli, run)
    assert code == 2
    assert f"{run}:2: {field}: " in err and message in err
