"""Loosened rules made visible: what a pull request relaxed against its base branch.

A gate whose rules a pull request can relax unseen protects nothing. Given the base
branch's thresholds file (and question set), every change that makes the gate easier to
pass is listed, each with where it is written, before and after:

- a floor (``min``) lowered, a ceiling (``max``) raised, a regression limit (``max_drop``,
  ``max_rise``) raised, a rule, a measure or a language override removed, a severity turned
  from ``error`` to ``warn``, as the rules apply to every slice (the top level, and each
  language of either file, with its overrides merged);
- ``min_n`` raised (more cells show a direction only), ``alpha`` raised or set where the
  base had ``null`` (more drops count as noise), ``regression.correction`` turned to
  ``none`` (the promise that a run with no real change fails at most alpha of the time no
  longer holds over the family of regression rules);
- matching made more lenient: ``rounding: exact`` turned to ``stated_precision``,
  ``percent_fraction`` turned on, a ``derived`` kind added;
- ``fail_on_loosened`` turned off;
- in the question set: a question dropped, its expected values, expected behaviour or
  expected series changed;
- in the rubric: a question or a quality dimension dropped, the pass score lowered.

Everything here is pure: two loaded files in, a list of :class:`Loosening` out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from gate.inputs.rubric import Rubric
from gate.model.inputs import QuestionSet
from gate.rules.thresholds import Rule, Thresholds

_KIND_WORDS = {"min": "floor", "max": "ceiling", "max_drop": "limit on the drop", "max_rise": "limit on the rise"}


@dataclass(frozen=True)
class Loosening:
    """One change that makes the gate easier to pass.

    Attributes:
        kind: a stable code: ``floor_lowered``, ``ceiling_raised``, ``limit_raised``,
            ``rule_removed``, ``severity_warn``, ``language_removed``, ``min_n_raised``,
            ``alpha_raised``, ``correction_off``, ``matching_lenient``, ``fail_on_loosened_off``,
            ``question_dropped``, ``expected_changed``, ``rubric_question_dropped``,
            ``rubric_dimension_dropped``, ``pass_score_lowered``, ``claims_dropped``.
        where: what changed, as a key path (``languages.fr.numeric_accuracy.min``) or a
            question id (``question a03``).
        before: the base branch's value, as text.
        after: this branch's value, as text ("removed" when gone).
        source: ``file:line`` in this branch's file where it can be seen, or the base file.
    """

    kind: str
    where: str
    before: str
    after: str
    source: str = ""

    @property
    def text(self) -> str:
        """One line for people."""
        at = f" ({self.source})" if self.source else ""
        return f"{self.where}: {_WHAT[self.kind]}, {self.before} -> {self.after}{at}"


_WHAT = {
    "floor_lowered": "floor lowered",
    "ceiling_raised": "ceiling raised",
    "limit_raised": "regression limit raised",
    "rule_removed": "rule removed",
    "severity_warn": "severity turned to warn",
    "language_removed": "language override removed",
    "min_n_raised": "min_n raised (more cells only warn)",
    "alpha_raised": "alpha raised (more drops count as noise)",
    "correction_off": "multiple-test correction turned off (each regression rule needs less evidence: a run with no real change fails more often than alpha)",
    "matching_lenient": "matching made more lenient",
    "fail_on_loosened_off": "fail_on_loosened turned off",
    "question_dropped": "question dropped from the set",
    "expected_changed": "expectation changed",
    "rubric_question_dropped": "rubric question dropped",
    "rubric_dimension_dropped": "quality dimension dropped",
    "pass_score_lowered": "pass score lowered",
    "claims_dropped": "claims no longer judged one by one",
}


def _num(value: Fraction | Decimal | None) -> str:
    if value is None:
        return "null"
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    text = format(value.normalize(), "f")
    return text


def _scopes(base: Thresholds, head: Thresholds) -> list[tuple[str, str | None]]:
    """``(key path prefix, language)`` of every slice the rules apply to in either file."""
    languages = sorted(set(base.languages) | set(head.languages))
    return [("measures", None)] + [(f"languages.{lang}", lang) for lang in languages]


def _rule_changes(scope: str, before: list[Rule], after: list[Rule], base_top: dict[tuple[str, str], Rule], head_top: dict[tuple[str, str], Rule]) -> list[Loosening]:
    out = []
    now = {(r.measure, r.kind): r for r in after}
    for rule in before:
        key = (rule.measure, rule.kind)
        where = f"{scope}.{rule.measure}.{rule.kind}"
        new = now.get(key)
        if scope != "measures" and rule == base_top.get(key) and new == head_top.get(key):
            continue  # the top level's rule on both sides: listed there once
        if new is None:
            out.append(Loosening("rule_removed", where, f"{_KIND_WORDS[rule.kind]} {_num(rule.bound)}", "removed", rule.source))
            continue
        if rule.kind == "min" and new.bound < rule.bound:
            out.append(Loosening("floor_lowered", where, _num(rule.bound), _num(new.bound), new.source))
        elif rule.kind == "max" and new.bound > rule.bound:
            out.append(Loosening("ceiling_raised", where, _num(rule.bound), _num(new.bound), new.source))
        elif rule.kind in ("max_drop", "max_rise") and new.bound > rule.bound:
            out.append(Loosening("limit_raised", where, _num(rule.bound), _num(new.bound), new.source))
        if rule.severity == "error" and new.severity == "warn":
            out.append(Loosening("severity_warn", where, "error", "warn", new.source))
    return out


def loosened_rules(base: Thresholds, head: Thresholds) -> list[Loosening]:
    """Every way ``head`` (this branch's thresholds) is looser than ``base`` (the base
    branch's), in a stable order: rules by scope then measure, then the settings.

    A rule a language inherits from the top level is listed once, at the top level. A
    language override removed is listed, and its rules are compared as they now apply
    (the top level's), so a stricter French floor that falls back to a laxer top level is
    a floor lowered too.
    """
    out: list[Loosening] = []
    base_top = {(r.measure, r.kind): r for r in base.rules_for(None)}
    head_top = {(r.measure, r.kind): r for r in head.rules_for(None)}
    for scope, language in _scopes(base, head):
        if language is not None and language in base.languages and language not in head.languages:
            out.append(Loosening("language_removed", scope, "set", "removed", base.path))
        out.extend(_rule_changes(scope, base.rules_for(language), head.rules_for(language), base_top, head_top))
    out.extend(_setting_changes(base, head))
    return out


def _setting_changes(base: Thresholds, head: Thresholds) -> list[Loosening]:
    def at(key: str) -> str:
        return head.sources.get(key, head.path)

    out = []
    if head.min_n > base.min_n:
        out.append(Loosening("min_n_raised", "slices.min_n", str(base.min_n), str(head.min_n), at("slices.min_n")))
    if head.alpha is not None and (base.alpha is None or head.alpha > base.alpha):
        out.append(Loosening("alpha_raised", "regression.alpha", _num(base.alpha), _num(head.alpha), at("regression.alpha")))
    if head.alpha is not None and head.correction == "none" and base.correction != "none":
        out.append(Loosening("correction_off", "regression.correction", base.correction, head.correction, at("regression.correction")))
    if base.matching.rounding == "exact" and head.matching.rounding != "exact":
        out.append(Loosening("matching_lenient", "matching.rounding", "exact", head.matching.rounding, at("matching.rounding")))
    if not base.matching.percent_fraction and head.matching.percent_fraction:
        out.append(Loosening("matching_lenient", "matching.percent_fraction", "false", "true", at("matching.percent_fraction")))
    added = [d for d in head.matching.derived if d not in base.matching.derived]
    if added:
        out.append(Loosening("matching_lenient", "matching.derived", f"[{', '.join(base.matching.derived)}]",
                             f"[{', '.join(head.matching.derived)}]", at("matching.derived")))
    if base.fail_on_loosened and not head.fail_on_loosened:
        out.append(Loosening("fail_on_loosened_off", "fail_on_loosened", "true", "false", at("fail_on_loosened")))
    return out


def loosened_questions(base: QuestionSet, head: QuestionSet) -> list[Loosening]:
    """Every question the base set holds that ``head`` dropped, or whose expectations it
    changed (expected behaviour, values or series), or that it loosened (a series added to
    ``acceptable_ids``), in the base set's order."""
    now = {q.question_id: q for q in head.questions}
    out = []
    for q in base.questions:
        where = f"question {q.question_id}"
        new = now.get(q.question_id)
        if new is None:
            out.append(Loosening("question_dropped", where, "asked", "removed", f"{base.path}:{q.line}"))
            continue
        source = f"{head.path}:{new.line}"
        if new.expected_behaviour != q.expected_behaviour:
            out.append(Loosening("expected_changed", f"{where} expected_behaviour", q.expected_behaviour, new.expected_behaviour, source))
        if new.expected_values != q.expected_values:
            out.append(Loosening("expected_changed", f"{where} expected_values", _values(q.expected_values), _values(new.expected_values), source))
        if set(new.expected_ids) != set(q.expected_ids):
            out.append(Loosening("expected_changed", f"{where} expected_ids", _ids(q.expected_ids), _ids(new.expected_ids), source))
        if set(new.acceptable_ids) - set(q.acceptable_ids):  # another series may answer: looser; one fewer is not
            out.append(Loosening("expected_changed", f"{where} acceptable_ids", _ids(q.acceptable_ids), _ids(new.acceptable_ids), source))
    return out


def _values(values: Iterable[Decimal]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _ids(ids: Iterable[str]) -> str:
    return "[" + ", ".join(ids) + "]"


def loosened_rubric(base: Rubric, head: Rubric) -> list[Loosening]:
    """Rubric questions and quality dimensions the base rubric asks that ``head`` dropped,
    a lowered pass score, and claims the base asks for (``claims: true``) that ``head`` no
    longer asks for, in the base rubric's order."""
    asked = {q.id for q in head.questions}
    dims = {d.id for d in head.dimensions}
    out = [Loosening("rubric_question_dropped", f"rubric question {q.id}", "asked", "removed", base.path)
           for q in base.questions if q.id not in asked]
    out += [Loosening("rubric_dimension_dropped", f"quality dimension {d.id}", "scored", "removed", base.path)
            for d in base.dimensions if d.id not in dims]
    if base.pass_score is not None and (head.pass_score is None or head.pass_score < base.pass_score):
        out.append(Loosening("pass_score_lowered", "pass_score", str(base.pass_score),
                             "removed" if head.pass_score is None else str(head.pass_score), head.path))
    if base.claims and not head.claims:
        out.append(Loosening("claims_dropped", "claims", "true", "false", head.path))
    return out
