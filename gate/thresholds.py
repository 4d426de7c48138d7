"""thresholds.yaml: the gate's rules, loaded strictly.

The file is checked against the JSON Schema ``gate/schemas/thresholds.schema.json`` and
against what the schema cannot say: a floor on a lower-is-better measure, a ceiling on a
higher-is-better one, and duplicate keys (PyYAML keeps the last of two equal keys silently;
here it is an error naming both lines). Every problem names the file and line and, for an
unknown name, suggests the closest known one. Bounds are kept as exact fractions
(``0.90`` is 9/10), so that a rule never compares a rounded rate.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from gate.checks.format import FormatRules
from gate.encodings import not_utf8_message, wide_encoding
from gate.errors import InputError, Problem, ProblemCollector, key_path
from gate.figures.model import MatchSettings
from gate.limits import read_bounded
from gate.measures import MEASURE_BY_NAME, MEASURES
from gate.records import describe, schema, schema_problems

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
        measures: top-level rules per measure.
        languages: per-language rules per measure, already merged over the top level.
        format: the ``format:`` rules of the format code check.
        fail_on_loosened: fail the gate when the rules are looser than the base branch's.
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
    measures: Mapping[str, tuple[Rule, ...]] = field(default_factory=dict)
    languages: Mapping[str, Mapping[str, tuple[Rule, ...]]] = field(default_factory=dict)
    format: FormatRules = field(default_factory=FormatRules)
    fail_on_loosened: bool = False
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


#: The most YAML nodes a thresholds file may expand to (aliases included): a guard against
#: alias bombs ("billion laughs"), far above any real rules file.
MAX_NODES = 10_000


class _LineMap:
    """Line numbers of every key path of a YAML document, its duplicate keys, and its
    shape problems (recursive aliases, too many nodes, non-finite numbers, keys that are
    not strings)."""

    def __init__(self) -> None:
        self.lines: dict[tuple[Any, ...], int] = {}
        self.duplicates: list[tuple[tuple[Any, ...], int, int]] = []
        self.shape: list[tuple[int, tuple[Any, ...], str]] = []
        self.nodes = 0

    def walk(self, node: yaml.Node, path: tuple[Any, ...] = (), active: frozenset[int] = frozenset()) -> bool:
        """Walk the node graph; False when it must stop (recursion or too many nodes)."""
        self.nodes += 1
        line = node.start_mark.line + 1
        if self.nodes > MAX_NODES:
            self.shape.append((line, path, f"expected at most {MAX_NODES} values, found more (aliases expanding without end?)"))
            return False
        if id(node) in active:
            self.shape.append((line, path, "expected a value, found an alias that contains itself"))
            return False
        active = active | {id(node)}
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            folded: dict[str, tuple[str, int]] = {}
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
                key_line = key_node.start_mark.line + 1
                if key_node.tag != "tag:yaml.org,2002:str" and key_node.tag != "tag:yaml.org,2002:merge":
                    self.shape.append((key_line, path + (key,), f"expected a name as key, found {key!r}"))
                if key in seen:
                    self.duplicates.append((path + (key,), seen[key], key_line))
                else:
                    seen[key] = key_line
                    lowered = str(key).lower()
                    if path == ("languages",) and lowered in folded:
                        first, first_line = folded[lowered]
                        self.shape.append((key_line, path + (key,), f"duplicate language: {first!r} on line {first_line} is the same language"))
                    folded.setdefault(lowered, (str(key), key_line))
                self.lines[path + (key,)] = key_line
                if not self.walk(value_node, path + (key,), active):
                    return False
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.lines[path + (i,)] = item.start_mark.line + 1
                if not self.walk(item, path + (i,), active):
                    return False
        elif node.tag == "tag:yaml.org,2002:float" and node.value.lower().lstrip("+-") in (".nan", ".inf"):
            self.shape.append((line, path, f"expected a finite number, found {node.value}"))
        return True

    def line(self, path: tuple[Any, ...]) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None


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
    display = str(path)
    data, lines = _read(display, path)
    problems = ProblemCollector()
    _structure_problems(display, lines, problems)
    reported = _direction_problems(display, data, lines, problems)
    _schema_check(display, data, lines, problems, reported)
    _redact_problems(display, data, lines, problems)
    if not problems.total:
        for line, where, message in _undecidable(data, lines):
            problems.add(display, line, key_path(where) or None, message)
    problems.problems.sort(key=lambda p: (p.line or 0))
    problems.raise_if_any()
    return _build(display, data, lines)


def _read(display: str, path: str | Path) -> tuple[dict[str, Any], _LineMap]:
    """Read the file as YAML: its data (a mapping) and the line of every key.

    Raises:
        InputError: the file cannot be read, is not UTF-8, is not YAML, expands without
            end, or is not a mapping.
    """
    try:
        raw = read_bounded(path, "thresholds", display)
        wide = wide_encoding(raw)
        if wide:
            raise InputError([Problem(display, None, None, not_utf8_message(wide))])
        text = raw.decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "file not found (pass --thresholds FILE, or keep thresholds.yaml in the working directory)")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"cannot be read: {exc}")]) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        lines = _LineMap()
        if node is not None and not lines.walk(node):
            raise InputError([Problem(display, line, key_path(path) or None, message) for line, path, message in lines.shape])
        data = yaml.safe_load(text)
    except RecursionError:
        raise InputError([Problem(display, None, None, "expected rules, found values nested too deep to read")]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise InputError([Problem(display, line, None, f"expected valid YAML, found a syntax error: {problem}")]) from None
    if not isinstance(data, dict):
        raise InputError([Problem(display, None, None, f"expected a mapping with version and measures, found {describe(data) if data is not None else 'an empty file'}")])
    return data, lines


def _structure_problems(display: str, lines: _LineMap, problems: ProblemCollector) -> None:
    """The shape problems and duplicate keys the line map found."""
    for line, where, message in lines.shape:
        problems.add(display, line, key_path(where) or None, message)
    for where, first, again in lines.duplicates:
        problems.add(display, again, key_path(where), f"duplicate key: already set on line {first}; YAML would silently keep only the last one")


def _direction_problems(display: str, data: Mapping[str, Any], lines: _LineMap, problems: ProblemCollector) -> set[tuple[Any, ...]]:
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


def _schema_check(display: str, data: Mapping[str, Any], lines: _LineMap, problems: ProblemCollector, reported: set[tuple[Any, ...]]) -> None:
    """What the JSON Schema rejects, in file order; an unknown key with the closest known name."""
    validator = Draft202012Validator(schema("thresholds"))
    for error in sorted(validator.iter_errors(data), key=lambda e: lines.line(tuple(e.absolute_path)) or 0):
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            extra = [k for k in data_at(data, where) if k not in (error.schema.get("properties") or {})]
            for name in extra:
                bad_path = where + (name,)
                if bad_path in reported:
                    continue
                known = list((error.schema.get("properties") or {}).keys())
                close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(known)}"
                what = "measure" if where and where[-1] == "measures" or (len(where) == 2 and where[0] == "languages") else "key"
                problems.add(display, lines.line(bad_path), key_path(bad_path), f"unknown {what} {name!r}{hint}")
            continue
        if "propertyNames" in error.absolute_schema_path:
            bad_path = where + (error.instance,)
            problems.add(display, lines.line(bad_path), key_path(bad_path), f"expected a language tag such as fr or fr-CA as key, found {error.instance!r}")
            continue
        if where in reported:
            continue
        fld, message = schema_problems(error)
        problems.add(display, lines.line(where), key_path(where) or fld, message)


def _redact_problems(display: str, data: Mapping[str, Any], lines: _LineMap, problems: ProblemCollector) -> None:
    """A ``redact:`` pattern that is not a regular expression."""
    for i, pattern in enumerate(data["redact"] if isinstance(data.get("redact"), list) else []):
        if isinstance(pattern, str):
            try:
                re.compile(pattern)
            except re.error as exc:
                problems.add(display, lines.line(("redact", i)), f"redact[{i}]", f"expected a regular expression, found {pattern!r}: {exc}")


_BOUNDS = ", ".join(LEVEL_KINDS + REGRESSION_KINDS)


def _undecidable(data: Mapping[str, Any], lines: _LineMap) -> list[tuple[int | None, tuple[Any, ...], str]]:
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


def data_at(data: Any, path: tuple[Any, ...]) -> Any:
    """The value at a key path of loaded YAML."""
    for part in path:
        data = data[part]
    return data


def _rule_tables(data: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    measures = data.get("measures")
    if isinstance(measures, dict):
        yield ("measures",), measures
    languages = data.get("languages")
    if isinstance(languages, dict):
        for lang, table in languages.items():
            if isinstance(table, dict):
                yield ("languages", lang), table


def _rules(table: Mapping[str, Any], default_severity: str, display: str, lines: _LineMap,
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


def _build(display: str, data: Mapping[str, Any], lines: _LineMap) -> Thresholds:
    matching = data.get("matching") or {}
    settings = MatchSettings(
        rounding=matching.get("rounding", "stated_precision"),
        percent_fraction=matching.get("percent_fraction", True),
        derived=tuple(matching.get("derived", ())),
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
    return Thresholds(path=display, matching=settings, min_n=min_n, alpha=alpha, measures=top, languages=languages,
                      format=format_rules, min_kappa=min_kappa, min_overlap=min_overlap,
                      fail_on_loosened=data.get("fail_on_loosened", False), redact=tuple(data.get("redact") or ()),
                      evidence=(data.get("comment") or {}).get("evidence", True), sources=_setting_sources(display, lines))


_SETTINGS = (("slices", "min_n"), ("regression", "alpha"), ("matching", "rounding"), ("matching", "percent_fraction"),
             ("matching", "derived"), ("fail_on_loosened",), ("redact",), ("comment", "evidence"))


def _setting_sources(display: str, lines: _LineMap) -> dict[str, str]:
    """Where each setting is written, for messages that point at it."""
    return {".".join(key): f"{display}:{lines.lines[key]}" for key in _SETTINGS if key in lines.lines}
