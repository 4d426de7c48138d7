"""The run scored as a stream: the log read line by line, on every core.

Each raw line is parsed, validated, turned into an :class:`~gate.records.Answer` (by
:func:`gate.records.read_answer`, the loader's own builder), joined to its question and
scored by :func:`score_lines`, a pure function of a batch of raw lines and a
:class:`Context`: it runs in this process, in worker processes (``--jobs``), or on any
cluster (the same batch gives the same results anywhere). The main process then reads the
results in file order (:mod:`gate.pipeline`): the run-level checks of
:class:`gate.records.RunLog`, the join, the sums per slice (:class:`Tally`, plain
additions that merge) and a bounded list of findings (:class:`Findings`).
"""

from __future__ import annotations

import bisect
import contextlib
import difflib
import heapq
import itertools
import os
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, Protocol, overload

from gate import figures as fig
from gate.bcp47 import canonical_language
from gate.errors import ProblemCollector
from gate.measures import MEASURES, Count, Finding, Outcome, count_language, language_notices, score_answer
from gate.question_index import LogQuestions, QuestionLookup
from gate.records import (
    NO_VALUE,
    Answer,
    AnswerLine,
    Question,
    QuestionSet,
    Run,
    RunLog,
    _validate,
    logged_question_notices,
    missing_notice,
    parse_line,
    read_answer,
    read_lines,
    read_log_line,
    rejected_line_problems,
)
from gate.scores import ALL, Score, language_slice

#: Lines handed to a worker at a time: small enough that two workers share a 10,000-line
#: log evenly (20 batches), large enough that sending them costs little.
BATCH_LINES = 500


@dataclass(frozen=True)
class Context:
    """What scoring a line needs besides the line.

    Attributes:
        display: the log as named in problems.
        questions: question id -> ``(position in the set, question)``
            (:class:`gate.question_index.QuestionLookup`: over the set's index, each question
            read from the set file in the process that asks); None for a log in the merged
            form (each line carries its own question).
        settings: the matching settings (``thresholds.matching``).
        format_rules: the ``format:`` rules (``thresholds.format``).
        join: False when the lines are only read and validated (the settings are bad and
            nothing is scored): each result is left for the pass to join.
    """

    display: str
    questions: Mapping[str, tuple[int, Question]] | None
    settings: fig.MatchSettings
    format_rules: Any = None
    join: bool = True


@dataclass
class LineResult:
    """What one raw log line gave (:func:`score_lines`).

    Attributes:
        line: its line number (1-based, in the whole log).
        parsed: the line held a JSON value (not blank, not a parse problem).
        problems: ``(field, message)`` found reading it (UTF-8, JSON, schema), in order.
        value: the parsed value of a line that may be a header (a ``run`` or ``set`` key),
            for the main process to read (only it knows which line comes first); else None.
        reading: the answer line read (:class:`gate.records.AnswerLine`), or None.
        outcome: its score when its question was found with the same language, else None.
        joined: the line was looked up in the set where it was scored (:func:`join_reading`),
            and ``found`` holds what the join reads; else the pass looks it up itself.
        found: its question's place in the set (:class:`Found`), or None when the set has
            no question with its id (or the log is in the merged form).
        size: the length of the raw line in bytes (line end excluded), where it was read.
    """

    line: int
    parsed: bool = True
    problems: list[tuple[str | None, str]] = field(default_factory=list)
    value: Any = None
    reading: AnswerLine | None = None
    outcome: Outcome | None = None
    joined: bool = False
    found: Found | None = None
    size: int | None = None


class Found(NamedTuple):
    """What the join reads of an answer's question, found where the line was scored, so
    that the main process never reads the set again.

    Attributes:
        position: the question's position in the set.
        language: its language, as in the set.
        line: its line in the set file.
        differs: the answer logs a question text that differs from the set's.
    """

    position: int
    language: str
    line: int
    differs: bool


def join_reading(reading: AnswerLine, context: Context) -> tuple[Found | None, Question | None]:
    """An answer line's question looked up: ``(where it is in the set or None, the question
    to score against or None)``. The question is None when the set has no question with the
    line's id, when the line gives no answer, or when the languages differ (the join reports
    why); in the merged form it is the line's own (and ``found`` None)."""
    if context.questions is None:
        return None, reading.question
    hit = context.questions.get(reading.question_id)
    if hit is None:
        return None, None
    position, question = hit
    answer = reading.answer
    found = Found(position, question.language, question.line, bool(answer is not None and answer.question and answer.question != question.text))
    if answer is None or answer.language != canonical_language(question.language):
        return found, None
    return found, question


def score_reading(reading: AnswerLine, context: Context, question: Question | None = None) -> Outcome | None:
    """The outcome of an answer line against its question (looked up unless given), or None
    (see :func:`join_reading`)."""
    if question is None:
        _, question = join_reading(reading, context)
    if question is None or reading.answer is None:
        return None
    return score_answer(question, reading.answer, context.settings, context.format_rules)


def score_lines(batch: Iterable[tuple[int, bytes]], context: Context) -> list[LineResult]:
    """Parse, validate, join and score a batch of raw log lines; pure.

    Args:
        batch: ``(line number, raw bytes)`` as :func:`gate.records.read_lines` yields them
            (any contiguous or non-contiguous part of a log).
        context: the set and settings (:class:`Context`).

    Returns:
        One :class:`LineResult` per line, in the batch's order. The same batch gives the
        same results in any process, so batches can be scored anywhere and read back in
        file order.
    """
    out = []
    for line, chunk in batch:
        collect = ProblemCollector(limit=1_000_000)
        value = parse_line(line, chunk, context.display, collect)
        if value is NO_VALUE:
            out.append(LineResult(line, size=len(chunk), parsed=False, problems=[(p.field, p.message) for p in collect.problems]))
            continue
        if isinstance(value, dict) and ("run" in value or "set" in value):
            out.append(LineResult(line, size=len(chunk), value=value))
            continue
        if not _validate("answer", value, context.display, line, collect):
            rejected_line_problems(value, context.display, line, collect)
            out.append(LineResult(line, size=len(chunk), problems=[(p.field, p.message) for p in collect.problems]))
            continue
        reading = read_answer(value, line, context.display)
        if not context.join:
            out.append(LineResult(line, size=len(chunk), reading=reading))
            continue
        found, question = join_reading(reading, context)
        out.append(LineResult(line, size=len(chunk), reading=reading, outcome=score_reading(reading, context, question) if question is not None else None,
                              joined=True, found=found))
    return out


class Tally:
    """Counts per slice and measure, summed by addition; nothing per answer. Two tallies of
    two parts of a run merge (:meth:`merge`) into the tally of the whole run.

    The scores it gives (:meth:`scores`) are those :func:`gate.scores.aggregate` gives for
    the same outcomes, in any order.
    """

    def __init__(self) -> None:
        self.names = [m.name for m in MEASURES]
        self._index = {name: i for i, name in enumerate(self.names)}
        self.sums: dict[str, list[list[int]]] = {}
        self._rows_of: dict[str, tuple[list[list[int]], list[list[int]]]] = {}  # language -> (all, its slice)

    def _row(self, slice_name: str) -> list[list[int]]:
        row = self.sums.get(slice_name)
        if row is None:
            row = self.sums[slice_name] = [[0, 0] for _ in self.names]
        return row

    def add(self, outcome: Outcome) -> None:
        """Add one outcome's counts to ``all`` and to its language's slice (a measure the
        outcome does not hold counts 0/0)."""
        rows = self._rows_of.get(outcome.language)
        if rows is None:
            rows = self._rows_of[outcome.language] = (self._row(ALL), self._row(language_slice(outcome.language)))
        overall, language = rows
        index = self._index
        for name, count in outcome.counts.items():
            numerator, denominator = count.numerator, count.denominator
            if not (numerator or denominator):  # most measures count nothing for one answer
                continue
            i = index.get(name)
            if i is None:  # not a measure of this version: not summed, as in aggregate
                continue
            cell = overall[i]
            cell[0] += numerator
            cell[1] += denominator
            cell = language[i]
            cell[0] += numerator
            cell[1] += denominator

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for slice_name, row in other.sums.items():
            for a, b in zip(self._row(slice_name), row):
                a[0] += b[0]
                a[1] += b[1]

    def scores(self) -> list[Score]:
        """Every slice x measure: ``all`` first, then languages alphabetically; measures in
        :data:`gate.measures.MEASURES` order (0/0 where nothing was counted)."""
        slices = [ALL] + sorted(s for s in self.sums if s != ALL)
        empty = [[0, 0] for _ in self.names]
        return [Score(s, name, Count(*self.sums.get(s, empty)[i])) for s in slices for i, name in enumerate(self.names)]

    def to_dict(self) -> dict[str, list[list[int]]]:
        """The sums as plain data (JSON), ``{slice: [[numerator, denominator], ...]}`` in
        measure order; :meth:`from_dict` reads it back."""
        return {s: [list(c) for c in row] for s, row in sorted(self.sums.items())}

    @classmethod
    def from_dict(cls, data: Mapping[str, list[list[int]]]) -> Tally:
        tally = cls()
        for slice_name, row in data.items():
            tally.sums[slice_name] = [[int(a), int(b)] for a, b in row]
        return tally


class Findings:
    """The first ``limit`` findings in the set's order, held; the others counted by measure,
    code and slice, not held (memory bounded by ``limit``). A finding is offered with its key: the
    position of its question in the set, then its order within the question's outcome.

    Attributes:
        limit: how many are listed; None lists every one.
        total: how many were offered.
    """

    def __init__(self, limit: int | None, bar: tuple[int, int] | None = None) -> None:
        self.limit = limit
        self.total = 0
        self._bar = bar
        self._heap: list[tuple[int, int, Finding]] = []  # keys negated: the largest on top
        self._left_out: dict[tuple[str, str, str], int] = {}  # counted elsewhere, by slice
        self._by_language: dict[tuple[str, str, str], int] = {}  # counted here: (measure, code, language)

    def add(self, position: int, findings: Iterable[Finding]) -> None:
        """Offer the findings of the question at ``position``, in their order."""
        for order, finding in enumerate(findings):
            self.add_keyed(position, order, finding)

    def add_keyed(self, position: int, order: int, finding: Finding) -> None:
        """Offer one finding: the ``order``-th of the question at ``position``."""
        self.total += 1
        if self._bar is not None and (position, order) > self._bar:  # never listed: see bar()
            self._count(finding)
            return
        item = (-position, -order, finding)
        if self.limit is None or len(self._heap) < self.limit:
            heapq.heappush(self._heap, item)
            return
        if self.limit == 0 or (item[0], item[1]) < (self._heap[0][0], self._heap[0][1]):
            self._count(finding)
            return
        dropped = heapq.heapreplace(self._heap, item)
        self._count(dropped[2])

    def bar(self) -> tuple[int, int] | None:
        """The key ``(position, order)`` of the last finding listed once ``limit`` are held,
        else None (the bar of a new :class:`Findings`, given as ``bar``).

        A finding keyed above it is never listed, whatever is offered later: the findings
        held are the ``limit`` first by key of all offered, and only ever move down. So the
        findings of a part of the run offered to a ``Findings`` made with this bar (a
        worker's batch) are listed and counted as they would be here. None: no bar, as with
        no limit."""
        if self.limit is None or self.limit == 0 or len(self._heap) < self.limit:
            return None
        top = self._heap[0]
        return -top[0], -top[1]

    def count_left_out(self, measure: str, code: str, slice_name: str, count: int) -> None:
        """Add findings counted elsewhere (a shard) and not listed."""
        key = (measure, code, slice_name)
        self._left_out[key] = self._left_out.get(key, 0) + count
        if slice_name == ALL:
            self.total += count

    def _count(self, finding: Finding) -> None:
        key = (finding.measure, finding.code, finding.language)
        self._by_language[key] = self._by_language.get(key, 0) + 1

    def _fold(self) -> dict[tuple[str, str, str], int]:
        """The findings left out by (measure, code, slice): those counted elsewhere, and
        those counted here by language, added to ``all`` and to their language's slice."""
        left_out = dict(self._left_out)
        for (measure, code, language), n in self._by_language.items():
            for key in ((measure, code, ALL), (measure, code, language_slice(language))):
                left_out[key] = left_out.get(key, 0) + n
        return left_out

    def keyed(self) -> list[tuple[int, int, Finding]]:
        """The findings held, as ``(position, order, finding)`` in the set's order."""
        return [(-p, -o, f) for p, o, f in sorted(self._heap, key=lambda item: (-item[0], -item[1]))]

    def listed(self) -> list[Finding]:
        """The findings held, in the set's order."""
        return [f for _, _, f in self.keyed()]

    def not_listed(self) -> tuple[tuple[str, str, str, int], ...]:
        """``(measure, code, slice, count)`` of the findings left out, sorted."""
        return tuple(sorted((m, code, s, n) for (m, code, s), n in self._fold().items()))


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def batches(run_path: str | Path, display: str, problems: ProblemCollector, size: int | None = None,
            jobs: int = 1) -> Iterator[list[tuple[int, bytes]]]:
    """The log's raw lines in batches of ``size`` (default :data:`BATCH_LINES`); problems of
    the file as a whole (missing, too large, UTF-16) go to ``problems``.

    With ``jobs`` above 1, the lines of the log's last ``2 * jobs`` batches (by its size in
    bytes and the lines' length so far) come in batches of a fifth of ``size``: the workers
    then finish within a small batch of each other. Where a batch ends changes no result."""
    size = size or BATCH_LINES
    total = _log_size(run_path) if jobs > 1 else None
    batch: list[tuple[int, bytes]] = []
    read = 0
    for item in read_lines(Path(run_path), display, problems):
        batch.append(item)
        read += len(item[1]) + 1
        if len(batch) >= size:
            yield batch
            batch = []
            if total is not None and read + 2 * jobs * size * read / item[0] >= total:  # the last 2 * jobs batches are left
                size, total = max(1, size // 5), None
    if batch:
        yield batch


def _log_size(run_path: str | Path) -> int | None:
    """The size of the log in bytes, or None (not known)."""
    try:
        return os.stat(run_path).st_size
    except OSError:
        return None


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
            the figure reader, with counts (:func:`gate.measures.count_language`).
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
    """A scored answer line that :meth:`gate.records.RunLog.take` reads only for its id
    and line (no problem, notice, unknown field or unit, not in the merged form), and that
    :meth:`RunPass._join` joins (its language is the question's)."""
    answer = reading.answer
    return (answer is not None and not (reading.later or reading.unknown or reading.notices or reading.units or reading.merged)
            and canonical_language(answer.language) == canonical_language(found.language))


def _joined_part(answer: Answer) -> Answer:
    """What the run-level checks and the join read of an answer."""
    return Answer(question_id=answer.question_id, language=answer.language, question=answer.question, retrieved_ids=(),
                  retrieved_values=(), answer=None, cited_ids=(), declined=answer.declined, line=answer.line)


def stored_row(outcome: Outcome) -> tuple[bytearray, list[tuple[int, int]]]:
    """An outcome's counts as :class:`StoredOutcomes` stores them: ``(row, large)``, the row
    one byte a count, ``numerator, denominator`` per measure in :data:`gate.measures.MEASURES`
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


_WORKER: list[tuple[Context, Summing | None]] = []


def _install(context: Context, summing: Summing | None) -> None:
    from gate.interrupts import worker_signals

    worker_signals()
    _WORKER[:] = [(context, summing)]


def _score_in_worker(batch: list[tuple[int, bytes]], bar: tuple[int, int] | None) -> list[LineResult] | ScoredBatch:
    context, summing = _WORKER[0]
    results = score_lines(batch, context)
    return results if summing is None else summed_batch(results, context, summing, bar)


def scored_batches(run_path: str | Path, context: Context, problems: ProblemCollector, jobs: int = 1,
                   summing: Summing | None = None, bar: Callable[[], tuple[int, int] | None] = lambda: None,
                   ) -> Iterator[list[LineResult] | ScoredBatch]:
    """The log's lines scored (:func:`score_lines`), batch after batch in file order.

    With ``jobs`` above 1 and more than one batch, the batches are scored in that many
    worker processes, at most ``4 * jobs`` batches in flight (memory bounded); the results
    are the same as in one process. With ``summing`` (a log read against a question set),
    each worker also sums its batch and sends back a :class:`ScoredBatch`, so that the main
    process only joins; ``bar`` gives, as each batch is sent, the bar above which none of
    its findings will be listed (:meth:`Findings.bar`).
    """
    source = batches(run_path, context.display, problems, jobs=jobs)
    first = next(source, None)
    if first is None:
        return
    second = next(source, None)
    if jobs <= 1 or second is None:
        for batch in _chain([first] if second is None else [first, second], source):
            yield score_lines(batch, context)
        return
    import multiprocessing

    from gate.interrupts import signals_held, stop_pool

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with signals_held(), _frozen_objects():  # the workers start with Ctrl-C held, until they ignore it (_install)
        pool = multiprocessing.get_context(method).Pool(jobs, initializer=_install, initargs=(context, summing))
    try:
        pending: deque[Any] = deque()
        for batch in _chain([first, second], source):
            pending.append(pool.apply_async(_score_in_worker, (batch, bar())))
            if len(pending) >= 4 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    finally:  # done, interrupted (Ctrl-C, SIGTERM) or closed early: the workers are stopped, in bounded time
        stop_pool(pool)


@contextlib.contextmanager
def _frozen_objects() -> Iterator[None]:
    """This process's objects left out of the cyclic garbage collector while the workers are
    forked (``gc.freeze``): a worker's collections then never walk (and so never copy the
    pages of) the modules, the question index and every other object it inherits. When the
    objects are collected changes no result."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _chain(head: list[list[tuple[int, bytes]]], rest: Iterator[list[tuple[int, bytes]]]) -> Iterator[list[tuple[int, bytes]]]:
    yield from head
    yield from rest


#: Stands, in the pairs handed to a baseline comparer, for an answer that was logged and
#: scored: the stream keeps no answer, and a comparer reads only whether there was one.
LOGGED = Answer(question_id="", language="", question="", retrieved_ids=(), retrieved_values=(), answer=None,
                cited_ids=(), declined=False)


class StoredOutcomes(Sequence[Outcome]):
    """The outcomes of a streamed run in the set's order, without their findings: per
    question only its counts (what a baseline comparison reads), kept only when a baseline
    may be compared with. A count is one byte (54 bytes a question for the 27 measures); a
    count of 255 or more is held aside, exact, by its place.

    Attributes:
        questions: the questions, in the set's order (their ids and languages).
    """

    def __init__(self, questions: Sequence[Question]) -> None:
        self.questions = questions
        self._width = _WIDTH
        self._counts = bytearray()
        self._large: dict[int, int] = {}

    def put(self, position: int, outcome: Outcome) -> None:
        """Store the counts of the question at ``position``."""
        row, large = stored_row(outcome)
        self._put_row(position, row, large)

    def put_rows(self, rows: StoredRows) -> None:
        """Store counts made elsewhere (a worker's :class:`StoredRows`)."""
        width, data = self._width, rows.rows
        end = (max(rows.positions) + 1) * width if rows.positions else 0
        if len(self._counts) < end:
            self._counts.extend(bytes(end - len(self._counts)))
        counts, view = self._counts, memoryview(data)
        if self._large:  # a row written again: its large counts go (as in _put_row)
            for position in rows.positions:
                self._forget_large(position)
        for i, position in enumerate(rows.positions):
            counts[position * width:(position + 1) * width] = view[i * width:(i + 1) * width]
        for position, place, value in rows.large:
            self._large[position * width + place] = value

    def _put_row(self, position: int, row: bytes | bytearray, large: list[tuple[int, int]]) -> None:
        start, end = position * self._width, (position + 1) * self._width
        if len(self._counts) < end:
            self._counts.extend(bytes(end - len(self._counts)))
        self._forget_large(position)
        self._counts[start:end] = row
        for place, value in large:
            self._large[start + place] = value

    def _forget_large(self, position: int) -> None:
        if self._large:
            start = position * self._width
            for place in range(self._width):
                self._large.pop(start + place, None)

    def __len__(self) -> int:
        return len(self.questions)

    @overload
    def __getitem__(self, index: int) -> Outcome: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Outcome]: ...

    def __getitem__(self, index: int | slice) -> Outcome | Sequence[Outcome]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        question = self.questions[index]
        start = index * self._width
        row = [self._count(start + place) for place in range(self._width)]
        return Outcome(question.question_id, question.language,
                       {m.name: Count(row[2 * i], row[2 * i + 1]) for i, m in enumerate(MEASURES)}, ())

    def _count(self, place: int) -> int:
        value = self._counts[place] if place < len(self._counts) else 0
        return self._large[place] if value == _LARGE else value


#: A stored count at or above this is held aside (:class:`StoredOutcomes`).
_LARGE = 255
_ZERO = Count()


@dataclass
class Streamed:
    """What one pass over the log gives (:class:`RunPass`): no answer is kept unless asked.

    Attributes:
        run: the run's path, versions and notices; its answers only with ``keep``.
        questions: the questions scored against, in the set's order (the merged form's own):
            the set's index (:class:`gate.question_index.QuestionIndex`), read when asked.
        answered: per question, 1 when the run answered it.
        answers: how many answers were read.
        notices: the join's notices (set version, logged questions, missing answers, the set's).
        score_notices: languages unknown to the locale data or the figure reader.
        tally, findings: the sums and the findings of the outcomes (without ``keep``).
        outcomes: with ``keep``, every outcome in the set's order; else the stored counts
            (only when ``store`` was asked), or None.
        kept: with ``keep``, the answer of each question (None when unanswered).
    """

    run: Run
    questions: Sequence[Question]
    answered: bytearray
    answers: int
    notices: list[str]
    score_notices: list[str]
    tally: Tally
    findings: Findings
    outcomes: Sequence[Outcome] | None = None
    kept: list[Answer | None] | None = None

    def pairs(self) -> Sequence[tuple[Question, Answer | None]]:
        """The joined pairs: the kept answers, or :data:`LOGGED` for an answered question;
        each question read from the set when the pair is asked for (a comparison that finds
        no baseline reads none)."""
        if self.kept is not None:
            return tuple(zip(self.questions, self.kept))
        return _Pairs(self.questions, self.answered)


class _Pairs(Sequence[tuple[Question, Answer | None]]):
    """``(question, LOGGED or None)`` per question of the set, built when asked for."""

    def __init__(self, questions: Sequence[Question], answered: bytearray) -> None:
        self._questions, self._answered = questions, answered

    def __len__(self) -> int:
        return len(self._questions)

    @overload
    def __getitem__(self, index: int) -> tuple[Question, Answer | None]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Question, Answer | None]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Question, Answer | None] | Sequence[tuple[Question, Answer | None]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._questions[index], (LOGGED if self._answered[index] else None)

    def __iter__(self) -> Iterator[tuple[Question, Answer | None]]:
        for position, question in enumerate(self._questions):
            yield question, (LOGGED if self._answered[position] else None)


class RunPass:
    """One pass over a log's scored lines (:func:`scored_batches`), in file order: the
    run-level checks (:class:`gate.records.RunLog`), the join with the set, and the sums.

    Problems are those :func:`gate.records.load_run` and :func:`gate.records.join` report,
    in the same order: the log's in :attr:`run_problems`, the join's in
    :attr:`join_problems`.

    Args:
        display: the log as named in problems.
        question_set: the set, or None for the merged form.
        context: the scoring context (its ``questions`` built from ``question_set``).
        max_findings: findings listed (None: all).
        keep: keep every answer and outcome (for judgements, which read them).
        store: keep the counts of every question (for a baseline comparison).
        log: the log file whose every line is fed in order, each result with its size
            (:func:`score_lines`): then the questions of a log in the merged form are held
            as the places of their lines (:class:`gate.question_index.LogQuestions`), not
            built; None (lines scored elsewhere, as shards) holds them.
    """

    def __init__(self, display: str, question_set: QuestionSet | None, context: Context, max_findings: int | None,
                 keep: bool = False, store: bool = False, log: str | Path | None = None) -> None:
        self.display = display
        self.question_set = question_set
        self.context = context
        size = len(question_set.questions) if question_set is not None else 0
        self.log = RunLog(display, slots=size)
        self.run_problems, self.join_problems = ProblemCollector(), ProblemCollector()
        self._merged: list[Question] | LogQuestions = LogQuestions(log, display) if log is not None else []
        self._offset = _start_of_lines(log) if log is not None else 0
        self._place = (0, 0)  # (offset, length) of the line being fed
        self.questions: Sequence[Question] = question_set.questions if question_set is not None else self._merged
        self.answered = bytearray(size)
        self._differs = bytearray(size)
        self._inline_missing: list[int] = []
        self._inline_missing_count = 0
        self._unknown: dict[str, int] = {}
        self._uncovered: dict[str, int] = {}
        self.tally, self.findings = Tally(), Findings(max_findings)
        self.kept: dict[int, tuple[Answer | None, Outcome]] | None = {} if keep else None
        self.answers: list[Answer] = []
        self.stored = StoredOutcomes(self.questions) if store and not keep else None
        self._all_ids: list[str] | None = None

    def absorb(self, batch: ScoredBatch) -> None:
        """Read a batch summed in a worker (in file order): its sums added, then its lines
        joined in file order."""
        self.tally.merge(batch.tally)
        for position, order, finding in batch.findings:
            self.findings.add_keyed(position, order, finding)
        for measure, code, slice_name, count in batch.left_out:
            self.findings.count_left_out(measure, code, slice_name, count)
        if self.stored is not None and batch.stored is not None:
            self.stored.put_rows(batch.stored)
        rows, start = batch.rows, 0
        for result in batch.others:  # each read after the common lines before it
            end = bisect.bisect_left(rows.lines, result.line, start)
            self._take_rows(rows, start, end)
            self.feed(result)
            start = end
        self._take_rows(rows, start, len(rows.lines))
        for counted, more in ((self._unknown, rows.unknown), (self._uncovered, rows.uncovered)):
            for language, n in more.items():
                counted[language] = counted.get(language, 0) + n

    def _take_rows(self, rows: JoinedRows, start: int, end: int) -> None:
        """The common lines ``start`` to ``end`` of a batch, through the run-level checks
        and joined (as :meth:`feed` reads them, in fewer steps: see :func:`_plain`)."""
        if start == end:
            return
        positions, differs = rows.positions[start:end], rows.differs[start:end]
        duplicates = self.log.take_rows(rows.lines[start:end], positions, rows.bidi[start:end], self.run_problems, self._question_id)
        answered = self.answered
        if duplicates:  # the run has a problem (and gives no report): joined as feed joins
            left_out = set(duplicates)
            for i, position in enumerate(positions):
                if i not in left_out:
                    answered[position] = 1
                    self._differs[position] = differs[i]
            return
        for position in positions:
            answered[position] = 1
        for i in _positions(differs, 1):
            self._differs[positions[i]] = 1

    def _question_id(self, position: int) -> str:
        return self.questions[position].question_id

    def feed(self, result: LineResult) -> None:
        """Read one line's result (in file order)."""
        display, line, problems = self.display, result.line, self.run_problems
        if self.question_set is None:  # where the line is: only the merged form's questions are read from it
            self._place = (self._offset, result.size or 0)
            self._offset += (result.size or 0) + 1
        if not result.parsed:
            for fld, message in result.problems:
                problems.add(display, line, fld, message)
            return
        found = result.found
        if result.value is not None:
            reading = read_log_line(self.log, line, result.value, problems)
            outcome = None
            if reading is not None:
                found, question = join_reading(reading, self.context)
                outcome = score_reading(reading, self.context, question) if question is not None else None
        else:
            self.log.answer_line()
            for fld, message in result.problems:
                problems.add(display, line, fld, message)
            reading, outcome = result.reading, result.outcome
            if reading is not None and not result.joined:  # scored elsewhere (a shard)
                found = join_reading(reading, self.context)[0]
        if reading is None:
            return
        answer = self.log.take(reading, problems, slot=found.position if found is not None else None)
        if answer is not None:
            self._join(reading, answer, outcome, found)

    def _join(self, reading: AnswerLine, answer: Answer, outcome: Outcome | None, found: Found | None) -> None:
        """The join of one answer (:func:`gate.records.join`, answer by answer), from where
        its question was found (:func:`join_reading`)."""
        if self.question_set is None:
            if reading.question is None:
                self._inline_missing_count += 1
                if len(self._inline_missing) < self.join_problems.limit:
                    self._inline_missing.append(reading.line)
                return
            if isinstance(self._merged, LogQuestions):
                self._merged.append(*self._place, reading.line)
            else:
                self._merged.append(reading.question)
            self.answered.append(1)
            self._differs.append(0)
            self._count(len(self._merged) - 1, answer, outcome)
            return
        if found is None:
            self._not_in_set(answer)
            return
        if canonical_language(answer.language) != canonical_language(found.language):
            self.join_problems.add(self.display, answer.line, "language",
                                   f"expected {found.language!r} as in the question set (line {found.line}), found {answer.language!r}")
            return
        self.answered[found.position] = 1
        self._differs[found.position] = found.differs
        self._count(found.position, answer, outcome)

    def _not_in_set(self, answer: Answer) -> None:
        assert self.question_set is not None
        if answer.question_id in self.question_set.rejected or not self.question_set.questions:
            return
        hint = ""
        if len(self.join_problems.problems) < self.join_problems.limit:
            close = difflib.get_close_matches(answer.question_id, self._ids(), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
        self.join_problems.add(self.display, answer.line, "question_id",
                               f"answer for question {answer.question_id!r}{hint}, which is not in the question set {self.question_set.path}")

    def _ids(self) -> list[str]:
        """Every id of the set, in its order (read once, for the hints of answers that are
        not in the set)."""
        if self._all_ids is None:
            lookup = self.context.questions
            self._all_ids = list(lookup) if lookup is not None else [q.question_id for q in self.questions]
        return self._all_ids

    def _count(self, position: int, answer: Answer, outcome: Outcome | None) -> None:
        count_language(answer, self._unknown, self._uncovered)
        assert outcome is not None  # scored: its question was found, with its language
        if outcome is COUNTED:  # summed by the worker that scored it (ScoredBatch)
            return
        if self.kept is not None:
            self.answers.append(answer)
            self.kept[position] = (answer, outcome)
            return
        self._add(position, outcome)

    def _add(self, position: int, outcome: Outcome) -> None:
        self.tally.add(outcome)
        if outcome.findings:
            self.findings.add(position, outcome.findings)
        if self.stored is not None:
            self.stored.put(position, outcome)

    def finish(self, other_problems: bool = False) -> Streamed | None:
        """After the last line: the streamed run, or None when the log, the join or another
        input (``other_problems``) had a problem (the log's are in :attr:`run_problems`,
        the join's in :attr:`join_problems`)."""
        assistant_version, set_version, run_notices = self.log.finish(self.run_problems)
        merged_set = self.question_set is None
        notices = self._join_notices(set_version)
        if self.run_problems.total or self.join_problems.total or other_problems:
            return None
        if self.question_set is not None:
            self._score_missing()
        notices += self._answer_notices()
        if self.question_set is not None:
            notices += self.question_set.notices
        merged: Sequence[Question] = tuple(self._merged) if isinstance(self._merged, list) else self._merged
        if isinstance(merged, LogQuestions) and len(merged):
            merged.finish({})
        run = Run(path=self.display, assistant_version=assistant_version, set_version=set_version,
                  answers=tuple(self.answers),
                  merged_set=QuestionSet(self.display, set_version, merged) if merged_set else None,
                  notices=tuple(run_notices))
        kept = None
        outcomes: Sequence[Outcome] | None = self.stored
        if self.kept is not None:
            kept = [self.kept[i][0] if i in self.kept else None for i in range(len(self.questions))]
            outcomes = [self.kept[i][1] for i in range(len(self.questions))]
        return Streamed(run, merged if merged_set else self.questions, self.answered, self.log.answers, notices,
                        language_notices(self._unknown, self._uncovered), self.tally, self.findings, outcomes, kept)

    def _join_notices(self, set_version: str | None) -> list[str]:
        """The join's first notices and its problems of the merged form."""
        display, notices = self.display, []
        if self.question_set is None:
            if not self.questions:
                self.join_problems.add(display, None, None, "expected a question set (--questions FILE), found none; the log carries no expectations either")
            else:
                notices.append(f"{display}: expectations are read from the log (merged form); they belong in the question set, so that the same log can be re-scored against a revised set")
                for line in self._inline_missing:
                    self.join_problems.add(display, line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
                self.join_problems.total += self._inline_missing_count - len(self._inline_missing)
        elif self.log.merged:
            notices.append(f"{display}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {self.question_set.path}")
        if self.question_set is not None and set_version and self.question_set.version and set_version != self.question_set.version:
            notices.append(f"the run was logged against question set {set_version} and is scored against set {self.question_set.version}")
        return notices

    def _score_missing(self) -> None:
        """Every question with no answer, scored as one (a failure where it counts)."""
        for position in _positions(self.answered, 0):
            question = self.questions[position]
            outcome = score_answer(question, None, self.context.settings, self.context.format_rules)
            if self.kept is not None:
                self.kept[position] = (None, outcome)
            else:
                self._add(position, outcome)

    def _answer_notices(self) -> list[str]:
        """The notices of answers whose logged question differs and of questions with no
        answer: their counts, and the ids of the first ten of each (read from the set)."""
        differ = [self.questions[i].question_id for i in itertools.islice(_positions(self._differs, 1), 10)]
        missing = [self.questions[i].question_id for i in itertools.islice(_positions(self.answered, 0), 10)]
        return (logged_question_notices(differ, self._differs.count(1))
                + missing_notice(missing, len(self.answered) - self.answered.count(1)))


def _start_of_lines(path: str | Path) -> int:
    """Where the first line of a file starts: after a UTF-8 byte order mark, if one."""
    try:
        with open(path, "rb") as handle:
            return 3 if handle.read(3) == b"\xef\xbb\xbf" else 0
    except OSError:
        return 0  # the reading of the log reports it


def _positions(flags: bytearray, value: int) -> Iterator[int]:
    """The positions where ``flags`` holds ``value`` (0 or 1), in order."""
    position = flags.find(value)
    while position >= 0:
        yield position
        position = flags.find(value, position + 1)


class LineSource(Protocol):
    """Lines scored elsewhere (the shards of :mod:`gate.shards`), in file order, and the
    findings that came with them."""

    def results(self, context: Context, problems: ProblemCollector) -> Iterator[list[LineResult]]: ...

    def add_findings(self, findings: Findings) -> None: ...


def stream_inputs(run_path: str | Path, question_set: QuestionSet | None, settings: fig.MatchSettings, format_rules: Any,
                  jobs: int = 1, max_findings: int | None = None, keep: bool = False, store: bool = False,
                  source: LineSource | None = None, score: bool = True) -> tuple[RunPass, Streamed | None, ProblemCollector]:
    """Read, validate, join and score a log in one pass (see :class:`RunPass` for ``keep``
    and ``store``), its lines scored in ``jobs`` processes, or taken from ``source``.
    Without ``score`` (the settings are bad), the log is read, validated and joined for its
    problems, no answer is scored, and the streamed run is None.

    Returns:
        ``(the pass, the streamed run or None, the problems)``: the log's then the join's,
        in the order :func:`gate.records.load_run` and :func:`gate.records.join` give them
        (the set's problems go between: the caller's). The run is None when there was any.
    """
    display = str(run_path)
    context = Context(display, QuestionLookup(question_set.questions) if question_set is not None else None, settings, format_rules)
    run_pass = RunPass(display, question_set, context, max_findings, keep=keep, store=store, log=run_path if source is None else None)
    if max_findings is None and not keep and score:
        from gate.findings_store import SpilledFindings

        run_pass.findings = SpilledFindings()  # every finding listed: written to disk as it comes
    summing = Summing(max_findings, run_pass.stored is not None) if question_set is not None and not keep and score else None
    scored: Iterator[list[LineResult] | ScoredBatch]
    if source is not None:
        scored = source.results(context, run_pass.run_problems)
    else:  # unscored: the lines are read and validated only; the pass joins them itself
        scored = scored_batches(run_path, context if score else replace(context, join=False), run_pass.run_problems, jobs, summing,
                                run_pass.findings.bar)
    for results in scored:
        if isinstance(results, ScoredBatch):
            run_pass.absorb(results)
            continue
        for result in results:
            if not score and result.reading is not None and result.reading.answer is not None:
                result.outcome = COUNTED  # joined, never summed: nothing is reported
            run_pass.feed(result)
    if source is not None:
        source.add_findings(run_pass.findings)
    return run_pass, run_pass.finish(other_problems=not score), run_pass.join_problems
