"""A log scored in shards, on as many machines as there are shards, and merged.

``answer-gate score-shard RUN --shard K/N --out FILE`` scores the lines that start in the
K-th N-th of the log's bytes (:func:`score_shard`): the lines keep their numbers in the
whole log, so problems and findings name the same lines as ``check`` does. A shard file is
JSON lines: a header naming the log, its size, the set and thresholds and the shard; one
compact record per line (what the run-level checks and the join need: problems, question
id, language, the counts of its outcome); then the shard's first findings and the count by
code and slice of the others.

``answer-gate merge SHARD...`` (:func:`merge_shards`) checks that the files are the N
shards of one log scored with one set and one thresholds file, replays the run-level
checks and the join over the records in file order (:class:`gate.engine.stream.RunPass`: a
duplicate across two shards is found as in one), scores the questions no shard answered,
and checks the rules and the baseline: the report is the one ``check`` writes, byte for
byte (``tests/test_shards.py``).

A report exists only when no line has a problem, so every outcome a shard scored counts;
the first ``max_findings`` of the whole run are among the first ``max_findings`` of the
shards.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, NoReturn

from gate.core.errors import InputError, Problem, ProblemCollector
from gate.core.files import atomic_open
from gate.core.jsonlines import parse_line, read_lines
from gate.core.stdin import shown
from gate.engine.findings import Findings
from gate.engine.lines import Context, LineResult, score_lines
from gate.inputs.question_index import QuestionLookup
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import AnswerLine
from gate.model.groups import GroupEntry
from gate.model.inputs import Answer, Question
from gate.model.measures import MEASURES
from gate.model.outcomes import Count, FigureRef, Finding, Outcome, QuoteRef
from gate.report.model import Report
from gate.rules.thresholds import load_thresholds

FORMAT = 4
#: The header fields every shard of one log must share, and what each names in a message.
_SAME = (("of", "the number of shards"), ("run", "the log"), ("run_bytes", "the log's size in bytes"),
         ("run_sha256", "the log's content (SHA-256)"), ("questions", "the question set"),
         ("questions_sha256", "the question set's content (SHA-256)"), ("thresholds", "the thresholds file"),
         ("thresholds_sha256", "the thresholds file's content (SHA-256)"), ("max_findings", "--max-findings"))
_SHARD = re.compile(r"^\s*(\d{1,6})\s*/\s*(\d{1,6})\s*$")


def file_sha256(path: str | Path) -> str:
    """The SHA-256 of a file's bytes, hex (read in blocks of 1 MiB: memory stays flat)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``.

    Raises:
        InputError: not ``K/N`` with 1 <= K <= N.
    """
    match = _SHARD.match(text)
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise InputError([Problem("--shard", None, None, f"expected K/N with 1 <= K <= N, such as 2/4, found {text!r}")])
    return int(match[1]), int(match[2])


def score_shard(run_path: str | Path, questions_path: str | Path | None, thresholds: str | Path, shard: tuple[int, int],
                out: str | Path, max_findings: int | None = None) -> int:
    """Score the K-th of N shards of a log and write the shard file (see the module).

    Returns:
        How many lines the shard holds.

    Raises:
        InputError: the thresholds, the set or the log cannot be read as a whole (a line's
            own problems are written to the shard file, for the merge to report).
    """
    problems = ProblemCollector()
    rules = load_thresholds(thresholds)
    question_set = load_question_set(questions_path) if questions_path is not None else None
    display = shown(run_path)
    size = Path(run_path).stat().st_size if Path(run_path).is_file() else 0
    k, n = shard
    span = ((k - 1) * size // n, k * size // n)
    questions = QuestionLookup(question_set.questions) if question_set is not None else None
    context = Context(display, questions, rules.matching, rules.format)
    findings = Findings(max_findings)
    header = {"shard": {"format": FORMAT, "index": k, "of": n, "run": display, "run_bytes": size,
                        "run_sha256": file_sha256(run_path),
                        "questions": str(questions_path) if questions_path is not None else None,
                        "questions_sha256": file_sha256(questions_path) if questions_path is not None else None,
                        "thresholds": rules.path, "thresholds_sha256": file_sha256(thresholds), "max_findings": max_findings}}
    lines = 0
    with atomic_open(out) as raw:
        handle = io.TextIOWrapper(raw, encoding="utf-8")
        handle.write(json.dumps(header, sort_keys=True) + "\n")
        batch: list[tuple[int, bytes]] = []
        for item in read_lines(Path(run_path), display, problems, byte_range=span):
            batch.append(item)
            if len(batch) >= 2000:
                lines += _write_batch(handle, batch, context, findings)
                batch = []
        lines += _write_batch(handle, batch, context, findings)
        handle.write(json.dumps({"findings": [[p, o, _finding(f)] for p, o, f in findings.keyed()],
                                 "left_out": [list(x) for x in findings.not_listed()], "lines": lines}, sort_keys=True) + "\n")
        handle.flush()
        handle.detach()  # the file is closed, synced and renamed by atomic_open
    problems.raise_if_any()
    return lines


def _write_batch(handle: Any, batch: list[tuple[int, bytes]], context: Context, findings: Findings) -> int:
    raw = dict(batch)
    for result in score_lines(batch, context):
        handle.write(json.dumps(_record(result, raw[result.line]), ensure_ascii=False, sort_keys=True) + "\n")
        if result.outcome is not None and result.reading is not None:
            findings.add(_key(result.reading, context), result.outcome.findings)
    return len(batch)


def _key(reading: AnswerLine, context: Context) -> int:
    """The order of an answer's findings: its question's position in the set, or (merged
    form) its line, in the order of the merged questions."""
    if context.questions is None:
        return reading.line
    return context.questions[reading.question_id][0]


def _record(result: LineResult, raw: bytes) -> dict[str, Any]:
    """One line's result as plain data: what the merge's run checks and join read."""
    out: dict[str, Any] = {"l": result.line}
    if not result.parsed:
        out["x"] = result.problems
    elif result.value is not None:
        out["h"] = raw.decode("utf-8")
    elif result.reading is None:
        out["e"] = result.problems
    else:
        r = result.reading
        answer = r.answer
        out.update({"q": r.question_id, "later": r.later, "u": list(r.unknown), "b": r.bidi, "m": r.merged,
                    "a": None if answer is None else [answer.language, answer.question],
                    "mq": None if r.question is None else _question(r.question)})
        if r.attempt is not None:
            out["t"] = r.attempt
        if result.outcome is not None:
            out["c"] = [x for m in MEASURES for x in _pair(result.outcome.counts.get(m.name))]
            if result.outcome.group is not None:  # compared across languages after the merge
                out["g"] = result.outcome.group.to_data()
    return out


def _pair(count: Count | None) -> tuple[int, int]:
    return (0, 0) if count is None else (count.numerator, count.denominator)


def _question(q: Question) -> dict[str, Any]:
    return {"id": q.question_id, "language": q.language, "text": q.text, "behaviour": q.expected_behaviour,
            "values": [str(v) for v in q.expected_values], "ids": list(q.expected_ids), "caveats": list(q.expected_caveats),
            "line": q.line, "label": q.expected_label, "format": q.answer_format, "period": q.expected_period,
            "acceptable": list(q.acceptable_ids)}


def _question_from(d: dict[str, Any]) -> Question:
    return Question(d["id"], d["language"], d["text"], d["behaviour"], tuple(Decimal(v) for v in d["values"]), tuple(d["ids"]),
                    tuple(d["caveats"]), d["line"], d["label"], d["format"], expected_period=d.get("period"),
                    acceptable_ids=tuple(d.get("acceptable", ())))


def _finding(f: Finding) -> dict[str, Any]:
    """A finding as plain data, every field (a test merges shards to check's bytes)."""
    figure = None if f.figure is None else [f.figure.text, str(f.figure.value), f.figure.start, f.figure.end]
    quote = None if f.quote is None else [f.quote.text, f.quote.start, f.quote.end]
    return {"q": f.question_id, "lang": f.language, "m": f.measure, "c": f.code, "t": f.message, "f": figure, "id": f.cited_id,
            "quote": quote, "look": f.look_first}


def _finding_from(d: dict[str, Any]) -> Finding:
    figure = None if d["f"] is None else FigureRef(d["f"][0], Decimal(d["f"][1]), d["f"][2], d["f"][3])
    quote = None if d["quote"] is None else QuoteRef(d["quote"][0], d["quote"][1], d["quote"][2])
    return Finding(d["q"], d["lang"], d["m"], d["c"], d["t"], figure, d["id"], quote, d["look"])


@dataclass
class ShardSet:
    """The shard files of one log, checked to belong together, in shard order.

    Attributes:
        paths: the files, shard 1 first.
        header: the first shard's header (run, set, thresholds; all agree).
    """

    paths: list[Path]
    header: dict[str, Any]

    @classmethod
    def read(cls, paths: Sequence[str | Path]) -> ShardSet:
        """Read and check the headers.

        Raises:
            InputError: a file that is no shard file, shards of different logs, sets or
                thresholds, a shard missing or given twice.
        """
        problems = ProblemCollector()
        headers: dict[int, tuple[Path, dict[str, Any]]] = {}
        first: dict[str, Any] | None = None
        for path in map(Path, paths):
            header = _header(path, problems)
            if header is None:
                continue
            first = first or header
            differ = [(key, what) for key, what in _SAME if header.get(key) != first.get(key)]
            for key, what in differ:
                problems.add(str(path), 1, f"shard.{key}", f"expected a shard of the same log, set and thresholds as {paths[0]}: "
                             f"{what} differs ({first.get(key)!r} there, {header.get(key)!r} here)")
            if differ:
                continue
            if header["index"] in headers:
                problems.add(str(path), 1, "shard.index", f"expected each shard once, found shard {header['index']} again (also {headers[header['index']][0]})")
            else:
                headers[header["index"]] = (path, header)
        if first is not None and not problems.total:
            missing = [k for k in range(1, first["of"] + 1) if k not in headers]
            if missing:
                problems.add(str(paths[0]), None, None, f"expected the {first['of']} shards of {first['run']}, found no shard {', '.join(map(str, missing))}")
        problems.raise_if_any()
        assert first is not None
        return cls([headers[k][0] for k in sorted(headers)], first)

    def records(self, problems: ProblemCollector) -> Iterator[dict[str, Any]]:
        """Every line record, in file order; then, per shard, its findings line (the last,
        which counts the shard's line records).

        Raises:
            InputError: a shard whose lines are not all records of a shard file, or which does
                not end with its findings line counting them (cut short, or edited): named by
                file and line; the shard must be scored again."""
        for path in self.paths:
            count, ended = 0, False
            with open(path, encoding="utf-8") as handle:
                next(handle)
                for number, text in enumerate(handle, start=2):
                    record = _shard_record(str(path), number, text, ended, problems)
                    if "findings" in record:
                        if record["lines"] != count:
                            _damaged(problems, str(path), number, f"the findings line counts {record['lines']:,} line record(s), "
                                     f"the file holds {count:,}")
                        ended = True
                    else:
                        count += 1
                    yield record
            if not ended:
                _damaged(problems, str(path), None, "expected its findings line at the end, found none: the file is cut short")


_LINE_KEYS = frozenset({"l", "q", "later", "u", "a", "m", "mq", "b"})


def _shard_record(path: str, number: int, text: str, ended: bool, problems: ProblemCollector) -> dict[str, Any]:
    """One line of a shard file after its header, checked for what merging reads of it."""
    if ended:
        _damaged(problems, path, number, "expected nothing after the findings line, found more")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        _damaged(problems, path, number, f"expected a record of a shard file, found a line that is not JSON ({exc.msg})")
    if isinstance(record, dict) and "findings" in record:
        if isinstance(record.get("lines"), int) and isinstance(record["findings"], list) and isinstance(record.get("left_out"), list):
            return record
    elif isinstance(record, dict) and isinstance(record.get("l"), int) and ({"x", "h", "e"} & record.keys() or _LINE_KEYS <= record.keys()):
        return record
    _damaged(problems, path, number, "expected a record of a shard file, found another JSON value")
    raise AssertionError("unreachable")


def _damaged(problems: ProblemCollector, path: str, line: int | None, what: str) -> NoReturn:
    problems.add(path, line, None, f"{what}: the shard file is damaged; score the shard again (answer-gate score-shard)")
    problems.raise_if_any()
    raise AssertionError("unreachable")


def _header(path: Path, problems: ProblemCollector) -> dict[str, Any] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            header = json.loads(handle.readline())
    except FileNotFoundError:
        problems.add(str(path), None, None, "file not found")
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        problems.add(str(path), 1, None, f"expected a shard file (answer-gate score-shard), found one that cannot be read: {exc}")
        return None
    shard = header.get("shard") if isinstance(header, dict) else None
    if not isinstance(shard, dict) or shard.get("format") != FORMAT:
        problems.add(str(path), 1, None, "expected a shard file written by answer-gate score-shard, found another file")
        return None
    return shard


class ShardSource:
    """The line results of a :class:`ShardSet`, for :func:`gate.engine.stream.stream_inputs`, and
    the shards' findings."""

    def __init__(self, shards: ShardSet) -> None:
        self.shards = shards
        self.listed: list[tuple[int, int, Finding]] = []
        self.left_out: list[tuple[str, str, str, int]] = []

    def results(self, context: Context, problems: ProblemCollector) -> Iterator[list[LineResult]]:
        """The records as :class:`gate.engine.lines.LineResult`, in file order."""
        out: list[LineResult] = []
        for record in self.shards.records(problems):
            if "findings" in record:
                self.listed += [(p, o, _finding_from(f)) for p, o, f in record["findings"]]
                self.left_out += [(m, c, s, n) for m, c, s, n in record["left_out"]]
                continue
            out.append(_result(record, context))
            if len(out) >= 2000:
                yield out
                out = []
        if out:
            yield out

    def add_findings(self, findings: Findings) -> None:
        for position, order, finding in self.listed:
            findings.add_keyed(position, order, finding)
        for measure, code, slice_name, count in self.left_out:
            findings.count_left_out(measure, code, slice_name, count)


def _result(record: dict[str, Any], context: Context) -> LineResult:
    line = record["l"]
    if "x" in record:
        return LineResult(line, parsed=False, problems=[tuple(p) for p in record["x"]])
    if "h" in record:
        return LineResult(line, value=parse_line(line, record["h"].encode("utf-8"), context.display, ProblemCollector()))
    if "e" in record:
        return LineResult(line, problems=[tuple(p) for p in record["e"]])
    answer = None
    if record["a"] is not None:
        language, question = record["a"]
        answer = Answer(record["q"], language, question, (), (), None, (), False, line=line, attempt=record.get("t"))
    merged = _question_from(record["mq"]) if record["mq"] is not None else None
    reading = AnswerLine(line, record["q"], [tuple(p) for p in record["later"]], tuple(record["u"]), answer, record["m"], merged, record["b"], attempt=record.get("t"))
    outcome = None
    if "c" in record:
        scored = merged if context.questions is None else context.questions[record["q"]][1]
        assert scored is not None
        c = record["c"]
        outcome = Outcome(scored.question_id, scored.language, {m.name: Count(c[2 * i], c[2 * i + 1]) for i, m in enumerate(MEASURES)}, (),
                          GroupEntry.from_data(record["g"]) if "g" in record else None)
    return LineResult(line, reading=reading, outcome=outcome)


def merge_shards(paths: Sequence[str | Path], compare: Any = None, max_findings: int | None = None, jobs: int = 1, **options: Any) -> Report:
    """The report of the whole log from its shard files (see the module): the one
    :func:`gate.run.check.check_run` gives for the log.

    With judgements, the rubric reads each answer and all its findings, which a shard does
    not carry: the log the shards name is scored again, in ``jobs`` processes, once its
    SHA-256 is checked against theirs (the report is then check's, as ever).

    Args:
        paths: the N shard files of one log, in any order.
        compare: the baseline comparison, as for ``check_run``.
        max_findings: the findings listed; at most the shards' own cap.
        jobs: worker processes, only for a log scored again (with judgements).
        options: the other keyword arguments of ``check_run`` (judgements, rubric,
            calibration, stored_judgements, base_thresholds, base_questions, base_rubric),
            as ``check`` passes them.

    Raises:
        InputError: the shards do not belong together, or list fewer findings than asked;
            with judgements, the log is missing or changed since it was scored; any problem
            of the log, the set or the join, as ``check`` reports it.
    """
    from gate.run.check import check_run

    shards = ShardSet.read(paths)
    cap = shards.header["max_findings"]
    if cap is not None and (max_findings is None or max_findings > cap):
        raise InputError([Problem("--max-findings", None, None,
                                  f"expected at most {cap}, the findings each shard lists (score-shard --max-findings), found "
                                  f"{'all' if max_findings is None else max_findings}")])
    header = shards.header
    if options.get("judgements"):
        _check_log(header)
        return check_run(header["run"], header["questions"], header["thresholds"], compare=compare, max_findings=max_findings,
                         jobs=jobs, **options)
    return check_run(header["run"], header["questions"], header["thresholds"], compare=compare,
                     max_findings=max_findings, source=ShardSource(shards), **options)


def _check_log(header: dict[str, Any]) -> None:
    """That the log the shards name is there with the bytes they scored.

    Raises:
        InputError: it is not there, or its bytes differ.
    """
    path = header["run"]
    try:
        digest = file_sha256(path)
    except OSError as exc:
        raise InputError([Problem(path, None, "--judgements", "expected the log the shards were scored from (with judgements the "
                                  f"rubric reads its answers), found none to read: {exc.strerror or exc}")]) from None
    if digest != header["run_sha256"]:
        raise InputError([Problem(path, None, "--judgements", f"expected the log the shards were scored from (SHA-256 {header['run_sha256'][:12]}), "
                                  f"found other bytes (SHA-256 {digest[:12]}): score the shards again")])
