"""Retrieval presence: the series the set expects are among those retrieved.

``retrieval_presence`` (answers whose question names ``expected_ids``): passes when every
expected id is in ``retrieved_ids``. Its finding ``expected_not_retrieved`` says whether
the answer is also wrong, so a reviewer knows where to look first: a wrong answer whose
expected series was not retrieved is a *retrieval* failure; a wrong answer whose series
was retrieved is a *generation* failure (no presence finding: the count passes, and the
published findings stay as they were). :func:`where_to_look` then marks every finding of a
wrong answer to a question with ``expected_ids`` with where to look first
(``Finding.look_first``: ``retrieval`` or ``generation``); the reports show it once per
question, so presence checks separate retrieval failures from generation failures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, count_of, marked

RETRIEVAL, GENERATION = "retrieval", "generation"

#: Findings that do not make an answer wrong: a figure with no stated period is counted
#: apart and said, never failed by default.
NOT_WRONG = frozenset({"period_unstated", "set_stale"})

_NOTHING, _PASSED, _FAILED = count_of(0, 0), count_of(1, 1), count_of(0, 1)


def check_presence(question: Question, answer: Answer, answer_wrong: bool) -> tuple[Count, list[Finding]]:
    """The presence count of one answer and its finding.

    Args:
        question, answer: the pair; answer_wrong: whether another measure already failed
            the answer (numeric accuracy, unsupported numbers, ...), which makes a missing
            series the first place to look.
    """
    if not question.expected_ids:
        return _NOTHING, []
    retrieved = set(answer.retrieved_ids)
    missing = [i for i in question.expected_ids if i not in retrieved]
    if not missing:
        return _PASSED, []
    shown = ", ".join(answer.retrieved_ids) or "nothing"
    origin = ("a retrieval failure: the answer is wrong and its series was never retrieved, look at retrieval first"
              if answer_wrong else "retrieval missed it; the answer did not fail otherwise")
    return _FAILED, [Finding(question.question_id, question.language, "retrieval_presence", "expected_not_retrieved",
                                 f"expected {', '.join(missing)} among the retrieved series (retrieved: {shown}); {origin}")]


def look_first(question: Question, answer: Answer | None, measures: Iterable[str]) -> str | None:
    """Where to look first for an answer whose findings count against ``measures`` (one
    name per finding): ``retrieval`` when the question names ``expected_ids`` that were
    not all retrieved, ``generation`` when they were, provided the answer is wrong (a
    finding other than :data:`NOT_WRONG`); None otherwise (nothing is marked)."""
    if answer is None or not question.expected_ids or all(m in NOT_WRONG for m in measures):
        return None
    retrieved = set(answer.retrieved_ids)
    return GENERATION if all(i in retrieved for i in question.expected_ids) else RETRIEVAL


def where_to_look(question: Question, answer: Answer | None, findings: Sequence[Finding]) -> list[Finding]:
    """The findings of one answer, each marked with where to look first; pure.

    Args:
        question, answer: the pair (None when no answer was logged: nothing was retrieved or
            generated, so nothing is marked).
        findings: the answer's findings (automatic measures and code checks).

    Returns:
        The same findings in the same order. When the question names ``expected_ids`` and
        the answer is wrong (a finding other than :data:`NOT_WRONG`), each finding's
        ``look_first`` is ``retrieval`` (an expected series was not retrieved) or
        ``generation`` (every expected series was retrieved, so the answer went wrong after
        retrieval) (:func:`look_first`); otherwise they are returned unchanged.
    """
    where = look_first(question, answer, [f.measure for f in findings])
    if where is None:
        return list(findings)
    return [f if f.look_first == where else _marked(f, where) for f in findings]


def _marked(f: Finding, where: str) -> Finding:
    """The finding with ``look_first`` set: :func:`gate.model.outcomes.marked`."""
    return marked(f, where)
