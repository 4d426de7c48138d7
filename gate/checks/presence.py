"""Retrieval presence: the series the set expects are among those retrieved.

``retrieval_presence`` (answers whose question names ``expected_ids``): passes when every
expected id is in ``retrieved_ids``. Its finding ``expected_not_retrieved`` says whether
the answer is also wrong, so a reviewer knows where to look first: a wrong answer whose
expected series was not retrieved is a *retrieval* failure; a wrong answer whose series
was retrieved is a *generation* failure (no presence finding, the other measures' findings
stand): presence checks separate retrieval failures from generation failures.
"""

from __future__ import annotations

from gate.measures import Count, Finding
from gate.records import Answer, Question


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
