"""The code checks beside the readers: Cohen's kappa of code and people per rubric question.

Four code checks answer four of the rubric's questions (:data:`gate.judged.code_agreement.RUBRIC_QUESTIONS`:
``series_match`` -> series, ``period_match`` -> period, ``unit_stated`` -> unit,
``caveat_stated`` -> caveat). Where people judged the same answers (``check
--judgements``), the code is treated as one more grader (chapter 6 of the method, as
:func:`gate.model.agreement.validate_grader` does for a model): per rubric question, on the answers
where both the people and the code said yes or no, Cohen's kappa with its n and the share
labelled alike. Kappa is undefined (never 0) when either side gives a single label, and the
report says which side. A team sees which rubric questions code already answers as well as
a person, and which it cannot yet tell. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gate.model.agreement import Kappa, cohen_kappa

if TYPE_CHECKING:
    from gate.inputs.judgements import Judgement
    from gate.inputs.rubric import Rubric
    from gate.model.outcomes import Outcome


@dataclass(frozen=True)
class CodeAgreement:
    """The code's agreement with the readers on one rubric question.

    Attributes:
        question: the rubric question id (series, period, unit, caveat).
        measure: the code check that answers it.
        kappa: Cohen's kappa over the answers both the readers and the code labelled yes or
            no (``kappa.n``; ``kappa.observed`` the share labelled alike; ``kappa.value``
            None when undefined, ``kappa.reason`` says why, naming the side).
    """

    question: str
    measure: str
    kappa: Kappa

    @property
    def agreement(self) -> Fraction | None:
        """The share of those answers both labelled alike, None when there is none."""
        return self.kappa.observed


def people_labels(judgements: Iterable[Judgement], rubric: Rubric) -> dict[str, dict[str, str]]:
    """Question id -> rubric question id -> the people's deciding label (the combining rule
    of :mod:`gate.judged.review`: ``no`` over ``yes`` over ``not_applicable``), from the people's
    judgements that did not fail; graders' are left out."""
    from gate.inputs.judgements import FAILED, PERSON
    from gate.judged.review import combine

    by_question: dict[str, list[Judgement]] = {}
    for j in judgements:
        if j.judge.kind == PERSON and j.status != FAILED:
            by_question.setdefault(j.question_id, []).append(j)
    return {qid: combine(js, rubric)[0] for qid, js in sorted(by_question.items())}


def agreement_with_readers(outcomes: Sequence[Outcome], people: Mapping[str, Mapping[str, str]]) -> tuple[CodeAgreement, ...]:
    """Per rubric question the code answers, its kappa with the people; pure.

    Args:
        outcomes: the scored answers.
        people: :func:`people_labels`.

    Returns:
        One :class:`CodeAgreement` per rubric question of :data:`gate.judged.code_agreement.RUBRIC_QUESTIONS`,
        in rubric order (series, period, unit, caveat). The pairs are (reader, code).
    """
    by_id = {o.question_id: code_labels(o) for o in outcomes}
    pairs: dict[str, list[tuple[str, str]]] = {q: [] for q in RUBRIC_QUESTIONS.values()}
    for qid, labels in people.items():
        code = by_id.get(qid, {})
        for question, pair in pairs.items():
            person = labels.get(question)
            if person in ("yes", "no") and question in code:
                pair.append((person, code[question]))
    measure_of = {q: m for m, q in RUBRIC_QUESTIONS.items()}
    order = ("series", "period", "unit", "caveat")
    return tuple(CodeAgreement(q, measure_of[q], _named(cohen_kappa(pairs[q]), pairs[q])) for q in order)


def _named(kappa: Kappa, pairs: Sequence[tuple[str, str]]) -> Kappa:
    """The kappa with its reason naming the readers and the code rather than rater one
    and two."""
    if kappa.value is not None:
        return kappa
    if kappa.n == 0:
        return Kappa(0, None, None, None, "no answer both a reader and the code labelled yes or no")
    readers = sorted({p for p, _ in pairs})
    code = sorted({c for _, c in pairs})
    if len(readers) == 1 and readers == code:
        who = f"the readers and the code gave only {readers[0]!r}"
    elif len(readers) == 1 and len(code) == 1:
        who = f"the readers gave only {readers[0]!r} and the code only {code[0]!r}"
    elif len(readers) == 1:
        who = f"the readers gave only {readers[0]!r}"
    else:
        who = f"the code gave only {code[0]!r}"
    return Kappa(kappa.n, kappa.observed, kappa.expected, None, f"undefined: {who}")


#: The rubric question each observation check answers (rubric ids: series, period, unit,
#: caveat), for the agreement of code with readers.
RUBRIC_QUESTIONS: Mapping[str, str] = {
    "series_match": "series",
    "period_match": "period",
    "unit_stated": "unit",
    "caveat_stated": "caveat",
}


def rubric_outcomes(outcome: Outcome) -> dict[str, bool | None]:
    """The code's answer to each rubric question for one scored answer.

    Args:
        outcome: a :class:`gate.model.outcomes.Outcome`.

    Returns:
        ``{"series": bool | None, "period": ..., "unit": ..., "caveat": ...}``: True when
        the answer passed the measure, False when it failed, None when the measure did not
        apply (nothing to compare with a reader's label: leave the pair out of kappa).
    """
    return {question: outcome.passed(measure) for measure, question in RUBRIC_QUESTIONS.items()}


def code_labels(outcome: Outcome) -> dict[str, str]:
    """The code's labels for one answer as a reader writes them: rubric question id ->
    ``yes`` or ``no`` (questions the code could not answer are left out)."""
    return {q: ("yes" if passed else "no") for q, passed in rubric_outcomes(outcome).items() if passed is not None}


def code_agreement(outcomes: Sequence[Outcome], people: Mapping[str, Mapping[str, str]]) -> dict[str, Kappa]:
    """Cohen's kappa of the code checks with people, per rubric question; pure.

    Args:
        outcomes: the scored answers (:class:`gate.model.outcomes.Outcome`).
        people: question id -> rubric question id -> a person's label (``yes``, ``no``,
            ``not_applicable``), for the answers people judged.

    Returns:
        Rubric question id (series, period, unit, caveat) -> :class:`gate.model.agreement.Kappa`
        over the answers where both the code and a person said yes or no; the code is
        treated as one more grader (the same kappa as :func:`gate.model.agreement.validate_grader`).
    """
    return {a.question: a.kappa for a in agreement_with_readers(outcomes, people)}
