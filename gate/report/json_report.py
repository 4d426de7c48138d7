"""The JSON report: the Report as data, for other tools and later stages (read back by :mod:`gate.report.stored`).

Keys are sorted and nothing depends on time or machine, so the same inputs give the same
bytes. Rates are JSON numbers (the exact ``numerator``/``denominator`` stand beside them),
null when n = 0; the shape is documented in ``gate/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from gate.model.outcomes import Count, Finding
from gate.report.model import Report
from gate.report.renderers import RenderOptions
from gate.report.repeated import repeats_dict
from gate.rules.comparison import ComparedCell, Comparison
from gate.rules.display import fraction_text
from gate.rules.verdict import RuleResult

if TYPE_CHECKING:
    pass


def _number(value: Fraction | Decimal | None) -> float | int | None:
    """A JSON number: exact for a whole number below 10**30, else the nearest float; None
    for a value no JSON number holds (beyond 1.8e308, e.g. a 400-digit figure read from an
    answer), so that the report is always JSON (never ``Infinity``)."""
    if value is None:
        return None
    if isinstance(value, Decimal) and value == value.to_integral_value() and abs(value) < _EXACT:
        return int(value)
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


_EXACT = Decimal(10) ** 30


def _rule(r: RuleResult, baseline_status: str | None = None) -> dict[str, Any]:
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
        **_test(r),
        "baseline_status": baseline_status,
    }


def _test(r: RuleResult) -> dict[str, Any]:
    """A regression rule's test, under ``test`` (nothing for level rules or with alpha null):
    its raw and adjusted p (float, exact and display text), the correction, the family's size,
    whether the rule is in the family and whether its p could reach significance."""
    t = r.test
    if t is None:
        return {}
    return {"test": {
        "p_value": float(t.p_value),
        "p_value_exact": fraction_text(t.p_value),
        "adjusted_p": None if t.adjusted_p is None else float(t.adjusted_p),
        "adjusted_p_exact": None if t.adjusted_p is None else fraction_text(t.adjusted_p),
        "correction": t.correction,
        "family": t.family,
        "in_family": t.in_family,
        "reachable": t.reachable,
    }}


def _finding(f: Finding) -> dict[str, Any]:
    out: dict[str, Any] = {
        "question_id": f.question_id,
        "language": f.language,
        "measure": f.measure,
        "code": f.code,
        "message": f.message,
        "figure": None,
        "cited_id": f.cited_id,
        "quote": None if f.quote is None else {"text": f.quote.text, "start": f.quote.start, "end": f.quote.end},
        "look_first": f.look_first,
    }
    if f.figure is not None:
        out["figure"] = {"text": f.figure.text, "value": _number(f.figure.value), "start": f.figure.start, "end": f.figure.end}
    return out


def _count(c: Count) -> dict[str, Any]:
    return {"numerator": c.numerator, "denominator": c.denominator, "rate": _number(c.rate)}


def _regression_rule(r: RuleResult) -> dict[str, Any]:
    return {"kind": r.rule.kind, "bound": float(r.rule.bound), "severity": r.rule.severity, "source": r.rule.source,
            "status": r.status, "n": r.n, "reason": r.reason, **_test(r)}


def _compared_cell(comparison: Comparison, c: ComparedCell) -> dict[str, Any]:
    before, after, change = c.shown
    return {
        "slice": c.slice,
        "measure": c.measure,
        "baseline": _count(c.baseline),
        "current": _count(c.current),
        "baseline_display": before,
        "current_display": after,
        "delta": _number(c.delta),
        "delta_exact": None if c.delta is None else fraction_text(c.delta),
        "delta_display": change,
        "broken": list(c.broken),
        "fixed": list(c.fixed),
        "p_value": float(c.p_value),
        "p_value_exact": fraction_text(c.p_value),
        "p_display": comparison.p_text(c),
        "status": c.status,
        "rules": [_regression_rule(r) for r in c.results],
    }


def _family(comparison: Comparison) -> dict[str, Any]:
    """The correction the regression rules were decided with and the family's size, read
    from the rules' tests (none with alpha null or no regression rule)."""
    tests = [r.test for c in comparison.cells for r in c.results if r.test is not None]
    if not tests:
        return {"correction": None, "family": 0}
    return {"correction": tests[0].correction, "family": tests[0].family}


def comparison_to_dict(comparison: Comparison) -> dict[str, Any]:
    """The comparison with the baseline as JSON-ready data, for the JSON report and the markdown renderer.

    Counts are integers; each rate, change and p-value is a float with its exact fraction
    as a string beside it and its display text (the same as the terminal's). Lists keep a
    fixed order; the same comparison gives the same data. ``differences`` holds the
    sentences of :meth:`gate.rules.comparison.Comparison.difference_lines`; the structured detail
    is under ``questions``, ``set_versions`` and ``settings_changed``.
    """
    d = comparison.differences
    alpha = comparison.alpha
    return {
        "baseline_version": comparison.baseline_version,
        "baseline_path": comparison.baseline_path,
        "differences": comparison.difference_lines(),
        "set_versions": {"baseline": d.baseline_set_version, "now": d.set_version},
        "questions": {
            "compared": d.compared,
            "added": list(d.added),
            "dropped": list(d.dropped),
            "unanswered_baseline": list(d.unanswered_baseline),
            "unanswered_now": list(d.unanswered_now),
            "language_changed": list(d.language_changed),
        },
        "settings_changed": [{"key": k, "baseline": old, "now": new} for k, old, new in d.settings],
        "scorer_version": d.scorer_version,
        "rescored_outcomes": d.rescored_outcomes,
        "method": {
            "change": "rate now minus the re-scored baseline rate on the common questions, in rate points",
            "test": "one-sided exact McNemar on the flips: P(X >= broken), X ~ Bin(broken + fixed, 1/2)",
            "alpha": _number(alpha),
            "alpha_exact": None if alpha is None else fraction_text(alpha),
            "min_n": comparison.min_n,
            **_family(comparison),
        },
        "cells": [_compared_cell(comparison, c) for c in comparison.cells],
        "history": [
            {"version": h.assistant_version, "set_version": h.set_version,
             "rates": {name: _number(c.rate) for name, c in h.scores},
             "counts": {name: {"numerator": c.numerator, "denominator": c.denominator} for name, c in h.scores}}
            for h in comparison.history
        ],
    }


def report_to_dict(report: Report, findings: bool = True) -> dict[str, Any]:
    """The Report as plain JSON data (see ``report.schema.json``); without ``findings``, no
    ``findings`` key (:func:`write_json` writes them one by one)."""
    comparison = None if report.comparison is None else comparison_to_dict(report.comparison)
    out = {
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
            **({"undecided": report.verdict.undecided} if report.verdict.undecided else {}),
            **({"loosened": report.verdict.loosened} if report.verdict.loosened else {}),
        },
        **({} if report.evidence else {"evidence": False}),
        **({"loosened": [{"kind": x.kind, "where": x.where, "before": x.before, "after": x.after, "source": x.source, "text": x.text}
                         for x in report.loosened]} if report.loosened else {}),
        "measures": [
            {"name": m.name, "label": m.label, "direction": "higher" if m.higher_is_better else "lower", "unit": m.unit,
             "family": m.family}
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
                **({"questions": c.questions} if c.questions is not None else {}),
            }
            for c in report.cells
        ],
        "rules": [_rule(r, then) for r, then in zip(report.rules, report.baseline_statuses)],
        **({"findings": [_finding(f) for f in report.findings]} if findings else {}),
        **({"findings_not_listed": [{"measure": m, "code": c, "slice": s, "count": n}
                                    for m, c, s, n in report.findings_not_listed]}
           if report.findings_not_listed else {}),
        "notices": list(report.notices),
        "comparison": comparison,
        **repeats_dict(report.repeats, _number),
    }
    if report.rubric is not None:
        from gate.report.rubric import code_agreement_dict, rubric_dict

        out["rubric"] = rubric_dict(report)
        out["code_agreement"] = code_agreement_dict(report)
    return out


def render_json(report: Report) -> str:
    """The JSON report text: sorted keys, two-space indent, UTF-8 as is, final newline."""
    return json.dumps(report_to_dict(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


#: Where the findings go in the JSON text of a report written without them (a top-level
#: key: the only place a newline is followed by two spaces and ``"findings"``).
_FINDINGS_AT = '\n  "findings": []'


def write_json(report: Report, out: IO[bytes]) -> None:
    """Write the JSON report to ``out`` (UTF-8), the same bytes as :func:`render_json`, with
    the findings written one after another as they are read, never all held (a report of
    ``check --max-findings all`` reads them from disk: :mod:`gate.engine.findings`)."""
    text = json.dumps({**report_to_dict(report, findings=False), "findings": []}, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    at = text.index(_FINDINGS_AT) + len(_FINDINGS_AT) - 1  # the closing bracket
    if not report.findings:
        out.write(text.encode("utf-8"))
        return
    out.write(text[:at].encode("utf-8") + b"\n")
    for i, f in enumerate(report.findings):
        item = json.dumps(_finding(f), sort_keys=True, indent=2, ensure_ascii=False)
        out.write(((",\n" if i else "") + "\n".join("    " + line for line in item.split("\n"))).encode("utf-8"))
    out.write(("\n  " + text[at:]).encode("utf-8"))


def render(report: Report, options: RenderOptions) -> str:
    """The JSON report (:mod:`gate.report.renderers`): :func:`render_json`; it takes no option."""
    return render_json(report)


def write(report: Report, options: RenderOptions, out: IO[bytes]) -> None:
    """The JSON report written piece by piece (:mod:`gate.report.renderers`): :func:`write_json`."""
    write_json(report, out)
