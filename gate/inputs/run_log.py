"""The run log loaded: its header, then each answer line validated and read."""

from __future__ import annotations

import contextlib
import difflib
import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gate.core.bcp47 import canonical_language
from gate.core.errors import ProblemCollector
from gate.core.jsonlines import _BIDI_CONTROL, _validate, read_jsonl
from gate.core.stdin import shown
from gate.inputs.lines import (
    _MERGED_SCHEMAS,
    _answer_schema,
    _calendar_problems,
    _decimals,
    _finish,
    _known_answer_fields,
    _known_answer_set,
    _observations,
    _question,
    _unknown_header_keys,
    expected_caveat_problems,
    expected_period_problems,
    rejected_line_problems,
    unknown_unit_notices,
    version_text_problems,
)
from gate.model.inputs import MERGED_FIELDS, RUN_FILE_NAME, Answer, Observation, Question, QuestionSet, Run

if TYPE_CHECKING:
    pass


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
        attempt: the line's ``attempt`` (repeated answers), or None.
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
    attempt: int | None = None


def read_answer(value: dict[str, Any], line: int, log_path: str | None = None) -> AnswerLine:
    """A schema-valid answer line as an :class:`Answer` (and its own question in the merged
    form): the one place a log line becomes an Answer, for :func:`load_run` and for the
    stream of :mod:`gate.engine.stream` alike. ``log_path``: the log, against which a merged line's
    ``answer_schema`` is read (as a set's is against the set)."""
    known = _known_answer_set()
    result = AnswerLine(line, value["question_id"], attempt=value.get("attempt"))
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
    text = value.get("answer") or ""
    result.bidi = not text.isascii() and _BIDI_CONTROL.search(text) is not None  # an ASCII text holds none
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
    expected_period_problems(value, log_path, line, collect)
    cache = _MERGED_SCHEMAS.setdefault(str(Path(log_path).resolve().parent), {})
    schema_of_answer = _answer_schema(value, Path(log_path), "", line, collect, cache)
    result.notices = tuple(notices)
    if collect.problems:
        result.later.extend((p.field, p.message) for p in collect.problems)
        return None
    return _question(value, line, schema_of_answer, grouped=False)


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
        attempt=value.get("attempt"),
    )


#: Whether an unknown field of a log is an input error (``--strict-fields``, ``strict_fields: true``).
_STRICT = [False]


@contextlib.contextmanager
def strict_fields(on: bool = True) -> Iterator[None]:
    """While the block runs (``on``), a field of a log the gate does not know is an input
    error naming the file, line and field, not a notice."""
    before = _STRICT[0]
    _STRICT[0] = before or on
    try:
        yield
    finally:
        _STRICT[0] = before


class RunLog:
    """The run-level reading of a log, line after line: the header, misplaced headers,
    duplicate ids, the notices (unknown fields, bidirectional text, versions, merged lines).
    :func:`load_run` and the stream of :mod:`gate.engine.stream` feed it the same way, so both
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
        self._attempts: dict[str, dict[int, int]] = {}  # question id -> attempt -> its line (repeated answers)
        self._kinds = [[0, 0], [0, 0]]  # [answers, first line] without attempt, with attempt
        self._first_lines = array("i", bytes(4 * slots))
        self._unknown: dict[str, list[int]] = {}  # field -> [answers, first line]
        self._bidi = [0, 0]  # [answers, first line]
        self.merged = 0
        self._plain = [0, 0]  # [lines, first line]
        self.blank = [0, 0]  # [blank lines, first line]
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
                version_text_problems(value["run"], "run", display, line, problems)
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
        if self._duplicate(reading, slot, problems):
            return None
        _tick(self._kinds[reading.attempt is not None], line)
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
        if taken and not self._kinds[0][0]:
            self._kinds[0][1] = next(line for i, line in enumerate(lines) if i not in duplicates)
        self._kinds[0][0] += taken
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

    def _duplicate(self, reading: AnswerLine, slot: int | None, problems: ProblemCollector) -> bool:
        """Whether the line repeats an answer already read (then reported, naming both lines):
        its question id again without ``attempt``, the same ``(question_id, attempt)``, or a
        question answered both with and without ``attempt``."""
        qid, line, attempt = reading.question_id, reading.line, reading.attempt
        attempts = self._attempts.get(qid)
        if attempt is None:
            if attempts:
                first_attempt = min(attempts.values())
                problems.add(self.display, line, "attempt", f"question {qid!r} is answered without attempt here and with attempts "
                             f"elsewhere (first on line {first_attempt}): give every answer of a repeated question its attempt")
                return True
            first = self._first_line(qid, line, slot)
            if first:
                misspelt = next((key for key in reading.unknown if one_edit(key, "attempt")), None)
                hint = (f" (this line has {misspelt!r}, one edit from 'attempt', the field that numbers a repeated answer)"
                        if misspelt is not None else "")
                problems.add(self.display, line, "question_id", f"duplicate question_id {qid!r}, first on line {first}{hint}")
            return bool(first)
        plain = self._first_lines[slot] if slot is not None else self._seen.get(qid, 0)
        if plain:
            problems.add(self.display, line, "attempt", f"question {qid!r} is answered with attempt {attempt} here and without "
                         f"attempt on line {plain}: give every answer of a repeated question its attempt")
            return True
        attempts = self._attempts.setdefault(qid, {})
        earlier = attempts.get(attempt)
        if earlier:
            problems.add(self.display, line, "attempt", f"duplicate attempt {attempt} of question_id {qid!r}, first on line {earlier}")
            return True
        attempts[attempt] = line
        return False

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
        (plain, plain_line), (repeated, repeated_line) = self._kinds
        if plain and repeated:
            problems.add(display, plain_line, "attempt", f"missing required field: line {repeated_line} gives an attempt, so every answer "
                         f"of the run must give its attempt (repeated answers); {plain:,} line(s) give none, the first shown")
        notices = list(self.notices)
        known = sorted(_known_answer_fields())
        for key in sorted(self._unknown):
            count, first = self._unknown[key]
            close = difflib.get_close_matches(key, known, n=1)
            # A notice, not an error: a later version's field must not fail this one (forward compatible).
            hint = f"; did you mean {close[0]!r}? (a misspelt field is not read as {close[0]!r})" if close else ""
            also = f" (on {count:,} lines, the first shown)" if count > 1 else ""
            if _STRICT[0]:
                problems.add(display, first, key, f"expected a field the gate knows (--strict-fields or strict_fields: true), found an unknown one{hint}{also}")
            else:
                notices.append(f"{display}:{first}: {key}: unknown field, ignored{hint}{also}")
        notices += unknown_unit_notices(display, self._units, self._unit_counts)
        if self._bidi[0]:
            notices.append(f"{display}: {self._bidi[0]} answer(s) hold bidirectional override or isolate characters (U+202A to U+202E, "
                           f"U+2066 to U+2069), which show text in another order than it is stored; figures are read as stored "
                           f"(first line {self._bidi[1]})")
        if self.blank[0]:
            notices.append(f"{display}:{self.blank[1]}: {self.blank[0]:,} blank line(s) skipped: an answer written as an empty line "
                           "is not scored (was a line lost when the log was written?)")
        assistant_version, set_version = _versions(self.header, display, notices)
        if self.merged and self._plain[0]:
            notices.append(f"{display}: {self._plain[0]} line(s) carry no expectations while others do (first line {self._plain[1]})")
        return assistant_version, set_version, notices


#: A notice of an unknown field with the known one it is close to: ``(where, field, known)``.
_CLOSE = re.compile(r"^(?P<where>.+?): (?P<field>[^:\s]+): unknown field, ignored; did you mean '(?P<known>[^']+)'\?")


def one_edit(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one character added, removed, changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1:]
    return a[i + 1:] == b[i + 1:] or (a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1])


def misspelt_fields(notices: Sequence[str]) -> list[str]:
    """The unknown-field notices whose field is one edit from a known one (``retrieved_passage``
    for ``retrieved_passages``): its evidence is silently lost, so it is said first."""
    out = []
    for notice in notices:
        found = _CLOSE.match(notice)
        if found and one_edit(found["field"], found["known"]):
            out.append(f"{found['where']}: {found['field']} is one edit from the field {found['known']!r}: it is ignored and what it holds is "
                       "not read (rename it; --strict-fields makes an unknown field an input error)")
    return out


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
    display = shown(path)
    shared, problems = problems, ProblemCollector()
    log = RunLog(display)
    answers: list[Answer] = []
    merged: list[Question] = []
    carried: set[int] = set()
    for line, value in read_jsonl(Path(path), display, problems, blank=log.blank):
        reading = read_log_line(log, line, value, problems)
        if reading is None:
            continue
        answer = log.take(reading, problems)
        if answer is not None:
            answers.append(answer)
            if reading.merged:
                carried.add(line)
            if reading.question is not None:
                merged.append(reading.question)
    assistant_version, set_version, notices = log.finish(problems)
    _finish(problems, shared)
    merged_set = QuestionSet(path=display, version=set_version, questions=tuple(merged)) if merged else None
    return Run(path=display, assistant_version=assistant_version, set_version=set_version, answers=tuple(answers),
               merged_set=merged_set, notices=tuple(notices), carried=frozenset(carried))
