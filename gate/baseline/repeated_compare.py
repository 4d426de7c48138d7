"""A run with repeated answers compared with its baseline, question by question.

Both versions are tallied per question and measure: the baseline's log re-scored attempt by
attempt with today's set and settings (a baseline saved before repeats, one answer per
question, reads as one attempt each), this run's from the engine's per-question sums
(:class:`gate.engine.attempts.Attempts`). Per slice and measure, the change is the mean of the
questions' rates now minus before, on the questions answered in both; the test is the exact
question-by-question test of :func:`gate.baseline.repeats.compare_repeats` on the attempts
that passed the measure (:func:`gate.model.outcomes.outcome_passed`), its p and smallest
attainable p going to the family (:func:`gate.baseline.regression.decide_family`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from gate.baseline.regression import check_regression
from gate.baseline.repeats import Repeats, Tally, compare_repeats
from gate.engine.attempts import attempt_cell, mean_count
from gate.model.inputs import Answer, Question, Run
from gate.model.measures import Measure
from gate.model.scores import ALL, language_slice, slice_language
from gate.rules.comparison import ComparedCell
from gate.rules.thresholds import REGRESSION_KINDS, Thresholds
from gate.scoring.answer import score_run

#: Per measure, question id -> ``[numerator, denominator, applied, passed, attempts]`` summed over its
#: attempts (:class:`gate.engine.attempts.Attempts`).
Sums = Mapping[str, Mapping[str, Sequence[int]]]


def rescore_attempts(baseline_run: Run, questions: Sequence[Question], thresholds: Thresholds) -> dict[str, dict[str, list[int]]]:
    """The baseline log re-scored attempt by attempt against today's questions (those answered
    in the question's language), summed per measure and question; pure."""
    by_id = {q.question_id: q for q in questions}
    pairs: list[tuple[Question, Answer | None]] = []
    for a in baseline_run.answers:
        q = by_id.get(a.question_id)
        if q is not None and a.language.lower() == q.language.lower():
            pairs.append((q, a))
    sums: dict[str, dict[str, list[int]]] = {}
    for outcome in score_run(pairs, thresholds.matching, thresholds.format)[0]:  # as score() gives them, not summed
        for name, count in outcome.counts.items():
            cell = sums.setdefault(name, {}).setdefault(outcome.question_id, [0, 0, 0, 0, 0])
            for i, x in enumerate(attempt_cell(count, name)):
                cell[i] += x
    return sums


def repeated_cell(slice_name: str, measure: Measure, ids: Sequence[str], before: Sums, now: Sums, thresholds: Thresholds) -> ComparedCell:
    """One slice x measure compared on the questions ``ids`` with attempts on both sides;
    its regression rules checked alone (then in the family by ``decide_family``); pure."""
    name = measure.name
    was_sums, now_sums = before.get(name, {}), now.get(name, {})
    common = [i for i in ids if i in was_sums and i in now_sums and was_sums[i][2] and now_sums[i][2]]
    cell = compare_repeats(Repeats({i: Tally(was_sums[i][2], was_sums[i][3]) for i in common}),
                           Repeats({i: Tally(now_sums[i][2], now_sums[i][3]) for i in common}))
    was, current = mean_count(was_sums[i] for i in common), mean_count(now_sums[i] for i in common)
    rules = thresholds.rules_for(slice_language(slice_name))
    results = tuple(
        check_regression(r, slice_name, was, current, len(cell.worse), len(cell.better), cell.p_value, thresholds.alpha,
                         thresholds.min_n, p_min=cell.p_min)
        for r in rules if r.measure == name and r.kind in REGRESSION_KINDS
    )
    return ComparedCell(slice_name, name, was, current, cell.worse, cell.better, cell.p_value, results, cell.p_min)


def repeated_cells(common: Sequence[Question], measures: Sequence[Measure], before: Sums, now: Sums,
                   thresholds: Thresholds) -> list[ComparedCell]:
    """Every slice (``all``, then each language of the common questions) x measure compared
    question by question; pure."""
    cells: list[ComparedCell] = []
    for slice_name in [ALL] + sorted({language_slice(q.language) for q in common}):
        ids = [q.question_id for q in common if slice_name == ALL or language_slice(q.language) == slice_name]
        cells.extend(repeated_cell(slice_name, m, ids, before, now, thresholds) for m in measures)
    return cells


def question_by_question(baseline_run: Run, questions: Sequence[Question], now: Sums, thresholds: Thresholds,
                         ) -> Callable[[Sequence[Question], Sequence[Measure]], list[ComparedCell]]:
    """The cells of a run with repeated answers, for :func:`gate.baseline.regression.compare`:
    the baseline log re-scored attempt by attempt once, then :func:`repeated_cells` of the
    common questions and the measures compared."""
    before = rescore_attempts(baseline_run, questions, thresholds)

    def cells(common: Sequence[Question], measures: Sequence[Measure]) -> list[ComparedCell]:
        return repeated_cells(common, measures, before, now, thresholds)

    return cells
