"""The markdown report: the PR comment, the job summary, and ``--markdown`` for other CIs.

One template, filled from the finished Report: a verdict line; the slices-by-measures table
with n (and the change against the baseline when there is one); the rules that failed; the
flips; the findings in a collapsed section, each quoting the figure or citation at fault; the
trend of the ``all`` slice over stored versions as a Mermaid ``xychart-beta``.

Text that comes from answers or inputs is escaped: table pipes, backticks, HTML, markdown
emphasis and links, and ``@mentions`` (a zero-width joiner after ``@`` keeps GitHub from
notifying anyone), so nothing in an answer is live. The body is kept under a size limit by
cutting findings first, saying how many were cut and where the whole report is.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from gate.limits import COMMENT_LIMIT
from gate.measures import MEASURE_BY_NAME, Finding
from gate.render import printable
from gate.render.json_report import comparison_to_dict
from gate.report import Report
from gate.verdict import FAIL, WARN

#: The hidden marker that finds the sticky comment again.
MARKER = "<!-- answer-gate -->"
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "&#124;", "`": "&#96;", "\\": "&#92;",
            "*": "&#42;", "_": "&#95;", "[": "&#91;", "]": "&#93;", "~": "&#126;", "#": "&#35;"}
_ESCAPE_RE = re.compile(r"[&<>|`\\*_\[\]~#]")
_MENTION_RE = re.compile(r"@(?=[A-Za-z0-9])")
_STATUS_ICON = {FAIL: "❌", WARN: "⚠️"}


def escape(text: str) -> str:
    """Make untrusted text inert inside markdown and table cells.

    Newlines become spaces (a table row is one line); markdown and HTML special characters
    become character references; ``@name`` gets a zero-width joiner so it mentions nobody.
    """
    text = printable(" ".join(str(text).split()))
    text = _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(0)], text)
    text = text.replace("://", "&#58;//").replace("www.", "www&#46;")  # no autolinks
    return _MENTION_RE.sub("@\u2060", text)


def _code(text: str) -> str:
    """Untrusted text shown as code: an HTML code element around escaped text (a markdown
    code span would still let a pipe split a table cell)."""
    return f"<code>{escape(text)}</code>"


def _verdict_line(report: Report) -> str:
    v = report.verdict
    if v.passed:
        head = f"### ✅ answer-gate passed: {v.checked} rules checked"
        if v.warned:
            head += f", {v.warned} warning{'s' if v.warned != 1 else ''}"
    else:
        head = f"### ❌ answer-gate failed: {v.failed} of {v.checked} rules failed"
        if v.warned:
            head += f", {v.warned} warning{'s' if v.warned != 1 else ''}"
    if v.skipped:
        head += f"; {v.skipped} skipped (nothing to count in the slice)"
    return head


def _context_line(report: Report) -> str:
    parts = []
    version = f" {escape(report.run.version)}" if report.run.version else ""
    parts.append(f"Assistant{version} ({report.answers} answers)")
    qs = report.question_set
    if qs.path == report.run.path:
        parts.append("expectations inline (merged form)")
    else:
        parts.append(f"question set {escape(qs.version) if qs.version else escape(qs.path)} ({report.questions} questions)")
    comparison = _comparison(report)
    if comparison is not None and comparison.get("baseline_version"):
        parts.append(f"compared with baseline {escape(comparison['baseline_version'])}")
    elif comparison is None:
        parts.append("no baseline compared")
    return " · ".join(parts)


def _comparison(report: Report) -> dict[str, Any] | None:
    """The comparison as the JSON report holds it (:func:`gate.render.json_report.comparison_to_dict`)."""
    return None if report.comparison is None else comparison_to_dict(report.comparison)


def _deltas(report: Report) -> dict[tuple[str, str], str]:
    """Change against the baseline per cell, as prepared by the comparison (display only)."""
    comparison = _comparison(report)
    out: dict[tuple[str, str], str] = {}
    if not comparison:
        return out
    for cell in comparison.get("cells", []):
        shown = cell.get("delta_display")
        if shown and cell.get("delta"):
            out[(cell["slice"], cell["measure"])] = shown
    return out


def scores_table(report: Report) -> list[str]:
    """The slices-by-measures table in GitHub markdown."""
    deltas = _deltas(report)
    header = "| slice | " + " | ".join(m.label for m in report.measures) + " |"
    align = "| --- | " + " | ".join("---:" for _ in report.measures) + " |"
    rows = [header, align]
    for s in report.slices:
        cells = []
        for m in report.measures:
            cell = report.cell(s, m.name)
            text = cell.text
            icon = _STATUS_ICON.get(cell.status or "")
            if icon:
                text = f"{icon} {text}"
            delta = deltas.get((s, m.name))
            if delta:
                text += f" ({delta})"
            cells.append(text)
        rows.append(f"| {escape(s)} | " + " | ".join(cells) + " |")
    return rows


def _rules_section(report: Report) -> list[str]:
    lines: list[str] = []
    for status, title in ((FAIL, "Rules failed"), (WARN, "Warnings")):
        items = report.rules_with(status)
        if not items:
            continue
        lines += ["", f"**{title} ({len(items)})**", ""]
        lines += [f"- {_STATUS_ICON[status]} {escape(text)}" for _, text in items]
    return lines


def _flips_section(report: Report) -> list[str]:
    comparison = _comparison(report)
    if not comparison:
        return []
    rows = [c for c in comparison.get("cells", []) if c.get("broken") or c.get("fixed")]
    lines = ["", f"**Flips against baseline {escape(comparison.get('baseline_version') or '')}**", ""]
    for note in comparison.get("differences", []):
        lines.append(f"- {escape(note)}")
    if not rows:
        lines.append("No question changed outcome.")
        return lines
    if comparison.get("differences"):
        lines.append("")
    lines += ["| slice | measure | baseline | now | change | broken | fixed | p |", "| --- | --- | ---: | ---: | ---: | --- | --- | ---: |"]
    for c in rows:
        label = MEASURE_BY_NAME[c["measure"]].label if c["measure"] in MEASURE_BY_NAME else c["measure"]
        broken = ", ".join(escape(q) for q in c.get("broken", [])) or "none"
        fixed = ", ".join(escape(q) for q in c.get("fixed", [])) or "none"
        lines.append(
            f"| {escape(c['slice'])} | {escape(label)} | {c.get('baseline_display', '-')} | {c.get('current_display', '-')} "
            f"| {c.get('delta_display', '-')} | {broken} | {fixed} | {c.get('p_display', '-')} |"
        )
    return lines


def _trend_section(report: Report) -> list[str]:
    comparison = _comparison(report)
    if comparison is None:
        return []
    history = [h for h in comparison.get("history") or [] if h.get("version") != report.run.version]
    now = {m.name: (float(report.cell("all", m.name).rate) if report.cell("all", m.name).rate is not None else None) for m in report.measures}
    history.append({"version": report.run.version or "this run", "rates": now})
    versions = [h["version"] for h in history]
    if len(versions) < 2:
        return []
    lines = ["", "<details><summary>Trend of the all slice over stored versions</summary>", ""]
    for measure in report.measures:
        points = [h["rates"].get(measure.name) for h in history]
        if all(p is None for p in points):
            continue
        values = ", ".join("0" if p is None else f"{p:.4f}".rstrip("0").rstrip(".") for p in points)
        axis = ", ".join(f'"{_mermaid_label(v)}"' for v in versions)
        lines += [
            "```mermaid",
            "xychart-beta",
            f'    title "{measure.label}"',
            f"    x-axis [{axis}]",
            '    y-axis "rate" 0 --> 1',
            f"    line [{values}]",
            "```",
        ]
    lines += ["", "</details>"]
    return lines


def _mermaid_label(text: str) -> str:
    return re.sub(r'[^0-9A-Za-z.+_-]', "", str(text))[:20] or "?"


def finding_line(f: Finding) -> str:
    """One finding as a table row, quoting the figure or citation at fault."""
    at_fault = _code(f.figure.text) if f.figure is not None else (_code(f.cited_id) if f.cited_id else "")
    label = MEASURE_BY_NAME[f.measure].label if f.measure in MEASURE_BY_NAME else f.measure
    return f"| {escape(f.question_id)} | {escape(f.language)} | {escape(label)} | {escape(f.code)} | {at_fault} | {escape(f.message)} |"


def _findings_section(findings: Iterable[Finding], cut: int, where: str | None) -> list[str]:
    findings = list(findings)
    total = len(findings) + cut
    lines = ["", f"<details><summary>Findings ({total})</summary>", ""]
    if findings:
        lines += ["| question | language | measure | reason | at fault | detail |", "| --- | --- | --- | --- | --- | --- |"]
        lines += [finding_line(f) for f in findings]
    elif not cut:
        lines.append("No finding.")
    if cut:
        tail = f" The whole report is in {where}." if where else ""
        lines += ["", f"{cut} more finding{'s' if cut != 1 else ''} cut to keep this comment under GitHub's size limit.{tail}"]
    lines += ["", "</details>"]
    return lines


def _rubric_section(report: Report) -> list[str]:
    """Who judged the rubric, graders' kappa, disagreements (only with judgements)."""
    from gate.render.rubric import rubric_lines

    lines = rubric_lines(report)
    if not lines:
        return []
    return ["", f"**{escape(lines[0])}**", ""] + [f"- {escape(line.strip().lstrip('- '))}" for line in lines[1:]]


def _notices_section(report: Report) -> list[str]:
    if not report.notices:
        return []
    lines = ["", f"<details><summary>Notices ({len(report.notices)})</summary>", ""]
    lines += [f"- {escape(n)}" for n in report.notices]
    return lines + ["", "</details>"]


def render_markdown(report: Report, limit: int = COMMENT_LIMIT, full_report: str | None = None) -> str:
    """The markdown report, at most ``limit`` characters.

    Args:
        report: the finished Report.
        limit: the largest body allowed, in characters (GitHub comments: 65,536; the job
            summary allows 1 MiB).
        full_report: where the whole report can be read when findings are cut (a link or a
            file name), said in the body.

    Returns:
        The body, starting with the hidden marker, ending with a newline.

    Raises:
        ValueError: the body does not fit even with every finding cut (a limit far too small).
    """
    head = [MARKER, _verdict_line(report), "", _context_line(report), "", *scores_table(report)]
    head += _rules_section(report) + _flips_section(report) + _rubric_section(report)
    tail = _trend_section(report) + _notices_section(report)
    findings = list(report.findings)

    def body(shown: int) -> str:
        section = _findings_section(findings[:shown], len(findings) - shown, full_report)
        return "\n".join(head + section + tail) + "\n"

    text = body(len(findings))
    if len(text) <= limit:
        return text
    # Cut findings: find the largest number that fits (the length grows with the count).
    low, high = 0, len(findings)
    while low < high:
        middle = (low + high + 1) // 2
        if len(body(middle)) <= limit:
            low = middle
        else:
            high = middle - 1
    text = body(low)
    if len(text) > limit:
        raise ValueError(f"the markdown report needs {len(text)} characters even without findings; the limit is {limit}")
    return text
