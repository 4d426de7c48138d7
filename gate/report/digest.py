"""What a reviewer reads first, drawn from a finished Report; the terminal and the markdown
renderers format the same digest, so the two never disagree.

The order follows the reviewer's questions:

1. :func:`headline`: the verdict and why, in words counted from the findings of the
   measures whose rules failed ("failed: 2 invented figures, 1 citation never retrieved").
2. :func:`got_worse`: what got worse against the baseline, per question: the question and
   its language, the measure, what the answer says (the figure or citation at fault) and
   what the evidence says (the finding's sentence); without a baseline, what fails.
3. :func:`noise`: whether the change is beyond noise, per measure that moved, from the
   one-sided exact McNemar p-value the comparison carries and the adjusted p of the
   measure's rule in its family, naming the correction and the family's size ("1 question
   broke, 0 fixed: within noise"; "insufficient evidence" where the flips could not reach
   significance).
4. :func:`scores_table`: measures as rows grouped by family (:data:`gate.model.measures.FAMILIES`),
   slices as columns, each cell ``rate (n)`` with the change against the baseline and a mark
   only where a rule broke or warned; empty rows and groups left out.
5. Everything else: :func:`rule_rows` (every rule checked, failed first), the findings not
   shown above, the notices, :func:`comparison_notes`, :func:`trend`.

Nothing here scores or checks a rule: every number and status comes from the Report (its
cells, rules, findings and comparison); this module selects, orders, counts and words them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gate.model.measures import FAMILIES, MEASURE_BY_NAME, Measure
from gate.model.outcomes import Finding
from gate.model.scores import ALL, language_slice
from gate.report.model import Report
from gate.rules.comparison import ComparedCell, Comparison, ids_text
from gate.rules.display import display_p, display_series
from gate.rules.verdict import CORRECTION_WORDS, FAIL, PASS, SKIP, WARN, RuleResult, Verdict

#: Questions shown up front under "what got worse" (the rest are counted, and their findings
#: are listed further down): at most LEAD_QUESTIONS, and no new question once LEAD_ROWS
#: findings are shown, so that the table stays on the first screen; findings shown per
#: question and measure.
LEAD_QUESTIONS = 5
LEAD_ROWS = 6
LEAD_FINDINGS = 3

#: The notice a comparer leaves when there is no baseline; the context line says it instead.
NO_BASELINE_PREFIX = "no baseline compared"

#: Reason codes in words, singular and plural, for the verdict line. A code missing here is
#: said as its name in words ("2 × quote not found"); a family that adds codes adds its words here.
REASON_WORDS: dict[str, tuple[str, str]] = {
    "numeric_mismatch": ("answer without its expected figure", "answers without their expected figures"),
    "unsupported_figure": ("invented figure", "invented figures"),
    "cited_not_retrieved": ("citation never retrieved", "citations never retrieved"),
    "should_decline": ("answer that should have declined", "answers that should have declined"),
    "should_answer": ("decline where an answer was expected", "declines where an answer was expected"),
    "empty_answer": ("empty answer", "empty answers"),
    "no_answer_logged": ("question with no answer logged", "questions with no answer logged"),
}

_STATUS_ORDER = {None: 0, SKIP: 0, PASS: 1, WARN: 2, FAIL: 3}
_KIND_WORDS = {"min": "below its floor", "max": "above its ceiling", "max_drop": "dropped beyond its limit",
               "max_rise": "rose beyond its limit"}


# --------------------------------------------------------------------------------------
# Small lookups
# --------------------------------------------------------------------------------------


def measure_of(report: Report, name: str) -> Measure | None:
    """The report's measure of a name (a registered one when the report lacks it)."""
    for m in report.measures:
        if m.name == name:
            return m
    return MEASURE_BY_NAME.get(name)


def label_of(report: Report, name: str) -> str:
    """The label people read for a measure name."""
    m = measure_of(report, name)
    return m.label if m is not None else name


def slice_heading(slice_name: str) -> str:
    """A slice as a column heading: ``all``, ``en``, ``fr-ca``."""
    return slice_name.split("=", 1)[1] if slice_name.startswith("language=") else slice_name


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 question``, ``3 questions``; thousands grouped (``5,000 findings``)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def bound_text(bound: Fraction) -> str:
    """A bound as thresholds.yaml writes it, never rounded: ``0.90``, ``0.005``, ``0.00``."""
    exact = Decimal(bound.numerator) / Decimal(bound.denominator)
    for digits in range(2, 7):
        shown = exact.quantize(Decimal(1).scaleb(-digits))
        if Fraction(shown) == bound:
            return f"{shown:.{digits}f}"
    return str(bound)


def _comparison(report: Report) -> Comparison | None:
    """The comparison with the baseline, or None."""
    return report.comparison


def compared_cell(report: Report, slice_name: str, measure: str) -> ComparedCell | None:
    """The compared cell of a slice and measure, or None (no baseline, or a measure the
    comparison did not compare)."""
    c = report.comparison
    if c is None:
        return None
    try:
        return c.cell(slice_name, measure)
    except KeyError:
        return None


def change_text(compared: ComparedCell | None) -> str | None:
    """The change of a compared cell as the comparison shows it (``-0.17``), or None when
    nothing moved or either side is empty."""
    if compared is None or compared.delta is None or compared.delta == 0:
        return None
    return compared.shown[2]


# --------------------------------------------------------------------------------------
# 1. The headline
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Headline:
    """The verdict and why.

    Attributes:
        passed: the verdict.
        words: ``failed``, ``passed`` or ``passed with warnings``.
        reasons: what broke, in words (``2 invented figures``), measure order.
        counts: the rules in numbers (:func:`rule_counts`): ``38 rules: 8 failed, 8 warned, 20 held, 2 skipped``.
    """

    passed: bool
    words: str
    reasons: tuple[str, ...]
    counts: str

    @property
    def text(self) -> str:
        """``failed: 2 invented figures, 1 citation never retrieved``."""
        return f"{self.words}: {', '.join(self.reasons)}" if self.reasons else self.words


def _broken_slices(report: Report, status: str) -> dict[str, list[RuleResult]]:
    """measure -> the rules of a status on it, in report order."""
    out: dict[str, list[RuleResult]] = {}
    for r in report.rules:
        if r.status == status:
            out.setdefault(r.rule.measure, []).append(r)
    return out


def _not_listed(report: Report, measure: str, slices: set[str]) -> dict[str, int]:
    """The findings of ``measure`` in ``slices`` that the report counts but does not list
    (``--max-findings``), per reason code: the ``all`` slice's count when it is among the
    slices, else the sum over the language slices."""
    out: dict[str, int] = {}
    for m, code, s, n in report.findings_not_listed:
        if m == measure and ((ALL in slices and s == ALL) or (ALL not in slices and s in slices)):
            out[code] = out.get(code, 0) + n
    return out


def not_listed_by_code(report: Report) -> dict[str, int]:
    """The findings the report counts but does not list (``--max-findings``), per reason
    code on the ``all`` slice, the most frequent first (ties by code)."""
    out: dict[str, int] = {}
    for _, code, s, n in report.findings_not_listed:
        if s == ALL:
            out[code] = out.get(code, 0) + n
    return dict(sorted(out.items(), key=lambda item: (-item[1], item[0])))


def _reasons(report: Report, broken: dict[str, list[RuleResult]]) -> list[str]:
    """Words for what broke: the findings of the broken measures in the broken slices,
    counted per reason code (a finding told under two measures, such as a decline where an
    answer was expected, counts once), those the report does not list included
    (``--max-findings``); a measure without findings is said by its rule."""
    reasons: list[str] = []
    seen: set[tuple[Any, ...]] = set()
    counts: dict[str, int] = {}
    unlisted_counts: dict[str, int] = {}
    order: list[str] = []
    for m in report.measures:
        results = broken.get(m.name)
        if not results:
            continue
        slices = {r.slice for r in results}
        found = [f for f in report.findings if f.measure == m.name and (ALL in slices or language_slice(f.language) in slices)]
        unlisted = _not_listed(report, m.name, slices)
        if not found and not unlisted:
            order.append("rule:" + m.name)
            continue
        for f in found:
            key = (f.question_id, f.code, f.figure.start if f.figure else None, f.cited_id)
            if key in seen:
                continue
            seen.add(key)
            if f.code not in counts:
                order.append(f.code)
            counts[f.code] = counts.get(f.code, 0) + 1
        for code, n in unlisted.items():  # a code told under two measures is one finding told twice
            if code not in counts and code not in unlisted_counts:
                order.append(code)
            unlisted_counts[code] = max(unlisted_counts.get(code, 0), n)
    for code, n in unlisted_counts.items():
        counts[code] = counts.get(code, 0) + n
    # The most frequent reason first; ties keep measure order (sorted is stable).
    order.sort(key=lambda item: -counts.get(item, 0))
    for item in order:
        if item.startswith("rule:"):
            name = item[5:]
            first = broken[name][0]
            reasons.append(f"{label_of(report, name)} {_KIND_WORDS.get(first.rule.kind, 'broke its rule')}")
            continue
        n = counts[item]
        words = "× " + item.replace("_", " ")
        one, many = REASON_WORDS.get(item, (words, words))
        reasons.append(f"{n:,} {one if n == 1 else many}")
    return reasons


def rule_counts(report: Report) -> str:
    """The rules in numbers, counted as the list of every rule counts them (its heading says
    the same total): ``63 rules: 8 failed, 8 warned, 24 held, 23 skipped``, or ``20 rules
    held`` when every one held; ``no rule checked`` when there is none."""
    v = report.verdict
    total = v.checked + v.skipped
    if total == 0:
        return "no rule checked"
    held = v.checked - v.failed - v.warned
    parts = [f"{n:,} {word}" for n, word in ((v.failed, "failed"), (v.warned, "warned"), (held, "held"), (v.skipped, "skipped")) if n]
    if held == total:
        return f"{plural(total, 'rule')} held"
    return f"{plural(total, 'rule')}: {', '.join(parts)}"


def headline(report: Report) -> Headline:
    """The verdict and why, in words (see :class:`Headline`)."""
    v = report.verdict
    if not v.passed:
        reasons = _reasons(report, _broken_slices(report, FAIL))
        return Headline(False, "failed", tuple(reasons), rule_counts(report))
    if v.checked == 0:
        return Headline(True, "passed", ("no rule was checked",), rule_counts(report))
    if v.warned:
        reasons = _reasons(report, _broken_slices(report, WARN))
        return Headline(True, "passed with warnings", tuple(reasons), rule_counts(report))
    return Headline(True, "passed", (), rule_counts(report))


# --------------------------------------------------------------------------------------
# 2. What got worse (or, without a baseline, what fails)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeadRow:
    """One finding shown up front.

    Attributes:
        question_id, language: of the question (language None when no finding tells it).
        measure: the measure's label.
        says: what the answer says that is at fault (the figure or the citation), or None.
        evidence: what the evidence says: the finding's sentence, or None when the measure
            gives no finding (a rubric or code check that only counts).
        first: the first row of its question.
    """

    question_id: str
    language: str | None
    measure: str
    says: str | None
    evidence: str | None
    first: bool


@dataclass(frozen=True)
class Lead:
    """The questions shown up front.

    Attributes:
        title: ``What got worse against 1.2`` or ``What fails``.
        rows: the rows, question by question.
        questions: how many questions belong here in all; shown: how many are in ``rows``.
        fixed: questions fixed against the baseline (on any measure), for the closing line.
        shown_findings: the findings shown in ``rows`` (so they are not listed twice).
        empty: the sentence when nothing belongs here, or None.
        look_first: ``(question id, retrieval or generation)`` for the questions shown whose
            findings say where to look first (:func:`lead_heading` says it).
        not_listed: findings of the failing measures the report counts but does not list
            (``--max-findings``): their questions are not among ``questions``.
    """

    title: str
    rows: tuple[LeadRow, ...]
    questions: int
    shown: int
    fixed: tuple[str, ...]
    shown_findings: frozenset[int]
    empty: str | None = None
    look_first: tuple[tuple[str, str], ...] = ()
    not_listed: int = 0


#: Where a reviewer looks first (``Finding.look_first``), in words.
LOOK_FIRST = {
    "retrieval": "an expected series was never retrieved",
    "generation": "the expected series were retrieved",
}


def look_first_of(findings: Iterable[Finding]) -> dict[str, str]:
    """Question id -> where to look first (``retrieval`` or ``generation``), for the
    questions whose findings say so, in finding order."""
    where: dict[str, str] = {}
    for f in findings:
        if f.look_first is not None:
            where.setdefault(f.question_id, f.look_first)
    return where


def look_first_text(where: dict[str, str]) -> str | None:
    """``look first at generation: a03, a07; at retrieval: a05`` or None when nothing says."""
    kinds = list(dict.fromkeys(where.values()))
    if not kinds:
        return None
    parts = [f"{'look first at ' if k == 0 else 'at '}{kind}: {', '.join(q for q, w in where.items() if w == kind)}"
             for k, kind in enumerate(kinds)]
    return "; ".join(parts)


def lead_heading(lead: Lead) -> str:
    """``What fails (3 questions; look first at generation: a03, a07)``."""
    parts = [plural(lead.questions, "question")] if lead.questions else []
    if lead.not_listed and parts:
        parts[0] += f" among the findings listed, and {lead.not_listed:,} more finding(s) not listed"
    told = look_first_text(dict(lead.look_first))
    if told:
        parts.append(told)
    return f"{lead.title} ({'; '.join(parts)})" if parts else lead.title


def finding_texts(findings: Sequence[Finding], told: Iterable[str] = ()) -> list[str]:
    """Each finding's sentence; the first finding of a question that says where to look
    first, and whose question was not told already (``told``: the lead's), ends with it."""
    said = set(told)
    out = []
    for f in findings:
        text = f.message
        if f.look_first is not None and f.question_id not in said:
            said.add(f.question_id)
            text += f" (look first at {f.look_first}: {LOOK_FIRST.get(f.look_first, '')})"
        out.append(text)
    return out


def says(f: Finding) -> str | None:
    """What the answer says that is at fault: the figure, the quote (cut at 60 characters) or
    the citation."""
    if f.figure is not None:
        return f.figure.text
    if f.quote is not None:
        text: str = f.quote.text
        return text if len(text) <= 60 else text[:57] + "..."
    return f.cited_id


def _lead_rows(report: Report, pairs: list[tuple[str, str]], languages: dict[str, str]) -> tuple[list[LeadRow], set[int], int]:
    """Rows for (question, measure) pairs in order, at most LEAD_QUESTIONS questions."""
    by_pair: dict[tuple[str, str], list[int]] = {}
    for i, f in enumerate(report.findings):
        by_pair.setdefault((f.question_id, f.measure), []).append(i)
    rows: list[LeadRow] = []
    shown: set[int] = set()
    questions: list[str] = []
    full = False
    for qid, measure in pairs:
        if qid not in questions:
            if len(questions) == LEAD_QUESTIONS or len(rows) >= LEAD_ROWS or full:
                full = True
                continue
            questions.append(qid)
        first = not rows or rows[-1].question_id != qid
        found = by_pair.get((qid, measure), [])
        label = label_of(report, measure)
        language = report.findings[found[0]].language if found else languages.get(qid)
        if not found:
            rows.append(LeadRow(qid, language, label, None, None, first))
            continue
        for k, index in enumerate(found[:LEAD_FINDINGS]):
            f = report.findings[index]
            evidence = f.message
            if k == LEAD_FINDINGS - 1 and len(found) > LEAD_FINDINGS:
                evidence += f" (and {plural(len(found) - LEAD_FINDINGS, 'more finding')} on this measure, listed below)"
            rows.append(LeadRow(qid, f.language, label, says(f), evidence, first and k == 0))
            shown.add(index)
    return _merged(rows), shown, len(questions)


def _merged(rows: list[LeadRow]) -> list[LeadRow]:
    """One row for the findings of a question that say the same under several measures (an
    empty answer fails numeric accuracy and answer rate alike): the measures joined, the
    sentence once."""
    out: list[LeadRow] = []
    for row in rows:
        same = next((i for i, o in enumerate(out) if o.question_id == row.question_id and o.says == row.says
                     and o.evidence == row.evidence and row.evidence is not None), None)
        if same is None:
            out.append(row)
            continue
        kept = out[same]
        out[same] = LeadRow(kept.question_id, kept.language, f"{kept.measure}, {row.measure}", kept.says, kept.evidence, kept.first)
    return out


def _question_order(report: Report) -> dict[str, int]:
    order: dict[str, int] = {}
    for f in report.findings:
        order.setdefault(f.question_id, len(order))
    return order


def got_worse(report: Report) -> Lead | None:
    """What got worse against the baseline, per question; without a baseline, the findings of
    the measures whose rules failed; None when there is neither a baseline nor a failure.

    A question got worse on a measure when the comparison counts it broken on the ``all``
    slice (it did not fail there in the baseline and fails now).
    """
    comparison = _comparison(report)
    order = _question_order(report)
    if comparison is not None:
        pairs: list[tuple[str, str]] = []
        fixed: list[str] = []
        languages: dict[str, str] = {}
        for cell in comparison.cells:
            if cell.slice != ALL:
                for qid in cell.broken:
                    languages.setdefault(qid, slice_heading(cell.slice))
                continue
            pairs += [(qid, cell.measure) for qid in cell.broken]
            fixed += cell.fixed
        fixed = list(dict.fromkeys(fixed))
        measure_rank = {m.name: i for i, m in enumerate(report.measures)}
        first_seen = {qid: i for i, (qid, _) in reversed(list(enumerate(pairs)))}
        pairs.sort(key=lambda p: (order.get(p[0], len(order) + first_seen[p[0]]), measure_rank.get(p[1], len(measure_rank))))
        questions = len(dict.fromkeys(q for q, _ in pairs))
        title = f"What got worse against {comparison.baseline_version}"
        if not pairs:
            return Lead(title, (), 0, 0, tuple(fixed), frozenset(), "Nothing got worse: no question broke on any measure.")
        rows, shown, count = _lead_rows(report, pairs, languages)
        return Lead(title, tuple(rows), questions, count, tuple(fixed), frozenset(shown), look_first=_told(report, shown))
    failed = _broken_slices(report, FAIL)
    if not failed:
        return None
    failing = {measure: {r.slice for r in results} for measure, results in failed.items()}
    pairs = list(dict.fromkeys(
        (f.question_id, f.measure) for f in report.findings
        if (slices := failing.get(f.measure)) and (ALL in slices or language_slice(f.language) in slices)))
    if not pairs:
        return None
    rows, shown, count = _lead_rows(report, pairs, {})
    questions = len(dict.fromkeys(q for q, _ in pairs))
    unlisted = sum(n for m, slices in failing.items() for n in _not_listed(report, m, slices).values())
    return Lead("What fails", tuple(rows), questions, count, (), frozenset(shown), look_first=_told(report, shown),
                not_listed=unlisted)


def _told(report: Report, shown: set[int]) -> tuple[tuple[str, str], ...]:
    return tuple(look_first_of(report.findings[i] for i in sorted(shown)).items())


def other_findings(report: Report, lead: Lead | None) -> list[Finding]:
    """The findings not shown up front, in report order."""
    shown = lead.shown_findings if lead is not None else frozenset()
    return [f for i, f in enumerate(report.findings) if i not in shown]


# --------------------------------------------------------------------------------------
# 3. Beyond noise?
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Noise:
    """Whether the change is beyond noise.

    Attributes:
        lead: the sentence as a whole (``Within noise on every measure that moved``).
        method: how it was tested, in words.
        lines: one per measure that moved on the ``all`` slice (``numeric accuracy: 1
            question broke, 0 fixed: within noise (p=0.5)``).
    """

    lead: str
    method: str
    lines: tuple[str, ...]


def noise(report: Report) -> Noise | None:
    """Per measure that moved (a question broke or was fixed on the ``all`` slice), the flips
    and the one-sided exact McNemar p-value in words; None without a baseline or when no
    question flipped. A measure whose regression rule is in the family reads by its
    adjusted p (the method names the correction and the family's size); one whose rule
    cannot reach significance reads "insufficient evidence", with the smallest change its n
    could show (the rule's own words). When every measure that moved reads the same, the
    lead says so once and the lines give the flips and p only."""
    comparison = _comparison(report)
    if comparison is None:
        return None
    alpha = comparison.alpha
    moved: list[tuple[str, str, str, str, str | None]] = []  # label, flips, p, what the rule says, verdict
    for m in report.measures:
        cell = compared_cell(report, ALL, m.name)
        if cell is None or not (cell.broken or cell.fixed):
            continue
        flips = f"{plural(len(cell.broken), 'question')} broke, {len(cell.fixed):,} fixed"
        p = f"p={comparison.p_text(cell)}"
        test = next((r.test for r in cell.results if r.test is not None and r.test.adjusted_p is not None), None)
        if alpha is None:
            moved.append((m.label, flips, p, "", None))
        elif test is None or test.adjusted_p is None:
            moved.append((m.label, flips, p, "", _BEYOND if cell.p_value < alpha else _WITHIN))
        elif not test.reachable:
            rule = next(r for r in cell.results if r.test is test)
            said = rule.reason.split("; ")[0].removeprefix(f"{_INSUFFICIENT}: ") if rule.reason else ""
            moved.append((m.label, flips, p, said, _INSUFFICIENT))
        else:
            adjusted = f"adjusted p={display_p(test.adjusted_p, alpha)}"
            moved.append((m.label, flips, f"{p}, {adjusted}", "", _BEYOND if test.adjusted_p < alpha else _WITHIN))
    if not moved:
        return None
    method = "one-sided exact McNemar test on the questions that flipped"
    if alpha is None:
        return Noise("Not tested against noise", f"alpha is null in {report.thresholds}: a drop beyond its limit alone fails",
                     tuple(f"{label}: {flips} ({p})" for label, flips, p, _, _ in moved))
    method += f", alpha {bound_text(alpha)}{family_text(report)}"
    verdicts = {verdict for *_, verdict in moved}
    if len(verdicts) == 1:
        every = "the measure that moved" if len(moved) == 1 else "every measure that moved"
        lead = f"{str(next(iter(verdicts))).capitalize()} on {every}"
        return Noise(lead, method, tuple(f"{label}: {flips} ({p})" + (f": {said}" if said else "") for label, flips, p, said, _ in moved))
    beyond = [label for label, *_, verdict in moved if verdict == _BEYOND]
    lead = f"Beyond noise on {', '.join(beyond)}" if beyond else "Within noise, or too few flips to tell"
    return Noise(lead, method, tuple(f"{label}: {flips}: {verdict} ({p})" + (f": {said}" if said else "")
                                     for label, flips, p, said, verdict in moved))


_BEYOND, _WITHIN, _INSUFFICIENT = "beyond noise", "within noise", "insufficient evidence"


def family_text(report: Report) -> str:
    """The correction and the family's size as the reports name them (``, Holm's step-down
    with Tarone's exclusion over a family of 20 rules``), read from the regression rules'
    tests; empty when no rule was tested."""
    tests = [r.test for r in report.rules if r.test is not None]
    if not tests:
        return ""
    if not tests[0].family:
        return ", no regression rule in the family (none of severity error on a cell with n >= min_n)"
    return f", {CORRECTION_WORDS.get(tests[0].correction, tests[0].correction)} over a family of {plural(tests[0].family, 'rule')}"


# --------------------------------------------------------------------------------------
# 4. The scores table
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleRef:
    """Rules of one line of thresholds.yaml, as shown beside a measure.

    Attributes:
        text: ``min 0.90, max_drop 0.02`` (``fr: min 0.85`` for a language's own line).
        source: ``thresholds.yaml:22``.
        url: the line at the pull request's head commit, or None outside GitHub Actions.
    """

    text: str
    source: str
    url: str | None


@dataclass(frozen=True)
class TableCell:
    """One cell: ``0.83 (6)``, the change (``-0.17``) or None, and the mark (``fail``,
    ``warn`` or None)."""

    text: str
    change: str | None
    mark: str | None


@dataclass(frozen=True)
class TableRow:
    """One measure: its label, its rules, its cells in slice order."""

    measure: str
    label: str
    rules: tuple[RuleRef, ...]
    cells: tuple[TableCell, ...]


@dataclass(frozen=True)
class TableGroup:
    """One family of measures: heading and rows."""

    family: str
    heading: str
    rows: tuple[TableRow, ...]


@dataclass(frozen=True)
class ScoresTable:
    """Measures as rows, grouped by family; slices as columns.

    Attributes:
        slices: the slice names, in column order.
        groups: the families with something to show, in :data:`FAMILIES` order.
        left_out: labels of measures with nothing counted and no rule (not shown).
        legend: how to read a cell.
    """

    slices: tuple[str, ...]
    groups: tuple[TableGroup, ...]
    left_out: tuple[str, ...]
    legend: str


def source_url(report: Report, source: str) -> str | None:
    """The link to a rule's line (``thresholds.yaml:22``) at the head commit, when the Report
    carries the file's address (``thresholds_url``) and the source is in that file."""
    base = getattr(report, "thresholds_url", None)
    path, _, line = source.rpartition(":")
    if not base or not line.isdigit() or path != report.thresholds:
        return None
    return f"{base}#L{line}"


def rule_refs(report: Report, measure: str) -> tuple[RuleRef, ...]:
    """The rules checked on a measure, one entry per line of thresholds.yaml: the top-level
    line first, then each language's own line."""
    top = {(r.rule.kind, r.rule.source) for r in report.rules if r.slice == ALL and r.rule.measure == measure}
    by_source: dict[tuple[str | None, str], list[str]] = {}
    for r in report.rules:
        rule = r.rule
        if rule.measure != measure:
            continue
        language = None if r.slice == ALL else slice_heading(r.slice)
        if language is not None and (rule.kind, rule.source) in top:
            continue  # the top-level line, already shown
        key = (language, rule.source)
        text = f"{rule.kind} {bound_text(rule.bound)}" + (" (warn)" if rule.severity == "warn" else "")
        items = by_source.setdefault(key, [])
        if text not in items:
            items.append(text)
    refs = []
    for (language, source), items in sorted(by_source.items(), key=lambda kv: (kv[0][0] is not None, kv[0][0] or "")):
        text = ", ".join(items)
        refs.append(RuleRef(f"{language}: {text}" if language else text, source, source_url(report, source)))
    return tuple(refs)


def _mark(*statuses: str | None) -> str | None:
    worst = max(statuses, key=lambda s: _STATUS_ORDER.get(s, 0), default=None)
    return worst if worst in (FAIL, WARN) else None


def _families(report: Report) -> list[tuple[str, str]]:
    known = list(FAMILIES)
    names = {f for f, _ in known}
    for m in report.measures:
        family = getattr(m, "family", "automatic")
        if family not in names:
            names.add(family)
            known.append((family, family.replace("_", " ")))
    return known


def scores_table(report: Report) -> ScoresTable:
    """The table (see :class:`ScoresTable`): a cell is ``rate (n)``, the change against the
    baseline when it moved, and a mark where a level rule on the cell or a regression rule
    on its comparison broke (``fail``) or only warned (``warn``)."""
    groups: list[TableGroup] = []
    left_out: list[str] = []
    for family, heading in _families(report):
        rows = []
        for m in report.measures:
            if getattr(m, "family", "automatic") != family:
                continue
            refs = rule_refs(report, m.name)
            cells = []
            counted = False
            for s in report.slices:
                cell = report.cell(s, m.name)
                counted = counted or cell.denominator > 0
                compared = compared_cell(report, s, m.name)
                text = "-" if cell.rate is None else f"{cell.display} ({cell.n:,})"
                cells.append(TableCell(text, change_text(compared), _mark(cell.status, compared.status if compared is not None else None)))
            if not counted:  # nothing to count in any slice: named in the legend, its rules skipped
                left_out.append(m.label)
                continue
            rows.append(TableRow(m.name, m.label, refs, tuple(cells)))
        if rows:
            groups.append(TableGroup(family, heading, tuple(rows)))
    comparison = _comparison(report)
    legend = "rate (n)"
    if comparison is not None:
        legend += (f" and the change against {comparison.baseline_version} on the "
                   f"{plural(comparison.differences.compared, 'common question')}")
    return ScoresTable(tuple(report.slices), tuple(groups), tuple(left_out), legend)


# --------------------------------------------------------------------------------------
# 5. Everything else
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleRow:
    """One rule checked on one slice.

    Attributes:
        status: ``fail``, ``warn``, ``pass`` or ``skip``.
        slice, measure: where (measure as its label).
        rule: ``min 0.90``, ``max_drop 0.02``; ``(warn)`` added for severity warn.
        value: the rate checked (``0.83 (n=6)``) or the change (``-0.17 (n=6)``).
        source, url: the line of thresholds.yaml, and its link (or None).
        why: the reason for the status, or ``""``.
    """

    status: str
    slice: str
    measure: str
    rule: str
    value: str
    source: str
    url: str | None
    why: str


def rule_rows(report: Report) -> list[RuleRow]:
    """Every rule checked, failed first, then warned, held and skipped, each in report order."""
    rows = []
    for r in report.rules:
        if r.rule.kind in ("min", "max"):
            value = report.cell(r.slice, r.rule.measure).text
        else:
            compared = compared_cell(report, r.slice, r.rule.measure)
            change = change_text(compared) if compared is not None else None
            if compared is not None and compared.delta == 0:
                change = "0.00"
            value = "-" if change is None else f"{change} (n={r.n:,})"
        rule = f"{r.rule.kind} {bound_text(r.rule.bound)}" + (" (warn)" if r.rule.severity == "warn" else "")
        rows.append(RuleRow(r.status, r.slice, label_of(report, r.rule.measure), rule, value, r.rule.source,
                            source_url(report, r.rule.source), r.reason))
    rank = {FAIL: 0, WARN: 1, PASS: 2, SKIP: 3}
    return sorted(rows, key=lambda row: rank.get(row.status, 4))


def notices(report: Report) -> list[str]:
    """The notices, less the one that says there is no baseline (the context line says it)."""
    return [n for n in report.notices if not (report.comparison is None and n.startswith(NO_BASELINE_PREFIX))]


def baseline_words(report: Report) -> str:
    """The baseline in the context line: ``baseline 1.2`` or why there is none."""
    comparison = _comparison(report)
    if comparison is not None:
        return f"baseline {comparison.baseline_version}"
    said = next((n for n in report.notices if n.startswith(NO_BASELINE_PREFIX)), None)
    return said or NO_BASELINE_PREFIX


@dataclass(frozen=True)
class MovedCell:
    """One compared cell that moved: its measure's label, slice, the rates as shown
    (baseline, now, change), the questions broken and fixed in words, p and the worst
    status of its regression rules (None when no rule applies)."""

    label: str
    slice: str
    before: str
    after: str
    change: str
    broken: str
    fixed: str
    p: str
    status: str | None


@dataclass(frozen=True)
class Compared:
    """The comparison with the baseline as the renderers word it (:func:`compared`).

    Attributes:
        version, path: the baseline's.
        questions: the common questions compared.
        set_version: the set version both were scored with (None: unversioned).
        differs: what differs beyond the answers, in words; empty when nothing does.
        moved: the compared cells that moved, in the comparison's order.
        quiet: how many compared cells did not move.
        alpha: the alpha of the exact test as shown (:meth:`gate.rules.comparison.Comparison.alpha_text`).
        min_n: below it a change shows a direction only.
    """

    version: str
    path: str
    questions: int
    set_version: str | None
    differs: tuple[str, ...]
    moved: tuple[MovedCell, ...]
    quiet: int
    alpha: str
    min_n: int


def compared(comparison: Comparison) -> Compared:
    """The comparison in the words every renderer uses; every number comes from it."""
    moved = []
    for c in comparison.cells:
        if c.changed:
            before, after, change = c.shown
            moved.append(MovedCell(MEASURE_BY_NAME[c.measure].label, c.slice, before, after, change, ids_text(c.broken),
                                   ids_text(c.fixed), comparison.p_text(c), c.status))
    d = comparison.differences
    return Compared(comparison.baseline_version, comparison.baseline_path, d.compared, d.set_version,
                    tuple(comparison.difference_lines()), tuple(moved), len(comparison.cells) - len(moved),
                    comparison.alpha_text(), comparison.min_n)


def comparison_notes(report: Report) -> list[str]:
    """How the run was compared with the baseline: the baseline file and common questions,
    what differs beyond the answers (or that nothing does), and how to read the numbers."""
    comparison = _comparison(report)
    if comparison is None:
        return []
    said = compared(comparison)
    lines = [f"Baseline {said.version} ({said.path}): "
             f"{plural(said.questions, 'common question')}, its log re-scored with today's set and matching settings."]
    if said.differs:
        lines += [f"Differs: {text}." for text in said.differs]
    else:
        lines.append(f"Same set version ({said.set_version or 'unversioned'}), same questions, same matching settings.")
    alpha = "null (a drop beyond its limit alone fails)" if comparison.alpha is None else bound_text(comparison.alpha)
    family = family_text(report) if comparison.alpha is not None else ""
    lines.append(f"A change is in rate points on the common questions; p is the one-sided exact McNemar test on the "
                 f"questions that flipped, alpha {alpha}{family}; below n={said.min_n} a change shows a direction only.")
    return lines


@dataclass(frozen=True)
class Series:
    """One measure over versions: its label and the ``all`` rate at each version."""

    measure: str
    label: str
    rates: tuple[Fraction, ...]
    shown: tuple[str, ...]


@dataclass(frozen=True)
class Trend:
    """The ``all`` slice over the stored versions and this run.

    Attributes:
        versions: oldest first, this run last.
        series: the measures that moved and are known at every version.
        unknown: labels of measures that moved but are not stored for some version.
    """

    versions: tuple[str, ...]
    series: tuple[Series, ...]
    unknown: tuple[str, ...]


def trend(report: Report) -> Trend | None:
    """The measures whose ``all`` rate moved over the stored versions and this run; None
    without a baseline, with fewer than two versions, or when nothing moved."""
    comparison = _comparison(report)
    if comparison is None:
        return None
    history = [h for h in comparison.history if h.assistant_version != report.run.version]
    versions = tuple(h.assistant_version for h in history) + (report.run.version or "this run",)
    if len(versions) < 2:
        return None
    series: list[Series] = []
    unknown: list[str] = []
    for m in report.measures:
        stored = [dict(h.scores).get(m.name) for h in history]
        rates = [c.rate if c is not None else None for c in stored] + [report.cell(ALL, m.name).rate]
        known = [r for r in rates if r is not None]
        if len(set(known)) < 2:
            continue
        if len(known) < len(rates):
            unknown.append(m.label)
            continue
        exact = tuple(r for r in rates if r is not None)
        series.append(Series(m.name, m.label, exact, display_series(exact)))
    if not series and not unknown:
        return None
    return Trend(versions, tuple(series), tuple(unknown))


def undecided_words(verdict: Verdict) -> str:
    """Why an undecided verdict could not pass, in the words of the verdict line: nothing was
    checked (every cell empty, or only regression rules without a baseline), or rules were
    checked but none could decide (each below ``min_n``, of severity warn, or out of the
    family)."""
    return "nothing was checked" if verdict.checked == 0 else "no rule could decide"
