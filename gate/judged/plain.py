"""An answer as plain data: the one form the grader's request, the review sheet and the review
page all take it in (strings, lists and mappings only, values as exact decimal text)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from gate.inputs.rubric import caveats_known
from gate.model.inputs import Answer, Observation, Question

#: The fields of an observation, in the order they are written.
OBSERVATION_FIELDS = ("series", "period", "value", "unit", "status", "caveats")


def observation_data(o: Observation, omit_empty: bool = False) -> dict[str, Any]:
    """An observation's fields (:data:`OBSERVATION_FIELDS`), the value as exact decimal text,
    caveats as a list; with ``omit_empty``, the fields it does not give are left out."""
    out: dict[str, Any] = {}
    for name in OBSERVATION_FIELDS:
        value = getattr(o, name, None)
        if omit_empty and value in (None, (), ""):
            continue
        out[name] = format(value, "f") if isinstance(value, Decimal) else list(value) if isinstance(value, tuple) else value
    return out


def answer_data(question: Question, answer: Answer) -> dict[str, Any]:
    """The answer and the evidence it was shown: ``question`` (the log's, else the set's text),
    ``language``, ``answer`` ("" when none), ``declined``, ``retrieved_ids``,
    ``retrieved_values`` (decimal text), ``retrieved_passages`` (``{"id", "text"}``),
    ``cited_ids`` and ``caveats_known`` (:func:`gate.inputs.rubric.caveats_known`)."""
    return {
        "question": answer.question or question.text,
        "language": answer.language,
        "answer": answer.answer or "",
        "declined": answer.declined,
        "retrieved_ids": list(answer.retrieved_ids),
        "retrieved_values": [format(v, "f") for v in answer.retrieved_values],
        "retrieved_passages": [{"id": pid, "text": text} for pid, text, _ in answer.retrieved_passages],
        "cited_ids": list(answer.cited_ids),
        "caveats_known": list(caveats_known(question, answer)),
    }
