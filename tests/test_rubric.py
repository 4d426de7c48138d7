"""The rubric: rubric.yaml loaded strictly, judgements checked against the run, the running
example's reader (recipe 4.3: five of the eight answers pass every rubric question), and
bad judgement and rubric files, each an input error with file, line, field and exit code 2."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from conftest import ROOT, RUN_13, SET_12, THRESHOLDS, assert_golden
from gate.core.errors import InputError
from gate.inputs.judgements import answer_digest
from gate.run.check import check_run
from gate.inputs.run_log import load_run
from gate.core.schemas import schema
from gate.report.json_report import render_json
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal
from gate.inputs.rubric import QUESTION_IDS, load_rubric

FIXTURES = Path(__file__).resolve().parent / "fixtures"
READER = FIXTURES / "judgements_reader_1.3.jsonl"
RUBRIC = ROOT / "rubric.yaml"


def example(**kwargs):
    return check_run(RUN_13, SET_12, THRESHOLDS, judgements=[READER], rubric=RUBRIC, **kwargs)


def terminal(report, width: int = 100) -> str:
    buffer = io.StringIO()
    render_terminal(report, Console(width=width, file=buffer, color_system=None))
    return buffer.getvalue()


def test_shipped_rubric_has_the_five_questions_and_four_dimensions():
    rubric = load_rubric(RUBRIC)
    assert rubric.version == "1"
    assert rubric.question_ids == QUESTION_IDS
    assert rubric.dimension_ids == ("answer_correctness", "completeness", "instruction_following", "clarity")
    assert rubric.question("caveat").applies == "caveat"
    assert rubric.question("unit").text("fr-CA") == "L'unité est-elle indiquée ?"
    assert rubric.question("unit").text("de") == "Ist die Einheit angegeben?"
    assert rubric.question("unit").text("sw") == "Is the unit stated?"  # no Swahili text: English
    assert rubric.pass_score == 4 and rubric.digest.startswith("sha256:")


def test_example_reader_gives_rubric_pass_5_of_8_beside_the_automatic_scores():
    report = example()
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator, cell.text) == (5, 8, "0.63 (n=8)")
    # the automatic scores are those of the published table
    assert [report.cell("all", m).text for m in ("numeric_accuracy", "citation_validity", "refusal_accuracy", "answer_rate", "unsupported_numbers")] \
        == ["0.83 (n=6)", "0.88 (n=8)", "0.50 (n=2)", "1.00 (n=6)", "0.25 (n=8)"]
    caveat = report.cell("all", "rubric_caveat")
    assert (caveat.numerator, caveat.denominator) == (0, 1)  # only a04 carries a caveat
    assert (report.cell("all", "reviewed_share").numerator, report.cell("all", "reviewed_share").denominator) == (8, 8)
    a04 = [f for f in report.findings if f.question_id == "a04"]
    assert [(f.measure, f.code) for f in a04] == [("rubric_caveat", "reader_no")]
    assert a04[0].message.endswith(": provisional status omitted")
    a01 = [f for f in report.findings if f.question_id == "a01"]
    assert a01 == []


def test_example_with_judgements_goldens(monkeypatch):
    monkeypatch.chdir(ROOT)  # relative paths in the reports, as a user would type them
    report = check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml",
                       judgements=["tests/fixtures/judgements_reader_1.3.jsonl"], rubric="rubric.yaml")
    assert_golden("check_1.3_judged.txt", terminal(report))
    assert_golden("check_1.3_judged.md", render_markdown(report))
    assert_readable_at_100_columns(terminal(report), render_markdown(report))
    text = render_json(report)
    assert_golden("check_1.3_judged.json", text)
    data = json.loads(text)
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    assert data["rubric"]["judges"][0]["name"] == "Amina Diallo"
    junit = render_junit(report)
    assert_golden("check_1.3_judged.junit.xml", junit)
    assert "rubric pass 5 of 8 judged answers (0.63)" in junit


RUBRIC_ROWS = ("rubric pass", "rubric: right series", "rubric: right period", "rubric: unit stated", "rubric: caveat stated",
               "rubric: no unsupported claim", "reviewed share")


def assert_readable_at_100_columns(text: str, markdown: str) -> None:
    """The scores table with judgements at 100 columns: the rubric family as rows, like the
    automatic and code-checks families, each measure's three cells (all, en, fr) on its own
    line, no line past 100 columns; the markdown table has the same five columns."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("measure "))
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    table = lines[start:end]
    assert max(len(line) for line in table) <= 100
    assert table[0].split() == ["measure", "all", "en", "fr"]  # the rules are under the table
    families = [line.strip() for line in table if line and not line.startswith(" ") and not line.startswith(("measure", "─"))]
    assert families == ["automatic measures", "code checks", "rubric", "quality"]
    rows = {line[2:32].strip(): line[32:].split() for line in table if line.startswith("  ") and line[2:3] != " "}
    assert [r for r in rows if r in RUBRIC_ROWS] == list(RUBRIC_ROWS)
    assert rows["rubric pass"][:9] == ["0.63", "(8)", "!", "0.67", "(6)", "!", "0.50", "(2)", "!"]
    assert rows["rubric: caveat stated"] == ["0.00", "(1)", "-", "0.00", "(1)"]
    header = next(line for line in markdown.splitlines() if line.startswith("| measure"))
    assert header.count("|") == 5  # measure, all, en, fr (the rules under the table)
    assert sum(1 for line in markdown.splitlines() if line.startswith("| rubric")) == 6


def test_without_judgements_the_report_is_the_automatic_one():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    assert [m.name for m in report.measures] == ["numeric_accuracy", "citation_validity", "refusal_accuracy", "answer_rate", "unsupported_numbers",
                                                 "cross_language_consistency", "retrieval_presence", "quote_grounding", "format", "exact_match", "period_match",
                                                 "period_unstated", "unit_stated", "caveat_stated", "series_match", "set_stale"]  # and the code checks
    assert report.rubric is None
    assert {c.measure for c in report.cells} == {m.name for m in report.measures}
    assert "rubric" not in json.loads(render_json(report))


def test_judgements_as_csv_score_the_same(tmp_path):
    import csv

    rows = [json.loads(line) for line in READER.read_text().splitlines()]
    path = tmp_path / "judgements.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["question_id", "judge_kind", "judge_name", "rubric_version", "answer_digest", *QUESTION_IDS, "note"])
        for r in rows:
            writer.writerow([r["question_id"], "person", r["judge"]["name"], r["rubric_version"], r["answer_digest"],
                             *[r["labels"][q] for q in QUESTION_IDS], r.get("note", "")])
        writer.writerow(["a09", "", "", "", "", "", "", "", "", "", ""])  # not judged yet: skipped, said
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[path], rubric=RUBRIC)
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator) == (5, 8)
    assert any("1 row(s) not judged yet, skipped: a09" in n for n in report.notices)


# -- several judges ------------------------------------------------------------------------

def judgement(qid, name, labels, kind="person", **extra):
    run = load_run(RUN_13)
    answer = next(a for a in run.answers if a.question_id == qid)
    judge = {"kind": kind, "name": name, "version": None}
    if kind == "grader":
        judge.update(model="m-1", prompt_digest="sha256:" + "ab" * 32)
    base = {q: "yes" for q in QUESTION_IDS}
    base["caveat"] = "not_applicable"
    base.update(labels)
    return {"question_id": qid, "judge": judge, "rubric_version": "1", "answer_digest": answer_digest(answer.answer), "labels": base, **extra}


def write(tmp_path, name, items):
    path = tmp_path / name
    path.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    return path


def test_among_people_no_wins_and_the_disagreement_is_shown(tmp_path):
    path = write(tmp_path, "j.jsonl", [judgement("a02", "A", {}), judgement("a02", "B", {"unit": "no"}, note="no unit")])
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[path], rubric=RUBRIC)
    assert (report.cell("all", "rubric_pass").numerator, report.cell("all", "rubric_pass").denominator) == (0, 1)
    assert [(d.question_id, d.rubric_question, dict(d.labels)) for d in report.rubric.disagreements] == [("a02", "unit", {"A": "yes", "B": "no"})]
    assert "a02 unit: A yes, B no" in " ".join(terminal(report).split())


def rubric_without_caveat(tmp_path):
    """The rubric without its caveat question: in the published example a caveat is known for
    a04 only, and labels on a rubric question that does not apply count in no grader's
    validation, so that question's kappa is undefined there whatever the graders say."""
    text = RUBRIC.read_text()
    path = tmp_path / "rubric.yaml"
    path.write_text(text[:text.index("  caveat:\n")] + text[text.index("  no_unsupported_claim:\n"):])
    return path


def without_caveat(items):
    for item in items:
        item["labels"].pop("caveat", None)
    return items


def test_a_grader_below_min_kappa_is_listed_not_counted_and_one_above_counts(tmp_path):
    # Ten answers judged by both would be needed by the shipped floor; lower it here.
    rules = tmp_path / "t.yaml"
    rules.write_text(THRESHOLDS.read_text().replace("min_overlap: 10", "min_overlap: 4"), encoding="utf-8")
    ids = ["a01", "a02", "a03", "a04"]
    people = [judgement(q, "P", {"series": "no" if q in ("a03", "a04") else "yes"}) for q in ids]
    agrees = [judgement(q, "G", {"series": "no" if q in ("a03", "a04") else "yes"}, kind="grader") for q in ids + ["a07"]]
    disagrees = [judgement(q, "H", {"series": "yes" if q in ("a03", "a04") else "no"}, kind="grader") for q in ids + ["a08"]]
    # unit: people and graders vary too, so that kappa is defined
    for group in (people, agrees):
        group[0]["labels"]["unit"] = "no"
    disagrees[1]["labels"]["unit"] = "no"
    for group in (people, agrees, disagrees):
        for j in group:
            for q in ("period", "no_unsupported_claim"):
                j["labels"][q] = "no" if j["question_id"] == "a02" else "yes"
            j["labels"]["caveat"] = "no" if j["question_id"] == "a04" else "not_applicable"
    path = write(tmp_path, "j.jsonl", without_caveat(people + agrees + disagrees))
    report = check_run(RUN_13, SET_12, rules, judgements=[path], rubric=rubric_without_caveat(tmp_path))
    judges = {js.judge.name: js for js in report.rubric.judges}
    assert judges["G"].counted and judges["G"].validation.validated
    assert not judges["H"].counted
    assert judges["H"].validation.reason.startswith("not validated: series kappa -1.00 < 0.60")
    # a07 counts through G (validated); a08 does not count through H
    assert report.cell("all", "rubric_pass").denominator == 5
    assert judges["G"].reviewed == 4
    assert (report.cell("all", "grader_reviewed_share").numerator, report.cell("all", "grader_reviewed_share").denominator) == (4, 5)
    text = " ".join(terminal(report).split())
    assert "H (model m-1, prompt sha256:abababab): 5 judgement(s); NOT counted, not validated: series kappa -1.00 < 0.60" in text


def test_quality_and_the_decision_in_the_lessons_order(tmp_path):
    high = {"answer_correctness": 5, "completeness": 4, "instruction_following": 4, "clarity": 5}
    low = {**high, "clarity": 2}
    path = write(tmp_path, "j.jsonl", [
        judgement("a01", "P", {}, quality=high),   # grounded, good: pass
        judgement("a02", "P", {}, quality=low),    # grounded, unclear: fail_quality
        judgement("a03", "P", {}, quality=high),   # unsupported figure: fail_groundedness whatever its quality
        judgement("a08", "P", {}),                 # no quality scores: undecided
    ])
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[path], rubric=RUBRIC)
    assert report.rubric.decisions == {"fail_groundedness": 1, "fail_quality": 1, "pass": 1}
    decision = report.cell("all", "decision_pass")
    assert (decision.numerator, decision.denominator) == (1, 3)
    clarity = report.cell("all", "quality_clarity")
    assert (clarity.numerator, clarity.denominator) == (2, 3)
    mean = next(m for m in report.rubric.quality_means if m.slice == "all" and m.dimension == "clarity")
    assert (mean.total, mean.n) == (12, 3)
    codes = [(f.question_id, f.code) for f in report.findings if f.measure == "decision_pass"]
    assert codes == [("a02", "fail_quality"), ("a03", "fail_groundedness")]


# -- bad inputs: message and exit code 2 ---------------------------------------------------

GOOD = json.loads(READER.read_text().splitlines()[0])
BAD_JUDGEMENTS = [
    ({**GOOD, "question_id": "a99"}, "question_id: unknown question id 'a99': the run has no answer for it"),
    ({**GOOD, "labels": {**GOOD["labels"], "unit": "maybe"}}, "labels.unit: expected one of yes, no, not_applicable, found the string \"maybe\""),
    ({**GOOD, "labels": {**GOOD["labels"], "unit": True}}, "labels.unit: expected one of yes, no, not_applicable, found true"),
    ({**GOOD, "labels": {**GOOD["labels"], "units": "yes"}}, "labels.units: unknown rubric question 'units'; did you mean 'unit'?"),
    ({**GOOD, "labels": {k: v for k, v in GOOD["labels"].items() if k != "period"}}, "labels.period: missing label"),
    ({**GOOD, "rubric_version": "0"}, "rubric_version: expected rubric version '1'"),
    ({**GOOD, "answer_digest": "sha256:" + "0" * 64}, "answer_digest: expected sha256:e868"),
    ({**GOOD, "judge": {"kind": "robot", "name": "x"}}, "judge.kind: expected \"person\" or \"grader\", found the string \"robot\""),
    ({**GOOD, "judge": {"kind": "grader", "name": "g"}}, "judge.model: expected the grader's model"),
    ({**GOOD, "quality": {"clarity": 7}}, "quality.clarity: expected a whole number from 1 to 5, found the number 7"),
    ({**GOOD, "quality": {"clarty": 3}}, "quality.clarty: unknown quality dimension 'clarty'; did you mean 'clarity'?"),
    ({**GOOD, "notes": "x"}, "notes: unknown field 'notes'; did you mean 'note'?"),
    ({**GOOD, "status": "failed"}, "labels: expected no labels on a failed judgement"),
]


@pytest.mark.parametrize("bad, message", BAD_JUDGEMENTS, ids=[m.split(":")[0] for _, m in BAD_JUDGEMENTS])
def test_a_bad_judgement_is_exit_2_naming_file_line_and_field(workdir, cli, bad, message):
    shutil.copy(RUBRIC, workdir / "rubric.yaml")
    path = workdir / "judgements.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    code, out, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--judgements", "judgements.jsonl", "--no-baseline")
    assert code == 2, err
    assert f"judgements.jsonl:2: {message}" in err
    assert out == ""


def test_a_rubric_question_the_rubric_lacks(workdir, cli, tmp_path):
    text = RUBRIC.read_text()
    start = text.index("  unit:\n")
    text = text[:start] + text[text.index("  caveat:\n"):]
    (workdir / "rubric.yaml").write_text(text, encoding="utf-8")
    (workdir / "j.jsonl").write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--judgements", "j.jsonl", "--no-baseline")
    assert code == 2
    assert "j.jsonl:1: labels.unit: rubric question 'unit' is not in the rubric (rubric.yaml, version 1); it has series, period, caveat, no_unsupported_claim" in err


BAD_RUBRICS = [
    (lambda t: t.replace('version: "1"', "version: 1"), "rubric.yaml:10: version: expected a string, found the number 1 (quote it"),
    (lambda t: t.replace('labels: ["yes", "no", "not_applicable"]', "labels: [yes, no, not_applicable]"), "rubric.yaml:14: labels: expected [\"yes\", \"no\", \"not_applicable\"], found true or false"),
    (lambda t: t.replace('labels: ["yes", "no", "not_applicable"]', 'labels: ["yes", "no"]'), "rubric.yaml:14: labels: expected [\"yes\", \"no\", \"not_applicable\"], found [\"yes\", \"no\"]"),
    (lambda t: t.replace("  period:\n", "  periode:\n"), "questions.periode: unknown rubric question 'periode'; did you mean 'period'?"),
    (lambda t: t.replace("    applies: caveat\n", "    applies: sometimes\n"), "questions.caveat.applies: expected one of \"answered\", \"always\", \"caveat\", found the string \"sometimes\""),
    (lambda t: t.replace("  unit:\n", "  series:\n"), "questions.series: duplicate key: already set on line 23"),
    (lambda t: t.replace("  pass_score: 4", "  pass_score: 6"), "quality.pass_score: expected a number from 1 to 5, found the number 6"),
    (lambda t: t.replace("    clarity:\n", "    clearness:\n"), "quality.dimensions.clearness: unknown quality dimension 'clearness'"),
    (lambda t: t.replace("questions:", "questoins:"), "questoins: unknown key 'questoins'; did you mean 'questions'?"),
    (lambda t: t.replace("      en: Is the unit stated?\n", ""), "questions.unit.text"),
    (lambda t: t + "  - [\n", "expected valid YAML, found a syntax error"),
]


@pytest.mark.parametrize("edit, message", BAD_RUBRICS, ids=[str(i) for i in range(len(BAD_RUBRICS))])
def test_a_bad_rubric_is_exit_2_naming_line_and_key(workdir, cli, edit, message):
    (workdir / "rubric.yaml").write_text(edit(RUBRIC.read_text()), encoding="utf-8")
    (workdir / "j.jsonl").write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    code, out, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--judgements", "j.jsonl", "--no-baseline")
    assert code == 2, err
    assert message in err
    assert out == ""


def test_labels_on_rubric_questions_that_do_not_apply_count_in_no_graders_validation(tmp_path):
    """The rubric's word is final: caveat applies to a04 only in the published example, so a
    person's and a grader's yes or no on a01 to a03 count in no kappa and no n (with a notice)."""
    rules = tmp_path / "t.yaml"
    rules.write_text(THRESHOLDS.read_text().replace("min_overlap: 10", "min_overlap: 4"), encoding="utf-8")
    ids = ["a01", "a02", "a03", "a04"]
    people = [judgement(q, "P", {"caveat": "yes" if q != "a04" else "no"}) for q in ids]
    graded = [judgement(q, "G", {"caveat": "no"}, kind="grader") for q in ids]
    report = check_run(RUN_13, SET_12, rules, judgements=[write(tmp_path, "j.jsonl", people + graded)], rubric=RUBRIC)
    grader = next(js for js in report.rubric.judges if js.judge.name == "G")
    assert grader.validation.kappas["caveat"].n == 1  # a04 alone: the three yes/no pairs where it does not apply are left out
    assert any(n.startswith("6 label(s) of yes or no on rubric questions that do not apply to the answer: left out of every "
                            "grader's validation") for n in report.rubric.notices), report.rubric.notices


def test_graders_key_in_thresholds_is_strict(workdir, cli):
    text = THRESHOLDS.read_text().replace("  min_overlap: 10", "  min_overlapp: 10")
    (workdir / "thresholds.yaml").write_text(text, encoding="utf-8")
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl", "--no-baseline")
    assert code == 2
    assert "graders.min_overlapp: unknown key 'min_overlapp'; did you mean 'min_overlap'?" in err


def test_missing_rubric_file_is_named(workdir, cli):
    (workdir / "j.jsonl").write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--judgements", "j.jsonl", "--no-baseline")
    assert code == 2
    assert "rubric.yaml: file not found (pass --rubric FILE" in err


def test_load_judgements_raises_every_problem_at_once():
    from gate.inputs.judgements import load_judgements

    rubric = load_rubric(RUBRIC)
    run = load_run(RUN_13)
    with pytest.raises(InputError) as caught:
        load_judgements([FIXTURES / "does-not-exist.jsonl"], rubric, run)
    assert "file not found" in str(caught.value.problems[0])


def test_a_label_where_the_rubric_does_not_apply_is_not_counted_and_said(tmp_path):
    # a01 has no known caveat: a reader's "no" on the caveat question is not counted
    path = write(tmp_path, "j.jsonl", [judgement("a01", "P", {"caveat": "no"})])
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[path], rubric=RUBRIC)
    assert (report.cell("all", "rubric_pass").numerator, report.cell("all", "rubric_pass").denominator) == (1, 1)
    assert report.cell("all", "rubric_caveat").denominator == 0
    assert "1 label(s) of yes or no on a rubric question that does not apply to the answer, not counted: a01 caveat" in report.notices


def test_the_rubric_outcome_does_not_depend_on_the_order_of_judgements(tmp_path):
    items = [judgement("a02", "A", {}), judgement("a02", "B", {"unit": "no"}), judgement("a03", "A", {"series": "no"}),
             judgement("a04", "B", {"caveat": "no"}, quality={"clarity": 2}), judgement("a04", "A", {}, quality={"clarity": 5})]
    one = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[write(tmp_path, "1.jsonl", items)], rubric=RUBRIC)
    two = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[write(tmp_path, "2.jsonl", items[::-1])], rubric=RUBRIC)
    assert [(c.slice, c.measure, c.numerator, c.denominator) for c in one.cells] == [(c.slice, c.measure, c.numerator, c.denominator) for c in two.cells]
    assert [f.message for f in one.findings] == [f.message for f in two.findings]
    mean = next(m for m in one.rubric.quality_means if m.slice == "all" and m.dimension == "clarity")
    assert (mean.total, mean.n) == (2, 1)  # the lowest score of a04's judges


def test_the_fixture_and_graded_judgements_follow_the_published_schema():
    validator = Draft202012Validator(schema("judgement"))
    for line in READER.read_text().splitlines():
        assert list(validator.iter_errors(json.loads(line))) == []
    bad = {**GOOD, "labels": {"units": "yes"}}
    assert list(validator.iter_errors(bad)) != []


def test_calibration_examples_from_other_runs_count_towards_a_graders_overlap(tmp_path, cli, monkeypatch):
    ids = ["a01", "a02", "a03", "a04"]
    here = []
    for kind, name in (("person", "P"), ("grader", "G")):
        for q in ids:
            here.append(judgement(q, name, {"series": "no" if q == "a03" else "yes", "caveat": "no" if q == "a04" else "not_applicable",
                                            "period": "no" if q == "a02" else "yes", "unit": "no" if q == "a01" else "yes",
                                            "no_unsupported_claim": "no" if q == "a03" else "yes"}, kind=kind))
    elsewhere = []
    for i in range(6):
        for kind, name in (("person", "P"), ("grader", "G")):
            j = judgement("a01", name, {"series": "no" if i % 2 else "yes", "caveat": "no" if i % 3 == 0 else "not_applicable",
                                        "period": "no" if i == 1 else "yes", "unit": "no" if i == 2 else "yes",
                                        "no_unsupported_claim": "no" if i == 4 else "yes"}, kind=kind)
            j.update(question_id=f"c{i:02d}", answer_digest=answer_digest(f"an answer of an earlier run {i}"))
            elsewhere.append(j)
    judged = write(tmp_path, "j.jsonl", here)
    examples = write(tmp_path, "calibration.jsonl", elsewhere)
    alone = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[judged], rubric=RUBRIC)
    grader = next(js for js in alone.rubric.judges if js.judge.name == "G")
    assert not grader.counted and "4 answer(s) judged by a person too, min_overlap is 10" in grader.validation.reason
    both = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[judged], rubric=RUBRIC, calibration=[examples])
    grader = next(js for js in both.rubric.judges if js.judge.name == "G")
    assert grader.counted and grader.validation.overlap == 10
    # caveat applies to a04 alone among this run's answers: the labels where it does not apply count in no n
    assert {q: (k.value, k.n) for q, k in grader.validation.kappas.items()} == {
        q: (1, 7 if q == "caveat" else 10) for q in grader.validation.kappas}
    # the examples count only for validation: the measures are this run's
    assert both.cell("all", "rubric_pass").denominator == 4
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--calibration", str(examples), "--no-baseline")
    assert code == 2 and "--calibration: goes with --judgements" in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**elsewhere[0], "answer_digest": "sha256:xyz"}) + "\n", encoding="utf-8")
    shutil.copy(RUBRIC, tmp_path / "rubric.yaml")
    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--judgements", str(judged),
                       "--calibration", str(bad), "--no-baseline")
    assert code == 2 and "bad.jsonl:1: answer_digest: expected sha256: and 64 hex digits" in err


def test_an_observation_status_makes_the_caveat_question_apply(tmp_path):
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.rubric import applies, caveats_known

    run14 = ROOT / "examples" / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"
    lines = SET_12.read_text(encoding="utf-8").splitlines()
    lines = [line.replace(', "expected_caveats": ["provisional"]', "") for line in lines]
    bare = tmp_path / "set.jsonl"
    bare.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pairs = {q.question_id: (q, a) for q, a in join(load_run(run14), load_question_set(bare)).pairs}
    q, a = pairs["a04"]
    assert q.expected_caveats == ()
    assert caveats_known(q, a)[0] == "provisional"  # status P of the retrieved observation
    caveat = load_rubric(RUBRIC).question("caveat")
    assert applies(caveat, q, a) and not applies(caveat, *pairs["a01"])


def test_an_empty_judgements_file_is_said_in_a_notice(tmp_path, cli):
    empty = tmp_path / "judgements.jsonl"
    empty.write_text("", encoding="utf-8")
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[READER, empty], rubric=RUBRIC)
    said = [n for n in report.notices if n.startswith(str(empty))]
    assert said == [f"{empty}: no judgement in this file (it is empty or holds only rows not judged yet); nothing from it was counted"]
    assert not any(n.startswith(str(READER)) for n in report.notices)
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator) == (5, 8)
    code, stdout, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline",
                            "--judgements", str(empty), "--rubric", str(RUBRIC))
    assert code == 1
    assert "no judgement in this file" in stdout + err
    assert "reviewed share" in stdout


# -- translations: the version follows the English text, labels and applicability ----------

LANGUAGES = {"en", "fr", "es", "de", "pt", "it", "nl", "ar"}
#: The digest of each shipped rubric version (:func:`gate.inputs.rubric.versioned_digest`). A
#: change of an English text, a label, an applicability or the pass score changes it: then
#: raise ``version`` in rubric.yaml and add the new version's digest here.
VERSION_DIGESTS = {"1": "sha256:a2723e0a152acd8e931a0002fdb27ef012baeaae4c1de2654c6cfd00d0b7cda6"}
STORED = {FIXTURES / "judgements_reader_1.3.jsonl": RUN_13,
          FIXTURES / "judgements_reader_1.4.jsonl": ROOT / "examples" / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"}


def only_languages(text: str, keep: set[str]) -> str:
    """rubric.yaml with the text lines of every other language dropped."""
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines
                   if not (line.startswith("      ") and line.strip()[:3].rstrip(":") not in keep and line.strip()[2:3] == ":"))


def test_the_shipped_rubric_speaks_eight_languages():
    rubric = load_rubric(RUBRIC)
    for item in (*rubric.questions, *rubric.dimensions):
        assert set(item.texts) == LANGUAGES, item.id
    assert rubric.question("period").text("es-MX") == "¿Es este el período correcto?"
    assert rubric.question("series").text("ar") == "هل هذه هي السلسلة الصحيحة للسؤال؟"
    assert rubric.dimensions[-1].text("nl") == "Begrijpt een lezer het bij de eerste lezing?"


def test_the_shipped_rubric_version_follows_its_versioned_content():
    rubric = load_rubric(RUBRIC)
    assert VERSION_DIGESTS.get(rubric.version) == rubric.digest, (
        "an English text, a label, an applicability or the pass score changed: raise version in rubric.yaml "
        "and pin the new version's digest in VERSION_DIGESTS")


@pytest.mark.parametrize("edit, same", [
    (lambda t: only_languages(t, {"en"}), True),
    (lambda t: only_languages(t, {"en", "fr"}), True),  # the rubric as shipped before es, de, pt, it, nl, ar
    (lambda t: t.replace("      ar: هل وحدة القياس مذكورة؟\n", "      ar: هل الوحدة مذكورة؟\n      sw: Je, kipimo kimetajwa?\n"), True),
    (lambda t: t.replace("en: Is the unit stated?", "en: Is the unit of measure stated?"), False),
    (lambda t: t.replace("  unit:\n    applies: answered", "  unit:\n    applies: always"), False),
    (lambda t: t.replace("pass_score: 4", "pass_score: 3"), False),
    (lambda t: t.replace("en: Can a reader understand it at first reading?", "en: Is it clear?"), False),
], ids=["english-only", "english-and-french", "a-translation-changed-and-one-added", "english-text", "applies",
        "pass-score", "dimension-english-text"])
def test_a_translation_keeps_the_digest_an_english_text_does_not(tmp_path, edit, same):
    shipped = load_rubric(RUBRIC)
    path = tmp_path / "rubric.yaml"
    path.write_text(edit(RUBRIC.read_text(encoding="utf-8")), encoding="utf-8")
    edited = load_rubric(path)
    assert edited.version == shipped.version
    assert (edited.digest == shipped.digest) is same


def test_stored_judgements_stay_valid_under_the_translated_rubric(tmp_path):
    from gate.baseline import read_baseline
    from gate.judged.grader import prompt_digest
    from gate.inputs.judgements import judgements_from_records, load_judgements

    before = tmp_path / "rubric.yaml"
    before.write_text(only_languages(RUBRIC.read_text(encoding="utf-8"), {"en", "fr"}), encoding="utf-8")
    old, new = load_rubric(before), load_rubric(RUBRIC)
    assert {q.id: set(q.texts) for q in old.questions} == {q: {"en", "fr"} for q in QUESTION_IDS}
    assert (old.version, old.digest, prompt_digest(old)) == (new.version, new.digest, prompt_digest(new))
    counted = 0
    for path, run_path in STORED.items():
        run = load_run(run_path)
        under_old = load_judgements([path], old, run)
        under_new = load_judgements([path], new, run)  # raises on any problem
        assert [(j.question_id, dict(j.labels)) for j in under_new.judgements] == \
               [(j.question_id, dict(j.labels)) for j in under_old.judgements]
        counted += len(under_new.judgements)
    assert counted == 16  # 8 answers of 1.3 and 8 of 1.4, one reader each
    for path in sorted((ROOT / "baselines").glob("assistant-*.json")):
        stored = read_baseline(path, verify=False).judgements
        if stored is not None:
            assert stored.rubric_version == new.version, path
            judgements_from_records(stored.records, str(path), new, None)  # raises on any problem
