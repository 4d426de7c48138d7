"""thresholds.yaml: the gate's rules, loaded strictly.

The file is checked against the JSON Schema ``gate/schemas/thresholds.schema.json`` and
against what the schema cannot say: a floor on a lower-is-better measure, a ceiling on a
higher-is-better one, and duplicate keys (PyYAML keeps the last of two equal keys silently;
here it is an error naming both lines), read as every YAML input is (:mod:`gate.inputs.yaml_input`).
Every problem names the file and line and, for an unknown name, suggests the closest known one. Bounds are kept as exact fractions
(``0.90`` is 9/10), so that a rule never compares a rounded rate.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from gate.core.errors import ProblemCollector, key_path
from gate.figures.model import DEFAULT_DERIVED, MatchSettings
from gate.inputs.yaml_input import LineMap, read_yaml_mapping, schema_check, structure_problems
from gate.model.measures import MEASURE_BY_NAME, MEASURES
from gate.model.settings import FormatRules

#: Rule kinds on the rate itself, and against the baseline.
LEVEL_KINDS = ("min", "max")
REGRESSION_KINDS = ("max_drop", "max_rise")


@dataclass(frozen=True)
class Rule:
    """One bound of thresholds.yaml as it applies to a measure.

    Attributes:
        measure: measure name.
        kind: ``min`` (floor), ``max`` (ceiling), ``max_drop`` or ``max_rise`` (against the
            baseline, in rate points).
        bound: the bound, exact.
        severity: ``error`` fails the gate, ``warn`` is reported only.
        source: ``file:line`` where the bound is written.
        language: the language override it comes from, or None for the top-level rule.
    """

    measure: str
    kind: str
    bound: Fraction
    severity: str
    source: str
    language: str | None = None


#: Graders are validated against people with these unless thresholds.yaml says otherwise:
#: kappa 0.6 is the lower end of "substantial" agreement (Landis and Koch, 1977).
DEFAULT_MIN_KAPPA = Fraction(3, 5)
DEFAULT_MIN_OVERLAP = 10


@dataclass(frozen=True)
class Thresholds:
    """The rules and settings of a thresholds file.

    Attributes:
        path: the file as given.
        matching: matching settings for figures.
        min_n: cells with fewer items show a direction only (their rules warn, never fail).
        alpha: significance level of the regression test, or None (the drop alone decides).
        correction: how the regression rules' tests are decided together
            (``regression.correction``): ``holm`` (Holm's step-down with Tarone's exclusion,
            the default), ``bonferroni`` or ``none`` (see :mod:`gate.baseline.family`).
        measures: top-level rules per measure.
        languages: per-language rules per measure, already merged over the top level.
        format: the ``format:`` rules of the format code check.
        fail_on_loosened: fail the gate when the rules are looser than the base branch's.
        strict_fields: a field of the run log the gate does not know is an input error.
        redact: the user's redaction patterns (regular expressions), in file order.
        evidence: False keeps answer and passage text out of the comment and job summary.
        sources: ``file:line`` of each setting written in the file, by dotted key
            (``slices.min_n``, ``regression.alpha``, ``matching.rounding``, ...).
        min_kappa: a grader's judgements count only while its Cohen's kappa with people
            reaches this on every rubric question (``graders.min_kappa``).
        min_overlap: ...and only once people and the grader judged at least this many
            answers in common (``graders.min_overlap``).
    """

    path: str
    matching: MatchSettings = field(default_factory=MatchSettings)
    min_n: int = 0
    alpha: Fraction | None = Fraction(1, 20)
    correction: str = "holm"
    measures: Mapping[str, tuple[Rule, ...]] = field(default_factory=dict)
    languages: Mapping[str, Mapping[str, tuple[Rule, ...]]] = field(default_factory=dict)
    format: FormatRules = field(default_factory=FormatRules)
    fail_on_loosened: bool = False
    strict_fields: bool = False
    redact: tuple[str, ...] = ()
    evidence: bool = True
    sources: Mapping[str, str] = field(default_factory=dict)
    min_kappa: Fraction = DEFAULT_MIN_KAPPA
    min_overlap: int = DEFAULT_MIN_OVERLAP

    def rules_for(self, language: str | None) -> list[Rule]:
        """The rules of a slice: the top level for ``all`` (language None), else the
        language's merged rules (exact tag first, then its primary subtag, then the top
        level), in measure order."""
        table: Mapping[str, tuple[Rule, ...]] = self.measures
        if language is not None:
            tag = language.lower()
            primary = tag.split("-")[0]
            table = self.languages.get(tag) or self.languages.get(primary) or self.measures
        return [rule for m in MEASURES for rule in table.get(m.name, ())]


def _fraction(value: Any) -> Fraction:
    return Fraction(str(value))


def load_thresholds(path: str | Path) -> Thresholds:
    """Load and check a thresholds file.

    Args:
        path: a YAML file in the format of ``thresholds.yaml`` (see the README).

    Returns:
        The rules and settings.

    Raises:
        InputError: every problem found, each naming file, line and key: unreadable file,
            YAML syntax, duplicate keys, unknown keys (with the closest known name), a floor
            on a lower-is-better measure or a ceiling on a higher-is-better one, values
            outside 0..1.
    """
    doc = read_yaml_mapping(path, "thresholds", expected="a mapping with version and measures", contents="rules",
                            missing="file not found (pass --thresholds FILE, or keep thresholds.yaml in the working directory)",
                            language_keys=lambda where: where == ("languages",))
    display, data, lines = doc.display, doc.data, doc.lines
    problems = ProblemCollector()
    structure_problems(doc, problems)
    reported = _direction_problems(display, data, lines, problems)
    schema_check(doc, "thresholds", problems, noun=_noun, reported=reported)
    _redact_problems(display, data, lines, problems)
    if not problems.total:
        for line, where, message in _undecidable(data, lines):
            problems.add(display, line, key_path(where) or None, message)
    problems.problems.sort(key=lambda p: (p.line or 0))
    problems.raise_if_any()
    return _build(display, data, lines)


def _direction_problems(display: str, data: Mapping[str, Any], lines: LineMap, problems: ProblemCollector) -> set[tuple[Any, ...]]:
    """A floor on a lower-is-better measure, a ceiling on a higher-is-better one (and the
    same for drops and rises). Returns the key paths reported, which the schema check then
    leaves alone."""
    reported: set[tuple[Any, ...]] = set()
    right = {"min": "max", "max_drop": "max_rise", "max": "min", "max_rise": "max_drop"}
    kinds = {"min": "a floor (min)", "max": "a ceiling (max)", "max_drop": "a limit on its drop (max_drop)", "max_rise": "a limit on its rise (max_rise)"}
    for scope, table in _rule_tables(data):
        for measure_name, rule in table.items():
            measure = MEASURE_BY_NAME.get(measure_name)
            if measure is None or not isinstance(rule, dict):
                continue
            wrong = ("min", "max_drop") if not measure.higher_is_better else ("max", "max_rise")
            direction = "lower-is-better" if not measure.higher_is_better else "higher-is-better"
            for key in wrong:
                if key in rule:
                    where = scope + (measure_name, key)
                    reported.add(where)
                    problems.add(display, lines.line(where), key_path(where),
                                 f"{measure_name} is {direction}: {kinds[key]} makes no sense here; use {right[key]}")
    return reported


def _noun(where: tuple[Any, ...]) -> str:
    """What the keys under a key path are called in "unknown ...": measures, or keys."""
    return "measure" if where and where[-1] == "measures" or (len(where) == 2 and where[0] == "languages") else "key"


def _redact_problems(display: str, data: Mapping[str, Any], lines: LineMap, problems: ProblemCollector) -> None:
    """A ``redact:`` pattern that is not a regular expression."""
    for i, pattern in enumerate(data["redact"] if isinstance(data.get("redact"), list) else []):
        if isinstance(pattern, str):
            try:
                re.compile(pattern)
            except re.error as exc:
                problems.add(display, lines.line(("redact", i)), f"redact[{i}]", f"expected a regular expression, found {pattern!r}: {exc}")


_BOUNDS = ", ".join(LEVEL_KINDS + REGRESSION_KINDS)


def _undecidable(data: Mapping[str, Any], lines: LineMap) -> list[tuple[int | None, tuple[Any, ...], str]]:
    """Rules that can check nothing, in a file the schema accepts: a rule with no bound
    (``numeric_accuracy: {}``, or a severity alone where the top level sets no bound for
    that measure), and a file with no bound at all. Each is an error in the file: a gate
    whose rules check nothing can never decide, so it must not run."""
    found = []
    top = data.get("measures") or {}
    bounded = 0
    for scope, table in _rule_tables(data):
        for name, spec in table.items():
            spec = spec or {}
            kinds = [k for k in LEVEL_KINDS + REGRESSION_KINDS if k in spec]
            bounded += len(kinds)
            if kinds:
                continue
            inherited = scope != ("measures",) and any(k in (top.get(name) or {}) for k in LEVEL_KINDS + REGRESSION_KINDS)
            if inherited and "severity" in spec:
                continue  # a language changing the severity of the top-level bounds
            what = "a severity alone" if "severity" in spec else "no bound"
            found.append((lines.line(scope + (name,)), scope + (name,),
                          f"expected a bound ({_BOUNDS}), found {what}: this rule would check nothing"))
    if not bounded and not found:
        found.append((lines.line(("measures",)), ("measures",),
                      f"expected at least one rule with a bound ({_BOUNDS}), found none: a gate with nothing to check can never decide"))
    return found


def _rule_tables(data: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    measures = data.get("measures")
    if isinstance(measures, dict):
        yield ("measures",), measures
    languages = data.get("languages")
    if isinstance(languages, dict):
        for lang, table in languages.items():
            if isinstance(table, dict):
                yield ("languages", lang), table


def _rules(table: Mapping[str, Any], default_severity: str, display: str, lines: LineMap,
           scope: tuple[Any, ...], language: str | None) -> dict[str, tuple[Rule, ...]]:
    out: dict[str, tuple[Rule, ...]] = {}
    for m in MEASURES:
        spec = table.get(m.name)
        if not spec:
            continue
        severity = spec.get("severity", default_severity)
        rules = []
        for kind in LEVEL_KINDS + REGRESSION_KINDS:
            if kind in spec:
                line = lines.line(scope + (m.name, kind))
                rules.append(Rule(m.name, kind, _fraction(spec[kind]), severity, f"{display}:{line}", language))
        out[m.name] = tuple(rules)
    return out


def _build(display: str, data: Mapping[str, Any], lines: LineMap) -> Thresholds:
    matching = data.get("matching") or {}
    settings = MatchSettings(
        rounding=matching.get("rounding", "stated_precision"),
        percent_fraction=matching.get("percent_fraction", True),
        derived=tuple(matching.get("derived", DEFAULT_DERIVED)),
    )
    severity = data.get("severity", "error")
    top = _rules(data.get("measures") or {}, severity, display, lines, ("measures",), None)
    languages: dict[str, dict[str, tuple[Rule, ...]]] = {}
    for lang, table in (data.get("languages") or {}).items():
        merged: dict[str, tuple[Rule, ...]] = dict(top)
        own = _rules(table or {}, severity, display, lines, ("languages", lang), lang)
        for name, rules in own.items():
            spec = table[name]
            kinds = {r.kind for r in rules}
            kept = tuple(r for r in top.get(name, ()) if r.kind not in kinds)
            if "severity" in spec:
                kept = tuple(Rule(r.measure, r.kind, r.bound, spec["severity"], r.source, r.language) for r in kept)
            merged[name] = tuple(sorted(kept + rules, key=lambda r: (LEVEL_KINDS + REGRESSION_KINDS).index(r.kind)))
        languages[str(lang).lower()] = merged
    regression = data.get("regression") or {}
    alpha_raw = regression.get("alpha", 0.05)
    alpha = None if alpha_raw is None else _fraction(alpha_raw)
    min_n = (data.get("slices") or {}).get("min_n", 0)
    fmt = data.get("format") or {}
    format_rules = FormatRules(
        require_citation=fmt.get("require_citation", True),
        markers_resolve=fmt.get("markers_resolve", True),
        max_chars=fmt.get("max_chars"),
        max_words=fmt.get("max_words"),
    )
    graders = data.get("graders") or {}
    min_kappa = _fraction(graders["min_kappa"]) if "min_kappa" in graders else DEFAULT_MIN_KAPPA
    min_overlap = graders.get("min_overlap", DEFAULT_MIN_OVERLAP)
    correction = regression.get("correction", "holm")
    return Thresholds(path=display, matching=settings, min_n=min_n, alpha=alpha, correction=correction, measures=top, languages=languages,
                      format=format_rules, min_kappa=min_kappa, min_overlap=min_overlap,
                      fail_on_loosened=data.get("fail_on_loosened", False), strict_fields=data.get("strict_fields", False), redact=tuple(data.get("redact") or ()),
                      evidence=(data.get("comment") or {}).get("evidence", True), sources=_setting_sources(display, lines))


_SETTINGS = (("slices", "min_n"), ("regression", "alpha"), ("regression", "correction"), ("matching", "rounding"), ("matching", "percent_fraction"),
             ("matching", "derived"), ("fail_on_loosened",), ("strict_fields",), ("redact",), ("comment", "evidence"))


def _setting_sources(display: str, lines: LineMap) -> dict[str, str]:
    """Where each setting is written, for messages that point at it."""
    return {".".join(key): f"{display}:{lines.lines[key]}" for key in _SETTINGS if key in lines.lines}
