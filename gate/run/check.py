"""The flow of the gate, stage after stage, each a plain function of the one before.

run log + question set -> load/validate -> join -> score each answer -> aggregate per slice
-> check rules (thresholds, baseline) -> verdict -> one Report.

The stages before the rules (:func:`load_inputs`, :func:`score`) are shared with the
baseline, which stores a run scored the same way and re-scores a stored log with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from gate.core.errors import InputError, ProblemCollector
from gate.core.stdin import shown
from gate.engine.findings import Findings
from gate.engine.groups import add_group_findings
from gate.engine.stream import LineSource, Streamed, stream_inputs
from gate.engine.tallies import Tally
from gate.figures import MatchSettings
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import strict_fields
from gate.inputs.set_load import PendingSet, start_set_load
from gate.model.inputs import Joined, QuestionSet, Run
from gate.model.measures import CLAIM_MEASURES, Measure, measures_of
from gate.model.outcomes import Outcome
from gate.model.scores import ALL, Score
from gate.report.model import Report, Source, build_report
from gate.report.redact import redact_report
from gate.rules.comparison import Comparison
from gate.rules.thresholds import Thresholds, load_thresholds
from gate.rules.verdict import RuleResult, Verdict, check_levels, decide

if TYPE_CHECKING:  # what only judgements, a rubric or a base branch's files need, imported then
    from gate.inputs.judgements import Judgement, JudgementSet
    from gate.inputs.rubric import Rubric
    from gate.judged.code_agreement import CodeAgreement
    from gate.judged.review import RubricSummary
    from gate.rules.loosened import Loosening


class Comparer(Protocol):
    """A hook that compares the run with a baseline.

    :class:`gate.baseline.BaselineComparer` is the one ``answer-gate check`` uses.
    """

    def __call__(self, run: Run, joined: Joined, outcomes: Sequence[Outcome], scores: Sequence[Score],
                 thresholds: Thresholds, question_set: QuestionSet | None = None,
                 ) -> tuple[Comparison | None, list[RuleResult], list[str]]:
        """``(comparison or None, regression rule results, notices)`` for a scored run."""
        ...


def unused_language_rules(rules: Thresholds, scores: list[Score]) -> list[str]:
    """One notice per ``languages:`` key of the thresholds file that no language of the run
    uses (a misspelt ``frr`` or a language the run does not hold): its rules checked nothing,
    and the run's languages were held to the top-level rules instead. Never silent."""
    used: set[str] = set()
    for s in scores:
        if s.slice.startswith("language="):
            tag = s.slice.split("=", 1)[1].lower()
            used.update({tag, tag.split("-")[0]})
    return [f"{rules.path}: the rules under languages.{key} apply to no language of this run "
            f"(its languages: {', '.join(sorted(used)) or 'none'}); they checked nothing"
            for key in sorted(rules.languages) if key.lower() not in used]


def check_run(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    compare: Comparer | None = None,
    judgements: Sequence[str | Path] = (),
    rubric: str | Path = "rubric.yaml",
    calibration: Sequence[str | Path] = (),
    base_thresholds: str | Path | None = None,
    base_questions: str | Path | None = None,
    base_rubric: str | Path | None = None,
    jobs: int = 1,
    max_findings: int | None = None,
    source: LineSource | None = None,
    stored_judgements: str | Path | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> Report:
    """Score a run and check it against the rules, in steps: the settings loaded and checked
    (:class:`_Settings`); the log streamed (:mod:`gate.engine.stream`: line by line, scored in
    ``jobs`` processes, summed per slice, at most ``max_findings`` findings held), or only
    read and joined when a setting is bad; the judgements scored; the rules checked; the
    Report built. The report is the same whatever ``jobs``.

    Args:
        run_path: the run log (JSON lines); questions_path: the question set, or None for a
            log in the merged form; thresholds: a file, or loaded :class:`Thresholds`.
        compare: optional baseline comparison (see :class:`Comparer`).
        base_thresholds, base_questions, base_rubric: the base branch's files; what this
            branch loosened against them is listed (:mod:`gate.rules.loosened`), and fails the
            gate when either thresholds file sets ``fail_on_loosened``.
        judgements: judgement files (JSON lines or CSV); with none, the rubric and quality
            families are not scored. rubric: the rubric they are checked against.
            calibration: human-labelled examples from other runs, to validate graders.
        jobs: worker processes scoring the lines (1: this process).
        max_findings: the findings listed, the first in the set's order; the others are
            counted by code and slice (``Report.findings_not_listed``). None lists every
            one (past :data:`gate.engine.findings.HOLD_FINDINGS`, read from disk).
        source: lines already scored (shards, Dask) instead of the log's; ``run_path``
            then only names the log.
        stored_judgements: a baselines folder whose stored judgements validate graders too
            (:func:`gate.baseline.storage.stored_examples`).
        meanwhile: work for this process while worker processes read the question set
            (:mod:`gate.inputs.set_load`), such as imports the caller needs next; not called when
            the set is read in this process.

    Raises:
        gate.core.errors.InputError: bad input or configuration, every problem at once.
    """
    problems = ProblemCollector()
    pending = start_set_load(questions_path, jobs) if questions_path is not None and source is None else None
    try:  # the set is read in the workers while the settings are loaded here
        settings = _Settings.load(thresholds, base_thresholds, base_questions, base_rubric, rubric, judgements, calibration, problems)
        if pending is not None and meanwhile is not None:
            meanwhile()
        streamed, question_set = _stream(run_path, questions_path, settings.rules, problems, jobs, max_findings,
                                         keep=bool(judgements), store=_needs_outcomes(compare), source=source,
                                         score=not problems.total, pending=pending)
    finally:
        if pending is not None:
            pending.stop()
    problems.raise_if_any()
    assert streamed is not None and settings.rules is not None  # problems were raised otherwise
    rules = settings.rules
    used_set = question_set if question_set is not None else QuestionSet(shown(run_path), streamed.run.set_version, streamed.questions)
    scored = _score_judged(streamed, judgements, settings, max_findings, stored_judgements)
    results, comparison, compare_notices = _check_rules(streamed, scored, rules, used_set, compare)
    loosened, strict = settings.bases.loosened(rules, used_set)
    verdict = decide(results, _unchecked(rules, comparison), loosened=len(loosened) if strict else 0)
    report = _report(streamed, scored, rules, used_set, results, verdict, comparison, compare_notices, loosened)
    return replace(redact_report(report, rules.redact), evidence=rules.evidence)


@dataclass(frozen=True)
class _Settings:
    """The settings files of a check, loaded and checked before any answer is scored: the
    thresholds, the base branch's files, the rubric and the calibration examples (with
    judgements); the judgement files are checked for form (against the rubric, not yet
    against the run, which is read with the scoring)."""

    rules: Thresholds | None
    bases: _Bases
    rubric: Rubric | None
    calibration: tuple[Judgement, ...]

    @classmethod
    def load(cls, thresholds: str | Path | Thresholds, base_thresholds: str | Path | None, base_questions: str | Path | None,
             base_rubric: str | Path | None, rubric: str | Path, judgements: Sequence[str | Path], calibration: Sequence[str | Path],
             problems: ProblemCollector) -> _Settings:
        """Every settings file loaded; their problems added to ``problems`` (in the order: the
        base branch's, the thresholds, the rubric, the calibration, the judgements)."""
        bases = _Bases.load(base_thresholds, base_questions, base_rubric, rubric, problems)
        rules = _load_rules(thresholds, problems)
        loaded_rubric = None
        if judgements:
            loaded_rubric = bases.head_rubric if base_rubric is not None else _load_rubric(rubric, problems)
        examples: tuple[Judgement, ...] = ()
        if loaded_rubric is not None:
            from gate.inputs.judgements import load_judgements

            if calibration:
                examples = tuple(load_judgements(calibration, loaded_rubric, None, problems).judgements)
            load_judgements(judgements, loaded_rubric, None, problems)  # their form; against the run once it is read
        return cls(rules, bases, loaded_rubric, examples)


def _check_rules(streamed: Streamed, scored: _Scored, rules: Thresholds, used_set: QuestionSet, compare: Comparer | None,
                 ) -> tuple[list[RuleResult], Comparison | None, list[str]]:
    """The level rules checked, then the regression rules against the baseline (with
    ``compare``): ``(rule results, comparison or None, the comparison's notices)``."""
    results = check_levels(scored.scores, rules)
    if compare is None:
        return results, None, []
    comparison, regression_results, notices = compare(
        streamed.run, Joined(streamed.pairs(), tuple(streamed.notices)), scored.outcomes, scored.scores, rules,
        question_set=used_set, **({"repeats": streamed.tally.attempts.sums.get(ALL, {})} if streamed.tally.attempts else {}))
    return results + list(regression_results), comparison, notices


def _report(streamed: Streamed, scored: _Scored, rules: Thresholds, used_set: QuestionSet, results: list[RuleResult],
            verdict: Verdict, comparison: Comparison | None, compare_notices: list[str], loosened: list[Loosening]) -> Report:
    """The one Report of a checked run (before redaction)."""
    return build_report(
        run=Source(streamed.run.path, streamed.run.assistant_version),
        set_version_logged=streamed.run.set_version,
        question_set=Source(used_set.path, used_set.version),
        thresholds=rules.path,
        matching=rules.matching,
        min_n=rules.min_n,
        answers=streamed.answers,
        questions=len(streamed.questions),
        scores=scored.scores,
        rules=results,
        findings=scored.findings.listed(),
        findings_not_listed=scored.findings.not_listed(),
        notices=list(streamed.run.notices) + streamed.notices + scored.notices + compare_notices
        + unused_language_rules(rules, scored.scores),
        verdict=verdict,
        comparison=comparison,
        measures=scored.shown,
        rubric=scored.summary,
        loosened=loosened,
        code_agreement=scored.agreement,
        repeats=streamed.tally.attempts.summary([m.name for m in scored.shown]) if streamed.tally.attempts else None,
    )


def _needs_outcomes(compare: Comparer | None) -> bool:
    """Whether the stream keeps every question's counts: a comparer may compare (one that
    cannot tell, by a ``needs_outcomes`` method, is taken to compare)."""
    if compare is None:
        return False
    needs = getattr(compare, "needs_outcomes", None)
    return True if needs is None else bool(needs())


def _load_rules(thresholds: str | Path | Thresholds, problems: ProblemCollector) -> Thresholds | None:
    """The thresholds, loaded unless given loaded; their problems join the others."""
    if isinstance(thresholds, Thresholds):
        return thresholds
    try:
        return load_thresholds(thresholds)
    except InputError as error:
        problems.absorb(error)
        return None


def _stream(run_path: str | Path, questions_path: str | Path | None, rules: Thresholds | None, problems: ProblemCollector,
            jobs: int, max_findings: int | None, keep: bool, store: bool, source: LineSource | None = None,
            score: bool = True, pending: PendingSet | None = None) -> tuple[Streamed | None, QuestionSet | None]:
    """The set loaded (or its reading in workers, ``pending``, finished), then the log streamed
    against it (:func:`gate.engine.stream.stream_inputs`); the problems added in the order of
    :func:`load_inputs`: the log's, the set's, the join's. Without ``score`` (the settings are
    bad) the log is read, validated and joined, but no answer is scored."""
    set_problems = ProblemCollector()
    if pending is not None:
        question_set: QuestionSet | None = pending.result(set_problems)
    else:
        question_set = load_question_set(questions_path, set_problems) if questions_path is not None else None
    settings = rules.matching if rules is not None else MatchSettings()
    with strict_fields(rules is not None and rules.strict_fields):
        run_pass, streamed, join_problems = stream_inputs(run_path, question_set, settings, rules.format if rules is not None else None,
                                                          jobs=jobs, max_findings=max_findings, keep=keep, store=store, source=source,
                                                          score=score)
    problems.extend(run_pass.run_problems)
    problems.extend(set_problems)
    problems.extend(join_problems)
    return streamed, question_set


@dataclass(frozen=True)
class _Scored:
    """The scores the rules read, the findings, and what judgements added."""

    scores: list[Score]
    findings: Findings
    outcomes: Sequence[Outcome]
    notices: list[str]
    shown: tuple[Measure, ...]
    summary: RubricSummary | None
    agreement: tuple[CodeAgreement, ...] = ()


def _score_judged(streamed: Streamed, judgements: Sequence[str | Path], settings: _Settings, max_findings: int | None,
                  stored: str | Path | None = None) -> _Scored:
    """The streamed sums, or, with judgements, the outcomes with the rubric's counts and
    findings merged in and summed again; the scores of the families shown only."""
    rules = settings.rules
    assert rules is not None  # loaded before scoring
    tally, findings, notices = streamed.tally, streamed.findings, list(streamed.score_notices)
    outcomes: Sequence[Outcome] = streamed.outcomes if streamed.outcomes is not None else ()
    families = ["automatic", "code_checks"]
    summary = None
    agreement: tuple[CodeAgreement, ...] = ()
    if judgements and settings.rubric is not None:
        from gate.inputs.judgements import load_judgements
        from gate.judged.code_agreement import agreement_with_readers, people_labels
        from gate.judged.review import score_rubric_run

        loaded_rubric = settings.rubric
        judged = load_judgements(judgements, loaded_rubric, streamed.run)
        agreement = agreement_with_readers(outcomes, people_labels(judged.judgements, loaded_rubric))
        examples, stored_notices = _with_stored_examples(settings.calibration, judged, loaded_rubric, stored)
        outcomes, summary = score_rubric_run(streamed.pairs(), outcomes, judged, loaded_rubric, rules.min_kappa, rules.min_overlap,
                                             calibration=examples)
        notices += list(judged.notices) + list(summary.notices) + stored_notices
        grouped = [o.group for o in streamed.outcomes or () if o.group is not None]  # what the rubric's outcomes keep not
        tally, findings = Tally(), _new_findings(max_findings)
        for position, outcome in enumerate(outcomes):
            tally.add(outcome)
            findings.add(position, outcome.findings)
        for entry in grouped:
            tally.groups.add(entry)
        ids = tally.groups.ids()
        places = {o.question_id: i for i, o in enumerate(outcomes) if o.question_id in ids}
        add_group_findings(tally, findings, places.get)
        families += ["rubric", "quality"]
    shown = measures_of(families)
    if settings.rubric is None or not settings.rubric.claims:  # claim by claim only where the rubric asks for claims
        shown = tuple(m for m in shown if m.name not in CLAIM_MEASURES)
    names = {m.name for m in shown}
    return _Scored([s for s in tally.scores() if s.measure in names], findings, outcomes, notices, shown, summary, agreement)


def _new_findings(max_findings: int | None) -> Findings:
    """The findings listed: the first ``max_findings`` held, or every one on disk."""
    if max_findings is not None:
        return Findings(max_findings)
    from gate.engine.findings import SpilledFindings

    return SpilledFindings()


@dataclass(frozen=True)
class _Bases:
    """The base branch's thresholds, question set and rubric (each None when not given),
    and this branch's rubric to compare with the base's."""

    rules: Thresholds | None
    questions: QuestionSet | None
    rubric: Rubric | None
    head_rubric: Rubric | None

    @classmethod
    def load(cls, rules: str | Path | None, questions: str | Path | None, base_rubric: str | Path | None, rubric: str | Path,
             problems: ProblemCollector) -> _Bases:
        return cls(_load_base(load_thresholds, rules, problems), _load_base(load_question_set, questions, problems),
                   _load_rubric(base_rubric, problems),
                   _load_rubric(rubric, problems) if base_rubric is not None else None)

    def loosened(self, rules: Thresholds, question_set: QuestionSet) -> tuple[list[Loosening], bool]:
        """What this branch loosened against the base (:mod:`gate.rules.loosened`), and whether
        that fails the gate (``fail_on_loosened`` in either thresholds file)."""
        if self.rules is None and self.questions is None and self.rubric is None:
            return [], rules.fail_on_loosened  # no base branch's file: nothing to compare
        from gate.rules.loosened import loosened_questions, loosened_rubric, loosened_rules

        loosened = loosened_rules(self.rules, rules) if self.rules is not None else []
        if self.questions is not None:
            loosened += loosened_questions(self.questions, question_set)
        if self.rubric is not None and self.head_rubric is not None:
            loosened += loosened_rubric(self.rubric, self.head_rubric)
        return loosened, rules.fail_on_loosened or (self.rules is not None and self.rules.fail_on_loosened)


def _load_base(load: Callable[..., Any], path: str | Path | None, problems: ProblemCollector) -> Any:
    """A base branch's file, loaded like this branch's; its problems join the others."""
    if path is None:
        return None
    try:
        return load(path)
    except InputError as error:
        problems.absorb(error)
        return None


def _load_rubric(path: str | Path | None, problems: ProblemCollector) -> Rubric | None:
    """A rubric file, loaded as :func:`_load_base` loads one (None without a path)."""
    if path is None:
        return None
    from gate.inputs.rubric import load_rubric

    loaded: Rubric | None = _load_base(load_rubric, path, problems)
    return loaded


def _unchecked(rules: Thresholds, comparison: Comparison | None) -> str | None:
    """Why rules of the file gave no result: regression rules with no baseline."""
    from gate.rules.thresholds import REGRESSION_KINDS

    every = [r for table in [rules.measures, *rules.languages.values()] for group in table.values() for r in group]
    if comparison is None and every and all(r.kind in REGRESSION_KINDS for r in every):
        return "the thresholds hold only regression rules (max_drop, max_rise) and there is no baseline to compare with"
    return None


def _with_stored_examples(examples: Sequence[Judgement], judged: JudgementSet, rubric: Rubric,
                          folder: str | Path | None) -> tuple[tuple[Judgement, ...], list[str]]:
    """The grader-validation examples with the judgements stored with the baselines added,
    and the notices saying so; only when this run's judgements hold a grader's."""
    from gate.inputs.judgements import GRADER

    if folder is None or not any(j.judge.kind == GRADER for j in judged.judgements):
        return tuple(examples), []
    from gate.baseline.storage import stored_examples  # the baseline package builds on this module

    stored, notices = stored_examples(folder, rubric)
    return tuple(examples) + stored, list(notices)


def read_judgements(paths: Sequence[str | Path], rubric_path: str | Path, run: Run) -> tuple[JudgementSet | None, Rubric | None]:
    """The judgements and their rubric, or (None, None) when no judgement file is given.

    Raises:
        gate.core.errors.InputError: the rubric or a judgement is bad, every problem at once.
    """
    if not paths:
        return None, None
    from gate.inputs.judgements import load_judgements
    from gate.inputs.rubric import load_rubric

    rubric = load_rubric(rubric_path)
    return load_judgements(paths, rubric, run), rubric
