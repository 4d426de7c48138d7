"""The grader client against a loopback chat-completions server: a good response, a
malformed one, a timeout, a 429 with Retry-After, the key never printed; and calibration."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT, RUN_13, SET_12, THRESHOLDS
from loopback_llm import Reply, completion, serve

from gate.judged.grader import MAX_RETRY_AFTER, Grader, GraderSettings, prompt_digest
from gate.inputs.judgements import FAILED, OK
from gate.run.check import check_run
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.inputs.rubric import load_rubric

RUBRIC = ROOT / "rubric.yaml"
KEY = "sk-test-5ecret-never-shown"
READER = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"
GOOD = {"labels": {"series": "yes", "period": "yes", "unit": "yes", "caveat": "not_applicable", "no_unsupported_claim": "yes"},
        "quality": {"answer_correctness": 5, "completeness": 4, "instruction_following": 5, "clarity": 4}, "note": ""}


def first_pair():
    pairs = join(load_run(RUN_13), load_question_set(SET_12)).pairs
    return pairs[0]


def grader_for(url, sleeps=None, **kwargs):
    settings = GraderSettings(url, "local-model", api_key=KEY, **kwargs)
    return Grader(settings, load_rubric(RUBRIC), sleep=(sleeps.append if sleeps is not None else (lambda s: None)))


def test_a_good_response_is_a_judgement_with_the_graders_identity():
    with serve([Reply(200, completion(json.dumps(GOOD)))]) as server:
        grader = grader_for(server.url)
        j = grader.judge_answer(*first_pair())
        grader.close()
    assert j.status == OK and dict(j.labels) == GOOD["labels"] and dict(j.quality) == GOOD["quality"]
    assert (j.judge.kind, j.judge.model, j.judge.prompt_digest) == ("grader", "local-model", prompt_digest(load_rubric(RUBRIC)))
    sent = server.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    assert sent.body["temperature"] == 0 and sent.body["model"] == "local-model"
    assert sent.body["response_format"]["type"] == "json_schema"
    case = json.loads(sent.body["messages"][1]["content"])
    assert case["allowed_labels"] == ["yes", "no", "not_applicable"]
    assert [r["id"] for r in case["rubric"]] == ["series", "period", "unit", "caveat", "no_unsupported_claim"]
    assert case["evidence"]["retrieved_values"] == ["7.6", "7.9", "8.4"]


@pytest.mark.parametrize("content, reason", [
    ("The answer looks fine to me.", "not valid JSON output"),
    (json.dumps({**GOOD, "labels": {**GOOD["labels"], "unit": "probably"}}), "label of unit is \"probably\""),
    (json.dumps({"labels": {"series": "yes"}, "quality": {}, "note": ""}), "label of period is null"),
    (json.dumps({**GOOD, "quality": {"clarity": 9}}), "clarity score 9 is not a whole number from 1 to 5"),
])
def test_a_malformed_response_is_a_failed_judgement_never_guessed(content, reason):
    with serve([Reply(200, completion(content))]) as server:
        grader = grader_for(server.url)
        j = grader.judge_answer(*first_pair())
        grader.close()
    assert j.status == FAILED and reason in j.error and not j.labels


def test_a_body_without_choices_is_a_failed_judgement():
    with serve([Reply(200, {"object": "error"})]) as server:
        grader = grader_for(server.url)
        j = grader.judge_answer(*first_pair())
        grader.close()
    assert (j.status, j.error) == (FAILED, "malformed response: no choices[0].message.content")


def test_a_timeout_is_retried_a_bounded_number_of_times_then_recorded_as_failed():
    sleeps: list[float] = []
    with serve([Reply(200, completion(json.dumps(GOOD)), delay=1.5)]) as server:
        grader = grader_for(server.url, sleeps, timeout=0.3, retries=1)
        j = grader.judge_answer(*first_pair())
        grader.close()
    assert j.status == FAILED and j.error == "timed out after 0.3s; gave up after 2 attempt(s)"
    assert len(server.requests) == 2 and sleeps == [0.5]


def test_a_429_with_retry_after_is_honoured_within_the_bound():
    sleeps: list[float] = []
    replies = [Reply(429, {"error": "slow down"}, {"Retry-After": "2"}),
               Reply(429, {"error": "slow down"}, {"Retry-After": "3600"}),
               Reply(200, completion(json.dumps(GOOD)))]
    with serve(replies) as server:
        grader = grader_for(server.url, sleeps, retries=3)
        j = grader.judge_answer(*first_pair())
        grader.close()
    assert j.status == OK
    assert sleeps == [2.0, MAX_RETRY_AFTER]


def test_the_key_never_appears_in_output(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("ANSWER_GATE_API_KEY", KEY)
    # the server echoes the Authorization header into the reply: note, error body
    def echo(body):
        return Reply(200, completion(json.dumps({**GOOD, "note": "key was Bearer " + KEY})))
    out = tmp_path / "graded.jsonl"
    with serve(echo) as server:
        code, stdout, stderr = cli("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                                   "--endpoint", server.url, "--model", "m", "--out", str(out))
    assert code == 0, stderr
    assert server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    text = out.read_text()
    assert KEY not in text and KEY not in stdout and KEY not in stderr
    assert "key was Bearer ***" in text
    from jsonschema import Draft202012Validator

    from gate.core.schemas import schema

    validator = Draft202012Validator(schema("judgement"))
    assert all(list(validator.iter_errors(json.loads(line))) == [] for line in text.splitlines())
    assert stdout.startswith("graded 8 answers with answer-gate-grader (model m, prompt sha256:")
    with serve([Reply(401, {"error": {"message": f"bad key Bearer {KEY}"}})]) as server:
        code, stdout, stderr = cli("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                                   "--endpoint", server.url, "--model", "m", "--out", str(tmp_path / "x.jsonl"))
    assert code == 2
    assert "the endpoint answered 401" in stderr and "bad key Bearer ***" in stderr
    assert KEY not in stdout + stderr


def test_graded_judgements_are_read_by_the_gate_and_not_counted_until_validated(tmp_path, cli):
    out = tmp_path / "graded.jsonl"
    with serve([Reply(200, completion(json.dumps(GOOD)))]) as server:
        assert cli("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                   "--endpoint", server.url, "--model", "m", "--out", str(out))[0] == 0
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[READER, out], rubric=RUBRIC)
    grader = next(js for js in report.rubric.judges if js.judge.kind == "grader")
    assert not grader.counted and "min_overlap is 10" in grader.validation.reason
    assert grader.reviewed == 8
    assert (report.cell("all", "rubric_pass").numerator, report.cell("all", "rubric_pass").denominator) == (5, 8)


def reader_labels():
    return {json.loads(line)["question_id"]: json.loads(line)["labels"] for line in READER.read_text().splitlines()}


def people_file(tmp_path, change=lambda qid, labels: labels, rubric_questions=None):
    """The reader's judgements of RUN_13, each line's labels passed through ``change``."""
    out = tmp_path / "people.jsonl"
    lines = []
    for line in READER.read_text().splitlines():
        data = json.loads(line)
        labels = change(data["question_id"], dict(data["labels"]))
        if rubric_questions is not None:
            labels = {q: lab for q, lab in labels.items() if q in rubric_questions}
        lines.append(json.dumps({**data, "labels": labels}))
    out.write_text("\n".join(lines) + "\n")
    return out


def rubric_without_caveat(tmp_path):
    """The rubric without its caveat question: on RUN_13 a caveat is known for a04 only, so
    that question's kappa is undefined there whatever the grader says."""
    text = RUBRIC.read_text()
    start = text.index("  caveat:\n")
    end = text.index("  no_unsupported_claim:\n")
    path = tmp_path / "rubric.yaml"
    path.write_text(text[:start] + text[end:])
    return path


def test_calibrate_prints_kappa_per_question_and_exits_by_the_floor(tmp_path, cli):
    # the people vary on period and unit where those apply (a declined a05 is not_applicable)
    varied = {"a02": ("period", "no"), "a07": ("unit", "no")}

    def change(qid, labels):
        if qid in varied:
            labels[varied[qid][0]] = varied[qid][1]
        return labels

    questions = ["series", "period", "unit", "no_unsupported_claim"]
    people = people_file(tmp_path, change, questions)
    labels = {qid: change(qid, {q: lab for q, lab in lab_all.items() if q in questions}) for qid, lab_all in reader_labels().items()}
    rubric = rubric_without_caveat(tmp_path)

    def agreeing(body):
        case = json.loads(body["messages"][1]["content"])
        qid = next(q for q in labels if _matches(q, case))
        return Reply(200, completion(json.dumps({"labels": labels[qid], "quality": GOOD["quality"], "note": ""})))

    rules = tmp_path / "t.yaml"
    rules.write_text(THRESHOLDS.read_text().replace("min_overlap: 10", "min_overlap: 8").replace("min_kappa: 0.60", "min_kappa: 0.50"))
    args = ("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(rubric), "--model", "m", "--calibrate", str(people))
    with serve(agreeing) as server:
        code, out, err = cli(*args, "--endpoint", server.url, "--thresholds", str(rules))
    assert code == 0, out + err
    # a05 declined: series, period and unit do not apply, so n is 7 there; 8 on the one that always applies
    assert "  series: kappa 1.00 (n=7)\n" in out and "  period: kappa 1.00 (n=7)\n" in out
    assert "  no_unsupported_claim: kappa 1.00 (n=8)\n" in out
    assert out.endswith("  validated: kappa at least 0.50 on every rubric question, n=8\n")

    def contrary(body):
        reply = agreeing(body)
        data = json.loads(reply.body["choices"][0]["message"]["content"])
        data["labels"]["series"] = "no" if data["labels"]["series"] == "yes" else "yes"
        return Reply(200, completion(json.dumps(data)))

    with serve(contrary) as server:
        code, out, err = cli(*args, "--endpoint", server.url, "--thresholds", str(rules))
    # series where it applies (7 answers), people: yes 6, no 1; the grader: no where they say
    # yes, and yes where they say no. p_o = 0, p_e = (6*1 + 1*6)/49 = 12/49, kappa = -12/37 = -0.32.
    # Its "yes" on a05 (declined: series does not apply) is dropped with a notice, never counted.
    assert code == 1 and "  series: kappa -0.32 (n=7)\n" in out and "not validated: series kappa -0.32 < 0.50" in out
    assert ("answer-gate: notice: the grader labelled yes or no on 1 rubric question(s) that do not apply to the answer: "
            "dropped (written as not_applicable, never counted): a05 series\n") in err
    with serve(agreeing) as server:
        code, out, _ = cli(*args, "--endpoint", server.url)
    assert code == 1 and "not validated: 8 answer(s) judged by a person too, min_overlap is 10" in out


def test_calibration_counts_no_label_of_a_question_that_does_not_apply(tmp_path, cli):
    """The people's file says yes on caveat for a01 (no caveat known: it does not apply) and
    yes on series for the declined a05: both dropped with a notice, outside every n."""
    def change(qid, labels):
        if qid == "a01":
            labels["caveat"] = "yes"
        if qid == "a05":
            labels["series"] = "yes"
        return labels

    people = people_file(tmp_path, change)
    labels = reader_labels()

    def agreeing(body):
        case = json.loads(body["messages"][1]["content"])
        qid = next(q for q in labels if _matches(q, case))
        return Reply(200, completion(json.dumps({"labels": labels[qid], "quality": GOOD["quality"], "note": ""})))

    with serve(agreeing) as server:
        code, out, err = cli("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--model", "m",
                             "--calibrate", str(people), "--endpoint", server.url)
    assert code == 1  # below min_overlap 10 with 8 answers
    assert ("answer-gate: notice: 2 label(s) of yes or no by people on rubric questions that do not apply to the answer: "
            "dropped, never counted in agreement: a01 caveat (Amina Diallo), a05 series (Amina Diallo)\n") in err
    # caveat applies to a04 only (the one answer with a caveat known); series to the 7 answered
    assert "  caveat: kappa undefined (n=1); undefined: both raters gave only 'no'\n" in out
    assert "  series: kappa 1.00 (n=7)\n" in out


_ANSWERS = {a.question_id: a.answer for a in load_run(RUN_13).answers}


def _matches(qid, case):
    return _ANSWERS[qid] == case["answer"]


@pytest.mark.parametrize("extra, message", [
    ((), "--out: expected --out FILE for the judgements (or --calibrate FILE, or --dry-run)"),
    (("--out", "x.jsonl", "--retries", "11"), "--retries: expected 0 to 10, found 11"),
    (("--out", "x.jsonl", "--timeout", "0"), "--timeout: expected more than 0 and at most 600 seconds, found 0"),
    (("--out", "x.jsonl", "--connect-timeout", "-1"), "--connect-timeout: expected more than 0 and at most 600 seconds, found -1"),
    (("--out", "x.jsonl", "--max-failures", "-1"), "--max-failures: expected 0 or more, found -1"),
    (("--out", "x.jsonl", "--budget", "-2"), "--budget: expected 0 or more new requests, found -2"),
    (("--out", "x.jsonl", "--concurrency", "0"), "--concurrency: expected 1 to 64 requests in flight, found 0"),
    (("--out", "x.jsonl", "--calibrate", str(READER)), "--out: not with --calibrate: calibration prints kappa per rubric question and writes no judgements"),
    (("--dry-run", "--cache", str(RUBRIC)), f"{RUBRIC}: --cache: expected a folder for the cache, found a file"),
])
def test_bad_grade_options_are_exit_2(tmp_path, cli, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                         "--endpoint", "http://127.0.0.1:9/v1", "--model", "m", *extra)
    assert code == 2 and message in err and out == ""


def test_grade_replaces_its_output_only_with_force_and_asks_nothing_without_it(tmp_path, cli):
    out = tmp_path / "graded.jsonl"
    out.write_text("a grader's earlier judgements\n", encoding="utf-8")
    args = ("grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--endpoint", None, "--model", "m", "--out", str(out))
    with serve([Reply(200, completion(json.dumps(GOOD)))]) as server:
        argv = [server.url if a is None else a for a in args]
        code, stdout, stderr = cli(*argv)
        assert (code, stdout) == (2, "")
        assert f"{out}: --out: expected a new file, found an existing one: pass --force to replace it" in stderr
        assert server.requests == []  # refused before any answer was sent to the grader
        assert out.read_text(encoding="utf-8") == "a grader's earlier judgements\n"
        code, stdout, stderr = cli(*argv, "--force")
    assert code == 0, stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    written = {json.loads(line)["question_id"]: json.loads(line)["labels"] for line in lines}
    assert len(written) == 8 and all(labels == GOOD["labels"] for qid, labels in written.items() if qid != "a05")
    # a05 declined: series, period and unit do not apply; the grader's yes is dropped
    assert written["a05"] == {**GOOD["labels"], "series": "not_applicable", "period": "not_applicable", "unit": "not_applicable"}
    assert len(server.requests) == 8
    assert stdout.startswith("graded 8 answers with answer-gate-grader (model m, prompt sha256:") and stdout.rstrip().endswith(str(out))
    assert [p.name for p in tmp_path.iterdir()] == ["graded.jsonl"]  # no temporary file left
