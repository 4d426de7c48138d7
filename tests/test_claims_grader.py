"""The grader asked for claims (issue 32), against a loopback chat-completions server: its
request asks for spans, the three labels and the evidence ids at temperature 0; its claims
are checked as strictly as a person's; code overrules a figure it called supported that
the gate found unsupported, and the report counts where they disagreed."""

from __future__ import annotations

import io
import json
from pathlib import Path

from claims_rubric import narrowed
from conftest import SET_12, THRESHOLDS
from loopback_llm import Reply, completion, serve
from rich.console import Console

from gate.inputs.judgements import FAILED, OK
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.rubric import load_rubric
from gate.inputs.run_log import load_run
from gate.judged.grader import Grader, GraderSettings, prompt_digest
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal
from gate.run.check import check_run

CLAIMS = Path(__file__).resolve().parent / "fixtures" / "claims"
RUN = CLAIMS / "answers_run_assistant-1.3_set-1.2.jsonl"
READER = CLAIMS / "judgements_reader_claims.jsonl"
RUBRIC = CLAIMS / "rubric.yaml"
QUALITY = {"answer_correctness": 4, "completeness": 4, "instruction_following": 5, "clarity": 4}


def reader_lines() -> dict[str, dict]:
    return {json.loads(line)["question_id"]: json.loads(line) for line in READER.read_text(encoding="utf-8").splitlines()}


def replies(relabel: dict[str, str]):
    """A grader that gives the reader's labels and claims, with the claims of ``relabel``'s
    answers labelled as it says; it finds the answer by its text in the request."""
    by_text = {a.answer: a.question_id for a in load_run(RUN).answers}
    lines = reader_lines()

    def reply(body):
        case = json.loads(body["messages"][1]["content"])
        row = lines[by_text[case["answer"]]]
        claims = [{**c, "label": relabel.get(row["question_id"], c["label"])} for c in row["claims"]]
        labels = {q: v for q, v in row["labels"].items() if q != "no_unsupported_claim"}
        return Reply(200, completion(json.dumps({"labels": labels, "quality": QUALITY, "note": "", "claims": claims})))

    return reply


def test_the_request_asks_for_spans_the_three_labels_and_evidence_at_temperature_0():
    rubric = load_rubric(RUBRIC)
    question, answer = join(load_run(RUN), load_question_set(SET_12)).pairs[1]  # a02
    with serve(replies({})) as server:
        grader = Grader(GraderSettings(server.url, "local-model"), rubric, sleep=lambda s: None)
        j = grader.judge_answer(question, answer)
        grader.close()
    body = server.requests[0].body
    assert body["temperature"] == 0
    schema = body["response_format"]["json_schema"]["schema"]
    assert "claims" in schema["required"]
    item = schema["properties"]["claims"]["items"]
    assert item["properties"]["label"]["enum"] == ["supported", "unsupported", "contradicted"]
    assert item["required"] == ["start", "end", "text", "label", "evidence"]
    assert "no_unsupported_claim" not in schema["properties"]["labels"]["required"]  # it follows from the claims
    assert '"supported" when the evidence entails it' in body["messages"][0]["content"]
    case = json.loads(body["messages"][1]["content"])
    assert case["allowed_claim_labels"] == ["supported", "unsupported", "contradicted"]
    assert j.status == OK and [c.label for c in j.claims] == ["supported", "contradicted"]
    assert j.labels["no_unsupported_claim"] == "no"
    # the prompt digest (the grader's identity) changes with claims asked for
    assert j.judge.prompt_digest == prompt_digest(rubric) != prompt_digest(load_rubric(CLAIMS.parent.parent.parent / "rubric.yaml"))


def test_a_claim_that_is_not_the_answers_text_is_a_failed_judgement_never_guessed():
    rubric = load_rubric(RUBRIC)
    question, answer = join(load_run(RUN), load_question_set(SET_12)).pairs[5]  # a06
    bad = {"labels": {"series": "no", "period": "yes", "unit": "yes", "caveat": "not_applicable"}, "quality": QUALITY, "note": "",
           "claims": [{"start": 0, "end": 10, "text": "Poverty was", "label": "probably", "evidence": ["WDI"]}]}
    with serve([Reply(200, completion(json.dumps(bad)))]) as server:
        grader = Grader(GraderSettings(server.url, "m"), rubric, sleep=lambda s: None)
        j = grader.judge_answer(question, answer)
        grader.close()
    assert j.status == FAILED and j.claims is None
    assert j.error.startswith("not valid structured output: claims[0].text: expected the answer's text from 0 to 10")
    assert "claims[0].label: expected one of supported, unsupported, contradicted" in j.error
    assert "claims[0].evidence: unknown evidence id(s) 'WDI'" in j.error


def test_code_overrules_a_figure_the_grader_called_supported_and_the_report_counts_it(tmp_path, cli):
    out = tmp_path / "graded.jsonl"
    with serve(replies({"a06": "supported"})) as server:
        code, _, err = cli("grade", str(RUN), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                           "--endpoint", server.url, "--model", "m", "--out", str(out))
    assert code == 0, err
    graded = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    a06 = next(g for g in graded if g["question_id"] == "a06")
    assert a06["claims"][0]["label"] == "supported" and a06["labels"]["no_unsupported_claim"] == "yes"
    # validated on the reader's judgements as calibration (min_overlap 5: the example has 8 answers), so it decides
    thresholds = tmp_path / "thresholds.yaml"
    thresholds.write_text(THRESHOLDS.read_text(encoding="utf-8").replace("min_overlap: 10", "min_overlap: 5"), encoding="utf-8")
    rubric, (out, reader) = narrowed(tmp_path, out, READER)
    report = check_run(RUN, SET_12, thresholds, judgements=[out], rubric=rubric, calibration=[reader])
    (grader,) = report.rubric.judges
    assert grader.counted, grader.validation.reason
    assert grader.validation.kappas["claim_labels"].n == 9
    overruled = [(o.question_id, o.reason) for o in report.rubric.overruled]
    assert overruled == [("a06", "unsupported figure 31%"), ("a07", "citation EDU_STATS_2024 never retrieved")]
    a06_finding = next(f for f in report.findings if f.question_id == "a06" and f.code == "claim_unsupported")
    assert "(code: unsupported figure 31%; answer-gate-grader (model m, prompt sha256:" in a06_finding.message
    assert a06_finding.message.endswith("said supported, overruled); evidence read: POV_HEADCOUNT_NAT")
    grounded = report.cell("all", "grounded_claim_rate")
    assert (grounded.numerator, grounded.denominator) == (5, 9)  # as the reader's: code brought the grader's a06 down
    buffer = io.StringIO()
    render_terminal(report, Console(width=100, file=buffer, color_system=None))
    for text in (buffer.getvalue(), render_markdown(report)):
        assert "code overruled 2 claim label(s)" in text


def test_calibrate_prints_the_claim_kappas_and_how_many_claims_matched(tmp_path, cli):
    thresholds = tmp_path / "thresholds.yaml"
    thresholds.write_text(THRESHOLDS.read_text(encoding="utf-8").replace("min_overlap: 10", "min_overlap: 5"), encoding="utf-8")
    with serve(replies({"a06": "supported"})) as server:
        code, out, err = cli("grade", str(RUN), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--thresholds", str(thresholds),
                             "--endpoint", server.url, "--model", "m", "--calibrate", str(READER))
    # exit 1: on the 8 answers of the example, period, unit and caveat get one label only (kappa undefined)
    assert code == 1, err
    assert "  claims_any_unsupported: kappa 0.71 (n=8)" in out  # a06: the grader found nothing wanting, the reader did
    assert "  claim_labels: kappa 0.75 (n=9)" in out  # 8 of 9 claims labelled alike
    assert "  claims matched by largest overlap: 9 of the people's 9" in out
