"""The run pass: the log read line by line, on every core, and summed in file order.

Batches of raw lines are scored by :func:`gate.engine.lines.score_lines` in this process or in
worker processes (:mod:`gate.engine.workers`); this module reads the results in file order:
the run-level checks of :class:`gate.inputs.run_log.RunLog`, the join, the sums per slice
(:class:`gate.engine.tallies.Tally`, plain additions that merge), a bounded list of findings
(:class:`gate.engine.findings.Findings`) and the outcomes stored compactly
(:mod:`gate.engine.rows`) for the baseline's comparison. :func:`stream_inputs` is the entry
the pipeline (:mod:`gate.run.check`) calls.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, overload

from gate import figures as fig
from gate.core.bcp47 import canonical_language
from gate.core.errors import ProblemCollector
from gate.core.stdin import shown
from gate.engine.attempts import repeated_not_judged
from gate.engine.findings import Findings
from gate.engine.groups import add_group_findings
from gate.engine.lines import Context, Found, LineResult, join_reading, score_reading
from gate.engine.rows import _LARGE, _WIDTH, COUNTED, JoinedRows, ScoredBatch, StoredRows, Summing, stored_row
from gate.engine.tallies import Tally
from gate.engine.workers import scored_batches
from gate.inputs.join import id_hint, logged_question_notices, missing_notice
from gate.inputs.question_index import LogQuestions, QuestionLookup
from gate.inputs.run_log import AnswerLine, RunLog, read_log_line
from gate.model.inputs import Answer, Question, QuestionSet, Run
from gate.model.measures import MEASURES
from gate.model.outcomes import Count, Outcome, count_of
from gate.scoring.answer import count_language, language_notices, score_answer

LOGGED = Answer(question_id="", language="", question="", retrieved_ids=(), retrieved_values=(), answer=None,
                cited_ids=(), declined=False)


class StoredOutcomes(Sequence[Outcome]):
    """The outcomes of a streamed run in the set's order, without their findings: per
    question only its counts (what a baseline comparison reads), kept only when a baseline
    may be compared with. A count is one byte (54 bytes a question for the 27 measures); a
    count of 255 or more is held aside, exact, by its place.

    Attributes:
        questions: the questions, in the set's order (their ids and languages).
    """

    def __init__(self, questions: Sequence[Question]) -> None:
        self.questions = questions
        self._width = _WIDTH
        self._counts = bytearray()
        self._large: dict[int, int] = {}

    def put(self, position: int, outcome: Outcome) -> None:
        """Store the counts of the question at ``position``."""
        row, large = stored_row(outcome)
        self._put_row(position, row, large)

    def put_rows(self, rows: StoredRows) -> None:
        """Store counts made elsewhere (a worker's :class:`StoredRows`)."""
        width, data = self._width, rows.rows
        end = (max(rows.positions) + 1) * width if rows.positions else 0
        if len(self._counts) < end:
            self._counts.extend(bytes(end - len(self._counts)))
        counts, view = self._counts, memoryview(data)
        if self._large:  # a row written again: its large counts go (as in _put_row)
            for position in rows.positions:
                self._forget_large(position)
        for i, position in enumerate(rows.positions):
            counts[position * width:(position + 1) * width] = view[i * width:(i + 1) * width]
        for position, place, value in rows.large:
            self._large[position * width + place] = value

    def _put_row(self, position: int, row: bytes | bytearray, large: list[tuple[int, int]]) -> None:
        start, end = position * self._width, (position + 1) * self._width
        if len(self._counts) < end:
            self._counts.extend(bytes(end - len(self._counts)))
        self._forget_large(position)
        self._counts[start:end] = row
        for place, value in large:
            self._large[start + place] = value

    def _forget_large(self, position: int) -> None:
        if self._large:
            start = position * self._width
            for place in range(self._width):
                self._large.pop(start + place, None)

    def __len__(self) -> int:
        return len(self.questions)

    @overload
    def __getitem__(self, index: int) -> Outcome: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Outcome]: ...

    def __getitem__(self, index: int | slice) -> Outcome | Sequence[Outcome]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        question = self.questions[index]
        return self.at(index + len(self) if index < 0 else index, question)

    def at(self, position: int, question: Question) -> Outcome:
        """The outcome of the question at ``position``, ``question`` being that question (read
        already: it is not read from the set again)."""
        start, width = position * self._width, self._width
        row = list(self._counts[start:start + width])
        row += [0] * (width - len(row))  # a row never written: zeros
        if self._large and _LARGE in row:
            row = [self._large[start + place] if value == _LARGE else value for place, value in enumerate(row)]
        return Outcome(question.question_id, question.language,
                       {m.name: count_of(row[2 * i], row[2 * i + 1]) for i, m in enumerate(MEASURES)}, ())


#: A stored count at or above this is held aside (:class:`StoredOutcomes`).
_ZERO = Count()


@dataclass
class Streamed:
    """What one pass over the log gives (:class:`RunPass`): no answer is kept unless asked.

    Attributes:
        run: the run's path, versions and notices; its answers only with ``keep``.
        questions: the questions scored against, in the set's order (the merged form's own):
            the set's index (:class:`gate.inputs.question_index.QuestionIndex`), read when asked.
        answered: per question, 1 when the run answered it.
        answers: how many answers were read.
        notices: the join's notices (set version, logged questions, missing answers, the set's).
        score_notices: languages unknown to the locale data or the figure reader.
        tally, findings: the sums and the findings of the outcomes (without ``keep``).
        outcomes: with ``keep``, every outcome in the set's order; else the stored counts
            (only when ``store`` was asked), or None.
        kept: with ``keep``, the answer of each question (None when unanswered).
    """

    run: Run
    questions: Sequence[Question]
    answered: bytearray
    answers: int
    notices: list[str]
    score_notices: list[str]
    tally: Tally
    findings: Findings
    outcomes: Sequence[Outcome] | None = None
    kept: list[Answer | None] | None = None

    def pairs(self) -> Sequence[tuple[Question, Answer | None]]:
        """The joined pairs: the kept answers, or :data:`LOGGED` for an answered question;
        each question read from the set when the pair is asked for (a comparison that finds
        no baseline reads none)."""
        if self.kept is not None:
            return tuple(zip(self.questions, self.kept))
        return _Pairs(self.questions, self.answered)


class _Pairs(Sequence[tuple[Question, Answer | None]]):
    """``(question, LOGGED or None)`` per question of the set, built when asked for."""

    def __init__(self, questions: Sequence[Question], answered: bytearray) -> None:
        self._questions, self._answered = questions, answered

    def __len__(self) -> int:
        return len(self._questions)

    @overload
    def __getitem__(self, index: int) -> tuple[Question, Answer | None]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Question, Answer | None]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Question, Answer | None] | Sequence[tuple[Question, Answer | None]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._questions[index], (LOGGED if self._answered[index] else None)

    def __iter__(self) -> Iterator[tuple[Question, Answer | None]]:
        for position, question in enumerate(self._questions):
            yield question, (LOGGED if self._answered[position] else None)

    def answered_at(self, position: int) -> bool:
        """Whether the run answered the question at ``position`` (the question is not read)."""
        return bool(self._answered[position])


class RunPass:
    """One pass over a log's scored lines (:func:`scored_batches`), in file order: the
    run-level checks (:class:`gate.inputs.run_log.RunLog`), the join with the set, and the sums.

    Problems are those :func:`gate.inputs.run_log.load_run` and :func:`gate.inputs.join.join` report,
    in the same order: the log's in :attr:`run_problems`, the join's in
    :attr:`join_problems`.

    Args:
        display: the log as named in problems.
        question_set: the set, or None for the merged form.
        context: the scoring context (its ``questions`` built from ``question_set``).
        max_findings: findings listed (None: all).
        keep: keep every answer and outcome (for judgements, which read them).
        store: keep the counts of every question (for a baseline comparison).
        log: the log file whose every line is fed in order, each result with its size
            (:func:`score_lines`): then the questions of a log in the merged form are held
            as the places of their lines (:class:`gate.inputs.question_index.LogQuestions`), not
            built; None (lines scored elsewhere, as shards) holds them.
    """

    def __init__(self, display: str, question_set: QuestionSet | None, context: Context, max_findings: int | None,
                 keep: bool = False, store: bool = False, log: str | Path | None = None) -> None:
        self.display = display
        self.question_set = question_set
        self.context = context
        size = len(question_set.questions) if question_set is not None else 0
        self.log = RunLog(display, slots=size)
        self.run_problems, self.join_problems = ProblemCollector(), ProblemCollector()
        self._merged: list[Question] | LogQuestions = LogQuestions(log, display) if log is not None else []
        self._repeated_at: dict[str, int] = {}  # merged form, repeated answers: a question's position, from its first attempt
        self._offset = _start_of_lines(log) if log is not None else 0
        self._place = (0, 0)  # (offset, length) of the line being fed
        self.questions: Sequence[Question] = question_set.questions if question_set is not None else self._merged
        self.answered = bytearray(size)
        self._differs = bytearray(size)
        self._inline_missing: list[int] = []
        self._inline_missing_count = 0
        self._unknown: dict[str, int] = {}
        self._uncovered: dict[str, int] = {}
        self.tally, self.findings = Tally(), Findings(max_findings)
        self.kept: dict[int, tuple[Answer | None, Outcome]] | None = {} if keep else None
        self.answers: list[Answer] = []
        self.stored = StoredOutcomes(self.questions) if store and not keep else None
        self._all_ids: list[str] | None = None

    def absorb(self, batch: ScoredBatch) -> None:
        """Read a batch summed in a worker (in file order): its sums added, then its lines
        joined in file order."""
        self.tally.merge(batch.tally)
        for position, order, finding in batch.findings:
            self.findings.add_keyed(position, order, finding)
        for measure, code, slice_name, count in batch.left_out:
            self.findings.count_left_out(measure, code, slice_name, count)
        if self.stored is not None and batch.stored is not None:
            self.stored.put_rows(batch.stored)
        rows, start = batch.rows, 0
        for result in batch.others:  # each read after the common lines before it
            end = bisect.bisect_left(rows.lines, result.line, start)
            self._take_rows(rows, start, end)
            self.feed(result)
            start = end
        self._take_rows(rows, start, len(rows.lines))
        for counted, more in ((self._unknown, rows.unknown), (self._uncovered, rows.uncovered)):
            for language, n in more.items():
                counted[language] = counted.get(language, 0) + n

    def _take_rows(self, rows: JoinedRows, start: int, end: int) -> None:
        """The common lines ``start`` to ``end`` of a batch, through the run-level checks
        and joined (as :meth:`feed` reads them, in fewer steps: see :func:`_plain`)."""
        if start == end:
            return
        positions, differs = rows.positions[start:end], rows.differs[start:end]
        duplicates = self.log.take_rows(rows.lines[start:end], positions, rows.bidi[start:end], self.run_problems, self._question_id)
        answered = self.answered
        if duplicates:  # the run has a problem (and gives no report): joined as feed joins
            left_out = set(duplicates)
            for i, position in enumerate(positions):
                if i not in left_out:
                    answered[position] = 1
                    self._differs[position] = differs[i]
            return
        for position in positions:
            answered[position] = 1
        for i in _positions(differs, 1):
            self._differs[positions[i]] = 1

    def _position_of(self, question_id: str) -> int | None:
        """The position in the set of the question with this id, or None (the merged form, whose
        questions carry no ``group``)."""
        lookup = self.context.questions
        if lookup is not None:
            hit = lookup.get(question_id)
            return hit[0] if hit is not None else None
        return None  # the merged form: its questions are in no group

    def _question_id(self, position: int) -> str:
        return self.questions[position].question_id

    def feed(self, result: LineResult) -> None:
        """Read one line's result (in file order)."""
        display, line, problems = self.display, result.line, self.run_problems
        if self.question_set is None:  # where the line is: only the merged form's questions are read from it
            self._place = (self._offset, result.size or 0)
            self._offset += (result.size or 0) + 1
        if not result.parsed:
            if not result.problems:  # a blank line: counted for a notice
                self.log.blank[1] = self.log.blank[1] or line
                self.log.blank[0] += 1
            for fld, message in result.problems:
                problems.add(display, line, fld, message)
            return
        found = result.found
        if result.value is not None:
            reading = read_log_line(self.log, line, result.value, problems)
            outcome = None
            if reading is not None:
                found, question = join_reading(reading, self.context)
                outcome = score_reading(reading, self.context, question) if question is not None else None
        else:
            self.log.answer_line()
            for fld, message in result.problems:
                problems.add(display, line, fld, message)
            reading, outcome = result.reading, result.outcome
            if reading is not None and not result.joined:  # scored elsewhere (a shard)
                found = join_reading(reading, self.context)[0]
        if reading is None:
            return
        answer = self.log.take(reading, problems, slot=found.position if found is not None else None)
        if answer is not None:
            self._join(reading, answer, outcome, found)

    def _join(self, reading: AnswerLine, answer: Answer, outcome: Outcome | None, found: Found | None) -> None:
        """The join of one answer (:func:`gate.inputs.join.join`, answer by answer), from where
        its question was found (:func:`join_reading`)."""
        if self.question_set is None:
            if reading.question is None and reading.merged:  # it carried expectations, with a problem already reported
                return
            if reading.question is None:
                self._inline_missing_count += 1
                if len(self._inline_missing) < self.join_problems.limit:
                    self._inline_missing.append(reading.line)
                return
            if answer.attempt is not None:  # repeated answers: the question once, from its first line
                if answer.question_id in self._repeated_at:
                    self._count(self._repeated_at[answer.question_id], answer, outcome)
                    return
                self._repeated_at[answer.question_id] = len(self._merged)
            if isinstance(self._merged, LogQuestions):
                self._merged.append(*self._place, reading.line)
            else:
                self._merged.append(reading.question)
            self.answered.append(1)
            self._differs.append(0)
            self._count(len(self._merged) - 1, answer, outcome)
            return
        if found is None:
            self._not_in_set(answer)
            return
        if canonical_language(answer.language) != canonical_language(found.language):
            self.join_problems.add(self.display, answer.line, "language",
                                   f"expected {found.language!r} as in the question set (line {found.line}), found {answer.language!r}")
            return
        self.answered[found.position] = 1
        self._differs[found.position] = found.differs
        self._count(found.position, answer, outcome)

    def _not_in_set(self, answer: Answer) -> None:
        assert self.question_set is not None
        if answer.question_id in self.question_set.rejected or not self.question_set.questions:
            return
        hint = ""
        if len(self.join_problems.problems) < self.join_problems.limit:
            hint = id_hint(answer.question_id, self._ids())
        self.join_problems.add(self.display, answer.line, "question_id",
                               f"answer for question {answer.question_id!r}{hint}, which is not in the question set {self.question_set.path}")

    def _ids(self) -> list[str]:
        """Every id of the set, in its order (read once, for the hints of answers that are
        not in the set)."""
        if self._all_ids is None:
            lookup = self.context.questions
            self._all_ids = list(lookup) if lookup is not None else [q.question_id for q in self.questions]
        return self._all_ids

    def _count(self, position: int, answer: Answer, outcome: Outcome | None) -> None:
        count_language(answer, self._unknown, self._uncovered)
        assert outcome is not None  # scored: its question was found, with its language
        if outcome is COUNTED:  # summed by the worker that scored it (ScoredBatch)
            return
        if self.kept is not None:
            if answer.attempt is not None:
                repeated_not_judged(self.run_problems, self.display, answer.line)
                return
            self.answers.append(answer)
            self.kept[position] = (answer, outcome)
            return
        self._add(position, outcome, answer.attempt is not None)

    def _add(self, position: int, outcome: Outcome, attempt: bool = False) -> None:
        if attempt or self.tally.attempts:  # repeated answers (an unanswered question: one failed attempt)
            self.tally.add_attempt(outcome)
        else:
            self.tally.add(outcome)
        if outcome.findings:
            self.findings.add(position, outcome.findings)
        if self.stored is not None:
            self.stored.put(position, outcome)

    def finish(self, other_problems: bool = False) -> Streamed | None:
        """After the last line: the streamed run, or None when the log, the join or another
        input (``other_problems``) had a problem (the log's are in :attr:`run_problems`,
        the join's in :attr:`join_problems`)."""
        assistant_version, set_version, run_notices = self.log.finish(self.run_problems)
        merged_set = self.question_set is None
        notices = self._join_notices(set_version)
        if self.run_problems.total or self.join_problems.total or other_problems:
            return None
        if self.question_set is not None:
            self._score_missing()
        add_group_findings(self.tally, self.findings, self._position_of)
        notices += self._answer_notices()
        if self.question_set is not None:
            notices += self.question_set.notices
        merged: Sequence[Question] = tuple(self._merged) if isinstance(self._merged, list) else self._merged
        if isinstance(merged, LogQuestions) and len(merged):
            merged.finish({})
        run = Run(path=self.display, assistant_version=assistant_version, set_version=set_version,
                  answers=tuple(self.answers),
                  merged_set=QuestionSet(self.display, set_version, merged) if merged_set else None,
                  notices=tuple(run_notices))
        kept = None
        outcomes: Sequence[Outcome] | None = self.stored
        if self.kept is not None:
            kept = [self.kept[i][0] if i in self.kept else None for i in range(len(self.questions))]
            outcomes = [self.kept[i][1] for i in range(len(self.questions))]
        return Streamed(run, merged if merged_set else self.questions, self.answered, self.log.answers, notices,
                        language_notices(self._unknown, self._uncovered), self.tally, self.findings, outcomes, kept)

    def _join_notices(self, set_version: str | None) -> list[str]:
        """The join's first notices and its problems of the merged form."""
        display, notices = self.display, []
        if self.question_set is None:
            if not self.questions:
                self.join_problems.add(display, None, None, "expected a question set (--questions FILE), found none; the log carries no expectations either")
            else:
                notices.append(f"{display}: expectations are read from the log (merged form); they belong in the question set, so that the same log can be re-scored against a revised set")
                for line in self._inline_missing:
                    self.join_problems.add(display, line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
                self.join_problems.total += self._inline_missing_count - len(self._inline_missing)
        elif self.log.merged:
            notices.append(f"{display}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {self.question_set.path}")
        if self.question_set is not None and set_version and self.question_set.version and set_version != self.question_set.version:
            notices.append(f"the run was logged against question set {set_version} and is scored against set {self.question_set.version}")
        return notices

    def _score_missing(self) -> None:
        """Every question with no answer, scored as one (a failure where it counts)."""
        for position in _positions(self.answered, 0):
            question = self.questions[position]
            outcome = score_answer(question, None, self.context.settings, self.context.format_rules)
            if self.kept is not None:
                self.kept[position] = (None, outcome)
            else:
                self._add(position, outcome)

    def _answer_notices(self) -> list[str]:
        """The notices of answers whose logged question differs and of questions with no
        answer: their counts, and the ids of the first ten of each (read from the set)."""
        differ = [self.questions[i].question_id for i in itertools.islice(_positions(self._differs, 1), 10)]
        missing = [self.questions[i].question_id for i in itertools.islice(_positions(self.answered, 0), 10)]
        return (logged_question_notices(differ, self._differs.count(1))
                + missing_notice(missing, len(self.answered) - self.answered.count(1)))


def _start_of_lines(path: str | Path) -> int:
    """Where the first line of a file starts: after a UTF-8 byte order mark, if one."""
    try:
        with open(path, "rb") as handle:
            return 3 if handle.read(3) == b"\xef\xbb\xbf" else 0
    except OSError:
        return 0  # the reading of the log reports it


def _positions(flags: bytearray, value: int) -> Iterator[int]:
    """The positions where ``flags`` holds ``value`` (0 or 1), in order."""
    position = flags.find(value)
    while position >= 0:
        yield position
        position = flags.find(value, position + 1)


class LineSource(Protocol):
    """Lines scored elsewhere (the shards of :mod:`gate.run.shards`), in file order, and the
    findings that came with them."""

    def results(self, context: Context, problems: ProblemCollector) -> Iterator[list[LineResult]]: ...

    def add_findings(self, findings: Findings) -> None: ...


def stream_inputs(run_path: str | Path, question_set: QuestionSet | None, settings: fig.MatchSettings, format_rules: Any,
                  jobs: int = 1, max_findings: int | None = None, keep: bool = False, store: bool = False,
                  source: LineSource | None = None, score: bool = True) -> tuple[RunPass, Streamed | None, ProblemCollector]:
    """Read, validate, join and score a log in one pass (see :class:`RunPass` for ``keep``
    and ``store``), its lines scored in ``jobs`` processes, or taken from ``source``.
    Without ``score`` (the settings are bad), the log is read, validated and joined for its
    problems, no answer is scored, and the streamed run is None.

    Returns:
        ``(the pass, the streamed run or None, the problems)``: the log's then the join's,
        in the order :func:`gate.inputs.run_log.load_run` and :func:`gate.inputs.join.join` give them
        (the set's problems go between: the caller's). The run is None when there was any.
    """
    display = shown(run_path)
    context = Context(display, QuestionLookup(question_set.questions) if question_set is not None else None, settings, format_rules)
    run_pass = RunPass(display, question_set, context, max_findings, keep=keep, store=store, log=run_path if source is None else None)
    if max_findings is None and not keep and score:
        from gate.engine.findings import SpilledFindings

        run_pass.findings = SpilledFindings()  # every finding listed: written to disk as it comes
    summing = Summing(max_findings, run_pass.stored is not None) if question_set is not None and not keep and score else None
    scored: Iterator[list[LineResult] | ScoredBatch]
    if source is not None:
        scored = source.results(context, run_pass.run_problems)
    else:  # unscored: the lines are read and validated only; the pass joins them itself
        scored = scored_batches(run_path, context if score else replace(context, join=False), run_pass.run_problems, jobs, summing,
                                run_pass.findings.bar)
    for results in scored:
        if isinstance(results, ScoredBatch):
            run_pass.absorb(results)
            continue
        for result in results:
            if not score and result.reading is not None and result.reading.answer is not None:
                result.outcome = COUNTED  # joined, never summed: nothing is reported
            run_pass.feed(result)
    if source is not None:
        source.add_findings(run_pass.findings)
    return run_pass, run_pass.finish(other_problems=not score), run_pass.join_problems
