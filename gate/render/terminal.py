"""The terminal report, drawn with rich.

One table (slices as rows, measures as columns, ``rate (n=...)``, failing cells marked),
then the rules that failed, the warnings, the findings and the notices, then the verdict.
Colour only where the console has it: rich leaves it out when the output is not a terminal
or ``NO_COLOR`` is set, and the marks (``✗`` fail, ``!`` warn) say the same in plain text.
"""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gate.render import printable
from gate.report import Report
from gate.verdict import FAIL, WARN

_MARK = {FAIL: (" ✗", "bold red"), WARN: (" !", "yellow")}


def scores_table(report: Report) -> Table:
    """The slices-by-measures table."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("slice", no_wrap=True)
    for m in report.measures:
        table.add_column(m.label, justify="right", overflow="fold", min_width=12)
    for slice_name in report.slices:
        row: list[Text | str] = [Text(printable(slice_name))]
        for m in report.measures:
            cell = report.cell(slice_name, m.name)
            mark, style = _MARK.get(cell.status or "", ("", ""))
            row.append(Text(cell.text + mark, style=style))
        table.add_row(*row)
    return table


def render_terminal(report: Report, console: Console) -> None:
    """Print the whole report to a rich console."""
    run = report.run
    head = f"answer-gate {report.tool_version}: run {run.path}"
    if run.version:
        head += f" (assistant {run.version})"
    head += f", question set {report.question_set.path}"
    if report.question_set.version:
        head += f" ({report.question_set.version})"
    head += f", {report.answers} answers to {report.questions} questions"
    console.print(Text(printable(head)), highlight=False)
    console.print()
    console.print(scores_table(report))

    failed = report.rules_with(FAIL)
    warned = report.rules_with(WARN)
    if failed:
        console.print()
        console.print(Text(f"Rules failed ({len(failed)}):", style="bold red"))
        for _, text in failed:
            console.print(Text(f"  ✗ {printable(text)}"), highlight=False)
    if warned:
        console.print()
        console.print(Text(f"Warnings ({len(warned)}):", style="yellow"))
        for _, text in warned:
            console.print(Text(f"  ! {printable(text)}"), highlight=False)

    comparison_lines = getattr(report.comparison, "terminal_lines", None)
    if report.comparison is not None and callable(comparison_lines):
        console.print()
        for line in comparison_lines():
            console.print(Text(printable(line)), highlight=False)

    console.print()
    console.print(Text(f"Findings ({len(report.findings)}):", style="bold"))
    if not report.findings:
        console.print("  none", highlight=False)
    for f in report.findings:
        console.print(Text(printable(f"  {f.question_id} [{f.language}] {f.measure} {f.code}: {f.message}")), highlight=False)
    left_out = [(code, n) for code, s, n in report.findings_not_listed if s == "all"]
    if left_out:
        total = sum(n for _, n in left_out)
        by_code = ", ".join(f"{code} {n}" for code, n in left_out)
        console.print(Text(f"  ... and {total} more findings not listed ({by_code}; per language in the JSON report)"), highlight=False)

    if report.notices:
        console.print()
        console.print(Text(f"Notices ({len(report.notices)}):", style="bold"))
        for n in report.notices:
            console.print(Text(printable(f"  - {n}")), highlight=False)

    console.print()
    v = report.verdict
    if v.passed:
        line = f"PASSED: {v.checked} rules checked"
        if v.warned:
            line += f", {v.warned} warning(s)"
        console.print(Text(line + _skipped(v), style="bold green"))
    else:
        line = f"FAILED: {v.failed} of {v.checked} rules failed" + (f", {v.warned} warning(s)" if v.warned else "")
        console.print(Text(line + _skipped(v), style="bold red"))


def _skipped(v) -> str:
    """The rules not checked, said so that the counts add up to the report's rules."""
    return f"; {v.skipped} skipped (nothing to count in the slice)" if v.skipped else ""
