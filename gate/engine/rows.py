"""Scored batches kept compact: the sums of a batch, its joined rows, and each outcome stored as a few bytes."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field, replace

from gate.core.bcp47 import canonical_language
from gate.engine.findings import Findings
from gate.engine.lines import Context, Found, LineResult
from gate.engine.tallies import Tally
from gate.inputs.run_log import AnswerLine
from gate.model.inputs import Answer
from gate.model.measures import MEASURES
from gate.model.outcomes import Finding, Outcome
from gate.scoring.answer import count_language


class _Counted(Outcome):
    """The class of :data:`COUNTED`, which pickles as a reference to it (one object in every process)."""

    def __reduce__(self) -> str:
        return "COUNTED"


#: Stands for the outcome of a line summed in the worker that scored it (:class:`ScoredBatch`):
#: the main process joins the line but adds nothing more.
COUNTED = _Counted("", "", {}, ())


@dataclass(frozen=True)
class Summing:
    """What a worker sums of its batch before sending it back (:func:`summed_batch`).

    Attributes:
        limit: the findings listed (``max_findings``; None: every one).
        store: the counts of every question are kept (for a baseline comparison).
    """

    limit: int | None
    store: bool


@dataclass
class JoinedRows:
    """The common lines of a batch, as flat arrays (a few bytes a line to send back): the
    schema-valid answers found in the set with the same language, scored, and with nothing
    for the run-level checks to read but a duplicate id (:func:`_plain`).

    Attributes:
        lines: their line numbers, in file order.
        positions: their questions' positions in the set.
        differs: 1 where the answer logs a question text that differs from the set's.
        bidi: 1 where the answer holds bidirectional control characters.
        unknown, uncovered: their languages unknown to the locale data, or not covered by
            the figure reader, with counts (:func:`gate.scoring.answer.count_language`).
    """

    lines: array[int] = field(default_factory=lambda: array("i"))
    positions: array[int] = field(default_factory=lambda: array("i"))
    differs: bytearray = field(default_factory=bytearray)
    bidi: bytearray = field(default_factory=bytearray)
    unknown: dict[str, int] = field(default_factory=dict)
    uncovered: dict[str, int] = field(default_factory=dict)

    def add(self, reading: AnswerLine, found: Found) -> None:
        """Add a common line (:func:`_plain`)."""
        assert reading.answer is not None
        self.lines.append(reading.line)
        self.positions.append(found.position)
        self.differs.append(found.differs)
        self.bidi.append(reading.bidi)
        count_language(reading.answer, self.unknown, self.uncovered)


@dataclass
class ScoredBatch:
    """A batch scored and summed in a worker: what the main process needs of it, small to
    send back.

    Attributes:
        rows: its common lines (:class:`JoinedRows`).
        others: its other lines, as :func:`score_lines` gives them, in file order, but each
            answer stripped to what the run-level checks and the join read (its id, language,
            question text, line) and each outcome replaced by :data:`COUNTED`.
        tally: the sums of the batch's outcomes.
        findings: ``(position, order, finding)`` of the findings that may be listed: the
            batch's first ``limit`` in the set's order, below the bar (:meth:`Findings.bar`).
        left_out: ``(measure, code, slice, count)`` of the batch's other findings.
        stored: with ``store``, the counts of each scored answer (:class:`StoredRows`).
    """

    rows: JoinedRows
    others: list[LineResult]
    tally: Tally
    findings: list[tuple[int, int, Finding]]
    left_out: tuple[tuple[str, str, str, int], ...]
    stored: StoredRows | None


def summed_batch(results: list[LineResult], context: Context, summing: Summing, bar: tuple[int, int] | None = None) -> ScoredBatch:
    """The results of a batch (of a log read against a question set) summed into a
    :class:`ScoredBatch`; pure. ``bar``: the main process's :meth:`Findings.bar`.

    Summing a line its main process later rejects (a duplicate) is harmless: such a run has
    a problem and gives no report. A line scored here passed every check of the join but
    that one (its question found, with the same language)."""
    assert context.questions is not None  # the merged form is joined in the main process
    tally, findings = Tally(), Findings(summing.limit, bar)
    rows, others = JoinedRows(), []
    stored = StoredRows() if summing.store else None
    for result in results:
        reading, outcome, found = result.reading, result.outcome, result.found
        if reading is None or reading.answer is None:
            others.append(result)
            continue
        if outcome is not None:
            assert found is not None  # scored: its question was found where the line was
            if reading.answer.attempt is not None:
                tally.add_attempt(outcome)
            else:
                tally.add(outcome)
            if outcome.findings:
                findings.add(found.position, outcome.findings)
            if stored is not None:
                stored.add(found.position, outcome)
            if _plain(reading, found):
                rows.add(reading, found)
                continue
            result.outcome = COUNTED
        result.reading = replace(reading, answer=_joined_part(reading.answer))
        others.append(result)
    return ScoredBatch(rows, others, tally, findings.keyed(), findings.not_listed(), stored)


def _plain(reading: AnswerLine, found: Found) -> bool:
    """A scored answer line that :meth:`gate.inputs.run_log.RunLog.take` reads only for its id
    and line (no problem, notice, unknown field or unit, not in the merged form), and that
    :meth:`RunPass._join` joins (its language is the question's)."""
    answer = reading.answer
    return (answer is not None and not (reading.later or reading.unknown or reading.notices or reading.units or reading.merged)
            and canonical_language(answer.language) == canonical_language(found.language) and answer.attempt is None)


def _joined_part(answer: Answer) -> Answer:
    """What the run-level checks and the join read of an answer."""
    return Answer(question_id=answer.question_id, language=answer.language, question=answer.question, retrieved_ids=(),
                  retrieved_values=(), answer=None, cited_ids=(), declined=answer.declined, line=answer.line,
                  attempt=answer.attempt)


def stored_row(outcome: Outcome) -> tuple[bytearray, list[tuple[int, int]]]:
    """An outcome's counts as :class:`StoredOutcomes` stores them: ``(row, large)``, the row
    one byte a count, ``numerator, denominator`` per measure in :data:`gate.model.measures.MEASURES`
    order (0, 0 for a measure it does not hold; a count the outcome holds for a name that is
    not a measure is not stored), and ``(place in the row, count)`` of each count outside
    0 to 254, whose byte holds 255 (:data:`_LARGE`)."""
    row, large = bytearray(_WIDTH), []
    for name, count in outcome.counts.items():
        numerator, denominator = count.numerator, count.denominator
        if not (numerator or denominator):  # most measures count nothing for one answer: 0, 0
            continue
        i = _MEASURE_PLACE.get(name)
        if i is None:
            continue
        for place, value in ((i, numerator), (i + 1, denominator)):
            if 0 <= value < _LARGE:
                row[place] = value
            else:
                row[place] = _LARGE
                large.append((place, value))
    return row, large


#: Where a measure's numerator is in a stored row (:func:`stored_row`), by name.
#: The byte of a stored count too large for a byte: the count is kept beside the row.
_LARGE = 255
_MEASURE_PLACE = {m.name: 2 * i for i, m in enumerate(MEASURES)}
_WIDTH = 2 * len(MEASURES)


@dataclass
class StoredRows:
    """Stored counts made in a worker, for :meth:`StoredOutcomes.put_rows`.

    Attributes:
        positions: the set position of each row, in the order of the rows.
        rows: the rows (:func:`stored_row`), one after the other.
        large: ``(position, place in its row, count)`` of the counts outside 0 to 254.
    """

    positions: array[int] = field(default_factory=lambda: array("i"))
    rows: bytearray = field(default_factory=bytearray)
    large: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, position: int, outcome: Outcome) -> None:
        """Add the row of the question at ``position``."""
        row, large = stored_row(outcome)
        self.positions.append(position)
        self.rows += row
        self.large.extend((position, place, value) for place, value in large)
