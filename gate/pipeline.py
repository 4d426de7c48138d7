"""The flow of the gate, stage after stage, each a plain function of the one before.

run log + question set -> load/validate -> join -> score each answer -> aggregate per slice
-> check rules (thresholds, baseline) -> verdict -> one Report.

The stages before the rules (:func:`load_inputs`, :func:`score`) are shared with the
baseline, which stores a run scored the same way and re-scores a stored log with them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from gate.comparison import Comparison
from gate.errors import InputError, ProblemCollector
from gate.judgements import JudgementSet, load_judgements
from gate.figures import MatchSettings
from gate.measures import Outcome, measures_of, score_run
from gate.records import Answer, Joined, Question, QuestionSet, Run, join, load_question_set, load_run
from gate.review import score_rubric_run
from gate.rubric import Rubric, load_rubric
from gate.report import Report, Source, build_report
from gate.scores import Score, aggregate
from gate.thresholds import Thresholds, load_thresholds
from gate.verdict import RuleResult, check_levels, decide


class Comparer(Protocol):
    """A hook that compares the run with a baseline.

    :class:`gate.baseline.BaselineComparer` is the one ``answer-gate check`` uses.
    """

    def __call__(self, run: Run, joined: Joined, outcomes: Sequence[Outcome], scores: Sequence[Score],
                 thresholds: Thresholds, question_set: QuestionSet | None = None,
                 ) -> tuple[Comparison | None, list[RuleResult], list[str]]:
        """``(comparison or None, regression rule results, notices)`` for a scored run."""
        ...


@dataclass(frozen=True)
class Inputs:
    """The loaded and joined inputs of one run.

    Attributes:
        run: the run log.
        question_set: the set scored against (the log's own in the merged form).
        joined: the answers joined to the set's questions, in the set's order.
        thresholds: the rules and matching settings.
    """

    run: Run
    question_set: QuestionSet
    joined: Joined
    thresholds: Thresholds


@dataclass(frozen=True)
class Scored:
    """The answers scored.

    Attributes:
        outcomes: one per joined pair, in the set's order.
        scores: per slice and measure, exact counts (:func:`gate.scores.aggregate`).
        notices: warnings met while scoring.
    """

    outcomes: list[Outcome]
    scores: list[Score]
    notices: list[str]


def load_inputs(run_path: str | Path, questions_path: str | Path | None, thresholds: str | Path | Thresholds) -> Inputs:
    """Read, validate and join a run, its question set and the thresholds.

    Args:
        run_path: the run log (JSON lines).
        questions_path: the question set, or None for a log in the merged form.
        thresholds: a thresholds file, or loaded :class:`Thresholds`.

    Raises:
        gate.errors.InputError: bad input or configuration, every problem of every input
            at once.
    """
    problems = ProblemCollector()
    rules: Thresholds | None = None
    if isinstance(thresholds, Thresholds):
        rules = thresholds
    else:
        try:
            rules = load_thresholds(thresholds)
        except InputError as error:
            problems.absorb(error)
    run = load_run(run_path, problems)
    question_set = load_question_set(questions_path, problems) if questions_path is not None else None
    joined = join(run, question_set, problems)
    problems.raise_if_any()
    assert rules is not None  # loading them raised otherwise
    used_set = question_set if question_set is not None else run.merged_set
    assert used_set is not None  # join raised otherwise
    return Inputs(run, used_set, joined, rules)


def score(pairs: Iterable[tuple[Question, Answer | None]], thresholds: Thresholds) -> Scored:
    """Score joined pairs with the thresholds' matching settings and aggregate them; pure."""
    outcomes, notices = score_run(pairs, thresholds.matching)
    return Scored(outcomes, aggregate(outcomes), notices)


def check_run(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    compare: Comparer | None = None,
    judgements: Sequence[str | Path] = (),
    rubric: str | Path = "rubric.yaml",
    jobs: int = 1,
    max_findings: int | None = None,
) -> Report:
    """Score a run and check it against the rules, streaming the log (see :mod:`gate.stream`).

    Memory does not grow with the number of answers: the set is indexed on disk, each
    answer is scored into sums per slice, and the first ``max_findings`` findings (None:
    all) are listed, the others counted by code and slice.

    Args:
        run_path: the run log (JSON lines).
        questions_path: the question set, or None for a log in the merged form.
        thresholds: a thresholds file, or loaded :class:`Thresholds`.
        compare: optional baseline comparison (see :data:`Comparer`).
        judgements, rubric: judgement files and their rubric; a run with judgements is
            scored by :func:`check_run_in_memory` (the rubric reads the whole run).
        jobs: worker processes that score (1: this process).
        max_findings: findings listed in the report; None lists them all.

    Returns:
        The Report, the same as :func:`check_run_in_memory` gives.

    Raises:
        gate.errors.InputError: bad input or configuration, every problem at once.
    """
    import tempfile

    from gate.stream import stream_run

    if judgements:
        return check_run_in_memory(run_path, questions_path, thresholds, compare, judgements, rubric)
    problems = ProblemCollector()
    rules = thresholds
    if not isinstance(thresholds, Thresholds):
        try:
            rules = load_thresholds(thresholds)
        except InputError as error:
            problems.absorb(error)
    settings = rules.matching if isinstance(rules, Thresholds) else MatchSettings()
    with tempfile.TemporaryDirectory(prefix="answer-gate-") as folder:
        streamed = stream_run(run_path, questions_path, settings, folder, problems, jobs=jobs,
                              max_findings=max_findings, keep_outcomes=compare is not None)
        return report_of_stream(streamed, rules, compare, problems)


def report_of_stream(streamed: Any, rules: Any, compare: Comparer | None, problems: ProblemCollector) -> Report:
    """The rules, the baseline comparison and the Report of a streamed run
    (:class:`gate.stream.StreamedRun`), or the problems raised."""
    from gate.records import QuestionSet, Run
    from gate.stream import StoredOutcomes, StoredPairs

    problems.raise_if_any()
    assert isinstance(rules, Thresholds) and streamed is not None
    shown = measures_of(["automatic"])
    names = {m.name for m in shown}
    scores = [s for s in streamed.tally.scores() if s.measure in names]
    results = check_levels(scores, rules)
    used_set = QuestionSet(streamed.set_display, streamed.set_version_used, ())
    comparison = None
    compare_notices: list[str] = []
    if compare is not None:
        run = Run(streamed.display, streamed.assistant_version, streamed.set_version, ())
        joined = Joined(StoredPairs(streamed.outcomes))  # type: ignore[arg-type]
        comparison, regression_results, compare_notices = compare(
            run, joined, StoredOutcomes(streamed.outcomes), scores, rules, question_set=used_set)
        results = results + list(regression_results)
    verdict = decide(results)
    return build_report(
        run=Source(streamed.display, streamed.assistant_version),
        set_version_logged=streamed.set_version,
        question_set=Source(used_set.path, used_set.version),
        thresholds=rules.path,
        matching=rules.matching,
        min_n=rules.min_n,
        answers=streamed.answers,
        questions=streamed.questions,
        scores=scores,
        rules=results,
        findings=streamed.findings.listed(),
        findings_not_listed=streamed.findings.not_listed(),
        notices=streamed.notices + streamed.score_notices + compare_notices,
        verdict=verdict,
        comparison=comparison,
        measures=shown,
    )


def merge_shards(
    shard_paths: list[str],
    thresholds: str | Path | Thresholds,
    compare: Comparer | None = None,
) -> Report:
    """Merge the shard files of one log (``answer-gate score-shard``) and check the rules:
    the Report :func:`check_run` gives on the whole log (see :mod:`gate.shards`).

    Raises:
        gate.errors.InputError: unreadable or mismatched shards, a shard missing, or any
            problem of the log, the set or the rules, every one at once.
    """
    import tempfile

    from gate.shards import check_shards, read_heads, read_records
    from gate.stream import stream_run

    problems = ProblemCollector()
    rules = thresholds
    if not isinstance(thresholds, Thresholds):
        try:
            rules = load_thresholds(thresholds)
        except InputError as error:
            problems.absorb(error)
    headers, found, left_out = read_heads(list(shard_paths), problems)
    ordered = check_shards(headers, problems)
    problems.raise_if_any()
    head = headers[0][1]
    settings = rules.matching if isinstance(rules, Thresholds) else MatchSettings()
    if isinstance(rules, Thresholds) and head["matching"] != _settings_dict(settings):
        problems.add(ordered[0], 1, "matching", "expected the matching settings of the thresholds given, found others: score the shards with the same thresholds.yaml")
        problems.raise_if_any()
    with tempfile.TemporaryDirectory(prefix="answer-gate-") as folder:
        streamed = stream_run(head["run"], head["questions"], settings, folder, problems, max_findings=head["max_findings"],
                              keep_outcomes=compare is not None, source=read_records(ordered),
                              shard_findings=found, shard_left_out=left_out)
        return report_of_stream(streamed, rules, compare, problems)


def _settings_dict(settings: MatchSettings) -> dict[str, Any]:
    from dataclasses import asdict

    return json.loads(json.dumps(asdict(settings), default=str))


def check_run_in_memory(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    compare: Comparer | None = None,
    judgements: Sequence[str | Path] = (),
    rubric: str | Path = "rubric.yaml",
) -> Report:
    """Score a run and check it against the rules, every answer held in memory: the
    reference :func:`check_run` is tested against (``tests/test_stream.py``), and the path
    of a run with judgements (the rubric reads the whole run).

    Args:
        run_path: the run log (JSON lines).
        questions_path: the question set, or None for a log in the merged form.
        thresholds: a thresholds file, or loaded :class:`Thresholds`.
        compare: optional baseline comparison (see :class:`Comparer`).
        judgements: judgement files (JSON lines or CSV); with none, the rubric and quality
            families are not scored and the report is the automatic one.
        rubric: the rubric file the judgements are checked against (read only with
            judgements).

    Returns:
        The Report.

    Raises:
        gate.errors.InputError: bad input or configuration, every problem at once.
    """
    inputs = load_inputs(run_path, questions_path, thresholds)
    run, joined, rules = inputs.run, inputs.joined, inputs.thresholds
    judged, loaded_rubric = read_judgements(judgements, rubric, run)
    scored = score(joined.pairs, rules)
    summary = None
    families = ["automatic"]
    if judged is not None and loaded_rubric is not None:
        outcomes, summary = score_rubric_run(joined.pairs, scored.outcomes, judged, loaded_rubric, rules.min_kappa, rules.min_overlap)
        notices = scored.notices + list(judged.notices) + list(summary.notices)
        scored = Scored(outcomes, aggregate(outcomes), notices)
        families += ["rubric", "quality"]
    shown = measures_of(families)
    scored = Scored(scored.outcomes, [s for s in scored.scores if s.measure in {m.name for m in shown}], scored.notices)
    results = check_levels(scored.scores, rules)
    comparison = None
    compare_notices: list[str] = []
    if compare is not None:
        comparison, regression_results, compare_notices = compare(run, joined, scored.outcomes, scored.scores, rules,
                                                                  question_set=inputs.question_set)
        results = results + list(regression_results)
    verdict = decide(results)
    return build_report(
        run=Source(run.path, run.assistant_version),
        set_version_logged=run.set_version,
        question_set=Source(inputs.question_set.path, inputs.question_set.version),
        thresholds=rules.path,
        matching=rules.matching,
        min_n=rules.min_n,
        answers=len(run.answers),
        questions=len(joined.pairs),
        scores=scored.scores,
        rules=results,
        findings=[f for o in scored.outcomes for f in o.findings],
        notices=list(run.notices) + list(joined.notices) + scored.notices + compare_notices,
        verdict=verdict,
        comparison=comparison,
        measures=shown,
        rubric=summary,
    )


def read_judgements(paths: Sequence[str | Path], rubric_path: str | Path, run: Run) -> tuple[JudgementSet | None, Rubric | None]:
    """The judgements and their rubric, or (None, None) when no judgement file is given.

    Raises:
        gate.errors.InputError: the rubric or a judgement is bad, every problem at once.
    """
    if not paths:
        return None, None
    rubric = load_rubric(rubric_path)
    return load_judgements(paths, rubric, run), rubric
