"""Code checks: deterministic checks before any judge.

One job a module: :mod:`~gate.scoring.checks.presence` (the expected series were retrieved),
:mod:`~gate.scoring.checks.quotes` (quoted text is in a cited passage),
:mod:`~gate.scoring.checks.format` (citations, markers, length, JSON),
:mod:`~gate.scoring.checks.exact` (the one right label), :mod:`~gate.scoring.checks.binding`
(figures bound to observations: period, unit, caveat, series) with
:mod:`~gate.scoring.checks.periods` (periods stated in prose) and
:mod:`~gate.scoring.checks.units`, :mod:`~gate.scoring.checks.stale` (the set's expected value
revised by the source); the words per language in :mod:`gate.model.check_words`
(read from ``gate/figures/languages/<lang>.py``).

:data:`CHECKS` is the one table of the checks: the measures each counts and the function
that counts them. :func:`code_checks` runs them all on one answer. A new check is its module,
its line in :data:`CHECKS` and its measures in :data:`gate.model.measures.MEASURES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gate import figures as fig
from gate.core.build import compiled_class
from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, count_of
from gate.model.settings import FormatRules
from gate.scoring.checks import binding
from gate.scoring.checks.binding import Supports
from gate.scoring.checks.exact import check_exact
from gate.scoring.checks.format import DEFAULT_RULES, check_format
from gate.scoring.checks.presence import check_presence, look_first, where_to_look
from gate.scoring.checks.quotes import check_quotes
from gate.scoring.checks.scale import scale_faults
from gate.scoring.checks.stale import check_stale

__all__ = ["CHECKS", "Read", "Supports", "code_checks", "look_first", "where_to_look"]


@dataclass(frozen=True, slots=True)
class Read:
    """What scoring read of one logged answer, which the checks share.

    Attributes:
        text: the answer text ("" when none); figures: its figures in reading order;
        settings: the matching settings; format_rules: the ``format:`` rules;
        supports: the support test of :mod:`gate.scoring.answer`; answer_wrong: an
        automatic measure failed (where to look first depends on it).
    """

    text: str
    figures: Sequence[fig.Figure]
    settings: fig.MatchSettings
    format_rules: FormatRules
    supports: Supports
    answer_wrong: bool

    def __init__(self, text: str, figures: Sequence[fig.Figure], settings: fig.MatchSettings, format_rules: FormatRules,
                 supports: Supports, answer_wrong: bool) -> None:
        # compiled, the slots set directly (the dataclass's own initialiser is interpreted code)
        if _PURE:
            for name, value in (("text", text), ("figures", figures), ("settings", settings), ("format_rules", format_rules),
                                ("supports", supports), ("answer_wrong", answer_wrong)):
                object.__setattr__(self, name, value)
            return
        self.text = text  # type: ignore[misc]
        self.figures = figures  # type: ignore[misc]
        self.settings = settings  # type: ignore[misc]
        self.format_rules = format_rules  # type: ignore[misc]
        self.supports = supports  # type: ignore[misc]
        self.answer_wrong = answer_wrong  # type: ignore[misc]


_PURE = not compiled_class(Read)


#: A check of one answer: ``{measure: Count}`` for each of its measures, and its findings.
Check = Callable[[Question, Answer, Read], tuple[Mapping[str, Count], list[Finding]]]


def _presence(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    count, found = check_presence(question, answer, read.answer_wrong)
    return {"retrieval_presence": count}, found


def _quotes(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    count, found = check_quotes(question, answer)
    return {"quote_grounding": count}, found


def _format(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    count, found = check_format(question, answer, read.format_rules)
    return {"format": count}, found


def _exact(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    count, found = check_exact(question, answer)
    return {"exact_match": count}, found


def _observations(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    observations = answer.retrieved_observations
    answered = observations and read.figures and not answer.declined and read.text.strip()
    bound = binding.bind(read.text, answer.language, read.figures, observations, read.supports, read.settings) if answered else []
    counts, found = binding.check_bound(question, answer, read.text, bound)
    if answered:
        scale = scale_faults(question, answer, read.figures, [b.figure for b in bound])
        if scale:  # a figure in the published unit, not in units: counted against unit_stated
            unit = counts["unit_stated"]
            counts = {**counts, "unit_stated": count_of(unit.numerator, unit.denominator + len(scale))}
            found = [*found, *scale]
    return counts, sorted(found, key=lambda f: binding.MEASURE_NAMES.index(f.measure)) if found else found


def _stale(question: Question, answer: Answer, read: Read) -> tuple[Mapping[str, Count], list[Finding]]:
    count, found = check_stale(question, answer)
    return {"set_stale": count}, found


#: Every code check, in report order: the measures it counts, and the function.
CHECKS: tuple[tuple[tuple[str, ...], Check], ...] = (
    (("retrieval_presence",), _presence),
    (("quote_grounding",), _quotes),
    (("format",), _format),
    (("exact_match",), _exact),
    (binding.MEASURE_NAMES, _observations),
    (("set_stale",), _stale),
)


def code_checks(question: Question, answer: Answer, text: str, figures: Sequence[fig.Figure], settings: fig.MatchSettings,
                format_rules: FormatRules | None, supports: Supports, answer_wrong: bool) -> tuple[dict[str, Count], list[Finding]]:
    """The counts and findings of every code check for one logged answer; pure.

    Args:
        question, answer: the pair (the answer is not None); text: the answer text ("" when
            none); figures: its figures; settings: the matching settings; format_rules:
            :class:`~gate.model.settings.FormatRules` or None for the defaults; supports: the
            support test of :mod:`gate.scoring.answer`; answer_wrong: an automatic measure failed.

    Returns:
        ``{measure: Count}`` for every code-check measure, and the findings in measure order.
    """
    read = Read(text, figures, settings, format_rules or DEFAULT_RULES, supports, answer_wrong)
    counts: dict[str, Count] = {}
    findings: list[Finding] = []
    for _measures, check in CHECKS:
        checked, found = check(question, answer, read)
        counts.update(checked)
        findings += found
    return counts, findings
