"""``answer-gate check --dask``: a log, a folder or a glob of logs read by Dask's workers
(gate/distributed.py), on a LocalCluster the tests start (threads in this process: quick,
and the ``memory://`` filesystem of the tests is the workers' too), closed at the end."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from gate import distributed as dist
from gate.errors import InputError, Problem, ProblemCollector

distributed = pytest.importorskip("distributed")  # the test extra installs it; see pyproject.toml
fsspec = pytest.importorskip("fsspec")


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of one worker with two threads in this process, and its client."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as local:
        with distributed.Client(local) as client:
            yield local, client


@pytest.fixture
def memory():
    """A fresh folder on fsspec's in-memory filesystem."""
    fs = fsspec.filesystem("memory")
    root = "/answer-gate-tests"
    if fs.exists(root):
        fs.rm(root, recursive=True)
    fs.mkdir(root)
    yield fs, "memory://" + root
    fs.rm(root, recursive=True)


CONTENTS = {
    "newline at the end": b'{"a": 1}\n{"b": 22}\n\n{"c": 333}\n',
    "no newline at the end": b'{"a": 1}\n{"b": 22}\n{"c": 333}',
    "crlf": b'{"a": 1}\r\n{"b": 22}\r\n',
    "byte order mark": b'\xef\xbb\xbf{"a": 1}\n{"b": 2}\n',
    "empty": b"",
    "one newline": b"\n",
    "a line longer than the blocks": b'{"x": "' + b"y" * 300 + b'"}\n{"z": 1}\n' + b"q" * 50,
    "blank lines only": b"\n\n\n",
}


def reference_lines(content: bytes) -> list[tuple[int, bytes]]:
    """The lines as gate.records reads a log: the byte order mark dropped, split at each
    newline (a final newline leaves an empty last line), numbered from 1."""
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    return list(enumerate(content.split(b"\n"), start=1))


def local_lines(blocks: list[dist.Block]) -> list[tuple[int, bytes]]:
    counts = [dist.count_lines(b) for b in blocks]
    return [item for block, first in zip(blocks, dist.first_lines(counts)) for item in dist.numbered_lines(block, first)]


@pytest.mark.parametrize("name", sorted(CONTENTS))
@pytest.mark.parametrize("block_bytes", [1, 2, 5, 7, 64, 1 << 20])
def test_blocks_hold_each_line_once_with_its_number(memory, name: str, block_bytes: int) -> None:
    fs, root = memory
    fs.pipe(f"{root}/run.jsonl", CONTENTS[name])
    problems = ProblemCollector()
    parts = dist.log_parts(f"{root}/run.jsonl", problems)
    assert not problems.problems
    assert local_lines(dist.blocks_of(parts, block_bytes)) == reference_lines(CONTENTS[name])


def test_parts_of_a_folder_are_read_as_one_log_in_name_order(memory) -> None:
    fs, root = memory
    fs.pipe(f"{root}/logs/part-0001.jsonl", b'{"n": 3}\n{"n": 4}\n')
    fs.pipe(f"{root}/logs/part-0000.jsonl", b'{"n": 1}\n{"n": 2}')
    fs.pipe(f"{root}/logs/_SUCCESS", b"")
    fs.pipe(f"{root}/logs/.part-0000.jsonl.crc", b"xx")
    problems = ProblemCollector()
    parts = dist.log_parts(f"{root}/logs", problems)
    assert [p.display for p in parts] == [f"{root}/logs/part-0000.jsonl", f"{root}/logs/part-0001.jsonl"]
    assert [(n, line) for n, line in local_lines(dist.blocks_of(parts, 4))] == [
        (1, b'{"n": 1}'), (2, b'{"n": 2}'), (3, b'{"n": 3}'), (4, b'{"n": 4}'), (5, b"")]
    glob = dist.log_parts(f"{root}/logs/part-*.jsonl", problems)
    assert glob == parts and not problems.problems


def test_a_local_folder_and_glob_name_parts_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "b.jsonl").write_bytes(b"{}\n")
    (tmp_path / "runs" / "a.jsonl").write_bytes(b"{}\n")
    problems = ProblemCollector()
    assert [p.display for p in dist.log_parts("runs", problems)] == ["runs/a.jsonl", "runs/b.jsonl"]
    assert [p.display for p in dist.log_parts("runs/*.jsonl", problems)] == ["runs/a.jsonl", "runs/b.jsonl"]
    assert [p.display for p in dist.log_parts("runs/b.jsonl", problems)] == ["runs/b.jsonl"]
    assert [p.display for p in dist.log_parts("file://" + str(tmp_path / "runs"), problems)] == [
        f"file://{tmp_path}/runs/a.jsonl", f"file://{tmp_path}/runs/b.jsonl"]
    assert not problems.problems


@pytest.mark.parametrize("spec, message", [
    ("{root}/nothing.jsonl", "expected a run log, a folder of logs or a glob of logs, found nothing there"),
    ("{root}/empty", "expected a run log, a folder of logs or a glob of logs, found a folder with no log in it"),
    ("{root}/*.csv", "expected a run log, a folder of logs or a glob of logs, found no file matches the glob"),
    ("nosuchprotocol://bucket/run.jsonl", "expected a file, folder or glob fsspec can read, found Protocol not known: nosuchprotocol"),
])
def test_a_spec_naming_no_log_is_a_problem(memory, spec: str, message: str) -> None:
    fs, root = memory
    fs.mkdir(f"{root}/empty")
    problems = ProblemCollector()
    spec = spec.format(root=root)
    assert dist.log_parts(spec, problems) == []
    assert [(p.file, p.line, p.message) for p in problems.problems] == [(spec, None, message)]


def test_a_part_in_utf16_or_past_the_limit_is_named(memory, monkeypatch: pytest.MonkeyPatch) -> None:
    fs, root = memory
    fs.pipe(f"{root}/logs/a.jsonl", '{"n": 1}\n'.encode("utf-16"))
    fs.pipe(f"{root}/logs/b.jsonl", b'{"n": 2}\n' * 20)
    fs.pipe(f"{root}/logs/c.jsonl", b'{"n": 3}\n')
    monkeypatch.setenv("ANSWER_GATE_MAX_LOG_BYTES", "100")
    problems = ProblemCollector()
    parts = dist.log_parts(f"{root}/logs", problems)
    assert [p.display for p in parts] == [f"{root}/logs/c.jsonl"]
    assert [(p.file, p.message.split(";")[0].split(",")[0]) for p in problems.problems] == [
        (f"{root}/logs/a.jsonl", "expected UTF-8 text"), (f"{root}/logs/b.jsonl", "expected a run log of at most 100 bytes")]


def _echo(lines: list[tuple[int, bytes]], context: str) -> list[tuple[int, bytes, str]]:
    return [(n, raw, context) for n, raw in lines]


def test_the_cluster_gives_the_blocks_in_order(cluster, memory) -> None:
    _, client = cluster
    fs, root = memory
    lines = [b'{"n": %d}\n' % i for i in range(500)]
    first, second = b"".join(lines[:222]), b"".join(lines[222:])
    fs.pipe(f"{root}/a.jsonl", first)
    fs.pipe(f"{root}/b.jsonl", second)
    problems = ProblemCollector()
    blocks = dist.blocks_of(dist.log_parts(f"{root}/*.jsonl", problems), 97)
    counts = dist.count_blocks(client, blocks)
    assert counts == [dist.count_lines(b) for b in blocks]
    got = [item for batch in dist.map_blocks(client, blocks, dist.first_lines(counts), _echo, "ctx", in_flight=3) for item in batch]
    # each part as the log reader reads a file (its final newline leaves an empty line), numbered on
    expected = reference_lines(first) + [(n + 223, raw) for n, raw in reference_lines(second)]
    assert len(blocks) > 40 and len(expected) == 502
    assert got == [(n, raw, "ctx") for n, raw in expected]


def test_problems_are_named_by_part_and_line() -> None:
    a, b = dist.Part("m://a", "logs/a.jsonl", 10), dist.Part("m://b", "logs/b.jsonl", 10)
    firsts = [(1, a), (5, b)]
    error = InputError([Problem("logs", 2, "answer", "expected x"), Problem("logs", 7, "question_id", "duplicate question_id 'q1', first on line 3"),
                        Problem("logs", 6, "question_id", "duplicate question_id 'q2', first on line 5"), Problem("set.jsonl", 4, None, "bad")], total=5)
    named = dist.by_part(error, "logs", firsts)
    assert [(p.file, p.line, p.message) for p in named.problems] == [
        ("logs/a.jsonl", 2, "expected x"), ("logs/b.jsonl", 3, "duplicate question_id 'q1', first on line 3 of logs/a.jsonl"),
        ("logs/b.jsonl", 2, "duplicate question_id 'q2', first on line 1"), ("set.jsonl", 4, "bad")]
    assert named.total == 5
    assert dist.by_part(error, "logs", firsts[:1]) is error


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_no_scheduler_at_the_address_is_named() -> None:
    import dask

    address = f"tcp://127.0.0.1:{_closed_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        with pytest.raises(dist.SchedulerError) as caught:
            dist.connect(address)
    assert str(caught.value).startswith(f"cannot reach a Dask scheduler at {address!r} (")
    assert str(caught.value).endswith("expected an address such as tcp://host:8786, or local for a cluster on this machine")


def test_an_address_dask_cannot_read_is_named() -> None:
    with pytest.raises(dist.SchedulerError) as caught:
        dist.connect("nosuch://scheduler")
    assert str(caught.value).startswith("cannot reach a Dask scheduler at 'nosuch://scheduler' (ValueError: ")


def test_a_scheduler_address_connects(cluster) -> None:
    local, _ = cluster
    client, close = dist.connect(local.scheduler_address)
    try:
        assert client.submit(dist.first_lines, [2, 3]).result() == [1, 3]
    finally:
        close()


@pytest.mark.parametrize("missing", ["dask", "distributed", "fsspec"])
def test_without_the_extra_the_message_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    monkeypatch.setitem(__import__("sys").modules, missing, None)
    with pytest.raises(dist.DaskMissing) as caught:
        dist.require_dask()
    assert str(caught.value) == f"--dask needs {missing}, which is not installed: python -m pip install 'answer-gate[dask]'"
