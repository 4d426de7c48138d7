"""The grader asked for claims (a rubric with ``claims: true``): its instructions, the part of
its output schema that lists the claims, and the claims read from its reply; pure.

The grader lists the answer's factual claims, each with its span (character offsets in the
answer text, and the text), one of the three labels (``supported``: the evidence entails it;
``unsupported``: the evidence does not hold it; ``contradicted``: the evidence says
otherwise) and the evidence ids it relied on. Its reply is checked as strictly as a person's
claims (:func:`gate.inputs.claims.check_claims`): a span that is not the answer's text, a
fourth label or an id the answer's evidence does not hold is a failed judgement, never
guessed. ``no_unsupported_claim`` is not asked: it follows from the claims. Code overrules
the grader's labels where it found an unsupported figure or an invalid citation
(:mod:`gate.judged.claim_scoring`).
"""

from __future__ import annotations

from typing import Any

from gate.inputs.claims import CLAIM_LABELS, Claim, check_claims
from gate.model.inputs import Answer

#: The derived rubric question: with claims, the grader does not label it.
DERIVED = "no_unsupported_claim"

CLAIM_INSTRUCTIONS = """
List every factual claim the answer makes, in order, under "claims": each claim's "start" and "end" (character offsets in the answer text, end exclusive), its "text" (exactly the answer's text between them), its "label" and the "evidence" ids (from retrieved_ids or the passages' ids) you relied on. Label a claim "supported" when the evidence entails it, "unsupported" when the evidence does not hold it, "contradicted" when the evidence says otherwise. Claims do not overlap. Do not label no_unsupported_claim: it follows from the claims."""


def claims_schema() -> dict[str, Any]:
    """The JSON Schema of the ``claims`` part of the grader's reply."""
    return {
        "type": "array",
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["start", "end", "text", "label", "evidence"],
            "properties": {
                "start": {"type": "integer", "minimum": 0},
                "end": {"type": "integer", "minimum": 1},
                "text": {"type": "string"},
                "label": {"enum": list(CLAIM_LABELS)},
                "evidence": {"type": "array", "items": {"type": "string"}},
            },
        },
    }


def reply_claims(data: Any, answer: Answer) -> tuple[Claim, ...] | str:
    """The claims of a parsed reply, checked against the answer; or why they are not valid."""
    if not isinstance(data, dict) or "claims" not in data:
        return "not valid structured output: no claims list"
    said: list[str] = []
    claims = check_claims(data["claims"], answer, lambda where, message: said.append(f"{where}: {message}"))
    if said or claims is None:
        return "not valid structured output: " + "; ".join(said[:3])
    return claims
