"""A run scored in one batch: loaded, joined, scored and aggregated in memory.

The stages before the rules, shared by the check and the baselines (which store a run
scored the same way and re-score a stored log with them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from gate.core.errors import InputError, ProblemCollector
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run, strict_fields
from gate.model.inputs import Answer, Joined, Question, QuestionSet, Run
from gate.model.outcomes import Outcome
from gate.model.scores import Score, aggregate
from gate.rules.thresholds import Thresholds, load_thresholds
from gate.scoring.answer import score_run


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
        scores: per slice and measure, exact counts (:func:`gate.model.scores.aggregate`).
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
        gate.core.errors.InputError: bad input or configuration, every problem of every input
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
    with strict_fields(rules is not None and rules.strict_fields):
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
    outcomes, notices = score_run(pairs, thresholds.matching, thresholds.format)
    return Scored(outcomes, aggregate(outcomes), notices)
