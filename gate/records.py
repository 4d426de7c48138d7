"""Records and loading: the run log and the question set, validated and joined.

A run log is JSON lines, one answer a line, with an
optional header line ``{"run": {"assistant_version": ..., "set_version": ...}}`` or the
versions in the file name ``answers_run_assistant-<v>_set-<v>.jsonl``. A question set is
JSON lines with an optional header ``{"set": {"version": ...}}``. Both are validated with
the JSON Schemas (draft 2020-12) shipped in ``gate/schemas/``.

Every problem of a file is collected (up to :data:`gate.errors.MAX_PROBLEMS`) and raised at
once as :class:`gate.errors.InputError`, naming file, line and field. Numbers are read as
:class:`decimal.Decimal`, exactly as written, so that no binary float decides a match.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from gate.bcp47 import canonical_language
from gate.checks.periods import Period, parse_sdmx_period
from gate.encodings import not_utf8_message, single_byte_hint, wide_encoding
from gate.errors import InputError, ProblemCollector, key_path
from gate.limits import BLOCK, limit_of, read_bounded, too_large
from gate.question_index import QuestionIndex
from gate.validation import Check, fast_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

RUN_FILE_NAME = re.compile(r"answers_run_assistant-(?P<assistant>.+?)_set-(?P<set>.+?)\.jsonl$")
#: What a merged log line may carry inline, as a question-set line does (validated by the
#: same definitions: gate/schemas/answer.schema.json repeats question.schema.json's).
MERGED_FIELDS = ("expected_behaviour", "expected_values", "expected_ids", "expected_caveats", "expected_label",
                 "answer_format", "answer_schema")


@dataclass(frozen=True)
class Question:
    """One question of the set: the judgement.

    Attributes:
        question_id: the id answers are joined on.
        language: BCP 47 tag as written in the set.
        text: the question, or "" when the set does not carry it.
        expected_behaviour: ``"answer"`` or ``"decline"``.
        expected_values: the values a right answer states (exact decimals).
        expected_ids: the series a right answer retrieves.
        expected_caveats: caveats a right answer states (``provisional``, ``estimated``,
            ``break``, ``forecast``, or free text); checked by ``caveat_stated`` for the
            figures an answer takes from observations.
        expected_label: the one right label (a classification, category or code), checked
            by ``exact_match``; None when the question has none.
        answer_format: ``json`` when the answer must be a JSON document, else None.
        answer_schema: the JSON Schema a JSON answer must validate against, as loaded
            from the file the set names (relative to the set), or None.
        line: 1-based line in the set file.
    """

    question_id: str
    language: str
    text: str
    expected_behaviour: str
    expected_values: tuple[Decimal, ...] = ()
    expected_ids: tuple[str, ...] = ()
    expected_caveats: tuple[str, ...] = ()
    line: int = 0
    expected_label: str | None = None
    answer_format: str | None = None
    answer_schema: Any = field(default=None, compare=False)


#: SDMX observation status codes (the SDMX code list CL_OBS_STATUS, version 2.2), with
#: their meaning. A value outside this list is an input error.
OBS_STATUS: dict[str, str] = {
    "A": "normal value",
    "B": "time series break",
    "D": "definition differs",
    "E": "estimated value",
    "F": "forecast value",
    "G": "experimental value",
    "H": "missing value; holiday or weekend",
    "I": "imputed value",
    "K": "data included in another category",
    "L": "missing value; data exist but were not collected",
    "M": "missing value; data cannot exist",
    "N": "not significant",
    "O": "missing value",
    "P": "provisional value",
    "Q": "missing value; suppressed",
    "S": "strike and other special events",
    "U": "low reliability",
    "V": "unvalidated value",
    "W": "includes data from another category",
}


@dataclass(frozen=True)
class Observation:
    """One retrieved data point as official statistics publish it (SDMX: series key,
    TIME_PERIOD, OBS_VALUE, UNIT_MEASURE, OBS_STATUS).

    Attributes:
        series: the series id (as in ``retrieved_ids`` and ``cited_ids``).
        period: the SDMX time period as logged (``2024``, ``2025-Q2``, ``2024-04-01/P1Y``).
        span: the interval of days it covers (see :func:`gate.checks.periods.parse_sdmx_period`).
        value: the value, exact.
        unit: the unit as a word or code (``percent``, ``per 1,000``, ``EUR``), or None.
        status: an SDMX observation status code (:data:`OBS_STATUS`), or None.
        caveats: free-text caveats, as logged.
    """

    series: str
    period: str
    span: Period
    value: Decimal
    unit: str | None = None
    status: str | None = None
    caveats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answer:
    """One logged answer: the evidence, never the judgement.

    Attributes:
        question_id, language: as logged.
        question: the question text as asked, or "".
        retrieved_ids: ids of the records retrieved.
        retrieved_values: values in them (exact decimals).
        retrieved_passages: ``(id, text, language)`` of retrieved passages, in file
            order; language is the passage's canonical BCP 47 tag, or None when the
            log gives the text alone (it is read with the answer's language).
        answer: the answer text, or None when a declined answer carries none.
        cited_ids: ids the answer cites.
        declined: whether the assistant declined.
        line: 1-based line in the log file.
        retrieved_observations: the observations retrieved, in file order; their values
            are in ``retrieved_values`` too (after the values logged there).
    """

    question_id: str
    language: str
    question: str
    retrieved_ids: tuple[str, ...]
    retrieved_values: tuple[Decimal, ...]
    answer: str | None
    cited_ids: tuple[str, ...]
    declined: bool
    retrieved_passages: tuple[tuple[str, str, str | None], ...] = ()
    line: int = 0
    retrieved_observations: tuple[Observation, ...] = ()


@dataclass(frozen=True)
class QuestionSet:
    """A versioned question set.

    Attributes:
        path: the file as given, or the run log's path for the merged form.
        version: from the header line, or None.
        questions: in file order: a tuple, or, as :func:`load_question_set` gives them, a
            :class:`gate.question_index.QuestionIndex` that reads each from the file.
        notices: warnings met while loading (reported, not fatal).
        rejected: ids of question lines that were reported as bad input and left out, so
            that an answer to one is not reported a second time as "not in the set".
    """

    path: str
    version: str | None
    questions: Sequence[Question]
    notices: tuple[str, ...] = ()
    rejected: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Run:
    """A logged answer run.

    Attributes:
        path: the file as given.
        assistant_version, set_version: from the header line or the file name, or None.
        answers: in file order.
        merged_set: the question set carried inline (merged form), else None.
        notices: warnings met while loading.
    """

    path: str
    assistant_version: str | None
    set_version: str | None
    answers: tuple[Answer, ...]
    merged_set: QuestionSet | None = None
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Joined:
    """The answers joined to their questions, in the set's order.

    Attributes:
        pairs: ``(question, answer or None)`` for each question of the set; None means the
            run has no answer for it.
        notices: warnings from the join (set version differs, missing answers).
    """

    pairs: Sequence[tuple[Question, Answer | None]]
    notices: tuple[str, ...] = ()


@cache
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``gate/schemas`` by file stem (``answer``, ``question``, ...)."""
    text = resources.files("gate").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only to explain a line the fast check rejects

    return Draft202012Validator(schema(name))


@cache
def _fast(name: str) -> Check | None:
    """The schema compiled into a plain predicate (see :mod:`gate.validation`), or None."""
    return fast_check(schema(name))


def compiled_check(name: str) -> Check | None:
    """The compiled check of the shipped schema ``name`` (True: jsonschema finds no error;
    see :mod:`gate.validation`), or None when that schema is not compiled."""
    return _fast(name)


def schema_errors(name: str, value: Any) -> list[tuple[str | None, str]]:
    """Every ``(field, message)`` the schema ``name`` finds in ``value``, in a stable order.

    The compiled predicate answers for the common valid value; jsonschema runs only on a
    value it rejects, to explain it (so the messages are jsonschema's, whichever path)."""
    fast = _fast(name)
    if fast is not None and fast(value):
        return []
    errors = sorted(_validator(name).iter_errors(value), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    return [schema_problems(e) for e in errors if not _said_otherwise(e, errors)]


def _said_otherwise(error: ValidationError, errors: list[ValidationError]) -> bool:
    """An error another one of the same value says better, so that one fault is one message:
    the pattern of an empty string (its minLength says "expected a non-empty string"), and an
    unknown field that is the misspelling of a missing required one (the required field's
    message names it)."""
    sub: Any = error.schema
    if error.validator == "pattern" and error.instance == "" and isinstance(sub, dict) and sub.get("minLength", 0) >= 1:
        return True
    if error.validator == "additionalProperties":
        typos = {misspelt_required(e) for e in errors if e.validator == "required" and e.absolute_path == error.absolute_path}
        extra = set(re.findall(r"'([^']+)'", error.message))
        return bool(extra) and extra <= typos
    return False


def misspelt_required(error: ValidationError) -> str | None:
    """For a missing required field: the key of the same object that looks like its
    misspelling (``cited_id`` for ``cited_ids``), or None."""
    instance: Any = error.instance
    if error.validator != "required" or not isinstance(instance, dict):
        return None
    missing = re.findall(r"'([^']+)' is a required property", error.message)
    known = set((error.schema.get("properties") or {}).keys()) if isinstance(error.schema, dict) else set()
    others = [k for k in instance if isinstance(k, str) and k not in known]
    close = difflib.get_close_matches(missing[0], others, n=1, cutoff=0.6) if missing else []
    return close[0] if close else None


def describe(value: Any) -> str:
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown, ensure_ascii=False)}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, Decimal)):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


_TYPE_WORDS = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean (true or false, without quotes)",
    "array": "a list",
    "object": "an object",
    "null": "null",
    "integer": "a whole number",
}


def schema_problems(error: ValidationError) -> tuple[str | None, str]:
    """Turn a jsonschema error into (field, message) a user can act on."""
    field_name = key_path(error.absolute_path) or None
    # jsonschema types these as "Any or unset"; an error from iter_errors has them all set.
    v: Any = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    sub: Any = error.schema
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        name = missing[0] if missing else error.message
        where = f"{field_name}.{name}" if field_name else name
        typo = misspelt_required(error)
        return where, "missing required field" + (f"; found {typo!r}: did you mean {name!r}?" if typo else "")
    if v == "type":
        types = value if isinstance(value, list) else [value]
        expected = " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in types)
        hint = ""
        if "number" in types and isinstance(instance, str) and _looks_numeric(instance):
            hint = " (YAML reads a number like 1e-3 without a decimal point as text: write 0.001)" if "e" in instance.lower() else " (remove the quotes)"
        if "then" in error.absolute_schema_path and isinstance(sub.get("description"), str):
            hint = f" ({sub['description']})"  # a condition (if/then) says when the type holds
        return field_name, f"expected {expected}, found {describe(instance)}{hint}"
    if v == "enum":
        options = ", ".join(json.dumps(o) for o in value)
        return field_name, f"expected one of {options}, found {describe(instance)}"
    if v == "const":
        return field_name, f"expected {json.dumps(value)}, found {describe(instance)}"
    if v == "minLength":
        return field_name, f"expected a non-empty string, found {describe(instance)}"
    if v == "pattern":
        if "[Tt ]" in value:
            return field_name, f"expected an ISO 8601 date-time such as {DATE_TIME_EXAMPLE}, found {describe(instance)}"
        if "A-Za-z" in value:
            return field_name, f"expected a BCP 47 language tag such as en or fr-CA, found {describe(instance)}"
        if "\\S" in value:
            return field_name, f"expected a version without leading or trailing spaces, found {describe(instance)}"
        return field_name, f"expected an identifier without control characters or bidirectional overrides, found {describe(instance)}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low = sub.get("minimum", sub.get("exclusiveMinimum"))
        high = sub.get("maximum", sub.get("exclusiveMaximum"))
        if low is not None and high is not None:
            above = "greater than" if "exclusiveMinimum" in sub else "from"
            joint = "and at most" if "exclusiveMinimum" in sub else "to"
            return field_name, f"expected a number {above} {low} {joint} {high}, found {describe(instance)}"
        bound = "at least" if v in ("minimum", "exclusiveMinimum") else "at most"
        return field_name, f"expected {bound} {value}, found {describe(instance)}"
    if v == "anyOf":
        # the branch of the instance's own type says what is wrong inside it
        kinds: dict[type, str] = {dict: "object", str: "string", list: "array"}
        kind = kinds.get(type(instance))
        for i, branch in enumerate(value):
            if branch.get("type") == kind:
                inner = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == i]
                if inner:
                    # an unknown field first: its hint ("did you mean") explains the rest
                    return schema_problems(
                        min(inner, key=lambda e: (e.validator != "additionalProperties", len(e.absolute_path), e.message))
                    )
        expected = " or ".join(
            _TYPE_WORDS.get(b.get("type"), str(b.get("type")))
            + (f" with {', '.join(b['properties'])}" if b.get("properties") else "")
            for b in value
        )
        return field_name, f"expected {expected}, found {describe(instance)}"
    if v == "additionalProperties":
        extra = re.findall(r"'([^']+)'", error.message)
        known = list((sub.get("properties") or {}).keys())
        parts = []
        for name in extra:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            parts.append(f"{name!r}{hint}")
        where = field_name
        return where, f"unknown field {', '.join(parts)}; expected one of {', '.join(known)}"
    return field_name, error.message


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


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
    :data:`gate.limits.LIMITS`; a regular file's size is known before any line is read), in
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
_LONG_DIGITS = re.compile(rb"[0-9]{%d}" % (MAX_MAGNITUDE + 1))
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
               rejected: bool = False) -> Iterator[tuple[int, Any]]:
    """Yield ``(line number, parsed JSON)`` of a JSON lines file: :func:`read_lines` and
    :func:`parse_line` together.

    Accepts a UTF-8 byte order mark and CRLF line ends. Numbers with a fraction or exponent
    are read as :class:`~decimal.Decimal`. Blank lines are skipped. Lines that are not UTF-8
    or not JSON become problems. A file that cannot be read at all is one problem, and
    nothing is yielded (larger than its size limit, in UTF-16 or UTF-32). A
    :class:`RejectedLine` (its bad values already problems) is yielded only with
    ``rejected``, for a caller that reports its other problems and accepts none of it.
    """
    for number, chunk in read_lines(path, display, problems, kind):
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


def _decimals(values: list[Any]) -> tuple[Decimal, ...]:
    return tuple(v if isinstance(v, Decimal) else Decimal(v) for v in values)


def _question(value: dict[str, Any], line: int, schema_of_answer: Any = None) -> Question:
    """A validated question-set line (or merged log line) as a :class:`Question`."""
    return Question(
        question_id=value["question_id"],
        language=canonical_language(value["language"]),
        text=value.get("question", ""),
        expected_behaviour=value["expected_behaviour"],
        expected_values=_decimals(value.get("expected_values", [])),
        expected_ids=tuple(value.get("expected_ids", [])),
        expected_caveats=tuple(value.get("expected_caveats", [])),
        line=line,
        expected_label=value.get("expected_label"),
        answer_format=value.get("answer_format"),
        answer_schema=schema_of_answer,
    )


def _observation_problems(items: Any, display: str, line: int, problems: ProblemCollector,
                          units: list[tuple[str, str]] | None = None) -> bool:
    """Add every problem of a line's observations that the schema does not see (a period
    that is not an SDMX period, a status that is not an SDMX code, a misspelt unit or caveat,
    each with its field, all at once); fields of a type the schema rejects are skipped, so
    nothing is said twice. A unit the code checks do not know and that is no misspelling
    goes to ``units`` as ``(unit, field)`` for a notice. Returns whether a problem was added.
    """
    if not items or not isinstance(items, list):
        return False
    from gate.checks.caveats import caveat_kind, caveat_suggestion
    from gate.checks.units import KNOWN_UNITS, unit_class, unit_suggestion

    before = problems.total
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        where = f"retrieved_observations[{i}]"
        period, status, unit, caveats = item.get("period"), item.get("status"), item.get("unit"), item.get("caveats")
        if isinstance(period, str):
            try:
                parse_sdmx_period(period)
            except ValueError as exc:
                problems.add(display, line, f"{where}.period", str(exc))
        if isinstance(status, str) and status not in OBS_STATUS:
            close = difflib.get_close_matches(status.upper(), list(OBS_STATUS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close and close[0] == status.upper() else ""
            problems.add(display, line, f"{where}.status", f"expected an SDMX observation status code ({', '.join(OBS_STATUS)}), found {status!r}{hint}")
        if isinstance(unit, str) and unit.strip() and unit_class(unit) is None:
            close_unit = unit_suggestion(unit)
            if close_unit is not None:
                problems.add(display, line, f"{where}.unit", f"expected a unit the code checks know ({KNOWN_UNITS}), found {unit!r} (did you mean {close_unit!r}?)")
            elif units is not None:
                units.append((unit, f"{where}.unit"))
        for k, caveat in enumerate(caveats if isinstance(caveats, list) else []):
            close_caveat = caveat_suggestion(caveat) if isinstance(caveat, str) and caveat_kind(caveat) is None else None
            if close_caveat is not None:
                problems.add(display, line, f"{where}.caveats[{k}]",
                             f"expected a caveat the code checks know (provisional, estimated, break, forecast, or a word for one in "
                             f"the eight languages) or free text, found {caveat!r} (did you mean {close_caveat!r}?)")
    return problems.total > before


def _observations(items: list[dict[str, Any]], display: str, line: int, problems: ProblemCollector,
                  units: list[tuple[str, str]] | None = None) -> tuple[Observation, ...] | None:
    """The schema-valid ``retrieved_observations`` of a line as :class:`Observation`, or
    None when :func:`_observation_problems` found any problem (each added with its field)."""
    if _observation_problems(items, display, line, problems, units):
        return None
    return tuple(
        Observation(series=item["series"], period=item["period"], span=parse_sdmx_period(item["period"]),
                    value=_decimals([item["value"]])[0], unit=item.get("unit"), status=item.get("status"),
                    caveats=tuple(item.get("caveats", ())))
        for item in items
    )


def rejected_line_problems(value: Any, display: str, line: int, problems: ProblemCollector) -> None:
    """The problems of a line the schema rejected that the schema does not see (its
    observations' periods, statuses, units, caveats), so that all of a line's problems are
    reported at once."""
    if isinstance(value, dict):
        _observation_problems(value.get("retrieved_observations"), display, line, problems)


def expected_caveat_problems(value: dict[str, Any], display: str, line: int, problems: ProblemCollector) -> list[str]:
    """Check a question's (or merged line's) ``expected_caveats``: a misspelt kind or word
    ("provisonal") is a problem with "did you mean"; free text that names no kind the code
    checks is a notice (returned), since ``caveat_stated`` will not check it."""
    from gate.checks.caveats import CAVEAT_KINDS, caveat_kind, caveat_suggestion

    notices = []
    for k, caveat in enumerate(value.get("expected_caveats") or []):
        if not isinstance(caveat, str) or caveat_kind(caveat) is not None:
            continue
        close = caveat_suggestion(caveat)
        if close is not None:
            problems.add(display, line, f"expected_caveats[{k}]",
                         f"expected a caveat the code checks know ({', '.join(CAVEAT_KINDS)}, or a word for one in the eight "
                         f"languages) or free text, found {caveat!r} (did you mean {close!r}?)")
        else:
            notices.append(f"{display}:{line}: expected_caveats[{k}]: {caveat!r} names no caveat the code checks know "
                           f"({', '.join(CAVEAT_KINDS)}); caveat_stated does not check it (a reader's caveat question still can)")
    return notices


def unknown_unit_notices(display: str, units: dict[str, list[tuple[int, str]]], counts: dict[str, int] | None = None) -> list[str]:
    """One notice per observation unit the code checks do not know (unit -> ``(line,
    field)`` of each observation, or of the first only with ``counts``, unit -> how many):
    its figures are not counted in ``unit_stated``."""
    from gate.checks.units import KNOWN_UNITS

    out = []
    for unit in sorted(units):
        (line, where), n = units[unit][0], (counts[unit] if counts is not None else len(units[unit]))
        out.append(f"{display}:{line}: {where}: the unit {unit!r} is not one the code checks know ({KNOWN_UNITS}); "
                   f"figures bound to it are not counted in unit_stated ({n} observation(s), first on line {line})")
    return out


#: Answer schemas named by merged log lines, per log folder (loaded once per process).
_MERGED_SCHEMAS: dict[str, dict[str, Any]] = {}


def _finish(problems: ProblemCollector, shared: ProblemCollector | None) -> None:
    """Raise the problems of one input, or hand them to the caller's collector."""
    if shared is None:
        problems.raise_if_any()
    else:
        shared.extend(problems)


def load_question_set(path: str | Path, problems: ProblemCollector | None = None) -> QuestionSet:
    """Load and validate a question set, in one streaming pass over its lines.

    Args:
        path: a JSON lines file, optionally starting with ``{"set": {"version": ...}}``.

    Problems are raised, or, when a collector ``problems`` is given, added to it; the valid
    questions are then returned, so that later stages can report theirs too.

    Returns:
        The set, questions in file order: for a regular file, a
        :class:`gate.question_index.QuestionIndex` (about 40 bytes a question held, each
        question read from its line when asked for); else (a pipe) the questions held.

    Raises:
        InputError: every problem found (unreadable file, bad JSON, schema violations,
            duplicate ``question_id``, no question at all), each naming file and line.
    """
    display = str(path)
    shared, problems = problems, ProblemCollector()
    state = _SetPass(Path(path), display, problems)
    for line, offset, chunk in read_lines_at(Path(path), display, problems, kind="set"):
        value = valid_question(chunk)
        if value is not None:
            state.valid(line, offset, len(chunk), value)
            continue
        value = parse_line(line, chunk, display, problems)
        if value is not NO_VALUE:
            state.read(line, offset, len(chunk), value)
        elif chunk.strip():
            state.rejected.update(_readable_id(chunk))
    questions = state.finish()
    if not questions and not problems.total:
        problems.add(display, None, None, "expected at least one question, found none (the file is empty or holds a header only)")
    _finish(problems, shared)
    return QuestionSet(path=display, version=state.version, questions=questions, notices=tuple(state.notices),
                       rejected=frozenset(state.rejected))


def valid_question(chunk: bytes) -> dict[str, Any] | None:
    """The value of a question-set line (raw bytes, see :func:`read_lines`) that is a valid
    question beyond doubt, read in one step; None for every other line (a header, blank, not
    UTF-8, not JSON, any problem or doubt), which :func:`parse_line` and the schema check
    then read and explain. Equal to what those two give a line they accept: the same
    msgspec reading and key count as :func:`_fast_parse` (msgspec reads the bytes as
    UTF-8, and a trailing CR as the JSON whitespace it is), the same compiled check."""
    check = _fast("question")
    if check is None:
        return None
    try:
        value = decoder().decode(chunk)
    except (ValueError, RecursionError):
        return None
    if value.__class__ is not dict or not check(value):
        return None
    # One "{" and no 31 digits in a row: the line's only object is the question, and no whole
    # number in it reaches 10**30, so _keys_or_unbounded(value) is len(value), without the walk.
    flat = chunk.count(b"{") == 1 and _LONG_DIGITS.search(chunk) is None
    keys = len(value) if flat else _keys_or_unbounded(value)
    if keys < 0 or not _one_of_each_key(chunk, keys):
        return None
    found: dict[str, Any] = value
    return found


_ID_IN_LINE = re.compile(rb'"question_id"[ \t\r\n]*:[ \t\r\n]*"((?:[^"\\]|\\.)*)"')


def _readable_id(chunk: bytes) -> list[str]:
    """The ``question_id`` a line that gave no value still shows (not UTF-8, not JSON, a
    key twice, NaN), read from its bytes: a rejected question, which the join then does not
    call "not in the question set". Empty when no id can be read."""
    found = _ID_IN_LINE.search(chunk)
    if found is None:
        return []
    try:
        text = found.group(1).decode("utf-8", "replace")
        qid = json.loads(f'"{text}"')
    except ValueError:
        return []
    return [qid] if isinstance(qid, str) else []


#: After this many lines of a set, its index is sized for the questions the file may hold.
_SAMPLE_LINES = 1024


class _SetPass:
    """The reading of a question set, line after line (:func:`load_question_set`): the
    header, the schema, duplicates (found in the index), expected caveats, answer schemas."""

    def __init__(self, path: Path, display: str, problems: ProblemCollector) -> None:
        self.path, self.display, self.problems = path, display, problems
        self.index = QuestionIndex(path, display)
        try:
            info = os.stat(path)
            regular, self.size = stat.S_ISREG(info.st_mode), info.st_size
        except OSError:
            regular, self.size = True, 0  # not readable: read_lines_at reports it, and nothing is indexed
        self.held: list[Question] | None = None if regular else []
        self._seen: dict[str, int] = {}  # only while the questions are held (a pipe)
        self.version: str | None = None
        self.rejected: set[str] = set()
        self.schemas: dict[str, Any] = {}
        self.notices: list[str] = []
        self._first = True

    def read(self, line: int, offset: int, length: int, value: Any) -> None:
        """One parsed line (its bytes at ``offset``, ``length`` long)."""
        display, problems = self.display, self.problems
        if self._first and isinstance(value, dict) and "set" in value:
            self._first = False
            if _validate("set_header", value, display, line, problems):
                self.version = value["set"]["version"]
            else:
                self._reject(value)
            return
        if isinstance(value, dict) and "set" in value and "question_id" not in value:
            problems.add(display, line, "set", "expected a question, found a header line: the {\"set\": ...} header must be the first line")
            return
        self._first = False
        if isinstance(value, dict) and "run" in value:
            problems.add(display, line, "run", "expected a question, found a run log header: is this file a run log rather than the question set?")
            self._reject(value)
            return
        if not _validate("question", value, display, line, problems):
            self._reject(value)
            return
        self.valid(line, offset, length, value)

    def valid(self, line: int, offset: int, length: int, value: dict[str, Any]) -> None:
        """One schema-valid question line: indexed, or reported as a duplicate."""
        self._first = False
        qid = value["question_id"]
        first = self._add(qid, offset, length, line)
        if first is not None:
            self.problems.add(self.display, line, "question_id", f"duplicate question_id {qid!r}, first on line {first}")
            return
        if "expected_caveats" in value:
            self.notices += expected_caveat_problems(value, self.display, line, self.problems)
        answer_schema = _answer_schema(value, self.path, self.display, line, self.problems, self.schemas) if "answer_schema" in value else None
        if self.held is not None:
            self.held.append(_question(value, line, answer_schema))

    def _reject(self, value: Any) -> None:
        """A line reported as bad input: its id, if it has one, is rejected, not missing."""
        if isinstance(value, dict) and isinstance(value.get("question_id"), str):
            self.rejected.add(value["question_id"])

    def _add(self, qid: str, offset: int, length: int, line: int) -> int | None:
        """Index a valid question; the line of the first with its id when it is a duplicate."""
        if self.held is None:
            if line == _SAMPLE_LINES:  # the lines so far tell about how many the file holds
                self.index.reserve(self.size * line // (offset + length + 1) * 9 // 8)
            return self.index.add(qid, offset, length, line)
        first = self._seen.get(qid)
        if first is None:
            self._seen[qid] = line
        return first

    def finish(self) -> Sequence[Question]:
        if self.held is not None:
            return tuple(self.held)
        if len(self.index):
            self.index.finish(self.schemas)
        return self.index


#: How a date-time of an input looks (the run header's ``created_at``), for messages.
DATE_TIME_EXAMPLE = "2026-11-20T09:00:00Z"


def _calendar_problems(header: dict[str, Any], display: str, line: int, problems: ProblemCollector) -> None:
    """A ``created_at`` that has the shape of a date-time (the schema's pattern) but is not
    in the calendar (2026-02-30), read with :meth:`datetime.fromisoformat`."""
    value = header.get("created_at")
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value.upper())
        except ValueError as exc:
            problems.add(display, line, "run.created_at",
                         f"expected an ISO 8601 date-time such as {DATE_TIME_EXAMPLE}, found {describe(value)} ({exc})")


def _unknown_header_keys(header: dict[str, Any], display: str, line: int) -> list[str]:
    """One notice per unknown key of the run header (reported with the closest known name,
    then ignored, as unknown answer fields are)."""
    known = list(schema("run_header")["properties"]["run"]["properties"])
    out = []
    for key in sorted(k for k in header if k not in known):
        close = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(known)})"
        out.append(f"{display}:{line}: unknown key {key!r} in the run header{hint}; it is ignored")
    return out
def _answer_schema(value: dict[str, Any], set_path: Path, display: str, line: int,
                   problems: ProblemCollector, cache: dict[str, Any]) -> Any:
    """The JSON Schema a question's answer must validate against (``answer_schema``, a path
    relative to the set file), loaded and checked once per file; None when not named."""
    name = value.get("answer_schema")
    if name is None:
        return None
    if value.get("answer_format") != "json":
        problems.add(display, line, "answer_schema", "expected answer_format \"json\" beside answer_schema, found none: only a JSON answer is validated against a schema")
        return None
    if name not in cache:
        target = set_path.parent / name
        try:
            from jsonschema import Draft202012Validator  # only for a set that names a schema

            loaded = json.loads(read_bounded(target, "answer_schema", str(target)).decode("utf-8"))
            Draft202012Validator.check_schema(loaded)
            cache[name] = loaded
        except InputError as exc:  # past its size limit
            cache[name] = None
            problems.add(display, line, "answer_schema", f"{str(target)!r}: {exc.problems[0].message}")
        except FileNotFoundError:
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a JSON Schema file, found no file {str(target)!r}")
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a JSON Schema file, found one that cannot be read as JSON: {exc}")
        except Exception as exc:  # jsonschema.SchemaError
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a valid JSON Schema (draft 2020-12), found: {getattr(exc, 'message', exc)}")
    return cache[name]


def _known_answer_fields() -> list[str]:
    return list(schema("answer")["properties"].keys())


@cache
def _known_answer_set() -> frozenset[str]:
    return frozenset(_known_answer_fields())


@dataclass
class AnswerLine:
    """What one schema-valid answer line gives, before the run-level checks (pure: the same
    line gives the same result in any process).

    Attributes:
        line: its line number.
        question_id: as logged.
        later: ``(field, message)`` problems met after the duplicate check (a misspelt
            expectation, no retrieved values, a bad observation, a merged line without its
            expected behaviour).
        unknown: field names the schema does not know (reported once per name).
        answer: the :class:`Answer`, or None when a problem leaves none.
        merged: the line carries expectations (``expected_*`` fields).
        question: its own question (merged form), or None.
        bidi: the answer holds bidirectional control characters.
        units: ``(unit, field)`` of observation units the code checks do not know.
        notices: notices of the line itself (a merged line's free-text expected caveat).
    """

    line: int
    question_id: str
    later: list[tuple[str | None, str]] = field(default_factory=list)
    unknown: tuple[str, ...] = ()
    answer: Answer | None = None
    merged: bool = False
    question: Question | None = None
    bidi: bool = False
    units: tuple[tuple[str, str], ...] = ()
    notices: tuple[str, ...] = ()


def read_answer(value: dict[str, Any], line: int, log_path: str | None = None) -> AnswerLine:
    """A schema-valid answer line as an :class:`Answer` (and its own question in the merged
    form): the one place a log line becomes an Answer, for :func:`load_run` and for the
    stream of :mod:`gate.stream` alike. ``log_path``: the log, against which a merged line's
    ``answer_schema`` is read (as a set's is against the set)."""
    known = _known_answer_set()
    result = AnswerLine(line, value["question_id"])
    unknown: list[str] = []
    for key in value:
        if key not in known:
            if key.startswith("expected"):
                close = difflib.get_close_matches(key, MERGED_FIELDS, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                result.later.append((key, f"unknown expectation field; {hint}expected one of {', '.join(MERGED_FIELDS)} (a misspelt expectation would silently score nothing)"))
            else:
                unknown.append(key)
    result.unknown = tuple(unknown)
    if result.later:
        return result
    if "retrieved_values" not in value and "retrieved_observations" not in value:
        result.later.append(("retrieved_values", "missing required field: give retrieved_values, or retrieved_observations whose values stand for them"))
        return result
    collect = ProblemCollector(limit=1_000_000)
    units: list[tuple[str, str]] = []
    observations = _observations(value.get("retrieved_observations") or [], "", line, collect, units)
    if observations is None:
        result.later.extend((p.field, p.message) for p in collect.problems)
        return result
    result.units = tuple(units)
    result.answer = _answer(value, line, observations)
    result.bidi = _BIDI_CONTROL.search(value.get("answer") or "") is not None
    result.merged = any(f in value for f in MERGED_FIELDS)
    if result.merged:
        if "expected_behaviour" not in value:
            result.later.append(("expected_behaviour", "missing required field: a merged line carrying expectations must state the expected behaviour"))
        else:
            result.question = _merged_question(value, line, log_path or "", result)
    return result


def _merged_question(value: dict[str, Any], line: int, log_path: str, result: AnswerLine) -> Question | None:
    """A merged line's own question, checked as a set's line is (expected caveats, the answer
    schema read against the log's folder); its problems go to ``result.later``, its notices
    to ``result.notices``; None when it has a problem."""
    collect = ProblemCollector(limit=1_000_000)
    notices = expected_caveat_problems(value, log_path, line, collect)
    cache = _MERGED_SCHEMAS.setdefault(str(Path(log_path).resolve().parent), {})
    schema_of_answer = _answer_schema(value, Path(log_path), "", line, collect, cache)
    result.notices = tuple(notices)
    if collect.problems:
        result.later.extend((p.field, p.message) for p in collect.problems)
        return None
    return _question(value, line, schema_of_answer)


def _answer(value: dict[str, Any], line: int, observations: tuple[Observation, ...]) -> Answer:
    passages = value.get("retrieved_passages") or {}
    return Answer(
        question_id=value["question_id"],
        language=canonical_language(value["language"]),
        question=value.get("question", ""),
        retrieved_ids=tuple(value["retrieved_ids"]),
        retrieved_values=_decimals(value.get("retrieved_values", [])) + tuple(o.value for o in observations),
        retrieved_observations=observations,
        answer=value.get("answer"),
        cited_ids=tuple(value["cited_ids"]),
        declined=value["declined"],
        retrieved_passages=tuple(
            (pid, p, None) if isinstance(p, str)
            else (pid, p["text"], canonical_language(p["language"]) if "language" in p else None)
            for pid, p in passages.items()
        ),
        line=line,
    )


class RunLog:
    """The run-level reading of a log, line after line: the header, misplaced headers,
    duplicate ids, the notices (unknown fields, bidirectional text, versions, merged lines).
    :func:`load_run` and the stream of :mod:`gate.stream` feed it the same way, so both
    report the same problems in the same order.

    Keeps per answer only the first line of its question id (for the duplicate message): in
    a flat array by the question's position in the set (4 bytes a question of the set) when
    the answer's question was found there (``slot`` of :meth:`take`), else by id. The other
    notices keep a count and a first line, not a line per answer.

    Args:
        display: the log as named in problems.
        slots: the number of questions in the set the log is joined to (0: none).
    """

    def __init__(self, display: str, slots: int = 0) -> None:
        self.display = display
        self.header: dict[str, Any] | None = None
        self.answers = 0
        self._first = True
        self._seen: dict[str, int] = {}
        self._first_lines = array("i", bytes(4 * slots))
        self._unknown: dict[str, list[int]] = {}  # field -> [answers, first line]
        self._bidi = [0, 0]  # [answers, first line]
        self.merged = 0
        self._plain = [0, 0]  # [lines, first line]
        self._units: dict[str, list[tuple[int, str]]] = {}  # unit -> [(first line, field)], then a count
        self._unit_counts: dict[str, int] = {}
        self.notices: list[str] = []

    def header_line(self, line: int, value: Any, problems: ProblemCollector) -> bool:
        """Read a line that may be a header (``run`` or ``set`` key); True when it was one
        (read, or reported as misplaced), False when it is to be read as an answer."""
        display = self.display
        if self._first and isinstance(value, dict) and "run" in value:
            self._first = False
            if _validate("run_header", value, display, line, problems):
                self.header = value["run"]
                _calendar_problems(value["run"], display, line, problems)
                self.notices.extend(_unknown_header_keys(value["run"], display, line))
            return True
        if isinstance(value, dict) and "run" in value and "question_id" not in value:
            problems.add(display, line, "run", "expected an answer, found a header line: the {\"run\": ...} header must be the first line")
            return True
        self._first = False
        if isinstance(value, dict) and "set" in value and "question_id" not in value:
            problems.add(display, line, "set", "expected an answer, found a question set header: is this file the question set rather than a run log?")
            return True
        return False

    def answer_line(self) -> None:
        """A line known not to be a header (no ``run`` or ``set`` key) was met."""
        self._first = False

    def take(self, reading: AnswerLine, problems: ProblemCollector, slot: int | None = None) -> Answer | None:
        """The run-level checks of a schema-valid answer line; its Answer, or None when the
        line is a duplicate or has a problem (added to ``problems``). ``slot``: the position
        in the set of the line's question, when it is there."""
        display, line = self.display, reading.line
        first = self._first_line(reading.question_id, line, slot)
        if first:
            problems.add(display, line, "question_id", f"duplicate question_id {reading.question_id!r}, first on line {first}")
            return None
        for key in reading.unknown:
            _tick(self._unknown.setdefault(key, [0, 0]), line)
        for fld, message in reading.later:
            problems.add(display, line, fld, message)
        self.notices.extend(reading.notices)
        for unit, where in reading.units:
            self._units.setdefault(unit, [(line, where)])
            self._unit_counts[unit] = self._unit_counts.get(unit, 0) + 1
        if reading.answer is None:
            return None
        self.answers += 1
        if reading.bidi:
            _tick(self._bidi, line)
        if reading.merged:
            self.merged += reading.question is not None
        else:
            _tick(self._plain, line)
        return reading.answer

    def take_rows(self, lines: Sequence[int], slots: Sequence[int], bidi: bytes | bytearray, problems: ProblemCollector,
                  question_id: Callable[[int], str]) -> list[int]:
        """The run-level checks of answer lines that :meth:`take` would read for their id and
        line only (each found in the set, and with no unknown field, unit, problem or
        notice, not in the merged form), in file order: the same as :meth:`take` of each.

        Args:
            lines: their line numbers.
            slots: the position in the set of each line's question.
            bidi: 1 where the line's answer holds bidirectional control characters.
            problems: where duplicates are reported.
            question_id: the id of the question at a position (read for a duplicate only).

        Returns:
            The indices (into ``lines``) of the duplicates, which are not taken.
        """
        if not lines:
            return []
        self._first = False
        first_lines, duplicates = self._first_lines, []
        for i, (line, slot) in enumerate(zip(lines, slots)):
            first = first_lines[slot]
            if first:
                problems.add(self.display, line, "question_id", f"duplicate question_id {question_id(slot)!r}, first on line {first}")
                duplicates.append(i)
            else:
                first_lines[slot] = line
        taken = len(lines) - len(duplicates)
        if taken and not self._plain[0]:
            self._plain[1] = next(line for i, line in enumerate(lines) if i not in duplicates)
        self._plain[0] += taken
        self.answers += taken
        bidi_at = bidi.find(1)
        while bidi_at >= 0:
            if bidi_at not in duplicates:
                _tick(self._bidi, lines[bidi_at])
            bidi_at = bidi.find(1, bidi_at + 1)
        return duplicates

    def _first_line(self, question_id: str, line: int, slot: int | None) -> int:
        """The line of the first answer with this id (0 when this is the first: then noted)."""
        if slot is not None:
            first = self._first_lines[slot]
            if not first:
                self._first_lines[slot] = line
            return first
        found = self._seen.get(question_id)
        if found is None:
            self._seen[question_id] = line
            return 0
        return found

    def finish(self, problems: ProblemCollector) -> tuple[str | None, str | None, list[str]]:
        """After the last line: ``(assistant version, set version, notices)``; the problem
        of a log with no answer is added to ``problems``."""
        display = self.display
        if not self.answers and not problems.total:
            problems.add(display, None, None, "expected at least one answer, found none (the file is empty or holds a header only)")
        notices = list(self.notices)
        known = sorted(_known_answer_fields())
        for key in sorted(self._unknown):
            count, first = self._unknown[key]
            close = difflib.get_close_matches(key, known, n=1)
            # A notice, not an error: a later version's field must not fail this one (forward compatible).
            hint = f"; did you mean {close[0]!r}? (a misspelt field is not read as {close[0]!r})" if close else ""
            also = f" (on {count:,} lines, the first shown)" if count > 1 else ""
            notices.append(f"{display}:{first}: {key}: unknown field, ignored{hint}{also}")
        notices += unknown_unit_notices(display, self._units, self._unit_counts)
        if self._bidi[0]:
            notices.append(f"{display}: {self._bidi[0]} answer(s) hold bidirectional override or isolate characters (U+202A to U+202E, "
                           f"U+2066 to U+2069), which show text in another order than it is stored; figures are read as stored "
                           f"(first line {self._bidi[1]})")
        assistant_version, set_version = _versions(self.header, display, notices)
        if self.merged and self._plain[0]:
            notices.append(f"{display}: {self._plain[0]} line(s) carry no expectations while others do (first line {self._plain[1]})")
        return assistant_version, set_version, notices


def _tick(tally: list[int], line: int) -> None:
    """Count one more line in ``[count, first line]``."""
    if not tally[0]:
        tally[1] = line
    tally[0] += 1


def _versions(header: dict[str, Any] | None, display: str, notices: list[str]) -> tuple[str | None, str | None]:
    """The assistant and set versions from the header, else from the file name; a notice
    when the two disagree (the header is used)."""
    assistant_version = set_version = None
    if header is not None:
        assistant_version = header.get("assistant_version")
        set_version = header.get("set_version")
    name = RUN_FILE_NAME.search(Path(display).name)
    if name:
        if assistant_version is None:
            assistant_version = name["assistant"]
        elif assistant_version != name["assistant"]:
            notices.append(f"{display}: the header says assistant {assistant_version}, the file name says {name['assistant']}; the header is used")
        if set_version is None:
            set_version = name["set"]
        elif set_version != name["set"]:
            notices.append(f"{display}: the header says set {set_version}, the file name says {name['set']}; the header is used")
    return assistant_version, set_version


def read_log_line(log: RunLog, line: int, value: Any, problems: ProblemCollector) -> AnswerLine | None:
    """One parsed log line through the header check and the schema: its
    :class:`AnswerLine`, or None (a header, or a problem added to ``problems``)."""
    if log.header_line(line, value, problems):
        return None
    if not _validate("answer", value, log.display, line, problems):
        rejected_line_problems(value, log.display, line, problems)
        return None
    return read_answer(value, line, log.display)


def load_run(path: str | Path, problems: ProblemCollector | None = None) -> Run:
    """Load and validate a run log.

    Accepts the merged form (expectations inline on each answer line): the run then
    carries its own question set in :attr:`Run.merged_set`, with a notice that expectations
    belong in the set.

    Args:
        path: a JSON lines file, optionally starting with ``{"run": {...}}``.

    Returns:
        The run, answers in file order, with the versions from the header or the file name.

    Raises:
        InputError: every problem found (unreadable file, bad JSON, schema violations,
            duplicate ``question_id``, a merged line missing its expectations, no answer at
            all), each naming file and line.
    """
    display = str(path)
    shared, problems = problems, ProblemCollector()
    log = RunLog(display)
    answers: list[Answer] = []
    merged: list[Question] = []
    for line, value in read_jsonl(Path(path), display, problems):
        reading = read_log_line(log, line, value, problems)
        if reading is None:
            continue
        answer = log.take(reading, problems)
        if answer is not None:
            answers.append(answer)
            if reading.question is not None:
                merged.append(reading.question)
    assistant_version, set_version, notices = log.finish(problems)
    _finish(problems, shared)
    merged_set = QuestionSet(path=display, version=set_version, questions=tuple(merged)) if merged else None
    return Run(path=display, assistant_version=assistant_version, set_version=set_version, answers=tuple(answers),
               merged_set=merged_set, notices=tuple(notices))


def join(run: Run, question_set: QuestionSet | None, problems: ProblemCollector | None = None) -> Joined:
    """Join the run's answers to the set's questions on ``question_id``.

    With ``question_set`` None the run must be in the merged form; its inline expectations
    are used, with a notice that they belong in the set. When a set is given, expectations
    in the log are ignored, with a notice.

    Returns:
        One pair per question of the set, in the set's order; a question with no answer is
        paired with None (scored as a failure by the measures).

    Raises:
        InputError: no set and no inline expectations; an answer whose question is not in
            the set; an answer whose language differs from its question's. With a collector
            ``problems`` they are added to it instead.
    """
    shared, problems = problems, ProblemCollector()
    notices: list[str] = []
    if question_set is None:
        if run.merged_set is None:
            problems.add(run.path, None, None, "expected a question set (--questions FILE), found none; the log carries no expectations either")
            question_set = QuestionSet(path=run.path, version=None, questions=())
        else:
            question_set = run.merged_set
            notices.append(f"{run.path}: expectations are read from the log (merged form); they belong in the question set, so that the same log can be re-scored against a revised set")
            inline = {q.question_id for q in question_set.questions}
            for a in run.answers:
                if a.question_id not in inline:
                    problems.add(run.path, a.line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
    elif run.merged_set is not None:
        notices.append(f"{run.path}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {question_set.path}")

    by_id = {q.question_id: q for q in question_set.questions}
    answers: dict[str, Answer] = {}
    for a in run.answers:
        q = by_id.get(a.question_id)
        if q is None:
            if a.question_id in question_set.rejected:
                continue  # its question's line is already reported as bad input
            if question_set.questions and question_set is not run.merged_set:
                close = difflib.get_close_matches(a.question_id, list(by_id), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                problems.add(run.path, a.line, "question_id", f"answer for question {a.question_id!r}{hint}, which is not in the question set {question_set.path}")
            continue
        if canonical_language(a.language) != canonical_language(q.language):
            problems.add(run.path, a.line, "language", f"expected {q.language!r} as in the question set (line {q.line}), found {a.language!r}")
            continue
        answers[a.question_id] = a
    _finish(problems, shared)

    if run.set_version and question_set.version and run.set_version != question_set.version:
        notices.append(f"the run was logged against question set {run.set_version} and is scored against set {question_set.version}")
    pairs = tuple((q, answers.get(q.question_id)) for q in question_set.questions)
    notices.extend(logged_question_notices([q.question_id for q, a in pairs if a is not None and a.question and a.question != q.text]))
    notices.extend(missing_notice([q.question_id for q, a in pairs if a is None]))
    return Joined(pairs=pairs, notices=tuple(notices + list(question_set.notices)))


def logged_question_notices(differ: list[str], total: int | None = None) -> list[str]:
    """One notice for the answers (ids in the set's order) whose logged question differs
    from the set's: only the set's question text is evidence for figures, never the log's
    own ``question`` field. ``total``: how many there are, when ``differ`` holds the first
    ten only."""
    total = len(differ) if total is None else total
    if not total:
        return []
    shown = ", ".join(differ[:10]) + (f" and {total - 10} more" if total > 10 else "")
    return [f"{total} answer(s) log a question that differs from the set's text ({shown}); "
            "numbers in the logged question are not evidence, only the set's question is"]


def missing_notice(missing: list[str], total: int | None = None) -> list[str]:
    """One notice for the questions (ids in the set's order) the run has no answer for;
    ``total``: how many there are, when ``missing`` holds the first ten only."""
    total = len(missing) if total is None else total
    if not total:
        return []
    shown = ", ".join(missing[:10]) + (f" and {total - 10} more" if total > 10 else "")
    return [f"{total} question(s) of the set have no answer in the run: {shown}; each counts as a failure"]
