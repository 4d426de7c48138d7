"""Baselines that store the judgements: the rubric and quality measures saved with them,
compared question by question with the next version's, and old baselines (saved before
they were stored, or without judgements) read as "not stored"."""

from __future__ import annotations

import io
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT
from rich.console import Console

from gate.baseline import BaselineComparer, read_baseline
from gate.inputs.judgements import answer_digest
from gate.run.check import check_run
from gate.inputs.run_log import load_run
from gate.report.json_report import render_json
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal
from gate.rules.verdict import WARN

RUN_12 = "examples/answers_run_assistant-1.2_set-1.2.jsonl"
RUN_13 = "examples/answers_run_assistant-1.3_set-1.2.jsonl"
SET_12 = "examples/question_set-1.2.jsonl"
READER_13 = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"
JUDGED = ("rubric_pass", "rubric_series", "rubric_period", "rubric_unit", "rubric_caveat", "rubric_no_unsupported_claim",
          "reviewed_share", "grader_reviewed_share", "quality_answer_correctness", "quality_completeness",
          "quality_instruction_following", "quality_clarity", "decision_pass")


@pytest.fixture
def judged_dir(workdir):
    """The work folder with the rubric and the reader's judgements of 1.3 beside it."""
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    shutil.copy(READER_13, workdir / "reader_1.3.jsonl")
    return workdir


def reader_12(path: Path, labels: dict[str, dict[str, str]] | None = None, version: str = "1") -> Path:
    """A reader's judgements of run 1.2: the 1.3 reader's labels with every "no" a "yes"
    (1.2 passed the rubric on every answer), on 1.2's answer texts; ``labels`` overrides."""
    answers = {a.question_id: a for a in load_run(ROOT / RUN_12).answers}
    rows = []
    for line in READER_13.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        qid = row["question_id"]
        row["labels"] = {q: "yes" if v == "no" else v for q, v in row["labels"].items()}
        row["labels"].update((labels or {}).get(qid, {}))
        row.pop("note", None)
        row.update(judge={"kind": "person", "name": "Paul Martin", "version": None}, rubric_version=version,
                   answer_digest=answer_digest(answers[qid].answer))
        rows.append(row)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def save(cli, run: str, *extra: str):
    return cli("baseline", "save", run, "--questions", SET_12, *extra)


def check(**kwargs):
    judgements = kwargs.pop("judgements", ["reader_1.3.jsonl"])
    comparer = BaselineComparer(directory="baselines", rubric="rubric.yaml" if judgements else None)
    return check_run(RUN_13, SET_12, "thresholds.yaml", compare=comparer, judgements=judgements, rubric="rubric.yaml",
                     stored_judgements="baselines", **kwargs)


# ------------------------------------------------------------------------------ saving


def test_a_baseline_saved_with_judgements_stores_them_and_the_rubric_measures(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    code, out, err = save(cli, RUN_12, "--judgements", "reader_1.2.jsonl", "--rubric", "rubric.yaml")
    assert code == 0, err
    assert "  judgements: 8 stored (rubric version 1); rubric pass 1.00 (n=8)" in out
    document = json.loads((judged_dir / "baselines" / "assistant-1.2.json").read_text(encoding="utf-8"))
    assert document["judgements"]["rubric"] == {"path": "rubric.yaml", "version": "1"}
    assert document["judgements"]["files"] == ["reader_1.2.jsonl"]
    items = document["judgements"]["items"]
    assert [i["question_id"] for i in items] == ["a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08"]
    assert items[0]["judge"] == {"kind": "person", "name": "Paul Martin", "version": None}
    stored = {(s["slice"], s["measure"]): (s["numerator"], s["denominator"]) for s in document["scores"]}
    assert stored[("all", "rubric_pass")] == (8, 8)
    assert stored[("language=fr", "rubric_caveat")] == (1, 1)
    assert stored[("all", "reviewed_share")] == (8, 8)
    assert document["outcomes"][3]["measures"]["rubric_caveat"] == {"passed": True, "numerator": 1, "denominator": 1}
    baseline = read_baseline(judged_dir / "baselines" / "assistant-1.2.json")
    assert baseline.judgements is not None and len(baseline.judgements.records) == 8
    assert baseline.stores("rubric_pass") and baseline.score("all", "rubric_pass").numerator == 8
    # one line per judgement in the stored file, so a diff shows which judgement moved
    text = (judged_dir / "baselines" / "assistant-1.2.json").read_text(encoding="utf-8")
    assert sum(1 for line in text.splitlines() if line.startswith('      {"answer_digest"')) == 8
    code, out, _ = cli("baseline", "list")
    assert code == 0
    lines = out.splitlines()  # two measures more: rubric pass and reviewed share, each 1.00 (n=8); too wide for a table at 120
    assert lines[-2:] == ["  rubric pass                 1.00 (n=8)", "  reviewed share              1.00 (n=8)"]
    assert "…" not in out and max(map(len, lines)) <= 120


def test_a_baseline_saved_without_judgements_stores_none_and_says_so(judged_dir, cli):
    code, out, err = save(cli, RUN_12)
    assert code == 0, err
    assert "  judgements: none stored (no --judgements): no rubric or quality measure stored" in out
    assert ("notice: no judgements given: the baseline stores no judgement and no rubric or quality measure "
            "(pass --judgements to store them)") in err
    document = json.loads((judged_dir / "baselines" / "assistant-1.2.json").read_text(encoding="utf-8"))
    assert "judgements" not in document
    assert not {s["measure"] for s in document["scores"]} & set(JUDGED)
    assert not set(document["outcomes"][0]["measures"]) & set(JUDGED)
    baseline = read_baseline(judged_dir / "baselines" / "assistant-1.2.json")
    assert baseline.judgements is None and not baseline.stores("rubric_pass")


def test_the_same_log_with_other_judgements_is_refused_unless_forced(judged_dir, cli):
    assert save(cli, RUN_12)[0] == 0
    reader_12(judged_dir / "reader_1.2.jsonl")
    code, out, err = save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")
    assert code == 2 and out == ""
    assert ("baselines/assistant-1.2.json: --judgements: the baseline of assistant 1.2 is stored from this very log with "
            "no judgements; 8 given now. Pass --force to store these instead") in err
    code, out, err = save(cli, RUN_12, "--judgements", "reader_1.2.jsonl", "--force")
    assert code == 0 and "judgements: 8 stored" in out
    # the same judgements again: nothing to do; none given: the stored ones are kept
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    code, out, err = save(cli, RUN_12)
    assert code == 0 and "its 8 judgement(s) kept); nothing was written" in err
    assert read_baseline(judged_dir / "baselines" / "assistant-1.2.json").judgements is not None


def test_a_bad_judgement_when_saving_is_exit_2_and_nothing_is_written(judged_dir, cli):
    path = reader_12(judged_dir / "reader_1.2.jsonl", {"a02": {"unit": "maybe"}})
    code, _, err = save(cli, RUN_12, "--judgements", str(path))
    assert code == 2
    assert "reader_1.2.jsonl:2: labels.unit: expected one of yes, no, not_applicable, found the string \"maybe\"" in err
    assert not (judged_dir / "baselines").exists()


# ------------------------------------------------------------------------------ comparing


def test_rubric_measures_are_compared_question_by_question_with_the_stored_judgements(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    report = check()
    comparison = report.comparison
    cell = comparison.cell("all", "rubric_pass")
    assert (cell.baseline.numerator, cell.baseline.denominator) == (8, 8)
    assert (cell.current.numerator, cell.current.denominator) == (5, 8)
    assert cell.broken == ("a03", "a04", "a06") and cell.fixed == ()
    caveat = comparison.cell("language=fr", "rubric_caveat")
    assert caveat.broken == ("a04",) and (caveat.baseline.numerator, caveat.current.numerator) == (1, 0)
    assert comparison.cell("all", "rubric_series").broken == ("a06",)
    # max_drop 0.05 on rubric_pass (thresholds.yaml, severity warn: outside the family): 3 broken, 0 fixed,
    # p = 1/8, the least 3 flips can give, not below alpha 0.05
    [rule] = [r for r in report.rules if r.slice == "all" and r.rule.measure == "rubric_pass" and r.rule.kind == "max_drop"]
    assert rule.status == WARN and rule.n == 8 and rule.test is not None and not rule.test.in_family
    assert rule.reason == ("insufficient evidence: with n = 8 a drop of 0.625 or more could be detected (5 broken, none fixed); "
                           "3 broken, 0 fixed can reach p=0.125 at best, not below 0.05 (p=0.125; outside the family); "
                           "severity warn: reported only")
    # the automatic measures are compared as before
    assert comparison.cell("all", "numeric_accuracy").broken == ("a03",)
    assert not any("stores no judgements" in n for n in report.notices)


def test_the_rubric_comparison_is_in_every_report_format(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    report = check()
    data = json.loads(render_json(report))
    cells = {(c["slice"], c["measure"]): c for c in data["comparison"]["cells"]}
    assert cells[("all", "rubric_pass")]["broken"] == ["a03", "a04", "a06"]
    assert (cells[("all", "rubric_pass")]["baseline"]["numerator"], cells[("all", "rubric_pass")]["current"]["numerator"]) == (8, 5)
    buffer = io.StringIO()
    render_terminal(report, Console(width=100, file=buffer, color_system=None))
    terminal = buffer.getvalue()
    [row] = [line for line in terminal.splitlines() if line.startswith("  rubric pass ")]
    assert "0.63 (8) -0.375 !" in row and "0.50 (2) -0.50 !" in row
    markdown = render_markdown(report)
    [md_row] = [line for line in markdown.splitlines() if line.startswith("| rubric pass |")]
    assert "| ⚠️\u00a00.63<br>(8)\u00a0-0.375 | ⚠️\u00a00.67<br>(6)\u00a0-0.33 |" in md_row
    junit = render_junit(report)
    assert "rubric pass" in junit and "insufficient evidence: with n = 8 a drop of 0.625" in junit


def test_an_old_baseline_without_judgements_is_not_stored_never_a_crash(judged_dir, cli):
    # the shipped baseline of 1.2 was saved before baselines stored judgements
    shutil.copytree(ROOT / "baselines", judged_dir / "baselines")
    document = json.loads((judged_dir / "baselines" / "assistant-1.2.json").read_text(encoding="utf-8"))
    assert "judgements" not in document and "rubric_pass" not in {s["measure"] for s in document["scores"]}
    report = check()
    assert report.comparison is not None
    assert ("the baseline of assistant 1.2 stores no judgements (saved without --judgements, or before baselines stored them): "
            "the rubric and quality measures are not compared") in report.notices
    assert not [c for c in report.comparison.cells if c.measure in JUDGED]
    assert report.comparison.cell("all", "numeric_accuracy").broken == ("a03",)
    assert report.cell("all", "rubric_pass").numerator == 5  # this run's rubric scored as ever
    # its history has no rubric point either: "not stored"
    assert all("rubric_pass" not in dict(h.scores) for h in report.comparison.history)
    code, out, _ = cli("baseline", "list")
    assert code == 0 and "rubric" not in out


def test_a_judged_baseline_and_a_run_without_judgements_compare_the_automatic_measures_only(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    report = check(judgements=[])
    assert report.rubric is None
    assert not [c for c in report.comparison.cells if c.measure in JUDGED]
    assert not any("judgements" in n for n in report.notices)


def test_judgements_under_another_rubric_version_are_not_compared_and_it_is_said(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    rubric = (judged_dir / "rubric.yaml").read_text(encoding="utf-8").replace('version: "1"', 'version: "2"', 1)
    (judged_dir / "rubric.yaml").write_text(rubric, encoding="utf-8")
    rows = [json.loads(line) for line in (judged_dir / "reader_1.3.jsonl").read_text(encoding="utf-8").splitlines()]
    (judged_dir / "reader_1.3.jsonl").write_text("".join(json.dumps({**r, "rubric_version": "2"}) + "\n" for r in rows), encoding="utf-8")
    report = check()
    assert ("the baseline's judgements were made under rubric version '1', this run's under '2' (rubric.yaml): "
            "the rubric and quality measures are not compared") in report.notices
    assert not [c for c in report.comparison.cells if c.measure in JUDGED]


def test_a_stored_judgement_that_no_longer_matches_its_log_is_exit_2_naming_the_baseline(judged_dir, cli):
    reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", "reader_1.2.jsonl")[0] == 0
    path = judged_dir / "baselines" / "assistant-1.2.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"series": "yes"', '"series": "perhaps"', 1), encoding="utf-8")
    code, _, err = cli("check", RUN_13, "--questions", SET_12, "--judgements", "reader_1.3.jsonl", "--rubric", "rubric.yaml")
    assert code == 2
    assert "baselines/assistant-1.2.json: judgements.items[0].labels.series: expected one of yes, no, not_applicable, found the string \"perhaps\"" in err


# ------------------------------------------------------------------------------ graders validated on stored judgements

SAME_TEXT = ("a01", "a02", "a04", "a05", "a08")  # answers 1.3 gives word for word as 1.2 did


def grader_13(path: Path, person_12: Path, flip: tuple[str, ...] = ()) -> Path:
    """A grader's judgements of run 1.3: on the answers 1.3 gives as 1.2 did, the labels the
    1.2 reader gave (with ``flip``'s rubric questions turned round), "yes" where they
    apply elsewhere."""
    answers = {a.question_id: a for a in load_run(ROOT / RUN_13).answers}
    people = {r["question_id"]: r for r in map(json.loads, person_12.read_text(encoding="utf-8").splitlines())}
    rows = []
    for qid, answer in answers.items():
        labels = dict(people[qid]["labels"])
        if qid not in SAME_TEXT:
            labels = {q: "yes" if v != "not_applicable" else v for q, v in labels.items()}
        for q in flip:
            labels[q] = {"yes": "no", "no": "yes"}.get(labels[q], labels[q])
        rows.append({"question_id": qid, "rubric_version": "1", "answer_digest": answer_digest(answer.answer), "labels": labels,
                     "judge": {"kind": "grader", "name": "G", "version": None, "model": "m-1", "prompt_digest": "sha256:" + "cd" * 32}})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _without_caveat(folder: Path, *judgements: Path) -> None:
    """The folder's rubric without its caveat question, and the judgements without its labels."""
    text = (folder / "rubric.yaml").read_text(encoding="utf-8")
    (folder / "rubric.yaml").write_text(text[:text.index("  caveat:\n")] + text[text.index("  no_unsupported_claim:\n"):], encoding="utf-8")
    for path in judgements:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        for row in rows:
            row["labels"].pop("caveat", None)
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_a_grader_is_validated_on_the_judgements_stored_with_an_earlier_baseline(judged_dir, cli):
    text = (judged_dir / "thresholds.yaml").read_text(encoding="utf-8")
    (judged_dir / "thresholds.yaml").write_text(text.replace("min_overlap: 10", "min_overlap: 5"), encoding="utf-8")
    # the 1.2 reader's labels vary on every rubric question over the five answers 1.3 repeats,
    # so that kappa is defined on each
    person = reader_12(judged_dir / "reader_1.2.jsonl", {"a08": {"no_unsupported_claim": "no"}, "a01": {"series": "no"},
                                                         "a02": {"period": "no"}, "a04": {"unit": "no"}})
    grader = grader_13(judged_dir / "grader_1.3.jsonl", person)
    # caveat applies to a04 alone, and labels where a rubric question does not apply count in
    # no validation: its kappa is undefined on these answers, so this test's rubric leaves it out
    _without_caveat(judged_dir, person, grader)
    args = ("check", RUN_13, "--questions", SET_12, "--judgements", str(grader), "--rubric", "rubric.yaml", "--json", "r.json")
    # no baseline stored: nothing a person judged overlaps the grader, which is not counted
    cli(*args)
    alone = json.loads((judged_dir / "r.json").read_text(encoding="utf-8"))
    [judge] = alone["rubric"]["judges"]
    assert not judge["counted"] and judge["overlap"] == 0 and judge["validated"] is False
    # 1.2 stored with its reader's judgements: the five answers of the same text overlap
    assert save(cli, RUN_12, "--judgements", str(person))[0] == 0
    report = check(judgements=[str(grader)])
    [g] = report.rubric.judges
    assert g.counted and g.validation.validated and g.validation.overlap == 5
    assert {q: k.value for q, k in g.validation.kappas.items()} == {q: 1 for q in g.validation.kappas}
    # series, period and unit do not apply to the declined one of the five: its labels count in no n
    assert {q: k.n for q, k in g.validation.kappas.items()} == {"series": 4, "period": 4, "unit": 4, "no_unsupported_claim": 5}
    assert ("graders validated on this run's judgements and on 8 judgement(s) stored with the baseline(s) of assistant 1.2 "
            "(an answer known by its question id and text digest)") in report.notices
    # counted: the rubric is scored from the grader's labels (every answer passes but a01, a02, a04, a08)
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator) == (4, 8)
    # a grader that turns the series label round on every answer: kappa -1 on series, not counted
    flipped = grader_13(judged_dir / "grader_flipped.jsonl", person, flip=("series",))
    report = check(judgements=[str(flipped)])
    [g] = report.rubric.judges
    assert not g.counted and g.validation.overlap == 5
    # series over the four it applies to (the declined answer's n/a counts in no n): reader no,
    # yes, yes, yes; grader yes, no, no, no. p_o = 0, p_e = 1/4*3/4 + 3/4*1/4 = 3/8,
    # kappa = (0 - 3/8) / (5/8) = -3/5
    assert g.validation.kappas["series"].value == Fraction(-3, 5)
    assert g.validation.reason == "not validated: series kappa -0.60 < 0.60"
    assert report.cell("all", "rubric_pass").denominator == 0


def test_stored_judgements_under_another_rubric_version_do_not_validate_graders_and_it_is_said(judged_dir, cli):
    person = reader_12(judged_dir / "reader_1.2.jsonl")
    assert save(cli, RUN_12, "--judgements", str(person))[0] == 0
    rubric = (judged_dir / "rubric.yaml").read_text(encoding="utf-8").replace('version: "1"', 'version: "2"', 1)
    (judged_dir / "rubric.yaml").write_text(rubric, encoding="utf-8")
    grader = grader_13(judged_dir / "grader_1.3.jsonl", person)
    rows = [json.loads(line) for line in grader.read_text(encoding="utf-8").splitlines()]
    grader.write_text("".join(json.dumps({**r, "rubric_version": "2"}) + "\n" for r in rows), encoding="utf-8")
    report = check(judgements=[str(grader)])
    assert ("judgements stored with the baseline(s) of assistant 1.2 (rubric version 1) not used to validate graders: "
            "this run's rubric is version 2") in report.notices
    [g] = report.rubric.judges
    assert g.validation.overlap == 0 and not g.counted
