"""Repeated answers in the reports: pass^k beside each answer-level measure and the flaky questions.

Present only when the run's lines carry ``attempt`` (:class:`gate.model.repeated.RepeatSummary`);
a run without it gives the same reports as before, byte for byte.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gate.model.measures import MEASURE_BY_NAME
from gate.model.repeated import RepeatSummary
from gate.rules.display import display_rate

if TYPE_CHECKING:
    from gate.report.model import Report


def repeats_dict(summary: RepeatSummary | None, number: Any) -> dict[str, Any]:
    """The JSON report's ``pass_k`` and ``flaky_questions`` (empty without repeats);
    ``number``: how the report writes a rate as a JSON number."""
    if summary is None:
        return {}
    return {
        "pass_k": [{"slice": s, "measure": m, "k": k, "rate": number(rate), "numerator": rate.numerator,
                    "denominator": rate.denominator} for s, m, k, rate in summary.pass_k],
        "flaky_questions": [{"question_id": q, "measures": list(ms)} for q, ms in summary.flaky],
    }


def repeats_from_dict(data: dict[str, Any]) -> RepeatSummary | None:
    """:func:`repeats_dict` read back (None when the report has no repeats)."""
    if "pass_k" not in data:
        return None
    return RepeatSummary(tuple((p["slice"], p["measure"], p["k"], Fraction(p["numerator"], p["denominator"])) for p in data["pass_k"]),
                         tuple((f["question_id"], tuple(f["measures"])) for f in data["flaky_questions"]))


def repeats_lines(report: Report) -> list[str]:
    """The lines people read: the flaky questions (count and ids), then pass^k of each
    answer-level measure over the run (``all``)."""
    summary = report.repeats
    if summary is None:
        return []
    ids = [q for q, _ in summary.flaky]
    shown = ", ".join(ids[:20]) + (f" and {len(ids) - 20} more" if len(ids) > 20 else "")
    lines = [f"Flaky questions ({len(ids)}): {shown}" if ids else "Flaky questions (0): every question passed all its attempts or none"]
    on_all = [f"{MEASURE_BY_NAME[m].label} {display_rate(rate)}" for s, m, _, rate in summary.pass_k if s == "all"]
    ks = sorted({k for s, _, k, _ in summary.pass_k if s == "all"})
    if on_all:
        lines.append(f"pass^{'/'.join(map(str, ks))} (every attempt of a question passes): " + ", ".join(on_all))
    return lines
