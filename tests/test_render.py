"""Markdown, JUnit and JSON renderers: escaping, size limits, schema, parse-back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from jsonschema import Draft202012Validator

from conftest import RUN_12, RUN_13, SET_12, THRESHOLDS
from gate.model.outcomes import FigureRef, Finding
from gate.run.check import check_run
from gate.core.schemas import schema
from gate.report.json_report import report_to_dict
from gate.report.junit import render_junit
from gate.report.markdown import COMMENT_LIMIT, MARKER, escape, render_markdown

NASTY = "Rate | was `7.6` <script>alert(1)</script> @someone **bold** [x](http://e.vil) ~~s~~ #12\nnext"


def test_escape_makes_answer_text_inert():
    out = escape(NASTY)
    for live in ("|", "`", "<script>", "@someone", "**", "[x]", "~~", "\n", "http://"):
        assert live not in out
    assert re.search(r"(?<!&)#12", out) is None
    assert "@\u2060someone" in out and "&lt;script&gt;" in out and "&#124;" in out


def _nasty_report(count: int):
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    findings = tuple(
        Finding(f"q|{i}`", "en", "unsupported_numbers", "unsupported_figure", NASTY,
                figure=FigureRef("7.6` | <b>", 7.6, 3, 10))
        for i in range(count)
    )
    return report.__class__(**{**report.__dict__, "findings": findings})


def _table_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ")]


def test_markdown_with_5000_hostile_findings_stays_intact_and_under_the_limit():
    report = _nasty_report(5000)
    text = render_markdown(report, full_report="the job summary")
    assert len(text) <= COMMENT_LIMIT
    assert text.startswith(MARKER + "\n")
    cut = re.search(r"([\d,]+) more findings cut to keep this comment under GitHub's size limit\. The whole report is in the job summary\.", text)
    assert cut is not None
    summary = re.search(r"Other findings \(([\d,]+); ([\d,]+) shown above\)", text)
    others, above = (int(summary.group(i).replace(",", "")) for i in (1, 2))
    shown = text.count("| q&#124;")
    assert above + others == 5000 and shown + int(cut.group(1).replace(",", "")) == others and shown > 100
    # every table row has exactly as many cells as its header: no pipe leaked from an answer
    for row in _table_rows(text):
        assert row.endswith(" |")
    header_cells = {len(r.split(" | ")) for r in _table_rows(text) if r.startswith("| q&#124;")}
    assert header_cells == {len("| question | language | measure | reason | at fault | detail |".split(" | "))}
    assert text.count("\n- **q&#124;") == 5  # five questions up front, each one line
    for live in ("<script>", "@someone", "<b>", "`"):
        assert live not in text


def test_markdown_uncut_when_it_fits():
    text = render_markdown(check_run(RUN_13, SET_12, THRESHOLDS)).replace("\u00a0", " ")
    assert "cut to keep" not in text
    assert "#### What fails (3 questions; look first at generation: a03, a07)" in text and "Findings" not in text  # all five are shown up front
    assert "| numeric accuracy | ❌ 0.83<br>(6) | ❌ 0.75<br>(4) | 1.00<br>(2) |" in text
    assert "<sub>Rules:<br>numeric accuracy: min 0.90 (" in text  # the rules under the table, not in a column
    assert text.splitlines()[1].startswith("### ❌ answer-gate failed: 2 invented figures")
    assert "· 45 rules: 8 failed, 12 held, 25 skipped" in text  # the total the list of every rule heads with
    assert "  - unsupported numbers: <code>35</code> — '35' (35, to the nearest 1) is not within 0.5" in text


def test_markdown_passing_run():
    text = render_markdown(check_run(RUN_12, SET_12, THRESHOLDS))
    assert text.splitlines()[1] == "### ✅ answer-gate passed; compared with no baseline"
    assert "· 45 rules: 20 held, 25 skipped" in text
    assert "Findings" not in text


def test_json_report_validates_against_its_published_schema():
    for run in (RUN_12, RUN_13):
        data = report_to_dict(check_run(run, SET_12, THRESHOLDS))
        errors = list(Draft202012Validator(schema("report")).iter_errors(data))
        assert errors == []
    assert data["schema_version"] == "1.0"


def test_junit_parses_back_with_one_case_per_rule_and_slice():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    root = ET.fromstring(render_junit(report))
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == len(report.rules) == 45
    assert root.get("failures") == "8" and root.get("skipped") == "25"
    failed = sorted((c.get("classname"), c.get("name")) for c in cases if c.find("failure") is not None)
    assert ("answer-gate.all", "numeric_accuracy min 0.9") in failed
    assert ("answer-gate.language=en", "unsupported_numbers max 0") in failed
    skipped = [(c.get("classname"), c.get("name")) for c in cases if c.find("skipped") is not None]
    assert ("answer-gate.language=fr", "refusal_accuracy min 0.9") in skipped
    # The other skipped cases are code checks with nothing to count in the published log, and
    # the agreement across languages (the published set has no groups).
    assert {name.split()[0] for _, name in skipped} == {"refusal_accuracy", "quote_grounding", "exact_match", "period_match",
                                                         "unit_stated", "caveat_stated", "series_match", "set_stale", "cross_language_consistency"}
    assert "a07 [en] citation_validity cited_not_retrieved" in suite.find("system-out").text


def test_control_characters_from_answers_are_shown_escaped_everywhere():
    import io

    from rich.console import Console

    from gate.report.terminal import render_terminal

    report = check_run(RUN_13, SET_12, THRESHOLDS)
    hostile = Finding("a03", "en", "unsupported_numbers", "unsupported_figure", "bell\x07 esc\x1b[31m red\n::error::injected \u202eevil")
    report = report.__class__(**{**report.__dict__, "findings": (hostile,)})
    root = ET.fromstring(render_junit(report))  # well-formed XML despite the control characters
    assert "bell\\x07 esc\\x1b[31m red\\n::error::injected \\u202eevil" in root.find("testsuite/system-out").text
    out = io.StringIO()
    render_terminal(report, Console(file=out, width=120, color_system=None, soft_wrap=True))
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert not any(line.startswith("::") for line in text.splitlines())
    assert "\x1b" not in render_markdown(report)


def test_json_report_with_a_comparison_validates_against_its_schema(monkeypatch):
    from conftest import ROOT
    from gate.baseline import BaselineComparer

    monkeypatch.chdir(ROOT)
    report = check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl",
                       "thresholds.yaml", compare=BaselineComparer())
    data = report_to_dict(report)
    assert data["comparison"]["baseline_version"] == "1.2"
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []


def test_cli_writes_markdown_and_junit_reports(workdir, cli):
    code, _, err = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                       "--markdown", "report.md", "--junit", "report.xml")
    assert code == 1, err
    assert (workdir / "report.md").read_text(encoding="utf-8").startswith(MARKER + "\n### ❌ answer-gate failed: 2 invented figures,")
    root = ET.parse(workdir / "report.xml").getroot()
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("45", "8", "25")




def test_the_header_counts_the_rules_the_list_of_every_rule_lists():
    """The context line's total is the count in the heading of the list of every rule, and
    its parts add up to it (it once said "8 of 40 rules failed" over a list of 63)."""
    from gate.baseline import BaselineComparer
    from gate.report import digest
    from gate.rules.verdict import FAIL, PASS, SKIP, WARN

    for report in (check_run(RUN_13, SET_12, THRESHOLDS), check_run(RUN_12, SET_12, THRESHOLDS),
                   check_run(RUN_13, SET_12, THRESHOLDS, compare=BaselineComparer(directory=str(THRESHOLDS.parent / "baselines")))):
        said = digest.rule_counts(report)
        rows = digest.rule_rows(report)
        total = int(re.match(r"([\d,]+) rules", said).group(1).replace(",", ""))
        assert total == len(rows)
        counted = {word: int(n) for n, word in re.findall(r"(\d+) (failed|warned|held|skipped)", said)}
        by_status = {"failed": FAIL, "warned": WARN, "held": PASS, "skipped": SKIP}
        expected = {word: sum(r.status == status for r in rows) for word, status in by_status.items()}
        if said.endswith("rules held"):
            assert expected["held"] == total
        else:
            assert counted == {w: n for w, n in expected.items() if n}
        assert f"({len(rows):,})" in render_markdown(report)
    assert said == "69 rules: 8 failed, 8 warned, 24 held, 29 skipped"
