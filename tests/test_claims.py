"""Claims, judged one by one (issue 32): the running example judged with claims by one reader,
the grounded claim rate and the contradicted share in every report format, findings quoting
the claims, the decision order, code's one-way overrule, the combining rule, and bad claims
as input errors naming file, line and field.

The fixture (tests/fixtures/claims/): a copy of assistant 1.3's run in which a02 says one
invented non-numeric thing ("It has fallen since the year before.": the retrieved series
rose from 67.9 to 68.2), a rubric asking for claims (version 2), and one reader's claims:
a06's "31%" claim and a03's "35 per 1,000" unsupported (code agrees: both figures are
unsupported), a02's invented claim contradicted, the rest supported: a07's claim too, which
holds the citation EDU_STATS_2024 that was never retrieved, so code overrules the reader.
"""

from __future__ import annotations

import io
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from claims_rubric import narrowed
from conftest import ROOT, SET_12, THRESHOLDS, assert_golden
from gate.core.errors import InputError
from gate.core.schemas import schema
from gate.inputs.claims import Claim
from gate.inputs.judgements import Judge, Judgement, answer_digest, load_judgements
from gate.inputs.rubric import load_rubric
from gate.inputs.run_log import load_run
from gate.judged.claim_scoring import combine_claims
from gate.report.json_report import render_json
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal
from gate.run.check import check_run

CLAIMS = Path(__file__).resolve().parent / "fixtures" / "claims"
RUN = CLAIMS / "answers_run_assistant-1.3_set-1.2.jsonl"
READER = CLAIMS / "judgements_reader_claims.jsonl"
RUBRIC = CLAIMS / "rubric.yaml"


def terminal(report, width: int = 100) -> str:
    buffer = io.StringIO()
    render_terminal(report, Console(width=width, file=buffer, color_system=None))
    return buffer.getvalue()


@pytest.fixture(scope="module")
def report():
    return check_run(RUN, SET_12, THRESHOLDS, judgements=[READER], rubric=RUBRIC)


def test_the_grounded_claim_rate_and_the_contradicted_share_of_the_example(report):
    grounded = report.cell("all", "grounded_claim_rate")
    # 9 claims: a01 two, a02 two, a03, a04, a06, a07, a08 one each (a05 declined: none);
    # supported: a01 x2, a02's first, a04, a08 = 5 (a07 overruled by code)
    assert (grounded.numerator, grounded.denominator, grounded.text) == (5, 9, "0.56 (n=9)")
    assert report.cell("language=fr", "grounded_claim_rate").text == "1.00 (n=2)"
    contradicted = report.cell("all", "contradicted_claims")
    assert (contradicted.numerator, contradicted.denominator, contradicted.text) == (1, 8, "0.13 (n=8)")
    # no_unsupported_claim follows from the claims, code's overrule included: a02, a03, a06, a07 fail it
    no_claim = report.cell("all", "rubric_no_unsupported_claim")
    assert (no_claim.numerator, no_claim.denominator) == (4, 8)
    # the shipped rules warn, never fail
    claim_rules = {(r.slice, r.rule.measure, r.status) for r in report.rules if r.rule.measure in ("grounded_claim_rate", "contradicted_claims")}
    assert claim_rules == {("all", "grounded_claim_rate", "warn"), ("all", "contradicted_claims", "warn"),
                           ("language=en", "grounded_claim_rate", "warn"), ("language=en", "contradicted_claims", "warn"),
                           ("language=fr", "grounded_claim_rate", "pass"), ("language=fr", "contradicted_claims", "pass")}
    assert report.rubric.claims == 9


def test_a_finding_per_claim_not_supported_quotes_it(report):
    claims = [(f.question_id, f.code, f.quote.text if f.quote else None) for f in report.findings
              if f.code in ("claim_unsupported", "claim_contradicted")]
    assert claims == [
        ("a02", "claim_contradicted", "It has fallen since the year before."),
        ("a03", "claim_unsupported", "The under-five mortality rate was 35 per 1,000 live births in 2020"),
        ("a06", "claim_unsupported", "Poverty in the Eastern district was about 31% in 2021."),
        ("a07", "claim_unsupported", "Net primary enrolment reached 92.5% in 2024 (EDU_PRIM_ENRL_PCT; EDU_STATS_2024)"),
    ]
    a06 = next(f for f in report.findings if f.question_id == "a06" and f.code == "claim_unsupported")
    assert a06.message == ('claim "Poverty in the Eastern district was about 31% in 2021." (0-54) is not supported by the evidence '
                           "(code agrees: unsupported figure 31%); evidence read: POV_HEADCOUNT_NAT")


def test_contradicted_and_unsupported_claims_fail_groundedness_before_quality(report):
    decisions = {f.question_id: (f.code, f.message) for f in report.findings if f.measure == "decision_pass"}
    assert decisions == {
        "a02": ("fail_groundedness", "fails groundedness whatever its quality: 1 contradicted claim(s)"),
        "a03": ("fail_groundedness", "fails groundedness whatever its quality: 1 unsupported figure(s), 1 unsupported claim(s)"),
        "a06": ("fail_groundedness", "fails groundedness whatever its quality: 1 unsupported figure(s), 1 unsupported claim(s)"),
        "a07": ("fail_groundedness", "fails groundedness whatever its quality: 1 invalid citation(s), 1 unsupported claim(s)"),
    }
    assert report.rubric.decisions == {"fail_groundedness": 4}


def test_code_overrules_a_supported_claim_holding_an_invalid_citation_and_the_report_counts_it(report):
    (over,) = report.rubric.overruled
    assert (over.question_id, over.claim.label, over.judges, over.reason) == \
        ("a07", "supported", ("Amina Diallo",), "citation EDU_STATS_2024 never retrieved")


def test_every_report_format_shows_the_claims(report, monkeypatch):
    monkeypatch.chdir(ROOT)
    shown = check_run("tests/fixtures/claims/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml",
                      judgements=["tests/fixtures/claims/judgements_reader_claims.jsonl"], rubric="tests/fixtures/claims/rubric.yaml")
    text, markdown, data_text, junit = terminal(shown), render_markdown(shown), render_json(shown), render_junit(shown)
    assert_golden("check_1.3_claims.txt", text)
    assert_golden("check_1.3_claims.md", markdown)
    assert_golden("check_1.3_claims.json", data_text)
    assert_golden("check_1.3_claims.junit.xml", junit)
    line = "claims: 9 judged; grounded claim rate 5 of 9 claims (0.56); answers with a contradicted claim 1 of"
    assert line in text and line in markdown.replace("\n", " ") and line in junit
    for out in (text, markdown):
        assert "grounded claim rate" in out and "contradicted claims" in out
        assert "It has fallen since the year before." in out
        assert "code overruled 1 claim label(s)" in out
    data = json.loads(data_text)
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    cells = {(c["slice"], c["measure"]): (c["numerator"], c["denominator"]) for c in data["scores"]}
    assert cells[("all", "grounded_claim_rate")] == (5, 9) and cells[("all", "contradicted_claims")] == (1, 8)
    assert data["rubric"]["claims"]["counted"] == 9
    assert data["rubric"]["claims"]["overruled"][0]["question_id"] == "a07"
    assert 'name="grounded_claim_rate min 0.95"' in junit and 'name="contradicted_claims max 0"' in junit


def test_without_claims_in_the_rubric_no_claim_measure_is_shown():
    plain = check_run(ROOT / "examples" / "answers_run_assistant-1.3_set-1.2.jsonl", SET_12, THRESHOLDS,
                      judgements=[ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"], rubric=ROOT / "rubric.yaml")
    assert not {"grounded_claim_rate", "contradicted_claims"} & {m.name for m in plain.measures}
    assert plain.rubric.claims is None


def test_claims_true_changes_the_rubric_digest():
    shipped, claims = load_rubric(ROOT / "rubric.yaml"), load_rubric(RUBRIC)
    assert claims.claims and not shipped.claims
    assert claims.digest != shipped.digest


# -- combining: a person outranks a grader; the worst label of overlapping claims --------------

ANSWER_RUN = load_run(RUN)
A02 = next(a for a in ANSWER_RUN.answers if a.question_id == "a02")


def _claim(text: str, label: str) -> Claim:
    start = (A02.answer or "").index(text)
    return Claim(start, start + len(text), text, label, ("HLTH_LIFE_EXP_YRS",))


def _judgement(name: str, *claims: Claim) -> Judgement:
    return Judgement("a02", Judge("person", name), "2", answer_digest(A02.answer), {}, claims=tuple(claims))


def test_overlapping_claims_of_two_readers_count_once_with_the_worst_label():
    one = _judgement("A", _claim("Life expectancy at birth was 68.2 years in 2023", "supported"),
                     _claim("It has fallen since the year before.", "unsupported"))
    two = _judgement("B", _claim("Life expectancy at birth was 68.2 years", "supported"), _claim("It has fallen", "contradicted"))
    combined = combine_claims([one, two], A02)
    assert [(c.text, c.label) for c in combined] == [("Life expectancy at birth was 68.2 years in 2023", "supported"),
                                                     ("It has fallen since the year before.", "contradicted")]


def test_a_person_outranks_a_grader_claim_by_claim(tmp_path):
    lines = [json.loads(line) for line in READER.read_text(encoding="utf-8").splitlines()]
    grader = {**lines[1], "judge": {"kind": "grader", "name": "g", "version": None, "model": "m", "prompt_digest": "sha256:" + "1" * 64}}
    grader["claims"] = [{**c, "label": "supported"} for c in grader["claims"]]
    grader["labels"] = {k: v for k, v in grader["labels"].items() if k != "no_unsupported_claim"}
    path = tmp_path / "j.jsonl"
    path.write_text("\n".join(json.dumps(v) for v in lines + [grader]) + "\n", encoding="utf-8")
    both = check_run(RUN, SET_12, THRESHOLDS, judgements=[path], rubric=RUBRIC)
    assert both.cell("all", "contradicted_claims").numerator == 1  # the reader's contradicted a02 stands


# -- bad claims: input errors naming file, line and field -----------------------------------

GOOD = json.loads(READER.read_text(encoding="utf-8").splitlines()[1])  # a02, two claims
GOOD["labels"].pop("no_unsupported_claim")  # follows from the claims
FIRST = GOOD["claims"][0]
BAD_CLAIMS = [
    ({**GOOD, "claims": [{**FIRST, "label": "true"}, GOOD["claims"][1]]},
     "claims[0].label: expected one of supported, unsupported, contradicted, found the string \"true\""),
    ({**GOOD, "claims": [FIRST, {**GOOD["claims"][1], "label": "Contradicted"}]},
     "claims[1].label: expected one of supported, unsupported, contradicted, found the string \"Contradicted\""),
    ({**GOOD, "claims": [{**FIRST, "evidence": ["HLTH_LIFE_EXP_YRS", "WDI_LIFE"]}]},
     "claims[0].evidence: unknown evidence id(s) 'WDI_LIFE': the answer's evidence holds HLTH_LIFE_EXP_YRS"),
    ({**GOOD, "claims": [{**FIRST, "text": "Life expectancy was 68.2"}]},
     "claims[0].text: expected the answer's text from 0 to 67"),
    ({**GOOD, "claims": [{**FIRST, "end": 500, "text": "x"}]},
     "claims[0].end: expected an offset within the answer (105 characters), found 500"),
    ({**GOOD, "claims": [FIRST, {**FIRST}]}, "claims: claims 0-67"),
    ({**GOOD, "claims": "all fine"}, "claims: expected a list of claims"),
    ({**GOOD, "claims": [{**FIRST, "lable": "supported"}]}, "claims[0].lable: unknown field 'lable'"),
    ({k: v for k, v in GOOD.items() if k != "claims"}, "claims: missing: the rubric asks for the answer's claims"),
    ({**GOOD, "labels": {**GOOD["labels"], "no_unsupported_claim": "yes"}},
     "labels.no_unsupported_claim: expected 'no', as the claims say"),
    ({**GOOD, "claims": [FIRST], "labels": {**GOOD["labels"], "no_unsupported_claim": "no"}},
     "labels.no_unsupported_claim: expected 'yes', as the claims say"),
]


@pytest.mark.parametrize("bad, message", BAD_CLAIMS, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(BAD_CLAIMS)])
def test_a_bad_claim_is_exit_2_naming_file_line_and_field(workdir, cli, bad, message):
    shutil.copy(RUBRIC, workdir / "rubric.yaml")
    shutil.copy(RUN, workdir / "run.jsonl")
    path = workdir / "judgements.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    code, out, err = cli("check", "run.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--judgements", "judgements.jsonl", "--no-baseline", "--json", "out.json")
    assert code == 2, err
    assert f"judgements.jsonl:2: {message}" in err
    assert out == "" and not (workdir / "out.json").exists()


def test_claims_under_a_rubric_that_asks_for_none_are_an_input_error(tmp_path):
    path = tmp_path / "j.jsonl"
    line = {**GOOD, "rubric_version": "1"}
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_judgements([path], load_rubric(ROOT / "rubric.yaml"), ANSWER_RUN)
    assert f"{path}:1: claims: the rubric ({ROOT / 'rubric.yaml'}, version 1) does not ask for claims" in str(caught.value)


# -- baselines store claim labels; grounded_claim_rate regresses question by question ----------


def _reader_12_with_claims(path: Path) -> Path:
    """A reader's claims of run 1.2: each answer one claim, its whole text, supported."""
    answers = {a.question_id: a for a in load_run(ROOT / "examples" / "answers_run_assistant-1.2_set-1.2.jsonl").answers}
    rows = []
    for line in READER.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        answer = answers[row["question_id"]]
        text = (answer.answer or "").rstrip(".")
        row.update(judge={"kind": "person", "name": "Paul Martin", "version": None}, answer_digest=answer_digest(answer.answer),
                   labels={q: "yes" if v == "no" else v for q, v in row["labels"].items() if q != "no_unsupported_claim"},
                   claims=[] if answer.declined else [{"start": 0, "end": len(text), "text": text, "label": "supported",
                                                       "evidence": list(answer.retrieved_ids)}])
        row.pop("note", None)
        rows.append(row)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_baseline_stores_claim_labels_and_the_grounded_claim_rate_regresses_question_by_question(workdir, cli):
    from gate.baseline import BaselineComparer, read_baseline

    shutil.copy(RUBRIC, workdir / "rubric.yaml")
    _reader_12_with_claims(workdir / "reader_1.2.jsonl")
    code, out, err = cli("baseline", "save", "examples/answers_run_assistant-1.2_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--judgements", "reader_1.2.jsonl", "--rubric", "rubric.yaml")
    assert code == 0, err
    document = json.loads((workdir / "baselines" / "assistant-1.2.json").read_text(encoding="utf-8"))
    items = document["judgements"]["items"]
    assert items[0]["claims"][0]["label"] == "supported" and items[4]["claims"] == []
    stored = {(s["slice"], s["measure"]): (s["numerator"], s["denominator"]) for s in document["scores"]}
    assert stored[("all", "grounded_claim_rate")] == (6, 6) and stored[("all", "contradicted_claims")] == (0, 8)
    assert read_baseline(workdir / "baselines" / "assistant-1.2.json").judgements is not None
    comparer = BaselineComparer(directory="baselines", rubric="rubric.yaml")
    report = check_run(RUN, "examples/question_set-1.2.jsonl", "thresholds.yaml", compare=comparer, judgements=[READER],
                       rubric="rubric.yaml", stored_judgements="baselines")
    cell = report.comparison.cell("all", "grounded_claim_rate")
    assert (cell.baseline.numerator, cell.baseline.denominator) == (6, 6)  # a05 and a06 declined in 1.2: no claim
    assert (cell.current.numerator, cell.current.denominator) == (5, 9)
    assert cell.broken == ("a02", "a03", "a06", "a07") and cell.fixed == ()  # a06: declined in 1.2, an unsupported claim now
    contradicted = report.comparison.cell("all", "contradicted_claims")
    assert contradicted.broken == ("a02",)
    [rule] = [r for r in report.rules if r.slice == "all" and r.rule.measure == "grounded_claim_rate" and r.rule.kind == "max_drop"]
    assert rule.reason == ("insufficient evidence: with n = 6 a drop of 0.833 or more could be detected (5 broken, none fixed); "
                           "4 broken, 0 fixed can reach p=0.0625 at best, not below 0.05 (p=0.0625; outside the family); "
                           "severity warn: reported only")


# -- graders validated on their claim labels -----------------------------------------------------


def _grader_lines(name: str, relabel: dict[tuple[str, int], str], drop: tuple[str, ...] = (), merge: tuple[str, ...] = ()) -> list[dict]:
    """The reader's judgements as a grader's: claim ``(question id, index)`` relabelled,
    the claims of ``drop`` left out, those of ``merge`` joined into one claim."""
    out = []
    for line in READER.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        qid = row["question_id"]
        claims = [{**c, "label": relabel.get((qid, i), c["label"])} for i, c in enumerate(row["claims"])]
        if qid in drop:
            claims = []
        if qid in merge:
            answer = next(a for a in ANSWER_RUN.answers if a.question_id == qid).answer
            claims = [{"start": claims[0]["start"], "end": claims[-1]["end"], "text": answer[claims[0]["start"]:claims[-1]["end"]],
                       "label": "supported", "evidence": claims[0]["evidence"]}]
        row.update(judge={"kind": "grader", "name": name, "version": None, "model": "m", "prompt_digest": "sha256:" + "2" * 64},
                   claims=claims, labels={q: v for q, v in row["labels"].items() if q != "no_unsupported_claim"})
        out.append(row)
    return out


def test_a_grader_whose_claim_labels_disagree_with_people_is_listed_not_counted(tmp_path):
    thresholds = tmp_path / "thresholds.yaml"
    thresholds.write_text(THRESHOLDS.read_text(encoding="utf-8").replace("min_overlap: 10", "min_overlap: 5"), encoding="utf-8")
    same = _grader_lines("agrees", {}, merge=("a01",))
    # the same answers unsupported, but contradicted and unsupported swapped, and a08 left without claims
    other = _grader_lines("swaps", {("a02", 1): "unsupported", ("a03", 0): "contradicted", ("a06", 0): "contradicted"}, drop=("a08",))
    path = tmp_path / "judgements.jsonl"
    lines = READER.read_text(encoding="utf-8").splitlines() + [json.dumps(r) for r in same + other]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rubric, (path,) = narrowed(tmp_path, path)
    judged = check_run(RUN, SET_12, thresholds, judgements=[path], rubric=rubric)
    graders = {js.judge.name: js for js in judged.rubric.judges if js.validation is not None}
    agrees, swaps = graders["agrees"].validation, graders["swaps"].validation
    assert graders["agrees"].counted and agrees.kappas["claim_labels"].value == 1
    assert agrees.claims_matched == (9, 9)  # a01's two claims both matched to its one
    assert not graders["swaps"].counted
    assert swaps.kappas["claims_any_unsupported"].value == 1  # the same answers found wanting...
    assert swaps.kappas["claim_labels"].value == Fraction(11, 35)  # ...but not the same labels: 5 of 8 alike
    assert swaps.claims_matched == (8, 9)  # a08's claim: no claim of the grader's overlaps it
    assert "claim_labels kappa 0.31 < 0.60" in swaps.reason
    text = terminal(judged)
    assert "claims matched by largest overlap: 8 of the people's 9" in " ".join(text.split())
    data = json.loads(render_json(judged))
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    assert [j["claims_matched"] for j in data["rubric"]["judges"] if j["kind"] == "grader"] == \
        [{"matched": 9, "people_claims": 9}, {"matched": 8, "people_claims": 9}]


def test_the_csv_sheet_carries_no_claims_under_a_rubric_asking_for_them(tmp_path):
    sheet = tmp_path / "review.csv"
    sheet.write_text("question_id,judge_kind,judge_name,series\na01,person,Amina,yes\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_judgements([sheet], load_rubric(RUBRIC), ANSWER_RUN)
    assert f"{sheet}: claims: the CSV sheet carries no claims" in str(caught.value)
    assert "judge claim by claim on the review page (review.html) or in JSON lines" in str(caught.value)


def test_with_evidence_false_the_overruled_claim_is_named_by_its_span_not_its_text(report):
    import dataclasses

    markdown = render_markdown(dataclasses.replace(report, evidence=False))
    assert "- a07 claim 0-79: Amina Diallo said supported; code: citation EDU&#95;STATS&#95;2024 never retrieved" in markdown
    assert '"Net primary enrolment reached 92.5% in 2024 (EDU&#95;PRIM&#95;ENRL&#95;PCT; EDU&#95;STATS&#95;2024)"' not in markdown


def test_code_overrules_only_a_citation_written_whole_in_the_claim():
    from gate.judged.claim_scoring import code_reason
    from gate.model.outcomes import Finding, Outcome

    outcome = Outcome("a07", "en", {}, (Finding("a07", "en", "citation_validity", "cited_not_retrieved", "m", cited_id="EDU_STATS_2024"),))
    assert code_reason(Claim(0, 10, "as EDU_STATS_2024 says", "supported"), outcome) == "citation EDU_STATS_2024 never retrieved"
    assert code_reason(Claim(0, 10, "as EDU_STATS_20245 says", "supported"), outcome) is None
    assert code_reason(Claim(0, 10, "no citation here", "supported"), outcome) is None


def test_a_rubric_that_stops_asking_for_claims_is_listed_as_loosened(workdir, cli):
    shutil.copy(RUBRIC, workdir / "base-rubric.yaml")
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    code, out, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--base-rubric", "base-rubric.yaml", "--no-baseline")
    assert "  - claims: claims no longer judged one by one, true -> false (rubric.yaml)" in out, (out, err)
    assert code == 1  # the example fails its floors; the listing alone does not fail without fail_on_loosened


def test_the_combined_claims_do_not_depend_on_the_order_of_judges_or_of_their_claims():
    import itertools

    one = _judgement("A", _claim("Life expectancy at birth was 68.2 years in 2023", "supported"),
                     _claim("It has fallen since the year before.", "unsupported"))
    two = _judgement("B", _claim("It has fallen", "contradicted"), _claim("Life expectancy at birth", "unsupported"))
    three = _judgement("C", _claim("68.2 years in 2023 (HLTH_LIFE_EXP_YRS)", "supported"))
    results = {combine_claims(order, A02) for order in itertools.permutations([one, two, three])}
    assert len(results) == 1
    (combined,) = results
    # "Life expectancy at birth" (B, unsupported) overlaps A's first claim, which C's overlaps: one group, unsupported
    assert [(c.text, c.label) for c in combined] == [("Life expectancy at birth was 68.2 years in 2023 (HLTH_LIFE_EXP_YRS)", "unsupported"),
                                                     ("It has fallen since the year before.", "contradicted")]
