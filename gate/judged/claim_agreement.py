"""Graders' claim labels against people's, for validation: per answer and per claim; pure.

People and graders split an answer into claims differently, so the two are compared twice
(the issue's validation of claim labelling):

- per answer: whether any claim is unsupported or contradicted (``yes`` when one is), the
  people's combined claims against the grader's, Cohen's kappa as for a rubric question
  (key :data:`CLAIMS_ANSWER`);
- per claim: each of the people's claims matched to the grader's claim that overlaps it
  most (in characters; the earlier one on a tie), its three-way label against the
  grader's (key :data:`CLAIMS_LABEL`); a claim no grader claim overlaps is not matched, and
  the report says how many were.

Labels are compared as the judges gave them, before code's overrule: the grader is
validated on what it said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gate.inputs.claims import SUPPORTED, Claim
from gate.inputs.judgements import Judgement
from gate.judged.claim_scoring import combine_claims

#: The keys under which claim agreement joins the rubric questions' kappas.
CLAIMS_ANSWER, CLAIMS_LABEL = "claims_any_unsupported", "claim_labels"


@dataclass(frozen=True)
class ClaimPairs:
    """The pairs of one answer judged with claims by people and by a grader.

    Attributes:
        answer: ``(people's, grader's)`` "any claim unsupported or contradicted" as yes/no.
        claims: ``(person's label, grader's label)`` per matched claim of the people's.
        people_claims: how many claims the people gave (after combining them).
    """

    answer: tuple[str, str]
    claims: tuple[tuple[str, str], ...]
    people_claims: int


def _any_unsupported(claims: Sequence[Claim]) -> str:
    return "yes" if any(c.label != SUPPORTED for c in claims) else "no"


def best_match(claim: Claim, others: Sequence[Claim]) -> Claim | None:
    """The claim of ``others`` sharing the most characters with ``claim``; None when none overlaps."""
    best, most = None, 0
    for other in others:
        shared = min(claim.end, other.end) - max(claim.start, other.start)
        if shared > most:
            best, most = other, shared
    return best


def claim_pairs(people: Sequence[Judgement], grader: Sequence[Judgement]) -> ClaimPairs | None:
    """The pairs of one answer; None unless both sides listed claims."""
    people = [j for j in people if j.claims is not None]
    grader = [j for j in grader if j.claims is not None]
    if not people or not grader:
        return None
    theirs, mine = combine_claims(people), combine_claims(grader)
    matched = []
    for claim in theirs:
        other = best_match(claim, mine)
        if other is not None:
            matched.append((claim.label, other.label))
    return ClaimPairs((_any_unsupported(theirs), _any_unsupported(mine)), tuple(matched), len(theirs))
