"""The flow of the gate, stage after stage, each a plain function of the one before.

run log + question set -> load/validate -> join -> score each answer -> aggregate per slice
-> check rules (thresholds, baseline) -> verdict -> one Report.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from gate.errors import InputError, ProblemCollector
from gate.loosened import loosened_questions, loosened_rules
from gate.measures import score_run
from gate.records import join, load_question_set, load_run
from gate.redact import redact_report
from gate.report import Report, Source, build_report
from gate.scores import aggregate
from gate.thresholds import Thresholds, load_thresholds
from gate.verdict import check_levels, decide

#: A hook that compares the run with a baseline: (run, joined pairs, outcomes, scores,
#: thresholds, question_set=the set scored against) -> (comparison, regression rule results,
#: notices). :class:`gate.baseline.BaselineComparer` is the one ``answer-gate check`` uses.
Comparer = Callable[..., tuple[Any, list, list[str]]]


def check_run(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    compare: Comparer | None = None,
    base_thresholds: str | Path | None = None,
    base_questions: str | Path | None = None,
) -> Report:
    """Score a run and check it against the rules.

    Args:
        run_path: the run log (JSON lines).
        questions_path: the question set, or None for a log in the merged form.
        thresholds: a thresholds file, or loaded :class:`Thresholds`.
        compare: optional baseline comparison (see :data:`Comparer`).
        base_thresholds, base_questions: the base branch's thresholds file and question
            set; what this branch loosened against them is listed (:mod:`gate.loosened`),
            and fails the gate when either thresholds file sets ``fail_on_loosened``.

    Returns:
        The Report.

    Raises:
        gate.errors.InputError: bad input or configuration, every problem at once.
    """
    problems = ProblemCollector()
    rules = thresholds
    if not isinstance(thresholds, Thresholds):
        try:
            rules = load_thresholds(thresholds)
        except InputError as error:
            problems.absorb(error)
    # Every input is read, and every problem of every input reported at once.
    run = load_run(run_path, problems)
    question_set = load_question_set(questions_path, problems) if questions_path is not None else None
    joined = join(run, question_set, problems)
    base_rules = _load_base(load_thresholds, base_thresholds, problems)
    base_set = _load_base(load_question_set, base_questions, problems)
    problems.raise_if_any()
    assert isinstance(rules, Thresholds)
    outcomes, score_notices = score_run(joined.pairs, rules.matching)
    scores = aggregate(outcomes)
    results = check_levels(scores, rules)
    used_set = question_set if question_set is not None else run.merged_set
    comparison = None
    compare_notices: list[str] = []
    if compare is not None:
        comparison, regression_results, compare_notices = compare(run, joined, outcomes, scores, rules, question_set=used_set)
        results = results + list(regression_results)
    loosened = loosened_rules(base_rules, rules) if base_rules is not None else []
    if base_set is not None:
        loosened += loosened_questions(base_set, question_set if question_set is not None else run.merged_set)
    strict = rules.fail_on_loosened or (base_rules is not None and base_rules.fail_on_loosened)
    verdict = decide(results, _unchecked(rules, comparison), loosened=len(loosened) if strict else 0)
    report = build_report(
        run=Source(run.path, run.assistant_version),
        set_version_logged=run.set_version,
        question_set=Source(used_set.path, used_set.version),
        thresholds=rules.path,
        matching=rules.matching,
        min_n=rules.min_n,
        answers=len(run.answers),
        questions=len(joined.pairs),
        scores=scores,
        rules=results,
        findings=[f for o in outcomes for f in o.findings],
        notices=list(run.notices) + list(joined.notices) + score_notices + compare_notices,
        verdict=verdict,
        comparison=comparison,
        loosened=loosened,
    )
    return replace(redact_report(report, rules.redact), evidence=rules.evidence)


def _load_base(load: Callable[..., Any], path: str | Path | None, problems: ProblemCollector) -> Any:
    """A base branch's file, loaded like this branch's; its problems join the others."""
    if path is None:
        return None
    try:
        return load(path)
    except InputError as error:
        problems.absorb(error)
        return None


def _unchecked(rules: Thresholds, comparison: Any) -> str | None:
    """Why rules of the file gave no result: regression rules with no baseline."""
    from gate.thresholds import REGRESSION_KINDS

    every = [r for table in [rules.measures, *rules.languages.values()] for group in table.values() for r in group]
    if comparison is None and every and all(r.kind in REGRESSION_KINDS for r in every):
        return "the thresholds hold only regression rules (max_drop, max_rise) and there is no baseline to compare with"
    return None
