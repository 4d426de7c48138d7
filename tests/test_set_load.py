"""The question set read in byte ranges by worker processes (gate/set_load.py) is the set the
one-process pass reads (gate.inputs.question_set.load_question_set): the same version, questions, lines,
notices, rejected ids and problems, on clean sets (the ranges joined) and on every other kind
(read again in one process), ranges cut anywhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SET_12, THRESHOLDS

import gate.inputs.question_index as question_index
import gate.inputs.set_load as set_load
from gate.core.errors import ProblemCollector
from gate.run.check import check_run
from gate.inputs.question_set import load_question_set
from gate.report.json_report import render_json

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402


def question(qid: str, **extra) -> dict:
    return {"question_id": qid, "language": "fr", "question": f"question {qid}", "expected_behaviour": "answer",
            "expected_values": [1.5], **extra}


def lines_of(values: list[dict | str]) -> bytes:
    return "".join((v if isinstance(v, str) else json.dumps(v)) + "\n" for v in values).encode("utf-8")


@pytest.fixture
def small_ranges(monkeypatch):
    """Every set read in ranges of about 150 bytes: a range often ends inside a line."""
    monkeypatch.setattr(set_load, "PARALLEL_SET_BYTES", 0)
    monkeypatch.setattr(set_load, "RANGE_BYTES", 150)


def loaded_both_ways(path: Path) -> tuple[tuple, tuple, bool]:
    """``(what the one-process pass gives, what the ranges give, whether the ranges were joined)``:
    each the version, notices, rejected ids, questions with their lines and places, problems."""

    def seen(question_set, problems):
        questions = list(question_set.questions)
        index = question_set.questions
        places = [index.find(q.question_id)[0] for q in questions] if hasattr(index, "find") else []
        lines = [index.line_of(i) for i in range(len(questions))] if hasattr(index, "line_of") else []
        return (question_set.path, question_set.version, question_set.notices, question_set.rejected, questions, places,
                lines, [str(p) for p in problems.problems], problems.total)

    one = ProblemCollector()
    serial = seen(load_question_set(path, one), one)
    pending = set_load.start_set_load(path, 2)
    assert pending is not None
    joined = pending._join() is not None
    pending.stop()
    pending = set_load.start_set_load(path, 2)
    assert pending is not None
    other = ProblemCollector()
    parallel = seen(pending.result(other), other)
    return serial, parallel, joined


CLEAN = {
    "header and questions": lines_of([{"set": {"version": "7"}}] + [question(f"q{i}") for i in range(40)]),
    "no header": lines_of([question(f"q{i}") for i in range(40)]),
    "blank lines and CRLF": lines_of([{"set": {"version": "7"}}, ""] + [question(f"q{i}") for i in range(20)]
                                     + ["", "  "]).replace(b"\n", b"\r\n", 7),
    "byte order mark": b"\xef\xbb\xbf" + lines_of([{"set": {"version": "7"}}] + [question(f"q{i}") for i in range(30)]),
    "no last line end": lines_of([question(f"q{i}") for i in range(30)])[:-1],
    "ids in many scripts": lines_of([question(f"q{i}-\u00e9\u4e2d\U0001f600") for i in range(30)]),
    "one question": lines_of([question("only")]),
}

OTHER = {
    "an id twice, far apart": lines_of([question(f"q{i}") for i in range(30)] + [question("q3")]),
    "an id twice, side by side": lines_of([question("q0"), question("q0")] + [question(f"q{i}") for i in range(1, 30)]),
    "a header in the middle": lines_of([question(f"q{i}") for i in range(20)] + [{"set": {"version": "7"}}]
                                       + [question(f"q{i}") for i in range(20, 30)]),
    "bad JSON": lines_of([question(f"q{i}") for i in range(20)] + ['{"question_id": "x",']
                         + [question(f"q{i}") for i in range(20, 30)]),
    "a schema problem": lines_of([question(f"q{i}") for i in range(20)] + [{"question_id": "bad", "language": "fr"}]
                                 + [question(f"q{i}") for i in range(20, 30)]),
    "a caveat no check knows": lines_of([question(f"q{i}") for i in range(20)]
                                        + [question("c", expected_caveats=["mentions the weather"])]),
    "a misspelt caveat": lines_of([question(f"q{i}") for i in range(20)] + [question("c", expected_caveats=["provisonal"])]),
    "not UTF-8": lines_of([question(f"q{i}") for i in range(20)]) + b'{"question_id": "\xff"}\n',
    "a key twice": lines_of([question(f"q{i}") for i in range(20)])
    + b'{"question_id": "k", "question_id": "k", "language": "fr", "question": "x", "expected_behaviour": "answer"}\n',
    "a run log header": lines_of([{"run": {"assistant_version": "1"}}] + [question(f"q{i}") for i in range(20)]),
    "a header only": lines_of([{"set": {"version": "7"}}]),
    "blank only": b"\n\n\n",
    "UTF-16": lines_of([question(f"q{i}") for i in range(20)]).decode("utf-8").encode("utf-16"),
}


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_a_clean_set_read_in_ranges_is_the_set_read_in_one_pass(tmp_path, small_ranges, name):
    path = tmp_path / "set.jsonl"
    path.write_bytes(CLEAN[name])
    serial, parallel, joined = loaded_both_ways(path)
    assert joined
    assert parallel == serial
    assert serial[-1] == 0 and len(serial[4]) >= 1


@pytest.mark.parametrize("name", sorted(OTHER))
def test_any_other_set_is_read_again_in_one_process_with_the_same_problems(tmp_path, small_ranges, name):
    path = tmp_path / "set.jsonl"
    path.write_bytes(OTHER[name])
    serial, parallel, joined = loaded_both_ways(path)
    assert not joined
    assert parallel == serial
    assert serial[-1] > 0 or serial[2]  # a problem, or a notice


def test_ids_with_the_same_hash_are_told_apart_when_the_ranges_are_joined(tmp_path, small_ranges, monkeypatch):
    monkeypatch.setattr(question_index, "HASH_BITS", 2)
    for name in ("header and questions", "ids in many scripts"):
        path = tmp_path / f"{len(name)}.jsonl"
        path.write_bytes(CLEAN[name])
        serial, parallel, joined = loaded_both_ways(path)
        assert joined and parallel == serial
    path = tmp_path / "twice.jsonl"
    path.write_bytes(OTHER["an id twice, far apart"])
    serial, parallel, joined = loaded_both_ways(path)
    assert not joined and parallel == serial
    assert "duplicate question_id 'q3', first on line 4" in " ".join(serial[7])


@pytest.mark.parametrize("range_bytes", [97, 1000, 10**9])
def test_a_generated_set_cut_anywhere_reads_the_same(tmp_path_factory, monkeypatch, range_bytes):
    paths = generate(300, tmp_path_factory.mktemp("generated"), seed=11)
    monkeypatch.setattr(set_load, "PARALLEL_SET_BYTES", 0)
    monkeypatch.setattr(set_load, "RANGE_BYTES", range_bytes)
    serial, parallel, joined = loaded_both_ways(paths["set"])
    assert joined and parallel == serial
    assert len(serial[4]) == 300 and serial[6][:2] == [2, 3]


def test_ranges_start_at_the_start_of_a_line_and_cover_the_file(tmp_path):
    data = b"\xef\xbb\xbf" + lines_of([question(f"q{i}") for i in range(50)])
    path = tmp_path / "set.jsonl"
    path.write_bytes(data)
    for parts in (1, 2, 3, 7, 50, 500):
        ranges = set_load.set_ranges(path, len(data), parts)
        assert ranges[0][0] == 3 and ranges[-1][1] == len(data) and len(ranges) <= min(parts, 50)
        assert all(end == start for (_, end), (start, _) in zip(ranges, ranges[1:]))
        assert all(data[start - 1:start] == b"\n" for start, _ in ranges[1:])
        lines = [chunk for start, end in ranges for _, _, chunk in set_load.range_lines(path, start, end)[0]]
        assert lines == data[3:].split(b"\n")[:-1]


def test_small_sets_one_job_and_pipes_are_read_in_this_process(tmp_path):
    path = tmp_path / "set.jsonl"
    path.write_bytes(CLEAN["header and questions"])
    assert set_load.start_set_load(path, 2) is None  # under PARALLEL_SET_BYTES
    assert set_load.start_set_load(SET_12, 1) is None
    assert set_load.start_set_load(tmp_path / "missing.jsonl", 2) is None
    assert set_load.start_set_load("/dev/stdin", 2) is None


def test_a_check_reads_the_same_report_with_the_set_read_in_ranges(tmp_path_factory, monkeypatch):
    paths = generate(300, tmp_path_factory.mktemp("generated"), seed=11)
    meanwhile: list[int] = []
    one = check_run(paths["run"], paths["set"], THRESHOLDS, jobs=1, max_findings=None, meanwhile=lambda: meanwhile.append(1))
    assert meanwhile == []  # the set read in this process: nothing to do meanwhile
    monkeypatch.setattr(set_load, "PARALLEL_SET_BYTES", 0)
    monkeypatch.setattr(set_load, "RANGE_BYTES", 5000)
    calls = []
    join = set_load.PendingSet._join
    monkeypatch.setattr(set_load.PendingSet, "_join", lambda self: calls.append(1) or join(self))
    two = check_run(paths["run"], paths["set"], THRESHOLDS, jobs=2, max_findings=None, meanwhile=lambda: meanwhile.append(2))
    assert calls == [1] and meanwhile == [2]
    assert render_json(two) == render_json(one)


def test_the_set_s_workers_are_no_more_than_its_ranges(tmp_path, small_ranges):
    """A set of two lines read with 8 jobs: two ranges, so two workers, not eight; and the set
    read is the set of the one-process pass."""
    path = tmp_path / "set.jsonl"
    path.write_bytes(lines_of([question("q1"), question("q2")]))
    pending = set_load.start_set_load(path, 8)
    assert pending is not None
    try:
        assert len(pending._parts) == 2
        assert pending._pool._processes == 2
        joined = pending._join()
        assert joined is not None
        assert [q.question_id for q in joined.questions] == ["q1", "q2"]
    finally:
        pending.stop()
