"""The regression rules: a run compared with its baseline, cell by cell.

The baseline's log is re-scored with today's question set and matching settings (the
pipeline's own :func:`gate.scoring.answer.score_run`, as :func:`gate.engine.batch.score` scores),
and only the questions answered in both runs and present in today's set are compared (only
they are read: :mod:`gate.baseline.today`). Per slice and measure the change is the rate now
minus the re-scored baseline rate on those questions, in rate points; the flips are the
questions broken and fixed; a drop beyond ``max_drop`` (a rise beyond ``max_rise`` for
unsupported numbers) fails only when the one-sided exact McNemar test on the flips gives
an adjusted p < alpha, every rule that could decide being decided in one family
(:func:`decide_family`, :mod:`gate.baseline.family`: a run with no real change fails at
most alpha of the time); the drop alone decides when alpha is null, and a cell whose n is
below ``min_n`` shows a direction only. The status of a broken rule is decided as for every
rule, by :func:`gate.rules.verdict.rule_status`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from gate.baseline.family import CORRECTION_WORDS, NONE, Adjusted, FamilyTest, adjust
from gate.baseline.stats import flips_needed, mcnemar_min_p, mcnemar_p
from gate.baseline.storage import JUDGED_MEASURES, STORED_MEASURES, Baseline, settings_dict
from gate.baseline.today import TodaySet, baseline_ids
from gate.model.inputs import Answer, Question, Run
from gate.model.measures import Measure
from gate.model.outcomes import Count, Outcome, outcome_passed
from gate.model.scores import ALL, language_slice, slice_language
from gate.rules.comparison import ComparedCell, Comparison, Differences, HistoryPoint
from gate.rules.display import decimal_text, display_p
from gate.rules.thresholds import REGRESSION_KINDS, Rule, Thresholds
from gate.rules.verdict import PASS, SKIP, WARN, RuleResult, Tested, can_decide, change_holds, rule_status
from gate.scoring.answer import score_run

if TYPE_CHECKING:  # a rubric only for a judged run
    from gate.inputs.rubric import Rubric


@dataclass(frozen=True)
class Place:
    """A regression rule's place among the rules decided together.

    Attributes:
        correction: ``regression.correction`` (see :mod:`gate.baseline.family`).
        family: the family's size.
        adjusted: the rule's outcome in the family, or None when the rule is outside it
            (severity warn, or n below min_n).
    """

    correction: str
    family: int
    adjusted: Adjusted | None


def alone(rule: Rule, p_value: Fraction, flips: int, alpha: Fraction, n: int, min_n: int) -> Place:
    """The place of a rule decided by itself: a family of one when it could decide, else none."""
    if not can_decide(rule, n, min_n):
        return Place(NONE, 0, None)
    return Place(NONE, 1, adjust([FamilyTest(p_value, mcnemar_min_p(flips))], alpha, NONE)[0])


def check_regression(rule: Rule, slice_name: str, baseline: Count, current: Count, broken: int, fixed: int,
                     p_value: Fraction, alpha: Fraction | None, min_n: int, place: Place | None = None,
                     p_min: Fraction | None = None) -> RuleResult:
    """Check one ``max_drop`` or ``max_rise`` rule on a compared cell; pure, exact.

    A drop (``max_drop``, higher-is-better measures) or a rise (``max_rise``, unsupported
    numbers) breaks the rule when it exceeds the bound, exactly (a drop of 1/6 against
    0.02). A broken rule then:

    * warns, direction only, when n (the smaller of the two denominators) is below min_n;
    * fails (severity error) when alpha is None, or when its adjusted p < alpha (exact
      comparison) in its family (``place``; without one, the rule is decided alone);
    * warns "insufficient evidence" when its smallest attainable p, given its flips, cannot
      fall below the level of its step (too few questions, or Tarone's exclusion), saying
      the smallest drop that could be detected with this n;
    * otherwise warns: "drop within noise (adjusted p=..., ...)".

    Severity ``warn`` keeps a rule outside the family: its raw p is weighed against alpha
    and it is reported only. A cell empty on either side is skipped.

    With repeated answers ``p_min`` is the smallest p of the question-by-question test
    (None: McNemar's, from the flips) and n counts questions.

    Returns:
        The result; ``actual`` is the change in rate points, ``n`` the smaller denominator,
        ``test`` the raw and adjusted p, the correction and the family's size.
    """
    n = min(getattr(baseline, "questions", None) or baseline.denominator, getattr(current, "questions", None) or current.denominator)
    smallest = mcnemar_min_p(broken + fixed) if p_min is None else p_min
    if baseline.rate is None or current.rate is None:
        side = "the baseline" if baseline.rate is None else "this run"
        return RuleResult(slice_name, rule, SKIP, None, n, f"n=0 in {side} on the common questions: nothing to compare",
                          could_decide=False)
    delta = current.rate - baseline.rate
    flips = broken + fixed
    if alpha is None:
        test = None
        could = can_decide(rule, n, min_n)
    else:
        place = place or alone(rule, p_value, flips, alpha, n, min_n)
        adjusted = place.adjusted
        reachable = smallest < (adjusted.level if adjusted is not None else alpha)
        test = Tested(p_value, None if adjusted is None else adjusted.adjusted_p, place.correction, place.family, reachable)
        could = adjusted is not None
    if change_holds(rule.kind, delta, rule.bound):
        return RuleResult(slice_name, rule, PASS, delta, n, "", could, test)
    word = "drop" if rule.kind == "max_drop" else "rise"
    counted = f"{broken} broken, {fixed} fixed"
    if alpha is None:
        status, reason = rule_status(True, rule, n, min_n, f"alpha is null: the {word} alone decides ({counted})")
        return RuleResult(slice_name, rule, status, delta, n, reason, could, test)
    assert test is not None and place is not None
    if n < min_n:
        status, reason = rule_status(True, rule, n, min_n)
        return RuleResult(slice_name, rule, status, delta, n, reason, could, test)
    adjusted = place.adjusted
    if adjusted is None:  # severity warn: outside the family, its raw p against alpha
        level, significant = alpha, p_value < alpha
        shown, how = f"p={display_p(p_value, alpha)}", "outside the family"
    else:
        level, significant = adjusted.level, adjusted.rejected
        shown = f"adjusted p={display_p(adjusted.adjusted_p, alpha)}"
        how = f"p={display_p(p_value)}, {CORRECTION_WORDS[place.correction]} over a family of {place.family}"
    if not test.reachable:
        why = (f"insufficient evidence: {detectable(word, n, level)}; {counted} can reach p={display_p(smallest)} "
               f"at best, not below {display_p(level)} ({shown}; {how})")
        status, reason = (WARN, why) if rule.severity == "error" else rule_status(True, rule, n, min_n, why)
        return RuleResult(slice_name, rule, status, delta, n, reason, could, test)
    if not significant:
        return RuleResult(slice_name, rule, WARN, delta, n,
                          f"{word} within noise ({shown}, not below alpha {decimal_text(alpha)}; {how}; {counted})", could, test)
    if adjusted is None:
        why = f"{shown} < alpha {decimal_text(alpha)} ({counted})"
    else:
        why = f"{shown} < alpha {decimal_text(alpha)} ({how}; {counted})"
    status, reason = rule_status(True, rule, n, min_n, why)
    return RuleResult(slice_name, rule, status, delta, n, reason, could, test)


def detectable(word: str, n: int, level: Fraction) -> str:
    """The smallest change a cell of n could show beyond noise at ``level``: ``with n = 11 a
    drop of 0.455 or more could be detected (5 broken, none fixed)``, or that none could
    (for measures counted in figures or citations, n counts those and a question may hold
    several: the drop is then of at least that many units)."""
    needed = flips_needed(level)
    if needed > n:
        return f"with n = {n} no {word} could be detected ({needed} would have to break, none fixed)"
    return (f"with n = {n} a {word} of {display_p(Fraction(needed, n))} or more could be detected "
            f"({needed} broken, none fixed)")


def rescore(baseline_run: Run, questions: Sequence[Question], thresholds: Thresholds) -> tuple[dict[str, Outcome], list[str]]:
    """The baseline log re-scored against today's questions with today's settings; pure.

    Returns:
        The outcomes of the questions the log answered in the question's language, by id,
        and the ids of the questions it answered in another language (not compared).
    """
    by_id = {a.question_id: a for a in baseline_run.answers}
    pairs: list[tuple[Question, Answer | None]] = []
    language_changed = []
    for q in questions:
        a = by_id.get(q.question_id)
        if a is None:
            continue
        if a.language.lower() != q.language.lower():
            language_changed.append(q.question_id)
            continue
        pairs.append((q, a))
    outcomes, _ = score_run(pairs, thresholds.matching, thresholds.format)  # as score() gives them, not summed
    return {o.question_id: o for o in outcomes}, language_changed


def judged_not_compared(baseline: Baseline, rubric: Rubric) -> str | None:
    """Why the rubric and quality measures of a judged run cannot be compared with a
    baseline, or None when they can: the baseline stores no judgements (saved without
    them, or before baselines stored them), or they were made under another rubric version."""
    stored = baseline.judgements
    if stored is None:
        return (f"the baseline of assistant {baseline.assistant_version} stores no judgements (saved without --judgements, "
                "or before baselines stored them): the rubric and quality measures are not compared")
    if stored.rubric_version != rubric.version:
        return (f"the baseline's judgements were made under rubric version {stored.rubric_version!r}, this run's under "
                f"{rubric.version!r} ({rubric.path}): the rubric and quality measures are not compared")
    return None


def rescore_judged(baseline: Baseline, baseline_run: Run, questions: Sequence[Question], rescored: Mapping[str, Outcome],
                   rubric: Rubric, thresholds: Thresholds) -> dict[str, Outcome]:
    """The baseline's stored judgements scored again on its re-scored outcomes, with today's
    rubric and grader floors, as ``check`` scores a judged run (:func:`gate.judged.review.score_rubric_run`); pure.

    Returns:
        The re-scored outcomes by id with the rubric and quality counts merged in.

    Raises:
        InputError: a stored judgement that is bad under today's rubric or does not match
            the stored log's answer (naming the baseline file and ``judgements.items[i]``).
    """
    assert baseline.judgements is not None  # see judged_not_compared
    from gate.inputs.judgements import JudgementSet, judgements_from_records
    from gate.judged.review import score_rubric_run

    stored = judgements_from_records(baseline.judgements.records, baseline.path, rubric, baseline_run)
    by_id = {a.question_id: a for a in baseline_run.answers}
    kept = [q for q in questions if q.question_id in rescored]
    merged, _ = score_rubric_run([(q, by_id[q.question_id]) for q in kept], [rescored[q.question_id] for q in kept],
                                 JudgementSet(stored, baseline.judgements.files), rubric, thresholds.min_kappa, thresholds.min_overlap)
    return {o.question_id: o for o in merged}


def differences(baseline: Baseline, baseline_run: Run, questions: Sequence[Question] | TodaySet, set_version: str | None,
                rescored: Mapping[str, Outcome], language_changed: Sequence[str], compared: Sequence[str],
                current: Mapping[str, Outcome], thresholds: Thresholds) -> Differences:
    """How the baseline and this run differ beyond the answers (see :class:`gate.rules.comparison.Differences`).

    Of today's set only the questions the baseline knows are read (:class:`gate.baseline.today.TodaySet`),
    and every id in order for the questions added since."""
    today = questions if isinstance(questions, TodaySet) else TodaySet.read(questions, baseline_ids(baseline, baseline_run))
    answered_before = {a.question_id for a in baseline_run.answers}
    stored_ids = [o.question_id for o in baseline.outcomes]
    shared_ids = [q.question_id for _, q in today.shared]  # today's ids the baseline knows, in today's order
    stored_set, today_set = set(stored_ids), set(shared_ids)
    stored = {o.question_id: o for o in baseline.outcomes}
    kept = [m.name for m in STORED_MEASURES if baseline.stores(m.name)]
    rescored_outcomes = sum(
        1 for qid, o in rescored.items() if qid in stored and qid in baseline.answered
        for name in kept if o.passed(name) != stored[qid].passed(name)
    )
    old_settings, new_settings = settings_dict(baseline.matching), settings_dict(thresholds.matching)
    return Differences(
        baseline_set_version=baseline.set_version,
        set_version=set_version,
        added=tuple(i for i in today.ids() if i not in stored_set),
        dropped=tuple(i for i in stored_ids if i not in today_set),
        unanswered_baseline=tuple(i for i in shared_ids if i in stored_set and i not in answered_before),
        unanswered_now=tuple(i for i in shared_ids if i in rescored and i not in current),
        language_changed=tuple(i for i in language_changed if i in stored_set),
        settings=tuple((k, json.dumps(old_settings[k]), json.dumps(new_settings[k]))
                       for k in sorted(new_settings) if old_settings[k] != new_settings[k]),
        scorer_version=baseline.scorer_version,
        rescored_outcomes=rescored_outcomes,
        compared=len(compared),
    )


def compare_cell(slice_name: str, measure: Measure, ids: Sequence[str], before: Mapping[str, Outcome],
                 after: Mapping[str, Outcome], rules: Sequence[Rule], thresholds: Thresholds) -> ComparedCell:
    """One slice x measure compared on the questions ``ids``, with its regression rules checked; pure.

    A question breaks when it did not fail the measure before (it passed, or the measure did
    not apply) and fails it now, and is fixed the other way round.
    """
    name = measure.name
    was_counts, now_counts = [before[i].counts[name] for i in ids], [after[i].counts[name] for i in ids]
    was, now = _summed(was_counts), _summed(now_counts)
    passed_before, passed_now = _passed(was_counts, name), _passed(now_counts, name)
    broken = tuple(i for i, b, a in zip(ids, passed_before, passed_now) if b is not False and a is False)
    fixed = tuple(i for i, b, a in zip(ids, passed_before, passed_now) if b is False and a is not False)
    p = mcnemar_p(len(broken), len(fixed))
    results = tuple(
        check_regression(r, slice_name, was, now, len(broken), len(fixed), p, thresholds.alpha, thresholds.min_n)
        for r in rules if r.measure == name and r.kind in REGRESSION_KINDS
    )
    return ComparedCell(slice_name, name, was, now, broken, fixed, p, results)


def _summed(counts: Sequence[Count]) -> Count:
    """The sum of counts (as ``sum(counts, Count())``, in one step)."""
    return Count(sum(c.numerator for c in counts), sum(c.denominator for c in counts))


def _passed(counts: Sequence[Count], name: str) -> list[bool | None]:
    """Each question's outcome on the measure ``name`` from its count (:meth:`Outcome.passed`)."""
    return [None if not c.denominator else outcome_passed(name, c) for c in counts]


def decide_family(cells: Sequence[ComparedCell], thresholds: Thresholds) -> list[ComparedCell]:
    """The regression rules of every compared cell decided as one family; pure.

    The family is every rule that could decide alone (severity error, 0 < n >= min_n),
    fixed before the flips are seen; its tests are decided together with
    ``thresholds.correction`` at ``thresholds.alpha`` (:func:`gate.baseline.family.adjust`),
    and every rule is checked again with its place (rules outside the family carry the
    correction and the family's size too). With alpha null nothing is tested: the cells are
    returned as they are.
    """
    alpha = thresholds.alpha
    if alpha is None:
        return list(cells)
    members = [(ci, ri) for ci, c in enumerate(cells) for ri, r in enumerate(c.results) if r.could_decide and r.status != SKIP]
    tests = [FamilyTest(cells[ci].p_value, _p_min(cells[ci])) for ci, _ in members]
    size = len(members)
    places = {m: Place(thresholds.correction, size, o) for m, o in zip(members, adjust(tests, alpha, thresholds.correction), strict=True)}
    outside = Place(thresholds.correction, size, None)
    return [
        replace(c, results=tuple(
            check_regression(r.rule, c.slice, c.baseline, c.current, len(c.broken), len(c.fixed), c.p_value, alpha,
                             thresholds.min_n, places.get((ci, ri), outside), c.p_min)
            for ri, r in enumerate(c.results)))
        for ci, c in enumerate(cells)
    ]


def _p_min(cell: ComparedCell) -> Fraction:
    """The smallest p a compared cell's test could give: McNemar's from its flips, or the
    question-by-question test's with repeated answers."""
    return mcnemar_min_p(len(cell.broken) + len(cell.fixed)) if cell.p_min is None else cell.p_min


def compare(
    baseline: Baseline,
    baseline_run: Run,
    questions: Sequence[Question] | TodaySet,
    set_version: str | None,
    current: Mapping[str, Outcome],
    thresholds: Thresholds,
    history: Sequence[HistoryPoint] = (),
    rubric: Rubric | None = None,
    repeated: Callable[[Sequence[Question], Sequence[Measure]], list[ComparedCell]] | None = None,
) -> tuple[Comparison, list[RuleResult]]:
    """Compare a run with a baseline, question by question; pure.

    The baseline log is re-scored against today's questions with today's matching settings;
    the common questions are those of today's set answered in both runs (with the same
    language). Per slice (``all``, then each language of the common questions) and measure:
    the counts of both runs on the common questions, the change in rate points, the flips
    and their p-value, and the regression rules of thresholds.yaml.

    A question *fails* a measure when :meth:`Outcome.passed` is False; it breaks when it did
    not fail in the baseline (it passed, or the measure did not apply) and fails now, and is
    fixed the other way round. So an answer that states an invented figure where the
    baseline stated none breaks unsupported numbers.

    Args:
        baseline: the stored baseline.
        baseline_run: its log (:func:`gate.baseline.load_baseline_run`).
        questions: today's question set, in order, or as a comparison reads it
            (:class:`gate.baseline.today.TodaySet`: only the questions the baseline knows
            are built).
        set_version: today's set version.
        current: this run's outcomes by question id, answered questions only (only those
            of the questions the baseline knows are read).
        thresholds: rules, matching settings, alpha and min_n.
        history: stored scores of earlier versions, carried into the comparison.
        rubric: with a judged run whose baseline stores judgements under the same rubric
            version (:func:`judged_not_compared` is None): the rubric and quality measures
            are compared too, question by question, the baseline's from its stored
            judgements (:func:`rescore_judged`); ``current`` then holds this run's.
        repeated: with repeated answers (``attempt`` in this run's log), the cells of the
            common questions and the measures, compared question by question over the
            attempts of both versions (:func:`gate.baseline.repeated_compare.repeated_cells`).

    Returns:
        The comparison, and one regression result per (compared cell, rule).
    """
    today = questions if isinstance(questions, TodaySet) else TodaySet.read(questions, baseline_ids(baseline, baseline_run))
    shared = today.shared_questions()  # the baseline's questions in today's set: all that is compared
    rescored, language_changed = rescore(baseline_run, shared, thresholds)
    common = [q for q in shared if q.question_id in rescored and q.question_id in current]
    common_ids = [q.question_id for q in common]
    found = differences(baseline, baseline_run, today, set_version, rescored, language_changed, common_ids,
                        current, thresholds)
    measures = STORED_MEASURES
    if rubric is not None and baseline.judgements is not None:
        rescored = rescore_judged(baseline, baseline_run, shared, rescored, rubric, thresholds)
        measures = STORED_MEASURES + JUDGED_MEASURES
    cells: list[ComparedCell] = []
    if repeated is not None:
        cells = repeated(common, measures)
    for slice_name in ([] if repeated is not None else [ALL] + sorted({language_slice(q.language) for q in common})):
        ids = [q.question_id for q in common if slice_name == ALL or language_slice(q.language) == slice_name]
        rules = thresholds.rules_for(slice_language(slice_name))
        cells.extend(compare_cell(slice_name, m, ids, rescored, current, rules, thresholds) for m in measures)
    cells = decide_family(cells, thresholds)
    results = [r for c in cells for r in c.results]
    comparison = Comparison(baseline.assistant_version, baseline.path, found, tuple(cells), tuple(history),
                            thresholds.alpha, thresholds.min_n)
    return comparison, results
