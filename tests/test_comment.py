"""The PR comment and the terminal report: the reviewer's order, a table that grows by family,
nothing said twice, links to the rules' lines, the size limit, and a trend chart that parses."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from conftest import ROOT, RUN_12, RUN_13, SET_12, THRESHOLDS, assert_golden
from gate.baseline import BaselineComparer, save_baseline
from gate.model.outcomes import Count, Finding
from gate.model.measures import Measure
from gate.run.check import check_run
from gate.report import digest
from gate.report.markdown import COMMENT_LIMIT, MARKER, render_markdown
from gate.report.terminal import render_terminal
from gate.report.model import build_cells
from gate.model.scores import Score
from gate.core.sources import head_sha, thresholds_url
from gate.rules.thresholds import Rule
from gate.rules.verdict import FAIL, PASS, RuleResult, decide

SHA = "0123456789abcdef0123456789abcdef01234567"
URL = f"https://github.com/octo/stats/blob/{SHA}/thresholds.yaml"


@pytest.fixture(scope="module")
def shipped():
    """Run 1.3 of the shipped example against its stored baseline 1.2, from the repo root."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        return check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl",
                         "thresholds.yaml", compare=BaselineComparer())
    finally:
        os.chdir(here)


def terminal(report) -> str:
    buffer = io.StringIO()
    render_terminal(report, Console(width=120, file=buffer, color_system=None, soft_wrap=True))
    return buffer.getvalue()


def above_table(text: str) -> str:
    return text.split("#### Scores", 1)[0]


def plain(text: str) -> str:
    """The markdown with its no-break spaces (which keep a table cell on one line) as spaces."""
    return text.replace("\u00a0", " ")


# --------------------------------------------------------------------------------------
# The shipped example against its baseline
# --------------------------------------------------------------------------------------


def test_shipped_comment_golden_reads_in_the_reviewers_order(shipped):
    text = render_markdown(shipped)
    assert_golden("comment_1.3_vs_1.2.md", text)
    lines = text.splitlines()
    assert lines[0] == MARKER
    assert lines[1] == ("### ❌ answer-gate failed: 2 invented figures, 1 answer without its expected figure, "
                        "1 citation never retrieved, 1 answer that should have declined")
    order = ["#### What got worse against 1.2 (3 questions; look first at generation: a03, a07)", "**Insufficient evidence on every slice and measure that moved**", "#### Scores",
             "<details><summary>Every rule", "<details><summary>How this run was compared", "<details><summary>Trend"]
    positions = [text.index(marker) for marker in order]
    assert positions == sorted(positions)
    head = above_table(text)
    assert "<details>" not in head
    # the three questions that broke, each with the figure or citation at fault
    for question, at_fault in (("a03", "<code>35</code>"), ("a06", "<code>31%</code>"), ("a07", "<code>EDU&#95;STATS&#95;2024</code>")):
        assert f"- **{question}** · en\n" in head and at_fault in head
    assert "  - unsupported numbers: <code>35</code> — '35' (35, to the nearest 1) is not within 0.5 of any retrieved value; nearest 41" in head
    assert ("**Insufficient evidence on every slice and measure that moved** (one-sided exact McNemar test on the questions "
            "that flipped, alpha 0.05, Holm's step-down with Tarone's exclusion over a family of 20 rules; below n=2 a direction "
            "only): numeric accuracy, all: 1 question broke, 0 fixed: insufficient evidence (p=0.5): with n = 6 a drop of 0.833 "
            "or more could be detected (5 broken, none fixed); citation validity, all: 1 question broke, 0 fixed: insufficient "
            "evidence (p=0.5): with n = 6 a drop of 0.833 or more could be detected (5 broken, none fixed); refusal accuracy, "
            "all: 1 question broke, 0 fixed: insufficient evidence (p=0.5): with n = 2 no drop could be detected (5 would have "
            "to break, none fixed); unsupported numbers, all: 2 questions broke, 0 fixed: insufficient evidence (p=0.25): with "
            "n = 7 a rise of 0.714 or more could be detected (5 broken, none fixed); and 4 more moves in single languages, "
            "within noise or too small to tell.") in head


def test_nothing_above_the_table_repeats_the_table(shipped):
    text = render_markdown(shipped)
    head = above_table(text)
    for cell in shipped.cells:
        if cell.rate is not None:
            assert f"{cell.display} ({cell.denominator})" not in head
    table = digest.scores_table(shipped)
    for group in table.groups:
        for row in group.rows:
            for rule in row.rules:
                assert rule.source not in head


def test_no_sentence_is_said_twice_and_a_failed_rule_appears_once(shipped):
    text = plain(render_markdown(shipped))
    said = [line for line in text.splitlines() if line.strip() and not re.fullmatch(r"[|\s:-]+", line)
            and not line.startswith(("<details>", "</details>", "```", "    "))]
    repeated = {line for line in said if said.count(line) > 1}
    assert repeated == set()
    for r in shipped.rules:
        if r.status == FAIL:
            pattern = f"| ❌ | {r.slice} | "
            rows = [line for line in text.splitlines() if line.startswith(pattern) and f"| {r.rule.kind} " in line
                    and digest.label_of(shipped, r.rule.measure) in line]
            assert len(rows) == 1, (r.slice, r.rule.measure)


def test_scores_table_measures_as_rows_slices_as_columns(shipped):
    text = plain(render_markdown(shipped))
    assert "| measure | all | en | fr |" in text
    assert "| numeric accuracy | ❌ 0.83<br>(6) -0.17 | ❌ 0.75<br>(4) -0.25 | 1.00<br>(2) |" in text
    assert "<br>numeric accuracy: min 0.90, max&#95;drop 0.02 (thresholds.yaml:22); fr: min 0.85 (thresholds.yaml:56)<br>" in text
    # a mark only where a rule newly broke or warned; no change where nothing moved
    assert "| answer rate when expected | 1.00<br>(6) | 1.00<br>(4) | 1.00<br>(2) |" in text
    assert "| refusal accuracy | ❌ 0.50<br>(2) -0.50 | ❌ 0.50<br>(2) -0.50 | - |" in text


def test_terminal_report_of_the_shipped_example_follows_the_same_order(shipped):
    text = terminal(shipped)
    assert text.splitlines()[0] == ("answer-gate failed: 2 invented figures, 1 answer without its expected figure, "
                                    "1 citation never retrieved, 1 answer that should have declined")
    order = ["What got worse against 1.2 (3 questions; look first at generation: a03, a07)", "Insufficient evidence on every slice and measure that moved", "Scores: rate (n)",
             "Every rule, with its line of thresholds.yaml", "How this run was compared with 1.2", "Trend of the measures that moved"]
    positions = [text.index(marker) for marker in order]
    assert positions == sorted(positions)
    assert "  a07 [en]  citation validity    EDU_STATS_2024  cites EDU_STATS_2024, which was not retrieved" in text
    said = [line.strip() for line in text.splitlines() if line.strip() and not set(line.strip()) <= set("─")]
    assert {line for line in said if said.count(line) > 1} == set()


# --------------------------------------------------------------------------------------
# Links to the rules' lines
# --------------------------------------------------------------------------------------


def test_rules_link_to_their_line_at_the_head_commit_when_the_report_carries_the_address(shipped):
    text = plain(render_markdown(dataclasses.replace(shipped, thresholds_url=URL)))
    assert f"<br>numeric accuracy: [min 0.90, max&#95;drop 0.02]({URL}#L22); [fr: min 0.85]({URL}#L56)<br>" in text
    assert f"| ❌ | all | numeric accuracy | min 0.90 | 0.83 (n=6) | [thresholds.yaml:22]({URL}#L22) |  |" in text
    assert "(thresholds.yaml:22)" not in text
    # the terminal keeps file:line
    assert "thresholds.yaml:22" in terminal(dataclasses.replace(shipped, thresholds_url=URL)) and URL not in terminal(shipped)


def _actions_env(tmp_path: Path, event: str = "pull_request", payload: dict | None = None) -> dict[str, str]:
    event_file = tmp_path / "event.json"
    event_file.write_text(json.dumps(payload if payload is not None else {"pull_request": {"number": 7, "head": {"sha": SHA}}}), "utf-8")
    return {"GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "octo/stats",
            "GITHUB_WORKSPACE": str(tmp_path), "GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": str(event_file),
            "GITHUB_SHA": "f" * 40}


@pytest.mark.parametrize(
    "event, payload, expected",
    [
        ("pull_request", None, SHA),  # the head commit, not the merge commit in GITHUB_SHA
        ("pull_request_target", None, SHA),
        ("workflow_run", {"workflow_run": {"head_sha": SHA.upper()}}, SHA),
        ("push", {}, "f" * 40),
        ("pull_request", {"pull_request": {}}, "f" * 40),  # a payload without the head: GITHUB_SHA
    ],
)
def test_head_sha_per_event(tmp_path, event, payload, expected):
    assert head_sha(_actions_env(tmp_path, event, payload)) == expected


def test_thresholds_url_only_in_github_actions_and_inside_the_workspace(tmp_path):
    env = _actions_env(tmp_path)
    (tmp_path / "config").mkdir()
    assert thresholds_url(env, "thresholds.yaml", cwd=tmp_path) == URL
    assert thresholds_url(env, "config/rules v2.yaml", cwd=tmp_path) == f"https://github.com/octo/stats/blob/{SHA}/config/rules%20v2.yaml"
    assert thresholds_url({**env, "GITHUB_SERVER_URL": "https://ghe.example.com/"}, "thresholds.yaml", cwd=tmp_path) == \
        f"https://ghe.example.com/octo/stats/blob/{SHA}/thresholds.yaml"
    assert thresholds_url({**env, "GITHUB_ACTIONS": ""}, "thresholds.yaml", cwd=tmp_path) is None
    assert thresholds_url({**env, "GITHUB_REPOSITORY": "not-a-repository"}, "thresholds.yaml", cwd=tmp_path) is None
    assert thresholds_url(env, "/etc/thresholds.yaml", cwd=tmp_path) is None
    assert thresholds_url({**env, "GITHUB_SHA": "abc", "GITHUB_EVENT_NAME": "push"}, "thresholds.yaml", cwd=tmp_path) is None


def test_cli_in_github_actions_links_the_rules_and_leaves_json_unchanged(workdir, cli, monkeypatch):
    args = ("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl")
    code, _, err = cli(*args, "--markdown", "plain.md", "--json", "plain.json")
    assert code == 1, err
    for name, value in _actions_env(workdir).items():
        monkeypatch.setenv(name, value)
    code, _, err = cli(*args, "--markdown", "linked.md", "--json", "linked.json")
    assert code == 1, err
    linked = (workdir / "linked.md").read_text("utf-8")
    assert f"[thresholds.yaml:26]({URL}#L26)" in linked
    assert "thresholds.yaml:26" in (workdir / "plain.md").read_text("utf-8") and URL not in (workdir / "plain.md").read_text("utf-8")
    assert (workdir / "linked.json").read_bytes() == (workdir / "plain.json").read_bytes()


# --------------------------------------------------------------------------------------
# Other runs: passing, large, other families
# --------------------------------------------------------------------------------------


def test_passing_run_comment_golden(monkeypatch):
    monkeypatch.chdir(ROOT)
    report = check_run("examples/answers_run_assistant-1.2_set-1.2.jsonl", "examples/question_set-1.2.jsonl",
                       "thresholds.yaml", compare=BaselineComparer())
    text = render_markdown(report)
    assert_golden("comment_1.2_passing.md", text)
    assert text.splitlines()[1] == "### ✅ answer-gate passed; compared with no baseline"
    assert ("Assistant 1.2 (8 answers) · question set 1.2 (8 questions) · no baseline compared (no stored baseline below "
            "assistant 1.2 in baselines/); the gate ran on thresholds alone · 45 rules: 20 held, 25 skipped") in text
    assert "What got worse" not in text and "What fails" not in text and "Findings" not in text
    assert "<details><summary>Notices" not in text  # the one notice is the context line's


def test_failing_run_without_a_baseline_leads_with_what_fails():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    text = render_markdown(report)
    assert "#### What fails (3 questions; look first at generation: a03, a07)" in text
    assert "What got worse" not in text and "Within noise" not in text


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    from large_run import write_large_run

    folder = tmp_path_factory.mktemp("large")
    here = os.getcwd()
    os.chdir(folder)
    try:
        questions, good, bad = write_large_run(Path("."))
        shutil.copy(THRESHOLDS, "thresholds.yaml")
        save_baseline(good.name, questions.name, "thresholds.yaml", "baselines")
        return check_run(bad.name, questions.name, "thresholds.yaml", compare=BaselineComparer(directory="baselines"))
    finally:
        os.chdir(here)


def test_comment_of_a_run_with_5000_findings_golden_under_the_limit_with_cut_findings_counted(large):
    assert len(large.findings) == 5000
    text = render_markdown(large, full_report="the job summary")
    assert_golden("comment_5000_findings.md", text)
    assert len(text) <= COMMENT_LIMIT
    assert text.splitlines()[1] == ("### ❌ answer-gate failed: numeric accuracy dropped beyond its limit on all, en, es, fr (2,500 questions "
                                    "broke, 0 fixed), unsupported numbers rose beyond its limit on all, en, es, fr (2,500 questions broke, "
                                    "0 fixed), 2,500 answers without their expected figures, 2,500 invented figures")
    above = int(re.search(r"Other findings \(([\d,]+); ([\d,]+) shown above\)", text).group(2).replace(",", ""))
    others = int(re.search(r"Other findings \(([\d,]+);", text).group(1).replace(",", ""))
    cut = int(re.search(r"([\d,]+) more findings cut to keep this comment under GitHub's size limit\. "
                        r"The whole report is in the job summary\.", text).group(1).replace(",", ""))
    listed = len(re.findall(r"^\| q\d{4} \| ", text, flags=re.M))
    assert above == 6 and above + others == 5000 and listed + cut == others and listed > 100
    assert "And 2,497 more questions; their findings are under Other findings below." in text
    # the first screen stays small however large the run: three questions (six findings) up front
    assert len(above_table(text).splitlines()) <= 21


MADE_UP = (
    Measure("series_presence", "expected series retrieved", True, "answers", "made up for the test", family="code_checks"),
    Measure("made_up_quotes", "made-up quote check", True, "quotes", "made up: counts nothing in this run", family="code_checks"),
    Measure("rubric_pass_rate", "rubric pass rate", True, "answers", "made up for the test", family="rubric"),
    Measure("clarity", "clarity 4 or 5", True, "answers", "made up: the quality family has nothing here", family="quality"),
)


def with_families(report):
    """The shipped comparison with made-up measures of the other families: one code check that
    fails on a finding whose code has no words yet, one that counts nothing (left out), a
    rubric measure that holds, and a quality measure with nothing (its group left out)."""
    counts = {
        "series_presence": {"all": Count(7, 8), "language=en": Count(5, 6), "language=fr": Count(2, 2)},
        "rubric_pass_rate": {"all": Count(3, 4), "language=en": Count(2, 3), "language=fr": Count(1, 1)},
    }
    scores = [Score(s, m.name, counts.get(m.name, {}).get(s, Count())) for s in report.slices for m in MADE_UP]
    rule = Rule("series_presence", "min", Fraction(9, 10), "error", "thresholds.yaml:40")
    rubric = Rule("rubric_pass_rate", "min", Fraction(7, 10), "error", "thresholds.yaml:41")
    rules = [RuleResult("all", rule, FAIL, Fraction(7, 8), 8, ""), RuleResult("all", rubric, PASS, Fraction(3, 4), 4, "")]
    finding = Finding("a02", "en", "series_presence", "expected_series_missing", "HLTH_LIFE_EXP_YRS was expected and not retrieved")
    all_rules = report.rules + tuple(rules)
    return dataclasses.replace(
        report, measures=report.measures + MADE_UP, cells=report.cells + tuple(build_cells(scores, rules)),
        rules=all_rules, findings=report.findings + (finding,), verdict=decide(all_rules))


def test_comment_with_code_checks_and_rubric_golden_groups_by_family(shipped):
    report = with_families(shipped)
    text = render_markdown(report)
    assert_golden("comment_families.md", text)
    text = plain(text)
    rows = [line for line in text.split("#### Scores", 1)[1].split("<details>", 1)[0].splitlines() if line.startswith("| ")]
    headings = [line for line in rows if line.startswith("| **")]
    assert headings == ["| **automatic measures** | | | |", "| **code checks** | | | |", "| **rubric** | | | |"]
    assert "| expected series retrieved | ❌ 0.88<br>(8) | 0.83<br>(6) | 1.00<br>(2) |" in text
    assert "<br>expected series retrieved: min 0.90 (thresholds.yaml:40)" in text
    assert "| rubric pass rate | 0.75<br>(4) | 0.67<br>(3) | 1.00<br>(1) |" in text and "<br>rubric pass rate: min 0.70 (thresholds.yaml:41)" in text
    assert "quality" not in text.split("#### Scores", 1)[1].split("<sub>", 1)[0]
    legend = text.split("not counted in this run: ", 1)[1].split("</sub>", 1)[0]
    assert "made-up quote check" in legend and "clarity 4 or 5" in legend
    assert text.splitlines()[1].endswith(", 1 × expected series missing")
    terminal_text = terminal(report)
    assert "code checks" in terminal_text and "  expected series retrieved" in terminal_text


# --------------------------------------------------------------------------------------
# The trend chart parses with Mermaid
# --------------------------------------------------------------------------------------


NODE_MODULES = Path(os.environ.get("ANSWER_GATE_NODE_MODULES") or ROOT / ".ci" / "node" / "node_modules")


def mermaid_blocks(text: str) -> list[str]:
    return re.findall(r"```mermaid\n(.*?)```", text, flags=re.S)


def parse_with_mermaid(diagrams: list[str]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed: the Mermaid chart is not parsed (install nodejs, then npm ci --prefix .ci/node)")
    if not (NODE_MODULES / "mermaid").is_dir() or not (NODE_MODULES / "jsdom").is_dir():
        pytest.skip(f"the Mermaid library is not installed in {NODE_MODULES}: run npm ci --prefix .ci/node (.ci/run does)")
    script = ROOT / ".ci" / "node" / "parse_mermaid.mjs"
    env = {**os.environ, "NODE_PATH": str(NODE_MODULES)}
    done = subprocess.run([node, str(script)], input=json.dumps(diagrams), capture_output=True, text=True, timeout=120,
                          cwd=NODE_MODULES.parent, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_trend_is_one_chart_of_the_measures_that_moved_and_it_parses_with_mermaid(shipped):
    text = render_markdown(shipped)
    (chart,) = mermaid_blocks(text)
    assert chart.count("    line [") == 4  # answer rate did not move
    assert "- 🟦 numeric accuracy: 1.00 → 0.83" in text and "- 🟦 answer rate when expected" not in text
    assert "answer rate when expected: " not in text.split("<details><summary>Trend", 1)[1]
    families = mermaid_blocks(render_markdown(with_families(shipped)))
    results = parse_with_mermaid([chart] + families + ["xychart-beta\n    line [1, oops]\n"])
    assert results[:-1] == [{"ok": True, "type": "xychart"}] * (1 + len(families))
    assert results[-1]["ok"] is False  # the parser does reject a broken chart


def test_a_tiny_p_value_reads_in_scientific_notation_never_as_hundreds_of_zeros():
    from gate.rules.display import display_p

    assert display_p(Fraction(1, 2**2500), Fraction(1, 20)) == "2.66e-753"
    assert display_p(Fraction(1, 2**20), Fraction(1, 20)) == "9.54e-7"
    assert display_p(Fraction(1, 2**10), Fraction(1, 20)) == "0.000977"
