"""The markdown report: the PR comment, the job summary, and ``--markdown`` for other CIs.

Written for a reviewer who reads it in thirty seconds, in the order of their questions
(see :mod:`gate.report.digest`): the verdict and why in words; what got worse against the
baseline, question by question, with the figure or citation at fault and what the evidence
says, and whether that is beyond noise; the scores table (measures as rows grouped by
family, slices as columns); then, collapsed, every rule checked (each with a link to its
line of thresholds.yaml), the other findings, the notices, how the comparison was made and
the trend over stored versions as one Mermaid ``xychart-beta``. Nothing is said twice.

Text that comes from answers or inputs is escaped: table pipes, backticks, HTML, markdown
emphasis and links, and ``@mentions`` (a zero-width joiner after ``@`` keeps GitHub from
notifying anyone), so nothing in an answer is live. The body is kept under a size limit by
cutting findings first, saying how many were cut and where the whole report is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from gate.core.limits import COMMENT_LIMIT
from gate.model.outcomes import Finding
from gate.report import digest
from gate.report.model import Report
from gate.report.named import broken_groups
from gate.report.renderers import RenderOptions
from gate.report.repeated import repeats_lines
from gate.report.text import printable
from gate.rules.verdict import FAIL, PASS, SKIP, WARN

#: The hidden marker that finds the sticky comment again.
MARKER = "<!-- answer-gate -->"
__all__ = ["COMMENT_LIMIT", "MARKER", "escape", "finding_line", "mermaid_trend", "render_markdown", "scores_table"]
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "&#124;", "`": "&#96;", "\\": "&#92;",
            "*": "&#42;", "_": "&#95;", "[": "&#91;", "]": "&#93;", "~": "&#126;", "#": "&#35;"}
_ESCAPE_RE = re.compile(r"[&<>|`\\*_\[\]~#]")
_MENTION_RE = re.compile(r"@(?=[A-Za-z0-9])")
_STATUS_ICON = {FAIL: "❌", WARN: "⚠️", PASS: "✅", SKIP: "➖", digest.OLD: "○"}
#: Line colours of the trend chart, each with the coloured square that names it in the legend.
PALETTE = (("#2f81f7", "🟦"), ("#f0883e", "🟧"), ("#2da44e", "🟩"), ("#cf222e", "🟥"),
           ("#8250df", "🟪"), ("#9a6700", "🟫"), ("#d4a72c", "🟨"), ("#57606a", "⬛"))


#: The longest untrusted text shown whole (an answer, a message), and the longest id or
#: version; longer ones are cut, saying how much, so that any report fits a comment.
MAX_TEXT = 1000
MAX_NAME = 100

#: The detail of a finding when ``comment: {evidence: false}``: no text from answers or passages.
EVIDENCE_HIDDEN = "(detail hidden: comment.evidence is false)"


def cut(text: str, limit: int = MAX_TEXT) -> str:
    """Text cut to ``limit`` characters, saying how many were cut."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit:,} characters cut)"


def escape(text: str, limit: int = MAX_TEXT) -> str:
    """Make untrusted text inert inside markdown and table cells.

    Newlines become spaces (a table row is one line); markdown and HTML special characters
    become character references; ``@name`` gets a zero-width joiner so it mentions nobody.
    Text longer than ``limit`` characters is cut, saying how much.
    """
    text = printable(" ".join(cut(text, limit).split()))
    text = _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(0)], text)
    text = text.replace("://", "&#58;//").replace("www.", "www&#46;")  # no autolinks
    return _MENTION_RE.sub("@\u2060", text)


def _code(text: str) -> str:
    """Untrusted text shown as code: an HTML code element around escaped text (a markdown
    code span would still let a pipe split a table cell)."""
    return f"<code>{escape(text, MAX_NAME)}</code>"


def _link(text: str, url: str | None) -> str:
    """Escaped text, linked when there is an address (built by the command line, never from
    an answer)."""
    return f"[{escape(text)}]({url})" if url else escape(text)


# --------------------------------------------------------------------------------------
# The sections, in reading order
# --------------------------------------------------------------------------------------


def _verdict_line(report: Report) -> str:
    v = report.verdict
    if v.undecided:
        return f"### ❌ answer-gate failed: {digest.undecided_words(v)}, so the gate cannot pass: {escape(v.undecided)}"
    if v.loosened and not v.failed:
        return (f"### ❌ answer-gate failed: {digest.plural(v.loosened, 'rule')} loosened against the base branch; "
                f"{v.checked} rules checked, none failed")
    head = digest.headline(report)
    icon = "✅" if head.passed else "❌"
    if head.passed and report.verdict.warned:
        icon = "⚠️"
    return f"### {icon} answer-gate {escape(head.text)}"


def _context_line(report: Report) -> str:
    version = f" {escape(report.run.version, MAX_NAME)}" if report.run.version else ""
    parts = [f"Assistant{version} ({digest.plural(report.answers, 'answer')})"]
    qs = report.question_set
    if qs.path == report.run.path:
        parts.append("expectations inline (merged form)")
    else:
        parts.append(f"question set {escape(qs.version, MAX_NAME) if qs.version else escape(qs.path, MAX_NAME)} ({digest.plural(report.questions, 'question')})")
    parts.append(escape(digest.baseline_words(report)))
    parts.append(escape(digest.rule_counts(report)))
    return " · ".join(parts)


def _lead_section(report: Report, lead: digest.Lead | None) -> list[str]:
    if lead is None:
        return []
    lines = ["", f"#### {escape(digest.lead_heading(lead))}", ""]
    if lead.empty:
        fixed = f" {digest.plural(len(lead.fixed), 'question')} fixed." if lead.fixed else ""
        return lines + [escape(lead.empty) + escape(fixed)]
    for row in lead.rows:
        if row.first:
            language = f" · {escape(row.language)}" if row.language else ""
            lines.append(f"- **{escape(row.question_id, MAX_NAME)}**{language}")
        says = f"{_code(row.says)} — " if row.says else ""
        evidence = escape(row.evidence) if row.evidence else "(no finding recorded for this measure)"
        if not report.evidence:
            says, evidence = (f"{_code(row.says)} — " if row.says else ""), EVIDENCE_HIDDEN
        lines.append(f"  - {escape(row.measure)}: {says}{evidence}")
    if lead.questions > lead.shown:
        lines += ["", f"And {digest.plural(lead.questions - lead.shown, 'more question')}; their findings are under Other findings below."]
    return lines


def _named_section(report: Report, lead: digest.Lead | None) -> list[str]:
    """Every question that broke, by slice and measure, under the table and never folded (when
    "what got worse" does not show them all)."""
    if lead is None:
        return []
    groups = broken_groups(report, shown=(row.question_id for row in lead.rows))
    if not groups:
        return []
    lines = ["", "#### Every question that broke, by slice and measure", ""]
    return lines + [f"- {'**' + escape(g.slice) + ', ' + escape(g.measure) + '**' if g.rule_broke else escape(g.slice) + ', ' + escape(g.measure)}"
                    f" ({len(g.ids) + g.more:,}): " + (", ".join(escape(i, MAX_NAME) for i in g.ids) or "none named")
                    + (f" and {g.more:,} more (every one in the JSON report)" if g.more else "") for g in groups]


def _noise_section(report: Report) -> list[str]:
    said = digest.noise(report)
    if said is None:
        return []
    return ["", f"**{escape(said.lead)}** ({escape(said.method)}): " + "; ".join(escape(line) for line in said.lines) + "."]


#: Holds a cell on one line (a no-break space): ``❌ 0.83 (6) -0.17`` never wraps; the rules
#: column gives way instead (it breaks between rules).
NBSP = "\u00a0"


def _cell(cell: digest.TableCell) -> str:
    """``❌ 0.74`` over ``(14) -0.114`` (n and the change against the baseline) on a second
    line, so that nine slices fit a 900-pixel comment."""
    rate, _, n = cell.text.partition(" ")
    text = escape(rate)
    icon = _STATUS_ICON.get(cell.mark or "")
    if cell.mark and icon:
        text = f"{icon}{NBSP}{text}"
    below = NBSP.join(escape(part) for part in (n, cell.change or "") if part)
    return f"{text}<br>{below}" if below else text


def _rules_cell(refs: Iterable[digest.RuleRef]) -> str:
    """Each line's rules as a link (or text and ``file:line``), a rule never split over lines;
    the lines of one measure joined by ``;``."""
    parts = []
    for ref in refs:
        text = ", ".join(escape(item).replace(" ", NBSP) for item in ref.text.split(", "))
        parts.append(f"[{text}]({ref.url})" if ref.url else f"{text} ({escape(ref.source)})")
    return "; ".join(parts)


def scores_table(report: Report) -> list[str]:
    """The measures-by-slices table in GitHub markdown, with its legend."""
    table = digest.scores_table(report)
    heads = [escape(digest.slice_heading(s)) for s in table.slices]
    lines = ["", "#### Scores", "", "| measure | " + " | ".join(heads) + " |",
             "| --- | " + " | ".join("---:" for _ in heads) + " |"]
    for group in table.groups:
        if len(table.groups) > 1 or group.family != "automatic":
            lines.append(f"| **{escape(group.heading)}** |" + " |" * len(heads))
        for row in group.rows:
            lines.append(f"| {escape(row.label)} | " + " | ".join(_cell(c) for c in row.cells) + " |")
    old = f" · {_STATUS_ICON[digest.OLD]} fails as on {escape(report.comparison.baseline_version)}" if report.comparison is not None else ""
    legend = f"{escape(table.legend)} · ❌ a rule {'newly ' if old else ''}failed · ⚠️ a rule warned{old}"
    if table.left_out:
        legend += f" · not counted in this run: {escape(', '.join(table.left_out))}"
    rules = [f"{escape(row.label)}: {_rules_cell(row.rules)}" for group in table.groups for row in group.rows if row.rules]
    return lines + ["", f"<sub>{legend}</sub>"] + (["", "<sub>Rules:<br>" + "<br>".join(rules) + "</sub>"] if rules else [])


def _details(summary: str, body: list[str]) -> list[str]:
    return ["", f"<details><summary>{summary}</summary>", "", *body, "", "</details>"]


def _rules_section(report: Report) -> list[str]:
    rows = digest.rule_rows(report)
    if not rows:
        return []
    body = ["| | slice | measure | rule | value | line | why |", "| --- | --- | --- | --- | ---: | --- | --- |"]
    for r in rows:
        line = _link(r.source, r.url)
        cells = [escape(text).replace(" ", NBSP) for text in (r.slice, r.measure, r.rule, r.value)]
        icon = _STATUS_ICON.get(r.status if r.new else digest.OLD, "")
        body.append(f"| {icon} | " + " | ".join(cells) + f" | {line} | {escape(r.why)} |")
    return _details(f"Every rule, with its line of {escape(report.thresholds)} ({len(rows):,})", body)


def finding_line(f: Finding, report: Report | None = None, text: str | None = None) -> str:
    """One finding as a table row, quoting the figure or citation at fault; ``text`` is its
    sentence as told (:func:`gate.report.digest.finding_texts`), default its message."""
    said = digest.says(f)
    at_fault = _code(said) if said else ""
    label = digest.label_of(report, f.measure) if report is not None else f.measure
    detail = escape(f.message if text is None else text) if report is None or report.evidence else EVIDENCE_HIDDEN
    return f"| {escape(f.question_id, MAX_NAME)} | {escape(f.language)} | {escape(label)} | {escape(f.code)} | {at_fault} | {detail} |"


def _findings_section(report: Report, findings: list[Finding], above: int, cut: int, where: str | None,
                      told: dict[str, str] | None = None) -> list[str]:
    unlisted = digest.not_listed_by_code(report)
    total = len(findings) + cut + sum(unlisted.values())
    if not total:
        return []
    shown_above = f"; {above:,} shown above" if above else ""
    body: list[str] = []
    if findings:
        body += ["| question | language | measure | reason | at fault | detail |", "| --- | --- | --- | --- | --- | --- |"]
        body += [finding_line(f, report, text) for f, text in zip(findings, digest.finding_texts(findings, told or {}))]
    if cut:
        tail = f" The whole report is in {escape(where)}." if where else ""
        body += ["", f"{digest.plural(cut, 'more finding')} cut to keep this comment under GitHub's size limit.{tail}"]
    if unlisted:
        by_code = ", ".join(f"`{code}` {n:,}" for code, n in unlisted.items())
        body += ["", f"{digest.plural(sum(unlisted.values()), 'more finding')} not listed in this report (`--max-findings`), "
                 f"counted by reason: {by_code}."]
    title = "Findings" if not above else "Other findings"
    return _details(f"{title} ({total:,}{shown_above})", body)


def _rubric_section(report: Report) -> list[str]:
    """Who judged the rubric, graders' kappa, disagreements (only with judgements), folded."""
    from gate.report.rubric import rubric_lines

    lines = rubric_lines(report)
    if not lines:
        return []
    return _details(escape(lines[0]), [f"- {escape(line.strip().lstrip('- '))}" for line in lines[1:]])


def _repeats_section(report: Report) -> list[str]:
    """The flaky questions and pass^k of a run with repeated answers (nothing without)."""
    lines = repeats_lines(report)
    return ["", *(escape(text) for text in lines)] if lines else []


def _notices_section(report: Report) -> list[str]:
    items = digest.notices(report)
    if not items:
        return []
    return _details(f"Notices ({len(items):,})", [f"- {escape(n)}" for n in items])


def _comparison_section(report: Report) -> list[str]:
    notes = digest.comparison_notes(report)
    if not notes:
        return []
    comparison = report.comparison
    if comparison is None:
        return []
    return _details(f"How this run was compared with {escape(comparison.baseline_version)}", [f"- {escape(n)}" for n in notes])


def _mermaid_label(text: str) -> str:
    return re.sub(r'[^0-9A-Za-z.+_-]', "", str(text))[:20] or "?"


def _number(rate: Fraction | float) -> str:
    return f"{float(rate):.4f}".rstrip("0").rstrip(".")


def mermaid_trend(trend: digest.Trend) -> list[str]:
    """One ``xychart-beta`` with a line per measure that moved (at most as many as the
    palette has colours), in palette order."""
    drawn = trend.series[: len(PALETTE)]
    colours = ", ".join(colour for colour, _ in PALETTE[: len(drawn)])
    axis = ", ".join(f'"{_mermaid_label(v)}"' for v in trend.versions)
    top = max([1.0] + [float(r) for s in drawn for r in s.rates])
    lines = ["```mermaid", f'%%{{init: {{"themeVariables": {{"xyChart": {{"plotColorPalette": "{colours}"}}}}}}}}%%',
             "xychart-beta", f"    x-axis [{axis}]",
             f'    y-axis "rate" 0 --> {_number(top)}']
    lines += [f"    line [{', '.join(_number(r) for r in s.rates)}]" for s in drawn]
    return lines + ["```"]


def _trend_section(report: Report) -> list[str]:
    trend = digest.trend(report)
    if trend is None:
        return []
    body: list[str] = []
    if trend.series:
        body += mermaid_trend(trend)
        body.append("")
        for (_, square), s in zip(PALETTE, trend.series):
            body.append(f"- {square} {escape(s.label)}: {escape(' → '.join(s.shown))}")
        extra = trend.series[len(PALETTE):]
        if extra:
            body.append(f"- also moved, not drawn (the chart keeps {len(PALETTE)} lines): " + escape(", ".join(s.label for s in extra)))
    if trend.unknown:
        body.append(f"- moved, not drawn (not stored for every version): {escape(', '.join(trend.unknown))}")
    versions = " → ".join(trend.versions)
    return _details(f"Trend of the measures that moved, all slice ({escape(versions)})", body)


def loosened_section(report: Report) -> list[str]:
    """What the pull request loosened against the base branch, right under the verdict
    (empty when nothing was loosened or no base was given)."""
    if not report.loosened:
        return []
    failing = report.verdict.loosened
    icon, tail = ("❌", "; fail_on_loosened is set, so the gate fails") if failing else ("⚠️", "")
    lines = ["", f"**{icon} Loosened against the base branch ({len(report.loosened)}){tail}**", ""]
    lines += [f"- {escape(item.text)}" for item in report.loosened]
    return lines


def _misspelt_section(report: Report) -> list[str]:
    """The fields one edit from a known one, in the comment's first screen (what they hold is
    not read; their notices come at the end)."""
    return [f"> ⚠️ **warning**: {escape(line)}" for line in digest.misspelt(report)]


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

    A body that does not fit even with every finding cut is folded (:func:`_folded`): it
    never fails to be written.
    """
    lead = digest.got_worse(report)
    head = [MARKER, _verdict_line(report), *loosened_section(report), "", _context_line(report), *_misspelt_section(report)]
    head += _lead_section(report, lead) + _noise_section(report) + scores_table(report) + _repeats_section(report) + _named_section(report, lead)
    head += _rules_section(report)
    tail = _rubric_section(report) + _notices_section(report) + _comparison_section(report) + _trend_section(report)
    findings = digest.other_findings(report, lead)
    above = len(lead.shown_findings) if lead is not None else 0

    def body(shown: int) -> str:
        section = _findings_section(report, findings[:shown], above, len(findings) - shown, full_report,
                                    dict(lead.look_first) if lead is not None else None)
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
        return _folded(report, lead, tail, limit, full_report)
    return text


def _folded(report: Report, lead: digest.Lead | None, tail: list[str], limit: int, full_report: str | None) -> str:
    """The report that does not fit even without findings (hundreds of languages): folded,
    step by step, until it fits, saying what was folded and where to read it whole.

    1. The scores table keeps its first column (``all``); the language columns become a
       folded table of one row a language, and the rule list is left to the JSON report.
    2. Then the folded table, the notices, the comparison and the trend go too.
    3. Then only the verdict, the context and the pointer are left (cut to the limit).
    """
    table = digest.scores_table(report)
    where = f" ({escape(full_report)})" if full_report else " (answer-gate check --json)"
    languages = [i for i, name in enumerate(table.slices) if i > 0]
    rows = [row for group in table.groups for row in group.rows]
    said = (f"<sub>Folded to fit {limit:,} characters: {len(languages):,} language column(s) of the scores table"
            f" and the list of {len(report.rules):,} rule(s); the JSON report{where} holds them all.</sub>")
    first = [MARKER, _verdict_line(report), *loosened_section(report), "", _context_line(report), *_misspelt_section(report)] + _lead_section(report, lead)
    heads = escape(digest.slice_heading(table.slices[0])) if table.slices else "all"
    scores = ["", "#### Scores", "", f"| measure | {heads} | rules |", "| --- | ---: | --- |"]
    scores += [f"| {escape(r.label).replace(' ', NBSP)} | {_cell(r.cells[0]) if r.cells else ''} | {_rules_cell(r.rules)} |" for r in rows]
    folded = ["| language | " + " | ".join(escape(r.label) for r in rows) + " |", "| --- |" + " ---: |" * len(rows)]
    folded += [f"| {escape(digest.slice_heading(table.slices[i]))} | " + " | ".join(_cell(r.cells[i]) for r in rows) + " |" for i in languages]
    steps = [first + scores + _details(f"Scores per language ({len(languages):,})", folded) + tail + ["", said],
             first + scores + ["", said], [MARKER, _verdict_line(report), "", _context_line(report), "", said]]
    for step in steps:
        text = "\n".join(step) + "\n"
        if len(text) <= limit:
            return text
    return text[: max(0, limit - 2)] + "\n"


def render(report: Report, options: RenderOptions) -> str:
    """The markdown report (:mod:`gate.report.renderers`): at most ``options.limit`` characters
    (GitHub's comment limit when None), naming ``options.full_report`` where it cuts."""
    return render_markdown(report, limit=COMMENT_LIMIT if options.limit is None else options.limit, full_report=options.full_report)
