"""A run log from a pipe: ``zcat run.jsonl.gz | answer-gate check - --questions set.jsonl``.

A log is read more than once (its header first, then its lines; the workers read their
batches again by offset), which a pipe cannot do. So standard input (``-``), and a path that
names a pipe (``/dev/stdin`` when it is one, a shell's ``<(zcat run.jsonl.gz)``), is first
copied to a temporary file, in blocks, within the same size limit as any log (one byte past
it stops the copy with the same message); the copy is removed when the process ends. The
copy's name holds no version, so the versions come from the header line.

Messages and reports name the input as the user gave it (``-``): :func:`shown`.
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO

from gate.core.errors import InputError, Problem
from gate.core.limits import BLOCK, limit_of, too_large

#: How the command line names standard input.
STDIN = "-"

#: The name of a spooled copy: no assistant or set version can be read from it.
SPOOLED_NAME = "standard-input.jsonl"

_SPOOLED: dict[str, str] = {}  # spooled copy -> the input as given


def is_piped(path: str) -> bool:
    """Whether ``path`` is standard input (``-``) or names a pipe: read it through :func:`spool`."""
    if path == STDIN:
        return True
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def shown(path: str | Path) -> str:
    """The input as the user gave it: ``-`` for the spooled copy of standard input, else the path."""
    return _SPOOLED.get(str(path), str(path))


def spool(given: str, kind: str = "log") -> str:
    """Copy standard input (``given`` is ``-``) or a pipe to a temporary file; its path.

    Raises:
        InputError: standard input is a terminal or closed, the pipe cannot be read, or it
            holds more than ``kind``'s limit (naming the option and variable that raise it).
            Nothing is left on disk then.
    """
    limit = limit_of(kind)
    folder = tempfile.mkdtemp(prefix="answer-gate-stdin-")
    target = os.path.join(folder, SPOOLED_NAME)
    try:
        total = _copy(given, target, limit)
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise InputError([Problem(given, None, None, f"cannot be read: {exc.strerror or exc}")]) from None
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    if total > limit:
        shutil.rmtree(folder, ignore_errors=True)
        raise InputError([Problem(given, None, None, too_large(kind, limit))])
    atexit.register(shutil.rmtree, folder, True)
    _SPOOLED[target] = given
    return target


def _copy(given: str, target: str, limit: int) -> int:
    """Copy the pipe to ``target``, stopping one byte past ``limit``; the bytes copied."""
    total = 0
    with _source(given) as source, open(target, "wb") as out:
        while total <= limit:
            block = source.read(min(BLOCK, limit + 1 - total))
            if not block:
                break
            out.write(block)
            total += len(block)
    return total


def _source(given: str) -> BinaryIO:
    if given != STDIN:
        return open(given, "rb")
    stream = sys.stdin
    if stream is None or stream.closed:
        raise InputError([Problem(given, None, None, "expected a run log on standard input, found it closed")])
    if stream.isatty():
        raise InputError([Problem(given, None, None, "expected a run log piped to standard input (zcat run.jsonl.gz | answer-gate check - ...), "
                                                     "found a terminal")])
    return os.fdopen(os.dup(stream.fileno()), "rb")
