"""The question set held as a compact index over its file: flat memory whatever its size.

Per question the index keeps a 32-bit hash of its id (CRC-32), the byte offset and length of
its line and its line number, in flat arrays (20 bytes a question), and an open-addressing
table of positions keyed by the hash (8 to 16 bytes a question). A question is read back from its line
(``os.pread``) and built when it is asked for; two ids with the same hash are told apart by
reading their lines. Worker processes receive the arrays and the file's path (never the
questions themselves) and open the file on their own.

:func:`gate.inputs.question_set.load_question_set` builds the index in its one streaming pass over the
set, which validates every line; a line is added only once it is valid, so a question read
back needs no validation again.
"""

from __future__ import annotations

import os
import zlib
from array import array
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from gate.model.inputs import Question

#: Bits of the hash of an id (tests force collisions with fewer).
HASH_BITS = 32
_EMPTY = -1


def id_hash(question_id: str, bits: int = HASH_BITS) -> int:
    """A stable hash of an id (the same in every process and on every run): the CRC-32 of
    its UTF-8 bytes, its low ``bits`` bits. Ids that share a hash are told apart by their
    lines, so the hash decides only how fast a question is found, never which."""
    return zlib.crc32(question_id.encode("utf-8", "surrogatepass")) & ((1 << bits) - 1)


class QuestionIndex(Sequence["Question"]):
    """The valid questions of a set file, in the set's order (a position is a question's
    index among them), read from the file when asked for.

    Args:
        path: the set file (read again by :meth:`question`, in any process).
        display: the set as named in problems.
        bits: bits of the id hash (default :data:`HASH_BITS`, read when the index is made;
            fewer only to force collisions).

    Memory: 20 bytes a question in the arrays, and the table (4 bytes a slot, at most half
    full: 8 to 16 bytes a question); nothing grows with the length of the lines.
    """

    def __init__(self, path: str | os.PathLike[str], display: str, bits: int | None = None) -> None:
        self.path = os.fspath(path)
        self.display = display
        self.bits = HASH_BITS if bits is None else bits
        self._hashes = array("I")
        self._offsets = array("q")
        self._lengths = array("I")
        self._lines = array("i")
        self._table = array("i", [_EMPTY]) * 16
        self.answer_schemas: dict[str, Any] = {}
        self._fd: int | None = None
        self._pid = 0
        self._stamp: tuple[int, int] | None = None
        self._held_lines: bytes | None = None  # the lines themselves, once carried (see carried)
        self._block = b""  # the last block read ahead, from _block_at (see _raw)
        self._block_at = 0
        self._last = -2  # the position last read

    # building -----------------------------------------------------------------------------

    def add(self, question_id: str, offset: int, length: int, line: int) -> int | None:
        """Index the valid question on line ``line`` (its bytes at ``offset``, ``length``
        long, line end excluded); or, when the set already holds its id, add nothing and
        return the line of the first one."""
        h = zlib.crc32(question_id.encode("utf-8", "surrogatepass")) & ((1 << self.bits) - 1)  # id_hash, inlined
        hashes, table = self._hashes, self._table
        mask = len(table) - 1
        slot = h & mask
        while True:  # _probe, inlined: its first empty slot is where the new question goes
            found = table[slot]
            if found == _EMPTY:
                break
            if hashes[found] == h and self._value(found)["question_id"] == question_id:
                return self._lines[found]
            slot = (slot + 1) & mask
        position = len(hashes)
        hashes.append(h)
        self._offsets.append(offset)
        self._lengths.append(length)
        self._lines.append(line)
        if 2 * (position + 1) > len(table):
            self._grow()
        else:
            table[slot] = position
        return None

    def extend(self, hashes: array[int], offsets: array[int], lengths: array[int], lines: array[int]) -> int | None:
        """Index the valid questions of several lines at once, as :meth:`add` does one after
        the other (``hashes``: the ids' CRC-32s, all 32 bits; kept at the index's bits); or, at
        the first whose id the index already holds, stop and return the line
        of the first with that id, as :meth:`add` does (the questions before it are indexed, it
        and those after are not)."""
        if self.bits < 32:
            hashes = array("I", [h & ((1 << self.bits) - 1) for h in hashes])
        start = len(self._hashes)
        self.reserve(start + len(hashes))
        self._hashes.extend(hashes)
        self._offsets.extend(offsets)
        self._lengths.extend(lengths)
        self._lines.extend(lines)
        all_hashes, table = self._hashes, self._table
        mask = len(table) - 1
        for position in range(start, len(all_hashes)):
            h = all_hashes[position]
            slot = h & mask
            while True:  # _place, inlined, with add's check of the same id
                found = table[slot]
                if found == _EMPTY:
                    break
                if all_hashes[found] == h and self._value(found)["question_id"] == self._value(position)["question_id"]:
                    line = self._lines[found]
                    for name in ("_hashes", "_offsets", "_lengths", "_lines"):
                        del getattr(self, name)[position:]
                    return line
                slot = (slot + 1) & mask
            table[slot] = position
        return None

    def reserve(self, questions: int) -> None:
        """Size the table for about ``questions`` questions in all (an estimate: the table
        still grows past it), so that it is not rebuilt on the way there."""
        size = len(self._table)
        while size < 2 * questions:
            size *= 2
        if size > len(self._table):
            self._grow(size)

    def _place(self, h: int, position: int) -> None:
        table, mask = self._table, len(self._table) - 1
        slot = h & mask
        while table[slot] != _EMPTY:
            slot = (slot + 1) & mask
        table[slot] = position

    def _grow(self, size: int | None = None) -> None:
        self._table = array("i", [_EMPTY]) * (size or 2 * len(self._table))
        for position, h in enumerate(self._hashes):
            self._place(h, position)

    def _probe(self, h: int, question_id: str) -> tuple[int, dict[str, Any] | None]:
        """``(position, parsed line)`` of the question with this id, or ``(-1, None)``."""
        table, hashes, mask = self._table, self._hashes, len(self._table) - 1
        slot = h & mask
        while True:
            position = table[slot]
            if position == _EMPTY:
                return -1, None
            if hashes[position] == h:
                value = self._value(position)
                if value["question_id"] == question_id:
                    return position, value
            slot = (slot + 1) & mask

    def finish(self, answer_schemas: dict[str, Any]) -> None:
        """After the last line: the answer schemas the set names, loaded (name -> schema, or
        None when it could not be), and the file's size and time, which every process checks
        before it reads a line."""
        self.answer_schemas = dict(answer_schemas)
        info = os.stat(self.path)
        self._stamp = (info.st_size, info.st_mtime_ns)

    # reading ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._hashes)

    @overload
    def __getitem__(self, index: int) -> Question: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Question]: ...

    def __getitem__(self, index: int | slice) -> Question | Sequence[Question]:
        if isinstance(index, slice):
            return [self.question(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.question(index)

    def __iter__(self) -> Iterator[Question]:
        for position in range(len(self)):
            yield self.question(position)

    def find(self, question_id: str) -> tuple[int, Question] | None:
        """``(position, question)`` of the question with this id, or None."""
        position, value = self._probe(id_hash(question_id, self.bits), question_id)
        return None if value is None else (position, self._build(position, value))

    def line_of(self, position: int) -> int:
        """The line of the question at ``position`` in the set file."""
        return self._lines[position]

    def question(self, position: int) -> Question:
        """The question at ``position``, read from its line and built."""
        return self._build(position, self._value(position))

    def _build(self, position: int, value: dict[str, Any]) -> Question:
        from gate.inputs.lines import _question

        name = value.get("answer_schema") if value.get("answer_format") == "json" else None
        return _question(value, self._lines[position], self.answer_schemas.get(name) if name is not None else None)

    def question_id_at(self, position: int) -> str:
        """The id of the question at ``position``, read from its line."""
        found: str = self._value(position)["question_id"]
        return found

    def ids(self) -> Iterator[str]:
        """Every question's id, in the set's order, read from its line without building the
        question: only ``question_id`` is decoded (:meth:`question_id_at` reads a line that
        msgspec refuses so). What a comparison lists the questions added since its baseline with."""
        decode, held = _id_decoder().decode, self._held_lines
        fd = self._open() if held is None and len(self) else -1
        for position, (start, length) in enumerate(zip(self._offsets, self._lengths)):
            raw = held[start:start + length] if held is not None else os.pread(fd, length, start)
            try:
                found: str = decode(raw).question_id
            except ValueError:
                found = self.question_id_at(position)
            yield found

    def _value(self, position: int) -> dict[str, Any]:
        """The parsed line of the question at ``position``. The line was valid when indexed
        (no key twice, every number within the bounds) and the file has not changed since,
        so msgspec reads it as the standard library does, without the checks of
        :func:`gate.core.jsonlines.parse_line` (which reads it if msgspec refuses)."""
        from gate.core.errors import ProblemCollector
        from gate.core.jsonlines import NO_VALUE, RejectedLine, decoder, parse_line

        start, length = self._offsets[position], self._lengths[position]
        raw = self._held_lines[start:start + length] if self._held_lines is not None else self._raw(position, start, length)
        try:
            value = decoder().decode(raw)
        except ValueError:
            value = parse_line(self._lines[position], raw, self.display, ProblemCollector())
        if value is NO_VALUE or not isinstance(value, dict) or isinstance(value, RejectedLine):
            raise RuntimeError(f"{self.display}:{self._lines[position]}: the question set changed while it was read")
        return value

    def _raw(self, position: int, start: int, length: int) -> bytes:
        """The bytes of the line at ``position`` (``length`` bytes at ``start``): from the
        block read ahead when it holds them; else read, with a block of :data:`READ_AHEAD`
        bytes when the question follows the one read last (answers logged in the set's order,
        the common case: one system call for hundreds of questions, not one each); a question
        read out of order is read alone."""
        sequential, self._last = position == self._last + 1, position
        at = start - self._block_at
        if 0 <= at and at + length <= len(self._block):
            return self._block[at:at + length]
        if not sequential:
            return os.pread(self._open(), length, start)
        block = os.pread(self._open(), max(length, READ_AHEAD), start)
        self._block, self._block_at = block, start
        return block[:length]

    def _open(self) -> int:
        """The set file open in this process (opened again after a fork or unpickling)."""
        if self._fd is None or self._pid != _THIS_PROCESS[0]:
            fd = os.open(self.path, os.O_RDONLY)
            info = os.fstat(fd)
            if self._stamp is not None and (info.st_size, info.st_mtime_ns) != self._stamp:
                os.close(fd)
                raise RuntimeError(f"{self.display}: the question set changed while it was read")
            self._fd, self._pid = fd, _THIS_PROCESS[0]
        return self._fd

    def carried(self) -> QuestionIndex:
        """A copy of the index that holds the bytes of its questions' lines (their sum, line
        ends excluded) and never opens the set file: what a process that cannot read the
        file at :attr:`path` (a remote Dask worker) is sent. Reads the file once, here.

        Raises:
            RuntimeError: the set file changed since it was indexed.
        """
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__getstate__())
        fd, pieces, offsets = self._open(), [], array("q")
        at = 0
        for start, length in zip(self._offsets, self._lengths):
            pieces.append(os.pread(fd, length, start))
            offsets.append(at)
            at += length
        copy._offsets, copy._held_lines = offsets, b"".join(pieces)
        return copy

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_fd"], state["_pid"] = None, 0
        state["_block"], state["_block_at"], state["_last"] = b"", 0, -2  # read again where it is sent
        return state

    def __del__(self) -> None:
        if self._fd is not None and self._pid == _THIS_PROCESS[0]:
            os.close(self._fd)
            self._fd = None


#: The bytes read at once when questions are read in the set's order (:meth:`QuestionIndex._raw`).
READ_AHEAD = 1 << 16

#: This process's id, kept current in a forked child (``os.register_at_fork``): every
#: question read asks whether the set file is open in this process, and ``os.getpid()`` is
#: a system call (2.5% of a check's time, one call an answer).
_THIS_PROCESS = [os.getpid()]


def _forked() -> None:
    _THIS_PROCESS[0] = os.getpid()


if hasattr(os, "register_at_fork"):  # POSIX; where there is no fork, the id never changes
    os.register_at_fork(after_in_child=_forked)


@cache
def _id_decoder() -> Any:
    """A msgspec decoder of a line's ``question_id`` alone (the other keys are skipped)."""
    import msgspec

    class _Id(msgspec.Struct):
        question_id: str

    return msgspec.json.Decoder(_Id)


class QuestionLookup(Mapping[str, "tuple[int, Question]"]):
    """Question id -> ``(position in the set, question)``, over an index or over questions
    held (a set built in memory): what :class:`gate.engine.lines.Context` looks answers up in."""

    def __init__(self, questions: Sequence[Question]) -> None:
        self._index = questions if isinstance(questions, QuestionIndex) else None
        self._held = None if self._index is not None else {q.question_id: (i, q) for i, q in enumerate(questions)}

    def carried(self) -> QuestionLookup:
        """The lookup over :meth:`QuestionIndex.carried` (itself when the questions are held):
        it reads no file in the process it is sent to."""
        if self._index is None:
            return self
        return QuestionLookup(self._index.carried())

    def get(self, question_id: str, default: Any = None) -> Any:
        found = self._index.find(question_id) if self._index is not None else self._held.get(question_id) if self._held is not None else None
        return default if found is None else found

    def __getitem__(self, question_id: str) -> tuple[int, Question]:
        found: tuple[int, Question] | None = self.get(question_id)
        if found is None:
            raise KeyError(question_id)
        return found

    def __len__(self) -> int:
        return len(self._index) if self._index is not None else len(self._held or {})

    def __iter__(self) -> Iterator[str]:
        if self._index is not None:
            return (self._index.question_id_at(i) for i in range(len(self._index)))
        return iter(self._held or {})


class LogQuestions(QuestionIndex):
    """The questions a log in the merged form carries, one per answer line that states its
    expectations, in the log's order: held as the offsets and lengths of their lines, each
    read back and built (:func:`gate.inputs.run_log.read_answer`) when asked for.

    Args:
        path: the log file.
        display: the log as named in problems (answer schemas are read beside it).
    """

    def append(self, offset: int, length: int, line: int) -> None:
        """Add the question of the answer line at ``line`` (its bytes at ``offset``)."""
        self._hashes.append(0)
        self._offsets.append(offset)
        self._lengths.append(length)
        self._lines.append(line)

    def find(self, question_id: str) -> tuple[int, Question] | None:
        raise TypeError("the questions of a merged log are read by position")

    def _build(self, position: int, value: dict[str, Any]) -> Question:
        from gate.inputs.run_log import read_answer

        question = read_answer(value, self._lines[position], self.display).question
        if question is None:
            raise RuntimeError(f"{self.display}:{self._lines[position]}: the log changed while it was read")
        return question
