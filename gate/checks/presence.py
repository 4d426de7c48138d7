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

from collections.abc import Sequence

from gate.measures import Count, Finding
from gate.records import Answer, Question

RETRIEVAL, GENERATION = "retrieval", "generation"

#: Findings that do not make an answer wrong: a figure with no stated period is counted
#: apart and said, never failed by default.
NOT_WRONG = frozenset({"period_unstated"})


def check_presence(question: Question, answer: Answer, answer_wrong: bool) -> tuple[Count, list[Finding]]:
    """The presence count of one answer and its finding.

    Args:
        question, answer: the pair; answer_wrong: whether another measure already failed
            the answer (numeric accuracy, unsupported numbers, ...), which makes a missing
            series the first place to look.
    """
    if not question.expected_ids:
        return Count(), []
    retrieved = set(answer.retrieved_ids)
    missing = [i for i in question.expected_ids if i not in retrieved]
    if not missing:
        return Count(1, 1), []
    shown = ", ".join(answer.retrieved_ids) or "nothing"
    origin = ("a retrieval failure: the answer is wrong and its series was never retrieved, look at retrieval first"
              if answer_wrong else "retrieval missed it; the answer did not fail otherwise")
    return Count(0, 1), [Finding(question.question_id, question.language, "retrieval_presence", "expected_not_retrieved",
                                 f"expected {', '.join(missing)} among the retrieved series (retrieved: {shown}); {origin}")]


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
        retrieval); otherwise they are returned unchanged.
    """
    if answer is None or not question.expected_ids or not any(f.measure not in NOT_WRONG for f in findings):
        return list(findings)
    retrieved = set(answer.retrieved_ids)
    where = GENERATION if all(i in retrieved for i in question.expected_ids) else RETRIEVAL
    return [f if f.look_first == where else _marked(f, where) for f in findings]


def _marked(f: Finding, where: str) -> Finding:
    """The finding with ``look_first`` set: :func:`dataclasses.replace` field by field,
    without its generic look-up of the fields (it ran once per finding)."""
    return Finding(f.question_id, f.language, f.measure, f.code, f.message, f.figure, f.cited_id, f.quote, where)
