"""The size limits: of what the gate writes (GitHub's), and of every input it reads, each
defined once.

GitHub's limits are its own and may change; every module that cuts or checks a body imports
them from here, so that the renderer and the client never disagree.

An input is never read whole before its size is known: a file is read in blocks and the
read stops one byte past the limit; a gzipped baseline log is decompressed in blocks and
stops past the size its baseline stores (or the limit, if smaller), so a small compressed
file cannot expand to gigabytes first. ``/dev/zero`` given as any input stops at the limit
with an input error (exit code 2).

Each input limit can be changed with an environment variable holding a size in bytes, with
an optional unit (``512KiB``, ``64MB``, ``2GiB``; ``k``, ``M``, ``G`` are powers of 1000,
``KiB``, ``MiB``, ``GiB`` of 1024):

| input | variable | default |
| --- | --- | --- |
| run log | ``--max-log-bytes``, ``ANSWER_GATE_MAX_LOG_BYTES`` | 2 GiB |
| question set | ``--max-set-bytes``, ``ANSWER_GATE_MAX_SET_BYTES`` | 1 GiB |
| thresholds file | ``ANSWER_GATE_MAX_THRESHOLDS_BYTES`` | 1 MiB |
| rubric file | ``ANSWER_GATE_MAX_RUBRIC_BYTES`` | 1 MiB |
| judgements file (JSON lines or CSV) | ``ANSWER_GATE_MAX_JUDGEMENTS_BYTES`` | 64 MiB |
| a question's ``answer_schema`` file, read whole | ``ANSWER_GATE_MAX_SET_BYTES`` (the question set's) | 64 MiB |
| baseline JSON | ``ANSWER_GATE_MAX_BASELINE_BYTES`` | 64 MiB |
| baseline log, uncompressed | ``ANSWER_GATE_MAX_LOG_BYTES`` (the run log's) | 2 GiB |
| JSON report given to ``comment`` | ``ANSWER_GATE_MAX_REPORT_BYTES`` | 64 MiB |
The whole-file limits of the run log and the question set fit the README's "Large runs" (a
1,000,000-answer log is about 440 MB, its set about 190 MB): both are read line by line, so
memory does not grow with them. ``--max-log-bytes`` and ``--max-set-bytes`` change them for
one command, over the variables. The bounds that protect a shared runner stay strict: a
line's size, nesting, a number's digits (:mod:`gate.core.jsonlines`), a compressed file's
expansion (:func:`gunzip_bounded`), and the inputs read whole.

A stored file (a baseline, its log) is read only when it is a regular file
(:func:`read_bounded` with ``regular``): a device, a pipe or a socket is refused before a
byte is read. Every read stops by the bytes actually read, never by the size the file system
reports.
"""

from __future__ import annotations

import os
import re
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path

from gate.core.errors import InputError, Problem

#: GitHub refuses issue and pull-request comments longer than this many characters.
COMMENT_LIMIT = 65_536
#: GitHub keeps at most this many bytes of a step's job summary (``GITHUB_STEP_SUMMARY``).
SUMMARY_LIMIT_BYTES = 1_048_576

MIB = 1024 * 1024
BLOCK = 1024 * 1024


@dataclass(frozen=True)
class Limit:
    """One input's size limit.

    Attributes:
        what: the input, in words ("run log").
        variable: the environment variable that changes it.
        default: the limit in bytes when the variable is not set.
    """

    what: str
    variable: str
    default: int
    option: str | None = None


LIMITS = {
    "log": Limit("run log", "ANSWER_GATE_MAX_LOG_BYTES", 2048 * MIB, "--max-log-bytes"),
    "set": Limit("question set", "ANSWER_GATE_MAX_SET_BYTES", 1024 * MIB, "--max-set-bytes"),
    "thresholds": Limit("thresholds file", "ANSWER_GATE_MAX_THRESHOLDS_BYTES", 1 * MIB),
    "rubric": Limit("rubric file", "ANSWER_GATE_MAX_RUBRIC_BYTES", 1 * MIB),
    "answer_schema": Limit("JSON Schema file", "ANSWER_GATE_MAX_SET_BYTES", 64 * MIB, "--max-set-bytes"),
    "judgements": Limit("judgements file", "ANSWER_GATE_MAX_JUDGEMENTS_BYTES", 64 * MIB),
    "baseline": Limit("baseline", "ANSWER_GATE_MAX_BASELINE_BYTES", 64 * MIB),
    "report": Limit("JSON report", "ANSWER_GATE_MAX_REPORT_BYTES", 64 * MIB),
}

_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "m": 1000**2, "mb": 1000**2, "g": 1000**3, "gb": 1000**3,
          "kib": 1024, "mib": 1024**2, "gib": 1024**3}
_SIZE = re.compile(r"^\s*(\d{1,15})\s*([a-zA-Z]{0,3})\s*$")


def parse_size(text: str) -> int | None:
    """``"64MiB"`` -> 67108864; None when the text is not a size."""
    match = _SIZE.match(text)
    if not match or match[2].lower() not in _UNITS:
        return None
    return int(match[1]) * _UNITS[match[2].lower()]


#: Limits given on the command line (``--max-log-bytes``: variable -> bytes), over the variables.
_GIVEN: dict[str, int] = {}


def set_limit(variable: str, size: int | None) -> None:
    """Use ``size`` bytes for every limit read from ``variable`` (an option given on the
    command line, over the environment); None forgets it."""
    if size is None:
        _GIVEN.pop(variable, None)
    else:
        _GIVEN[variable] = size


def limit_of(kind: str) -> int:
    """The limit in bytes of an input kind (a key of :data:`LIMITS`), from its option (see
    :func:`set_limit`), its variable or its default.

    Raises:
        InputError: the variable is set to something that is not a size.
    """
    limit = LIMITS[kind]
    if limit.variable in _GIVEN:
        return _GIVEN[limit.variable]
    raw = os.environ.get(limit.variable)
    if raw is None or raw == "":
        return limit.default
    size = parse_size(raw)
    if size is None or size < 1:
        raise InputError([Problem(limit.variable, None, None, f"expected a size in bytes such as 64MiB or 1000000, found {raw!r}")])
    return size


def shown(size: int) -> str:
    """A size for people: ``256 MiB``, ``1,000 bytes``."""
    if size >= MIB and size % MIB == 0:
        return f"{size // MIB:,} MiB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024:,} KiB"
    return f"{size:,} bytes"


def too_large(kind: str, limit: int) -> str:
    """The message of an input past its limit, naming the variable that raises it."""
    spec = LIMITS[kind]
    how = f"{spec.option} or {spec.variable}" if spec.option else spec.variable
    return (f"expected a {spec.what} of at most {shown(limit)}, found more (stopped reading there); "
            f"raise the limit with {how} if the file is meant to be this large")


#: The message of a stored file that is not a regular file.
NOT_REGULAR = "expected a regular file, found a device, pipe or socket (a stored file must be a regular file)"


def read_bounded(path: str | Path, kind: str, display: str | None = None, regular: bool = False) -> bytes:
    """The bytes of a file, read in blocks, stopping one byte past its kind's limit.

    Raises:
        InputError: the file is larger than the limit (naming the limit and its variable), or,
            with ``regular`` (a stored file), is not a regular file (a device, a pipe, a
            socket: refused before any read).
        OSError: the file cannot be opened or read (the caller says which input it is).
    """
    limit = limit_of(kind)
    chunks = []
    total = 0
    with open(path, "rb") as handle:
        if regular and not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise InputError([Problem(display or str(path), None, None, NOT_REGULAR)])
        while total <= limit:
            chunk = handle.read(min(BLOCK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    if total > limit:
        raise InputError([Problem(display or str(path), None, None, too_large(kind, limit))])
    return b"".join(chunks)


def gunzip_bounded(compressed: bytes, stored_size: int, display: str, kind: str = "log") -> bytes:
    """Decompress gzip data, stopping past ``stored_size`` (what its baseline records) or past
    the kind's limit, whichever is smaller: nothing expands further than that.

    Raises:
        InputError: the log holds more than its baseline records, or more than the limit.
        zlib.error, EOFError: corrupt or truncated data (the caller names the file).
    """
    limit = limit_of(kind)
    ceiling = max(0, min(stored_size, limit))
    out = []
    total = 0
    data = compressed
    while data:
        stream = zlib.decompressobj(wbits=31)  # gzip; a file may hold several members
        rest = data
        while not stream.eof:
            piece = stream.decompress(rest, ceiling + 1 - total)
            out.append(piece)
            total += len(piece)
            if total > ceiling or (not piece and not rest):
                break
            rest = stream.unconsumed_tail
        if total > ceiling:
            break
        if not stream.eof:
            raise EOFError("compressed file ended before the end-of-stream marker was reached")
        data = stream.unused_data
    if total > ceiling:
        if ceiling == limit and limit < stored_size:
            raise InputError([Problem(display, None, None, too_large(kind, limit))])
        raise InputError([Problem(display, None, None,
                                  f"expected the {stored_size:,} bytes its baseline records, found more (stopped decompressing there): "
                                  "the log was altered or replaced")])
    return b"".join(out)
