"""``answer-gate check --dask``: a log, a folder or a glob of logs read by Dask's workers
(gate/distributed.py), on a LocalCluster the tests start (threads in this process: quick,
and the ``memory://`` filesystem of the tests is the workers' too), closed at the end."""

from __future__ import annotations

import json
import pickle
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MERGED, ROOT, RUN_12, RUN_13, SET_12, THRESHOLDS
from gate.cli import main as cli
from gate.run import distributed as dist
from gate.core.errors import InputError, Problem, ProblemCollector
from gate.run.check import check_run
from gate.core.jsonlines import read_lines
from gate.report.json_report import render_json

distributed = pytest.importorskip("distributed")  # the test extra installs it; see pyproject.toml
fsspec = pytest.importorskip("fsspec")


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of one worker with two threads in this process, and its client."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as local:
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
    newline (a final newline ends the last line; an empty file has none), numbered from 1."""
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    pieces = content.split(b"\n")
    if not pieces[-1]:
        pieces.pop()
    return list(enumerate(pieces, start=1))


def local_lines(blocks: list[dist.Block]) -> list[tuple[int, bytes]]:
    counts = [dist.count_lines(b) for b in blocks]
    return [item for block, first in zip(blocks, dist.first_lines(counts)) for item in dist.numbered_lines(block, first)]


@pytest.mark.parametrize("name", sorted(CONTENTS))
def test_the_reference_is_what_the_log_reader_reads(tmp_path: Path, name: str) -> None:
    (tmp_path / "run.jsonl").write_bytes(CONTENTS[name])
    problems = ProblemCollector()
    assert list(read_lines(tmp_path / "run.jsonl", "run.jsonl", problems)) == reference_lines(CONTENTS[name])
    assert not problems.problems


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
        (1, b'{"n": 1}'), (2, b'{"n": 2}'), (3, b'{"n": 3}'), (4, b'{"n": 4}')]
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
    # each part as the log reader reads a file, numbered on through the parts
    expected = reference_lines(first) + [(n + 222, raw) for n, raw in reference_lines(second)]
    assert len(blocks) > 40 and len(expected) == 500
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
    monkeypatch.setitem(sys.modules, missing, None)
    with pytest.raises(dist.DaskMissing) as caught:
        dist.require_dask()
    assert str(caught.value) == f"--dask needs {missing}, which is not installed: python -m pip install 'answer-gate[dask]'"


# --- the whole check on the cluster: the report of check, byte for byte ------------------------

def _bench():
    """benchmarks/bench_check.py, for its generated runs (five languages, realistic answers)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_check", ROOT / "benchmarks" / "bench_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> dict[str, Path]:
    """A generated run of 2,000 answers with its question set and its merged form."""
    return _bench().generate(2000, tmp_path_factory.mktemp("generated"), seed=7)


@pytest.fixture(scope="module")
def expected(generated: dict[str, Path]) -> dict[str, str]:
    """The JSON reports of plain check_run on the generated run, with its set and merged."""
    return {"set": render_json(check_run(generated["run"], generated["set"], THRESHOLDS, max_findings=MAX_FINDINGS)),
            "merged": render_json(check_run(generated["merged"], None, THRESHOLDS, max_findings=MAX_FINDINGS))}


MAX_FINDINGS = 200


def _check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("inputs", [
    [str(RUN_13), "--questions", str(SET_12)],                  # with the baseline comparison against the stored 1.2
    [str(RUN_12), "--questions", str(SET_12), "--no-baseline"],
    [str(MERGED)],                                              # the merged form
])
def test_the_cluster_gives_the_json_report_of_check_byte_for_byte(cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str], inputs: list[str]) -> None:
    local, _ = cluster
    monkeypatch.chdir(ROOT)  # the shipped thresholds.yaml and baselines
    plain, on_dask = tmp_path / "plain.json", tmp_path / "dask.json"
    expected = _check([*inputs, "--json", str(plain)], capsys)
    got = _check([*inputs, "--json", str(on_dask), "--dask", local.scheduler_address], capsys)
    assert got == expected and expected[0] in (0, 1), got[2]  # the message, should the Dask path fail
    assert on_dask.read_bytes() == plain.read_bytes()
    if inputs[0] == str(RUN_13):
        assert json.loads(plain.read_text())["comparison"]["baseline_version"] == "1.2"


@pytest.mark.parametrize("form, block_bytes", [("set", 50_000), ("merged", 1 << 20)])
def test_a_generated_run_scores_the_same_on_the_cluster(cluster, generated: dict[str, Path], expected: dict[str, str], form: str,
                                                        block_bytes: int) -> None:
    local, _ = cluster
    run, questions = (generated["run"], generated["set"]) if form == "set" else (generated["merged"], None)
    report = dist.check_on_dask(str(run), questions, THRESHOLDS, address=local.scheduler_address, block_bytes=block_bytes,
                                max_findings=MAX_FINDINGS)
    assert render_json(report) == expected[form]
    assert report.answers == 2000 and report.findings_not_listed
    blocks = len(dist.blocks_of(dist.log_parts(str(run), ProblemCollector()), block_bytes))
    assert blocks == 1 if form == "merged" else blocks > 10


def _split(path: Path, folder: Path, parts: int) -> list[Path]:
    lines = path.read_bytes().splitlines(keepends=True)
    folder.mkdir()
    size = -(-len(lines) // parts)
    out = []
    for i in range(parts):
        out.append(folder / f"part-{i:05d}.jsonl")
        out[-1].write_bytes(b"".join(lines[i * size:(i + 1) * size]))
    (folder / "_SUCCESS").write_bytes(b"")
    return out


def _without_run_path(text: str) -> dict:
    report = json.loads(text)
    report["run"].pop("path")
    return report


def test_a_folder_of_parts_scores_as_the_whole_log(cluster, generated: dict[str, Path], expected: dict[str, str], tmp_path: Path) -> None:
    local, _ = cluster
    _split(generated["run"], tmp_path / "parts", 3)
    spec = str(tmp_path / "parts")
    report = dist.check_on_dask(spec, generated["set"], THRESHOLDS, address=local.scheduler_address, block_bytes=200_000,
                                max_findings=MAX_FINDINGS)
    assert report.run.path == spec
    assert _without_run_path(render_json(report)) == _without_run_path(expected["set"])


def test_a_glob_and_a_url_of_parts_score_as_the_whole_log(cluster, tmp_path: Path) -> None:
    local, _ = cluster
    _split(RUN_13, tmp_path / "parts", 3)
    expected = render_json(check_run(RUN_13, SET_12, THRESHOLDS))
    for spec in (str(tmp_path / "parts" / "part-*.jsonl"), "file://" + str(tmp_path / "parts")):
        report = dist.check_on_dask(spec, SET_12, THRESHOLDS, address=local.scheduler_address, block_bytes=100)
        assert report.run.path == spec
        assert _without_run_path(render_json(report)) == _without_run_path(expected)


def test_a_log_on_an_fsspec_filesystem_scores_as_on_disk(cluster, memory) -> None:
    local, _ = cluster
    fs, root = memory
    fs.pipe(f"{root}/{RUN_13.name}", RUN_13.read_bytes())
    expected = check_run(RUN_13, SET_12, THRESHOLDS)
    report = dist.check_on_dask(f"{root}/{RUN_13.name}", SET_12, THRESHOLDS, address=local.scheduler_address, block_bytes=300)
    assert report.run.path == f"{root}/{RUN_13.name}"
    assert _without_run_path(render_json(report)) == _without_run_path(render_json(expected))


def test_problems_of_a_part_name_the_part_and_its_line(cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    local, _ = cluster
    parts = _split(RUN_13, tmp_path / "parts", 2)
    lines = parts[1].read_bytes().splitlines(keepends=True)
    parts[1].write_bytes(lines[0] + b'{"question_id": "a01", "oops"\n' + lines[0] + b"".join(lines[1:]))
    monkeypatch.chdir(ROOT)
    code, out, err = _check([str(tmp_path / "parts"), "--questions", str(SET_12), "--dask", local.scheduler_address], capsys)
    first = lines[0].split(b'"question_id": "')[1].split(b'"')[0].decode()
    assert code == 2 and out == ""
    assert err.splitlines()[1:] == [
        f"{parts[1]}:2: expected a JSON object, found invalid JSON: Expecting ':' delimiter (column 30)",
        f"{parts[1]}:3: question_id: duplicate question_id {first!r}, first on line 1",
    ]


def test_dask_local_starts_and_closes_a_cluster_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    plain, on_dask = tmp_path / "plain.json", tmp_path / "dask.json"
    expected = _check([str(RUN_13), "--questions", str(SET_12), "--json", str(plain)], capsys)
    got = _check([str(RUN_13), "--questions", str(SET_12), "--json", str(on_dask), "--dask", "local", "--jobs", "1"], capsys)
    assert got == expected and on_dask.read_bytes() == plain.read_bytes()


@pytest.mark.parametrize("address, start", [
    ("tcp://127.0.0.1:{port}", "answer-gate: cannot reach a Dask scheduler at 'tcp://127.0.0.1:{port}' ("),
    ("nosuch://scheduler", "answer-gate: cannot reach a Dask scheduler at 'nosuch://scheduler' (ValueError: "),
])
def test_no_scheduler_is_exit_2_with_one_message(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], address: str, start: str) -> None:
    import dask

    port = _closed_port()
    monkeypatch.chdir(ROOT)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, out, err = _check([str(RUN_13), "--questions", str(SET_12), "--dask", address.format(port=port)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(start.format(port=port)) and len(err.splitlines()) == 1 and "Traceback" not in err


def test_without_the_extra_check_dask_names_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.chdir(ROOT)
    code, out, err = _check([str(RUN_13), "--questions", str(SET_12), "--dask", "local"], capsys)
    assert (code, out, err) == (2, "", "answer-gate: --dask needs distributed, which is not installed: python -m pip install 'answer-gate[dask]'\n")


def test_a_spec_naming_no_log_is_exit_2(cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    local, _ = cluster
    monkeypatch.chdir(ROOT)
    spec = str(tmp_path / "runs" / "*.jsonl")
    code, out, err = _check([spec, "--questions", str(SET_12), "--dask", local.scheduler_address], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines()[1:] == [f"{spec}: expected a run log, a folder of logs or a glob of logs, found no file matches the glob"]


def test_check_without_dask_imports_none_of_it(tmp_path: Path) -> None:
    probe = ("import sys\n"
             "from gate.cli.main import main\n"
             f"main(['check', {str(RUN_13)!r}, '--questions', {str(SET_12)!r}, '--thresholds', {str(THRESHOLDS)!r}, '--no-baseline'])\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed', 'fsspec', 'gate') and "
             "(m.split('.')[0] != 'gate' or m == 'gate.run.distributed')))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.splitlines()[-1] == "[]"


def test_the_readme_recipe_s_steps_give_check_s_report(generated: dict[str, Path], expected: dict[str, str]) -> None:
    """The Spark and Ray recipes of the README, with Python's own map in place of the cluster."""
    from gate.run.distributed import Scored, blocks_of, carried_context, count_lines, first_lines, log_parts, numbered_lines
    from gate.engine.lines import score_lines

    run = str(generated["run"])

    def on_map(context, problems):
        blocks = blocks_of(log_parts(run, problems), 100_000)
        firsts = first_lines(list(map(count_lines, blocks)))
        shared = pickle.loads(pickle.dumps(carried_context(context)))  # as a broadcast sends it
        yield from map(lambda block, first: score_lines(numbered_lines(block, first), shared), blocks, firsts)

    assert render_json(check_run(run, generated["set"], THRESHOLDS, max_findings=MAX_FINDINGS, source=Scored(on_map))) == expected["set"]


def _context(set_path: Path):
    from gate.inputs.question_index import QuestionLookup
    from gate.inputs.question_set import load_question_set
    from gate.engine.lines import Context
    from gate.rules.thresholds import load_thresholds

    rules = load_thresholds(THRESHOLDS)
    return Context(str(RUN_13), QuestionLookup(load_question_set(set_path).questions), rules.matching, rules.format)


def _scored(context) -> list[tuple[int, object, object]]:
    from gate.engine.lines import score_lines

    return [(r.line, r.outcome, r.found) for r in score_lines(list(read_lines(RUN_13, str(RUN_13), ProblemCollector())), context)]


def test_the_context_sent_to_dask_needs_no_set_file(tmp_path: Path) -> None:
    set_path = tmp_path / "set.jsonl"
    set_path.write_bytes(SET_12.read_bytes())
    context = _context(set_path)
    expected = _scored(context)
    sent = pickle.dumps(dist.carried_context(context))
    set_path.rename(tmp_path / "moved.jsonl")  # as on a worker that cannot see the set
    received = pickle.loads(sent)
    assert received.questions._index._held_lines is not None and received.questions._index._fd is None
    assert _scored(received) == expected
    assert sum(1 for _, outcome, _ in expected if outcome is not None) == 8  # every question of the set answered
    ids = [json.loads(line)["question_id"] for line in SET_12.read_text("utf-8").splitlines()[1:]]
    assert [received.questions[q] for q in ids] == [(i, context.questions[q][1]) for i, q in enumerate(ids)]
    with pytest.raises(FileNotFoundError):  # what was sent before: the index reads the file
        _scored(pickle.loads(pickle.dumps(context)))
