"""A log scored shard by shard, on as many machines as there are shards, then merged.

Shard ``k`` of ``n`` is the lines of the log that start in the ``k``-th ``n``-th of its bytes
(line numbers stay those of the whole log). :func:`score_shard` runs the same pure
:func:`gate.stream.score_lines` on them and writes a shard file: JSON lines, first a header
naming the log, the shard, the measures and the matching settings, then one compact record
per line (its problems, its question id and position in the set, its counts per measure:
the flips of the baseline comparison are computed from these), and the shard's first
``max_findings`` findings with the count of those left out, by code and slice.

:func:`merge_shards` reads the shards in order and runs the one pass of
:func:`gate.stream.stream_run` over their records (duplicates across shards, the header,
missing answers, notices), then the rules, as ``answer-gate check`` does: the JSON report is
byte for byte that of ``check`` on the whole log (``tests/test_shards.py``).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator

from gate.errors import ProblemCollector
from gate.figures import MatchSettings
from gate.measures import MEASURES, Count, FigureRef, Finding, Outcome
from gate.records import Question
from gate.stream import (
    BATCH_LINES,
    DEFAULT_MAX_FINDINGS,
    Context,
    Findings,
    LineResult,
    SetIndex,
    score_lines,
)

FORMAT = "answer-gate shard 1"


def shard_lines(path: Path, display: str, problems: ProblemCollector, k: int, n: int) -> Iterator[tuple[int, bytes]]:
    """``(line number in the whole log, raw line)`` of the lines starting in shard ``k`` of ``n``."""
    try:
        handle = open(path, "rb")
    except OSError as exc:
        problems.add(display, None, None, "file not found" if isinstance(exc, FileNotFoundError) else f"cannot be read: {exc.strerror}")
        return
    with handle:
        size = os.fstat(handle.fileno()).st_size
        start, end = k * size // n, (k + 1) * size // n
        number = 0
        if start:
            # the line that holds byte start - 1 belongs to the shard it started in
            handle.seek(start - 1)
            handle.readline()
            start = handle.tell()
            handle.seek(0)
            left = start
            while left:
                block = handle.read(min(left, 1 << 20))
                number += block.count(b"\n")
                left -= len(block)
        offset = start
        while offset < end:
            chunk = handle.readline()
            if not chunk:
                break
            offset += len(chunk)
            number += 1
            if number == 1 and chunk.startswith(b"\xef\xbb\xbf"):
                chunk = chunk[3:]
            chunk = chunk[:-1] if chunk.endswith(b"\n") else chunk
            chunk = chunk[:-1] if chunk.endswith(b"\r") else chunk
            yield number, chunk


# --- records as JSON --------------------------------------------------------------------

def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    raise TypeError(type(value).__name__)


def _decimal_hook(obj: dict) -> Any:
    return Decimal(obj["decimal"]) if obj.keys() == {"decimal"} else obj


def question_to_dict(q: Question) -> dict[str, Any]:
    return asdict(q)


def question_from_dict(data: dict[str, Any]) -> Question:
    return Question(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def finding_to_dict(f: Finding) -> dict[str, Any]:
    return asdict(f)


def finding_from_dict(data: dict[str, Any]) -> Finding:
    figure = data.get("figure")
    return Finding(**{**data, "figure": FigureRef(**figure) if figure else None})


def record_of(r: LineResult) -> dict[str, Any]:
    """One line's result as a compact JSON-ready record (the outcome as counts only)."""
    out: dict[str, Any] = {"line": r.line}
    if r.problems:
        out["problems"] = r.problems
    if not r.yielded:
        return out
    out["yielded"] = True
    if r.value is not None:
        out["value"] = r.value
        return out
    for name in ("qid", "pos", "later", "unknown", "merged", "answered", "language", "language_problem", "unknown_language"):
        value = getattr(r, name)
        if not (value is None or value is False or (isinstance(value, (list, tuple)) and not value)):
            out[name] = value
    if r.question is not None:
        out["question"] = question_to_dict(r.question)
    if r.outcome is not None:
        out["counts"] = [[r.outcome.counts[m.name].numerator, r.outcome.counts[m.name].denominator] for m in MEASURES]
        out["outcome"] = [r.outcome.question_id, r.outcome.language]
    return out


def result_of(data: dict[str, Any]) -> LineResult:
    """A record read back as a :class:`LineResult` (the outcome without its findings)."""
    r = LineResult(data["line"], problems=[tuple(p) for p in data.get("problems", [])], yielded=data.get("yielded", False))
    if "value" in data:
        r.value = data["value"]
        return r
    for name in ("qid", "pos", "merged", "answered", "language", "unknown_language"):
        if name in data:
            setattr(r, name, data[name])
    r.later = [tuple(p) for p in data.get("later", [])]
    r.unknown = tuple(data.get("unknown", ()))
    if "language_problem" in data:
        r.language_problem = tuple(data["language_problem"])
    if "question" in data:
        r.question = question_from_dict(data["question"])
    if "counts" in data:
        qid, language = data["outcome"]
        r.outcome = Outcome(qid, language, {m.name: Count(*c) for m, c in zip(MEASURES, data["counts"])}, ())
        r.scored = r.question
    return r


# --- the two commands -------------------------------------------------------------------

def score_shard(run_path: str | Path, questions_path: str | Path | None, settings: MatchSettings, k: int, n: int,
                out: str | Path, folder: str, max_findings: int | None = DEFAULT_MAX_FINDINGS) -> int:
    """Score shard ``k`` (0-based) of ``n`` of a log and write the shard file ``out``.

    Returns how many lines the shard held.

    Raises:
        InputError: the log or the set cannot be read, or the set has problems (a line's
            problems are the merge's to report, in order, with the other shards').
    """
    display = str(run_path)
    problems = ProblemCollector()
    index = None
    if questions_path is not None:
        index = SetIndex(folder, questions_path)
        index.load(problems)
        index.close()
    problems.raise_if_any()
    context = Context(display, index.path if index is not None else None, settings)
    findings = Findings(max_findings)
    lines = [json.dumps({"shard": {"format": FORMAT, "run": display, "questions": str(questions_path) if questions_path else None,
                                   "k": k, "n": n, "measures": [m.name for m in MEASURES], "matching": json.loads(json.dumps(asdict(settings), default=str)),
                                   "max_findings": max_findings}}, default=_json_default, sort_keys=True)]
    count = 0
    batch: list[tuple[int, bytes]] = []
    records = open(os.path.join(folder, "records.jsonl"), "w+", encoding="utf-8")

    def flush() -> None:
        for r in score_lines(batch, context):
            records.write(json.dumps(record_of(r), default=_json_default, ensure_ascii=False, sort_keys=True) + "\n")
            if r.outcome is not None and r.outcome.findings:
                findings.add(r.pos if index is not None else r.line, r.outcome.findings)
        batch.clear()

    with records:
        for item in shard_lines(Path(run_path), display, problems, k, n):
            batch.append(item)
            count += 1
            if len(batch) >= BATCH_LINES:
                flush()
        flush()
        problems.raise_if_any()
        for key, order, f in findings.keyed():
            lines.append(json.dumps({"finding": finding_to_dict(f), "key": key, "order": order}, default=_json_default, ensure_ascii=False, sort_keys=True))
        for code, slice_name, number in findings.not_listed():
            lines.append(json.dumps({"left_out": [code, slice_name, number]}, sort_keys=True))
        records.seek(0)
        _write_shard(out, lines, records)
    return count


def _write_shard(out: str | Path, head: list[str], records) -> None:
    """The shard file, whole or not at all: the head lines, then the records copied over."""
    import shutil
    import tempfile

    target = Path(out)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(head) + "\n")
            shutil.copyfileobj(records, handle)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_heads(paths: list[str], problems: ProblemCollector):
    """The shards' headers, findings and counts of findings left out (the lines before the
    records: a few per shard)."""
    headers, found, left_out = [], [], []
    for path in paths:
        try:
            handle = open(path, encoding="utf-8")
        except OSError as exc:
            problems.add(path, None, None, f"cannot be read: {exc.strerror}")
            continue
        with handle:
            try:
                head = json.loads(handle.readline())["shard"]
            except (ValueError, KeyError, TypeError):
                head = None
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                problems.add(path, 1, None, f"expected a shard file written by 'answer-gate score-shard' ({FORMAT}), found something else")
                continue
            if head["measures"] != [m.name for m in MEASURES]:
                problems.add(path, 1, "measures", f"expected the measures {', '.join(m.name for m in MEASURES)}, found {', '.join(head['measures'])}: score every shard with the same answer-gate")
                continue
            headers.append((path, head))
            for row in handle:
                data = json.loads(row, object_hook=_decimal_hook)
                if "finding" in data:
                    found.append((data["key"], data["order"], finding_from_dict(data["finding"])))
                elif "left_out" in data:
                    left_out.append(tuple(data["left_out"]))
                else:
                    break
    return headers, found, left_out


def read_records(paths: list[str]) -> Iterator[list[LineResult]]:
    """The shards' line records, in the order given, in batches (one file line at a time)."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            batch: list[LineResult] = []
            handle.readline()  # the header
            for row in handle:
                data = json.loads(row, object_hook=_decimal_hook)
                if "line" not in data:  # a finding, or a count of findings left out
                    continue
                batch.append(result_of(data))
                if len(batch) >= BATCH_LINES:
                    yield batch
                    batch = []
            if batch:
                yield batch


def check_shards(headers: list[tuple[str, dict]], problems: ProblemCollector) -> list[str]:
    """The shards must be the ``n`` shards of one log, scored with the same settings, once
    each. Returns their paths in shard order."""
    if not headers:
        return []
    path0, first = headers[0]
    for path, head in headers:
        for key in ("run", "questions", "n", "matching", "max_findings"):
            if head[key] != first[key]:
                problems.add(path, 1, key, f"expected {json.dumps(first[key])} as in {path0}, found {json.dumps(head[key])}: every shard must come from the same log, set and settings")
    ks = sorted(h["k"] for _, h in headers)
    if ks != list(range(first["n"])):
        problems.add(path0, None, None, f"expected the shards 0 to {first['n'] - 1} of {first['n']}, each once, found {', '.join(map(str, ks))}")
    return [p for p, _ in sorted(headers, key=lambda item: item[1]["k"])]
