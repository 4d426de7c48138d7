"""The question set as a compact index over its file (gate/question_index.py): the same
questions, duplicates and joins as the set held in memory, with ids that collide (a tiny
hash), a set larger than the log, the merged form, and worker processes that open the file
themselves."""

from __future__ import annotations

import json
import os
import pickle
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SET_12, THRESHOLDS

import gate.inputs.question_index as question_index
from gate.baseline import BaselineComparer
from gate.core.errors import InputError, ProblemCollector
from gate.run.check import check_run
from gate.inputs.question_index import QuestionIndex, QuestionLookup, id_hash
from gate.model.inputs import Question
from gate.inputs.question_set import load_question_set
from gate.report.json_report import render_json

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402


def held(path: Path) -> tuple[Question, ...]:
    """The set's questions as a pipe gives them: read once and held (the path before the index)."""
    r, w = os.pipe()
    os.write(w, path.read_bytes())
    os.close(w)
    try:
        questions = load_question_set(f"/dev/fd/{r}").questions
    finally:
        os.close(r)
    assert isinstance(questions, tuple)
    return questions


def write_set(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def question(qid: str, **extra) -> dict:
    return {"question_id": qid, "language": "fr", "question": f"question {qid}", "expected_behaviour": "answer",
            "expected_values": [1.5], **extra}


@pytest.fixture
def tiny_hash(monkeypatch):
    """Every id hashed to 2 bits: four hash values for the whole set, collisions everywhere."""
    monkeypatch.setattr(question_index, "HASH_BITS", 2)


@pytest.mark.parametrize("bits", [64, 2])
def test_the_index_gives_the_questions_of_the_set_in_its_order(monkeypatch, bits):
    monkeypatch.setattr(question_index, "HASH_BITS", bits)
    index = load_question_set(SET_12).questions
    assert isinstance(index, QuestionIndex) and index.bits == bits
    expected = held(SET_12)
    assert tuple(index) == expected and len(index) == len(expected)
    assert [q.answer_schema for q in index] == [q.answer_schema for q in expected]
    assert index[-1] == expected[-1] and list(index[1:3]) == list(expected[1:3])
    for position, q in enumerate(expected):
        assert index.find(q.question_id) == (position, q)
    assert index.find("no such question") is None
    with pytest.raises(IndexError):
        index[len(expected)]


def test_ids_that_collide_are_told_apart_by_their_lines(tmp_path, tiny_hash):
    path = write_set(tmp_path / "set.jsonl", [question(f"q{i}") for i in range(200)])
    index = load_question_set(path).questions
    assert isinstance(index, QuestionIndex)
    assert len({id_hash(f"q{i}", 2) for i in range(200)}) == 4
    assert all(index.find(f"q{i}") == (i, index[i]) and index[i].question_id == f"q{i}" for i in range(200))
    assert index.find("q200") is None and index.find("q") is None


@pytest.mark.parametrize("bits", [64, 2])
def test_a_duplicate_id_is_reported_at_its_line_with_the_first(tmp_path, monkeypatch, bits):
    monkeypatch.setattr(question_index, "HASH_BITS", bits)
    path = write_set(tmp_path / "set.jsonl", [question("q1"), question("q2"), question("q1"), {"question_id": "q3"},
                                               question("q2", language="de"), question("q4")])
    with pytest.raises(InputError) as raised:
        load_question_set(path)
    assert [(p.line, p.field, p.message) for p in raised.value.problems] == [
        (3, "question_id", "duplicate question_id 'q1', first on line 1"),
        (4, "language", "missing required field"),
        (4, "expected_behaviour", "missing required field"),
        (5, "question_id", "duplicate question_id 'q2', first on line 2"),
    ]
    problems = ProblemCollector()
    kept = load_question_set(path, problems)
    assert [q.question_id for q in kept.questions] == ["q1", "q2", "q4"] and kept.rejected == {"q3"}


def test_the_lookup_is_a_mapping_over_the_index_or_over_held_questions():
    index = load_question_set(SET_12).questions
    expected = held(SET_12)
    for lookup in (QuestionLookup(index), QuestionLookup(expected)):
        assert len(lookup) == len(expected) and list(lookup) == [q.question_id for q in expected]
        assert lookup[expected[2].question_id] == (2, expected[2]) and lookup.get("nothing") is None
        with pytest.raises(KeyError):
            lookup["nothing"]


def test_a_worker_receives_the_arrays_and_opens_the_set_itself(tmp_path):
    path = write_set(tmp_path / "set.jsonl", [question(f"q{i}", question="x" * 500) for i in range(100)])
    index = load_question_set(path).questions
    assert isinstance(index, QuestionIndex)
    index.find("q1")  # opened here
    sent = pickle.dumps(index)
    assert len(sent) < path.stat().st_size / 10  # the arrays, not the questions
    received = pickle.loads(sent)
    assert received._fd is None and received.find("q7") == (7, index[7])


def test_a_forked_worker_opens_the_set_itself_and_leaves_the_parents_open(tmp_path):
    """A child forked after the parent opened the set opens its own descriptor (the
    process's id is kept current at each fork, not asked of the system at each read), and
    closing its index does not close the parent's."""
    path = write_set(tmp_path / "set.jsonl", [question(f"q{i}", question="x" * 50) for i in range(20)])
    index = load_question_set(path).questions
    assert isinstance(index, QuestionIndex)
    index.find("q1")
    parent_fd = index._fd
    r, w = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            found = index.find("q7")
            ok = found is not None and found[0] == 7 and index._fd != parent_fd and index._pid == os.getpid()
            os.write(w, b"ok" if ok else b"no")
        finally:
            os._exit(0)
    os.close(w)
    said = os.read(r, 2)
    os.close(r)
    os.waitpid(child, 0)
    assert said == b"ok"
    assert index._pid == os.getpid() and os.fstat(parent_fd) is not None and index.find("q3") == (3, index[3])


def test_a_set_changed_after_it_was_read_is_never_read_as_another(tmp_path):
    path = write_set(tmp_path / "set.jsonl", [question("q1"), question("q2")])
    index = pickle.loads(pickle.dumps(load_question_set(path).questions))
    write_set(path, [question("q2"), question("q1"), question("q3")])
    with pytest.raises(RuntimeError, match="changed while it was read"):
        index.find("q1")


# --- the check, end to end: the reports of the set held in memory ------------------------


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """A generated run of 300 answers, its set, its merged form, and a log of its first 120
    answers only (the set larger than the log), with one answer given twice."""
    folder = tmp_path_factory.mktemp("indexed")
    paths = generate(300, folder, seed=11)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    (folder / "answers_run_assistant-9.0_set-part.jsonl").write_text("".join(lines[:121]), encoding="utf-8")
    (folder / "answers_run_assistant-9.0_set-twice.jsonl").write_text("".join(lines[:121] + lines[5:6]), encoding="utf-8")
    (folder / "thresholds.yaml").write_bytes(THRESHOLDS.read_bytes())
    return folder


def _report(folder: Path, run: str, questions: str | None, jobs: int = 1) -> str:
    return render_json(check_run(folder / run, folder / questions if questions else None, folder / "thresholds.yaml",
                                 compare=BaselineComparer(directory=str(folder / "baselines"), skip=True), jobs=jobs))


def _report_held(folder: Path, run: str, questions: str | None, monkeypatch) -> str:
    """The report with the set held in memory (read as from a pipe), as before the index."""
    import gate.run.check as pipeline

    real = pipeline.load_question_set
    monkeypatch.setattr(pipeline, "load_question_set",
                        lambda path, problems=None: real(path, problems).__class__(
                            str(path), real(path).version, held(Path(path)), real(path).notices, real(path).rejected))
    try:
        return _report(folder, run, questions)
    finally:
        monkeypatch.setattr(pipeline, "load_question_set", real)


@pytest.mark.parametrize("run", ["answers_run_assistant-9.0_set-300.jsonl", "answers_run_assistant-9.0_set-part.jsonl"],
                         ids=["whole", "set-larger-than-the-log"])
@pytest.mark.parametrize("bits, jobs", [(64, 1), (2, 1), (2, 2)])
def test_the_check_reports_the_same_over_the_index_as_over_the_held_set(small_run, monkeypatch, run, bits, jobs):
    expected = _report_held(small_run, run, "question_set-300.jsonl", monkeypatch)
    monkeypatch.setattr("gate.engine.workers.BATCH_LINES", 50)
    monkeypatch.setattr(question_index, "HASH_BITS", bits)
    assert _report(small_run, run, "question_set-300.jsonl", jobs) == expected
    if "part" in run:
        document = json.loads(expected)
        assert document["run"]["answers"] == 120 and document["question_set"]["questions"] == 300
        assert any("180 question(s) of the set have no answer in the run" in n for n in document["notices"])


def test_a_duplicate_answer_is_reported_as_before(small_run, monkeypatch, tiny_hash):
    with pytest.raises(InputError) as raised:
        _report(small_run, "answers_run_assistant-9.0_set-twice.jsonl", "question_set-300.jsonl")
    assert [(p.line, p.message) for p in raised.value.problems] == [(122, "duplicate question_id 'q0000004', first on line 6")]


def test_the_merged_form_reads_its_questions_from_the_log(small_run, monkeypatch, tiny_hash):
    document = json.loads(_report(small_run, "merged-300.jsonl", None, jobs=2))
    assert document["run"]["answers"] == 300 and document["question_set"]["questions"] == 300


def test_the_merged_form_holds_the_places_of_its_lines_not_its_questions(small_run, tmp_path, monkeypatch):
    from gate.inputs.question_index import LogQuestions
    from gate.engine.stream import stream_inputs
    from gate.rules.thresholds import load_thresholds

    rules = load_thresholds(small_run / "thresholds.yaml")
    text = (small_run / "merged-300.jsonl").read_bytes()
    plain, marked = tmp_path / "plain", tmp_path / "marked"
    plain.mkdir(), marked.mkdir()
    (plain / "merged.jsonl").write_bytes(text)
    (marked / "merged.jsonl").write_bytes(b"\xef\xbb\xbf" + text.replace(b"\n", b"\r\n"))  # offsets after a BOM, CRLF
    for folder in (plain, marked):
        monkeypatch.chdir(folder)
        _, streamed, problems = stream_inputs("merged.jsonl", None, rules.matching, rules.format)
        assert not problems.total and streamed is not None
        assert isinstance(streamed.questions, LogQuestions) and len(streamed.questions) == 300
        held_set = [json.loads(line) for line in text.decode("utf-8").splitlines()]
        assert [q.question_id for q in streamed.questions] == [v["question_id"] for v in held_set]
        assert streamed.questions[7].expected_behaviour == held_set[7]["expected_behaviour"]
    reports = []
    for folder in (plain, marked):
        monkeypatch.chdir(folder)
        reports.append(render_json(check_run("merged.jsonl", None, small_run / "thresholds.yaml")))
    assert reports[0] == reports[1]


ONE_STEP_LINES = [  # (raw line, read in one step): every other line goes to the full path
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "expected_values": [1.5, 7]}', True),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer"}\r', True),
    (b'{"question_id": "q1", "language": "fr", "question": "a: b {c}", "expected_behaviour": "answer"}', True),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "expected_values": [1234567890123456789012345678901]}', False),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "expected_values": [123456789012345678901234567890]}', True),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "question_id": "q2"}', False),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "question_id" : "q1"}', False),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "notes": "x\\":", "notes":"y"}', False),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "maybe"}', False),
    (b'{"question_id": "q1", "language": "fr", "expected_behaviour": "answer", "expected_values": [1e400]}', False),
    (b'{"question_id": "q\\ud800", "language": "fr", "expected_behaviour": "answer"}', False),
    (b'{"question_id": "q\xff", "language": "fr", "expected_behaviour": "answer"}', False),
    (b'{"set": {"version": "1"}}', False), (b'', False), (b'[1]', False),
]


def _loaded(path: Path) -> tuple[list[tuple], list[Question], frozenset[str]]:
    problems = ProblemCollector()
    loaded = load_question_set(path, problems)
    return [(p.file, p.line, p.field, p.message) for p in problems.problems], list(loaded.questions), loaded.rejected


@pytest.mark.parametrize("raw, one_step", ONE_STEP_LINES)
def test_a_set_line_read_in_one_step_is_what_the_full_path_reads(tmp_path, monkeypatch, raw, one_step):
    import gate.inputs.question_set as question_set

    assert (question_set.valid_question(raw) is not None) == one_step  # the conftest reads it both ways too
    path = tmp_path / "set.jsonl"
    path.write_bytes(raw + b"\n" + b'{"question_id": "q9", "language": "en", "expected_behaviour": "answer"}\n')
    both = _loaded(path)
    monkeypatch.setattr(question_set, "valid_question", lambda chunk: None)  # the full path alone, as before
    assert _loaded(path) == both
    assert not both[0] if one_step else both[0] or raw in (b"", b'{"set": {"version": "1"}}')


def test_a_large_set_is_indexed_once_sized(tmp_path):
    path = write_set(tmp_path / "set.jsonl", [question(f"q{i}") for i in range(5000)])
    index = load_question_set(path).questions
    assert isinstance(index, QuestionIndex) and len(index) == 5000
    assert all(index.find(f"q{i}") == (i, index[i]) for i in range(0, 5000, 7))
    assert 2 * 5000 <= len(index._table) <= 8 * 5000


def test_questions_read_in_the_sets_order_come_from_blocks_read_ahead_and_read_the_same(tmp_path, monkeypatch):
    """In the set's order, one system call reads a block of questions (READ_AHEAD bytes); out
    of order each is read alone; a question longer than a block is read whole. Either way the
    questions are the same, and those of the set's lines."""
    long_text = "y" * (question_index.READ_AHEAD + 100)
    qs = [question(f"q{i}", question=long_text if i == 700 else f"text {i} " + "x" * 200) for i in range(1500)]
    path = write_set(tmp_path / "set.jsonl", qs)
    calls: list[int] = []
    real = os.pread

    def counted(fd: int, n: int, at: int) -> bytes:
        calls.append(n)
        return real(fd, n, at)

    monkeypatch.setattr(os, "pread", counted)
    shuffled = load_question_set(path).questions
    assert isinstance(shuffled, QuestionIndex)
    order = list(range(1500))[::-1]
    alone = {i: shuffled.find(f"q{i}") for i in order}
    assert len(calls) == 1500 and max(calls) == max(map(len, path.read_bytes().splitlines()))  # each alone, its own length
    assert [alone[i][1].text for i in (0, 1499, 700)] == ["text 0 " + "x" * 200, "text 1499 " + "x" * 200, long_text]
    calls.clear()
    in_order = load_question_set(path).questions
    assert [in_order.find(f"q{i}") for i in range(1500)] == [alone[i] for i in range(1500)]
    assert len(calls) < 1500 / 100 and max(calls) > question_index.READ_AHEAD  # blocks, and the long one whole
