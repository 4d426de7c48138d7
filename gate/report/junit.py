"""The JUnit XML report: one test case per rule and slice, so that any CI shows the rules
as tests (a failed rule as a failure, a warning as a passed test with its message in the
output, a rule with nothing to check as skipped). With a baseline, each case's properties say
the rule's status on it and, for a broken rule, whether it is new. Findings go to the suite's
system-out.

Written with the standard library's ElementTree, which escapes text and attributes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gate.report.digest import finding_texts
from gate.report.model import Report
from gate.report.renderers import RenderOptions
from gate.report.text import printable
from gate.rules.baseline_status import is_new
from gate.rules.verdict import FAIL, SKIP, WARN, RuleResult


def render_junit(report: Report) -> str:
    """The JUnit XML document (UTF-8 text with an XML declaration, final newline)."""
    cases = [(r, printable(t)) for r, t in zip(report.rules, report.rule_texts)]
    failures = sum(r.status == FAIL for r, _ in cases)
    skipped = sum(r.status == SKIP for r, _ in cases)
    suites = ET.Element("testsuites", name="answer-gate", tests=str(len(cases)), failures=str(failures), errors="0", skipped=str(skipped))
    suite = ET.SubElement(
        suites, "testsuite", name=f"answer-gate {printable(report.run.path)}", tests=str(len(cases)),
        failures=str(failures), errors="0", skipped=str(skipped), time="0",
    )
    for (result, text), then in zip(cases, report.baseline_statuses):
        case = ET.SubElement(
            suite, "testcase",
            classname=f"answer-gate.{result.slice}",
            name=f"{result.rule.measure} {result.rule.kind} {float(result.rule.bound):g}",
            time="0",
        )
        _baseline_properties(case, result, then)
        if result.status == FAIL:
            failure = ET.SubElement(case, "failure", message=text, type=f"{result.rule.kind}")
            failure.text = text
        elif result.status == SKIP:
            ET.SubElement(case, "skipped", message=text)
        elif result.status == WARN:
            out = ET.SubElement(case, "system-out")
            out.text = f"warning: {text}"
    texts = finding_texts(report.findings)
    lines = [printable(f"{f.question_id} [{f.language}] {f.measure} {f.code}: {text}") for f, text in zip(report.findings, texts)]
    lines += _rubric_lines(report)
    system_out = ET.SubElement(suite, "system-out")
    system_out.text = "\n".join(lines) if lines else "no findings"
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _baseline_properties(case: ET.Element, result: RuleResult, then: str | None) -> None:
    """With a baseline, the rule's status on it (``baseline_status``: pass, fail, warn, skip) and,
    for a broken rule, whether it is news (``new``: true when it did not break the same way on
    the baseline), as the JSON report and the comment tell them; nothing without a baseline."""
    if then is None:
        return
    properties = ET.SubElement(case, "properties")
    ET.SubElement(properties, "property", name="baseline_status", value=then)
    if result.broken:
        ET.SubElement(properties, "property", name="new", value="true" if is_new(result, then) else "false")


def _rubric_lines(report: Report) -> list[str]:
    """The rubric section (who judged, graders' kappa) for the suite's output."""
    from gate.report.rubric import rubric_lines

    return [printable(line) for line in rubric_lines(report)]


def render(report: Report, options: RenderOptions) -> str:
    """The JUnit XML report (:mod:`gate.report.renderers`); it takes no option."""
    return render_junit(report)
