"""The question set loaded on several cores: byte ranges of its file read in worker processes.

:func:`gate.inputs.question_set.load_question_set` reads a set in one pass in one process (at 1,000,000
questions, seconds before the first answer is scored). :func:`start_set_load` hands byte
ranges of the file to worker processes, which read and check their lines exactly as that
pass does (the same functions, line by line, :func:`index_range`) and send back the index's
arrays of the range (hash of the id, offset, length and line of each question: 20 bytes a
question); :meth:`PendingSet.result` joins them in the file's order into one
:class:`~gate.inputs.question_index.QuestionIndex`, finding duplicate ids as it places them.

The fast path decides only how the set is read, never what it holds. It serves a set whose
every line is clean: the header (first line only), blank lines and questions with no problem,
no notice, no answer schema and no id twice. There the one-process pass gives the version,
the questions' arrays in the file's order and nothing else, which is what the ranges give
joined (a range begins at the start of a line, and its line numbers are counted from the
lines before it). Any other set (a problem, a notice, an answer schema, a duplicate, a file
that is not regular, too large or unreadable) is read again by
:func:`~gate.inputs.question_set.load_question_set` in this process, which reports it as it always did.
"""

from __future__ import annotations

import os
import stat
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gate.core import jsonlines
from gate.core.errors import InputError, ProblemCollector
from gate.core.jsonlines import NO_VALUE
from gate.core.limits import limit_of
from gate.inputs import question_set as set_lines
from gate.inputs.question_index import QuestionIndex
from gate.inputs.question_set import _SetPass, load_question_set
from gate.model.inputs import QuestionSet

#: Sets smaller than this are read in this process (the workers would cost more than they save).
PARALLEL_SET_BYTES = 1 << 20

#: The largest byte range a worker reads at a time (smaller ranges let the joining of the
#: first overlap the reading of the next).
RANGE_BYTES = 8 << 20


@dataclass
class RangeIndex:
    """The index's arrays of the clean lines of one byte range (see :func:`index_range`).

    Attributes:
        version: the set's version, when the range held the header.
        hashes: per question, the CRC-32 of its id (all 32 bits).
        offsets, lengths: per question, as :class:`QuestionIndex` keeps them.
        lines: per question, its line number counted from the range's start (1: its first line).
        line_count: the lines the range holds.
    """

    version: str | None
    hashes: array[int]
    offsets: array[int]
    lengths: array[int]
    lines: array[int]
    line_count: int


class _RangePass(_SetPass):
    """The set's one-process pass (:class:`gate.inputs.question_set._SetPass`) over a byte range, keeping
    each valid question's place in flat arrays instead of the index's table: duplicates are
    found when the ranges are joined."""

    def __init__(self, path: Path, display: str, problems: ProblemCollector, first: bool) -> None:
        super().__init__(path, display, problems)
        self._first = first  # a header is read as one only on the set's first line
        self.hashes, self.offsets, self.lengths, self.lines = array("I"), array("q"), array("I"), array("i")

    def _add(self, qid: str, offset: int, length: int, line: int) -> int | None:
        self.hashes.append(zlib.crc32(qid.encode("utf-8", "surrogatepass")))  # id_hash, at 32 bits
        self.offsets.append(offset)
        self.lengths.append(length)
        self.lines.append(line)
        return None


def range_lines(path: str | os.PathLike[str], start: int, end: int) -> tuple[list[tuple[int, int, bytes]], int]:
    """The lines that start in bytes ``[start, end)`` of a file (``start`` the start of a
    line, ``end`` the start of a line or the file's end), as :func:`gate.core.jsonlines.read_lines_at`
    splits them: ``(number counted from the range's start, offset, bytes without the line
    end)``, and how many lines the range holds."""
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(end - start)
    pieces = data.split(b"\n")
    if pieces[-1] == b"":  # the range ends with a line end
        pieces.pop()
    lines, offset = [], start
    for number, chunk in enumerate(pieces, 1):
        lines.append((number, offset, chunk))
        offset += len(chunk) + 1
    return lines, len(pieces)


def index_range(path: str, display: str, start: int, end: int, first: bool) -> RangeIndex | None:
    """The arrays of the questions in bytes ``[start, end)`` of the set file (``first``: the
    range at the file's start), read line by line as :func:`gate.inputs.question_set.load_question_set`
    reads them; None when the range is not clean (any problem, notice, rejected line or
    answer schema), and the set is then read in one process."""
    problems = ProblemCollector()
    state = _RangePass(Path(path), display, problems, first)
    lines, count = range_lines(path, start, end)
    for line, offset, chunk in lines:
        value = set_lines.valid_question(chunk)  # read through the module, as load_question_set reads it
        if value is not None:
            state.valid(line, offset, len(chunk), value)
            continue
        value = jsonlines.parse_line(line, chunk, display, problems)
        if value is not NO_VALUE:
            state.read(line, offset, len(chunk), value)
        elif chunk.strip():
            return None
        if problems.total:
            return None
    if problems.total or state.notices or state.schemas or state.rejected or state.has_periods:
        return None  # a set with expected_period: its notice spans ranges, read in one pass
    return RangeIndex(state.version, state.hashes, state.offsets, state.lengths, state.lines, count)


def set_ranges(path: str | os.PathLike[str], size: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` byte ranges of about equal size covering the file (after a UTF-8 byte order
    mark), each starting at the start of a line (fewer when lines are long)."""
    with open(path, "rb") as handle:
        start = 3 if handle.read(3) == b"\xef\xbb\xbf" else 0
        cuts = [start]
        for k in range(1, parts):
            handle.seek(max(cuts[-1], start + (size - start) * k // parts))
            handle.readline()  # to the start of the next line
            at = handle.tell()
            if cuts[-1] < at < size:
                cuts.append(at)
    cuts.append(size)
    return list(zip(cuts, cuts[1:]))


class PendingSet:
    """A question set being read in worker processes (:func:`start_set_load`).

    Args:
        path: the set file; pool: a ``multiprocessing.pool.Pool`` (this object stops it);
        ranges: the byte ranges it reads (:func:`set_ranges`).
    """

    def __init__(self, path: str | Path, pool: Any, ranges: list[tuple[int, int]]) -> None:
        self.path, self.display = os.fspath(path), str(path)
        self._pool = pool
        self._parts = [pool.apply_async(index_range, (self.path, self.display, start, end, k == 0))
                       for k, (start, end) in enumerate(ranges)]

    def result(self, problems: ProblemCollector | None = None) -> QuestionSet:
        """The set, as :func:`gate.inputs.question_set.load_question_set` gives it (with the same
        ``problems``); the workers are stopped."""
        finished = False
        try:
            joined = self._join()
            finished = True
        finally:
            self.stop(finished)
        return joined if joined is not None else load_question_set(self.path, problems)

    def _join(self) -> QuestionSet | None:
        """The ranges' arrays joined into one index, or None: a range not clean, or an id
        twice (read again in this process, which reports it)."""
        index, version, before = QuestionIndex(self.path, self.display), None, 0
        for part in self._parts:
            found: RangeIndex | None = part.get()
            if found is None:
                return None
            if found.version is not None:
                version = found.version
            if before:
                found.lines = array("i", [line + before for line in found.lines])
            if index.extend(found.hashes, found.offsets, found.lengths, found.lines) is not None:
                return None
            before += found.line_count
        if not len(index):
            return None
        index.finish({})
        return QuestionSet(path=self.display, version=version, questions=index)

    def stop(self, finished: bool = False) -> None:
        """Stop the workers: ``finished``, every range was read (the workers are let exit);
        else interrupted or never asked (they are terminated)."""
        if self._pool is not None:
            from gate.core.interrupts import stop_pool

            pool, self._pool = self._pool, None
            stop_pool(pool, finished=finished)


def start_set_load(path: str | Path, jobs: int) -> PendingSet | None:
    """Start reading the set at ``path`` in ``jobs`` worker processes; None when it is read
    in this process (one job, a set under :data:`PARALLEL_SET_BYTES`, a file that is not
    regular or is larger than the set's limit: those :func:`gate.inputs.question_set.load_question_set`
    reads and reports)."""
    if jobs <= 1:
        return None
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size < PARALLEL_SET_BYTES or info.st_size > limit_of("set"):
            return None
        ranges = set_ranges(path, info.st_size, max(jobs, -(-info.st_size // RANGE_BYTES)))
    except (OSError, InputError):
        return None
    import multiprocessing

    from gate.core.interrupts import signals_held, worker_signals

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with signals_held():  # the workers start with Ctrl-C held, until they ignore it
        pool = multiprocessing.get_context(method).Pool(min(jobs, len(ranges)), initializer=worker_signals)
    try:
        return PendingSet(path, pool, ranges)
    except BaseException:
        from gate.core.interrupts import stop_pool

        stop_pool(pool)
        raise


__all__ = ["PendingSet", "RangeIndex", "index_range", "range_lines", "set_ranges", "start_set_load"]
