"""What the gate found in an answer, as the review page shows it to a reader: each figure of
the answer with its state, the gate's findings, and the observations as rows.

A figure's state, from the findings that quote it (the worst first):

- ``unsupported``: no retrieved value, passage or question supports it (``unsupported_figure``);
- ``wrong_period``: it matches an observation of another period than the one stated
  (``wrong_period``);
- ``caveat_missing``: it comes from an observation with a caveat the answer never states
  (``caveat_missing``);
- ``flagged``: another finding quotes it (a unit, a stated period, a series not cited);
- ``supported``: no finding quotes it (the evidence supports it and the code checks pass).

Scored as ``check`` scores the answer (:func:`gate.scoring.answer.score_answer`), with the
matching settings given (the defaults are those of the shipped ``thresholds.yaml``). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from gate import figures as fig
from gate.judged.review_words import status_name
from gate.model.inputs import Answer, Question
from gate.model.outcomes import Finding
from gate.scoring.answer import score_answer
from gate.scoring.checks.periods import period_of_figures, stated_periods

SUPPORTED, UNSUPPORTED, WRONG_PERIOD, CAVEAT_MISSING, FLAGGED = (
    "supported", "unsupported", "wrong_period", "caveat_missing", "flagged")
#: The states, the worst first: a figure two findings quote takes the first.
STATES = (UNSUPPORTED, WRONG_PERIOD, CAVEAT_MISSING, FLAGGED, SUPPORTED)
#: Finding code -> the state it gives the figure it quotes (any other code: flagged).
_STATE_OF = {"unsupported_figure": UNSUPPORTED, "wrong_period": WRONG_PERIOD, "caveat_missing": CAVEAT_MISSING}
#: Observation fields shown, in the table's order.
OBSERVATION_COLUMNS = ("series", "period", "value", "unit", "status", "caveats")


def figure_marks(text: str, language: str, findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """Every figure of an answer text with its state, in text order.

    Returns:
        ``{"start", "end", "text", "state", "codes", "kind"}`` per figure: its span in
        ``text`` (characters), as written, its state (:data:`STATES`), the codes of the
        findings that quote it and ``kind`` ``figure``. A finding's figure the reader did not
        read as a figure is marked too. The period stated for a figure of the wrong period
        is marked as well (``kind`` ``period``, with ``figure``: the figure it is stated for).
    """
    quoted: dict[tuple[int, int], list[Finding]] = {}
    for f in findings:
        if f.figure is not None:
            quoted.setdefault((f.figure.start, f.figure.end), []).append(f)
    spans = {(f.start, f.end): f.text for f in (fig.extract_figures(text, language) if text else [])}
    for (start, end), found in quoted.items():
        spans.setdefault((start, end), found[0].figure.text if found[0].figure else text[start:end])
    marks: list[dict[str, Any]] = []
    for (start, end), written in sorted(spans.items()):
        codes = [f.code for f in quoted.get((start, end), [])]
        states = [_STATE_OF.get(code, FLAGGED) for code in codes] or [SUPPORTED]
        marks.append({"start": start, "end": end, "text": written, "state": min(states, key=STATES.index),
                      "codes": list(dict.fromkeys(codes)), "kind": "figure"})
    wrong = {(m["start"], m["end"]): m["text"] for m in marks if "wrong_period" in m["codes"]}
    if wrong:
        marks += _stated_period_marks(text, language, sorted(spans), wrong)
    return _without_overlaps(sorted(marks, key=lambda m: (m["start"], m["kind"] != "figure")))


def _stated_period_marks(text: str, language: str, spans: Sequence[tuple[int, int]],
                         wrong: dict[tuple[int, int], str]) -> list[dict[str, Any]]:
    """The period stated for each figure of the wrong period ("in 2023"), marked
    ``wrong_period`` with ``kind`` ``period`` and ``figure``, the figure it is stated for
    (read as the period check reads it: :func:`gate.scoring.checks.periods.period_of_figures`)."""
    periods = stated_periods(text, language)
    out = []
    for span, stated in zip(spans, period_of_figures(text, spans, periods) if periods else []):
        if span in wrong and stated is not None:
            out.append({"start": stated.start, "end": stated.end, "text": stated.text, "state": WRONG_PERIOD,
                        "codes": ["wrong_period"], "kind": "period", "figure": wrong[span]})
    return out


def _without_overlaps(marks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The marks with no two overlapping (a range and a figure inside it): the first kept."""
    out: list[dict[str, Any]] = []
    for mark in marks:
        if out and mark["start"] < out[-1]["end"]:
            if STATES.index(mark["state"]) < STATES.index(out[-1]["state"]):
                out[-1] = mark
            continue
        out.append(mark)
    return out


def finding_rows(findings: Sequence[Finding]) -> list[dict[str, str]]:
    """The gate's findings for one answer: ``{"measure", "code", "message"}`` each, in the
    order the gate lists them."""
    return [{"measure": f.measure, "code": f.code, "message": f.message} for f in findings]


def observation_rows(answer: Answer) -> list[dict[str, Any]]:
    """The retrieved observations as table rows: the fields of :data:`OBSERVATION_COLUMNS`
    as text ("" when missing), and ``status`` spelled out in the answer's language with its
    code (``valeur provisoire (P)``)."""
    rows = []
    for o in answer.retrieved_observations:
        value = getattr(o, "value", None)
        rows.append({
            "series": o.series or "",
            "period": o.period or "",
            "value": format(value, "f") if isinstance(value, Decimal) else "" if value is None else str(value),
            "unit": o.unit or "",
            "status": f"{status_name(o.status, answer.language)} ({o.status})" if o.status else "",
            "status_code": o.status or "",
            "caveats": "; ".join(o.caveats),
        })
    return rows


def gate_view(question: Question, answer: Answer, settings: fig.MatchSettings | None = None) -> dict[str, Any]:
    """What the review page shows of the gate for one answer: ``figures``
    (:func:`figure_marks`), ``findings`` (:func:`finding_rows`) and ``observations``
    (:func:`observation_rows`)."""
    outcome = score_answer(question, answer, settings or fig.MatchSettings())
    text = answer.answer or ""
    return {"figures": figure_marks(text, answer.language, outcome.findings),
            "findings": finding_rows(outcome.findings),
            "observations": observation_rows(answer)}
