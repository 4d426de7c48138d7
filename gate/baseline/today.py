"""Today's side of a comparison: only the questions the baseline knows are read.

A comparison reads, of today's question set, the questions whose ids the baseline stores or
its log answered (looked up by id in the set's index and built, nothing else), and every id of
the set in order, for the questions added since the baseline (decoded from the set's lines,
no question built: :meth:`gate.inputs.question_index.QuestionIndex.ids`). Of this run it
reads the outcomes of those questions only (:func:`current_outcomes`). So a comparison costs
memory and time in proportion to the questions the baseline and the run share, not an object
per question of the run: a run of 100,000 answers compared with a baseline of 8 questions
builds 8 questions and 8 outcomes.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from gate.baseline.storage import Baseline
from gate.engine.stream import StoredOutcomes
from gate.inputs.question_index import LogQuestions, QuestionIndex
from gate.model.inputs import Answer, Question, Run
from gate.model.outcomes import Outcome


def baseline_ids(baseline: Baseline, baseline_run: Run) -> frozenset[str]:
    """The ids a comparison reads today's questions of: those the baseline stores an outcome
    of, and those its log answered."""
    return frozenset(o.question_id for o in baseline.outcomes) | {a.question_id for a in baseline_run.answers}


@dataclass(frozen=True)
class TodaySet:
    """Today's question set as a comparison reads it.

    Attributes:
        questions: every question of the set, in order (read only through :meth:`ids`).
        shared: ``(position, question)`` of the questions whose ids the baseline knows
            (:func:`baseline_ids`), in the set's order.
    """

    questions: Sequence[Question]
    shared: tuple[tuple[int, Question], ...]

    @classmethod
    def read(cls, questions: Sequence[Question], ids: Collection[str]) -> TodaySet:
        """The set with the questions of ``ids`` found in it: by id in a set's index, else by
        its ids in order (a log in the merged form, questions held in memory)."""
        return cls(questions, tuple(_find(questions, ids)))

    def ids(self) -> Iterator[str]:
        """Every id of the set, in order, without building a question from an index."""
        if isinstance(self.questions, QuestionIndex):
            return self.questions.ids()
        return (q.question_id for q in self.questions)

    def shared_questions(self) -> list[Question]:
        """The questions whose ids the baseline knows, in the set's order."""
        return [q for _, q in self.shared]


def _find(questions: Sequence[Question], ids: Collection[str]) -> list[tuple[int, Question]]:
    """``(position, question)`` of the questions of ``ids``, in the set's order."""
    if isinstance(questions, LogQuestions):  # a merged log's questions: found by position
        return [(p, questions[p]) for p, i in enumerate(questions.ids()) if i in ids]
    if isinstance(questions, QuestionIndex):
        found = [hit for i in ids if (hit := questions.find(i)) is not None]
        return sorted(found, key=lambda hit: hit[0])
    return [(p, q) for p, q in enumerate(questions) if q.question_id in ids]


def current_outcomes(today: TodaySet, pairs: Sequence[tuple[Question, Answer | None]],
                     outcomes: Sequence[Outcome]) -> dict[str, Outcome]:
    """This run's outcomes of the questions the baseline knows that it answered, by id
    (``pairs`` and ``outcomes`` in the set's order): built for those questions only."""
    answered_at = getattr(pairs, "answered_at", None)  # a streamed run's pairs: without reading the question
    current = {}
    for position, question in today.shared:
        if not (answered_at(position) if answered_at is not None else pairs[position][1] is not None):
            continue
        if isinstance(outcomes, StoredOutcomes):  # built from the stored counts, the question not read again
            current[question.question_id] = outcomes.at(position, question)
        else:
            current[question.question_id] = outcomes[position]
    return current


__all__ = ["TodaySet", "baseline_ids", "current_outcomes"]
