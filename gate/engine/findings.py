"""Every finding of a large run, kept on disk rather than in memory (``check --max-findings all``).

:class:`SpilledFindings` takes the findings as the stream scores them, in file order. Up to
:data:`HOLD_FINDINGS` it holds them as :class:`gate.engine.findings.Findings` does; past that it writes
each to a temporary file as it comes, and only its key (the position of its question in the
set, its order within the question's outcome) and where it stands in the file stay in
memory, integers in arrays. :class:`StoredFindings` reads them back in the set's order, as a
sequence that the report and its renderers read like a tuple, one finding at a time; the
JSON report writes them one after another (:func:`gate.report.json_report.write_json`).
"""

from __future__ import annotations

import heapq
import marshal
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import IO, Any, overload

from gate.model.outcomes import FigureRef, Finding, QuoteRef
from gate.model.scores import ALL, language_slice


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
        self._heap: list[tuple[int, int, int, Finding]] = []  # keys negated: the largest on top
        self._offered = 0  # ties (attempts of one question) kept in the order offered: file order
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
        self._offered += 1
        item = (-position, -order, -self._offered, finding)
        if self.limit is None or len(self._heap) < self.limit:
            heapq.heappush(self._heap, item)
            return
        if self.limit == 0 or item[:3] < self._heap[0][:3]:
            self._count(finding)
            return
        dropped = heapq.heapreplace(self._heap, item)
        self._count(dropped[3])

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
        return [(-p, -o, f) for p, o, _, f in sorted(self._heap, key=lambda item: (-item[0], -item[1], -item[2]))]

    def listed(self) -> list[Finding]:
        """The findings held, in the set's order."""
        return [f for _, _, f in self.keyed()]

    def not_listed(self) -> tuple[tuple[str, str, str, int], ...]:
        """``(measure, code, slice, count)`` of the findings left out, sorted."""
        return tuple(sorted((m, code, s, n) for (m, code, s), n in self._fold().items()))


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

    def rewritten(self, transform: Callable[[Finding], Finding],
                  may_change: Callable[[bytes], bool] | None = None) -> StoredFindings:
        """The findings passed through ``transform`` (a redaction), in a file of their own.

        ``may_change`` is a quick test of a stored record (its bytes, where every text of the
        finding is written in UTF-8): a record it says False of is kept as it is, unread; when
        it says False of every record, these findings themselves are returned.
        """
        if may_change is not None and not any(may_change(data) for data in self._records()):
            return self
        file, offsets = _temporary(), array("q", [0])
        for data in self._records():
            if may_change is None or may_change(data):
                data = _encode(transform(_decode(data)))
            file.write(data)
            offsets.append(offsets[-1] + len(data))
        file.flush()
        return StoredFindings(file, offsets, range(len(offsets) - 1))

    def _records(self) -> Iterator[bytes]:
        """Each stored record, in order."""
        for stored in self._order:
            start, end = self._offsets[stored], self._offsets[stored + 1]
            self._file.seek(start)
            yield self._file.read(end - start)

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
    """:class:`gate.engine.findings.Findings` listing every finding (no limit): held up to ``hold``,
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
