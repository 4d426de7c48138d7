"""The report leads with what is new (issue 24), on runs of our own in three and eight languages
(:mod:`report_runs`): a regression in one language named and annotated first, floors that fail
as on the baseline quiet, every broken question named, ``baseline_status`` on every rule, the
noise statement per slice, the terminal piped, baselines found beside ``--thresholds``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import report_runs as rr
from gate.baseline import BaselineComparer
from gate.ci.publish import rule_annotations
from gate.cli.main import main
from gate.core.schemas import schema
from gate.report import digest, renderers
from gate.report.json_report import report_to_dict
from gate.report.markdown import render_markdown
from gate.report.named import broken_groups
from gate.run.check import check_run


def _checked(tmp_path: Path, languages: tuple[str, ...], baseline: bool = True, broken: int = rr.BROKEN):
    paths = rr.with_baseline(tmp_path, languages, broken) if baseline else rr.write_inputs(tmp_path, languages, broken)
    compare = BaselineComparer(directory=str(tmp_path / "baselines"), skip=not baseline)
    return check_run(paths["1.1"], paths["set"], paths["thresholds"], compare=compare), paths


@pytest.mark.parametrize("languages", [rr.THREE, rr.EIGHT], ids=["3 languages", "8 languages"])
def test_a_regression_in_one_language_is_named_and_annotated_first(tmp_path, languages):
    report, _ = _checked(tmp_path, languages)
    head = digest.headline(report)
    assert not head.passed
    assert head.text.startswith("failed: numeric accuracy dropped beyond its limit on es (7 questions broke, 0 fixed)")
    first = rule_annotations(report)[0]
    assert (first.level, first.title) == ("error", "answer-gate language=es numeric_accuracy")
    assert "max_drop 0.02" in first.message
    assert digest.rule_rows(report)[0].slice == "language=es" and digest.rule_rows(report)[0].rule == "max_drop 0.02"
    lead = digest.got_worse(report)
    assert lead is not None and [row.question_id for row in lead.rows[:5]] == [rr.qid("es", k) for k in range(5)]
    text = render_markdown(report)
    verdict = text.splitlines()[1]
    assert verdict.startswith("### ❌ answer-gate failed: numeric accuracy dropped beyond its limit on es")
    assert text.index("es00") < text.index("#### Scores")


@pytest.mark.parametrize("languages", [rr.THREE, rr.EIGHT], ids=["3 languages", "8 languages"])
def test_floors_failing_as_on_the_baseline_are_quiet(tmp_path, languages):
    report, _ = _checked(tmp_path, languages)
    new, old = report.new_and_old()
    old_rules = [report.rules[i] for i in old]
    # citation validity 14/15 < 0.95 on every language and on all, in 1.0 as in 1.1
    assert sorted(r.slice for r in old_rules) == sorted(["all"] + [f"language={lang}" for lang in languages])
    assert {r.rule.measure for r in old_rules} == {"citation_validity"}
    assert digest.still_failing(report) == f"{len(languages) + 1} rules still fail as on 1.0"
    assert "citation" not in digest.headline(report).reasons[-1]  # the old findings are not counted as news
    table = digest.scores_table(report)
    marks = {row.measure: [c.mark for c in row.cells] for g in table.groups for row in g.rows}
    assert marks["citation_validity"] == [digest.OLD] * (len(languages) + 1)
    assert marks["numeric_accuracy"][table.slices.index("language=es")] == "fail"
    assert marks["numeric_accuracy"][table.slices.index("language=en")] is None  # improving: no mark
    annotations = rule_annotations(report)
    assert [a.title.endswith("(as on 1.0)") for a in annotations] == [False] * len(new) + [True] * len(old)
    md = render_markdown(report)
    rows = [line for line in md.split("#### Scores")[1].split("<sub>")[0].splitlines() if line.startswith("| ")]
    citation = next(line for line in rows if line.startswith("| citation validity"))
    numeric = next(line for line in rows if line.startswith("| numeric accuracy"))
    assert citation.count("○") == len(languages) + 1 and "❌" not in citation
    assert numeric.count("❌") == marks["numeric_accuracy"].count("fail") >= 1  # es (and all in 3 languages) newly fail


def test_every_broken_question_is_named_by_slice_and_measure(tmp_path):
    report, _ = _checked(tmp_path, rr.EIGHT, broken=9)
    es = tuple(rr.qid("es", k) for k in range(9))
    lead = digest.got_worse(report)
    assert lead is not None and lead.questions == 9 and lead.shown == digest.LEAD_QUESTIONS
    groups = broken_groups(report, shown=(row.question_id for row in lead.rows))
    assert [(g.slice, g.measure, g.ids) for g in groups] == [("es", "numeric accuracy", es)]
    md = render_markdown(report)
    assert "- **es, numeric accuracy** (9): " + ", ".join(es) in md
    assert md.index("#### Scores") < md.index("(9): es00") < md.index("<details>")  # seen without unfolding
    terminal = renderers.render("terminal", report)
    assert "  es, numeric accuracy (9): " + ", ".join(es) in terminal
    cut = broken_groups(report, budget=3)
    assert cut[0].ids == es[:3] and cut[0].more == 6
    assert cut[0].text == "es, numeric accuracy (9): es00, es01, es02 and 6 more"
    few, _ = _checked(tmp_path / "few", rr.EIGHT, broken=5)  # five broke, all five shown in full: not named twice
    lead = digest.got_worse(few)
    assert lead is not None and broken_groups(few, shown=(row.question_id for row in lead.rows)) == ()
    assert "Every question that broke" not in render_markdown(few)


def test_without_a_baseline_what_fails_draws_from_every_language(tmp_path):
    report, _ = _checked(tmp_path, rr.EIGHT, baseline=False)
    lead = digest.got_worse(report)
    assert lead is not None and lead.title == "What fails"
    languages = [row.language for row in lead.rows if row.first]
    assert len(set(languages)) == len(languages) == digest.LEAD_QUESTIONS  # five questions, five languages
    assert digest.headline(report).text.endswith("; compared with no baseline")


@pytest.mark.parametrize("languages", [rr.THREE, rr.EIGHT], ids=["3 languages", "8 languages"])
def test_baseline_status_on_every_rule(tmp_path, languages):
    report, _ = _checked(tmp_path, languages)
    data = json.loads(json.dumps(report_to_dict(report)))
    Draft202012Validator(schema("report")).validate(data)
    statuses = {(r["slice"], r["measure"], r["kind"]): r["baseline_status"] for r in data["rules"]}
    assert all("baseline_status" in r for r in data["rules"])
    assert statuses[("language=es", "numeric_accuracy", "min")] == "pass"
    assert statuses[("language=en", "numeric_accuracy", "min")] == "fail"  # 12/14 in 1.0
    assert statuses[("all", "citation_validity", "min")] == "fail"
    assert statuses[("language=es", "numeric_accuracy", "max_drop")] == "pass"
    alone, _ = _checked(tmp_path / "alone", languages, baseline=False)
    assert {r["baseline_status"] for r in report_to_dict(alone)["rules"]} == {None}


def test_the_noise_statement_reads_every_slice(tmp_path):
    report, _ = _checked(tmp_path, rr.THREE)
    said = digest.noise(report)
    assert said is not None
    # the English cell (2 fixed) cannot reach significance: insufficient evidence (issue 23's family)
    assert said.lead == "Beyond noise: numeric accuracy on es; 1 other move within noise, 1 with insufficient evidence to tell"
    assert said.lines[0] == "numeric accuracy, es: 7 questions broke, 0 fixed: beyond noise (p=0.00781, adjusted p=0.0156)"
    assert "numeric accuracy, all: 7 questions broke, 2 fixed: within noise (p=0.0898, adjusted p=0.0898)" in said.lines
    assert "every" not in said.lead


def _check_cli(paths, capsys, *extra):
    code = main(["check", str(paths["1.1"]), "--questions", str(paths["set"]), "--thresholds", str(paths["thresholds"]), *extra])
    return code, capsys.readouterr()


@pytest.mark.parametrize("columns", [None, "200", "60"])
def test_piped_terminal_never_wraps_inside_a_word(tmp_path, capsys, monkeypatch, columns):
    paths = rr.with_baseline(tmp_path, rr.EIGHT)
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    code, out = _check_cli(paths, capsys, "--baselines", str(paths["baselines"]))
    assert code == 1
    lines = out.out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("measure "))
    assert header.split() == ["measure", "all", *sorted(rr.EIGHT)]  # one line, every slice
    row = next(line for line in lines if line.lstrip().startswith("numeric accuracy "))
    assert len(re.findall(r"\(\d+\)", row)) == 9
    # every file:line is whole on its line (a wrapped line breaks between words only)
    assert out.out.count("thresholds.yaml") == len(re.findall(r"thresholds\.yaml(:\d+)?\b", out.out))
    assert all(re.fullmatch(r"\S*thresholds\.yaml:\d+\)?", word) for line in lines for word in line.split() if "thresholds" in word
               and not word.endswith("thresholds.yaml") and not word.endswith("thresholds.yaml):"))
    width = int(columns) if columns else 200
    prose = [line for line in lines if line.startswith("    numeric accuracy:")]
    assert prose and all(len(line) <= max(width, 80) for line in prose)
    if columns == "60":
        assert len(row) > 60  # the table is wider than the terminal rather than cut


def test_a_run_started_in_a_subfolder_finds_baselines_beside_thresholds(tmp_path, capsys, monkeypatch):
    paths = rr.with_baseline(tmp_path / "project", rr.THREE)
    sub = tmp_path / "project" / "jobs" / "ci"
    sub.mkdir(parents=True)
    monkeypatch.chdir(sub)
    code, out = _check_cli({k: os.path.relpath(v, sub) for k, v in paths.items()}, capsys, "--json", "report.json")
    assert code == 1
    data = json.loads((sub / "report.json").read_text(encoding="utf-8"))
    assert data["comparison"]["baseline_version"] == "1.0"
    assert "no baseline" not in out.err


def test_without_baselines_beside_thresholds_a_notice_names_the_folder(tmp_path, capsys, monkeypatch):
    paths = rr.write_inputs(tmp_path / "project", rr.THREE)
    sub = tmp_path / "elsewhere"
    sub.mkdir()
    monkeypatch.chdir(sub)
    code, out = _check_cli(paths, capsys)
    assert code == 1
    assert f"notice: no baselines/ beside {paths['thresholds']}; using ./baselines in the working directory" in out.err
    assert out.out.splitlines()[0].endswith("; compared with no baseline")


def test_the_markdown_table_of_eight_languages_is_narrow_enough_for_a_900_pixel_comment(tmp_path):
    """The shape that fits (screenshot with scripts/screenshot_comment.py: nine slice columns in
    900 pixels): no rules column, and no cell line longer than twelve characters."""
    report, _ = _checked(tmp_path, rr.EIGHT)
    md = render_markdown(report).replace("\u00a0", " ")
    rows = [line for line in md.split("#### Scores")[1].split("<sub>")[0].splitlines() if line.startswith("| ")]
    assert rows[0] == "| measure | all | " + " | ".join(sorted(rr.EIGHT)) + " |"
    cells = [cell.strip() for row in rows[2:] for cell in row.strip("|").split(" | ")[1:]]
    lines = [re.sub(r"&#\d+;|❌|⚠️|○", "x", part) for cell in cells for part in cell.split("<br>")]
    assert max(map(len, lines)) <= 12, max(lines, key=len)
    assert "| numeric accuracy | ❌ 0.94<br>(112) -0.04 |" not in md  # warn only: a warn mark, not a failure
    assert next(row for row in rows if row.startswith("| numeric accuracy")).split(" | ")[1] == "⚠️ 0.94<br>(112) -0.04"
