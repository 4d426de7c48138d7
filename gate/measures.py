"""The measures, and the scoring of one answer against its question.

Four automatic measures of a statistical answer (numeric accuracy, citation validity,
refusal accuracy, answer rate) and unsupported numbers. Expected values come from the
question set, never the log; a figure is supported by the evidence the assistant was shown
(retrieved values, numbers in the set's question, retrieved passages), never by the
expected values nor by the run log's own ``question`` field (an assistant could log its
invented figure there).

Each answer is turned into a :class:`Outcome`: per measure a :class:`Count` (numerator,
denominator) and the findings that explain every failure. Counts add up, so a run's score
is the sum of its answers' counts, in any order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gate import figures as fig
from gate.checks import code_checks, look_first
from gate.decimals import decimal_text
from gate.figures.languages import HEDGE_WORDS
from gate.figures.shares import observed_as_units
from gate.records import Answer, Question


@dataclass(frozen=True)
class Measure:
    """A rate computed over a run.

    Attributes:
        name: stable key used in thresholds.yaml and the JSON report.
        label: the name people read.
        higher_is_better: direction; for a lower-is-better measure a rule is a ceiling.
        unit: what the denominator counts (``answers``, ``citations``, ``figures``).
        description: one sentence for the README and the reports.
        family: the family the report keeps it in, never blended with another (see
            :data:`FAMILIES`): ``automatic``, ``code_checks``, ``rubric`` or ``quality``.
    """

    name: str
    label: str
    higher_is_better: bool
    unit: str
    description: str
    family: str = "automatic"


#: The families of measures, in report order, with the heading people read. The report
#: groups measures by family and never blends two families into one number.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("automatic", "automatic measures"),
    ("code_checks", "code checks"),
    ("rubric", "rubric"),
    ("quality", "quality"),
)


MEASURES: tuple[Measure, ...] = (
    Measure("numeric_accuracy", "numeric accuracy", True, "answers",
            "share of questions expecting an answer whose answer states every expected value"),
    Measure("citation_validity", "citation validity", True, "citations",
            "share of cited identifiers that were among the records retrieved for that answer"),
    Measure("refusal_accuracy", "refusal accuracy", True, "answers",
            "recall of refusals: share of questions that should be declined and were "
            "(a question declined that should have been answered counts against answer rate)"),
    Measure("answer_rate", "answer rate when expected", True, "answers",
            "share of questions that should be answered and were"),
    Measure("unsupported_numbers", "unsupported numbers", False, "figures",
            "share of figures stated in answers that no retrieved value, question number or passage supports"),
    # Code checks: deterministic checks before any judge, see gate/checks/.
    Measure("retrieval_presence", "retrieval presence", True, "answers",
            "share of answers whose retrieved series include every series the set expects", "code_checks"),
    Measure("quote_grounding", "quote grounding", True, "quotes",
            "share of quotes in answers that appear word for word in a cited passage", "code_checks"),
    Measure("format", "format", True, "answers",
            "share of answers that keep the format rules (citations, markers, length, JSON and its schema)", "code_checks"),
    Measure("exact_match", "exact match", True, "answers",
            "share of questions with one right label whose answer gives exactly that label", "code_checks"),
    Measure("period_match", "period match", True, "figures",
            "share of figures bound to an observation whose stated period is the observation's period", "code_checks"),
    Measure("period_unstated", "no stated period", False, "figures",
            "share of figures bound to an observation for which the answer states no period (counted apart, never guessed)", "code_checks"),
    Measure("unit_stated", "unit stated", True, "figures",
            "share of figures bound to an observation that carry a unit compatible with the observation's", "code_checks"),
    Measure("caveat_stated", "caveat stated", True, "answers",
            "share of answers stating a figure from an observation with a caveat that say the caveat", "code_checks"),
    Measure("series_match", "series match", True, "figures",
            "share of figures bound to an observation whose series the answer cites (and the set expects)", "code_checks"),
    # The rubric, from readers' judgements: see gate/review.py.
    Measure("rubric_pass", "rubric pass", True, "answers",
            "share of judged answers that pass every rubric question that applies to them", "rubric"),
    Measure("rubric_series", "rubric: right series", True, "answers",
            "share of judged answers the readers found to use the right series", "rubric"),
    Measure("rubric_period", "rubric: right period", True, "answers",
            "share of judged answers the readers found to give the right period", "rubric"),
    Measure("rubric_unit", "rubric: unit stated", True, "answers",
            "share of judged answers the readers found to state the unit", "rubric"),
    Measure("rubric_caveat", "rubric: caveat stated", True, "answers",
            "share of judged answers with a known caveat that state it, as the readers found", "rubric"),
    Measure("rubric_no_unsupported_claim", "rubric: no unsupported claim", True, "answers",
            "share of judged answers the readers found to claim nothing the retrieved records do not support", "rubric"),
    Measure("reviewed_share", "reviewed share", True, "answers",
            "share of the run's answers that a person judged", "rubric"),
    Measure("grader_reviewed_share", "grader judgements re-read", True, "answers",
            "share of the answers a counted grader judged that a person judged too", "rubric"),
    # Quality (scored 1 to 5), never blended with groundedness.
    Measure("quality_answer_correctness", "quality: answer correctness", True, "answers",
            "share of scored answers whose answer correctness is at or above the rubric's pass score", "quality"),
    Measure("quality_completeness", "quality: completeness", True, "answers",
            "share of scored answers whose completeness is at or above the rubric's pass score", "quality"),
    Measure("quality_instruction_following", "quality: instruction following", True, "answers",
            "share of scored answers whose instruction following is at or above the rubric's pass score", "quality"),
    Measure("quality_clarity", "quality: clarity", True, "answers",
            "share of scored answers whose clarity is at or above the rubric's pass score", "quality"),
    Measure("decision_pass", "decision pass", True, "answers",
            "share of decided answers that pass: neither fail_groundedness nor fail_quality", "quality"),
)
MEASURE_BY_NAME: dict[str, Measure] = {m.name: m for m in MEASURES}


def measures_of(families: Iterable[str]) -> tuple[Measure, ...]:
    """The measures of some families, in :data:`MEASURES` order."""
    wanted = set(families)
    return tuple(m for m in MEASURES if m.family in wanted)


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
            ``generation`` (it was); None otherwise (:func:`gate.checks.presence.where_to_look`).

    The code checks add ``expected_not_retrieved``, ``quote_not_found``, ``quote_uncited``,
    ``no_citation``, ``marker_unresolved``, ``too_long``, ``not_json``, ``schema_invalid``,
    ``label_mismatch``, ``label_missing``, ``wrong_period``, ``period_not_stated``,
    ``unit_missing``, ``unit_mismatch``, ``caveat_missing``, ``series_not_cited`` and
    ``series_not_expected`` (see :mod:`gate.checks`).
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
    measure, code and language (:class:`gate.stream.Findings`): their messages, which
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
    """

    question_id: str
    language: str
    counts: Mapping[str, Count]
    findings: tuple[Finding, ...]

    def passed(self, measure: str) -> bool | None:
        """The question's outcome on a measure: True, False, or None when it does not apply."""
        count = self.counts[measure]
        if not count.denominator:
            return None
        if MEASURE_BY_NAME[measure].higher_is_better:
            return count.numerator == count.denominator
        return count.numerator == 0


def _quote(text: str, limit: int = 80) -> str:
    """The answer quoted in a finding, cut at a space (never inside a word: a token or an
    e-mail address cut in half would escape redaction, see :mod:`gate.redact`)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 3]
    return (head.rsplit(" ", 1)[0] if " " in head else "") + "..."


def score_answer(question: Question, answer: Answer | None, settings: fig.MatchSettings,
                 format_rules: Any = None) -> Outcome:
    """Score one answer against its question; pure.

    Args:
        question: the judgement from the set.
        answer: the logged answer, or None when the run has none (every measure the
            question is counted in then fails, with code ``no_answer_logged``; the code
            checks count nothing then).
        settings: the matching settings from thresholds.yaml.
        format_rules: the ``format:`` rules (:class:`gate.checks.format.FormatRules`);
            None for the defaults.

    Returns:
        The question's counts on every measure and its findings.

    The steps, in order: :func:`_no_answer` (when none was logged), then
    :func:`_numeric_accuracy`, :func:`_answered_or_declined`, :func:`_citation_validity`,
    :func:`_unsupported_numbers`, and the code checks (:func:`gate.checks.code_checks`).
    Each figure's alternative readings (fall, ratio) are read once per answer
    (:class:`_Readings`), whichever step asks first.
    """
    scoring = _Scoring(question, answer)
    if answer is None:
        _no_answer(scoring)
        return scoring.outcome([], None)
    text = answer.answer or ""
    figures = fig.extract_figures(text, answer.language) if text else []
    readings = _Readings(text, answer.language, settings)
    empty = not answer.declined and not text.strip()
    _numeric_accuracy(scoring, answer, figures, readings, empty)
    _answered_or_declined(scoring, answer, text, empty)
    _citation_validity(scoring, answer)
    if figures:
        _unsupported_numbers(scoring, answer, figures, readings)
    counts = scoring.counts
    checked, found = code_checks(question, answer, text, figures, settings, format_rules, readings.supported,
                                 _automatic_failed(counts))
    counts.update(checked)
    where = None
    if question.expected_ids and (scoring.failed or found):  # else nothing is marked
        where = look_first(question, answer, [*(f[0] for f in scoring.failed), *(f.measure for f in found)])
    return scoring.outcome(found, where)


def _automatic_failed(counts: Mapping[str, Count]) -> bool:
    """Whether an automatic measure that applies failed (:func:`outcome_passed`)."""
    for name, higher_is_better in _AUTOMATIC_DIRECTIONS:
        count = counts[name]
        if count.denominator and (count.numerator != count.denominator if higher_is_better else count.numerator):
            return True
    return False


_EMPTY_MESSAGE = "the answer is empty but the assistant did not decline"
_NOTHING = Count()  # frozen: one instance serves every measure not counted


class _Scoring:
    """The counts and findings of one question as the steps of :func:`score_answer` fill them."""

    __slots__ = ("qid", "lang", "expects_answer", "question", "counts", "failed")

    def __init__(self, question: Question, answer: Answer | None) -> None:
        self.question = question
        self.qid, self.lang = question.question_id, question.language
        self.expects_answer = question.expected_behaviour == "answer"
        self.counts: dict[str, Count] = dict.fromkeys(_MEASURE_NAMES, _NOTHING)
        # the findings of the automatic measures: (measure, code, message, figure,
        # cited_id), made Findings at the end, once where to look first is known; a
        # message is a text or how to write it when read (see unwritten_finding)
        self.failed: list[tuple[str, str, str | Unwritten, FigureRef | None, str | None]] = []

    def fail(self, measure: str, code: str, message: str | Unwritten, figure: FigureRef | None = None,
             cited_id: str | None = None) -> None:
        self.failed.append((measure, code, message, figure, cited_id))

    def outcome(self, found: list[Finding], where: str | None) -> Outcome:
        """The outcome, with the automatic measures' findings, then the code checks'
        ``found``, each marked with ``where`` to look first (:func:`gate.checks.look_first`;
        None marks nothing: what :func:`gate.checks.where_to_look` returns)."""
        qid, lang = self.qid, self.lang
        findings = [new_finding(qid, lang, m, code, message, figure, cited_id, None, where) if type(message) is str
                    else unwritten_finding(qid, lang, m, code, message, figure, cited_id, None, where)  # type: ignore[arg-type]
                    for m, code, message, figure, cited_id in self.failed]
        if where is None:
            findings += found
        else:
            findings += [f if f.look_first == where else marked(f, where) for f in found]
        return _new_outcome(qid, lang, self.counts, tuple(findings))


def _new_outcome(question_id: str, language: str, counts: Mapping[str, Count], findings: tuple[Finding, ...]) -> Outcome:
    """``Outcome(question_id, language, counts, findings)``: the same object (the same
    ``__dict__``, in field order), built without the frozen dataclass's ``__init__``
    (one per answer)."""
    outcome = object.__new__(Outcome)
    outcome.__dict__.update(question_id=question_id, language=language, counts=counts, findings=findings)
    return outcome


_MEASURE_NAMES = tuple(m.name for m in MEASURES)


def _no_answer(s: _Scoring) -> None:
    """No answer logged: every measure the question is counted in fails."""
    message = "no answer was logged for this question"
    if s.expects_answer:
        if s.question.expected_values:
            s.counts["numeric_accuracy"] = count_of(0, 1)
            s.fail("numeric_accuracy", "no_answer_logged", message)
        s.counts["answer_rate"] = count_of(0, 1)
        s.fail("answer_rate", "no_answer_logged", message)
    else:
        s.counts["refusal_accuracy"] = count_of(0, 1)
        s.fail("refusal_accuracy", "no_answer_logged", message)


def _numeric_accuracy(s: _Scoring, answer: Answer, figures: Sequence[fig.Figure], readings: _Readings,
                      empty: bool) -> None:
    """Numeric accuracy: every expected value is stated by some figure of the answer."""
    expected = s.question.expected_values
    if not (s.expects_answer and expected):
        return
    if answer.declined:
        s.counts["numeric_accuracy"] = count_of(0, 1)
        s.fail("numeric_accuracy", "should_answer", f"the assistant declined; expected {_values(expected)}")
    elif empty:
        s.counts["numeric_accuracy"] = count_of(0, 1)
        s.fail("numeric_accuracy", "empty_answer", _EMPTY_MESSAGE)
    else:
        stated = _stated_values(figures)
        missing = [e for e in expected if not (_exact(e) and e in stated) and not readings.any_supports(figures, (e,))]
        s.counts["numeric_accuracy"] = count_of(0 if missing else 1, 1)
        if missing:
            s.fail("numeric_accuracy", "numeric_mismatch", (_mismatch_message, (missing, tuple(figures))))


def _stated_values(figures: Sequence[fig.Figure]) -> set[Decimal]:
    """The values of the figures, for :func:`_numeric_accuracy`'s first test: an expected
    value among them is stated by a figure equal to it, which supports it whatever its
    interval (the first test of :func:`gate.figures.check_figure`, and so of
    :meth:`_Readings.any_supports`)."""
    return {f.value for f in figures if _exact(f.value)}


def _exact(value: Decimal) -> bool:
    """Whether a value is a finite Decimal (not a subclass): one that ``==`` and ``hash``
    compare by value, and that :meth:`_Readings.any_supports` finds by ``==``."""
    return type(value) is Decimal and value.is_finite()


def _mismatch_message(missing: Sequence[Decimal], figures: Sequence[fig.Figure]) -> str:
    """The message of a ``numeric_mismatch``: the values missing and the figures stated."""
    stated = ", ".join(_as_read(f) for f in figures) or "no figure"
    return f"expected {_values(missing)}; the answer states {stated}"


def _answered_or_declined(s: _Scoring, answer: Answer, text: str, empty: bool) -> None:
    """Refusal accuracy and answer rate when expected."""
    if s.expects_answer:
        s.counts["answer_rate"] = count_of(0 if answer.declined or empty else 1, 1)
        if answer.declined:
            s.fail("answer_rate", "should_answer", "should have been answered; the assistant declined")
        elif empty:
            s.fail("answer_rate", "empty_answer", _EMPTY_MESSAGE)
    else:
        s.counts["refusal_accuracy"] = count_of(1 if answer.declined else 0, 1)
        if empty:
            s.fail("refusal_accuracy", "empty_answer", "should have been declined; " + _EMPTY_MESSAGE)
        elif not answer.declined:
            s.fail("refusal_accuracy", "should_decline", f"should have been declined; answered \"{_quote(text)}\"")


def _citation_validity(s: _Scoring, answer: Answer) -> None:
    """Citation validity: every cited id was retrieved for this answer. An id cited twice
    counts once, so repeating a valid citation cannot outweigh an invalid one."""
    retrieved = set(answer.retrieved_ids)
    cited_ids = tuple(dict.fromkeys(answer.cited_ids))
    if retrieved.issuperset(cited_ids):  # every one valid: no finding
        s.counts["citation_validity"] = count_of(len(cited_ids), len(cited_ids))
        return
    valid = 0
    for cited in cited_ids:
        if cited in retrieved:
            valid += 1
        else:
            shown = ", ".join(answer.retrieved_ids) or "nothing"
            s.fail("citation_validity", "cited_not_retrieved",
                   f"cites {cited}, which was not retrieved (retrieved: {shown})", cited_id=cited)
    s.counts["citation_validity"] = count_of(valid, len(cited_ids))


def _unsupported_numbers(s: _Scoring, answer: Answer, figures: Sequence[fig.Figure], readings: _Readings) -> None:
    """Unsupported numbers: figures no evidence supports.

    The retrieved values are tried first: the figures of the set's question and of the
    passages are read only when some figure is not supported by them, and only those
    figures are tried again against all the evidence (the retrieved values come first in
    it, and more values never take a figure's support away: the same result, and most
    answers never pay for reading their question and passages).
    """
    values = observed_as_units(answer.retrieved_values, answer.retrieved_observations)  # "0.75 kg" is no 75%
    retrieved = fig.evidence_values(values, None, None, answer.language)
    holds = readings.holds
    supported = [holds(f, retrieved) for f in figures]
    evidence = retrieved
    if (s.question.text or answer.retrieved_passages) and not all(supported):
        evidence = _evidence(s.question, answer, retrieved)
        if len(evidence) > len(retrieved):  # else the same values: the same supports
            tried = _values_to_try(readings.settings, retrieved, evidence)
            supported = [held or holds(f, tried) for f, held in zip(figures, supported)]
    unsupported = 0
    for f, held in zip(figures, supported):
        if not held:  # unsupported as read too: its support is the figure's as written
            unsupported += 1
            s.fail("unsupported_numbers", "unsupported_figure", (_unsupported_message, (readings, f, evidence)),
                   figure=FigureRef(f.text, f.value, f.start, f.end))
    s.counts["unsupported_numbers"] = count_of(unsupported, len(figures))


def _values_to_try(settings: fig.MatchSettings, retrieved: tuple[Decimal, ...],
                   evidence: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
    """The values to try a figure the ``retrieved`` values do not support against, for
    its support by all the ``evidence`` (which is ``retrieved`` followed by new values):
    the new values only, unless a derived value (a difference of two values) may support
    it. Exact: without derived values, each test of :meth:`_Readings.holds` (the figure as
    written, negated, as a share) asks whether some value, alone, supports it, so the
    values support it when the retrieved ones or the new ones do; the retrieved ones do not."""
    return evidence if settings.derived else evidence[len(retrieved):]


def _unsupported_message(readings: _Readings, figure: fig.Figure, evidence: tuple[Decimal, ...]) -> str:
    """The message of an ``unsupported_figure``: why the evidence does not support the
    figure (its support as written, :meth:`_Readings.explain`)."""
    return readings.explain(figure, fig.check_figure(figure, evidence, readings.settings), evidence)


def _evidence(question: Question, answer: Answer, retrieved: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
    """Every value a figure of the answer may be supported by (:func:`gate.figures.evidence_values`):
    the ``retrieved`` values (as :func:`gate.figures.evidence_values` gives them: read again,
    they are kept as they are), then the figures of the set's question (never the logged one)
    and of the retrieved passages."""
    passages = {pid: text if lang is None else (text, lang) for pid, text, lang in answer.retrieved_passages}
    return fig.evidence_values(retrieved, question.text, passages, answer.language)


class _Readings:
    """The support tests of one answer's figures, with each figure's interval and
    alternative readings (:func:`gate.figures.fall_reading`,
    :func:`gate.figures.ratio_reading`) read at most once (:class:`_Read`): the steps and
    the code checks ask about the same figures many times."""

    __slots__ = ("text", "language", "settings", "_read", "_positive")

    def __init__(self, text: str, language: str, settings: fig.MatchSettings) -> None:
        self.text, self.language, self.settings = text, language, settings
        self._read: dict[int, _Read] = {}  # id(figure) -> what was read of it
        # whether a negated interval is tested without values <= 0 (see _negation_supported)
        self._positive = not settings.derived

    def _of(self, figure: fig.Figure) -> _Read:
        read = self._read.get(id(figure))
        if read is None or read.figure is not figure:  # the id of a figure no longer alive
            read = self._read[id(figure)] = _Read(figure)
        return read

    def holds(self, figure: fig.Figure, values: Sequence[Decimal]) -> bool:
        """Whether the values support the figure as written or as read:
        ``self.support(figure, values).supported``."""
        return self._as_written(figure, values) or self._read_otherwise(figure, values) is not None

    def support(self, figure: fig.Figure, values: Sequence[Decimal]) -> fig.Support:
        """As :func:`_support`, with the readings read once."""
        support = fig.check_figure(figure, values, self.settings)
        if not support.supported:
            return self._read_otherwise(figure, values) or support
        return support

    def any_supports(self, figures: Sequence[fig.Figure], values: Sequence[Decimal]) -> bool:
        """Whether the values support some figure as written or as read (the figures as
        written first: their readings are read only when none does)."""
        if any(self._as_written(f, values) for f in figures):
            return True
        return any(self._read_otherwise(f, values) is not None for f in figures)

    def _as_written(self, figure: fig.Figure, values: Sequence[Decimal]) -> bool:
        """``fig.check_figure(figure, values, self.settings).supported``."""
        if figure.value in values and _all_decimal(values):  # supported whatever its interval
            return True
        read = self._of(figure)
        matching = _matching()
        if read.bounds is None:
            read.bounds = matching.figure_bounds(figure, self.settings)
        return matching.supports(figure, values, self.settings, read.bounds)  # type: ignore[no-any-return]

    def _read_otherwise(self, figure: fig.Figure, values: Sequence[Decimal]) -> fig.Support | None:
        """The support of the figure's first reading (fall, ratio) that the values support,
        or None (the figure as written is not tried: the caller did)."""
        settings = self.settings
        read = self._of(figure)
        if figure.value > 0 and self._negation_supported(read, values):
            if read.fall is _UNREAD:
                read.fall = fig.fall_reading(self.text, figure)
            if read.fall is not None:  # the negation itself
                return fig.check_figure(read.fall, values, settings)
        ratio = self._ratio(read)
        if ratio is not None and _matching().supports(ratio, values, settings):
            return fig.check_figure(ratio, values, settings)
        return None

    def _negation_supported(self, read: _Read, values: Sequence[Decimal]) -> bool:
        """Whether the values support the figure (of value x > 0) with its value negated:
        its fall reading when it has one (:func:`gate.figures.fall_reading` gives either
        None or that negation). So a fall is read only when it could be supported.

        The interval of -x is the figure's interval mirrored (hedges bound the magnitude),
        so its high end is minus the figure's low end: when that low end is above 0 and
        every value is a Decimal above 0 (so is 100 v), none lies in it, nor equals -x
        (without ``derived``: a difference may be 0)."""
        figure = read.figure
        if read.bounds is None:
            read.bounds = _matching().figure_bounds(figure, self.settings)
        if self._positive and read.bounds[0] > 0 and all(type(v) is Decimal and v > 0 for v in values):
            return False
        if read.negated is None:
            negated = _new_figure({**figure.__dict__, "value": -figure.value})
            read.negated = (negated, _matching().figure_bounds(negated, self.settings))
        return _matching().supports(read.negated[0], values, self.settings, read.negated[1])  # type: ignore[no-any-return]

    def _ratio(self, read: _Read) -> fig.Figure | None:
        if read.ratio is _UNREAD:
            read.ratio = fig.ratio_reading(self.text, read.figure, self.language)
        return read.ratio  # type: ignore[no-any-return]

    def supported(self, figure: fig.Figure, values: Sequence[Decimal], text: str, language: str,
                  settings: fig.MatchSettings) -> bool:
        """:func:`_supported` for this answer's text, language and settings (the code checks'
        support test); another text, language or settings is read afresh."""
        if text is self.text and language == self.language and settings is self.settings:
            return self.holds(figure, values)
        return _supported(figure, values, text, language, settings)

    def explain(self, figure: fig.Figure, support: fig.Support, values: Sequence[Decimal]) -> str:
        """As :func:`_explain`, with the ratio reading read once."""
        return _explain(figure, support, values, self.text, self.language, self.settings,
                        share=self._ratio(self._of(figure)))


class _Read:
    """What :class:`_Readings` read of one figure, each part when first needed: its
    interval (:func:`gate.figures.matching.figure_bounds`), its negation with its interval,
    its fall and its ratio readings (``_UNREAD`` until read). The figure is kept so that
    its id names it for as long as the readings live."""

    __slots__ = ("figure", "bounds", "negated", "fall", "ratio")

    def __init__(self, figure: fig.Figure) -> None:
        self.figure = figure
        self.bounds: Any = None
        self.negated: tuple[fig.Figure, Any] | None = None
        self.fall: Any = _UNREAD
        self.ratio: Any = _UNREAD


def _all_decimal(values: Sequence[Decimal]) -> bool:
    """Whether every value is a Decimal (then a value equal to a figure's supports it, as
    in :func:`gate.figures.check_figure`'s own first test)."""
    return _ONLY_DECIMAL.issuperset(map(type, values))


_ONLY_DECIMAL = frozenset({Decimal})


@functools.cache
def _matching() -> Any:
    """:mod:`gate.figures.matching`, imported on first use (this module is imported by
    thresholds and reports, which need no figure reader)."""
    from gate.figures import matching

    return matching


def _new_figure(fields: dict[str, Any]) -> fig.Figure:
    """A Figure from all its fields, without the frozen dataclass's ``__init__`` (equal to
    ``dataclasses.replace`` of the figure whose fields these are)."""
    from gate.figures.model import Figure, _new

    return _new(Figure, fields)


AUTOMATIC = tuple(m.name for m in MEASURES if m.family == "automatic")
_AUTOMATIC_DIRECTIONS = tuple((m.name, m.higher_is_better) for m in MEASURES if m.family == "automatic")


def outcome_passed(measure: str, count: Count) -> bool:
    """Whether a count passes its measure (all passed, or nothing unsupported)."""
    if MEASURE_BY_NAME[measure].higher_is_better:
        return count.numerator == count.denominator
    return count.numerator == 0


_UNREAD: Any = object()  # a reading not read yet


def _supported(figure: fig.Figure, values: Sequence[Decimal], text: str, language: str, settings: fig.MatchSettings) -> bool:
    return _support(figure, values, text, language, settings).supported


def _support(figure: fig.Figure, values: Sequence[Decimal], text: str, language: str, settings: fig.MatchSettings) -> fig.Support:
    """Whether values support a figure as written, read as a fall ("fell 1.9%" against a
    series that stores -1.9; see :func:`gate.figures.fall_reading`) or as the share of a
    ratio ("6 in 10" against 58.7%; see :func:`gate.figures.ratio_reading`)."""
    support = fig.check_figure(figure, values, settings)
    if not support.supported:
        for other in (fig.fall_reading(text, figure), fig.ratio_reading(text, figure, language)):
            if other is not None:
                as_other = fig.check_figure(other, values, settings)
                if as_other.supported:
                    return as_other
    return support


def _explain(figure: fig.Figure, support: fig.Support, values: Sequence[Decimal], text: str, language: str,
             settings: fig.MatchSettings, against: str = "retrieved value", share: Any = _UNREAD) -> str:
    """Why a figure is unsupported, with its reading as a ratio's share when it has one
    (``share``: that reading when already read, None for none)."""
    message = fig.explain(figure, support, against)
    if figure.value and -figure.value in values and support.nearest != -figure.value:
        message += f"; {decimal_text(-figure.value)}, the same size with the opposite sign, is among them"
    if share is _UNREAD:
        share = fig.ratio_reading(text, figure, language)
    if share is not None:
        message += "; read as a share, " + fig.explain(share, fig.check_figure(share, values, settings), against)
    return message


def _as_read(f: fig.Figure) -> str:
    """A figure as written, with the value it was read as when that is not plain to see."""
    value = decimal_text(f.value)
    compact = "".join(ch for ch in f.text if not ch.isspace() and ch not in ",\u00a0\u202f")
    return f.text if value in compact else f"{f.text} (read as {value})"


def _values(values: Iterable[Decimal]) -> str:
    return ", ".join(decimal_text(v) for v in values)


def score_run(pairs: Iterable[tuple[Question, Answer | None]], settings: fig.MatchSettings,
              format_rules: Any = None) -> tuple[list[Outcome], list[str]]:
    """Score every joined pair; pure (``format_rules`` as for :func:`score_answer`).

    Returns:
        The outcomes in input order, and notices (one per language whose number
        conventions Babel does not know, and one per language the figure reader does not
        cover, not one per line).
    """
    outcomes = []
    unknown: dict[str, int] = {}
    uncovered: dict[str, int] = {}
    for question, answer in pairs:
        count_language(answer, unknown, uncovered)
        outcomes.append(score_answer(question, answer, settings, format_rules))
    return outcomes, language_notices(unknown, uncovered)


def count_language(answer: Answer | None, unknown: dict[str, int], uncovered: dict[str, int]) -> None:
    """Count an answer whose language the locale data does not know (``unknown``) or the
    figure reader does not cover (``uncovered``), for :func:`language_notices`."""
    if answer is not None and not fig.language_known(answer.language):
        unknown[answer.language] = unknown.get(answer.language, 0) + 1
    elif answer is not None and answer.language.split("-")[0].lower() not in HEDGE_WORDS:
        uncovered[answer.language] = uncovered.get(answer.language, 0) + 1


def language_notices(unknown: dict[str, int], uncovered: dict[str, int]) -> list[str]:
    """One notice per language counted by :func:`count_language`, not one per line."""
    return [
        f"language {lang!r} is unknown to the locale data; its {n} answer(s) were read with "
        f"{fig.DEFAULT_LANGUAGE!r} number conventions"
        for lang, n in sorted(unknown.items())
    ] + [
        f"language {lang!r} is not covered by the figure reader: in its {n} answer(s) digits were read as figures "
        "(with its separators), but not number words, scale words or hedges; an invented figure in words passes unseen"
        for lang, n in sorted(uncovered.items())
    ]
