"""Claims in judgements: each factual claim of an answer, its span, its label and its evidence.

With the rubric's ``claims: true`` a judgement lists the answer's claims::

    "claims": [{"start": 0, "end": 52, "text": "Poverty in the Eastern district was about 31% in 2021",
                "label": "unsupported", "evidence": ["POV_HEADCOUNT_NAT"]}]

``start`` and ``end`` are character offsets in the answer text as logged (``text`` is that
span, checked), ``label`` one of ``supported``, ``unsupported``, ``contradicted`` (the
seeds' three groundedness labels: entailed by the evidence, not found in it, contradicted
by it), ``evidence`` the retrieved ids or passage ids the judge relied on, each one the
answer's evidence holds. One judge's claims do not overlap. ``no_unsupported_claim``
then follows from them: ``no`` when a claim is unsupported or contradicted, else ``yes``;
a judgement giving a label that disagrees is an input error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gate.core.schemas import describe
from gate.model.inputs import Answer

SUPPORTED, UNSUPPORTED, CONTRADICTED = "supported", "unsupported", "contradicted"
#: The claim labels, best first; a worse label wins where judges' claims overlap.
CLAIM_LABELS: tuple[str, ...] = (SUPPORTED, UNSUPPORTED, CONTRADICTED)
CLAIM_RANK = {SUPPORTED: 0, UNSUPPORTED: 1, CONTRADICTED: 2}
CLAIM_FIELDS = ("start", "end", "text", "label", "evidence")


@dataclass(frozen=True)
class Claim:
    """One claim of an answer as a judge labelled it.

    Attributes:
        start, end: character offsets of the claim in the answer text (end exclusive).
        text: the answer's text between them.
        label: ``supported``, ``unsupported`` or ``contradicted``.
        evidence: the retrieved or passage ids the judge relied on.
    """

    start: int
    end: int
    text: str
    label: str
    evidence: tuple[str, ...] = ()

    def overlaps(self, other: Claim) -> bool:
        """Whether the two spans share a character."""
        return self.start < other.end and other.start < self.end

    @property
    def grounded(self) -> bool:
        return self.label == SUPPORTED


def evidence_ids(answer: Answer) -> tuple[str, ...]:
    """The ids a claim may cite as evidence: the retrieved ids, then the passage ids."""
    return tuple(dict.fromkeys(list(answer.retrieved_ids) + [p[0] for p in answer.retrieved_passages]))


def claim_record(claim: Claim) -> dict[str, Any]:
    """A claim as it is written in a judgements file (and stored in a baseline)."""
    return {"start": claim.start, "end": claim.end, "text": claim.text, "label": claim.label, "evidence": list(claim.evidence)}


def no_unsupported_label(claims: Sequence[Claim]) -> str:
    """``no_unsupported_claim`` as the claims say it: ``no`` when any is not supported."""
    return "yes" if all(c.grounded for c in claims) else "no"


def check_claims(value: Any, answer: Answer | None, bad: Callable[[str, str], None]) -> tuple[Claim, ...] | None:
    """The claims of one judgement, checked; every problem reported through ``bad(field, message)``.

    Args:
        value: the ``claims`` field as read (a list of objects).
        answer: the answer judged, or None when it is not known (calibration examples):
            then spans and evidence are checked for form only.
        bad: reports a problem on a field (``claims[2].label``).

    Returns:
        The claims sorted by start, or None when any was bad.
    """
    if not isinstance(value, list):
        bad("claims", f"expected a list of claims ({{\"start\", \"end\", \"text\", \"label\", \"evidence\"}}), found {describe(value)}")
        return None
    out: list[Claim] = []
    ok = True
    for i, item in enumerate(value):
        claim = _claim(item, f"claims[{i}]", answer, bad)
        ok = ok and claim is not None
        if claim is not None:
            out.append(claim)
    if not ok:
        return None
    ordered = sorted(out, key=lambda c: (c.start, c.end))
    for first, second in zip(ordered, ordered[1:]):
        if first.overlaps(second):
            bad("claims", f"claims {first.start}-{first.end} ({first.text!r}) and {second.start}-{second.end} ({second.text!r}) "
                          "overlap: one judge's claims do not share text; split or merge them")
            return None
    return tuple(ordered)


def _claim(item: Any, where: str, answer: Answer | None, bad: Callable[[str, str], None]) -> Claim | None:
    if not isinstance(item, dict):
        bad(where, f"expected a claim ({{\"start\", \"end\", \"text\", \"label\", \"evidence\"}}), found {describe(item)}")
        return None
    ok = True
    for key in item:
        if key not in CLAIM_FIELDS:
            bad(f"{where}.{key}", f"unknown field {key!r}; expected one of {', '.join(CLAIM_FIELDS)}")
            ok = False
    start, end, text, label, evidence = (item.get(k) for k in CLAIM_FIELDS)
    first, last = _offset(start, f"{where}.start", bad), _offset(end, f"{where}.end", bad)
    span_ok = first is not None and last is not None and _span(first, last, text, where, answer, bad)
    if label not in CLAIM_LABELS:
        bad(f"{where}.label", f"expected one of {', '.join(CLAIM_LABELS)}, found {describe(label) if label is not None else 'nothing'}")
        ok = False
    ids = _evidence(evidence, f"{where}.evidence", answer, bad)
    if not (ok and span_ok and first is not None and last is not None and isinstance(text, str)) or ids is None:
        return None
    return Claim(first, last, text, str(label), ids)


def _offset(value: Any, where: str, bad: Callable[[str, str], None]) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        bad(where, f"expected a character offset in the answer (a whole number, 0 or more), found {describe(value) if value is not None else 'nothing'}")
        return None
    return value


def _span(start: int, end: int, text: Any, where: str, answer: Answer | None, bad: Callable[[str, str], None]) -> bool:
    if not isinstance(text, str) or not text.strip():
        bad(f"{where}.text", f"expected the claim's text (the answer between start and end), found {describe(text) if text is not None else 'nothing'}")
        return False
    if end <= start:
        bad(f"{where}.end", f"expected an offset after start ({start}), found {end}")
        return False
    if answer is None:  # form only: the span is checked against the answer once the run is read
        return True
    answer_text = answer.answer or ""
    if end > len(answer_text):
        bad(f"{where}.end", f"expected an offset within the answer ({len(answer_text)} characters), found {end}")
        return False
    if answer_text[start:end] != text:
        bad(f"{where}.text", f"expected the answer's text from {start} to {end}, {answer_text[start:end]!r}, found {text!r}")
        return False
    return True


def _evidence(value: Any, where: str, answer: Answer | None, bad: Callable[[str, str], None]) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        bad(where, f"expected a list of retrieved or passage ids, found {describe(value)}")
        return None
    if answer is None:
        return tuple(value)
    known = evidence_ids(answer)
    unknown = [v for v in value if v not in known]
    if unknown:
        bad(where, f"unknown evidence id(s) {', '.join(repr(v) for v in unknown)}: the answer's evidence holds "
                   f"{', '.join(known) or 'nothing'}")
        return None
    return tuple(value)
