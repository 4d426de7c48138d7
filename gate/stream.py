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

import heapq
import os
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gate import figures as fig
from gate.bcp47 import canonical_language
from gate.errors import ProblemCollector
from gate.measures import MEASURES, Count, Finding, Outcome, score_answer
from gate.records import NO_VALUE, AnswerLine, Question, _validate, parse_line, read_answer, read_lines
from gate.scores import ALL, Score, language_slice

#: Lines handed to a worker at a time.
BATCH_LINES = 2000


@dataclass(frozen=True)
class Context:
    """What scoring a line needs besides the line.

    Attributes:
        display: the log as named in problems.
        questions: question id -> ``(position in the set, question)``; None for a log in
            the merged form (each line carries its own question).
        settings: the matching settings (``thresholds.matching``).
        format_rules: the ``format:`` rules (``thresholds.format``).
    """

    display: str
    questions: Mapping[str, tuple[int, Question]] | None
    settings: fig.MatchSettings
    format_rules: Any = None


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
    """

    line: int
    parsed: bool = True
    problems: list[tuple[str | None, str]] = field(default_factory=list)
    value: Any = None
    reading: AnswerLine | None = None
    outcome: Outcome | None = None


def question_of(reading: AnswerLine, context: Context) -> tuple[int | None, Question | None]:
    """The question an answer line is scored against and its position (None in the merged
    form, where the position is the line's order among merged lines), or ``(None, None)``
    when it has none or its language differs (the join reports why)."""
    if context.questions is None:
        return None, reading.question
    found = context.questions.get(reading.question_id)
    if found is None or reading.answer is None:
        return None, None
    if reading.answer.language != canonical_language(found[1].language):
        return None, None
    return found


def score_reading(reading: AnswerLine, context: Context) -> Outcome | None:
    """The outcome of an answer line against its question, or None (see :func:`question_of`)."""
    _, question = question_of(reading, context)
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
            out.append(LineResult(line, parsed=False, problems=[(p.field, p.message) for p in collect.problems]))
            continue
        if isinstance(value, dict) and ("run" in value or "set" in value):
            out.append(LineResult(line, value=value))
            continue
        if not _validate("answer", value, context.display, line, collect):
            out.append(LineResult(line, problems=[(p.field, p.message) for p in collect.problems]))
            continue
        reading = read_answer(value, line)
        out.append(LineResult(line, reading=reading, outcome=score_reading(reading, context)))
    return out


class Tally:
    """Counts per slice and measure, summed by addition; nothing per answer. Two tallies of
    two parts of a run merge (:meth:`merge`) into the tally of the whole run.

    The scores it gives (:meth:`scores`) are those :func:`gate.scores.aggregate` gives for
    the same outcomes, in any order.
    """

    def __init__(self) -> None:
        self.names = [m.name for m in MEASURES]
        self.sums: dict[str, list[list[int]]] = {}

    def _row(self, slice_name: str) -> list[list[int]]:
        row = self.sums.get(slice_name)
        if row is None:
            row = self.sums[slice_name] = [[0, 0] for _ in self.names]
        return row

    def add(self, outcome: Outcome) -> None:
        """Add one outcome's counts to ``all`` and to its language's slice."""
        counts = outcome.counts
        for slice_name in (ALL, language_slice(outcome.language)):
            for cell, name in zip(self._row(slice_name), self.names):
                count = counts.get(name)
                if count is not None:
                    cell[0] += count.numerator
                    cell[1] += count.denominator

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
    """The first ``limit`` findings in the set's order, held; the others counted by code and
    slice, not held (memory bounded by ``limit``). A finding is offered with its key: the
    position of its question in the set, then its order within the question's outcome.

    Attributes:
        limit: how many are listed; None lists every one.
        total: how many were offered.
    """

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.total = 0
        self._heap: list[tuple[int, int, Finding]] = []  # keys negated: the largest on top
        self._left_out: dict[tuple[str, str], int] = {}

    def add(self, position: int, findings: Iterable[Finding]) -> None:
        """Offer the findings of the question at ``position``, in their order."""
        for order, finding in enumerate(findings):
            self.add_keyed(position, order, finding)

    def add_keyed(self, position: int, order: int, finding: Finding) -> None:
        """Offer one finding: the ``order``-th of the question at ``position``."""
        self.total += 1
        item = (-position, -order, finding)
        if self.limit is None or len(self._heap) < self.limit:
            heapq.heappush(self._heap, item)
            return
        if self.limit == 0 or (item[0], item[1]) < (self._heap[0][0], self._heap[0][1]):
            self._count(finding)
            return
        dropped = heapq.heapreplace(self._heap, item)
        self._count(dropped[2])

    def count_left_out(self, code: str, slice_name: str, count: int) -> None:
        """Add findings counted elsewhere (a shard) and not listed."""
        self._left_out[(code, slice_name)] = self._left_out.get((code, slice_name), 0) + count
        if slice_name == ALL:
            self.total += count

    def _count(self, finding: Finding) -> None:
        for key in ((finding.code, ALL), (finding.code, language_slice(finding.language))):
            self._left_out[key] = self._left_out.get(key, 0) + 1

    def keyed(self) -> list[tuple[int, int, Finding]]:
        """The findings held, as ``(position, order, finding)`` in the set's order."""
        return [(-p, -o, f) for p, o, f in sorted(self._heap, key=lambda item: (-item[0], -item[1]))]

    def listed(self) -> list[Finding]:
        """The findings held, in the set's order."""
        return [f for _, _, f in self.keyed()]

    def not_listed(self) -> tuple[tuple[str, str, int], ...]:
        """``(code, slice, count)`` of the findings left out, sorted."""
        return tuple(sorted((code, s, n) for (code, s), n in self._left_out.items()))


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def batches(run_path: str | Path, display: str, problems: ProblemCollector, size: int | None = None) -> Iterator[list[tuple[int, bytes]]]:
    """The log's raw lines in batches of ``size`` (default :data:`BATCH_LINES`); problems of
    the file as a whole (missing, too large, UTF-16) go to ``problems``."""
    size = size or BATCH_LINES
    batch: list[tuple[int, bytes]] = []
    for item in read_lines(Path(run_path), display, problems):
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


_WORKER_CONTEXT: list[Context] = []


def _install(context: Context) -> None:
    _WORKER_CONTEXT[:] = [context]


def _score_in_worker(batch: list[tuple[int, bytes]]) -> list[LineResult]:
    return score_lines(batch, _WORKER_CONTEXT[0])


def scored_batches(run_path: str | Path, context: Context, problems: ProblemCollector, jobs: int = 1) -> Iterator[list[LineResult]]:
    """The log's lines scored (:func:`score_lines`), batch after batch in file order.

    With ``jobs`` above 1 and more than one batch, the batches are scored in that many
    worker processes, at most ``2 * jobs`` batches in flight (memory bounded); the results
    are the same as in one process.
    """
    source = batches(run_path, context.display, problems)
    first = next(source, None)
    if first is None:
        return
    second = next(source, None)
    if jobs <= 1 or second is None:
        for batch in _chain([first] if second is None else [first, second], source):
            yield score_lines(batch, context)
        return
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs, initializer=_install, initargs=(context,)) as pool:
        pending: deque[Any] = deque()
        for batch in _chain([first, second], source):
            pending.append(pool.apply_async(_score_in_worker, (batch,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _chain(head: list[list[tuple[int, bytes]]], rest: Iterator[list[tuple[int, bytes]]]) -> Iterator[list[tuple[int, bytes]]]:
    yield from head
    yield from rest
