"""Figures bound to the observations they come from, and the four checks on them.

A figure is *bound* to every retrieved observation whose value supports it, by the
matching rule of :mod:`gate.figures` (the same rule, hedges, fall and ratio readings as
``unsupported_numbers``). Then, per bound figure or answer:

* ``period_match`` (bound figures with a stated period): the period the answer states for
  the figure (:func:`gate.scoring.checks.periods.period_of_figures`) is the period of a
  supporting observation; else ``wrong_period``: the right series, the wrong year.
* ``period_unstated`` (bound figures, lower is better): the figure has no stated period;
  it is counted here and said (``period_not_stated``), never guessed.
* ``unit_stated`` (bound figures whose observation has a known unit): the figure carries a
  unit compatible with the observation's (:mod:`gate.checks.units`); else
  ``unit_missing`` or ``unit_mismatch``.
* ``caveat_stated`` (answers stating a figure from an observation with a caveat): every
  caveat of those observations (status P or V: provisional; E or I: estimated; B: break
  in series; F: forecast; and free-text caveats or the set's ``expected_caveats`` that
  name one of these) is said in the answer's language; else ``caveat_missing``.
* ``series_match`` (bound figures): a supporting observation's series is cited by the
  answer (else ``series_not_cited``) and, where the set names ``expected_ids``, is one of
  them (else ``series_not_expected``).

The observations a figure is checked against are those of its stated period when one
supports it, else all that support it. Pure: no I/O.

:data:`CAVEAT_KINDS` and :func:`caveat_kind` live in :mod:`gate.model.caveats` (the loaders
use them too) and are re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from gate import figures as fig
from gate.model.caveats import CAVEAT_KINDS, STATUS_CAVEATS, caveat_kind, not_comparable, says
from gate.model.check_words import EN, words_for
from gate.model.inputs import Answer, Observation, Question
from gate.model.outcomes import Count, FigureRef, Finding, count_of
from gate.model.units import UnitClass, unit_class
from gate.scoring.checks.periods import StatedPeriod, period_of_figures, stated_periods
from gate.scoring.checks.units import describe_unit, unit_fault, written_unit

#: The measures of this module, in report order.
__all__ = ["CAVEAT_KINDS", "MEASURE_NAMES", "STATUS_CAVEATS", "Bound", "Supports", "bind", "caveat_kind", "caveat_said", "check_bound"]

#: The support test of :mod:`gate.scoring.answer`: (figure, values, text, language, settings) -> bool.
Supports = Callable[[fig.Figure, Sequence[Decimal], str, str, fig.MatchSettings], bool]

MEASURE_NAMES = ("period_match", "period_unstated", "unit_stated", "caveat_stated", "series_match")

#: SDMX status codes that are caveats a reader must be told, and their kind.
_KIND_NAMES = {"provisional": "provisional", "estimated": "estimated", "break": "a break in series",
               "forecast": "a forecast"}

_STATUS_WORDS = {"provisional": "a provisional value", "estimated": "an estimated value",
                 "break": "a value after a break in series", "forecast": "a forecast value"}

@dataclass(frozen=True)
class Bound:
    """A figure with the observations that support it and the period stated for it.

    Attributes:
        figure: the figure.
        observations: every observation whose value supports it.
        stated: the period the answer states for it, or None.
        chosen: the observations it is checked against (those of the stated period when
            one supports it, else all of ``observations``).
    """

    figure: fig.Figure
    observations: tuple[Observation, ...]
    stated: StatedPeriod | None
    chosen: tuple[Observation, ...]


def bind(text: str, language: str, figures: Sequence[fig.Figure], observations: Sequence[Observation],
         supports: Supports, settings: fig.MatchSettings) -> list[Bound]:
    """Bind each figure to the observations whose value supports it; figures bound to none
    are left out.

    Args:
        text: the answer; language: its tag; figures: its figures in reading order;
        observations: the retrieved observations; supports: the support test of
        :mod:`gate.measures` (figure, values, text, language, settings) -> bool.
    """
    if not observations or not figures:
        return []
    periods = stated_periods(text, language)
    stated = period_of_figures(text, [(f.start, f.end) for f in figures], periods, language) if periods else [None] * len(figures)
    out = []
    values = tuple(o.value for o in observations)
    for f, p in zip(figures, stated):
        if not supports(f, values, text, language, settings):
            continue  # no observation supports it: not bound (one test for all of them)
        obs = tuple(o for o in observations if supports(f, (o.value,), text, language, settings))
        if not obs:
            continue
        same = tuple(o for o in obs if p is not None and p.period.matches(o.span))
        out.append(Bound(f, obs, p, same or obs))
    return out


def _ref(f: fig.Figure) -> FigureRef:
    return FigureRef(f.text, f.value, f.start, f.end)


def _obs(o: Observation) -> str:
    return f"{o.series} {o.period}"


def check_bound(question: Question, answer: Answer, text: str, bound: Sequence[Bound]) -> tuple[dict[str, Count], list[Finding]]:
    """The counts and findings of the five measures of this module for one answer:
    :func:`_check_periods`, :func:`_check_units`, :func:`_check_caveats`, :func:`_check_series`,
    each adding its findings in reading order."""
    if not bound:
        return dict.fromkeys(MEASURE_NAMES, _NOTHING), []
    findings: list[Finding] = []
    counts = _check_periods(question, answer, bound, findings)
    counts["unit_stated"] = _check_units(question, answer, text, bound, findings)
    counts["caveat_stated"] = _check_caveats(question, answer, text, bound, findings)
    counts["series_match"] = _check_series(question, answer, bound, findings)
    return {name: counts[name] for name in MEASURE_NAMES}, findings


_NOTHING = count_of(0, 0)  # frozen: one instance serves every measure not counted


def _check_periods(question: Question, answer: Answer, bound: Sequence[Bound], findings: list[Finding]) -> dict[str, Count]:
    """``period_match`` over the figures with a stated period (``wrong_period``) and
    ``period_unstated`` over all bound figures (``period_not_stated``)."""
    qid, lang = question.question_id, question.language
    match = unstated = stated_n = 0
    for b in bound:
        if b.stated is None:
            unstated += 1
            findings.append(Finding(qid, lang, "period_unstated", "period_not_stated",
                                    f"'{b.figure.text}' states no period; it matches {_list(_obs(o) for o in b.observations)}",
                                    figure=_ref(b.figure)))
            continue
        stated_n += 1
        if any(b.stated.period.matches(o.span) for o in b.observations):
            match += 1
            continue
        findings.append(Finding(qid, lang, "period_match", "wrong_period", _wrong_period(b, b.stated, answer),
                                figure=_ref(b.figure)))
    return {"period_match": count_of(match, stated_n), "period_unstated": count_of(unstated, len(bound))}


def _check_units(question: Question, answer: Answer, text: str, bound: Sequence[Bound], findings: list[Finding]) -> Count:
    """``unit_stated`` over the figures whose observations have one known unit class:
    the unit written after the figure (up to the next bound figure) is compatible
    (``unit_missing``, ``unit_mismatch``)."""
    qid, lang = question.question_id, question.language
    unit_ok = unit_n = 0
    starts = [b.figure.start for b in bound] + [len(text)]
    for b in bound:
        classes = {c for c in (unit_class(o.unit) for o in b.chosen) if c is not None}
        if len(classes) != 1:
            continue
        unit = classes.pop()
        written = _unit_written(text, bound, bound.index(b), answer.language, starts)
        fault = unit_fault(unit, written)
        unit_n += 1
        if fault is None:
            unit_ok += 1
            continue
        units = _list(sorted({o.unit or "" for o in b.chosen}))
        if fault == "unit_missing":
            message = f"'{b.figure.text}' is written with no unit; {_list(_obs(o) for o in b.chosen)} is in {units}"
        else:
            message = (f"'{b.figure.text}' is written as {describe_unit(written)}; "
                       f"{_list(_obs(o) for o in b.chosen)} is in {units}")
        findings.append(Finding(qid, lang, "unit_stated", fault, message, figure=_ref(b.figure)))
    return count_of(unit_ok, unit_n)


#: What may stand between figures that share the unit written after the last of them
#: ("51.200 millones y 48.900 millones de euros", "5,4 et 5,1 %"): commas and words of "and",
#: "or" and "respectively" in the eight languages.
_LIST_JOIN = re.compile(
    r"(?i)^\s*(?:[,،]|\b(?:and|or|et|ou|y|o|e|und|oder|bzw\.?|beziehungsweise|en|of|respectively|respectivement|"
    r"respectivamente|respetivamente|rispettivamente|respectievelijk)\b|و|\s)*$")


def _unit_written(text: str, bound: Sequence[Bound], i: int, language: str, starts: Sequence[int]) -> UnitClass | None:
    """The unit written with the i-th bound figure, up to the next bound figure; when none
    is, the unit of the next figure of a list it heads ("51.200 millones y 48.900 millones
    de euros": one unit said once for several figures)."""
    while True:
        f = bound[i].figure
        limit = min([s for s in starts if s > f.start], default=len(text))
        written = written_unit(text, f, language, limit)
        if written is not None or i + 1 >= len(bound) or not _LIST_JOIN.match(text[f.end:bound[i + 1].figure.start]):
            return written
        i += 1


def _check_caveats(question: Question, answer: Answer, text: str, bound: Sequence[Bound], findings: list[Finding]) -> Count:
    """``caveat_stated``, one count per answer: every caveat of the observations the figures
    are checked against, and every caveat the set expects, is said (``caveat_missing``)."""
    needed: dict[str, tuple[Bound, str]] = {}
    for b in bound:
        for o in b.chosen:
            for kind, why in _caveats_of(o):
                needed.setdefault(kind, (b, why))
    for caveat in question.expected_caveats:
        expected_kind = caveat_kind(caveat)
        if expected_kind is not None:
            needed.setdefault(expected_kind, (bound[0], "the question set expects it"))
    if not needed:
        return _NOTHING
    missing = [(k, v) for k, v in needed.items() if not caveat_said(text, answer.language, k)]
    for kind, (b, why) in missing:
        findings.append(Finding(question.question_id, question.language, "caveat_stated", "caveat_missing",
                                f"'{b.figure.text}' comes from {_list(_obs(o) for o in b.chosen)}, {why}; "
                                f"the answer never says it is {_KIND_NAMES[kind]}",
                                figure=_ref(b.figure)))
    return count_of(0 if missing else 1, 1)


def _check_series(question: Question, answer: Answer, bound: Sequence[Bound], findings: list[Finding]) -> Count:
    """``series_match`` over the bound figures: a supporting observation's series is cited
    (``series_not_cited``) and, where the set names ``expected_ids``, expected or acceptable
    (``acceptable_ids``), or a context figure (``series_not_expected`` otherwise): a figure
    from a series the answer retrieved and cited, beside a figure of an expected series
    ("5.4% for women and 5.0% for men")."""
    qid, lang = question.question_id, question.language
    cited = set(answer.cited_ids)
    expected_ids = set(question.expected_ids)
    accepted = expected_ids | set(question.acceptable_ids)
    context = set(answer.retrieved_ids) & cited
    expected_stated = any({o.series for o in b.chosen} & expected_ids & cited for b in bound)
    series_ok = 0
    for b in bound:
        series = {o.series for o in b.chosen}
        if not series & cited:
            shown = ", ".join(answer.cited_ids) or "nothing"
            findings.append(Finding(qid, lang, "series_match", "series_not_cited",
                                    f"'{b.figure.text}' comes from {_list(sorted(series))}, which the answer does not cite (cited: {shown})",
                                    figure=_ref(b.figure)))
        elif expected_ids and not series & accepted and not (expected_stated and series & context):
            findings.append(Finding(qid, lang, "series_match", "series_not_expected",
                                    f"'{b.figure.text}' comes from {_list(sorted(series))}; the question expects {_list(sorted(accepted))}"
                                    + ("" if expected_stated else " (no figure of an expected series is stated beside it)"),
                                    figure=_ref(b.figure)))
        else:
            series_ok += 1
    return count_of(series_ok, len(bound))


def _wrong_period(b: Bound, stated: StatedPeriod, answer: Answer) -> str:
    """'8.4%' is stated for 2023; 8.4 is FS_X 2022; the 2023 observation of FS_X is 7.9."""
    message = (f"'{b.figure.text}' is stated for '{stated.text}', but it matches "
               f"{_list(_obs(o) for o in b.observations)}")
    right = [o for o in answer.retrieved_observations
             if o.series in {x.series for x in b.observations} and stated.period.matches(o.span)]
    if right:
        message += "; " + _list(f"{_obs(o)} is {fig_plain(o.value)}" for o in right)
    else:
        message += f"; no observation of {_list(sorted({o.series for o in b.observations}))} for that period was retrieved"
    return message


def fig_plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _list(items: Iterable[str]) -> str:
    items = list(items)
    return ", ".join(items) if items else "nothing"


def _caveats_of(o: Observation) -> list[tuple[str, str]]:
    out = []
    if o.status in STATUS_CAVEATS:
        out.append((STATUS_CAVEATS[o.status], f"{_STATUS_WORDS[STATUS_CAVEATS[o.status]]} (status {o.status})"))
    for c in o.caveats:
        kind = caveat_kind(c)
        if kind is not None:
            out.append((kind, f"whose caveat says \"{c}\""))
    return out


def caveat_said(text: str, language: str, kind: str) -> bool:
    """Whether the answer says a caveat of this kind, in its language (with its clitics:
    Arabic "والتقديرات") or in English; once for the whole answer, however many figures."""
    low = text.casefold()
    own = words_for(language)
    if says(low, own.caveats.get(kind, ()), own.clitics) or says(low, EN.caveats.get(kind, ())):
        return True
    return kind == "break" and (not_comparable(low, own) or not_comparable(low, EN))
