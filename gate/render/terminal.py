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

from gate.comparison import Comparison, ids_text
from gate.measures import MEASURES
from gate.render import printable
from gate.report import Report
from gate.verdict import FAIL, WARN, Verdict

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


def comparison_lines(comparison: Comparison) -> list[str]:
    """The comparison with the baseline in a few readable lines.

    The baseline, what differs, then each compared cell that moved (``numeric accuracy
    all: 1.00 -> 0.83 (-0.17), broken a03, fixed none, p=0.5``), marked like the table
    (``✗`` fail, ``!`` warn), then a count of the cells that did not move and how to read
    the numbers.
    """
    d = comparison.differences
    lines = [f"Regression against assistant {comparison.baseline_version} ({comparison.baseline_path}): "
             f"{d.compared} common question(s), the baseline log re-scored with today's set and matching settings"]
    differs = comparison.difference_lines()
    if differs:
        lines += [f"  differs: {text}" for text in differs]
    else:
        lines.append(f"  same set version ({d.set_version or 'unversioned'}), same questions, same matching settings")
    label = {m.name: m.label for m in MEASURES}
    quiet = 0
    for c in comparison.cells:
        if not c.changed:
            quiet += 1
            continue
        before, after, change = c.shown
        mark = _MARK.get(c.status or "", ("", ""))[0]
        lines.append(f"  {label[c.measure]} {c.slice}: {before} -> {after} ({change}), "
                     f"broken {ids_text(c.broken)}, fixed {ids_text(c.fixed)}, p={comparison.p_text(c)}{mark}")
    if quiet:
        lines.append(f"  {quiet} other compared cell(s): no flip, no change")
    lines.append(f"  (change in rate points on the common questions; p: one-sided exact McNemar test on the flips, "
                 f"alpha {comparison.alpha_text()}; below n={comparison.min_n} a direction only)")
    return lines


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

    if report.comparison is not None:
        console.print()
        for line in comparison_lines(report.comparison):
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

    _rubric(report, console)

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


def _skipped(v: Verdict) -> str:
    """The rules not checked, said so that the counts add up to the report's rules."""
    return f"; {v.skipped} skipped (nothing to count in the slice)" if v.skipped else ""


def _rubric(report: Report, console: Console) -> None:
    """The rubric section (only with judgements): who judged, graders' kappa, disagreements."""
    from gate.render.rubric import rubric_lines

    lines = rubric_lines(report)
    if lines:
        console.print()
        for line in lines:
            console.print(Text(printable(line)), highlight=False)
