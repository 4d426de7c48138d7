"""The run scored as a stream: flat memory whatever the number of answers, on every core.

The log is read line by line. Each line is parsed, validated, joined to its question and
scored by :func:`score_lines`, a pure function of a batch of raw lines (it runs in this
process or in worker processes: the results are the same). The main process keeps what
needs the whole run, in file order: the header, duplicate ids, the problems, the sums per
slice (:class:`Tally`) and a bounded list of findings (:class:`Findings`).

The question set is held on disk, in an SQLite index (standard library) in a temporary
folder, so a set of a million questions costs a few MB of memory: per question its id,
its line and the question itself (pickled). Per question the main process keeps two
integers (the log line of its answer, and a flag), in arrays.

Problems, notices, scores and findings are those of :func:`gate.pipeline.check_run` (the
loaders of :mod:`gate.records`), in the same order: the JSON report is byte for byte the
same (``tests/test_stream.py``).
"""

from __future__ import annotations

import difflib
import heapq
import os
import pickle
import sqlite3
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from gate import figures as fig
from gate.errors import ProblemCollector
from gate.measures import MEASURES, Count, Finding, Outcome, score_answer
from gate.records import (
    MERGED_FIELDS,
    NO_VALUE,
    RUN_FILE_NAME,
    Answer,
    Question,
    _known_answer_fields,
    _decimals,
    _question,
    _validate,
    canonical_language,
    parse_line,
    read_jsonl,
    read_lines,
)
from gate.scores import ALL, Score, language_slice

#: Lines handed to a worker at a time.
BATCH_LINES = 2000
#: Findings listed in the report by default; the rest are counted by code and slice.
DEFAULT_MAX_FINDINGS = 1000


# --- the question set, on disk ----------------------------------------------------------

class SetIndex:
    """The valid questions of a set, by id, in an SQLite file; loaded with the checks of
    :func:`gate.records.load_question_set` (same problems, same order).

    Attributes:
        path: the SQLite file; display: the set as given; version: from its header.
        count: how many questions.
    """

    def __init__(self, folder: str, set_path: str | Path | None) -> None:
        self.path = os.path.join(folder, "set.sqlite")
        self.display = str(set_path) if set_path is not None else None
        self.version: str | None = None
        self.count = 0
        self._db = sqlite3.connect(self.path)
        self._db.execute("pragma journal_mode = off")
        self._db.execute("pragma synchronous = off")
        self._db.execute("create table q (qid text primary key, pos integer, line integer, data blob) without rowid")

    def load(self, problems: ProblemCollector) -> None:
        """Read the set file, line by line (see :func:`gate.records.load_question_set`)."""
        display = self.display
        first = True
        for line, value in read_jsonl(Path(display), display, problems):
            if first and isinstance(value, dict) and "set" in value:
                first = False
                if _validate("set_header", value, display, line, problems):
                    self.version = value["set"]["version"]
                continue
            if isinstance(value, dict) and "set" in value and "question_id" not in value:
                problems.add(display, line, "set", "expected a question, found a header line: the {\"set\": ...} header must be the first line")
                continue
            first = False
            if isinstance(value, dict) and "run" in value:
                problems.add(display, line, "run", "expected a question, found a run log header: is this file a run log rather than the question set?")
                continue
            if not _validate("question", value, display, line, problems):
                continue
            qid = value["question_id"]
            seen = self.lookup_line(qid)
            if seen is not None:
                problems.add(display, line, "question_id", f"duplicate question_id {qid!r}, first on line {seen}")
                continue
            self.add(_question(value, line))
        if not self.count and not problems.total:
            problems.add(display, None, None, "expected at least one question, found none (the file is empty or holds a header only)")
        self._db.commit()

    def add(self, question: Question) -> int:
        """Store a question; returns its position (0-based, set order)."""
        self._db.execute("insert into q values (?, ?, ?, ?)", (question.question_id, self.count, question.line,
                                                               pickle.dumps(question, pickle.HIGHEST_PROTOCOL)))
        self.count += 1
        return self.count - 1

    def lookup_line(self, qid: str) -> int | None:
        row = self._db.execute("select line from q where qid = ?", (qid,)).fetchone()
        return row[0] if row else None

    def question_at(self, pos: int) -> Question:
        """The question at a position of the set."""
        return pickle.loads(self._db.execute("select data from q where pos = ?", (pos,)).fetchone()[0])

    def ids(self) -> list[str]:
        """Every id, in set order (for a "did you mean" hint on bad input only)."""
        return [r[0] for r in self._db.execute("select qid from q order by pos")]

    def questions(self) -> Iterator[tuple[int, Question]]:
        """``(position, question)`` in set order, read from disk."""
        for pos, data in self._db.execute("select pos, data from q order by pos"):
            yield pos, pickle.loads(data)

    def close(self) -> None:
        self._db.commit()
        self._db.close()


class _Lookup:
    """A read-only connection to a :class:`SetIndex` file (one per process)."""

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    def get(self, qid: str) -> tuple[int, Question] | None:
        row = self._db.execute("select pos, data from q where qid = ?", (qid,)).fetchone()
        return (row[0], pickle.loads(row[1])) if row else None


# --- one line: parsed, validated, joined and scored (pure; runs in any process) ----------

@dataclass
class LineResult:
    """What one log line gave.

    Attributes:
        line: its line number.
        problems: ``(field, message)`` found before the duplicate check (JSON, schema).
        value: the parsed value, for a line the main process must read itself (a header,
            or one that may be one); else None.
        qid: the question id of a valid answer line, else None.
        later: ``(field, message)`` found after the duplicate check (misspelt expectations,
            a merged line without its expected behaviour).
        unknown: unknown field names (notices).
        merged: whether the line carries expectations; question: its own question then.
        answered: the line is an answer (kept unless it is a duplicate).
        pos: the position of its question in the set, or None (not in the set).
        language_problem: ``(field, message)`` when its language differs from the set's.
        unknown_language: the answer's language has no locale data.
        outcome: its score, or None.
    """

    line: int
    problems: list = field(default_factory=list)
    value: Any = None
    yielded: bool = False
    qid: str | None = None
    later: list = field(default_factory=list)
    unknown: tuple = ()
    merged: bool = False
    question: Question | None = None
    answered: bool = False
    pos: int | None = None
    language: str | None = None
    language_problem: tuple | None = None
    unknown_language: bool = False
    outcome: Outcome | None = None
    scored: Question | None = None


class _Collect(ProblemCollector):
    """A collector that keeps every problem of one line as ``(field, message)``."""

    def __init__(self) -> None:
        super().__init__(limit=1_000_000)

    def fields(self) -> list[tuple[str | None, str]]:
        return [(p.field, p.message) for p in self.problems]


@dataclass(frozen=True)
class Context:
    """What scoring a line needs besides the line: the log as shown, the set index file (or
    None for the merged form), and the matching settings."""

    display: str
    index_path: str | None
    settings: fig.MatchSettings


_LOOKUPS: dict[str, _Lookup] = {}
_KNOWN: set[str] = set()


def _lookup(path: str) -> _Lookup:
    if path not in _LOOKUPS:
        _LOOKUPS[path] = _Lookup(path)
    return _LOOKUPS[path]


def read_answer_line(line: int, value: Any, context: Context) -> LineResult:
    """A parsed log line validated as an answer, joined and scored (see :class:`LineResult`)."""
    display = context.display
    result = LineResult(line, yielded=True)
    collect = _Collect()
    if not _validate("answer", value, display, line, collect):
        result.problems = collect.fields()
        return result
    if not _KNOWN:
        _KNOWN.update(_known_answer_fields())
    result.qid = qid = value["question_id"]
    found = _lookup(context.index_path).get(qid) if context.index_path is not None else None
    if found is not None:
        result.pos = found[0]
    unknown = []
    for key in value:
        if key not in _KNOWN:
            if key.startswith("expected"):
                close = difflib.get_close_matches(key, MERGED_FIELDS, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                result.later.append((key, f"unknown expectation field; {hint}expected one of {', '.join(MERGED_FIELDS)} (a misspelt expectation would silently score nothing)"))
            else:
                unknown.append(key)
    result.unknown = tuple(unknown)
    if result.later:
        return result
    passages = value.get("retrieved_passages") or {}
    answer = Answer(
        question_id=qid,
        language=canonical_language(value["language"]),
        question=value.get("question", ""),
        retrieved_ids=tuple(value["retrieved_ids"]),
        retrieved_values=_decimals(value["retrieved_values"]),
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
    result.answered = True
    result.language = answer.language
    result.merged = any(f in value for f in MERGED_FIELDS)
    if result.merged:
        if "expected_behaviour" not in value:
            result.later.append(("expected_behaviour", "missing required field: a merged line carrying expectations must state the expected behaviour"))
        else:
            result.question = _question(value, line)
    if context.index_path is not None:
        if found is None:
            return result
        question = found[1]
        if canonical_language(answer.language) != canonical_language(question.language):
            result.language_problem = ("language", f"expected {question.language!r} as in the question set (line {question.line}), found {answer.language!r}")
            return result
    elif result.question is not None:
        question = result.question
    else:
        return result
    result.unknown_language = not fig.language_known(answer.language)
    result.outcome = score_answer(question, answer, context.settings)
    result.scored = question
    return result


def score_lines(batch: list[tuple[int, bytes]], context: Context) -> list[LineResult]:
    """Parse, validate, join and score a batch of raw log lines; pure (the same batch gives
    the same results in any process). Lines that may be a header are returned parsed, for
    the main process to read (only it knows which line comes first)."""
    out = []
    for line, chunk in batch:
        collect = _Collect()
        value = parse_line(line, chunk, context.display, collect)
        if value is NO_VALUE:
            out.append(LineResult(line, problems=collect.fields()))
            continue
        if isinstance(value, dict) and ("run" in value or "set" in value):
            out.append(LineResult(line, value=value, yielded=True))
            continue
        out.append(read_answer_line(line, value, context))
    return out


def _score_batch(args: tuple[list[tuple[int, bytes]], Context]) -> list[LineResult]:
    return score_lines(*args)


# --- the sums and the findings -----------------------------------------------------------

class Tally:
    """Counts per slice and measure, summed by addition; nothing per answer."""

    def __init__(self) -> None:
        self.names = [m.name for m in MEASURES]
        self.sums: dict[str, list[list[int]]] = {}

    def add(self, outcome: Outcome) -> None:
        for slice_name in (ALL, language_slice(outcome.language)):
            row = self.sums.get(slice_name)
            if row is None:
                row = self.sums[slice_name] = [[0, 0] for _ in self.names]
            for cell, name in zip(row, self.names):
                count = outcome.counts[name]
                cell[0] += count.numerator
                cell[1] += count.denominator

    def merge(self, other: "Tally") -> None:
        for slice_name, row in other.sums.items():
            mine = self.sums.setdefault(slice_name, [[0, 0] for _ in self.names])
            for a, b in zip(mine, row):
                a[0] += b[0]
                a[1] += b[1]

    def scores(self) -> list[Score]:
        """The scores as :func:`gate.scores.aggregate` gives them: ``all`` then languages."""
        slices = [ALL] + sorted(s for s in self.sums if s != ALL)
        if ALL not in self.sums:
            self.sums[ALL] = [[0, 0] for _ in self.names]
        return [Score(s, name, Count(*self.sums[s][i])) for s in slices for i, name in enumerate(self.names)]


class Findings:
    """The first ``limit`` findings in the set's order, held; the others counted by code and
    slice. Findings are offered with a key (the question's line in the set, then their order
    in the outcome)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self._heap: list[tuple[tuple[int, int], int, Finding]] = []  # max-heap by negated key
        self.total = 0
        self._seq = 0
        self.left_out: dict[tuple[str, str], int] = {}

    def add(self, line: int, findings: Iterable[Finding]) -> None:
        for i, f in enumerate(findings):
            self.add_keyed(line, i, f)

    def add_keyed(self, key: int, order: int, f: Finding) -> None:
        """Offer one finding: the ``order``-th of the question at ``key``."""
        self.total += 1
        self._seq += 1
        item = ((-key, -order), self._seq, f)
        if self.limit is None or len(self._heap) < self.limit:
            heapq.heappush(self._heap, item)
            return
        if self.limit == 0 or item[0] < self._heap[0][0]:
            self._count(f)
            return
        dropped = heapq.heapreplace(self._heap, item)
        self._count(dropped[2])

    def keyed(self) -> list[tuple[int, int, Finding]]:
        """The findings held, as ``(key, order, finding)`` in the set's order."""
        return [(-k[0], -k[1], f) for k, _, f in sorted(self._heap, key=lambda item: (-item[0][0], -item[0][1]))]

    def _count(self, f: Finding) -> None:
        for key in ((f.code, ALL), (f.code, language_slice(f.language))):
            self.left_out[key] = self.left_out.get(key, 0) + 1

    def listed(self) -> list[Finding]:
        return [f for _, _, f in sorted(self._heap, key=lambda item: (-item[0][0], -item[0][1]))]

    def not_listed(self) -> tuple[tuple[str, str, int], ...]:
        """``(code, slice, count)`` of the findings left out, sorted."""
        return tuple(sorted((code, s, n) for (code, s), n in self.left_out.items()))


# --- the whole run ----------------------------------------------------------------------

def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _batches(run_path: str, display: str, problems: ProblemCollector) -> Iterator[list[tuple[int, bytes]]]:
    batch: list[tuple[int, bytes]] = []
    for item in read_lines(Path(run_path), display, problems):
        batch.append(item)
        if len(batch) >= BATCH_LINES:
            yield batch
            batch = []
    if batch:
        yield batch


def scored_batches(run_path: str, context: Context, problems: ProblemCollector, jobs: int) -> Iterator[list[LineResult]]:
    """The log's lines scored, batch by batch in file order; in ``jobs`` worker processes
    when the log holds more than one batch, with a bounded number of batches in flight."""
    batches = _batches(run_path, context.display, problems)
    first = next(batches, None)
    if first is None:
        return
    second = next(batches, None)
    if jobs <= 1 or second is None:
        yield score_lines(first, context)
        if second is not None:
            yield score_lines(second, context)
        for batch in batches:
            yield score_lines(batch, context)
        return
    import multiprocessing
    from collections import deque

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        pending: deque = deque()
        for batch in _chain(first, second, batches):
            pending.append(pool.apply_async(score_lines, (batch, context)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _chain(*parts):
    for part in parts[:-1]:
        yield part
    yield from parts[-1]


@dataclass
class StreamedRun:
    """What the log pass gives: the run's description, the sums, the findings and what the
    report and the baseline comparison need. No per-answer object is kept."""

    display: str
    assistant_version: str | None
    set_version: str | None
    answers: int
    questions: int
    set_display: str
    set_version_used: str | None
    tally: Tally
    findings: Findings
    notices: list[str]
    score_notices: list[str]
    outcomes: "_OutcomeStore | None" = None


def stream_run(run_path: str | Path, questions_path: str | Path | None, settings: fig.MatchSettings, folder: str,
               problems: ProblemCollector, jobs: int = 1, max_findings: int | None = DEFAULT_MAX_FINDINGS,
               keep_outcomes: bool = False, source: Iterable[list[LineResult]] | None = None,
               shard_findings: Iterable[tuple[int, int, Finding]] = (),
               shard_left_out: Iterable[tuple[str, str, int]] = ()) -> StreamedRun | None:
    """Read, validate, join and score a run in one pass over the log (see the module text).

    Problems go to ``problems`` in the order of :func:`gate.pipeline.check_run_in_memory`:
    the log's, the set's, then the join's. Returns None when there was any.

    ``source`` replaces the scoring of the log with results already scored (the shards of
    :mod:`gate.shards`, in order), whose findings come as ``shard_findings`` (key, order,
    finding) and ``shard_left_out`` (code, slice, count).
    """
    display = str(run_path)
    run_problems, set_problems, join_problems = ProblemCollector(), ProblemCollector(), ProblemCollector()
    index = None
    if questions_path is not None:
        index = SetIndex(folder, questions_path)
        index.load(set_problems)
    context = Context(display, index.path if index is not None else None, settings)
    answer_line = array("q", bytes(8 * index.count)) if index is not None else None
    seen: dict[str, int] = {}
    first = True
    header: dict[str, Any] | None = None
    answers = 0
    merged = 0  # lines carrying their own question (expectations inline)
    plain_count, plain_first = 0, 0
    inline_missing: list[int] = []
    inline_missing_count = 0
    unknown: dict[str, list[int]] = {}
    unknown_language: dict[str, int] = {}
    tally, findings = Tally(), Findings(max_findings)
    store = _OutcomeStore(folder) if keep_outcomes else None
    hints: list[str] | None = None

    for key, order, finding in shard_findings:
        findings.add_keyed(key, order, finding)
    for code, slice_name, count in shard_left_out:
        findings.left_out[(code, slice_name)] = findings.left_out.get((code, slice_name), 0) + count
        if slice_name == ALL:
            findings.total += count
    for results in (source if source is not None else scored_batches(str(run_path), context, run_problems, jobs)):
        for r in results:
            if not r.yielded:
                for fld, message in r.problems:
                    run_problems.add(display, r.line, fld, message)
                continue
            if r.value is not None:
                value = r.value
                if first and "run" in value:
                    first = False
                    if _validate("run_header", value, display, r.line, run_problems):
                        header = value["run"]
                    continue
                if "run" in value and "question_id" not in value:
                    run_problems.add(display, r.line, "run", "expected an answer, found a header line: the {\"run\": ...} header must be the first line")
                    continue
                first = False
                if "set" in value and "question_id" not in value:
                    run_problems.add(display, r.line, "set", "expected an answer, found a question set header: is this file the question set rather than a run log?")
                    continue
                r = read_answer_line(r.line, value, context)
            first = False
            for fld, message in r.problems:
                run_problems.add(display, r.line, fld, message)
            if r.qid is None:
                continue
            qid = r.qid
            if answer_line is not None and r.pos is not None:
                previous = answer_line[r.pos]
                if not previous:
                    answer_line[r.pos] = r.line
            else:
                previous = seen.get(qid, 0)
                if not previous:
                    seen[qid] = r.line
            if previous:
                run_problems.add(display, r.line, "question_id", f"duplicate question_id {qid!r}, first on line {previous}")
                continue
            for key in r.unknown:
                entry = unknown.setdefault(key, [0, r.line])
                entry[0] += 1
            for fld, message in r.later:
                run_problems.add(display, r.line, fld, message)
            if not r.answered:
                continue
            answers += 1
            if r.merged:
                merged += r.question is not None
            else:
                plain_count += 1
                plain_first = plain_first or r.line
            if index is None:
                if r.question is None:
                    inline_missing_count += 1
                    if len(inline_missing) <= join_problems.limit:
                        inline_missing.append(r.line)
                    continue
            elif r.pos is None:
                if index.count:
                    hint = ""
                    if len(join_problems.problems) < join_problems.limit:
                        hints = index.ids() if hints is None else hints
                        close = difflib.get_close_matches(qid, hints, n=1)
                        hint = f" (did you mean {close[0]!r}?)" if close else ""
                    join_problems.add(display, r.line, "question_id", f"answer for question {qid!r}{hint}, which is not in the question set {index.display}")
                continue
            elif r.language_problem is not None:
                join_problems.add(display, r.line, *r.language_problem)
                continue
            if r.outcome is not None and not (run_problems.total or set_problems.total or join_problems.total):
                scored = r.scored
                if scored is None and store is not None and index is not None:
                    scored = index.question_at(r.pos)
                _count(r.outcome, r.pos if index is not None else r.line, tally, findings, store, scored, True)
                if r.unknown_language:
                    unknown_language[r.language] = unknown_language.get(r.language, 0) + 1
    if not answers and not run_problems.total:
        run_problems.add(display, None, None, "expected at least one answer, found none (the file is empty or holds a header only)")

    notices: list[str] = []
    known = sorted(_known_answer_fields())
    for key in sorted(unknown):
        count, line = unknown[key]
        close = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        notices.append(f"{display}: unknown field {key!r}{hint} on {count} line(s), first line {line}; it is ignored")
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
    if index is None and merged and plain_count:
        notices.append(f"{display}: {plain_count} line(s) carry no expectations while others do (first line {plain_first})")

    join_notices: list[str] = []
    if index is None:
        if not merged:
            join_problems.add(display, None, None, "expected a question set (--questions FILE), found none; the log carries no expectations either")
        else:
            join_notices.append(f"{display}: expectations are read from the log (merged form); they belong in the question set, so that the same log can be re-scored against a revised set")
            for line in inline_missing[: join_problems.limit]:
                join_problems.add(display, line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
            join_problems.total += inline_missing_count - min(inline_missing_count, join_problems.limit)
    elif merged:
        join_notices.append(f"{display}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {index.display}")

    problems.extend(run_problems)
    problems.extend(set_problems)
    problems.extend(join_problems)
    if problems.total:
        return None

    missing_count, missing_shown = 0, []
    if index is not None:
        if set_version and index.version and set_version != index.version:
            join_notices.append(f"the run was logged against question set {set_version} and is scored against set {index.version}")
        for pos, question in index.questions():
            if not answer_line[pos]:
                missing_count += 1
                if len(missing_shown) < 10:
                    missing_shown.append(question.question_id)
                _count(score_answer(question, None, settings), pos, tally, findings, store, question, False)
    if missing_count:
        shown = ", ".join(missing_shown) + (f" and {missing_count - 10} more" if missing_count > 10 else "")
        join_notices.append(f"{missing_count} question(s) of the set have no answer in the run: {shown}; each counts as a failure")
    score_notices = [
        f"language {lang!r} is unknown to the locale data; its {n} answer(s) were read with "
        f"{fig.DEFAULT_LANGUAGE!r} number conventions"
        for lang, n in sorted(unknown_language.items())
    ]
    return StreamedRun(
        display=display, assistant_version=assistant_version, set_version=set_version, answers=answers,
        questions=index.count if index is not None else merged,
        set_display=index.display if index is not None else display,
        set_version_used=index.version if index is not None else set_version,
        tally=tally, findings=findings, notices=notices + join_notices, score_notices=score_notices,
        outcomes=store,
    )


def _count(outcome: Outcome, key: int, tally: Tally, findings: Findings, store: "_OutcomeStore | None",
           question: Question | None, answered: bool) -> None:
    tally.add(outcome)
    if outcome.findings:
        findings.add(key, outcome.findings)
    if store is not None:
        store.add(key, outcome, question, answered)


class _OutcomeStore:
    """Per-question counts on disk (SQLite), for the baseline comparison: a few bytes a
    question, in memory only while the comparison reads them."""

    def __init__(self, folder: str) -> None:
        self._db = sqlite3.connect(os.path.join(folder, "outcomes.sqlite"))
        self._db.execute("pragma journal_mode = off")
        self._db.execute("pragma synchronous = off")
        self._db.execute("create table o (key integer primary key, qid text, language text, counts blob, question blob, answered integer)")
        self._rows: list = []

    def add(self, key: int, outcome: Outcome, question: Question | None, answered: bool) -> None:
        counts = array("q", [x for m in MEASURES for x in (outcome.counts[m.name].numerator, outcome.counts[m.name].denominator)])
        self._rows.append((key, outcome.question_id, outcome.language, counts.tobytes(),
                           pickle.dumps(question, pickle.HIGHEST_PROTOCOL), int(answered)))
        if len(self._rows) >= BATCH_LINES:
            self.flush()

    def flush(self) -> None:
        self._db.executemany("insert into o values (?, ?, ?, ?, ?, ?)", self._rows)
        self._rows = []

    def rows(self) -> Iterator[tuple[Question, bool, Outcome]]:
        """``(question, answered, outcome without findings)`` in the set's order, from disk."""
        self.flush()
        for qid, language, blob, question, answered in self._db.execute(
                "select qid, language, counts, question, answered from o order by key"):
            counts = array("q")
            counts.frombytes(blob)
            outcome = Outcome(qid, language, {m.name: Count(counts[2 * i], counts[2 * i + 1]) for i, m in enumerate(MEASURES)}, ())
            yield pickle.loads(question), bool(answered), outcome


class StoredPairs:
    """The joined pairs read back from an :class:`_OutcomeStore`, each time they are iterated:
    ``(question, True or None)`` (the answer itself is not kept; only whether there was one)."""

    def __init__(self, store: _OutcomeStore) -> None:
        self._store = store

    def __iter__(self):
        for question, answered, _ in self._store.rows():
            yield question, (True if answered else None)


class StoredOutcomes:
    """The outcomes aligned with :class:`StoredPairs`, read back from disk when iterated."""

    def __init__(self, store: _OutcomeStore) -> None:
        self._store = store

    def __iter__(self):
        for _, _, outcome in self._store.rows():
            yield outcome
