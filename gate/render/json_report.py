"""The JSON report: the Report as data, for other tools and later stages.

Keys are sorted and nothing depends on time or machine, so the same inputs give the same
bytes. Rates are JSON numbers (the exact ``numerator``/``denominator`` stand beside them),
null when n = 0; the shape is documented in ``gate/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gate.measures import Finding
from gate.report import Report
from gate.verdict import RuleResult


def _number(value: Fraction | Decimal | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return float(value)


def _rule(r: RuleResult) -> dict[str, Any]:
    return {
        "slice": r.slice,
        "measure": r.rule.measure,
        "kind": r.rule.kind,
        "bound": _number(r.rule.bound),
        "severity": r.rule.severity,
        "source": r.rule.source,
        "status": r.status,
        "actual": _number(r.actual),
        "n": r.n,
        "reason": r.reason,
    }


def _finding(f: Finding) -> dict[str, Any]:
    out: dict[str, Any] = {
        "question_id": f.question_id,
        "language": f.language,
        "measure": f.measure,
        "code": f.code,
        "message": f.message,
        "figure": None,
        "cited_id": f.cited_id,
    }
    if f.figure is not None:
        out["figure"] = {"text": f.figure.text, "value": _number(f.figure.value), "start": f.figure.start, "end": f.figure.end}
    return out


def _plain(value: Any) -> Any:
    """Dataclasses, fractions and decimals as JSON values (for the comparison section)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {k: _plain(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (Fraction, Decimal)):
        return _number(value)
    return value


def report_to_dict(report: Report) -> dict[str, Any]:
    """The Report as plain JSON data (see ``report.schema.json``)."""
    comparison = report.comparison
    if comparison is not None and hasattr(comparison, "to_dict"):
        comparison = comparison.to_dict()
    else:
        comparison = _plain(comparison)
    out = _report_dict(report, comparison)
    if report.findings_not_listed:
        out["findings_not_listed"] = [{"code": c, "slice": s, "count": n} for c, s, n in report.findings_not_listed]
    return out


def _report_dict(report: Report, comparison: Any) -> dict[str, Any]:
    return {
        "schema_version": report.schema_version,
        "tool": {"name": "answer-gate", "version": report.tool_version},
        "run": {
            "path": report.run.path,
            "assistant_version": report.run.version,
            "set_version": report.set_version_logged,
            "answers": report.answers,
        },
        "question_set": {"path": report.question_set.path, "version": report.question_set.version, "questions": report.questions},
        "thresholds": {"path": report.thresholds, "min_n": report.min_n},
        "matching": {
            "rounding": report.matching.rounding,
            "percent_fraction": report.matching.percent_fraction,
            "derived": list(report.matching.derived),
        },
        "verdict": {
            "passed": report.verdict.passed,
            "failed": report.verdict.failed,
            "warned": report.verdict.warned,
            "checked": report.verdict.checked,
            "skipped": report.verdict.skipped,
        },
        "measures": [
            {"name": m.name, "label": m.label, "direction": "higher" if m.higher_is_better else "lower", "unit": m.unit}
            for m in report.measures
        ],
        "scores": [
            {
                "slice": c.slice,
                "measure": c.measure,
                "numerator": c.numerator,
                "denominator": c.denominator,
                "rate": _number(c.rate),
                "display": c.display,
                "status": c.status,
            }
            for c in report.cells
        ],
        "rules": [_rule(r) for r in report.rules],
        "findings": [_finding(f) for f in report.findings],
        "notices": list(report.notices),
        "comparison": comparison,
    }


def render_json(report: Report) -> str:
    """The JSON report text: sorted keys, two-space indent, UTF-8 as is, final newline."""
    return json.dumps(report_to_dict(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
