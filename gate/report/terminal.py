"""The terminal report, drawn with rich, in the order of the PR comment.

The verdict and why in words, then the run in one line; what got worse against the
baseline, question by question, and whether it is beyond noise; the scores table
(measures as rows grouped by family, slices as columns, ``rate (n)`` with the change
against the baseline); then every rule with its ``file:line``, the other findings, the
notices, how the comparison was made and the trend. The same digest as the markdown
report (:mod:`gate.report.digest`), so the two never disagree.

Colour only where the console has it: rich leaves it out when the output is not a terminal
or ``NO_COLOR`` is set, and the marks (``✗`` fail, ``!`` warn) say the same in plain text.
"""

from __future__ import annotations

import io
import textwrap

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gate.model.scores import ALL
from gate.report import digest
from gate.report.model import Report
from gate.report.named import broken_groups
from gate.report.renderers import RenderOptions
from gate.report.repeated import repeats_lines
from gate.report.text import printable
from gate.rules.comparison import Comparison
from gate.rules.verdict import FAIL, PASS, SKIP, WARN

_MARK = {FAIL: (" ✗", "bold red"), WARN: (" !", "yellow"), digest.OLD: (" ○", "dim")}
_STATUS = {FAIL: ("✗", "bold red"), WARN: ("!", "yellow"), PASS: ("✓", ""), SKIP: ("-", "")}
#: The quieter mark of a rule that breaks as it did on the baseline.
_OLD = ("○", "dim")


def _line(console: Console, text: str, style: str = "") -> None:
    console.print(Text(printable(text), style=style), highlight=False)


def _hanging(console: Console, text: str) -> None:
    """A line wrapped at the console's width, its continuation lines indented two columns
    past its own indent (under a list item's first word: ``    - series`` continues at
    column 6)."""
    text = printable(text)
    body = text.lstrip(" ")
    indent = len(text) - len(body) + 2
    wrapped = textwrap.wrap(text, width=max(console.width, 40), subsequent_indent=" " * indent,
                            break_long_words=False, break_on_hyphens=False, drop_whitespace=True)
    for part in wrapped or [""]:
        console.print(Text(part), highlight=False, overflow="ignore", crop=False, no_wrap=True)


def _columns(cells: tuple[str, ...], widths: tuple[int, ...]) -> str:
    """Cells padded to their column's width, two spaces apart; the last one free."""
    padded = [c.ljust(w) for c, w in zip(cells, widths) if w] + list(cells[len(widths):])
    return ("  " + "  ".join(padded)).rstrip()


def _heading(console: Console, text: str) -> None:
    console.print()
    _line(console, text, "bold")


def _verdict(report: Report, console: Console) -> None:
    v = report.verdict
    if v.undecided:
        _line(console, f"FAILED: {digest.undecided_words(v)}, so the gate cannot pass: {v.undecided}", "bold red")
    elif v.loosened and not v.failed:
        _line(console, f"FAILED: {v.loosened} rule(s) loosened against the base branch (fail_on_loosened); "
              f"{v.checked} rules checked, none failed", "bold red")
    else:
        head = digest.headline(report)
        style = "bold red" if not head.passed else ("bold yellow" if v.warned else "bold green")
        _line(console, f"answer-gate {head.text}", style)
    run = report.run
    parts = [f"run {run.path}" + (f" (assistant {run.version}, {digest.plural(report.answers, 'answer')})" if run.version
                                  else f" ({digest.plural(report.answers, 'answer')})")]
    qs = report.question_set
    if qs.path == run.path:
        parts.append("expectations inline (merged form)")
    else:
        parts.append(f"question set {qs.path} ({(qs.version + ', ') if qs.version else ''}{digest.plural(report.questions, 'question')})")
    comparison = report.comparison
    if comparison is not None and hasattr(comparison, "baseline_path"):
        parts.append(f"baseline {comparison.baseline_version} ({comparison.baseline_path})")
    else:
        parts.append(digest.baseline_words(report))
    parts.append(digest.rule_counts(report))
    parts.append(f"answer-gate {report.tool_version}")
    _line(console, " · ".join(parts))
    _loosened(report, console)


def _loosened(report: Report, console: Console) -> None:
    """What the pull request loosened against the base branch, right under the verdict."""
    if not report.loosened:
        return
    tail = "; fail_on_loosened is set, so the gate fails" if report.verdict.loosened else ""
    _heading(console, f"Loosened against the base branch ({len(report.loosened)}){tail}:")
    for item in report.loosened:
        _line(console, f"  - {item.text}")


def _lead(report: Report, lead: digest.Lead | None, console: Console) -> None:
    if lead is None:
        return
    _heading(console, digest.lead_heading(lead))
    if lead.empty:
        fixed = f" {digest.plural(len(lead.fixed), 'question')} fixed." if lead.fixed else ""
        _line(console, f"  {lead.empty}{fixed}")
        return
    whos = [f"{row.question_id}" + (f" [{row.language}]" if row.language else "") if row.first else "" for row in lead.rows]
    widths = (max(map(len, whos)), max(len(row.measure) for row in lead.rows), max(len(row.says or "") for row in lead.rows))
    for who, row in zip(whos, lead.rows):
        evidence = row.evidence or "(no finding recorded for this measure)"
        _line(console, _columns((who, row.measure, row.says or "", evidence), widths))
    if lead.questions > lead.shown:
        _line(console, f"  and {digest.plural(lead.questions - lead.shown, 'more question')}; their findings are under Other findings below")


def _named(report: Report, lead: digest.Lead | None, console: Console) -> None:
    """Every question that broke, by slice and measure, under the table (when "what got worse"
    does not show them all); never cut by the findings cap."""
    if lead is None:
        return
    groups = broken_groups(report, shown=(row.question_id for row in lead.rows))
    if groups:
        _heading(console, "Every question that broke, by slice and measure:")
        for group in groups:
            _hanging(console, f"  {group.text}")


def _noise(report: Report, console: Console) -> None:
    said = digest.noise(report)
    if said is None:
        return
    _heading(console, f"{said.lead} ({said.method}):")
    for line in said.lines:
        _line(console, f"  {line}")


def scores_table(report: Report) -> Table:
    """The measures-by-slices table, grouped by family."""
    view = digest.scores_table(report)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("measure", no_wrap=True)
    for s in view.slices:
        table.add_column(printable(digest.slice_heading(s)), justify="right", no_wrap=True)
    headed = len(view.groups) > 1 or any(g.family != "automatic" for g in view.groups)
    for group in view.groups:
        if headed:
            table.add_row(Text(printable(group.heading), style="bold"), *[""] * len(view.slices))
        for row in group.rows:
            cells: list[Text | str] = [Text(printable(("  " if headed else "") + row.label))]
            for c in row.cells:
                mark, style = _MARK.get(c.mark or "", ("", ""))
                text = c.text if c.change is None else f"{c.text} {c.change}"
                cells.append(Text(printable(text) + mark, style=style))
            table.add_row(*cells)
    return table


def _scores(report: Report, console: Console) -> None:
    view = digest.scores_table(report)
    old = f", ○ fails as on {report.comparison.baseline_version}" if report.comparison is not None else ""
    legend = f"Scores: {view.legend}; ✗ a rule {'newly ' if old else ''}failed, ! a rule warned{old}"
    if view.left_out:
        legend += f"; not counted in this run: {', '.join(view.left_out)}"
    _heading(console, legend)
    table = scores_table(report)
    natural = console.measure(table, options=console.options.update_width(10_000)).maximum
    narrow = console.width
    console.width = max(narrow, natural)  # wider than the console rather than a word cut
    console.print(table, crop=False)
    console.width = narrow
    rules = [(row.label, row.rules) for group in view.groups for row in group.rows if row.rules]
    if rules:
        _line(console, "  Rules:")
        for label, refs in rules:
            _hanging(console, f"    {label}: " + "; ".join(f"{r.text} ({r.source})" for r in refs))


def _rules(report: Report, console: Console) -> None:
    rows = digest.rule_rows(report)
    if not rows:
        return
    _heading(console, f"Every rule, with its line of {report.thresholds} ({len(rows):,}):")
    cells = [(r.slice, r.measure, r.rule, r.value, r.source) for r in rows]
    widths = tuple(max(len(c[i]) for c in cells) for i in range(5))
    for r, row in zip(rows, cells):
        mark, style = _STATUS.get(r.status, ("?", "")) if r.new else _OLD
        text = _columns((mark,) + row[:3] + (row[3].rjust(widths[3]), row[4], r.why), (1,) + widths)
        _line(console, text, style if r.status in (FAIL, WARN) else "")


#: Findings the terminal prints at most; the rest are counted by code, and the JSON report
#: lists them (up to ``check --max-findings``).
TERMINAL_FINDINGS = 25


def _findings(report: Report, lead: digest.Lead | None, console: Console) -> None:
    rest = digest.other_findings(report, lead)
    above = len(lead.shown_findings) if lead is not None else 0
    left_out = digest.not_listed_by_code(report)
    total = len(rest) + sum(left_out.values())
    if not total:
        return
    title = f"Other findings ({total:,}; {above:,} shown above):" if above else f"Findings ({total:,}):"
    _heading(console, title)
    told = dict(lead.look_first) if lead is not None else {}
    shown = rest[:TERMINAL_FINDINGS]
    for f, text in zip(shown, digest.finding_texts(shown, told)):
        at_fault = f" at {f.figure.text!r}" if f.figure is not None else (f" at {f.cited_id}" if f.cited_id else "")
        _line(console, f"  {f.question_id} [{f.language}] {f.measure} {f.code}{at_fault}: {text}")
    for f in rest[TERMINAL_FINDINGS:]:
        left_out[f.code] = left_out.get(f.code, 0) + 1
    if left_out:
        more = total - min(len(rest), TERMINAL_FINDINGS)
        by_code = ", ".join(f"{code} {n:,}" for code, n in sorted(left_out.items(), key=lambda item: (-item[1], item[0])))
        unlisted = sum(n for _, _, s, n in report.findings_not_listed if s == ALL)
        where = ("every one is in the JSON report (--json PATH)" if not unlisted else
                 f"the JSON report (--json PATH) lists {len(report.findings):,} and counts the others by code and language; "
                 "--max-findings all lists every one")
        _line(console, f"  ... and {more:,} more ({by_code}); {where}")


def _rubric(report: Report, console: Console) -> None:
    """The rubric section (only with judgements): who judged, graders' kappa, disagreements."""
    if report.rubric is None:
        return  # no judgements: no section (and its module is not imported)
    from gate.report.rubric import rubric_lines

    lines = rubric_lines(report)
    if lines:
        console.print()
        for line in lines:
            _hanging(console, line)


def _notices(report: Report, console: Console) -> None:
    items = digest.notices(report)
    if not items:
        return
    _heading(console, f"Notices ({len(items):,}):")
    for n in items:
        _line(console, f"  - {n}")


def _comparison(report: Report, console: Console) -> None:
    notes = digest.comparison_notes(report)
    if not notes:
        return
    if report.comparison is None:
        return
    _heading(console, f"How this run was compared with {report.comparison.baseline_version}:")
    for n in notes:
        _line(console, f"  {n}")


def _trend(report: Report, console: Console) -> None:
    trend = digest.trend(report)
    if trend is None:
        return
    _heading(console, f"Trend of the measures that moved, all slice ({' → '.join(trend.versions)}):")
    for s in trend.series:
        _line(console, f"  {s.label}: {' → '.join(s.shown)}")
    if trend.unknown:
        _line(console, f"  moved, not stored for every version: {', '.join(trend.unknown)}")


def comparison_lines(comparison: Comparison) -> list[str]:
    """The comparison with the baseline cell by cell, in a few readable lines (for logs and
    :meth:`gate.rules.comparison.Comparison.terminal_lines`; the report itself says the same
    once, in its what-got-worse, noise and table sections).

    The baseline, what differs, then each compared cell that moved (``numeric accuracy
    all: 1.00 -> 0.83 (-0.17), broken a03, fixed none, p=0.5``), marked like the table
    (``✗`` fail, ``!`` warn), then a count of the cells that did not move and how to read
    the numbers.
    """
    said = digest.compared(comparison)
    lines = [f"Regression against assistant {said.version} ({said.path}): "
             f"{said.questions} common question(s), the baseline log re-scored with today's set and matching settings"]
    if said.differs:
        lines += [f"  differs: {text}" for text in said.differs]
    else:
        lines.append(f"  same set version ({said.set_version or 'unversioned'}), same questions, same matching settings")
    for c in said.moved:
        mark = _MARK.get(c.status or "", ("", ""))[0]
        lines.append(f"  {c.label} {c.slice}: {c.before} -> {c.after} ({c.change}), broken {c.broken}, fixed {c.fixed}, p={c.p}{mark}")
    if said.quiet:
        lines.append(f"  {said.quiet} other compared cell(s): no flip, no change")
    lines.append(f"  (change in rate points on the common questions; p: one-sided exact McNemar test on the flips, "
                 f"alpha {said.alpha}; below n={said.min_n} a direction only)")
    return lines


def render_terminal(report: Report, console: Console) -> None:
    """Print the whole report to a rich console, in the order of the PR comment."""
    lead = digest.got_worse(report)
    _verdict(report, console)
    _lead(report, lead, console)
    _noise(report, console)
    _scores(report, console)
    for text in repeats_lines(report):
        _line(console, text)
    _named(report, lead, console)
    _rules(report, console)
    _findings(report, lead, console)
    _rubric(report, console)
    _notices(report, console)
    _comparison(report, console)
    _trend(report, console)


#: The width of a terminal report that is not shown on a terminal (a CI log, a file): generous,
#: since a log viewer scrolls sideways rather than wrap.
DEFAULT_WIDTH = 200


def render(report: Report, options: RenderOptions) -> str:
    """The terminal report as text (:mod:`gate.report.renderers`): ``options.width`` columns
    (:data:`DEFAULT_WIDTH` when None), with colour only when ``options.color``."""
    out = io.StringIO()
    console = Console(file=out, width=options.width or DEFAULT_WIDTH, force_terminal=options.color,
                      color_system="standard" if options.color else None, highlight=False, soft_wrap=True)
    render_terminal(report, console)
    return out.getvalue()
