"""A rejected line reports all its problems at once (F3: a number beyond the bounds or a lone
surrogate no longer hides the schema's problems), and a rejected set line is rejected, never
missing (F4: the join does not call its answer "not in the question set")."""

from __future__ import annotations

import json

import pytest

SET = [
    {"set": {"version": "2.0"}},
    {"question_id": "q1", "language": "en", "question": "Rate?", "expected_behaviour": "answer",
     "expected_values": [5.2], "expected_ids": ["UNEMP"]},
    {"question_id": "q2", "language": "en", "question": "Prices?", "expected_behaviour": "answer",
     "expected_values": [2.3], "expected_ids": ["CPI"]},
]
LOG = [
    {"run": {"assistant_version": "2.0", "set_version": "2.0", "created_at": "2026-12-01T09:00:00Z"}},
    {"question_id": "q1", "language": "en", "retrieved_ids": ["UNEMP"], "retrieved_values": [5.2],
     "answer": "It was 5.2% [UNEMP].", "cited_ids": ["UNEMP"], "declined": False},
    {"question_id": "q2", "language": "en", "retrieved_ids": ["CPI"], "retrieved_values": [2.3],
     "answer": "It was 2.3% [CPI].", "cited_ids": ["CPI"], "declined": False},
]
BOUND = "expected a number of at most 34 significant digits and magnitude from 1e-30 to below 1e30, found 1e400"


def _write(path, rows, line2: str | None = None):
    lines = [json.dumps(r) for r in rows]
    if line2 is not None:
        lines[1] = line2
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _check(cli, tmp_path, log_line=None, set_line=None, set_bytes=None):
    _write(tmp_path / "log.jsonl", LOG, log_line)
    _write(tmp_path / "set.jsonl", SET, set_line)
    if set_bytes is not None:
        (tmp_path / "set.jsonl").write_bytes(set_bytes)
    code, _, err = cli("check", str(tmp_path / "log.jsonl"), "--questions", str(tmp_path / "set.jsonl"), "--no-baseline",
                       "--json", str(tmp_path / "r.json"), "--markdown", str(tmp_path / "r.md"))
    return code, [line.replace(str(tmp_path) + "/", "") for line in err.splitlines()[1:]]


def test_a_big_number_in_the_log_is_reported_with_the_lines_other_problems(cli, tmp_path):
    line = json.dumps(LOG[1]).replace("[5.2]", "[1e400]").replace("false", '"no"')
    code, problems = _check(cli, tmp_path, log_line=line)
    assert code == 2
    assert problems == [f"log.jsonl:2: retrieved_values[0]: {BOUND}",
                        'log.jsonl:2: declined: expected a boolean (true or false, without quotes), found the string "no"']


def test_a_big_number_in_the_set_is_reported_with_the_lines_other_problems(cli, tmp_path):
    line = json.dumps(SET[1]).replace("[5.2]", "[true, null, 1e400]")
    code, problems = _check(cli, tmp_path, set_line=line)
    assert code == 2
    assert problems == [f"set.jsonl:2: expected_values[2]: {BOUND}",
                        "set.jsonl:2: expected_values[0]: expected a number, found true",
                        "set.jsonl:2: expected_values[1]: expected a number, found null"]


def test_a_lone_surrogate_is_reported_with_the_lines_other_problems(cli, tmp_path):
    line = json.dumps(LOG[1]).replace("It was", "\\ud800 It was").replace('"en"', "7")
    code, problems = _check(cli, tmp_path, log_line=line)
    assert code == 2
    assert len(problems) == 2
    assert problems[0].startswith("log.jsonl:2: answer: expected text, found a lone surrogate escape \\ud800")
    assert problems[1].startswith("log.jsonl:2: language: expected a string")


@pytest.mark.parametrize("text, problem", [
    ('"retrieved_values": [NaN]', "retrieved_values[0]: expected a number, found NaN, which JSON does not allow as a number"),
    ('"retrieved_values": [5.2], "retrieved_values": [5.2]', "expected a JSON object, found duplicate key 'retrieved_values' in one object"),
])
def test_nan_or_a_key_twice_is_reported_with_the_lines_other_problems(cli, tmp_path, text, problem):
    line = json.dumps(LOG[1]).replace('"retrieved_values": [5.2]', text).replace('"declined": false', '"declined": "no"')
    code, problems = _check(cli, tmp_path, log_line=line)
    assert (code, problems) == (2, [f"log.jsonl:2: {problem}",
                                    'log.jsonl:2: declined: expected a boolean (true or false, without quotes), found the string "no"'])


def test_a_big_number_in_a_field_of_the_wrong_type_is_one_problem(cli, tmp_path):
    line = json.dumps(LOG[1]).replace('"declined": false', '"declined": 1e400')
    code, problems = _check(cli, tmp_path, log_line=line)
    assert (code, problems) == (2, [f"log.jsonl:2: declined: {BOUND}"])


_KINDS = {
    "a big number": lambda s: s.replace("[5.2]", "[1e400]").encode(),
    "a lone surrogate": lambda s: s.replace("Rate?", "\\udc00").encode(),
    "a Latin-1 byte": lambda s: s.replace("Rate?", "Taux\xe9?").encode("latin-1"),
    "invalid JSON": lambda s: s[:-1].encode(),
    "a key twice": lambda s: s.replace('"language": "en"', '"language": "en", "language": "en"').encode(),
    "NaN": lambda s: s.replace("[5.2]", "[NaN]").encode(),
    "the schema": lambda s: s.replace("[5.2]", "[true]").encode(),
    "a run header": lambda s: s.replace('{"question_id"', '{"run": {}, "question_id"').encode(),
}


@pytest.mark.parametrize("kind", sorted(_KINDS))
def test_an_answer_to_a_rejected_set_line_is_not_called_missing_from_the_set(cli, tmp_path, kind):
    lines = [json.dumps(r) for r in SET]
    lines[1] = _KINDS[kind](lines[1]).decode("latin-1")
    raw = "\n".join(lines).encode("latin-1") + b"\n"
    code, problems = _check(cli, tmp_path, set_bytes=raw)
    assert code == 2
    assert problems and all(p.startswith("set.jsonl:2: ") for p in problems), problems
    assert not any("not in the question set" in p for p in problems)


def test_a_big_number_in_a_judgement_is_reported_with_its_other_problems(workdir, cli):
    from conftest import ROOT

    row = json.loads((ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl").read_text("utf-8").splitlines()[0])
    row["labels"]["series"] = "maybe"
    (workdir / "j.jsonl").write_text(json.dumps(row).replace('"labels"', '"note": 1e400, "labels"') + "\n", encoding="utf-8")
    (workdir / "k.jsonl").write_text(json.dumps({**row, "labels": {**row["labels"], "series": "yes"}}).replace('"labels"', '"note": 1e400, "labels"') + "\n",
                                     encoding="utf-8")
    run = ["check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl", "--no-baseline",
           "--rubric", str(ROOT / "rubric.yaml")]
    code, out, err = cli(*run, "--judgements", "j.jsonl")
    assert (code, out) == (2, "")
    assert err.splitlines()[1:] == [f"j.jsonl:1: note: {BOUND}",
                                    'j.jsonl:1: labels.series: expected one of yes, no, not_applicable, found the string "maybe"']
    code, out, err = cli(*run, "--judgements", "k.jsonl")  # nothing else wrong: still not accepted
    assert (code, err.splitlines()[1:]) == (2, [f"k.jsonl:1: note: {BOUND}"])


def test_a_question_written_on_the_header_line_is_rejected_not_missing(cli, tmp_path):
    raw = "\n".join([json.dumps({**SET[0], **SET[1]}), json.dumps(SET[2])]) + "\n"
    code, problems = _check(cli, tmp_path, set_bytes=raw.encode())
    assert code == 2
    assert problems and all(p.startswith("set.jsonl:1: ") for p in problems), problems
