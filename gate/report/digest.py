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
from dataclasses import dataclass, replace
from typing import Any

from gate.model.measures import FAMILIES
from gate.model.outcomes import Finding
from gate.model.scores import ALL, language_slice
from gate.report.history import Compared as Compared
from gate.report.history import MovedCell as MovedCell
from gate.report.history import Series as Series
from gate.report.history import Trend as Trend
from gate.report.history import compared as compared
from gate.report.history import comparison_notes as comparison_notes
from gate.report.history import family_text as family_text
from gate.report.history import trend as trend
from gate.report.model import Report
from gate.report.named import round_robin
from gate.report.words import bound_text as bound_text
from gate.report.words import label_of as label_of
from gate.report.words import measure_of as measure_of
from gate.report.words import plural as plural
from gate.report.words import slice_heading as slice_heading
from gate.rules.comparison import ComparedCell, Comparison
from gate.rules.display import display_p
from gate.rules.verdict import FAIL, PASS, SKIP, WARN, RuleResult, Verdict

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

_STATUS_ORDER = {None: 0, SKIP: 0, PASS: 1, "old": 2, WARN: 3, FAIL: 4}
_KIND_WORDS = {"min": "below its floor", "max": "above its ceiling", "max_drop": "dropped beyond its limit",
               "max_rise": "rose beyond its limit"}


# --------------------------------------------------------------------------------------
# Small lookups
# --------------------------------------------------------------------------------------


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
    still: str | None = None

    @property
    def text(self) -> str:
        """``failed: 2 invented figures, 1 citation never retrieved``, then what still fails as
        on the baseline, or that no baseline was compared (:attr:`still`)."""
        text = f"{self.words}: {', '.join(self.reasons)}" if self.reasons else self.words
        return f"{text}; {self.still}" if self.still else text


def _broken_slices(report: Report, status: str, new_only: bool = False) -> dict[str, list[RuleResult]]:
    """measure -> the rules of a status on it, in report order (``new_only``: those that are
    news against the baseline, :meth:`Report.new_and_old`)."""
    news = set(report.new_and_old()[0]) if new_only else set(range(len(report.rules)))
    out: dict[str, list[RuleResult]] = {}
    for i, r in enumerate(report.rules):
        if r.status == status and i in news:
            out.setdefault(r.rule.measure, []).append(r)
    return out


def still_failing(report: Report) -> str | None:
    """The one quiet line of what breaks as it did on the baseline (``32 rules still fail as on
    1.2``), or, without a baseline, that the run was compared with nothing; None otherwise."""
    comparison = _comparison(report)
    if comparison is None:
        return "compared with no baseline" if report.rules else None
    old = report.new_and_old()[1]
    failing = sum(1 for i in old if report.rules[i].status == FAIL)
    warning = len(old) - failing
    parts = [f"{plural(failing, 'rule')} still {'fails' if failing == 1 else 'fail'}" if failing else "",
             f"{plural(warning, 'rule')} still {'warns' if warning == 1 else 'warn'}" if warning else ""]
    said = " and ".join(p for p in parts if p)
    return f"{said} as on {comparison.baseline_version}" if said else None


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


def _news(report: Report, broken: dict[str, list[RuleResult]]) -> list[str]:
    """What is new, in words: each regression rule broken, by slice with its flips
    (``numeric accuracy dropped beyond its limit on es (5 questions broke, 0 fixed)``), then the
    findings of the level rules broken (:func:`_reasons`)."""
    said: list[str] = []
    levels: dict[str, list[RuleResult]] = {}
    moved: dict[tuple[str, str], list[str]] = {}
    for measure, results in broken.items():
        for r in results:
            if r.rule.kind in ("min", "max"):
                levels.setdefault(measure, []).append(r)
            else:
                moved.setdefault((measure, r.rule.kind), []).append(r.slice)
    for (measure, kind), slices in moved.items():
        cells = [c for c in (compared_cell(report, s, measure) for s in ([ALL] if ALL in slices else slices)) if c is not None]
        broke, fixed = sum(len(c.broken) for c in cells), sum(len(c.fixed) for c in cells)
        flips = f" ({plural(broke, 'question')} broke, {fixed:,} fixed)" if cells else ""
        said.append(f"{label_of(report, measure)} {_KIND_WORDS[kind]} on {', '.join(slice_heading(s) for s in slices)}{flips}")
    return said + _reasons(report, levels)


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
    still = still_failing(report)
    if not v.passed:
        reasons = _news(report, _broken_slices(report, FAIL, new_only=True)) or ["no new failure"]
        return Headline(False, "failed", tuple(reasons), rule_counts(report), still)
    if v.checked == 0:
        return Headline(True, "passed", ("no rule was checked",), rule_counts(report), still)
    if v.warned:
        reasons = _news(report, _broken_slices(report, WARN, new_only=True)) or ["no new warning"]
        return Headline(True, "passed with warnings", tuple(reasons), rule_counts(report), still)
    return Headline(True, "passed", (), rule_counts(report), still)


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
    slice (it did not fail there in the baseline and fails now); those of a slice whose
    regression rule broke come first. Without a baseline the questions shown are taken a
    language at a time (:func:`gate.report.named.round_robin`), so every language has its
    examples.
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
        hot = {(q, c.measure) for c in comparison.cells if c.slice != ALL and any(r.broken for r in c.results) for q in c.broken}
        pairs.sort(key=lambda p: (p not in hot, order.get(p[0], len(order) + first_seen[p[0]]),
                                  measure_rank.get(p[1], len(measure_rank))))
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
    pairs = round_robin(pairs, {f.question_id: f.language for f in report.findings})
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


@dataclass(frozen=True)
class CellReading:
    """How one compared cell reads against noise (:func:`cell_reading`).

    Attributes:
        beyond: True beyond noise, False within, None when it cannot be told (alpha null, n
            below min_n: a direction only, or too few flips for its rule to reach
            significance: insufficient evidence).
        p: the p-value as shown (with the adjusted p where its rule is in the family).
        rule_failed: whether a regression rule on the cell broke (fail or warn).
        said: for insufficient evidence, the smallest change the cell's n could show, in its
            rule's words ("with n = 6 a drop of 0.833 or more could be detected ..."), else "".
    """

    beyond: bool | None
    p: str
    rule_failed: bool
    said: str = ""


def cell_reading(comparison: Comparison, cell: ComparedCell) -> CellReading:
    """The one place the report reads a compared cell's test: its p-value and whether its
    regression rule broke, as the comparison holds them (an adjusted p, when the comparison
    carries one, is read here and nowhere else)."""
    rule_failed = any(r.broken for r in cell.results)
    if comparison.alpha is None or cell.current.denominator < comparison.min_n:
        return CellReading(None, comparison.p_text(cell), rule_failed)
    test = next((r.test for r in cell.results if r.test is not None and r.test.adjusted_p is not None), None)
    if test is None or test.adjusted_p is None:  # no regression rule in the family: the raw p
        return CellReading(cell.p_value < comparison.alpha, comparison.p_text(cell), rule_failed)
    if not test.reachable:  # too few flips for its step to reach significance: insufficient evidence
        rule = next(r for r in cell.results if r.test is test)
        said = rule.reason.split("; ")[0].removeprefix(f"{_INSUFFICIENT}: ") if rule.reason.startswith(_INSUFFICIENT) else ""
        return CellReading(None, comparison.p_text(cell), rule_failed, said)
    shown = f"{comparison.p_text(cell)}, adjusted p={display_p(test.adjusted_p, comparison.alpha)}"
    return CellReading(test.adjusted_p < comparison.alpha, shown, rule_failed)


#: Lines of moves within noise (or that cannot be told) the noise statement names; the rest are counted.
NOISE_LINES = 6

_INSUFFICIENT = "insufficient evidence"


def noise(report: Report) -> Noise | None:
    """Per slice and measure that moved (a question broke or was fixed), the flips and the
    one-sided exact McNemar p-value in words; None without a baseline or when no question
    flipped. The lead names every slice and measure beyond noise and counts the moves within
    noise and those that cannot be told; it speaks of every move only when that is true of
    every slice."""
    comparison = _comparison(report)
    if comparison is None:
        return None
    rank = {m.name: i for i, m in enumerate(report.measures)}
    moved: list[tuple[str, str, CellReading]] = []
    for cell in sorted(comparison.cells, key=lambda c: (c.slice != ALL, rank.get(c.measure, len(rank)))):
        if cell.measure not in rank or not (cell.broken or cell.fixed):
            continue
        flips = f"{plural(len(cell.broken), 'question')} broke, {len(cell.fixed):,} fixed"
        moved.append((f"{label_of(report, cell.measure)}, {slice_heading(cell.slice)}", flips, cell_reading(comparison, cell)))
    if not moved:
        return None
    method = "one-sided exact McNemar test on the questions that flipped"
    if comparison.alpha is None:
        return Noise("Not tested against noise", f"alpha is null in {report.thresholds}: a drop beyond its limit alone fails",
                     tuple(f"{where}: {flips}" for where, flips, _ in moved))
    method += f", alpha {bound_text(comparison.alpha)}{family_text(report)}; below n={comparison.min_n} a direction only"
    words = {True: "beyond noise", False: "within noise", None: _INSUFFICIENT}
    beyond = [m for m in moved if m[2].beyond]
    rest = [m for m in moved if not m[2].beyond]
    within = sum(1 for m in rest if m[2].beyond is False)
    untold = len(rest) - within
    if not beyond:
        lead = ("Within noise on every slice and measure that moved" if not untold else
                "Insufficient evidence on every slice and measure that moved" if not within else
                f"Nothing beyond noise: {plural(within, 'move')} within noise, {untold:,} with insufficient evidence to tell")
    else:
        slices: dict[str, list[str]] = {}
        for where, _, _ in beyond:
            label, _, slice_name = where.rpartition(", ")
            slices.setdefault(label, []).append(slice_name)
        lead = "Beyond noise: " + "; ".join(f"{label} on {', '.join(names)}" for label, names in slices.items())
        counts = [f"{within:,} other move{'' if within == 1 else 's'} within noise" if within else "",
                  f"{untold:,} with insufficient evidence to tell" if untold else ""]
        if any(counts):
            lead += "; " + ", ".join(c for c in counts if c)
    # Beyond noise: every one. The others: the ``all`` slice's, then a count of the languages'.
    named = [m for m in rest if m[0].endswith(f", {ALL}")][:NOISE_LINES]
    lines = [f"{where}: {flips}: {words[r.beyond]} (p={r.p})" + (f": {r.said}" if r.said else "") for where, flips, r in beyond + named]
    if len(rest) > len(named):
        lines.append(f"and {plural(len(rest) - len(named), 'more move')} in single languages, within noise or too small to tell")
    return Noise(lead, method, tuple(lines))




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


#: The quieter mark of a cell whose rules break only as they did on the baseline.
OLD = "old"


def cell_marks(report: Report) -> dict[tuple[str, str], str]:
    """(slice, measure) -> its mark: the worst status (``fail``, ``warn``) of the rules on the
    cell that newly break, else :data:`OLD` when its rules break as on the baseline; cells with
    no broken rule are absent."""
    new, old = report.new_and_old()
    marks: dict[tuple[str, str], str] = {}
    for i in new + old:
        r = report.rules[i]
        key = (r.slice, r.rule.measure)
        status = r.status if i in new else OLD
        if _STATUS_ORDER.get(status, 1) > _STATUS_ORDER.get(marks.get(key), 0) or key not in marks:
            marks[key] = status
    return marks


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
    on its comparison newly broke (``fail``) or only warned (``warn``), or broke as on the
    baseline (:data:`OLD`, a quieter mark; :func:`cell_marks`)."""
    groups: list[TableGroup] = []
    left_out: list[str] = []
    marks = cell_marks(report)
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
                against = compared_cell(report, s, m.name)
                text = "-" if cell.rate is None else f"{cell.display} ({cell.n:,})"
                cells.append(TableCell(text, change_text(against), marks.get((s, m.name))))
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
    new: bool = True


def rule_rows(report: Report) -> list[RuleRow]:
    """Every rule checked: those that newly fail first, then newly warn, then those that break
    as on the baseline (``new`` False), then held and skipped, each in report order."""
    rows = []
    for r in report.rules:
        if r.rule.kind in ("min", "max"):
            value = report.cell(r.slice, r.rule.measure).text
        else:
            against = compared_cell(report, r.slice, r.rule.measure)
            change = change_text(against) if against is not None else None
            if against is not None and against.delta == 0:
                change = "0.00"
            value = "-" if change is None else f"{change} (n={r.n:,})"
        rule = f"{r.rule.kind} {bound_text(r.rule.bound)}" + (" (warn)" if r.rule.severity == "warn" else "")
        rows.append(RuleRow(r.status, r.slice, label_of(report, r.rule.measure), rule, value, r.rule.source,
                            source_url(report, r.rule.source), r.reason))
    new, old = report.new_and_old()
    rank = {PASS: 0, SKIP: 1}
    rest = sorted((i for i in range(len(rows)) if i not in set(new + old)), key=lambda i: (rank.get(rows[i].status, 2), i))
    return [rows[i] for i in new] + [replace(rows[i], new=False) for i in old] + [rows[i] for i in rest]


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


def undecided_words(verdict: Verdict) -> str:
    """Why an undecided verdict could not pass, in the words of the verdict line: nothing was
    checked (every cell empty, or only regression rules without a baseline), or rules were
    checked but none could decide (each below ``min_n``, of severity warn, or out of the
    family)."""
    return "nothing was checked" if verdict.checked == 0 else "no rule could decide"


def misspelt(report: Report) -> list[str]:
    """The log's fields one edit from a known one (``retrieved_passage``), each a sentence
    that says its evidence was not read: what the terminal and the comment say first."""
    if not any("did you mean" in notice for notice in report.notices):
        return []
    from gate.inputs.run_log import misspelt_fields

    return misspelt_fields(report.notices)
