"""Claims scored: the judges' claims of one answer combined, code's overrule, counts and findings; pure.

The combining rule (the rubric's, claim by claim): the judges that decide an answer are
chosen as for the rubric's labels (a person outranks a grader, :func:`gate.judged.review.deciding`);
their claims are grouped where spans overlap (two readers may split a sentence differently),
and each group counts as one claim whose label is the worst given in it: ``contradicted``,
then ``unsupported``, then ``supported``.

Code overrules in one direction: a claim that holds a figure the gate found unsupported
(``unsupported_figure``) or a citation it found never retrieved (``cited_not_retrieved``) is
``unsupported`` whatever a judge said, and each such claim is counted as a disagreement
between code and judges. A figure the gate found supported proves only that the value
exists somewhere in the evidence, so there the judge's label stands.

Counts: ``grounded_claim_rate`` supported claims over claims (unit: claims);
``contradicted_claims`` one answer, failing when a claim is contradicted. A finding per
claim unsupported or contradicted, quoting it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gate.inputs.claims import CLAIM_RANK, CONTRADICTED, SUPPORTED, UNSUPPORTED, Claim
from gate.inputs.judgements import Judgement
from gate.model.inputs import Answer
from gate.model.outcomes import Count, Finding, Outcome, QuoteRef

UNSUPPORTED_FIGURE, INVALID_CITATION = "unsupported_figure", "cited_not_retrieved"


@dataclass(frozen=True)
class Overruled:
    """A claim a judge labelled better than code allows: code made it unsupported.

    Attributes:
        question_id: the answer.
        claim: the claim as the judges labelled it (their worst label).
        judges: who gave the overruled label.
        reason: what code found in the claim (``unsupported figure 31%``).
    """

    question_id: str
    claim: Claim
    judges: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class ClaimOutcome:
    """One answer's claims, combined and overruled, with their counts and findings."""

    claims: tuple[Claim, ...]
    counts: dict[str, Count]
    findings: tuple[Finding, ...]
    overruled: tuple[Overruled, ...] = ()


def combine_claims(judgements: Sequence[Judgement], answer: Answer | None = None) -> tuple[Claim, ...]:
    """The deciding judges' claims as one list: overlapping spans grouped (transitively),
    each group one claim spanning them all with the worst label and every evidence id (its
    text the answer's over the span; without the answer, the longest claim's text)."""
    given = sorted((c for j in judgements for c in (j.claims or ())),
                   key=lambda c: (c.start, c.end, CLAIM_RANK[c.label], c.evidence, c.text))  # a total order: any judge order gives the same
    groups: list[list[Claim]] = []
    for claim in given:
        if groups and claim.start < max(c.end for c in groups[-1]):
            groups[-1].append(claim)
        else:
            groups.append([claim])
    text = (answer.answer or "") if answer is not None else None
    out = []
    for group in groups:
        start, end = min(c.start for c in group), max(c.end for c in group)
        label = max((c.label for c in group), key=lambda label: CLAIM_RANK[label])
        evidence = tuple(dict.fromkeys(e for c in group for e in c.evidence))
        said = text[start:end] if text is not None else max((c.text for c in group), key=len)
        out.append(Claim(start, end, said, label, evidence))
    return tuple(out)


def code_reason(claim: Claim, automatic: Outcome) -> str | None:
    """What code found against a claim: an unsupported figure inside its span, or a cited
    id never retrieved written inside it; None when code found nothing."""
    for f in automatic.findings:
        if f.code == UNSUPPORTED_FIGURE and f.figure is not None and f.figure.start < claim.end and claim.start < f.figure.end:
            return f"unsupported figure {f.figure.text}"
        if f.code == INVALID_CITATION and f.cited_id and _written(f.cited_id, claim.text):
            return f"citation {f.cited_id} never retrieved"
    return None


def _written(cited_id: str, text: str) -> bool:
    """Whether a cited id is written in a claim as a whole id (``EDU_STATS_2024``, never
    inside ``EDU_STATS_20245`` or ``XEDU_STATS_2024``)."""
    return re.search(r"(?<![\w-])" + re.escape(cited_id) + r"(?![\w-])", text) is not None


def score_claims(question_id: str, language: str, answer: Answer, deciding: Sequence[Judgement],
                 automatic: Outcome) -> ClaimOutcome | None:
    """Score one answer's claims; None when no deciding judgement lists claims.

    Args:
        question_id, language: of the answer.
        answer: the answer judged.
        deciding: the judgements that decide it.
        automatic: its automatic outcome, whose findings code overrules with.
    """
    with_claims = [j for j in deciding if j.claims is not None]
    if not with_claims:
        return None
    claims = []
    overruled = []
    for claim in combine_claims(with_claims, answer):
        reason = code_reason(claim, automatic)
        if reason is not None and claim.label == SUPPORTED:
            who = tuple(sorted({j.judge.label for j in with_claims for c in j.claims or () if c.overlaps(claim) and c.label == SUPPORTED}))
            overruled.append(Overruled(question_id, claim, who, reason))
            claim = Claim(claim.start, claim.end, claim.text, UNSUPPORTED, claim.evidence)
        claims.append(claim)
    supported = sum(c.label == SUPPORTED for c in claims)
    contradicted = any(c.label == CONTRADICTED for c in claims)
    counts = {"contradicted_claims": Count(int(contradicted), 1)}
    if claims:
        counts["grounded_claim_rate"] = Count(supported, len(claims))
    findings = tuple(_finding(question_id, language, c, automatic, overruled) for c in claims if c.label != SUPPORTED)
    return ClaimOutcome(tuple(claims), counts, findings, tuple(overruled))


def _finding(question_id: str, language: str, claim: Claim, automatic: Outcome, overruled: Sequence[Overruled]) -> Finding:
    measure = "contradicted_claims" if claim.label == CONTRADICTED else "grounded_claim_rate"
    code = "claim_contradicted" if claim.label == CONTRADICTED else "claim_unsupported"
    what = "contradicted by the evidence" if claim.label == CONTRADICTED else "not supported by the evidence"
    message = f"claim \"{claim.text}\" ({claim.start}-{claim.end}) is {what}"
    over = next((o for o in overruled if o.claim.start == claim.start and o.claim.end == claim.end), None)
    if over is not None:
        message += f" (code: {over.reason}; {', '.join(over.judges)} said supported, overruled)"
    elif claim.label == UNSUPPORTED and (reason := code_reason(claim, automatic)) is not None:
        message += f" (code agrees: {reason})"
    if claim.evidence:
        message += f"; evidence read: {', '.join(claim.evidence)}"
    return Finding(question_id, language, measure, code, message, quote=QuoteRef(claim.text, claim.start, claim.end))
