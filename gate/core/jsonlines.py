"""JSON lines read within bounds: each line parsed once, its numbers exact, a bad line a problem."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from gate.core.encodings import not_utf8_message, single_byte_hint, wide_encoding
from gate.core.errors import InputError, ProblemCollector
from gate.core.limits import BLOCK, limit_of, too_large
from gate.core.schemas import describe, schema_errors

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class _Constant:
    """NaN, Infinity or -Infinity, which Python's parser reads and JSON does not allow
    (found later with its field path)."""

    name: str


def _reject_constant(name: str) -> Any:
    return _Constant(name)


#: What a number in a log or a set may be: at most this many significant digits, and a
#: magnitude below 10**MAX_MAGNITUDE and, unless zero, at least 10**-MAX_MAGNITUDE. Far
#: beyond any published statistic; a number outside is an input error naming its field.
MAX_DIGITS = 34
MAX_MAGNITUDE = 30


@dataclass(frozen=True)
class _Unbounded:
    """A JSON number outside the bounds, as written (found later with its field path)."""

    text: str


def _bounded_number(text: str) -> Decimal | _Unbounded:
    """A JSON number as an exact decimal, or :class:`_Unbounded` when it is beyond
    :data:`MAX_DIGITS` or :data:`MAX_MAGNITUDE`; checked on the text, before any conversion,
    so that a billion-digit exponent costs nothing."""
    mantissa, _, exponent = text.lower().partition("e")
    digits = mantissa.lstrip("-").replace(".", "").lstrip("0")
    if len(digits) > MAX_DIGITS or len(exponent.lstrip("+-")) > 6:
        return _Unbounded(text)
    value = Decimal(text)
    if value and not (Decimal(10) ** -MAX_MAGNITUDE <= abs(value) < Decimal(10) ** MAX_MAGNITUDE):
        return _Unbounded(text)
    return value


def _whole_number(text: str) -> int | _Unbounded:
    if len(text.lstrip("-")) > MAX_MAGNITUDE:
        return _Unbounded(text)
    return int(text)


_SURROGATE = re.compile("[\ud800-\udfff]")
_BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _bad_values(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """``(field path, message)`` of every value of a parsed line no report can carry: an
    unbounded number, a string or key holding a lone surrogate (``"\\ud800"`` is valid JSON
    but no character, and cannot be written as UTF-8)."""
    if isinstance(value, _Unbounded):
        yield path, (f"expected a number of at most {MAX_DIGITS} significant digits and "
                     f"magnitude from 1e-{MAX_MAGNITUDE} to below 1e{MAX_MAGNITUDE}, found {_shown_number(value.text)}")
    elif isinstance(value, _Constant):
        yield path, f"expected a number, found {value.name}, which JSON does not allow as a number"
    elif isinstance(value, str):
        found = _SURROGATE.search(value)
        if found:
            yield path, (f"expected text, found a lone surrogate escape \\u{ord(found.group()):04x} at character {found.start() + 1} "
                         "(half of a UTF-16 pair, not a character)")
    elif isinstance(value, dict):
        for key in value.twice if isinstance(value, _Twice) else ():
            yield path, f"expected a JSON object, found duplicate key {key!r} in one object"
        for key, item in value.items():
            inner = f"{path}.{key}" if path else str(key)
            if _SURROGATE.search(key):
                yield from ((f"{path or '(key)'}", message.replace("expected text", "expected a key")) for _, message in _bad_values(key))
                inner = f"{path}.{key.encode('utf-8', 'backslashreplace').decode()}" if path else key.encode("utf-8", "backslashreplace").decode()
            yield from _bad_values(item, inner)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _bad_values(item, f"{path}[{i}]")


def _shown_number(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}...{text[-10:]} ({len(text):,} characters)"


class _Twice(dict[str, Any]):
    """An object that holds a key more than once: the first value of each key, and the keys
    given again (``twice``, a problem each; the rest of the line is still checked)."""

    twice: tuple[str, ...] = ()


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    twice: list[str] = []
    for key, value in pairs:
        if key not in out:
            out[key] = value
        elif key not in twice:
            twice.append(key)
    if not twice:
        return out
    found = _Twice(out)
    found.twice = tuple(twice)
    return found


#: What :func:`parse_line` returns for a line that gives no value (blank, or a problem).
NO_VALUE: Any = object()


def read_lines(path: Path, display: str, problems: ProblemCollector, kind: str = "log",
               byte_range: tuple[int, int] | None = None) -> Iterator[tuple[int, bytes]]:
    """Yield ``(line number, raw bytes)`` of each line of a file, read in blocks: memory does
    not grow with the file.

    With ``byte_range`` ``(start, end)``, only the lines that start at a byte offset in
    ``[start, end)`` are yielded, with their line numbers in the whole file (a shard of a
    log: the shards of a partition of the bytes hold every line once).

    A UTF-8 byte order mark is dropped. A file that cannot be read at all is one problem, and
    nothing is yielded: larger than its size limit (``kind``, a key of
    :data:`gate.core.limits.LIMITS`; a regular file's size is known before any line is read), in
    UTF-16 or UTF-32, missing, a directory. A file that is not regular (a pipe, a device)
    stops with the size problem when it passes the limit.
    """
    for number, _, chunk in read_lines_at(path, display, problems, kind, byte_range):
        yield number, chunk


def read_lines_at(path: Path, display: str, problems: ProblemCollector, kind: str = "log",
                  byte_range: tuple[int, int] | None = None) -> Iterator[tuple[int, int, bytes]]:
    """Yield ``(line number, byte offset, raw bytes)`` of each line of a file: as
    :func:`read_lines`, with where each line starts (``os.pread`` of its bytes reads it again)."""
    try:
        limit = limit_of(kind)
        handle = open(path, "rb")  # noqa: SIM115 (closed below, a generator's lifetime)
    except InputError as exc:
        problems.absorb(exc)
        return
    except FileNotFoundError:
        problems.add(display, None, None, "file not found")
        return
    except IsADirectoryError:
        problems.add(display, None, None, "expected a file, found a directory")
        return
    except OSError as exc:
        problems.add(display, None, None, f"cannot be read: {exc.strerror}")
        return
    with handle:
        try:
            yield from _lines_of(handle, display, problems, kind, limit, byte_range)
        except IsADirectoryError:
            problems.add(display, None, None, "expected a file, found a directory")
        except OSError as exc:
            problems.add(display, None, None, f"cannot be read: {exc.strerror}")


def _lines_of(handle: BinaryIO, display: str, problems: ProblemCollector, kind: str, limit: int,
              byte_range: tuple[int, int] | None = None) -> Iterator[tuple[int, int, bytes]]:
    """The lines of an open file with their offsets, block after block (see :func:`read_lines`)."""
    info = os.fstat(handle.fileno())
    if stat.S_ISREG(info.st_mode) and info.st_size > limit:
        problems.add(display, None, None, too_large(kind, limit))
        return
    head = handle.read(BLOCK)
    offset = 0
    if head.startswith(b"\xef\xbb\xbf"):
        head, offset = head[3:], 3
    wide = wide_encoding(head)
    if wide:
        problems.add(display, None, None, not_utf8_message(wide))
        return
    number, end = 0, None
    if byte_range is not None:
        head, number, offset = _seek_line(handle, max(byte_range[0], offset), head, offset)
        end = byte_range[1]
    total, rest = offset + len(head), head
    while True:
        block = handle.read(BLOCK) if total <= limit and (end is None or offset < end) else b""
        total += len(block)
        if total > limit:
            problems.add(display, None, None, too_large(kind, limit))
            return
        pieces = (rest + block).split(b"\n")
        rest = pieces.pop()
        for chunk in pieces:
            if end is not None and offset >= end:
                return
            number += 1
            yield number, offset, chunk
            offset += len(chunk) + 1
        if not block:
            if rest and (end is None or offset < end):  # a last line without its line end
                number += 1
                yield number, offset, rest
            return


def _seek_line(handle: BinaryIO, start: int, head: bytes, offset: int) -> tuple[bytes, int, int]:
    """Move to the first line that starts at or after byte ``start``: ``(the bytes read
    from there, the number of lines before it, its offset)``."""
    if start == offset:
        return head, 0, offset
    handle.seek(0)
    before = 0
    position = 0
    while position < start - 1:
        block = handle.read(min(BLOCK, start - 1 - position))
        if not block:
            break
        before += block.count(b"\n")
        position += len(block)
    first = handle.read(1) if position == start - 1 else b""
    position += len(first)
    if first == b"\n":
        before += 1
    else:  # inside a line: it belongs to the shard where it started
        tail = handle.readline()
        position += len(tail)
        before += tail.endswith(b"\n")
    return handle.read(BLOCK), before, position


def parse_line(number: int, chunk: bytes, display: str, problems: ProblemCollector) -> Any:
    """One raw line (see :func:`read_lines`) parsed as JSON, or :data:`NO_VALUE` for a blank
    line or one with a problem (added to ``problems``: not UTF-8, not JSON). An object with
    a number beyond the bounds or a lone surrogate (each added to ``problems``) comes back as
    a :class:`RejectedLine`, which the schema check reports the other problems of and never
    accepts (a header line, with a ``run`` or ``set`` key, gives :data:`NO_VALUE`: the
    stream's workers hand headers to the pass unread). Numbers with a fraction or exponent are read as
    :class:`~decimal.Decimal`; a CRLF line end is accepted."""
    if chunk.endswith(b"\r"):
        chunk = chunk[:-1]
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.add(display, number, None, f"expected UTF-8 text, found byte 0x{chunk[exc.start]:02x} at column {exc.start + 1}"
                     + single_byte_hint(chunk, exc.start))
        return NO_VALUE
    if not text.strip():
        return NO_VALUE
    value = _fast_parse(text)
    if value is not NO_VALUE:
        return value
    try:
        value = json.loads(text, parse_float=_bounded_number, parse_int=_whole_number, parse_constant=_reject_constant,
                           object_pairs_hook=_pairs_hook)
    except json.JSONDecodeError as exc:
        problems.add(display, number, None, f"expected a JSON object, found invalid JSON: {exc.msg} (column {exc.colno})")
        return NO_VALUE
    except ValueError as exc:
        problems.add(display, number, None, f"expected a JSON object, found {exc}")
        return NO_VALUE
    except RecursionError:
        problems.add(display, number, None, "expected a JSON object, found one nested too deep to read")
        return NO_VALUE
    bad = list(_bad_values(value))  # msgspec refused the line: walked (keys twice, NaN, bounds)
    for fld, message in bad:
        problems.add(display, number, fld or None, message)
    if not bad:
        return value
    if not isinstance(value, dict) or ("run" in value or "set" in value):  # a header: its bad values only
        return NO_VALUE
    return RejectedLine(_stand_in(value), (fld for fld, _ in bad))


class RejectedLine(dict[str, Any]):
    """A JSON object line :func:`parse_line` has already reported bad values in (a number
    beyond the bounds, a lone surrogate), each replaced with a stand-in (0, U+FFFD), so that
    the schema still reports the line's other problems (:func:`_validate` leaves out those at
    the bad values' fields, ``bad``). Never accepted: its schema check always fails."""

    def __init__(self, value: dict[str, Any], bad: Iterable[str]) -> None:
        super().__init__(value)
        self.bad = frozenset(bad)

    def __reduce__(self) -> Any:
        return (RejectedLine, (dict(self), self.bad))

    def said(self, fld: str | None) -> bool:
        """Whether a schema problem at ``fld`` is at (or inside) a bad value already reported."""
        if fld is None:
            return False
        return any(fld == b or fld.startswith((b + ".", b + "[")) for b in self.bad if b)


def _stand_in(value: Any) -> Any:
    """``value`` with every bad value replaced (see :class:`RejectedLine`)."""
    if isinstance(value, (_Unbounded, _Constant)):
        return Decimal(0)
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {_SURROGATE.sub("\ufffd", key): _stand_in(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_stand_in(item) for item in value]
    return value


@cache
def decoder() -> Any:
    """msgspec's JSON decoder, numbers with a fraction or exponent read as exact decimals
    (a number beyond the bounds is refused: ``ValueError``)."""
    import msgspec

    return msgspec.json.Decoder(float_hook=_bounded_float)


def _bounded_float(text: str) -> Decimal:
    """A JSON number with a fraction or exponent as :func:`_bounded_number` reads it; raises
    where that gives :class:`_Unbounded` (the standard library's parser then explains it)."""
    if len(text) < 16 and "e" not in text and "E" not in text:
        return Decimal(text)  # at most 15 digits, no exponent: within the bounds
    value = _bounded_number(text)
    if isinstance(value, _Unbounded):
        raise ValueError(text)
    return value


#: Where a key may end: a quote, JSON whitespace, a colon. Every key of a line ends so, and
#: a string may hold more such places: never fewer matches than keys.
_KEY_END = re.compile(r'"[ \t\n\r]*:')
_KEY_END_BYTES = re.compile(rb'"[ \t\n\r]*:')
#: The digits of a whole number beyond the bounds (at least 10**MAX_MAGNITUDE).
#: Every byte to b"0" when it is an ASCII digit, else to b" ": :func:`has_long_digits`.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_RUN = b"0" * (MAX_MAGNITUDE + 1)


def has_long_digits(chunk: bytes) -> bool:
    """Whether a raw line holds :data:`MAX_MAGNITUDE` + 1 ASCII digits in a row (a whole
    number at least 10 to that power may be in it): what the expression ``[0-9]{31}`` finds,
    five times quicker (the bytes mapped to ``0`` or a space by one table, then one substring
    search, both in C; the expression is tried at every position)."""
    return _LONG_RUN in chunk.translate(_DIGITS_AS_ZEROS)
_INT_BOUND = 10 ** MAX_MAGNITUDE


def _fast_parse(text: str) -> Any:
    """A line parsed by msgspec, several times faster than the standard library, or
    :data:`NO_VALUE` whenever the two might differ: msgspec refuses the line (bad JSON, a
    lone surrogate, NaN, a number beyond the bounds, too deep), a whole number is beyond the
    bounds, or an object may hold a key twice (msgspec keeps the last; the standard library
    path refuses it). Then :func:`parse_line` reads the line with the standard library, which
    gives the value or the message, exactly as before."""
    try:
        value = decoder().decode(text)
        keys = _keys_or_unbounded(value)
    except (ValueError, RecursionError):  # msgspec.DecodeError and ValidationError are ValueErrors
        return NO_VALUE
    if keys < 0 or (keys and not _one_of_each_key(text, keys)):
        return NO_VALUE
    return value


def _one_of_each_key(text: str | bytes, keys: int) -> bool:
    """Whether a line whose parsed objects hold ``keys`` keys in all wrote no key twice.
    Every key written is followed by its own colon, and by its own match of
    :data:`_KEY_END`: either count is at least the number of keys written, which is at
    least ``keys``; when either equals ``keys``, no key was written twice. (Its colons are
    counted first: most lines have no colon in their strings.)"""
    if isinstance(text, bytes):
        return text.count(b":") == keys or len(_KEY_END_BYTES.findall(text)) == keys
    return text.count(":") == keys or len(_KEY_END.findall(text)) == keys


def _keys_or_unbounded(value: Any) -> int:
    """How many keys the objects of a parsed value hold, or -1 when a whole number in it is
    beyond :data:`MAX_MAGNITUDE` digits."""
    keys = 0
    if value.__class__ is dict:
        keys = len(value)
        items: Any = value.values()
    elif value.__class__ is list:
        items = value
    elif value.__class__ is int:
        return -1 if value >= _INT_BOUND or value <= -_INT_BOUND else 0
    else:
        return 0
    for item in items:
        cls = item.__class__
        if cls is dict or cls is list or cls is int:
            inner = _keys_or_unbounded(item)
            if inner < 0:
                return -1
            keys += inner
    return keys


def read_jsonl(path: Path, display: str, problems: ProblemCollector, kind: str = "log",
               rejected: bool = False, blank: list[int] | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(line number, parsed JSON)`` of a JSON lines file: :func:`read_lines` and
    :func:`parse_line` together.

    Accepts a UTF-8 byte order mark and CRLF line ends. Numbers with a fraction or exponent
    are read as :class:`~decimal.Decimal`. Blank lines are skipped. Lines that are not UTF-8
    or not JSON become problems. A file that cannot be read at all is one problem, and
    nothing is yielded (larger than its size limit, in UTF-16 or UTF-32). A
    :class:`RejectedLine` (its bad values already problems) is yielded only with
    ``rejected``, for a caller that reports its other problems and accepts none of it. With
    ``blank`` (``[count, first line]``), the blank lines are counted there, for a notice.
    """
    for number, chunk in read_lines(path, display, problems, kind):
        if blank is not None and not chunk.strip():
            blank[1] = blank[1] or number
            blank[0] += 1
        value = parse_line(number, chunk, display, problems)
        if value is not NO_VALUE and (rejected or not isinstance(value, RejectedLine)):
            yield number, value


def _validate(name: str, value: Any, display: str, line: int, problems: ProblemCollector) -> bool:
    if not isinstance(value, dict):
        problems.add(display, line, None, f"expected a JSON object, found {describe(value)}")
        return False
    errors = schema_errors(name, value)
    if isinstance(value, RejectedLine):  # its bad values are reported: the rest of its problems
        errors = [(fld, message) for fld, message in errors if not value.said(fld)]
    for fld, message in errors:
        problems.add(display, line, fld, message)
    return not errors and not isinstance(value, RejectedLine)
