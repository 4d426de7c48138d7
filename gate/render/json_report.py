"""The JSON report: the Report as data, for other tools and later stages, and read back.

Keys are sorted and nothing depends on time or machine, so the same inputs give the same
bytes. Rates are JSON numbers (the exact ``numerator``/``denominator`` stand beside them),
null when n = 0; the shape is documented in ``gate/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from gate import __version__
from gate.comparison import ComparedCell, Comparison, Differences, HistoryPoint
from gate.display import fraction_text
from gate.errors import InputError, Problem, ProblemCollector
from gate.figures.model import MatchSettings
from gate.limits import read_bounded
from gate.loosened import Loosening
from gate.measures import MEASURE_BY_NAME, Count, FigureRef, Finding, Measure, QuoteRef
from gate.records import schema, schema_problems
from gate.report import Report, Source, build_cells, describe_rule
from gate.scores import Score
from gate.thresholds import LEVEL_KINDS, Rule
from gate.verdict import SKIP, RuleResult, Tested, can_decide, decide

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


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
        **_test(r),
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


def _tested(data: dict[str, Any] | None) -> Tested | None:
    """A rule's test read back from its exact fields."""
    if data is None:
        return None
    adjusted = data["adjusted_p_exact"]
    return Tested(_fraction_text(data["p_value_exact"]), None if adjusted is None else _fraction_text(adjusted),
                  data["correction"], data["family"], data["reachable"])


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
    sentences of :meth:`gate.comparison.Comparison.difference_lines`; the structured detail
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
            }
            for c in report.cells
        ],
        "rules": [_rule(r) for r in report.rules],
        **({"findings": [_finding(f) for f in report.findings]} if findings else {}),
        **({"findings_not_listed": [{"measure": m, "code": c, "slice": s, "count": n}
                                    for m, c, s, n in report.findings_not_listed]}
           if report.findings_not_listed else {}),
        "notices": list(report.notices),
        "comparison": comparison,
    }
    if report.rubric is not None:
        from gate.render.rubric import code_agreement_dict, rubric_dict

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
    ``check --max-findings all`` reads them from disk: :mod:`gate.findings_store`)."""
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


# -- reading a JSON report back -----------------------------------------------------------


@lru_cache(maxsize=1)
def _report_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only to read a report back

    return Draft202012Validator(schema("report"))


def _exact(value: float | int | None) -> Fraction | None:
    """A JSON number as the exact fraction it was written from (its shortest decimal form)."""
    if value is None:
        return None
    return _fraction(value)


def _fraction(value: float | int) -> Fraction:
    """A JSON number that is never null (a rule's bound) as an exact fraction."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _decimal(value: float | int) -> Decimal:
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


def _counted(data: dict[str, Any]) -> Count:
    return Count(data["numerator"], data["denominator"])


def _measures(data: dict[str, Any], problems: ProblemCollector, display: str) -> tuple[Measure, ...]:
    """The report's measures, each the one answer-gate defines (the renderers write their labels)."""
    out = []
    for i, m in enumerate(data["measures"]):
        known = MEASURE_BY_NAME.get(m["name"])
        if known is None:
            problems.add(display, None, f"measures[{i}].name", f"expected a measure of answer-gate {__version__} "
                         f"({', '.join(MEASURE_BY_NAME)}), found {m['name']!r}")
            continue
        direction = "higher" if known.higher_is_better else "lower"
        if (m["label"], m["direction"], m["unit"]) != (known.label, direction, known.unit):
            problems.add(display, None, f"measures[{i}]", f"expected {known.name} as answer-gate defines it "
                         f"(label {known.label!r}, {direction} is better, unit {known.unit}), found another definition")
            continue
        out.append(known)
    return tuple(out)


def _rules(data: dict[str, Any]) -> tuple[RuleResult, ...]:
    min_n = data["thresholds"]["min_n"]
    out = []
    for r in data["rules"]:
        rule = Rule(r["measure"], r["kind"], _fraction(r["bound"]), r["severity"], r["source"])
        test = _tested(r.get("test"))
        could = (r["status"] != SKIP and can_decide(rule, r["n"], min_n)) if test is None else test.in_family
        out.append(RuleResult(r["slice"], rule, r["status"], _exact(r["actual"]), r["n"], r["reason"], could, test))
    return tuple(out)


def _findings(data: dict[str, Any]) -> tuple[Finding, ...]:
    out = []
    for f in data["findings"]:
        figure = f["figure"]
        ref = None if figure is None else FigureRef(figure["text"], _decimal(figure["value"]), figure["start"], figure["end"])
        quote = f.get("quote")
        quoted = None if quote is None else QuoteRef(quote["text"], quote["start"], quote["end"])
        out.append(Finding(f["question_id"], f["language"], f["measure"], f["code"], f["message"], ref, f["cited_id"], quoted,
                           f.get("look_first")))
    return tuple(out)


def _comparison(data: dict[str, Any] | None, rules: Sequence[RuleResult]) -> Comparison | None:
    """The comparison rebuilt from its exact fields (counts, flips, exact p and alpha); its
    display texts and sentences are derived again, never taken from the file."""
    if data is None:
        return None
    questions = data["questions"]
    differences = Differences(
        baseline_set_version=data["set_versions"]["baseline"],
        set_version=data["set_versions"]["now"],
        added=tuple(questions["added"]),
        dropped=tuple(questions["dropped"]),
        unanswered_baseline=tuple(questions["unanswered_baseline"]),
        unanswered_now=tuple(questions["unanswered_now"]),
        language_changed=tuple(questions["language_changed"]),
        settings=tuple((s["key"], s["baseline"], s["now"]) for s in data["settings_changed"]),
        scorer_version=data["scorer_version"],
        rescored_outcomes=data["rescored_outcomes"],
        compared=questions["compared"],
    )
    regression = [r for r in rules if r.rule.kind not in LEVEL_KINDS]
    cells = tuple(
        ComparedCell(
            slice=c["slice"], measure=c["measure"], baseline=_counted(c["baseline"]), current=_counted(c["current"]),
            broken=tuple(c["broken"]), fixed=tuple(c["fixed"]), p_value=_fraction_text(c["p_value_exact"]),
            results=tuple(r for r in regression if (r.slice, r.rule.measure) == (c["slice"], c["measure"])),
        )
        for c in data["cells"]
    )
    history = tuple(
        HistoryPoint(h["version"], h["set_version"], tuple((name, _counted(count)) for name, count in h["counts"].items()))
        for h in data["history"]
    )
    alpha = data["method"]["alpha_exact"]
    return Comparison(
        baseline_version=data["baseline_version"], baseline_path=data["baseline_path"], differences=differences,
        cells=cells, history=history, alpha=None if alpha is None else _fraction_text(alpha), min_n=data["method"]["min_n"],
    )


def _fraction_text(text: str) -> Fraction:
    """An exact fraction as :func:`gate.display.fraction_text` wrote it (``1/2``, ``0``)."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected an exact fraction such as 1/2, found {text!r}") from None


def _differences(found: Any, expected: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Where two JSON values differ: ``(field, expected, found)`` for each differing leaf."""
    if isinstance(found, dict) and isinstance(expected, dict):
        out = []
        for key in sorted(set(found) | set(expected)):
            out += _differences(found.get(key), expected.get(key), f"{path}.{key}" if path else key)
        return out
    if isinstance(found, list) and isinstance(expected, list) and len(found) == len(expected):
        return [d for i, (a, b) in enumerate(zip(found, expected)) for d in _differences(a, b, f"{path}[{i}]")]
    return [] if found == expected and type(found) is type(expected) else [(path, expected, found)]


def report_from_dict(data: Any, display: str = "report.json") -> Report:
    """A Report from the data of a JSON report, so that any renderer can format it again.

    The data is validated against ``gate/schemas/report.schema.json``; then the Report is
    rebuilt from the exact fields only (counts, bounds, flips, exact p-values, the
    questions' ids), every measure must be one answer-gate defines, and the rebuilt Report
    must give the very same data back: every derived field (a display text, a status, the
    verdict, a sentence of the comparison) is checked against the one its exact values
    give. So nothing the renderers write as it stands comes unchecked from the file, and
    ``render_json(report_from_dict(data))`` gives back the same bytes.

    Args:
        data: the parsed JSON.
        display: the file name used in problems.

    Returns:
        The Report; its comparison is a :class:`gate.comparison.Comparison` again.

    Raises:
        InputError: every problem found (up to the usual limit), each naming the file and
            the field, e.g. ``report.json: verdict.passed: expected false (from the rules),
            found true``.
    """
    problems = ProblemCollector()
    errors = sorted(_report_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors:
        field, message = schema_problems(error)
        problems.add(display, None, field, message)
    problems.raise_if_any()
    measures = _measures(data, problems, display)
    problems.raise_if_any()
    rules = _rules(data)
    try:
        comparison = _comparison(data["comparison"], rules)
    except ValueError as exc:
        raise InputError([Problem(display, None, "comparison", str(exc))]) from None
    scores = [Score(s["slice"], s["measure"], _counted(s)) for s in data["scores"]]
    for i, s in enumerate(scores):
        if s.count.numerator > s.count.denominator:
            problems.add(display, None, f"scores[{i}]", f"expected a numerator at most the denominator, found {s.count.numerator}/{s.count.denominator}")
    problems.raise_if_any()
    cells = tuple(build_cells(scores, rules))
    slices = tuple(dict.fromkeys(c.slice for c in cells))
    have = {(c.slice, c.measure) for c in cells}
    for slice_name in slices:
        for m in measures:
            if (slice_name, m.name) not in have:
                problems.add(display, None, "scores", f"expected a score for slice {slice_name!r} and measure {m.name}, found none")
    problems.raise_if_any()
    matching = data["matching"]
    report = Report(
        tool_version=data["tool"]["version"],
        run=Source(data["run"]["path"], data["run"]["assistant_version"]),
        set_version_logged=data["run"]["set_version"],
        question_set=Source(data["question_set"]["path"], data["question_set"]["version"]),
        thresholds=data["thresholds"]["path"],
        matching=MatchSettings(rounding=matching["rounding"], percent_fraction=matching["percent_fraction"], derived=tuple(matching["derived"])),
        min_n=data["thresholds"]["min_n"],
        answers=data["run"]["answers"],
        questions=data["question_set"]["questions"],
        measures=measures,
        slices=slices,
        cells=cells,
        rules=rules,
        rule_texts=tuple(describe_rule(r, cells, comparison) for r in rules),
        findings=_findings(data),
        notices=tuple(data["notices"]),
        verdict=decide(rules, data["verdict"].get("undecided"), loosened=data["verdict"].get("loosened", 0)),
        comparison=comparison,
        schema_version=data["schema_version"],
        loosened=tuple(Loosening(x["kind"], x["where"], x["before"], x["after"], x["source"]) for x in data.get("loosened", ())),
        evidence=data.get("evidence", True),
        findings_not_listed=tuple((x["measure"], x["code"], x["slice"], x["count"]) for x in data.get("findings_not_listed", ())),
    )
    for field, expected, found in _differences(data, json.loads(json.dumps(report_to_dict(report)))):
        problems.add(display, None, field, f"expected {json.dumps(expected, ensure_ascii=False)} (from the exact values), "
                     f"found {json.dumps(found, ensure_ascii=False)}")
    problems.raise_if_any()
    return report


def read_report(path: str | Path) -> Report:
    """Read a JSON report written by ``answer-gate check --json`` (see :func:`report_from_dict`).

    Raises:
        InputError: the file cannot be read, is not UTF-8 JSON, or fails the checks of
            :func:`report_from_dict`; every problem names the file and the field.
    """
    display = str(path)
    try:
        text = read_bounded(path, "report", display).decode("utf-8")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "expected a JSON report, found no file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"cannot be read as UTF-8: {exc}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(display, exc.lineno, None, f"expected JSON, found an error: {exc.msg}")]) from None
    return report_from_dict(data, display)
