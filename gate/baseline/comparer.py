"""The baseline comparison of ``answer-gate check``: choose the baseline, read its log, compare."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gate.baseline.choice import choose_baseline, history_of, no_baseline_notice
from gate.baseline.storage import DEFAULT_DIR, Baseline, list_baselines, load_baseline_run, stored_files
from gate.baseline.versions import parse_version
from gate.core.errors import InputError
from gate.model.inputs import Joined, Question, QuestionSet, Run
from gate.model.outcomes import Outcome
from gate.model.scores import Score
from gate.rules.comparison import Comparison
from gate.rules.thresholds import Thresholds
from gate.rules.verdict import RuleResult

if TYPE_CHECKING:  # a rubric only for a judged run
    from gate.inputs.rubric import Rubric


@dataclass(frozen=True)
class BaselineComparer:
    """The :class:`gate.run.check.Comparer` of ``answer-gate check``: finds the baseline and compares.

    Attributes:
        directory: the baselines folder (``--baselines``).
        choice: ``--baseline VERSION|PATH``: a stored version, or a baseline JSON file;
            None finds the previous version.
        skip: ``--no-baseline``: compare with nothing, and say so.
        rubric: the rubric file of a judged run (``--rubric`` with ``--judgements``), or
            None: its rubric and quality measures are compared with the baseline's stored
            judgements, or a notice says why not (:func:`gate.baseline.regression.judged_not_compared`).
    """

    directory: str = DEFAULT_DIR
    choice: str | None = None
    skip: bool = False
    rubric: str | None = None

    def needs_outcomes(self) -> bool:
        """Whether a comparison may be made, so that the stream keeps every question's counts
        (:class:`gate.engine.stream.StoredOutcomes`): False with ``skip``, or when no baseline is
        named and the folder stores none (a folder that cannot be read says True: the
        comparison reports its problem). Only the files' names are read."""
        if self.skip:
            return False
        if self.choice is not None:
            return True
        folder = Path(self.directory)
        try:
            return folder.is_dir() and bool(stored_files(folder))
        except InputError:
            return True

    def __call__(self, run: Run, joined: Joined, outcomes: Sequence[Outcome], scores: Sequence[Score],
                 thresholds: Thresholds, question_set: QuestionSet | None = None,
                 repeats: Mapping[str, Mapping[str, Sequence[int]]] | None = None,
                 ) -> tuple[Comparison | None, list[RuleResult], list[str]]:
        """Compare the run with its baseline (see :func:`gate.baseline.compare`); with
        ``repeats`` (a run with repeated answers: its sums per measure and question) question
        by question over the attempts of both versions.

        Returns:
            ``(comparison, regression results, notices)``. Without a baseline: no
            comparison (the JSON report's ``comparison`` is null), no regression result,
            and one notice saying why (:func:`gate.baseline.no_baseline_notice`).

        Raises:
            InputError: the baseline named with ``choice`` is not stored or not a file; a
                stored baseline is corrupt, truncated or altered (naming the file).
        """
        if self.skip:
            return None, [], [no_baseline_notice("--no-baseline")]
        stored = list_baselines(self.directory, verify=False)
        baseline = choose_baseline(run, self.directory, self.choice, stored)
        if isinstance(baseline, str):
            return None, [], [no_baseline_notice(baseline)]
        from gate.baseline.regression import compare  # from here on, a baseline is compared: loaded only then
        from gate.baseline.repeated_compare import question_by_question
        from gate.baseline.today import TodaySet, baseline_ids, current_outcomes

        history = history_of(stored, parse_version(run.assistant_version))
        baseline_run = load_baseline_run(baseline)
        today = TodaySet.read(_questions(joined, question_set), baseline_ids(baseline, baseline_run))
        current = current_outcomes(today, joined.pairs, outcomes)
        set_version = question_set.version if question_set is not None else run.set_version
        rubric, notices = judged_rubric(self.rubric, baseline)
        repeated = None if repeats is None else question_by_question(baseline_run, today.shared_questions(), repeats, thresholds)
        comparison, results = compare(baseline, baseline_run, today, set_version, current, thresholds, history, rubric, repeated)
        return comparison, results, notices


def _questions(joined: Joined, question_set: QuestionSet | None) -> Sequence[Question]:
    """Today's questions in the set's order: the set's own (an index, read when asked), which
    ``joined.pairs`` follows; else read from the pairs."""
    if question_set is not None and len(question_set.questions) == len(joined.pairs):
        return question_set.questions
    return [q for q, _ in joined.pairs]


def judged_rubric(path: str | None, baseline: Baseline) -> tuple[Rubric | None, list[str]]:
    """The rubric to compare a judged run's rubric and quality measures with, or None and
    the notice saying why they are not compared; (None, []) for a run without judgements."""
    if path is None:
        return None, []
    from gate.baseline.regression import judged_not_compared
    from gate.inputs.rubric import load_rubric

    rubric = load_rubric(path)
    why = judged_not_compared(baseline, rubric)
    return (None, [why]) if why is not None else (rubric, [])
