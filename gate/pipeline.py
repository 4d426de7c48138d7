"""The flow of the gate, stage after stage, each a plain function of the one before.

run log + question set -> load/validate -> join -> score each answer -> aggregate per slice
-> check rules (thresholds, baseline) -> verdict -> one Report.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from gate.errors import InputError, ProblemCollector
from gate.judgements import load_judgements
from gate.measures import measures_of, score_run
from gate.review import score_rubric_run
from gate.rubric import load_rubric
from gate.records import join, load_question_set, load_run
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
    judgements: Sequence[str | Path] = (),
    rubric: str | Path = "rubric.yaml",
) -> Report:
    """Score a run and check it against the rules.

    Args:
        run_path: the run log (JSON lines).
        questions_path: the question set, or None for a log in the merged form.
        thresholds: a thresholds file, or loaded :class:`Thresholds`.
        compare: optional baseline comparison (see :data:`Comparer`).
        judgements: judgement files (JSON lines or CSV); with none, the rubric and quality
            families are not scored and the report is the automatic one.
        rubric: the rubric file the judgements are checked against (read only with
            judgements).

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
    judged, loaded_rubric = _read_judgements(judgements, rubric, run, problems)
    problems.raise_if_any()
    assert isinstance(rules, Thresholds)
    outcomes, score_notices = score_run(joined.pairs, rules.matching)
    summary = None
    families = ["automatic"]
    if judged is not None and loaded_rubric is not None:
        outcomes, summary = score_rubric_run(joined.pairs, outcomes, judged, loaded_rubric, rules.min_kappa, rules.min_overlap)
        score_notices = list(score_notices) + list(judged.notices) + list(summary.notices)
        families += ["rubric", "quality"]
    shown = measures_of(families)
    scores = [s for s in aggregate(outcomes) if s.measure in {m.name for m in shown}]
    results = check_levels(scores, rules)
    used_set = question_set if question_set is not None else run.merged_set
    comparison = None
    compare_notices: list[str] = []
    if compare is not None:
        comparison, regression_results, compare_notices = compare(run, joined, outcomes, scores, rules, question_set=used_set)
        results = results + list(regression_results)
    verdict = decide(results)
    return build_report(
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
        measures=shown,
        rubric=summary,
    )


def _read_judgements(paths: Sequence[str | Path], rubric_path: str | Path, run, problems: ProblemCollector):
    """The judgements and their rubric, or (None, None) when no judgement file is given."""
    if not paths:
        return None, None
    try:
        rubric = load_rubric(rubric_path)
    except InputError as error:
        problems.absorb(error)
        return None, None
    return load_judgements(paths, rubric, run, problems), rubric
