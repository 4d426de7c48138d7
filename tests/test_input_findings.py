"""New users' findings on inputs (issue 15), each with its siblings: the message a user can act
on and exit code 2."""

from __future__ import annotations

import pytest

from conftest import ROOT, RUN_13, SET_12, THRESHOLDS
from test_inputs import GOOD, QUESTION, assert_input_error, check, files, write_lines  # noqa: F401 (files is a fixture)

GITHUB_VARIABLES = ("GITHUB_REPOSITORY", "GITHUB_TOKEN", "INPUT_TOKEN", "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH",
                    "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_ACTIONS")


@pytest.fixture
def outside_actions(monkeypatch):
    for name in GITHUB_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_comment_outside_actions_names_every_variable_and_what_it_is_for(workdir, cli, outside_actions):
    code, out, err = cli("comment", "report.json")
    assert code == 2 and out == ""
    assert ("GitHub Actions settings: missing environment variables: GITHUB_REPOSITORY, GITHUB_TOKEN (or INPUT_TOKEN), "
            "GITHUB_EVENT_NAME, GITHUB_EVENT_PATH. answer-gate comment posts the gate's sticky pull request comment from its "
            "JSON report, in a GitHub Actions workflow started by workflow_run") in err, err
    assert "outside GitHub Actions, answer-gate check --markdown FILE writes the comment's body" in err


def test_comment_with_a_token_only_still_names_the_other_three(workdir, cli, outside_actions, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghs_" + "x" * 36)
    code, _, err = cli("comment", "report.json")
    assert code == 2
    assert "missing environment variables: GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH. answer-gate comment" in err, err
    assert "ghs_" not in err


def test_check_github_outside_actions_says_what_github_is_for(workdir, cli, outside_actions):
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline", "--github")
    assert code == 2 and out == ""
    assert ("GitHub Actions settings: missing environment variables: GITHUB_STEP_SUMMARY, GITHUB_OUTPUT. --github writes "
            "annotations, the job summary and step outputs in a GitHub Actions job") in err, err
    assert "outside GitHub Actions, leave it out and use --markdown FILE or --json FILE" in err


# --- a misspelt required field says "did you mean", once, in every input -------------------

OBSERVATION = {"series": "S1", "period": "2024", "value": 7.6}


def _renamed(record: dict, old: str, new: str) -> dict:
    return {(new if k == old else k): v for k, v in record.items()}


MISSPELT_LINES = [
    # (run lines, set lines, the one message)
    ([_renamed(GOOD, "cited_ids", "cited_id")], None,
     "run.jsonl:1: cited_ids: missing required field; found 'cited_id': did you mean 'cited_ids'?"),
    ([_renamed(GOOD, "declined", "declinde")], None,
     "run.jsonl:1: declined: missing required field; found 'declinde': did you mean 'declined'?"),
    ([_renamed(GOOD, "language", "langauge")], None,
     "run.jsonl:1: language: missing required field; found 'langauge': did you mean 'language'?"),
    ([{"run": {"assistant_versoin": "1.0"}}, GOOD], None,
     "run.jsonl:1: run.assistant_version: missing required field; found 'assistant_versoin': did you mean 'assistant_version'?"),
    ([{**GOOD, "retrieved_observations": [_renamed(OBSERVATION, "series", "serie")]}], None,
     "run.jsonl:1: retrieved_observations[0].series: missing required field; found 'serie': did you mean 'series'?"),
    ([GOOD], [{"set": {"version": "1"}}, _renamed(QUESTION, "expected_behaviour", "expected_behavior")],
     "set.jsonl:2: expected_behaviour: missing required field; found 'expected_behavior': did you mean 'expected_behaviour'?"),
    ([GOOD], [{"set": {"verison": "1"}}, QUESTION],
     "set.jsonl:1: set.version: missing required field; found 'verison': did you mean 'version'?"),
    ([GOOD], [{"set": {"version": "1"}}, _renamed(QUESTION, "question_id", "questionid")],
     "set.jsonl:2: question_id: missing required field; found 'questionid': did you mean 'question_id'?"),
]


@pytest.mark.parametrize("run, questions, message", MISSPELT_LINES, ids=[m[2].split(": ")[1] for m in MISSPELT_LINES])
def test_a_misspelt_required_field_is_one_problem_with_did_you_mean(files, cli, run, questions, message):
    write_lines(files / "run.jsonl", run)
    if questions is not None:
        write_lines(files / "set.jsonl", questions)
    assert_input_error(check(cli), "1 problem with the input", message)


@pytest.mark.parametrize("name, edit, message", [
    ("thresholds.yaml", lambda t: t.replace("\nversion:", "\nverison:", 1), "thresholds.yaml:{line}: verison: unknown key 'verison'; did you mean 'version'?"),
    ("rubric.yaml", lambda t: t.replace("\nlabels:", "\nlabls:", 1), "rubric.yaml:{line}: labls: unknown key 'labls'; did you mean 'labels'?"),
])
def test_a_misspelt_required_key_in_yaml_is_one_problem_on_its_own_line(workdir, cli, name, edit, message):
    text = edit((ROOT / name).read_text(encoding="utf-8"))
    for settings in ("thresholds.yaml", "rubric.yaml"):  # the other one good: settings are all checked before scoring
        (workdir / settings).write_text(text if settings == name else (ROOT / settings).read_text(encoding="utf-8"), encoding="utf-8")
    typo = message.split(": ")[1]
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(typo + ":"))
    reader = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"
    (workdir / "j.jsonl").write_text(reader.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--no-baseline", "--judgements", "j.jsonl")
    assert code == 2 and out == ""
    assert "1 problem with the input" in err and message.format(line=line) in err, err
    assert "missing required field" not in err


# --- an empty id is one message ----------------------------------------------------------

EMPTY_IDS = [
    ([{**GOOD, "cited_ids": [""]}], None, 'run.jsonl:1: cited_ids[0]: expected a non-empty string, found the string ""'),
    ([{**GOOD, "retrieved_ids": ["S1", ""]}], None, 'run.jsonl:1: retrieved_ids[1]: expected a non-empty string, found the string ""'),
    ([{**GOOD, "question_id": ""}], None, 'run.jsonl:1: question_id: expected a non-empty string, found the string ""'),
    ([{**GOOD, "retrieved_observations": [{**OBSERVATION, "series": ""}]}], None,
     'run.jsonl:1: retrieved_observations[0].series: expected a non-empty string, found the string ""'),
    ([GOOD], [{"set": {"version": "1"}}, {**QUESTION, "expected_ids": [""]}],
     'set.jsonl:2: expected_ids[0]: expected a non-empty string, found the string ""'),
    ([GOOD], [{"set": {"version": "1"}}, {**QUESTION, "question_id": ""}],
     'set.jsonl:2: question_id: expected a non-empty string, found the string ""'),
]


@pytest.mark.parametrize("run, questions, message", EMPTY_IDS, ids=[m[2].split(": ")[1] for m in EMPTY_IDS])
def test_an_empty_id_is_one_message(files, cli, run, questions, message):
    write_lines(files / "run.jsonl", run)
    if questions is not None:
        write_lines(files / "set.jsonl", questions)
    assert_input_error(check(cli), "1 problem with the input", message)


# --- created_at is an ISO 8601 date-time -------------------------------------------------

@pytest.mark.parametrize("value, message", [
    ("yesterday", 'expected an ISO 8601 date-time such as 2026-11-20T09:00:00Z, found the string "yesterday"'),
    ("2026-11-20", 'expected an ISO 8601 date-time such as 2026-11-20T09:00:00Z, found the string "2026-11-20"'),
    ("20/11/2026 09:00", 'expected an ISO 8601 date-time such as 2026-11-20T09:00:00Z, found the string "20/11/2026 09:00"'),
    ("2026-02-30T09:00:00Z", 'expected an ISO 8601 date-time such as 2026-11-20T09:00:00Z, found the string "2026-02-30T09:00:00Z" (day is out of range for month)'),
    ("2026-11-20T25:00:00Z", 'expected an ISO 8601 date-time such as 2026-11-20T09:00:00Z, found the string "2026-11-20T25:00:00Z"'),
    (20261120, "expected a string, found the number 20261120"),
])
def test_a_created_at_that_is_not_a_date_time_names_file_line_and_field(files, cli, value, message):
    write_lines(files / "run.jsonl", [{"run": {"assistant_version": "1.0", "created_at": value}}, GOOD])
    assert_input_error(check(cli), "1 problem with the input", f"run.jsonl:1: run.created_at: {message}")


@pytest.mark.parametrize("value", ["2026-11-20T09:00:00Z", "2026-11-20T10:00:00.250+01:00", "2026-11-20 09:00", "2026-11-20t09:00z", "2026-11-20T09:00-0300"])
def test_a_date_time_in_any_iso_8601_form_is_accepted(files, cli, value):
    write_lines(files / "run.jsonl", [{"run": {"assistant_version": "1.0", "created_at": value}}, GOOD, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli)
    assert code == 0, err


# --- judgements: a misspelt field is its one "did you mean" --------------------------------

READER = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"


def _judgement() -> dict:
    import json

    return json.loads(READER.read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize("edit, message", [
    (lambda j: _renamed(j, "answer_digest", "answer_digset"), "j.jsonl:1: answer_digset: unknown field 'answer_digset'; did you mean 'answer_digest'?"),
    (lambda j: _renamed(j, "question_id", "questionid"), "j.jsonl:1: questionid: unknown field 'questionid'; did you mean 'question_id'?"),
    (lambda j: {**j, "judge": _renamed(j["judge"], "name", "nmae")}, "j.jsonl:1: judge.nmae: unknown field 'nmae'; did you mean 'name'?"),
], ids=["answer_digest", "question_id", "judge.name"])
def test_a_misspelt_judgement_field_is_one_problem(workdir, cli, edit, message):
    import json

    (workdir / "j.jsonl").write_text(json.dumps(edit(_judgement())) + "\n", encoding="utf-8")
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--no-baseline", "--judgements", "j.jsonl", "--rubric", str(ROOT / "rubric.yaml"))
    assert code == 2 and out == ""
    assert "1 problem with the input" in err and message in err, err


def test_a_misspelt_required_csv_column_is_one_problem(workdir, cli):
    (workdir / "j.csv").write_text("questionid,judge_kind,judge_name,rubric_version,answer_digest,series\n"
                                   "a01,person,Amina,1,sha256:" + "0" * 64 + ",yes\n", encoding="utf-8")
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--no-baseline", "--judgements", "j.csv", "--rubric", str(ROOT / "rubric.yaml"))
    assert code == 2 and out == ""
    assert "1 problem with the input" in err and "j.csv:1: questionid: unknown column 'questionid'; did you mean 'question_id'?" in err, err


# --- every input has its size limit, named as that input ----------------------------------

@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_judgements_file_past_its_limit_stops_there_named_as_judgements(workdir, cli, monkeypatch, suffix):
    import os

    monkeypatch.setenv("ANSWER_GATE_MAX_JUDGEMENTS_BYTES", "64KiB")
    os.symlink("/dev/zero", workdir / f"j{suffix}")
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--no-baseline", "--judgements", f"j{suffix}",
                         "--rubric", str(ROOT / "rubric.yaml"))
    assert code == 2 and out == ""
    assert (f"j{suffix}: expected a judgements file of at most 64 KiB, found more (stopped reading there); "
            "raise the limit with ANSWER_GATE_MAX_JUDGEMENTS_BYTES if the file is meant to be this large") in err, err


def test_an_answer_schema_file_past_its_limit_is_named_on_the_question_line(files, cli, monkeypatch):
    import os

    monkeypatch.setenv("ANSWER_GATE_MAX_SET_BYTES", "64KiB")
    os.symlink("/dev/zero", files / "big.schema.json")
    write_lines(files / "set.jsonl", [{"set": {"version": "1"}}, {**QUESTION, "answer_format": "json", "answer_schema": "big.schema.json"}])
    write_lines(files / "run.jsonl", [GOOD])
    assert_input_error(check(cli), "set.jsonl:2: answer_schema: 'big.schema.json': expected a JSON Schema file of at most 64 KiB, "
                                   "found more (stopped reading there); raise the limit with --max-set-bytes or ANSWER_GATE_MAX_SET_BYTES")
