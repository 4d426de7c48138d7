"""A stored JSON report read back: rebuilt into a Report that any renderer formats, and verified.

The report is validated against ``gate/schemas/report.schema.json``, rebuilt from its exact
fields only (counts, bounds, flips, exact p-values, the questions' ids), and verified: its
verdict must follow from its rules and every derived field must be what the exact values give.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gate import __version__
from gate.core.errors import InputError, Problem, ProblemCollector
from gate.core.limits import read_bounded
from gate.core.schemas import schema, schema_problems
from gate.figures.model import MatchSettings
from gate.model.measures import MEASURE_BY_NAME, Measure
from gate.model.outcomes import Count, FigureRef, Finding, QuoteRef
from gate.model.repeated import MeanCount
from gate.model.scores import Score
from gate.report.json_report import report_to_dict
from gate.report.model import Report, Source, build_cells, describe_rule
from gate.report.repeated import repeats_from_dict
from gate.rules.comparison import ComparedCell, Comparison, Differences, HistoryPoint
from gate.rules.loosened import Loosening
from gate.rules.thresholds import LEVEL_KINDS, Rule
from gate.rules.verdict import SKIP, RuleResult, Tested, Verdict, can_decide, decide

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


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
    if "questions" in data:  # repeated answers
        return MeanCount(data["numerator"], data["denominator"], data["questions"])
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


def _tested(data: dict[str, Any] | None) -> Tested | None:
    """A rule's test read back from its exact fields."""
    if data is None:
        return None
    adjusted = data["adjusted_p_exact"]
    return Tested(_fraction_text(data["p_value_exact"]), None if adjusted is None else _fraction_text(adjusted),
                  data["correction"], data["family"], data["reachable"])


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
    """An exact fraction as :func:`gate.rules.display.fraction_text` wrote it (``1/2``, ``0``)."""
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


def rebuild_report(data: Any, display: str = "report.json") -> Report:
    """A Report from the data of a JSON report, so that any renderer can format it again
    (:func:`report_from_dict` rebuilds it and verifies it).

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
        The Report; its comparison is a :class:`gate.rules.comparison.Comparison` again.

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
        verdict=Verdict(**data["verdict"]),
        comparison=comparison,
        schema_version=data["schema_version"],
        loosened=tuple(Loosening(x["kind"], x["where"], x["before"], x["after"], x["source"]) for x in data.get("loosened", ())),
        evidence=data.get("evidence", True),
        findings_not_listed=tuple((x["measure"], x["code"], x["slice"], x["count"]) for x in data.get("findings_not_listed", ())),
        repeats=repeats_from_dict(data),
    )
    return report


def verify_report(report: Report, data: Any, display: str = "report.json") -> None:
    """Check that a rebuilt Report is what its exact values give: its verdict follows from its
    rules, and written again it gives the very same data back (every display text, status
    and sentence of the comparison derived again from the exact values).

    ``answer-gate comment`` posts a report that another workflow (perhaps a fork's) wrote:
    this is what makes a forged verdict or a rate that contradicts its counts an input error.

    Raises:
        InputError: every field that differs, e.g. ``report.json: verdict.passed: expected
            false (from the exact values), found true``.
    """
    problems = ProblemCollector()
    expected = replace(report, verdict=decide(report.rules, report.verdict.undecided, loosened=report.verdict.loosened))
    for field, wanted, found in _differences(data, json.loads(json.dumps(report_to_dict(expected)))):
        problems.add(display, None, field, f"expected {json.dumps(wanted, ensure_ascii=False)} (from the exact values), "
                     f"found {json.dumps(found, ensure_ascii=False)}")
    problems.raise_if_any()


def report_from_dict(data: Any, display: str = "report.json") -> Report:
    """The Report of a JSON report's data, rebuilt (:func:`rebuild_report`) and verified
    (:func:`verify_report`): nothing the renderers write comes unchecked from the file, and
    ``render_json(report_from_dict(data))`` gives back the same bytes.

    Raises:
        InputError: every problem found, each naming the file and the field.
    """
    report = rebuild_report(data, display)
    verify_report(report, data, display)
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
