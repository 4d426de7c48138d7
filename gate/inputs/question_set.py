"""The question set loaded: validated line by line into a compact index over its file."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gate.core.errors import ProblemCollector
from gate.core.jsonlines import NO_VALUE, _keys_or_unbounded, _one_of_each_key, _validate, decoder, has_long_digits, parse_line, read_lines_at
from gate.core.schemas import _fast
from gate.inputs.lines import _answer_schema, _finish, _question, expected_caveat_problems, expected_period_problems, version_text_problems
from gate.inputs.question_index import QuestionIndex
from gate.model.inputs import Question, QuestionSet

if TYPE_CHECKING:
    pass


def load_question_set(path: str | Path, problems: ProblemCollector | None = None) -> QuestionSet:
    """Load and validate a question set, in one streaming pass over its lines.

    Args:
        path: a JSON lines file, optionally starting with ``{"set": {"version": ...}}``.

    Problems are raised, or, when a collector ``problems`` is given, added to it; the valid
    questions are then returned, so that later stages can report theirs too.

    Returns:
        The set, questions in file order: for a regular file, a
        :class:`gate.inputs.question_index.QuestionIndex` (about 40 bytes a question held, each
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
    return QuestionSet(path=display, version=state.version, questions=questions, notices=tuple(state.notices + state.stale_notice()),
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
    flat = chunk.count(b"{") == 1 and not has_long_digits(chunk)
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
        self._periods = 0  # questions with an expected_period
        self._unperiodised: list[str] = []  # ids of questions with expected values and series but none

    def read(self, line: int, offset: int, length: int, value: Any) -> None:
        """One parsed line (its bytes at ``offset``, ``length`` long)."""
        display, problems = self.display, self.problems
        if self._first and isinstance(value, dict) and "set" in value:
            self._first = False
            if _validate("set_header", value, display, line, problems) and not version_text_problems(value["set"], "set", display, line, problems):
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
        if value.get("expected_values") and value["expected_behaviour"] == "decline":
            self.problems.add(self.display, line, "expected_values", "expected no expected values on a question to decline "
                              f"(expected_behaviour: decline), found {len(value['expected_values'])}: the set contradicts itself "
                              "(a declined answer states no figure); remove them, or expect an answer")
        if "expected_caveats" in value:
            self.notices += expected_caveat_problems(value, self.display, line, self.problems)
        if "expected_period" in value:
            expected_period_problems(value, self.display, line, self.problems)
            self._periods += 1
        elif value.get("expected_values") and value.get("expected_ids"):
            self._unperiodised.append(qid)
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

    @property
    def has_periods(self) -> bool:
        """Whether some question gives ``expected_period``."""
        return self._periods > 0

    def stale_notice(self) -> list[str]:
        """When some questions give ``expected_period``, one notice naming those with
        expected values and series but none: their staleness is not judged (never guessed)."""
        ids = self._unperiodised
        if not self._periods or not ids:
            return []
        shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
        return [f"{self.display}: {len(ids)} question(s) give expected_values and expected_ids without expected_period "
                f"({shown}): whether the source revised their values since the set was written (set_stale) is not "
                "judged for them; give expected_period (an SDMX period such as 2024) to judge it"]

    def finish(self) -> Sequence[Question]:
        if self.held is not None:
            return tuple(self.held)
        if len(self.index):
            self.index.finish(self.schemas)
        return self.index


#: How a date-time of an input looks (the run header's ``created_at``), for messages.
