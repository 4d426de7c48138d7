"""What one answer scored: counts per measure that add up, and the findings that explain failures.

Each answer is turned into an :class:`Outcome`: per measure a :class:`Count` (numerator,
denominator) and the findings that explain every failure. Counts add up, so a run's score
is the sum of its answers' counts, in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gate.model.groups import GroupEntry
from gate.model.measures import MEASURE_BY_NAME


@dataclass(frozen=True)
class Count:
    """Numerator over denominator of one measure; adds up like coverage.py's ``Numbers``.

    For a higher-is-better measure the numerator counts passes; for unsupported numbers it
    counts the unsupported figures. A denominator of 0 means the measure does not apply:
    its rate is None, never 0 or NaN.
    """

    numerator: int = 0
    denominator: int = 0

    def __add__(self, other: Count) -> Count:
        return Count(self.numerator + other.numerator, self.denominator + other.denominator)

    @property
    def rate(self) -> Fraction | None:
        """The exact rate, or None when nothing was counted."""
        return Fraction(self.numerator, self.denominator) if self.denominator else None


#: One instance of each small count, shared (a Count is frozen: the same in every use).
_SHARED_COUNTS = {(n, d): Count(n, d) for d in range(17) for n in range(d + 1)}


def count_of(numerator: int, denominator: int) -> Count:
    """``Count(numerator, denominator)``: a shared instance when both are small (a Count
    is frozen, so sharing one changes nothing), a new one otherwise."""
    return _SHARED_COUNTS.get((numerator, denominator)) or Count(numerator, denominator)


@dataclass(frozen=True)
class FigureRef:
    """A figure quoted by a finding: as written, parsed, and where it stands in the answer."""

    text: str
    value: Decimal
    start: int
    end: int


@dataclass(frozen=True)
class QuoteRef:
    """A quote quoted by a finding: the text inside the quote marks and its span."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Finding:
    """One concrete failure.

    Attributes:
        question_id, language: of the question.
        measure: the measure it counts against.
        code: stable reason code (``numeric_mismatch``, ``unsupported_figure``,
            ``cited_not_retrieved``, ``should_decline``, ``should_answer``,
            ``empty_answer``, ``no_answer_logged``).
        message: a sentence for people.
        figure: the figure at fault, if any.
        cited_id: the citation at fault, if any.
        quote: the quote at fault, if any.
        look_first: for a wrong answer to a question with ``expected_ids``, where a
            reviewer looks first: ``retrieval`` (an expected series was not retrieved) or
            ``generation`` (it was); None otherwise (:func:`gate.scoring.checks.presence.where_to_look`).

    The code checks add ``expected_not_retrieved``, ``quote_not_found``, ``quote_uncited``,
    ``no_citation``, ``marker_unresolved``, ``too_long``, ``not_json``, ``schema_invalid``,
    ``label_mismatch``, ``label_missing``, ``wrong_period``, ``period_not_stated``,
    ``unit_missing``, ``unit_mismatch``, ``caveat_missing``, ``series_not_cited``,
    ``series_not_expected`` and ``expected_value_stale`` (see :mod:`gate.scoring.checks`); the
    comparison across languages adds ``cross_language_disagreement`` (:mod:`gate.scoring.groups`).
    """

    question_id: str
    language: str
    measure: str
    code: str
    message: str
    figure: FigureRef | None = None
    cited_id: str | None = None
    quote: QuoteRef | None = None
    look_first: str | None = None

    if not TYPE_CHECKING:  # for mypy, reading any other name stays an error
        def __getattr__(self, name: str) -> Any:
            """The message of a finding made with it unwritten (:func:`unwritten_finding`),
            written when first read; any other name missing is missing."""
            if name == "message" and _UNWRITTEN in self.__dict__:
                return _write_message(self)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """The fields, for pickle and copy: an unwritten message is written first (a
        finding sent to another process or copied is the finding with its message)."""
        if _UNWRITTEN in self.__dict__:
            _write_message(self)
        return self.__dict__


_FINDING_FIELDS = tuple(Finding.__dataclass_fields__)

#: The key under which a finding made by :func:`unwritten_finding` holds how to write its
#: message: ``(write, args)``, the message being ``write(*args)``.
_UNWRITTEN = "_unwritten"

#: How to write a message when it is first read: a function and its arguments.
Unwritten = tuple[Callable[..., str], tuple[Any, ...]]


def unwritten_finding(question_id: str, language: str, measure: str, code: str, message: Unwritten,
                      figure: FigureRef | None, cited_id: str | None, quote: QuoteRef | None,
                      look_first: str | None) -> Finding:
    """``Finding(question_id, ..., write(*args), ...)`` for ``message = (write, args)``,
    with the message written only when first read (``finding.message``, equality, hash,
    repr, pickle, copy: every way a finding is read goes through the attribute or
    :meth:`Finding.__getstate__`). Most findings of a large run are only counted by
    measure, code and language (:class:`gate.engine.findings.Findings`): their messages, which
    cost more than the rest of the finding, are never written.

    The function must be pure over arguments that do not change: the message written
    later is the one written now."""
    finding = object.__new__(Finding)
    finding.__dict__.update({"question_id": question_id, "language": language, "measure": measure, "code": code,
                             "figure": figure, "cited_id": cited_id, "quote": quote, "look_first": look_first,
                             _UNWRITTEN: message})
    return finding


def _write_message(finding: Finding) -> str:
    """Write the unwritten message of a finding, which is then a finding as
    :func:`new_finding` makes it (the same ``__dict__``, in field order)."""
    fields = finding.__dict__
    write, args = fields.pop(_UNWRITTEN)
    message: str = write(*args)
    written = {name: message if name == "message" else fields[name] for name in _FINDING_FIELDS}
    fields.clear()
    fields.update(written)
    return message


def new_finding(*values: Any) -> Finding:
    """``Finding(*values)`` with every field given, in field order: the same object (the
    same ``__dict__``, in the same order), built without the frozen dataclass's
    ``__init__``, which sets each field through ``object.__setattr__`` (one or two
    findings per answer: it counts)."""
    finding = object.__new__(Finding)
    finding.__dict__.update(zip(_FINDING_FIELDS, values))
    return finding


def marked(finding: Finding, look_first: str | None) -> Finding:
    """The finding with ``look_first`` set (``dataclasses.replace``, without its look-up of
    the fields)."""
    copy = object.__new__(Finding)
    copy.__dict__.update(finding.__dict__)
    copy.__dict__["look_first"] = look_first  # the key is there: its place is kept
    return copy


@dataclass(frozen=True)
class Outcome:
    """What one question scored.

    Attributes:
        question_id, language: of the question.
        counts: measure name -> Count, for every measure in :data:`MEASURES`.
        findings: every failure, in measure order then reading order.
        group: for a question in a group (``Question.group``) that was answered or declined,
            what the answer says for the comparison across languages; else None.
    """

    question_id: str
    language: str
    counts: Mapping[str, Count]
    findings: tuple[Finding, ...]
    group: GroupEntry | None = None

    def passed(self, measure: str) -> bool | None:
        """The question's outcome on a measure: True, False, or None when it does not apply."""
        count = self.counts[measure]
        if not count.denominator:
            return None
        if MEASURE_BY_NAME[measure].higher_is_better:
            return count.numerator == count.denominator
        return count.numerator == 0


def outcome_passed(measure: str, count: Count) -> bool:
    """Whether a count passes its measure (all passed, or nothing unsupported)."""
    if MEASURE_BY_NAME[measure].higher_is_better:
        return count.numerator == count.denominator
    return count.numerator == 0
