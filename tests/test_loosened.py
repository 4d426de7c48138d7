"""Loosened rules are visible (issue 13): every change that makes the gate easier to pass,
listed at the top of the report; fail_on_loosened makes it a failure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gate.rules.loosened import loosened_questions, loosened_rules
from gate.inputs.question_set import load_question_set
from gate.rules.thresholds import load_thresholds
from tests.conftest import RUN_13, SET_12, THRESHOLDS, assert_golden

BASE = """version: 1
severity: error
matching:
  rounding: exact
  percent_fraction: false
slices:
  min_n: 2
measures:
  numeric_accuracy:    {min: 0.90, max_drop: 0.02}
  citation_validity:   {min: 0.95}
  unsupported_numbers: {max: 0.00, max_rise: 0.00}
languages:
  fr: {numeric_accuracy: {min: 0.85}}
regression:
  alpha: 0.05
"""


def _loosened(tmp_path: Path, base: str, head: str) -> list[str]:
    (tmp_path / "base.yaml").write_text(base)
    (tmp_path / "head.yaml").write_text(head)
    return [x.text for x in loosened_rules(load_thresholds(tmp_path / "base.yaml"), load_thresholds(tmp_path / "head.yaml"))]


def _h(tmp_path: Path, name: str) -> str:
    return str(tmp_path / name)


LOOSER = [
    ("fr-floor-lowered", ("fr: {numeric_accuracy: {min: 0.85}}", "fr: {numeric_accuracy: {min: 0.70}}"),
     ["languages.fr.numeric_accuracy.min: floor lowered, 0.85 -> 0.7 (HEAD:13)"]),
    ("top-floor-lowered", ("numeric_accuracy:    {min: 0.90, max_drop: 0.02}", "numeric_accuracy:    {min: 0.80, max_drop: 0.02}"),
     ["measures.numeric_accuracy.min: floor lowered, 0.9 -> 0.8 (HEAD:9)"]),
    ("ceiling-raised", ("unsupported_numbers: {max: 0.00, max_rise: 0.00}", "unsupported_numbers: {max: 0.05, max_rise: 0.00}"),
     ["measures.unsupported_numbers.max: ceiling raised, 0 -> 0.05 (HEAD:11)"]),
    ("drop-limit-raised", ("{min: 0.90, max_drop: 0.02}", "{min: 0.90, max_drop: 0.10}"),
     ["measures.numeric_accuracy.max_drop: regression limit raised, 0.02 -> 0.1 (HEAD:9)"]),
    ("rule-removed", ("{min: 0.90, max_drop: 0.02}", "{min: 0.90}"),
     ["measures.numeric_accuracy.max_drop: rule removed, limit on the drop 0.02 -> removed (BASE:9)"]),
    ("measure-removed", ("  citation_validity:   {min: 0.95}\n", ""),
     ["measures.citation_validity.min: rule removed, floor 0.95 -> removed (BASE:10)"]),
    ("language-removed", ("languages:\n  fr: {numeric_accuracy: {min: 0.85}}\n", ""),
     ["languages.fr: language override removed, set -> removed (BASE)"]),
    ("severity-warn", ("citation_validity:   {min: 0.95}", "citation_validity:   {min: 0.95, severity: warn}"),
     ["measures.citation_validity.min: severity turned to warn, error -> warn (HEAD:10)"]),
    ("default-severity-warn", ("severity: error", "severity: warn"),
     ["measures.numeric_accuracy.min: severity turned to warn, error -> warn (HEAD:9)",
      "measures.numeric_accuracy.max_drop: severity turned to warn, error -> warn (HEAD:9)",
      "measures.citation_validity.min: severity turned to warn, error -> warn (HEAD:10)",
      "measures.unsupported_numbers.max: severity turned to warn, error -> warn (HEAD:11)",
      "measures.unsupported_numbers.max_rise: severity turned to warn, error -> warn (HEAD:11)",
      "languages.fr.numeric_accuracy.min: severity turned to warn, error -> warn (HEAD:13)"]),
    ("french-severity-warn", ("fr: {numeric_accuracy: {min: 0.85}}", "fr: {numeric_accuracy: {min: 0.85}, unsupported_numbers: {severity: warn}}"),
     ["languages.fr.unsupported_numbers.max: severity turned to warn, error -> warn (HEAD:11)",
      "languages.fr.unsupported_numbers.max_rise: severity turned to warn, error -> warn (HEAD:11)"]),
    ("min-n-raised", ("min_n: 2", "min_n: 30"), ["slices.min_n: min_n raised (more cells only warn), 2 -> 30 (HEAD:7)"]),
    ("alpha-raised", ("alpha: 0.05", "alpha: 0.5"), ["regression.alpha: alpha raised (more drops count as noise), 0.05 -> 0.5 (HEAD:15)"]),
    ("correction-off", ("alpha: 0.05", "alpha: 0.05\n  correction: none"),
     ["regression.correction: multiple-test correction turned off (each regression rule needs less evidence: a run with no real "
      "change fails more often than alpha), holm -> none (HEAD:16)"]),
    ("rounding-lenient", ("rounding: exact", "rounding: stated_precision"),
     ["matching.rounding: matching made more lenient, exact -> stated_precision (HEAD:4)"]),
    ("percent-fraction-on", ("percent_fraction: false", "percent_fraction: true"),
     ["matching.percent_fraction: matching made more lenient, false -> true (HEAD:5)"]),
    ("derived-added", ("percent_fraction: false", "percent_fraction: false\n  derived: [difference]"),
     ["matching.derived: matching made more lenient, [change] -> [difference] (HEAD:6)"]),
    ("fail-on-loosened-off", ("version: 1\n", "version: 1\nfail_on_loosened: false\n"), []),
]


@pytest.mark.parametrize("change, expected", [c[1:] for c in LOOSER], ids=[c[0] for c in LOOSER])
def test_every_looser_rule_is_listed(tmp_path, change, expected):
    old, new = change
    assert old in BASE
    got = _loosened(tmp_path, BASE, BASE.replace(old, new))
    assert got == [e.replace("HEAD", _h(tmp_path, "head.yaml")).replace("BASE", _h(tmp_path, "base.yaml")) for e in expected]


def test_turning_fail_on_loosened_off_is_listed(tmp_path):
    base = BASE.replace("version: 1\n", "version: 1\nfail_on_loosened: true\n")
    got = _loosened(tmp_path, base, BASE.replace("version: 1\n", "version: 1\nfail_on_loosened: false\n"))
    assert got == [f"fail_on_loosened: fail_on_loosened turned off, true -> false ({tmp_path / 'head.yaml'}:2)"]


STRICTER = [
    ("floor-raised", "numeric_accuracy:    {min: 0.90,", "numeric_accuracy:    {min: 0.95,"),
    ("ceiling-lowered-to-zero-stays", "{max: 0.00,", "{max: 0.00,"),
    ("rule-added", "citation_validity:   {min: 0.95}", "citation_validity:   {min: 0.95, max_drop: 0.01}"),
    ("min-n-lowered", "min_n: 2", "min_n: 1"),
    ("alpha-null", "alpha: 0.05", "alpha: null"),
    ("correction-bonferroni", "alpha: 0.05", "alpha: 0.05\n  correction: bonferroni"),
    ("correction-none-with-alpha-null", "alpha: 0.05", "alpha: null\n  correction: none"),
    ("warn-to-error", "severity: error", "severity: error"),
    ("language-added", "fr: {numeric_accuracy: {min: 0.85}}", "fr: {numeric_accuracy: {min: 0.85}}\n  de: {numeric_accuracy: {min: 0.95}}"),
]


@pytest.mark.parametrize("old, new", [c[1:] for c in STRICTER], ids=[c[0] for c in STRICTER])
def test_a_stricter_or_equal_file_lists_nothing(tmp_path, old, new):
    assert old in BASE
    assert _loosened(tmp_path, BASE, BASE.replace(old, new)) == []


def _pr_thresholds(tmp_path: Path) -> Path:
    """The example pull request: the French floor of numeric accuracy lowered, min_n raised."""
    text = THRESHOLDS.read_text()
    assert "numeric_accuracy: {min: 0.85}" in text and "min_n: 2" in text
    path = tmp_path / "thresholds.yaml"
    path.write_text(text.replace("numeric_accuracy: {min: 0.85}", "numeric_accuracy: {min: 0.70}").replace("min_n: 2", "min_n: 5"))
    return path


def test_golden_loosened_section_of_the_example_pull_request(workdir, cli):
    import shutil

    from gate.report.markdown import loosened_section

    shutil.copy(THRESHOLDS, workdir / "base-thresholds.yaml")
    _pr_thresholds(workdir)
    code, out, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--base-thresholds", "base-thresholds.yaml", "--markdown", "pr.md", "--json", "pr.json", "--no-baseline")
    assert code == 1, err
    body = Path("pr.md").read_text()
    lines = body.splitlines()
    assert lines[1].startswith("### ❌ answer-gate failed") and lines[3] == "**⚠️ Loosened against the base branch (2)**"
    from gate.run.check import check_run

    report = check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml",
                       base_thresholds="base-thresholds.yaml")
    section = "\n".join(loosened_section(report)).strip() + "\n"
    assert section in body
    assert_golden("loosened_fr_floor_min_n.md", section)
    line = next(i for i, text in enumerate(Path("thresholds.yaml").read_text().splitlines(), 1) if "numeric_accuracy: {min: 0.70}" in text)
    assert f"Loosened against the base branch (2):\n  - languages.fr.numeric_accuracy.min: floor lowered, 0.85 -> 0.7 (thresholds.yaml:{line})" in out
    assert [x["kind"] for x in json.loads(Path("pr.json").read_text())["loosened"]] == ["floor_lowered", "min_n_raised"]


def test_fail_on_loosened_in_the_base_fails_even_when_the_branch_turns_it_off(workdir, cli):
    base = THRESHOLDS.read_text().replace("version: 1\n", "version: 1\nfail_on_loosened: true\n")
    (workdir / "base-thresholds.yaml").write_text(base)
    (workdir / "thresholds.yaml").write_text(base.replace("fail_on_loosened: true", "fail_on_loosened: false")
                                             .replace("numeric_accuracy: {min: 0.85}", "numeric_accuracy: {min: 0.70}"))
    run_12 = "examples/answers_run_assistant-1.2_set-1.2.jsonl"  # 1.2 passes every rule
    code, out, err = cli("check", run_12, "--questions", "examples/question_set-1.2.jsonl", "--base-thresholds", "base-thresholds.yaml",
                         "--json", "r.json", "--no-baseline")
    assert code == 1, (out, err)
    assert "FAILED: 2 rule(s) loosened against the base branch (fail_on_loosened); " in out
    verdict = json.loads(Path("r.json").read_text())["verdict"]
    assert (verdict["passed"], verdict["failed"], verdict["loosened"]) == (False, 0, 2)
    code, out, _ = cli("check", run_12, "--questions", "examples/question_set-1.2.jsonl", "--no-baseline")
    assert code == 0  # without the base, nothing to compare: the rules alone decide


def test_a_stricter_branch_with_fail_on_loosened_passes(workdir, cli):
    text = THRESHOLDS.read_text().replace("version: 1\n", "version: 1\nfail_on_loosened: true\n")
    (workdir / "base-thresholds.yaml").write_text(text)
    (workdir / "thresholds.yaml").write_text(text.replace("min_n: 2", "min_n: 1"))
    code, out, err = cli("check", "examples/answers_run_assistant-1.2_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--base-thresholds", "base-thresholds.yaml", "--no-baseline")
    assert code == 0 and "Loosened" not in out, (out, err)


def _set_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_a_question_set_that_dropped_questions_or_changed_expectations(workdir, cli):
    lines = _set_lines(workdir / "examples/question_set-1.2.jsonl")
    kept = [x for x in lines if x.get("question_id") != "a03"]
    for x in kept:
        if x.get("question_id") == "a01":
            x["expected_values"] = [7.9]
        if x.get("question_id") == "a06":
            x["expected_behaviour"] = "answer"
    (workdir / "pr-set.jsonl").write_text("".join(json.dumps(x) + "\n" for x in kept))
    base, head = load_question_set(workdir / "examples/question_set-1.2.jsonl"), load_question_set(workdir / "pr-set.jsonl")
    assert [x.text for x in loosened_questions(base, head)] == [
        f"question a01 expected_values: expectation changed, [7.6] -> [7.9] ({workdir / 'pr-set.jsonl'}:2)",
        f"question a03: question dropped from the set, asked -> removed ({workdir / 'examples/question_set-1.2.jsonl'}:4)",
        f"question a06 expected_behaviour: expectation changed, decline -> answer ({workdir / 'pr-set.jsonl'}:6)",
    ]
    run = [x for x in _set_lines(workdir / "examples/answers_run_assistant-1.3_set-1.2.jsonl") if x.get("question_id") != "a03"]
    (workdir / "pr-run.jsonl").write_text("".join(json.dumps(x) + "\n" for x in run))
    code, out, err = cli("check", "pr-run.jsonl", "--questions", "pr-set.jsonl", "--base-questions", "examples/question_set-1.2.jsonl",
                         "--no-baseline")
    assert "Loosened against the base branch (3):" in out, (out, err)


def test_a_bad_base_file_is_an_input_error_naming_it(workdir, cli):
    (workdir / "base.yaml").write_text("version: 1\nmeasures: {numeric_accurcy: {min: 0.9}}\n")
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--base-thresholds", "base.yaml", "--json", "x.json")
    assert code == 2 and "base.yaml:2: measures.numeric_accurcy: unknown measure 'numeric_accurcy'; did you mean 'numeric_accuracy'?" in err
    assert not Path("x.json").exists()
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--base-questions", "nowhere.jsonl")
    assert code == 2 and "nowhere.jsonl: file not found" in err


def test_the_action_reads_the_base_commits_rules_with_git_show(tmp_path):
    import shutil
    import subprocess

    import yaml

    from tests.conftest import ROOT

    action = yaml.safe_load((ROOT / "action.yml").read_text())
    (step,) = [s for s in action["runs"]["steps"] if s.get("name") == "Read the base commit's rules"]
    repo = tmp_path / "repo"
    repo.mkdir()
    shutil.copy(THRESHOLDS, repo / "thresholds.yaml")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run([*git, "add", "thresholds.yaml"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
    base = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()
    _pr_thresholds(repo)
    env = {"PATH": "/usr/bin:/bin", "GATE_HOME": str(tmp_path / "home"), "INPUT_BASE_REF": base,
           "INPUT_THRESHOLDS": "thresholds.yaml", "INPUT_QUESTIONS": "question_set.jsonl"}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=repo, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "home/base/thresholds.yaml").read_text() == THRESHOLDS.read_text()
    assert not (tmp_path / "home/base/questions.jsonl").exists()
    assert "no question_set.jsonl at the base commit: nothing to compare it with" in result.stdout
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=repo,
                            env={**env, "INPUT_BASE_REF": ""}, capture_output=True, text=True)
    assert result.returncode == 0 and not list((tmp_path / "home/base").iterdir())


def test_a_rubric_that_dropped_a_question_is_listed(workdir, cli):
    import yaml

    from gate.rules.loosened import loosened_rubric
    from gate.inputs.rubric import load_rubric
    from tests.conftest import ROOT

    data = yaml.safe_load((ROOT / "rubric.yaml").read_text())
    assert "unit" in data["questions"]
    (workdir / "base-rubric.yaml").write_text((ROOT / "rubric.yaml").read_text())
    del data["questions"]["unit"]
    (workdir / "rubric.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    got = [x.text for x in loosened_rubric(load_rubric(workdir / "base-rubric.yaml"), load_rubric(workdir / "rubric.yaml"))]
    assert got == [f"rubric question unit: rubric question dropped, asked -> removed ({workdir / 'base-rubric.yaml'})"]
    code, out, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                         "--base-rubric", "base-rubric.yaml", "--no-baseline")
    assert "Loosened against the base branch (1):\n  - rubric question unit: rubric question dropped, asked -> removed (base-rubric.yaml)" in out, (out, err)
    assert code == 1  # the example fails its floors; the listing alone does not fail without fail_on_loosened


def test_the_comment_rebuilt_from_the_json_report_keeps_the_loosened_section_and_the_evidence_flag(workdir, cli):
    import shutil

    from gate.report.stored import read_report
    from gate.report.markdown import loosened_section, render_markdown

    shutil.copy(THRESHOLDS, workdir / "base-thresholds.yaml")
    _pr_thresholds(workdir)
    with open(workdir / "thresholds.yaml", "a") as rules:
        rules.write("comment: {evidence: false}\n")
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--base-thresholds", "base-thresholds.yaml", "--markdown", "pr.md", "--json", "pr.json", "--no-baseline")
    assert code == 1, err
    again = read_report("pr.json")
    assert [x.text for x in again.loosened] and "\n".join(loosened_section(again)) in Path("pr.md").read_text()
    assert again.evidence is False and "(detail hidden: comment.evidence is false)" in render_markdown(again)
