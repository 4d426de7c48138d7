"""The JSON report: the Report as data, for other tools and later stages, and read back.

Keys are sorted and nothing depends on time or machine, so the same inputs give the same
bytes. Rates are JSON numbers (the exact ``numerator``/``denominator`` stand beside them),
null when n = 0; the shape is documented in ``gate/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from dataclasses import asdict, is_dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from jsonschema import Draft202012Validator

from gate import __version__
from gate.errors import InputError, Problem, ProblemCollector
from gate.figures import MatchSettings
from gate.measures import MEASURE_BY_NAME, Count, FigureRef, Finding, Measure
from gate.records import schema, schema_problems
from gate.report import Cell, Report, Source, build_cells, describe_rule
from gate.scores import Score
from gate.thresholds import LEVEL_KINDS, Rule
from gate.verdict import RuleResult, Verdict, decide


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


# -- reading a JSON report back -----------------------------------------------------------

#: Display texts the markdown renderer writes as they are (rates, changes, p-values): a
#: number, a signed number, an exact fraction, or ``-``. Anything else in a report read
#: back is refused, so a forged report cannot put markup into a comment.
_DISPLAY = re.compile(r"-|[+-]?[0-9]{1,20}(\.[0-9]{1,20})?(/[0-9]{1,20})?")


@lru_cache(maxsize=1)
def _report_validator() -> Draft202012Validator:
    return Draft202012Validator(schema("report"))


def _exact(value: float | int | None) -> Fraction | None:
    """A JSON number as the exact fraction it was written from (its shortest decimal form)."""
    if value is None:
        return None
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _decimal(value: float | int) -> Decimal:
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


class _Reader:
    """Turns validated report data back into a :class:`Report`, collecting every problem."""

    def __init__(self, data: dict[str, Any], display: str) -> None:
        self.data = data
        self.display = display
        self.problems = ProblemCollector()

    def problem(self, field: str, message: str) -> None:
        self.problems.add(self.display, None, field, message)

    def measures(self) -> tuple[Measure, ...]:
        out = []
        for i, m in enumerate(self.data["measures"]):
            known = MEASURE_BY_NAME.get(m["name"])
            if known is None:
                self.problem(f"measures[{i}].name", f"expected a measure of answer-gate {__version__} "
                             f"({', '.join(MEASURE_BY_NAME)}), found {m['name']!r}")
                continue
            direction = "higher" if known.higher_is_better else "lower"
            if (m["label"], direction, m["unit"]) != (known.label, direction, known.unit) or m["direction"] != direction:
                self.problem(f"measures[{i}]", f"expected {known.name} as answer-gate defines it "
                             f"(label {known.label!r}, {direction} is better, unit {known.unit}), found another definition")
                continue
            out.append(known)
        return tuple(out)

    def rules(self) -> tuple[RuleResult, ...]:
        out = []
        for r in self.data["rules"]:
            rule = Rule(r["measure"], r["kind"], _exact(r["bound"]), r["severity"], r["source"])
            out.append(RuleResult(r["slice"], rule, r["status"], _exact(r["actual"]), r["n"], r["reason"]))
        return tuple(out)

    def cells(self, rules: Sequence[RuleResult]) -> tuple[Cell, ...]:
        """The cells, their display re-derived from the counts and the rules and checked."""
        cells = []
        scores = [Score(s["slice"], s["measure"], Count(s["numerator"], s["denominator"])) for s in self.data["scores"]]
        for i, (s, built) in enumerate(zip(self.data["scores"], build_cells(scores, rules))):
            if s["numerator"] > s["denominator"]:
                self.problem(f"scores[{i}]", f"expected a numerator at most the denominator, found {s['numerator']}/{s['denominator']}")
            elif (s["display"], s["status"]) != (built.display, built.status):
                self.problem(f"scores[{i}].display", f"expected {built.display!r} with status {built.status} "
                             f"(from the counts and the rules), found {s['display']!r} with status {s['status']}")
            cells.append(built)
        return tuple(cells)

    def findings(self) -> tuple[Finding, ...]:
        out = []
        for f in self.data["findings"]:
            figure = f["figure"]
            ref = None if figure is None else FigureRef(figure["text"], _decimal(figure["value"]), figure["start"], figure["end"])
            out.append(Finding(f["question_id"], f["language"], f["measure"], f["code"], f["message"], ref, f["cited_id"]))
        return tuple(out)

    def check_comparison(self) -> None:
        """The display texts of the comparison are numbers (the renderer writes them as they are)."""
        comparison = self.data["comparison"]
        if comparison is None:
            return
        for i, cell in enumerate(comparison["cells"]):
            for key in ("baseline_display", "current_display", "delta_display", "p_display"):
                if not _DISPLAY.fullmatch(cell[key]):
                    self.problem(f"comparison.cells[{i}].{key}", f"expected a number, a fraction or '-', found {cell[key]!r}")

    def check_verdict(self, rules: Sequence[RuleResult], verdict: Verdict) -> None:
        expected = decide(rules)
        if expected != verdict:
            self.problem("verdict", f"expected the verdict of the rules listed ({_verdict_text(expected)}), "
                         f"found {_verdict_text(verdict)}")

    def check_table(self, slices: Sequence[str], measures: Sequence[Measure], cells: Sequence[Cell]) -> None:
        have = {(c.slice, c.measure) for c in cells}
        for s in slices:
            for m in measures:
                if (s, m.name) not in have:
                    self.problem("scores", f"expected a score for slice {s!r} and measure {m.name}, found none")


def _verdict_text(v: Verdict) -> str:
    return f"{'passed' if v.passed else 'failed'}, {v.failed} failed, {v.warned} warned, {v.checked} checked, {v.skipped} skipped"


def _comparison_view(comparison: dict[str, Any] | None, rules: Sequence[RuleResult]) -> Any:
    """What :func:`gate.report.describe_rule` reads of a comparison, from its JSON data."""
    if comparison is None:
        return None
    cells = {(c["slice"], c["measure"]): c for c in comparison["cells"]}

    def count(data: dict[str, Any]) -> SimpleNamespace:
        rate = Fraction(data["numerator"], data["denominator"]) if data["denominator"] else None
        return SimpleNamespace(rate=rate)

    def cell(slice_name: str, measure: str) -> SimpleNamespace:
        c = cells[(slice_name, measure)]
        results = [r for r in rules if (r.slice, r.rule.measure) == (slice_name, measure) and r.rule.kind not in LEVEL_KINDS]
        return SimpleNamespace(baseline=count(c["baseline"]), current=count(c["current"]), results=results)

    return SimpleNamespace(cell=cell)


def report_from_dict(data: Any, display: str = "report.json") -> Report:
    """A Report from the data of a JSON report, so that any renderer can format it again.

    The data is validated against ``gate/schemas/report.schema.json``, then checked for
    what the renderers take as written: each measure is one answer-gate defines, each
    cell's display text is the one its counts and rules give, the comparison's display
    texts are numbers, and the verdict is the one its rules give. The comparison stays
    JSON data (as :meth:`gate.baseline.Comparison.to_dict` wrote it); the renderers read
    either form. ``render_json(report_from_dict(data))`` gives back the same bytes.

    Args:
        data: the parsed JSON.
        display: the file name used in problems.

    Returns:
        The Report.

    Raises:
        InputError: every problem found (up to the usual limit), each naming the file and
            the field, e.g. ``report.json: verdict: expected the verdict of the rules ...``.
    """
    reader = _Reader(data, display)
    errors = sorted(_report_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors:
        field, message = schema_problems(error)
        reader.problems.add(display, None, field, message)
    reader.problems.raise_if_any()
    measures = reader.measures()
    rules = reader.rules()
    cells = reader.cells(rules)
    slices = tuple(dict.fromkeys(c.slice for c in cells))
    findings = reader.findings()
    verdict = Verdict(**data["verdict"])
    reader.check_verdict(rules, verdict)
    reader.check_table(slices, measures, cells)
    reader.check_comparison()
    reader.problems.raise_if_any()
    comparison = data["comparison"]
    view = _comparison_view(comparison, rules)
    matching = data["matching"]
    return Report(
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
        rule_texts=tuple(describe_rule(r, cells, view) for r in rules),
        findings=findings,
        notices=tuple(data["notices"]),
        verdict=verdict,
        comparison=comparison,
        schema_version=data["schema_version"],
    )


def read_report(path: str | Path) -> Report:
    """Read a JSON report written by ``answer-gate check --json`` (see :func:`report_from_dict`).

    Raises:
        InputError: the file cannot be read, is not UTF-8 JSON, or fails the checks of
            :func:`report_from_dict`; every problem names the file and the field.
    """
    display = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "expected a JSON report, found no file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"cannot be read as UTF-8: {exc}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(display, exc.lineno, None, f"expected JSON, found an error: {exc.msg}")]) from None
    return report_from_dict(data, display)
