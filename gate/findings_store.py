"""Every finding of a large run, kept on disk rather than in memory (``check --max-findings all``).

:class:`SpilledFindings` takes the findings as the stream scores them, in file order. Up to
:data:`HOLD_FINDINGS` it holds them as :class:`gate.stream.Findings` does; past that it writes
each to a temporary file as it comes, and only its key (the position of its question in the
set, its order within the question's outcome) and where it stands in the file stay in
memory, integers in arrays. :class:`StoredFindings` reads them back in the set's order, as a
sequence that the report and its renderers read like a tuple, one finding at a time; the
JSON report writes them one after another (:func:`gate.render.json_report.write_json`).
"""

from __future__ import annotations

import marshal
from array import array
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from typing import IO, Any, overload

from gate.measures import FigureRef, Finding, QuoteRef
from gate.stream import Findings

#: Findings held in memory before they go to disk (about 1 KB each when held).
HOLD_FINDINGS = 50_000


def _encode(f: Finding) -> bytes:
    figure = None if f.figure is None else (f.figure.text, str(f.figure.value), f.figure.start, f.figure.end)
    quote = None if f.quote is None else (f.quote.text, f.quote.start, f.quote.end)
    return marshal.dumps((f.question_id, f.language, f.measure, f.code, f.message, figure, f.cited_id, quote, f.look_first))


def _decode(data: bytes) -> Finding:
    qid, language, measure, code, message, figure, cited_id, quote, look_first = marshal.loads(data)
    ref = None if figure is None else FigureRef(figure[0], Decimal(figure[1]), figure[2], figure[3])
    quoted = None if quote is None else QuoteRef(*quote)
    return Finding(qid, language, measure, code, message, ref, cited_id, quoted, look_first)


def _temporary() -> IO[bytes]:
    import tempfile

    return tempfile.TemporaryFile(prefix="answer-gate-findings-")


class StoredFindings(Sequence[Finding]):
    """Findings in a file (:class:`SpilledFindings`), in the set's order, each read from the
    file when accessed: ``order[i]`` is the record of the ``i``-th, between
    ``offsets[order[i]]`` and the next offset."""

    def __init__(self, file: IO[bytes], offsets: array[int], order: Sequence[int]) -> None:
        self._file, self._offsets, self._order = file, offsets, order

    def rewritten(self, transform: Callable[[Finding], Finding]) -> StoredFindings:
        """The findings passed through ``transform`` (a redaction), in a file of their own."""
        file, offsets = _temporary(), array("q", [0])
        for finding in self:
            data = _encode(transform(finding))
            file.write(data)
            offsets.append(offsets[-1] + len(data))
        file.flush()
        return StoredFindings(file, offsets, range(len(offsets) - 1))

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, index: int) -> Finding: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Finding]: ...

    def __getitem__(self, index: int | slice) -> Finding | Sequence[Finding]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        stored = self._order[index]
        start, end = self._offsets[stored], self._offsets[stored + 1]
        self._file.seek(start)
        return _decode(self._file.read(end - start))

    def __iter__(self) -> Iterator[Finding]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


class SpilledFindings(Findings):
    """:class:`gate.stream.Findings` listing every finding (no limit): held up to ``hold``,
    then each written to a temporary file as it is offered (deleted when collected).

    Attributes:
        total: how many were offered.
    """

    def __init__(self, hold: int | None = None) -> None:
        super().__init__(None)
        self.hold = HOLD_FINDINGS if hold is None else hold
        self._file: IO[bytes] | None = None
        self._offsets = array("q", [0])
        self._positions, self._orders = array("q"), array("q")
        self._in_order = True

    def add_keyed(self, position: int, order: int, finding: Finding) -> None:
        """Offer one finding: the ``order``-th of the question at ``position``."""
        if self._file is None:
            super().add_keyed(position, order, finding)
            if self.total > self.hold:
                self._spill()
            return
        self.total += 1
        self._write(position, order, finding)

    def _spill(self) -> None:
        """Every finding held so far to the file, in the set's order."""
        self._file = _temporary()
        held, self._heap = super().keyed(), []
        for position, order, finding in held:
            self._write(position, order, finding)

    def _write(self, position: int, order: int, finding: Finding) -> None:
        assert self._file is not None
        if self._positions and (position, order) < (self._positions[-1], self._orders[-1]):
            self._in_order = False
        self._positions.append(position)
        self._orders.append(order)
        data = _encode(finding)
        self._file.seek(self._offsets[-1])
        self._file.write(data)
        self._offsets.append(self._offsets[-1] + len(data))

    def listed(self) -> Any:
        """Every finding, in the set's order: a list when held, else a :class:`StoredFindings`."""
        if self._file is None:
            return super().listed()
        self._file.flush()
        n = len(self._positions)
        order: Sequence[int] = range(n)
        if not self._in_order:
            positions, orders = self._positions, self._orders
            order = array("q", sorted(range(n), key=lambda i: (positions[i], orders[i])))
        return StoredFindings(self._file, self._offsets, order)

    def keyed(self) -> list[tuple[int, int, Finding]]:
        """The findings as ``(position, order, finding)`` in the set's order (all in memory)."""
        if self._file is None:
            return super().keyed()
        listed = self.listed()
        return [(self._positions[i], self._orders[i], f) for i, f in zip(listed._order, listed)]
