"""The worker pool of the run pass: batches of lines scored on every core, in file order."""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from gate.core.errors import ProblemCollector
from gate.core.jsonlines import read_lines
from gate.engine.lines import Context, LineResult, score_lines
from gate.engine.rows import ScoredBatch, Summing, summed_batch

#: Lines handed to a worker at a time: small enough that two workers share a 10,000-line
#: log evenly (20 batches), large enough that sending them costs little.
BATCH_LINES = 500


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


_WORKER: list[tuple[Context, Summing | None]] = []


def _install(context: Context, summing: Summing | None) -> None:
    from gate.core.interrupts import worker_signals

    worker_signals()
    _collect_less()  # a spawned worker (no fork) collects as a forked one does
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
    with _fewer_collections():
        yield from _scored(run_path, context, problems, jobs, summing, bar)


def _scored(run_path: str | Path, context: Context, problems: ProblemCollector, jobs: int,
            summing: Summing | None, bar: Callable[[], tuple[int, int] | None]) -> Iterator[list[LineResult] | ScoredBatch]:
    """:func:`scored_batches` itself."""
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

    from gate.core.interrupts import signals_held, stop_pool

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with signals_held(), _frozen_objects():  # the workers start with Ctrl-C held, until they ignore it (_install)
        pool = multiprocessing.get_context(method).Pool(jobs, initializer=_install, initargs=(context, summing))
    finished = False
    try:
        pending: deque[Any] = deque()
        for batch in _chain([first, second], source):
            pending.append(pool.apply_async(_score_in_worker, (batch, bar())))
            if len(pending) >= 4 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
        finished = True
    finally:  # done, interrupted (Ctrl-C, SIGTERM) or closed early: the workers are stopped, in bounded time
        stop_pool(pool, finished=finished)


#: The cyclic collector's first threshold while lines are scored (Python's default: 700).
#: Scoring makes many short-lived objects that reference counting frees, few in cycles:
#: collecting every 50,000 new objects rather than every 700 saves about 2% of a check's
#: instructions and 4% of its time (the collector walks memory) and keeps at most that many
#: objects' garbage a little longer. When objects are collected changes no result.
COLLECT_EVERY = 50_000


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """The cyclic collector run less often (:data:`COLLECT_EVERY`) in this process and in the
    workers it forks, for as long as lines are scored; its thresholds restored after."""
    import gc

    before = _collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _collect_less() -> tuple[int, ...]:
    """Raise the collector's first threshold to :data:`COLLECT_EVERY`; the thresholds before."""
    import gc

    before: tuple[int, ...] = gc.get_threshold()
    gc.set_threshold(max(COLLECT_EVERY, before[0]), *before[1:])
    return before


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
