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
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from gate import figures as fig
from gate.core.decimals import decimal_text
from gate.figures.languages import HEDGE_WORDS
from gate.figures.shares import observed_as_units
from gate.model.inputs import Answer, Question
from gate.model.measures import _AUTOMATIC_DIRECTIONS, MEASURES
from gate.model.outcomes import Count, FigureRef, Finding, Outcome, Unwritten, count_of, marked, new_finding, unwritten_finding
from gate.scoring.checks import code_checks, look_first
from gate.scoring.groups import group_entry


def _quote(text: str, limit: int = 80) -> str:
    """The answer quoted in a finding, cut at a space (never inside a word: a token or an
    e-mail address cut in half would escape redaction, see :mod:`gate.report.redact`)."""
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
        format_rules: the ``format:`` rules (:class:`gate.model.settings.FormatRules`);
            None for the defaults.

    Returns:
        The question's counts on every measure and its findings.

    The steps, in order: :func:`_no_answer` (when none was logged), then
    :func:`_numeric_accuracy`, :func:`_answered_or_declined`, :func:`_citation_validity`,
    :func:`_unsupported_numbers`, and the code checks (:func:`gate.scoring.checks.code_checks`).
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
    revised = _stale(scoring, answer)
    _numeric_accuracy(scoring, answer, figures, readings, empty, revised)
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
    outcome = scoring.outcome(found, where)
    if question.group is not None:  # the outcome is new: its field is set once, as _new_outcome sets them
        outcome.__dict__["group"] = group_entry(question, answer, text, figures, readings.supported, settings)
    return outcome


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
        ``found``, each marked with ``where`` to look first (:func:`gate.scoring.checks.look_first`;
        None marks nothing: what :func:`gate.scoring.checks.where_to_look` returns)."""
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
    outcome.__dict__.update(question_id=question_id, language=language, counts=counts, findings=findings, group=None)
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


def _stale(s: _Scoring, answer: Answer) -> Any:
    """The observation the question asks for (``expected_period``) as the run retrieved
    it, when the source revised the set's value (:func:`gate.scoring.checks.stale.revision`;
    the code check counts ``set_stale``); None otherwise."""
    if not s.question.expected_period:
        return None
    from gate.scoring.checks.stale import revision

    revised = revision(s.question, answer)
    return revised if revised is not None and revised.stale else None


def _numeric_accuracy(s: _Scoring, answer: Answer, figures: Sequence[fig.Figure], readings: _Readings,
                      empty: bool, revised: Any = None) -> None:
    """Numeric accuracy: every expected value is stated by some figure of the answer (the
    source's value in place of a stale one: :func:`_stale`)."""
    expected = s.question.expected_values if revised is None else revised.expected(s.question.expected_values)
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
    changes = _Changes(readings, answer) if "change" in readings.settings.derived and not all(supported) else None
    unsupported = 0
    for f, held in zip(figures, supported):
        if held:
            continue
        change = changes.of(f) if changes is not None else None
        if change is not None and change[1] is None:  # a change two observations of one series give
            continue
        unsupported += 1  # unsupported as read too: its support is the figure's as written
        said = change[1] if change is not None else None
        message: str | Unwritten = said if said else (_unsupported_message, (readings, f, evidence))
        s.fail("unsupported_numbers", "unsupported_figure", message, figure=FigureRef(f.text, f.value, f.start, f.end))
    s.counts["unsupported_numbers"] = count_of(unsupported, len(figures))


class _Changes:
    """The figures of one answer said as changes (:mod:`gate.scoring.changes`), against the
    changes between its retrieved observations, each series' pairs derived once."""

    __slots__ = ("readings", "answer", "_derived")

    def __init__(self, readings: _Readings, answer: Answer) -> None:
        self.readings, self.answer = readings, answer
        self._derived: list[Any] | None = None

    def of(self, figure: fig.Figure) -> tuple[Any, str | None] | None:
        """None when the figure is not said as a change; else (its reading, None when two
        observations of one series support it, or why none does: "" when they give no
        change at all, and the figure's support as written says why)."""
        from gate.scoring import changes

        readings = self.readings
        reading = changes.change_reading(readings.text, figure, readings.language)
        if reading is None:
            return None
        if self._derived is None:
            self._derived = changes.derivations(self.answer.retrieved_observations)
        if changes.supporting_change(figure, reading, self._derived, readings.settings) is not None:
            return reading, None
        return reading, changes.explain_change(figure, reading, self._derived, readings.settings) or ""


def _values_to_try(settings: fig.MatchSettings, retrieved: tuple[Decimal, ...],
                   evidence: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
    """The values to try a figure the ``retrieved`` values do not support against, for
    its support by all the ``evidence`` (which is ``retrieved`` followed by new values):
    the new values only, unless a derived value (a difference of two values) may support
    it. Exact: without derived values, each test of :meth:`_Readings.holds` (the figure as
    written, negated, as a share) asks whether some value, alone, supports it, so the
    values support it when the retrieved ones or the new ones do; the retrieved ones do not."""
    return evidence if "difference" in settings.derived else evidence[len(retrieved):]


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
        self._positive = "difference" not in settings.derived

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
            negated = _new_figure({**_figure_fields(figure), "value": -figure.value})
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


def _figure_fields(figure: fig.Figure) -> dict[str, object]:
    """A Figure's fields, in field order (``__dict__`` has none in the compiled core)."""
    from gate.figures.model import _fields

    return _fields(figure)


def _new_figure(fields: dict[str, Any]) -> fig.Figure:
    """A Figure from all its fields, without the frozen dataclass's ``__init__`` (equal to
    ``dataclasses.replace`` of the figure whose fields these are)."""
    from gate.figures.model import Figure, _new

    return _new(Figure, fields)


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
    figure reader does not cover (``uncovered``), and each retrieved passage whose own language
    tag the locale data does not know (``unknown``, under :data:`PASSAGE` and the tag), for
    :func:`language_notices`."""
    if answer is None:
        return
    if not fig.language_known(answer.language):
        unknown[answer.language] = unknown.get(answer.language, 0) + 1
    elif answer.language.split("-")[0].lower() not in HEDGE_WORDS:
        uncovered[answer.language] = uncovered.get(answer.language, 0) + 1
    for _, _, language in answer.retrieved_passages:
        if language is not None and not fig.language_known(language):
            key = PASSAGE + language
            unknown[key] = unknown.get(key, 0) + 1


#: The prefix of a passage's language among the unknown languages of :func:`count_language`.
PASSAGE = "passage:"


def language_notices(unknown: dict[str, int], uncovered: dict[str, int]) -> list[str]:
    """One notice per language counted by :func:`count_language`, not one per line."""
    return [
        f"language {lang!r} is unknown to the locale data; its {n} answer(s) were read with "
        f"{fig.DEFAULT_LANGUAGE!r} number conventions"
        for lang, n in sorted(unknown.items()) if not lang.startswith(PASSAGE)
    ] + [
        f"language {lang.removeprefix(PASSAGE)!r} of {n} retrieved passage(s) is unknown to the locale data: they were read "
        f"with {fig.DEFAULT_LANGUAGE!r} number conventions and their answer's"
        for lang, n in sorted(unknown.items()) if lang.startswith(PASSAGE)
    ] + [
        f"language {lang!r} is not covered by the figure reader: in its {n} answer(s) digits were read as figures "
        "(with its separators), but not number words, scale words or hedges; an invented figure in words passes unseen"
        for lang, n in sorted(uncovered.items())
    ]
