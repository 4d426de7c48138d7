"""A run scored on Dask's distributed scheduler: ``answer-gate check --dask ADDRESS|local``.

The log (one file, or the parts of one log: a folder or a glob, on local disk or any
filesystem fsspec reads, such as ``s3://bucket/runs/*.jsonl``) is cut into blocks of bytes
at line starts. The workers read the blocks themselves, in two passes: each counts its lines
(so that every line keeps its number in the whole log), then parses, validates, joins and
scores them with the same pure batch function as ``--jobs``
(:func:`gate.engine.lines.score_lines`). The results come back in file order, a bounded number of
blocks in flight, to the one pass of the command (:mod:`gate.pipeline`) that reads the
header, duplicates, missing answers and the sums: the report is byte for byte the one of
``check`` without ``--dask`` (``tests/test_distributed.py``).

The parts of a log are read as one log, in the order of their names: the line numbers run on
through the parts, and each problem names its part and its line there. Names starting with
``.`` or ``_`` (``_SUCCESS``, ``.crc`` files of Spark and Hadoop) are not parts.

Dask, distributed and fsspec are the optional extra ``answer-gate[dask]``; they are imported
here only, and only when ``--dask`` is given.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gate.core.errors import GateError, InputError, Problem, ProblemCollector

if TYPE_CHECKING:
    from pathlib import Path

    from gate.report.model import Report

#: What to run when the extra is missing.
EXTRA = "python -m pip install 'answer-gate[dask]'"
#: Bytes a block holds (about; blocks start and end at line starts).
BLOCK_BYTES = 8 * 1024 * 1024
_GLOB = re.compile(r"[*?\[]")


class DaskMissing(GateError):
    """The ``dask`` extra is not installed (exit code 2, with the command that installs it)."""


class SchedulerError(GateError):
    """The scheduler named by ``--dask`` cannot be reached or started (exit code 2)."""


def require_dask() -> None:
    """Import Dask's distributed scheduler and fsspec, or say which extra installs them.

    Raises:
        DaskMissing: one of them is not installed.
    """
    missing = []
    for module in ("dask", "distributed", "fsspec"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise DaskMissing(f"--dask needs {', '.join(missing)}, which {'is' if len(missing) == 1 else 'are'} not installed: {EXTRA}")


# --- the parts of a log --------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One file of a log.

    Attributes:
        url: what fsspec opens (a local path or a URL).
        display: the file as problems name it.
        size: its size in bytes.
        head: bytes to skip at its start (3 for a UTF-8 byte order mark, else 0).
    """

    url: str
    display: str
    size: int
    head: int = 0


def log_parts(spec: str, problems: ProblemCollector) -> list[Part]:
    """The files a ``--dask`` run names: a file, a folder (its files, not its subfolders) or a
    glob, as a local path or a URL fsspec reads; in the order of their names.

    Problems (nothing there, an empty folder, a part past the log size limit, a part in
    UTF-16 or UTF-32, a filesystem that cannot be read) go to ``problems``; the parts with
    none are returned.
    """
    from fsspec.core import url_to_fs

    try:
        fs, path = url_to_fs(spec)
    except (ValueError, ImportError) as exc:  # an unknown protocol, or its library missing
        problems.add(spec, None, None, f"expected a file, folder or glob fsspec can read, found {exc}")
        return []
    remote = "://" in spec
    try:
        if _GLOB.search(path):
            found = sorted(p for p in fs.glob(path) if fs.isfile(p))
            what = "no file matches the glob"
        elif fs.isdir(path):
            found = sorted(p for p in fs.ls(path, detail=False) if fs.isfile(p) and not os.path.basename(p).startswith((".", "_")))
            what = "a folder with no log in it"
        elif fs.isfile(path):
            found = [path]
            what = ""
        else:
            found, what = [], "nothing there"
    except OSError as exc:
        problems.add(spec, None, None, f"cannot be read: {exc.strerror or exc}")
        return []
    if not found:
        problems.add(spec, None, None, f"expected a run log, a folder of logs or a glob of logs, found {what}")
        return []
    parts = []
    for p in found:
        # one file: named as given (the report's run path is check's); a part: by its own name
        display = spec if not what else fs.unstrip_protocol(p) if remote else p if os.path.isabs(spec) else os.path.relpath(p)
        part = _part(fs, p, display, remote, problems)
        if part is not None:
            parts.append(part)
    return parts


def _part(fs: Any, path: str, display: str, remote: bool, problems: ProblemCollector) -> Part | None:
    """A part with its size and byte order mark, or None with a problem (the checks of
    :func:`gate.core.jsonlines.read_lines`: the size limit, UTF-16 and UTF-32)."""
    from gate.core.encodings import not_utf8_message, wide_encoding
    from gate.core.limits import limit_of, too_large

    size = int(fs.size(path))
    limit = limit_of("log")
    if size > limit:
        problems.add(display, None, None, too_large("log", limit))
        return None
    with fs.open(path, "rb") as handle:
        start = handle.read(4096)
    head = 3 if start.startswith(b"\xef\xbb\xbf") else 0
    wide = wide_encoding(start[head:])
    if wide:
        problems.add(display, None, None, not_utf8_message(wide))
        return None
    return Part(fs.unstrip_protocol(path) if remote else path, display, size, head)


# --- blocks of lines -------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """A stretch of one part, cut at line starts by the worker that reads it.

    Attributes:
        part: the part (:class:`Part`).
        start, end: nominal byte offsets; the block holds the lines that start in
            ``[start, end)``.
        first: whether it is the part's first block.
    """

    part: Part
    start: int
    end: int
    first: bool


def blocks_of(parts: Sequence[Part], block_bytes: int = BLOCK_BYTES) -> list[Block]:
    """Each part cut into blocks of about ``block_bytes`` (at least one block a part)."""
    blocks = []
    for part in parts:
        starts = list(range(part.head, max(part.size, part.head + 1), block_bytes)) or [part.head]
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else part.size
            blocks.append(Block(part, start, max(end, start), i == 0))
    return blocks


def _line_start(handle: Any, offset: int, head: int, size: int) -> int:
    """The first line start at or after ``offset`` (the part's ``size`` when none)."""
    if offset <= head:
        return head
    if offset >= size:
        return size
    handle.seek(offset - 1)
    position = offset - 1
    while True:
        chunk: bytes = handle.read(65536)
        if not chunk:
            return size
        found = chunk.find(b"\n")
        if found >= 0:
            return position + found + 1
        position += len(chunk)


def block_lines(block: Block) -> list[bytes]:
    """The raw lines of a block (line ends dropped), as :func:`gate.core.jsonlines.read_lines` gives
    those lines of the part; runs on a worker."""
    import fsspec

    part = block.part
    with fsspec.open(part.url, "rb") as handle:
        start = _line_start(handle, block.start, part.head, part.size)
        end = _line_start(handle, block.end, part.head, part.size) if block.end < part.size else part.size
        if start >= end:
            return []
        handle.seek(start)
        data: bytes = handle.read(end - start)
    pieces = data.split(b"\n")
    if not pieces[-1]:  # the line end of the block's last line (only the part's last line may lack one)
        pieces.pop()
    return pieces


def count_lines(block: Block) -> int:
    """How many lines a block holds (the first pass); runs on a worker."""
    return len(block_lines(block))


def numbered_lines(block: Block, first_line: int) -> list[tuple[int, bytes]]:
    """``(line number in the whole log, raw bytes)`` of a block's lines."""
    return list(enumerate(block_lines(block), start=first_line))


# --- the scheduler ---------------------------------------------------------------------------

def connect(address: str, workers: int | None = None) -> tuple[Any, Callable[[], None]]:
    """A Dask client: on a new local cluster for ``local`` (``workers`` worker processes, one
    thread each; the cores available by default), else on the scheduler at ``address``
    (``tcp://host:8786``, ``host:8786``, any address Dask takes). Returns the client and the
    function that closes it (and the local cluster).

    The time allowed to connect is Dask's ``distributed.comm.timeouts.connect`` (settable with
    the variable ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT``, e.g. ``10s``).

    Raises:
        SchedulerError: the address is not one Dask reads, or no scheduler answers there.
    """
    require_dask()
    from importlib import import_module

    from gate.core.interrupts import ignore_ctrl_c
    from gate.engine.workers import default_jobs

    dd: Any = import_module("distributed")  # partly typed: its calls are untyped
    Client, LocalCluster = dd.Client, dd.LocalCluster
    if address == "local":
        try:
            cluster = LocalCluster(n_workers=workers or default_jobs(), threads_per_worker=1, dashboard_address=":0")
        except Exception as exc:  # distributed raises many kinds; say it plainly
            raise SchedulerError(f"cannot start a local Dask cluster: {type(exc).__name__}: {exc}") from None
        client = Client(cluster)
        client.run(ignore_ctrl_c)  # its workers are in this process group: this process closes them

        def close_local() -> None:
            client.close()
            cluster.close()

        return client, close_local
    try:
        client = Client(address)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise SchedulerError(f"cannot reach a Dask scheduler at {address!r} ({type(exc).__name__}: {exc}); "
                             "expected an address such as tcp://host:8786, or local for a cluster on this machine") from None
    return client, client.close


def count_blocks(client: Any, blocks: Sequence[Block]) -> list[int]:
    """The first pass: the lines of each block, counted on the cluster (an integer a block)."""
    return list(client.gather(client.map(count_lines, list(blocks), pure=False)))


def first_lines(counts: Sequence[int]) -> list[int]:
    """The number in the whole log of each block's first line, from the blocks' counts."""
    firsts, line = [], 1
    for count in counts:
        firsts.append(line)
        line += count
    return firsts


def map_blocks(client: Any, blocks: Sequence[Block], firsts: Sequence[int], score: Callable[[list[tuple[int, bytes]], Any], Any],
               context: Any, in_flight: int | None = None) -> Iterator[Any]:
    """The second pass: ``score(numbered lines of a block, context)`` for each block, on the
    cluster, yielded in the blocks' order, at most ``in_flight`` blocks at a time (twice the
    workers' threads by default), so that memory does not grow with the log. ``context`` is
    sent to every worker once."""
    shared = client.scatter(context, broadcast=True, hash=False)
    limit = in_flight or max(2, 2 * sum(client.nthreads().values()))
    pending: deque[Any] = deque()
    for block, first in zip(blocks, firsts):
        pending.append(client.submit(_score_block, block, first, score, shared, pure=False))
        if len(pending) >= limit:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _score_block(block: Block, first_line: int, score: Callable[[list[tuple[int, bytes]], Any], Any], context: Any) -> Any:
    return score(numbered_lines(block, first_line), context)


# --- problems named by part ------------------------------------------------------------------

def part_lines(blocks: Sequence[Block], firsts: Sequence[int]) -> list[tuple[int, Part]]:
    """``(first line number in the whole log, part)`` for each part."""
    return [(first, block.part) for block, first in zip(blocks, firsts) if block.first]


def by_part(error: InputError, display: str, firsts: Sequence[tuple[int, Part]]) -> InputError:
    """The problems of a log read as one (named ``display``, lines numbered through its parts)
    named by part and line within it."""
    if len(firsts) < 2:
        return error

    def where(line: int) -> tuple[str, int]:
        first, part = next((f, p) for f, p in reversed(firsts) if f <= line)
        return part.display, line - first + 1

    def message(text: str, part: str) -> str:
        def local(match: re.Match[str]) -> str:
            other, number = where(int(match[1]))
            return f"first on line {number}" + ("" if other == part else f" of {other}")

        return re.sub(r"first on line (\d+)", local, text)

    problems = []
    for p in error.problems:
        if p.file == display and p.line is not None:
            file, line = where(p.line)
            problems.append(Problem(file, line, p.field, message(p.message, file)))
        else:
            problems.append(p)
    return InputError(problems, error.total)


# --- the run on the cluster --------------------------------------------------------------------

class Scored:
    """A :class:`gate.engine.stream.LineSource` made of a function of ``(context, problems)`` that
    yields the log's lines scored (lists of :class:`gate.engine.lines.LineResult` from
    :func:`gate.engine.lines.score_lines`), batch after batch in file order: the way to hand
    ``check_run(..., source=...)`` lines scored on Spark, Ray or any other cluster."""

    def __init__(self, batches: Callable[[Any, ProblemCollector], Iterable[Any]]) -> None:
        self._batches = batches

    def results(self, context: Any, problems: ProblemCollector) -> Iterator[Any]:
        yield from self._batches(context, problems)

    def add_findings(self, findings: Any) -> None:
        """Nothing to add: every finding is in the results."""


class DaskSource(Scored):
    """The lines of a log scored on a Dask cluster (a :class:`gate.engine.stream.LineSource`).

    Attributes:
        spec: the log, folder or glob as given; client: the Dask client.
        block_bytes: about how many bytes a block holds.
        firsts: ``(first line in the whole log, part)`` of each part, once counted.
    """

    def __init__(self, spec: str, client: Any, block_bytes: int = BLOCK_BYTES) -> None:
        super().__init__(self._on_dask)
        self.spec = spec
        self.client = client
        self.block_bytes = block_bytes
        self.firsts: list[tuple[int, Part]] = []

    def _on_dask(self, context: Any, problems: ProblemCollector) -> Iterator[Any]:
        from gate.engine.lines import score_lines

        parts = log_parts(self.spec, problems)
        if problems.total:
            return
        blocks = blocks_of(parts, self.block_bytes)
        firsts = first_lines(count_blocks(self.client, blocks))
        self.firsts = part_lines(blocks, firsts)
        yield from map_blocks(self.client, blocks, firsts, score_lines, carried_context(context))


def carried_context(context: Any) -> Any:
    """The :class:`gate.engine.lines.Context` to send to a cluster: its question lookup holds the
    bytes of the set's question lines (:meth:`gate.inputs.question_index.QuestionLookup.carried`),
    so that a worker on another machine needs no access to the set file; sent once
    (:func:`map_blocks` scatters it)."""
    from dataclasses import replace

    from gate.inputs.question_index import QuestionLookup

    questions = getattr(context, "questions", None)
    if isinstance(questions, QuestionLookup):
        return replace(context, questions=questions.carried())
    return context


def check_on_dask(run: str, questions: str | Path | None, thresholds: Any, *, address: str, workers: int | None = None,
                  block_bytes: int = BLOCK_BYTES, **kwargs: Any) -> Report:
    """:func:`gate.run.check.check_run` with the log's lines read and scored on Dask: ``run`` a
    log, a folder or a glob (local or any URL fsspec reads), ``address`` a scheduler's or
    ``local`` (a cluster of ``workers`` processes on this machine, started and closed here);
    ``questions``, ``thresholds`` and the other keyword arguments are
    :func:`~gate.run.check.check_run`'s. Returns the Report ``check_run`` gives for that log.

    Raises:
        DaskMissing: the extra is not installed. SchedulerError: no scheduler there.
        gate.core.errors.InputError: as :func:`~gate.run.check.check_run`, the log's problems named
            by part and line.
    """
    from gate.run.check import check_run

    client, close = connect(address, workers)
    source = DaskSource(run, client, block_bytes)
    try:
        return check_run(run, questions, thresholds, source=source, **kwargs)
    except InputError as error:
        raise by_part(error, run, source.firsts) from None
    finally:
        close()
