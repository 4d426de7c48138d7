"""Scoring raw log lines: a pure function of a batch of lines and a :class:`Context`, the same anywhere.

Each raw line is parsed, validated, turned into an :class:`~gate.model.inputs.Answer` (by
:func:`gate.inputs.run_log.read_answer`, the loader's own builder), joined to its question and
scored by :func:`score_lines`: in this process, in worker processes (``--jobs``), or on any
cluster (the same batch gives the same results anywhere)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from gate import figures as fig
from gate.core.bcp47 import canonical_language
from gate.core.build import picklable
from gate.core.errors import ProblemCollector
from gate.core.jsonlines import NO_VALUE, _validate, parse_line
from gate.inputs.lines import rejected_line_problems
from gate.inputs.run_log import AnswerLine, read_answer
from gate.model.inputs import Question
from gate.model.outcomes import Outcome
from gate.scoring.answer import score_answer


@mypyc_attr(serializable=True)  # workers and Dask pickle it, compiled too
@dataclass(frozen=True)
class Context:
    """What scoring a line needs besides the line.

    Attributes:
        display: the log as named in problems.
        questions: question id -> ``(position in the set, question)``
            (:class:`gate.inputs.question_index.QuestionLookup`: over the set's index, each question
            read from the set file in the process that asks); None for a log in the merged
            form (each line carries its own question).
        settings: the matching settings (``thresholds.matching``).
        format_rules: the ``format:`` rules (``thresholds.format``).
        join: False when the lines are only read and validated (the settings are bad and
            nothing is scored): each result is left for the pass to join.
    """

    display: str
    questions: Mapping[str, tuple[int, Question]] | None
    settings: fig.MatchSettings
    format_rules: Any = None
    join: bool = True


@mypyc_attr(serializable=True)  # workers and Dask pickle it, compiled too
@dataclass
class LineResult:
    """What one raw log line gave (:func:`score_lines`).

    Attributes:
        line: its line number (1-based, in the whole log).
        parsed: the line held a JSON value (not blank, not a parse problem).
        problems: ``(field, message)`` found reading it (UTF-8, JSON, schema), in order.
        value: the parsed value of a line that may be a header (a ``run`` or ``set`` key),
            for the main process to read (only it knows which line comes first); else None.
        reading: the answer line read (:class:`gate.inputs.run_log.AnswerLine`), or None.
        outcome: its score when its question was found with the same language, else None.
        joined: the line was looked up in the set where it was scored (:func:`join_reading`),
            and ``found`` holds what the join reads; else the pass looks it up itself.
        found: its question's place in the set (:class:`Found`), or None when the set has
            no question with its id (or the log is in the merged form).
        size: the length of the raw line in bytes (line end excluded), where it was read.
    """

    line: int
    parsed: bool = True
    problems: list[tuple[str | None, str]] = field(default_factory=list)
    value: Any = None
    reading: AnswerLine | None = None
    outcome: Outcome | None = None
    joined: bool = False
    found: Found | None = None
    size: int | None = None


picklable(Context)


class Found(NamedTuple):
    """What the join reads of an answer's question, found where the line was scored, so
    that the main process never reads the set again.

    Attributes:
        position: the question's position in the set.
        language: its language, as in the set.
        line: its line in the set file.
        differs: the answer logs a question text that differs from the set's.
    """

    position: int
    language: str
    line: int
    differs: bool


def join_reading(reading: AnswerLine, context: Context) -> tuple[Found | None, Question | None]:
    """An answer line's question looked up: ``(where it is in the set or None, the question
    to score against or None)``. The question is None when the set has no question with the
    line's id, when the line gives no answer, or when the languages differ (the join reports
    why); in the merged form it is the line's own (and ``found`` None)."""
    if context.questions is None:
        return None, reading.question
    hit = context.questions.get(reading.question_id)
    if hit is None:
        return None, None
    position, question = hit
    answer = reading.answer
    found = Found(position, question.language, question.line, bool(answer is not None and answer.question and answer.question != question.text))
    if answer is None or answer.language != canonical_language(question.language):
        return found, None
    return found, question


def score_reading(reading: AnswerLine, context: Context, question: Question | None = None) -> Outcome | None:
    """The outcome of an answer line against its question (looked up unless given), or None
    (see :func:`join_reading`)."""
    if question is None:
        _, question = join_reading(reading, context)
    if question is None or reading.answer is None:
        return None
    return score_answer(question, reading.answer, context.settings, context.format_rules)


def score_lines(batch: Iterable[tuple[int, bytes]], context: Context) -> list[LineResult]:
    """Parse, validate, join and score a batch of raw log lines; pure.

    Args:
        batch: ``(line number, raw bytes)`` as :func:`gate.core.jsonlines.read_lines` yields them
            (any contiguous or non-contiguous part of a log).
        context: the set and settings (:class:`Context`).

    Returns:
        One :class:`LineResult` per line, in the batch's order. The same batch gives the
        same results in any process, so batches can be scored anywhere and read back in
        file order.
    """
    out = []
    for line, chunk in batch:
        collect = ProblemCollector(limit=1_000_000)
        value = parse_line(line, chunk, context.display, collect)
        if value is NO_VALUE:
            out.append(LineResult(line, size=len(chunk), parsed=False, problems=[(p.field, p.message) for p in collect.problems]))
            continue
        if isinstance(value, dict) and ("run" in value or "set" in value):
            out.append(LineResult(line, size=len(chunk), value=value))
            continue
        if not _validate("answer", value, context.display, line, collect):
            rejected_line_problems(value, context.display, line, collect)
            out.append(LineResult(line, size=len(chunk), problems=[(p.field, p.message) for p in collect.problems]))
            continue
        reading = read_answer(value, line, context.display)
        if not context.join:
            out.append(LineResult(line, size=len(chunk), reading=reading))
            continue
        found, question = join_reading(reading, context)
        out.append(LineResult(line, size=len(chunk), reading=reading, outcome=score_reading(reading, context, question) if question is not None else None,
                              joined=True, found=found))
    return out
