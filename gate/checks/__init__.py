"""Code checks: deterministic checks before any judge.

One job a module: :mod:`~gate.checks.presence` (the expected series were retrieved),
:mod:`~gate.checks.quotes` (quoted text is in a cited passage), :mod:`~gate.checks.format`
(citations, markers, length, JSON), :mod:`~gate.checks.exact` (the one right label),
:mod:`~gate.checks.binding` (figures bound to observations: period, unit, caveat, series)
with :mod:`~gate.checks.periods` (SDMX periods, periods stated in prose) and
:mod:`~gate.checks.units`; the words per language in :mod:`~gate.checks.words` (read from ``gate/figures/languages/<lang>.py``).
:func:`code_checks` runs them all on one answer; :func:`rubric_outcomes` maps the four
observation checks to the rubric's questions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from gate import figures as fig

if TYPE_CHECKING:  # the checks' own modules import gate.measures and gate.records, which import this package
    from gate.agreement import Kappa
    from gate.checks.format import FormatRules
    from gate.measures import Count, Finding, Outcome
    from gate.records import Answer, Question

#: The support test of :mod:`gate.measures`: (figure, values, text, language, settings) -> bool.
Supports = Callable[[fig.Figure, Sequence[Decimal], str, str, fig.MatchSettings], bool]


def code_checks(question: Question, answer: Answer, text: str, figures: Sequence[fig.Figure], settings: fig.MatchSettings,
                format_rules: FormatRules | None, supports: Supports, answer_wrong: bool) -> tuple[dict[str, Count], list[Finding]]:
    """The counts and findings of every code check for one logged answer; pure.

    Args:
        question, answer: the pair (the answer is not None); text: the answer text ("" when
            none); figures: its figures; settings: the matching settings; format_rules:
            :class:`~gate.checks.format.FormatRules` or None for the defaults; supports: the
            support test of :mod:`gate.measures`; answer_wrong: an automatic measure failed.

    Returns:
        ``{measure: Count}`` for every code-check measure, and the findings in measure order.
    """
    checks = _checks()
    counts: dict[str, Count] = {}
    findings: list[Finding] = []
    counts["retrieval_presence"], found = checks.check_presence(question, answer, answer_wrong)
    findings += found
    counts["quote_grounding"], found = checks.check_quotes(question, answer)
    findings += found
    counts["format"], found = checks.check_format(question, answer, format_rules or checks.DEFAULT_RULES)
    findings += found
    counts["exact_match"], found = checks.check_exact(question, answer)
    findings += found
    observations = answer.retrieved_observations
    answered = observations and figures and not answer.declined and text.strip()
    bound = checks.bind(text, answer.language, figures, observations, supports, settings) if answered else []
    checked, found = checks.check_bound(question, answer, text, bound)
    counts.update(checked)
    if found:
        findings.extend(sorted(found, key=lambda f: _ORDER.index(f.measure)))
    return counts, findings


class _Checks(NamedTuple):
    bind: Any
    check_bound: Any
    check_exact: Any
    check_format: Any
    check_presence: Any
    check_quotes: Any
    where_to_look: Any
    look_first: Any
    DEFAULT_RULES: Any


@functools.cache
def _checks() -> _Checks:
    """The check functions and the default format rules, imported on first use, not at
    the top: the checks import gate.measures and gate.records, which import this package
    (for the SDMX periods) while they load. Cached: an import statement on every answer
    costs."""
    from gate.checks.binding import bind, check_bound
    from gate.checks.exact import check_exact
    from gate.checks.format import DEFAULT_RULES, check_format
    from gate.checks.presence import check_presence, look_first, where_to_look
    from gate.checks.quotes import check_quotes

    return _Checks(bind, check_bound, check_exact, check_format, check_presence, check_quotes, where_to_look, look_first, DEFAULT_RULES)


def where_to_look(question: Question, answer: Answer | None, findings: Sequence[Finding]) -> list[Finding]:
    """The findings of one answer marked with where to look first (retrieval or generation):
    :func:`gate.checks.presence.where_to_look`, imported when first called."""
    return _checks().where_to_look(question, answer, findings)  # type: ignore[no-any-return]


def look_first(question: Question, answer: Answer | None, measures: Sequence[str]) -> str | None:
    """Where to look first for an answer whose findings count against ``measures``, or
    None: :func:`gate.checks.presence.look_first`, imported when first called."""
    return _checks().look_first(question, answer, measures)  # type: ignore[no-any-return]


_ORDER = ("period_match", "period_unstated", "unit_stated", "caveat_stated", "series_match")

#: The rubric question each observation check answers (rubric ids: series, period, unit,
#: caveat), for the agreement of code with readers.
RUBRIC_QUESTIONS: Mapping[str, str] = {
    "series_match": "series",
    "period_match": "period",
    "unit_stated": "unit",
    "caveat_stated": "caveat",
}


def rubric_outcomes(outcome: Outcome) -> dict[str, bool | None]:
    """The code's answer to each rubric question for one scored answer.

    Args:
        outcome: a :class:`gate.measures.Outcome`.

    Returns:
        ``{"series": bool | None, "period": ..., "unit": ..., "caveat": ...}``: True when
        the answer passed the measure, False when it failed, None when the measure did not
        apply (nothing to compare with a reader's label: leave the pair out of kappa).
    """
    return {question: outcome.passed(measure) for measure, question in RUBRIC_QUESTIONS.items()}


def code_labels(outcome: Outcome) -> dict[str, str]:
    """The code's labels for one answer as a reader writes them: rubric question id ->
    ``yes`` or ``no`` (questions the code could not answer are left out)."""
    return {q: ("yes" if passed else "no") for q, passed in rubric_outcomes(outcome).items() if passed is not None}


def code_agreement(outcomes: Sequence[Outcome], people: Mapping[str, Mapping[str, str]]) -> dict[str, Kappa]:
    """Cohen's kappa of the code checks with people, per rubric question; pure.

    Args:
        outcomes: the scored answers (:class:`gate.measures.Outcome`).
        people: question id -> rubric question id -> a person's label (``yes``, ``no``,
            ``not_applicable``), for the answers people judged.

    Returns:
        Rubric question id (series, period, unit, caveat) -> :class:`gate.agreement.Kappa`
        over the answers where both the code and a person said yes or no; the code is
        treated as one more grader (the same kappa as :func:`gate.agreement.validate_grader`).
    """
    from gate.checks.readers import agreement_with_readers

    return {a.question: a.kappa for a in agreement_with_readers(outcomes, people)}
