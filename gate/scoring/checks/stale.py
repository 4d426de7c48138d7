"""Stale expectations: the source revised a value since the question set was written.

A question that gives ``expected_period`` beside ``expected_values`` and ``expected_ids``
asks for one observation: an expected series in that period. When the run retrieved it
and its value agrees with none of the set's values (at the precision the set writes
them: 7.6 agrees with 7.63, not with 7.7), the set is stale: the question counts 1 in
``set_stale`` with a finding ``expected_value_stale`` naming the series, the period, the
set's value and the source's, and numeric accuracy is scored against the source's value,
so an assistant that follows the revision is not blamed; one that states the set's old
value, which the source no longer gives, is not supported. A question whose observation
was retrieved with the set's value counts 0; one with no ``expected_period``, or whose
observation was not retrieved, is not counted (never guessed). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from gate.core.decimals import decimal_text
from gate.model.inputs import Answer, Observation, Question
from gate.model.outcomes import Count, Finding, count_of
from gate.model.periods import parse_sdmx_period


@dataclass(frozen=True)
class Revision:
    """The observation a question asks for, as the run retrieved it.

    Attributes:
        observation: the expected series' observation of ``expected_period``.
        old: the set's value it replaces, or None when the set agrees with the source.
    """

    observation: Observation
    old: Decimal | None

    @property
    def stale(self) -> bool:
        return self.old is not None

    def expected(self, values: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
        """The set's expected values with the stale one replaced by the source's."""
        if self.old is None:
            return values
        return tuple(self.observation.value if v == self.old else v for v in values)

    def message(self) -> str:
        o = self.observation
        return (f"the set expects {decimal_text(self.old or Decimal(0))} for {o.series} {o.period}; the source now gives "
                f"{decimal_text(o.value)}: the set is stale (numeric accuracy is scored against "
                f"{decimal_text(o.value)}; update the set, set add-failures drafts the line)")


def agrees(source: Decimal, expected: Decimal) -> bool:
    """Whether a source value rounds to the set's value at the set's precision (7.63 to
    7.6: the set writes fewer digits; 7.7 does not)."""
    exponent = expected.as_tuple().exponent
    if not isinstance(exponent, int):
        return False
    half = Decimal((0, (5,), exponent - 1))
    return abs(source - expected) <= half


def revision(question: Question, answer: Answer) -> Revision | None:
    """The observation the question asks for and whether the set's value is stale; None
    when the question gives no ``expected_period``, expects no value or series, or the run
    did not retrieve that observation."""
    if not (question.expected_period and question.expected_values and question.expected_ids):
        return None
    try:
        span = parse_sdmx_period(question.expected_period)
    except ValueError:  # reported by the set's loader (file, line, field); nothing to judge here
        return None
    wanted = set(question.expected_ids)
    found = [o for o in answer.retrieved_observations if o.series in wanted and o.span.matches(span)]
    if not found:
        return None
    values = question.expected_values
    for o in found:
        if any(agrees(o.value, e) for e in values):
            return Revision(o, None)
    o = found[0]
    old = min(values, key=lambda e: (abs(e - o.value), values.index(e)))
    return Revision(o, old)


_NOTHING = count_of(0, 0)


def check_stale(question: Question, answer: Answer) -> tuple[Count, list[Finding]]:
    """``set_stale`` for one answer: 1 of 1 with an ``expected_value_stale`` finding when
    the source revised the set's value, 0 of 1 when it agrees, nothing when it cannot be
    judged (:func:`revision`)."""
    revised = revision(question, answer)
    if revised is None:
        return _NOTHING, []
    if not revised.stale:
        return count_of(0, 1), []
    finding = Finding(question.question_id, question.language, "set_stale", "expected_value_stale", revised.message(),
                      cited_id=revised.observation.series)
    return count_of(1, 1), [finding]
